"""Scored postings: each term's documents and BM25F scores, read once per search session, and the queries built
of terms (Or, And, AndMaybe) evaluated over them as dictionaries of document number → score.

Whoosh reads and scores the postings (its reader, its BM25F scorer).  Combining them here instead of through
Whoosh's trees of union and intersection matchers costs a dictionary operation per posting instead of several
matcher calls per document, and a term that the all-parts check, the strict query and the bag share is read
once.  A query of another kind (a phrase) is read through Whoosh's own matcher.  The scores are Whoosh's: an Or
adds the scores of the children a document matches, an And adds its children's, AndMaybe adds the optional
part's where it matches, and a boost multiplies.  Document numbers are the whole index's (segment offsets
added); the terms added up may be added in another order than Whoosh's matcher trees add them, which can move
a score in its last bits, never a ranking.
"""

from __future__ import annotations

from typing import Any, Iterable

from judge.search.whoosh_api import query as wq

Scores = dict[int, float]


class Postings:
    """The scored postings of one searcher (all its segments), each term read on first use."""

    def __init__(self, searcher: Any) -> None:
        self._leaves = list(searcher.leaf_searchers())
        self._context = searcher.context()  # the searcher's weighting, as its collector would pass it
        self._terms: dict[tuple[str, str], Scores] = {}

    def term(self, field: str, text: str) -> Scores:
        """The documents with ``text`` in ``field`` and their scores (boost 1)."""
        key = (field, text)
        if key not in self._terms:
            self._terms[key] = self._read(wq.Term(field, text))
        return self._terms[key]

    def scores(self, q: wq.Query) -> Scores:
        """Every document ``q`` matches, with its score."""
        if isinstance(q, wq.Term):
            out = self.term(q.fieldname, q.text)
        elif isinstance(q, wq.AndMaybe):
            required, optional = self.scores(q.a), self.scores(q.b)
            out = {d: s + optional[d] if d in optional else s for d, s in required.items()}
        elif isinstance(q, wq.Or):
            out = union(self.scores(sub) for sub in q.subqueries)
        elif isinstance(q, wq.And):
            out = intersection([self.scores(sub) for sub in q.subqueries])
        elif isinstance(q, wq.Phrase) and not self._may_match(q):
            return {}
        else:
            return self._read(q)  # Whoosh's matcher applies the boost
        return _boosted(out, q.boost)

    def scores_at(self, q: wq.Query, docs: list[int]) -> Scores:
        """The scores of those of the (ascending) ``docs`` that ``q`` matches: a term not read yet is skipped to
        each of them, so a common character is not scored at every document it occurs in."""
        if isinstance(q, wq.Or):
            return _boosted(union(self.scores_at(sub, docs) for sub in q.subqueries), q.boost)
        if isinstance(q, wq.Term) and (q.fieldname, q.text) in self._terms:
            read = self._terms[(q.fieldname, q.text)]
            return _boosted({d: read[d] for d in docs if d in read}, q.boost)
        if not isinstance(q, (wq.Term, wq.Phrase)):  # a compound query: read whole (AndMaybe's matcher mis-scores after skip_to)
            whole = self.scores(q)
            return {d: whole[d] for d in docs if d in whole}
        if isinstance(q, wq.Phrase) and not self._may_match(q):
            return {}
        out = {}
        for sub, offset in self._leaves:
            m = q.matcher(sub, self._context)
            for doc in docs:
                local = doc - offset
                if local < 0:
                    continue
                if not m.is_active():
                    break
                if m.id() < local:
                    m.skip_to(local)
                if m.is_active() and m.id() == local:
                    out[doc] = m.score()
        return out

    def term_with_positions(self, field: str, text: str) -> tuple[Scores, list[list[int]]]:
        """The scores of :meth:`term` and each document's positions of ``text``, read in one pass (the site's export)."""
        out: Scores = {}
        positions: list[list[int]] = []
        for sub, offset in self._leaves:
            m = wq.Term(field, text).matcher(sub, self._context)
            while m.is_active():
                out[m.id() + offset] = m.score()
                positions.append(list(m.value_as("positions")))
                m.next()
        return out, positions

    def _may_match(self, q: wq.Phrase) -> bool:
        """Does some document have every word of the phrase (a phrase's matcher costs a term matcher per word)?"""
        return bool(intersection([self.term(q.fieldname, w) for w in q.words]))

    def _read(self, q: wq.Query) -> Scores:
        out: Scores = {}
        for sub, offset in self._leaves:
            m = q.matcher(sub, self._context)
            while m.is_active():
                out[m.id() + offset] = m.score()
                m.next()
        return out


def _boosted(scores: Scores, boost: float) -> Scores:
    """``scores`` times a query's boost (as Whoosh's wrapping matcher multiplies them)."""
    return scores if boost == 1.0 else {d: s * boost for d, s in scores.items()}


def union(parts: Iterable[Scores]) -> Scores:
    """Each document of any part, with the sum of its scores in the parts that have it."""
    out: Scores = {}
    for part in parts:
        for doc, score in part.items():
            out[doc] = out[doc] + score if doc in out else score
    return out


def intersection(parts: list[Scores]) -> Scores:
    """The documents every part has, with the sum of their scores (in the parts' order)."""
    if not parts:
        return {}
    common = set(min(parts, key=len))
    for part in parts:
        common.intersection_update(part)
    return {doc: sum(part[doc] for part in parts) for doc in sorted(common)}
