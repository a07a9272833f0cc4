"""The Whoosh index of the corpus: schema, building, and its cache life cycle.

Indexes live in ``<cache>/search/`` where ``<cache>`` is ``$JUDGE_CACHE_DIR`` or the per-user
cache folder (``platformdirs.user_cache_dir("judge")``).  An index is keyed by a hash of the
corpus files, the FAQ, the glossary, the question words and :data:`ANALYSIS_VERSION`; the hash
is computed when the index is built and remembered against the files' sizes, times and inodes
(``keys.json``), so a query stats the files instead of hashing them.  ``<key>.current`` names
the live index folder, which also holds ``query.json``: the glossary and question words
compiled for the query side, so a query reads neither YAML nor the glossary's source.  A build writes into a fresh temporary folder, renames it into place and then
atomically replaces the pointer, so readers that already opened an older folder keep
answering; unreferenced folders are removed only after a grace period.  A missing, stale or
unreadable index is rebuilt on first use.

Documents are written in batches of :data:`BATCH_DOCS`, one index segment each, from rules
read one at a time (``judge.corpus.cache.stream_rules``), so building a large corpus needs
memory for one batch, not for the whole corpus.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import itertools
import json
import os
import shutil
import tempfile
import time
import uuid
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from judge import paths
from judge.corpus.model import Rule
from judge.corpus.store import Corpus, game_file, game_ids
from judge.datafile import DataError
from judge.faq.model import FaqEntry, faq_dir, load_faq
from judge.search.analysis import ANALYSIS_VERSION, analyzer
from judge.search.folding import fold
from judge.search.glossary import Glossary, glossary_path, load_glossary
from judge.search.question import QUESTION_WORDS_PATH, QuestionWords
from judge.search.whoosh_api import VERSION as WHOOSH_VERSION, FileStorage, fields, index as windex

CACHE_ENV = paths.CACHE_ENV
GRACE_SECONDS = 600  # an unreferenced index folder is deleted only when older than this
STALE_POINTER_SECONDS = 14 * 24 * 3600
INDEX_PREFIX = "ix-"
TEMP_PREFIX = ".tmp-"
POINTER_SUFFIX = ".current"
TEXT_FIELDS = ("text", "examples")
QUERY_DATA = "query.json"  # in the index folder: what the query side needs, compiled at build time
KEYS_MEMO = "keys.json"  # in the cache folder: file signatures -> index key
KEYS_MEMO_MAX = 64
RACY_SECONDS = 2.0  # a file changed this recently is hashed, not trusted by its signature
BATCH_DOCS = 2000  # documents per index segment: the writer holds one batch's postings in memory


def schema() -> fields.Schema:
    """Stored ids and titles for display; analysed text (own heading + rule text, or a FAQ entry's
    question, answer and explanation) and examples with positions; the heading of the section a
    rule is in (when it has no heading of its own); the concepts a rule defines (``game/concept``);
    the glossary spellings its text and its examples contain."""
    return fields.Schema(
        key=fields.ID(stored=True, unique=True),
        kind=fields.ID(stored=True),  # "rule" or "faq"
        game=fields.ID(stored=True),
        id=fields.ID(stored=True),
        label=fields.STORED(),
        title=fields.STORED(),
        text=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        examples=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        heading=fields.TEXT(analyzer=analyzer(), phrase=False),
        concepts=fields.KEYWORD(),
        terms=fields.KEYWORD(scorable=True),
        eterms=fields.KEYWORD(scorable=True),
    )


@dataclass(frozen=True)
class Source:
    """What an index is built from: a corpus folder (default: the bundled one) or a loaded corpus."""

    corpus_root: Path | None = None
    corpus: Corpus | None = None
    glossary_file: Path | None = None
    question_words_file: Path = QUESTION_WORDS_PATH

    def glossary_path(self) -> Path:
        return self.glossary_file or glossary_path(self.corpus_root)

    def corpus_files(self) -> list[Path]:
        """The parsed ``<game>.yaml`` files (none for an in-memory corpus)."""
        if self.corpus is not None:
            return []
        return [game_file(g, self.corpus_root) for g in game_ids(self.corpus_root)]

    def load_glossary(self) -> Glossary:
        return load_glossary(self.glossary_path())

    def load_question_words(self) -> QuestionWords:
        return QuestionWords.from_yaml(self.question_words_file)

    def faq_files(self) -> list[Path]:
        """The parsed FAQ files indexed with the corpus (none for an in-memory corpus)."""
        if self.corpus is not None:
            return []
        return sorted(faq_dir(self.corpus_root).glob("*.yaml"))

    def load_faq(self) -> list[FaqEntry]:
        """The FAQ entries indexed with the corpus (none for an in-memory corpus)."""
        return load_faq(self.corpus_root) if self.corpus is None else []


def _corpus_digest(corpus: Corpus) -> str:
    h = hashlib.sha256()
    for r in corpus.all_rules():
        h.update(json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True).encode())
    return h.hexdigest()


def _version() -> bytes:
    return f"analysis={ANALYSIS_VERSION};whoosh={WHOOSH_VERSION}\n".encode()


def _inputs(source: Source) -> list[Path]:
    """Every file the index is built from, in a fixed order (a missing glossary counts as empty)."""
    return [*source.corpus_files(), source.glossary_path(), *source.faq_files(), source.question_words_file]


def index_key(source: Source) -> str:
    """Hash of the corpus (files, or content when given in memory), the FAQ, the glossary, the
    question words and the analysis."""
    h = hashlib.sha256(_version())
    if source.corpus is not None:
        h.update(_corpus_digest(source.corpus).encode())
    for f in _inputs(source):
        h.update(f.name.encode() + b"\0")
        h.update(f.read_bytes() if f.exists() else b"")
    return h.hexdigest()[:32]


def _signature(source: Source) -> str | None:
    """A hash of the input files' paths, sizes, times and inodes; None when it cannot stand in for
    the content (an in-memory corpus, or a file changed within :data:`RACY_SECONDS`)."""
    if source.corpus is not None:
        return None
    h = hashlib.sha256(_version())
    now = time.time()
    for f in _inputs(source):
        try:
            st = f.stat()
        except FileNotFoundError:
            h.update(f"{f}\0missing\n".encode())
            continue
        if now - st.st_mtime < RACY_SECONDS or now - st.st_ctime < RACY_SECONDS:
            return None
        h.update(f"{f.resolve()}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\n".encode())
    return h.hexdigest()[:32]


def _read_memo(root: Path) -> dict[str, str]:
    try:
        memo = json.loads((root / KEYS_MEMO).read_text(encoding="utf-8"))
        return memo if isinstance(memo, dict) else {}
    except (OSError, ValueError):
        return {}


def _remember(root: Path, signature: str, key: str) -> None:
    """Record ``signature -> key`` (atomically; the oldest entries go beyond :data:`KEYS_MEMO_MAX`)."""
    memo = _read_memo(root)
    memo.pop(signature, None)
    memo[signature] = key
    memo = dict(list(memo.items())[-KEYS_MEMO_MAX:])
    try:
        root.mkdir(parents=True, exist_ok=True)
        tmp = root / f".keys-{uuid.uuid4().hex}"
        tmp.write_text(json.dumps(memo), encoding="utf-8")
        os.replace(tmp, root / KEYS_MEMO)
    except OSError:
        pass  # an unwritable cache only costs speed


def current_key(source: Source, root: Path | None = None) -> str:
    """:func:`index_key`, looked up by the files' signature when it was computed before."""
    root = root or cache_dir()
    signature = _signature(source)
    if signature is not None:
        key = _read_memo(root).get(signature)
        if isinstance(key, str):
            return key
    key = index_key(source)
    if signature is not None:
        _remember(root, signature, key)
    return key


