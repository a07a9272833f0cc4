"""A Whoosh query that ranks by the parts a document shares with the query (a bag with coordination).

Each document's score is the sum of the BM25F scores of the parts it matches, times the share of
the query's parts it matches (parts that occur nowhere in the index are not counted; the count is
over the whole index, not per segment) raised to ``exponent``: a rule with four of the
question's five words outranks one with two rarer words.
``support`` parts (single characters of longer words) add to the score of a document that
matches some part, but never bring in a document by themselves.  Whoosh's own coordination
(``Or(scale=…)``) counts leaf terms, not parts, so a concept with several spellings would count
several times.
"""

from __future__ import annotations

from typing import Any

from judge.search.whoosh_api import matching, query as wq


class CoordOr(wq.Or):
    """Documents matching any part, scored as the module docstring says."""

    def __init__(self, parts: list[wq.Query], support: list[wq.Query] | None = None, exponent: float = 2.0) -> None:
        super().__init__(parts)
        self.support = list(support or [])
        self.exponent = exponent
        self._live: tuple[Any, int] | None = None  # (top-level searcher, parts occurring in it)

    def _parts_in_index(self, searcher: Any, context: Any) -> int:
        """How many parts match some document of the whole index (all its segments)."""
        top = searcher.get_parent() if searcher.has_parent() else searcher
        if self._live is None or self._live[0] is not top:
            leaves = [s for s, _ in top.leaf_searchers()]
            live = sum(any(q.matcher(s, context).is_active() for s in leaves) for q in self.subqueries)
            self._live = (top, live)
        return self._live[1]

    def normalize(self) -> "CoordOr":
        return CoordOr([q.normalize() for q in self.subqueries], [q.normalize() for q in self.support], self.exponent)

    def matcher(self, searcher: Any, context: Any = None) -> Any:
        scores: dict[int, float] = {}
        counts: dict[int, int] = {}
        occurring = 0  # parts matching some document of this searcher
        for q in self.subqueries:
            part = _part_scores(q, searcher, context)
            occurring += bool(part)
            for doc, score in part.items():
                scores[doc] = scores.get(doc, 0.0) + score
                counts[doc] = counts.get(doc, 0) + 1
        if not scores:
            return matching.NullMatcher()
        # an index of one segment: this searcher is the whole index, and its count is the one wanted
        live = occurring if searcher.is_atomic() and not searcher.has_parent() else self._parts_in_index(searcher, context)
        ids = sorted(scores)
        for q in self.support:  # visit only the documents some part brought in
            m = q.matcher(searcher, context)
            for doc in ids:
                if not m.is_active():
                    break
                if m.id() < doc:
                    m.skip_to(doc)
                if m.is_active() and m.id() == doc:
                    scores[doc] += m.score()
        return matching.ListMatcher(ids, weights=[scores[d] * (counts[d] / live) ** self.exponent for d in ids])


def _part_scores(q: Any, searcher: Any, context: Any) -> dict[int, float]:
    """Each document a part matches, with its score. A part that is an Or of terms (a word in several fields, a
    concept's spellings) is read term by term and the scores added as Whoosh's tree of union matchers adds them
    (``a + (b + c)``), which gives the same figures without walking the tree posting by posting."""
    if isinstance(q, wq.Or) and q.boost == 1.0 and all(isinstance(t, wq.Term) for t in q.subqueries):
        return _union([_postings(t.matcher(searcher, context)) for t in q.subqueries])
    return _postings(q.matcher(searcher, context))


def _postings(m: Any) -> dict[int, float]:
    out: dict[int, float] = {}
    while m.is_active():
        out[m.id()] = m.score()
        m.next()
    return out


def _union(leaves: list[dict[int, float]]) -> dict[int, float]:
    """Whoosh's ``make_binary_tree`` of union matchers: halves, the first half's score first."""
    if len(leaves) == 1:
        return leaves[0]
    a, b = _union(leaves[: len(leaves) // 2]), _union(leaves[len(leaves) // 2 :])
    out = dict(a)
    for doc, score in b.items():
        out[doc] = out[doc] + score if doc in out else score
    return out
