"""Building the search index: the schema, one document per rule and FAQ entry, batches of segments.

Documents are written in batches of :data:`BATCH_DOCS`, one index segment each, from rules read
one at a time (``judge.corpus.cache.stream_rules``), so building a large corpus needs memory for
a few batches, not for the whole corpus; a corpus of more than one batch is written by a pool of
processes, one segment per batch.  This uses two private methods of Whoosh's ``SegmentWriter``
(``_finalize_segment``, ``_commit_toc``), the ones its own multiprocessing writer uses: the
pinned whoosh-reloaded 2.7.5 keeps them.  The folder also gets ``query.json``
(:data:`judge.search.index.QUERY_DATA`): the glossary and question words compiled for the query
side, and the games in their display order.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import threading
from collections import deque
from pathlib import Path
from typing import Any, Iterator

from judge.corpus.model import Rule
from judge.corpus.store import GAMES, Corpus
from judge.corpus.titles import TitleOf, heading_title, inherited_title, titles_of
from judge.datafile import DataError
from judge.faq.model import FaqEntry
from judge.locale.folding import fold, needs_converter
from judge.search.analysis import Codec, analyzer
from judge.search.concepts import Glossary
from judge.search.index import QUERY_DATA, Source
from judge.search.whoosh_api import FileStorage, fields, index as windex

BATCH_DOCS = 2000  # documents per index segment: a writer holds one batch's postings in memory
LIMIT_MB = 256  # a batch's postings beyond this go to temporary files (never, at BATCH_DOCS)
WORKERS = max(1, min(os.cpu_count() or 1, 4))  # processes writing segments of a large corpus


def schema() -> fields.Schema:
    """Stored ids and titles for display; analysed text (own heading + rule text, or a FAQ entry's
    question and answer), examples and commentary (a FAQ entry's explanation) with positions; the
    heading of the section a rule is in (when it has no heading of its own); the concepts a rule defines (``game/concept``);
    the glossary spellings its text and its examples (a FAQ entry's explanation) contain; the displayed texts folded (``_folds``)."""
    return fields.Schema(
        key=fields.ID(stored=True, unique=True),
        kind=fields.ID(stored=True),  # "rule" or "faq"
        game=fields.ID(stored=True),
        id=fields.ID(stored=True),
        label=fields.STORED(),
        title=fields.STORED(),
        folded=fields.STORED(),  # the stored text, examples and title folded, where that needs OpenCC (see _folds)
        text=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        examples=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        commentary=fields.TEXT(analyzer=analyzer(), phrase=True),  # shown as part of the stored text
        heading=fields.TEXT(analyzer=analyzer(), phrase=False),
        concepts=fields.KEYWORD(),
        terms=fields.KEYWORD(scorable=True),
        eterms=fields.KEYWORD(scorable=True),
    )


class Spellings:
    """The glossary's folded spellings, found in a text by their first character."""

    def __init__(self, spellings: list[str]) -> None:
        self.by_first: dict[str, list[str]] = {}
        for s in spellings:
            if s:
                self.by_first.setdefault(s[0], []).append(s)

    def occurrences(self, title: str, body: str) -> str:
        """Every glossary spelling in the rule, once per occurrence, for the ``terms`` field.

        Occurrences overlap freely (持续性影响 also counts 影响), so a spelling's count equals what a
        phrase search for it would find; concept queries then read one short posting list per spelling.
        """
        t, b = fold(title).lower(), fold(body).lower()
        out: list[str] = []
        for c in sorted(set(t) | set(b)):
            for s in self.by_first.get(c, ()):
                out += [s.replace(" ", "_")] * (t.count(s) + b.count(s))
        return " ".join(out)


def _rule_document(rule: Rule, title_of: TitleOf, defines: dict[tuple[str, str], list[str]], spellings: Spellings) -> dict[str, Any]:
    examples = "\n".join("\n".join([e.text, *(f"{c.name}\n{c.text}" for c in e.cards)]) for e in rule.examples)
    title = heading_title(rule, title_of)
    label = inherited_title(rule, title_of)
    return {
        "key": f"{rule.game}:{rule.id}",
        "kind": "rule",
        "game": rule.game,
        "id": rule.id,
        "label": label,
        "title": title,
        "text": f"{title}\n{rule.text}" if title else rule.text,
        "_stored_text": rule.text,
        "folded": _folds(rule.text, examples, title),
        "examples": examples,
        "heading": label if label != title else "",
        "concepts": " ".join(f"{rule.game}/{c}" for c in defines.get((rule.game, rule.id), [])),
        "terms": spellings.occurrences(title, rule.text),
        "eterms": spellings.occurrences("", examples),
    }


def _folds(*texts: str) -> tuple[str | None, ...]:
    """Each of the stored texts a snippet is cut from (text, examples, title) folded, where folding it needs OpenCC
    and keeps its length (the snippet's positions are then the same): a hit in Traditional text is shown without
    loading OpenCC at query time.  None for text that is its own conversion (known without OpenCC) and where
    folding changes the length (folded at query time)."""
    out: list[str | None] = []
    for text in texts:
        folded = fold(text) if needs_converter(text) else None
        out.append(folded if folded is not None and len(folded) == len(text) else None)
    return tuple(out)


def _defines(glossary: Glossary) -> dict[tuple[str, str], list[str]]:
    defines: dict[tuple[str, str], list[str]] = {}
    for c in glossary.concepts:
        for game, ids in c.rules.items():
            for rid in ids:
                defines.setdefault((game, rid), []).append(c.id)
    return defines


def rule_documents(corpus: Corpus, glossary: Glossary) -> Iterator[dict[str, Any]]:
    """One Whoosh document per rule of an in-memory corpus."""
    defines, spellings = _defines(glossary), Spellings(glossary.spellings())
    for r in corpus.all_rules():
        yield _rule_document(r, titles_of(corpus, r.game), defines, spellings)


def streamed_rule_documents(source: Source, glossary: Glossary) -> Iterator[dict[str, Any]]:
    """One Whoosh document per rule, read from the corpus files one rule at a time.

    Titles are inherited from ancestors read earlier (the corpus writer puts a parent before its
    children); only ids, titles and parents are kept across rules.
    """
    from judge.corpus.cache import stream_rules

    defines, spellings = _defines(glossary), Spellings(glossary.spellings())
    for path in source.corpus_files():
        titles: dict[str, tuple[str | None, str | None]] = {}
        for i, d in enumerate(stream_rules(path)):
            try:
                rule = Rule.from_dict(d)
            except (KeyError, TypeError, ValueError, AttributeError) as e:
                raise DataError(f"{path}: rules[{i}] is not a valid rule (missing or wrong field: {e})") from e
            titles[rule.id] = (rule.title, rule.parent)
            yield _rule_document(rule, titles.get, defines, spellings)


def faq_documents(entries: list[FaqEntry], glossary: Glossary) -> Iterator[dict[str, Any]]:
    """One Whoosh document per FAQ entry (key ``faq:<id>``): the question and answer searched as a rule's text, the
    explanation as commentary, weighed as examples are (a long explanation touches many of a question's words)."""
    spellings = Spellings(glossary.spellings())
    for e in entries:
        label = f"FAQ {e.set}" + (f" ({e.set_en})" if e.set_en else "")
        yield {
            "key": f"faq:{e.id}",
            "kind": "faq",
            "game": e.game,
            "id": e.id,
            "label": label,
            "title": e.question,
            "text": "\n".join([e.question, e.answer]),
            "_stored_text": e.text,
            "folded": _folds(e.text, "", e.question),
            "examples": "",
            "commentary": "\n".join(e.explanation),
            "heading": "",
            "concepts": "",
            "terms": spellings.occurrences("", "\n".join([e.question, e.answer])),
            "eterms": spellings.occurrences("", "\n".join(e.explanation)),
        }


def documents(source: Source, glossary: Glossary) -> Iterator[dict[str, Any]]:
    """Every document of the index: the rules, then the FAQ entries."""
    if source.corpus is not None:
        yield from rule_documents(source.corpus, glossary)
    else:
        yield from streamed_rule_documents(source, glossary)
    yield from faq_documents(source.load_faq(), glossary)


def _write_segment(dest: str, docs: list[dict[str, Any]]) -> Any:
    """Index one batch of documents as a new segment of the index in ``dest`` and return the segment
    (not yet in the index's table of contents).  Runs in a worker process for large corpora."""
    from whoosh.writing import SegmentWriter

    # compound: one file per segment, which judge.search.mapped maps into memory, so each term lookup reads a
    # slice of memory instead of seeking and reading a file
    writer = SegmentWriter(FileStorage(dest).open_index(), _lk=False, limitmb=LIMIT_MB, compound=True, codec=Codec())
    try:
        for doc in docs:
            writer.add_document(**doc)
        return writer._finalize_segment()
    except BaseException:
        writer.cancel()
        raise


def _segments(dest: Path, batches: Iterator[list[dict[str, Any]]], workers: int) -> Iterator[Any]:
    """The segment of each batch, in order: written in this process when there is one batch (or one
    worker), else by a pool of ``workers`` forked processes with at most two batches each waiting.

    Only a single-threaded process forks (forking with threads can deadlock a child); the other
    start methods would re-import the caller's main module in every worker, which a script
    without a ``__main__`` guard does not survive (and a pool whose workers die at start hangs).
    """
    head = list(itertools.islice(batches, 2))
    forkable = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    if len(head) < 2 or workers < 2 or not forkable:
        for batch in itertools.chain(head, batches):
            yield _write_segment(str(dest), batch)
        return
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        pending: deque[Any] = deque()
        for batch in itertools.chain(head, batches):
            pending.append(pool.apply_async(_write_segment, (str(dest), batch)))
            if len(pending) >= 2 * workers:
                yield pending.popleft().get()
        while pending:
            yield pending.popleft().get()


def build_index(source: Source, dest: Path, workers: int | None = None) -> int:
    """Write a complete index of ``source`` into the empty folder ``dest``; return the document count.

    Documents go in batches of :data:`BATCH_DOCS`, each written as its own segment (by up to
    ``workers`` processes, default :data:`WORKERS`); the segments are then listed in the index's
    table of contents in document order.
    """
    glossary = source.load_glossary()
    question_words = source.load_question_words()
    english_words = source.load_english_words()
    everyday_words = source.load_everyday_words()
    ix = windex.create_in(str(dest), schema())
    counts = {"docs": 0}
    games: set[str] = set()

    def batches() -> Iterator[list[dict[str, Any]]]:
        docs = documents(source, glossary)
        while batch := list(itertools.islice(docs, BATCH_DOCS)):
            counts["docs"] += len(batch)
            games.update(d["game"] for d in batch)
            yield batch

    segments = list(_segments(dest, batches(), WORKERS if workers is None else workers))
    writer = ix.writer()
    writer._close_segment()  # the table of contents is all this writer writes
    writer._commit_toc(segments)
    writer._finish()
    data = {
        "games": [g for g in GAMES if g in games] + sorted(games - set(GAMES)),
        "glossary": glossary.to_data(),
        "question_words": question_words.to_data(),
        "english_words": english_words.to_data(),
        "everyday_words": everyday_words.to_data(),
    }
    (dest / QUERY_DATA).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return counts["docs"]