def cache_dir() -> Path:
    """``$JUDGE_CACHE_DIR/search`` or the per-user cache's ``search`` folder."""
    return paths.cache_dir() / "search"


TitleOf = Callable[[str], "tuple[str | None, str | None] | None"]  # rule id -> (title, parent id)


def _label(rule: Rule, title_of: TitleOf) -> str:
    current: tuple[str | None, str | None] | None = (rule.title, rule.parent)
    while current is not None:
        title, parent = current
        if title:
            return title
        current = title_of(parent) if parent else None
    return " › ".join(rule.section)


def _own(rule: Rule, title_of: TitleOf) -> str:
    parent = title_of(rule.parent) if rule.parent else None
    if rule.title and (parent is None or parent[0] != rule.title):
        return rule.title
    return "" if rule.title else " › ".join(rule.section)


def _corpus_titles(corpus: Corpus, game: str) -> TitleOf:
    rules = corpus.rules.get(game, {})
    return lambda rid: (r.title, r.parent) if (r := rules.get(rid)) else None


def display_title(corpus: Corpus, rule: Rule) -> str:
    """The rule's own title, else its nearest titled ancestor's, else its section path."""
    return _label(rule, _corpus_titles(corpus, rule.game))


def own_title(corpus: Corpus, rule: Rule) -> str:
    """The heading the rule itself carries (not one inherited from its parent), or its section."""
    return _own(rule, _corpus_titles(corpus, rule.game))


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
    title = _own(rule, title_of)
    label = _label(rule, title_of)
    return {
        "key": f"{rule.game}:{rule.id}",
        "kind": "rule",
        "game": rule.game,
        "id": rule.id,
        "label": label,
        "title": title,
        "text": f"{title}\n{rule.text}" if title else rule.text,
        "_stored_text": rule.text,
        "examples": examples,
        "heading": label if label != title else "",
        "concepts": " ".join(f"{rule.game}/{c}" for c in defines.get((rule.game, rule.id), [])),
        "terms": spellings.occurrences(title, rule.text),
        "eterms": spellings.occurrences("", examples),
    }


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
        yield _rule_document(r, _corpus_titles(corpus, r.game), defines, spellings)


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
    """One Whoosh document per FAQ entry (key ``faq:<id>``): question, answer and explanation."""
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
            "text": e.text,
            "_stored_text": e.text,
            "examples": "",
            "heading": "",
            "concepts": "",
            "terms": spellings.occurrences("", e.text),
            "eterms": "",
        }


