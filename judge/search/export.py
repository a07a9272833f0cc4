"""The search index as data for a page: the site's script ranks with it exactly as ``judge search`` does.

Whoosh scores each term's postings (its BM25F over the same index the CLI opens); what a page needs to rank a query
the same way is then data: every term of every searched field with its documents and their scores, the positions of
the full-text fields' terms (for phrases), the glossary and question words compiled for the query side, the
ranking's constants, and each document's stored fields.  ``templates/search_engine.js`` runs
:mod:`judge.search.query`'s steps over it; a browser test checks that both rank alike.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from judge.datafile import DataError, atomic_write
from judge.locale.folding import fold
from judge.search import query as q
from judge.search.homophones import BOUND, LONGEST, by_reading
from judge.search.index import Source
from judge.search.question import SINGLE_WEIGHT

SCORED_FIELDS = ("text", "examples", "commentary", "heading", "terms", "eterms", "concepts")
POSITION_FIELDS = ("text", "examples", "commentary")  # the fields phrases are searched in (query.Builder.phrase)
EXPORT_FILE = "export.json"  # in the index folder: its documents, scores and positions as data, kept on first export


def constants() -> dict[str, Any]:
    """The ranking's constants, read from the query module (one home for each number)."""
    return {
        "field_boosts": [[name, boost] for name, boost in q.FIELD_BOOSTS.items()],
        "concept_boost": q.CONCEPT_BOOST, "expansion_weight": q.EXPANSION_WEIGHT, "unigram_weight": q.UNIGRAM_WEIGHT,
        "pair_weight": q.PAIR_WEIGHT, "few": q.FEW, "coord_exponent": q.COORD_EXPONENT, "other_game": q.OTHER_GAME, "faq_weight": q.FAQ_WEIGHT,
        "heading_concept_weight": q.HEADING_CONCEPT_WEIGHT, "single_weight": SINGLE_WEIGHT, "homophone_bound": BOUND, "homophone_longest": LONGEST,
        "negation_weight": q.NEGATION_WEIGHT, "negation_slop": q.NEGATION_SLOP,
    }


def export(source: Source, url: Callable[[str, str, str], str | None]) -> dict[str, Any]:
    """Everything the page's search needs (see the module docstring); ``url(kind, game, id)`` links a document.

    The documents and every term's scores and positions are read from the index once and kept in its folder
    (:data:`EXPORT_FILE`, keyed by the weighting): a site built again reads them back in milliseconds."""
    session = q.SearchSession(source)
    try:
        postings = _cached_postings(session)
        glossary = session.glossary
        data = glossary.to_data()
        terms = {t for c in glossary.concepts for t in c.all_terms()}
        out = {
            **postings,
            "games": session.games(),
            "glossary": {"concepts": data["concepts"], "keys": [[k, cid] for k, cid in data["keys"].items()],
                         "folds": {t: glossary.folded(t) for t in sorted(terms)}},
            "question_words": session.words.to_data(),
            "english_words": session.english.to_data(),
            "everyday_words": session.everyday.to_data(),
            "homophones": [[r, chars] for r, chars in sorted(by_reading().items())],
            "constants": constants(),
        }
    finally:
        session.close()
    for entry in out["docs"]:
        entry["u"] = url(entry["n"], entry["g"], entry["i"]) or ""
    return out


def _weighting() -> list[float]:
    return [q.BM25_B, q.BM25_K1, q.TERMS_B]


def _cached_postings(session: q.SearchSession) -> dict[str, Any]:
    """The documents, scores and positions of the session's index: from its folder when kept there for this
    weighting, else read (:func:`_postings`) and kept (a folder that cannot be written is read again next time)."""
    path = session.index.path / EXPORT_FILE
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(kept, dict) and kept.get("weighting") == _weighting():
            return {k: kept[k] for k in ("docs", "fields", "positions")}
    except (OSError, ValueError, KeyError):
        pass
    text = json.dumps({"weighting": _weighting(), **_postings(session)}, ensure_ascii=False)
    try:
        atomic_write(path, text)
    except DataError:
        pass
    read = json.loads(text)  # the same values a later export reads back from the file
    return {k: read[k] for k in ("docs", "fields", "positions")}


def _postings(session: q.SearchSession) -> dict[str, Any]:
    """Each document's stored fields, and every term of every scored field with its documents' scores (and, in the
    full-text fields, their positions)."""
    searcher = session._searcher
    reader = searcher.reader()
    docs = []
    for n in range(session._docs):
        f = searcher.stored_fields(n)
        text = "\n".join(t for t in (f.get("text") or "", f.get("examples") or "") if t)
        kind = f.get("kind") or "rule"
        title = f.get("title") if kind == "faq" else f.get("label")  # a rule's heading as the CLI shows it, an entry's question
        entry = {"k": f["key"], "g": f["game"], "i": f["id"], "n": kind, "t": title or "", "x": text}
        folded = fold(text).lower()
        if folded != text.lower():
            entry["f"] = folded
        docs.append(entry)
    fields: dict[str, dict[str, list[float]]] = {}
    positions: dict[str, dict[str, list[list[int]]]] = {}
    for name in SCORED_FIELDS:
        fields[name] = {}
        if name in POSITION_FIELDS:
            positions[name] = {}
        for token in sorted(reader.field_terms(name)):
            if name in POSITION_FIELDS:
                scores, positions[name][token] = session._postings.term_with_positions(name, token)
            else:
                scores = session._postings.term(name, token)
            fields[name][token] = [x for doc in sorted(scores) for x in (doc, scores[doc])]
    return {"docs": docs, "fields": fields, "positions": positions}