def documents(source: Source, glossary: Glossary) -> Iterator[dict[str, Any]]:
    """Every document of the index: the rules, then the FAQ entries."""
    if source.corpus is not None:
        yield from rule_documents(source.corpus, glossary)
    else:
        yield from streamed_rule_documents(source, glossary)
    yield from faq_documents(source.load_faq(), glossary)


def build_index(source: Source, dest: Path) -> int:
    """Write a complete index of ``source`` into the empty folder ``dest``; return the document count.

    Documents go in batches of :data:`BATCH_DOCS`, each committed as its own segment.
    """
    glossary = source.load_glossary()
    question_words = source.load_question_words()
    ix = windex.create_in(str(dest), schema())
    n = 0
    docs = documents(source, glossary)
    while True:
        batch = list(itertools.islice(docs, BATCH_DOCS))
        if not batch:
            break
        writer = ix.writer(limitmb=256)
        try:
            for doc in batch:
                writer.add_document(**doc)
        except BaseException:
            writer.cancel()
            raise
        writer.commit(merge=False)
        n += len(batch)
    data = {"glossary": glossary.to_data(), "question_words": question_words.to_data()}
    (dest / QUERY_DATA).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return n


@dataclass
class OpenIndex:
    """An opened index and where it lives."""

    index: Any  # whoosh.index.FileIndex
    path: Path
    key: str
    data: dict[str, Any]  # query.json: the compiled glossary and question words
    built_seconds: float | None = None  # set when this call built it
    rules: int | None = None


def _pointer(root: Path, key: str) -> Path:
    return root / f"{key}{POINTER_SUFFIX}"


def current_path(root: Path, key: str) -> Path | None:
    """The live index folder for ``key``, if the pointer names an existing folder."""
    try:
        name = _pointer(root, key).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    path = root / name
    return path if name.startswith(INDEX_PREFIX) and path.is_dir() else None


@contextlib.contextmanager
def discarding_broken_readers() -> Iterator[list[bool]]:
    """Silence the unclosed-file warnings Whoosh leaves when it fails on a damaged index.

    The caller appends to the yielded list when it caught a failure; the broken readers are
    then collected while the warnings are still silenced.
    """
    failed: list[bool] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        yield failed
        if failed:
            gc.collect()


def _open(path: Path, key: str) -> OpenIndex:
    data = json.loads((path / QUERY_DATA).read_text(encoding="utf-8"))
    ix = FileStorage(str(path), readonly=True).open_index()
    ix.doc_count()  # reads the table of contents and segment list: fails on garbage
    return OpenIndex(ix, path, key, data)


def _write_pointer(root: Path, key: str, name: str) -> None:
    tmp = root / f".ptr-{uuid.uuid4().hex}"
    tmp.write_text(name, encoding="utf-8")
    os.replace(tmp, _pointer(root, key))


def _prune(root: Path) -> None:
    """Remove index folders no pointer names (after the grace period), old temp folders and pointers."""
    now = time.time()
    live: set[str] = set()
    for p in root.glob(f"*{POINTER_SUFFIX}"):
        try:
            if now - p.stat().st_mtime > STALE_POINTER_SECONDS:
                p.unlink()
                continue
            live.add(p.read_text(encoding="utf-8").strip())
        except OSError:
            continue
    for d in root.iterdir():
        try:
            old = now - d.stat().st_mtime > GRACE_SECONDS
        except OSError:
            continue
        if d.is_dir() and old and (d.name.startswith(TEMP_PREFIX) or (d.name.startswith(INDEX_PREFIX) and d.name not in live)):
            shutil.rmtree(d, ignore_errors=True)


def rebuild(source: Source, root: Path | None = None, key: str | None = None) -> OpenIndex:
    """Build a fresh index into a temp folder, move it into place and point ``<key>.current`` at it."""
    root = root or cache_dir()
    key = key or index_key(source)
    root.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=root))
    try:
        n = build_index(source, tmp)
        final = root / f"{INDEX_PREFIX}{key[:16]}-{uuid.uuid4().hex[:12]}"
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _write_pointer(root, key, final.name)
    _prune(root)
    oi = _open(final, key)
    oi.built_seconds, oi.rules = time.perf_counter() - start, n
    return oi


def open_index(source: Source | None = None, *, force: bool = False) -> OpenIndex:
    """The index of ``source``, built first when missing, stale, unreadable or ``force``d."""
    source = source or Source()
    root = cache_dir()
    key = current_key(source, root)
    tried: set[Path] = set()
    while not force:  # a concurrent rebuild may move the pointer while we open: follow it
        path = current_path(root, key)
        if path is None or path in tried:
            break
        tried.add(path)
        with discarding_broken_readers() as failed:
            try:
                return _open(path, key)
            except Exception:  # any unreadable index is rebuilt below
                failed.append(True)
    return rebuild(source, root, key)
