"""The bag's ranking: the parts a document shares with the query, with coordination.

Each document's score is the sum of the BM25F scores of the parts it matches, plus those of the ``support``
parts it matches, times the share of the query's parts it matches (parts that occur nowhere in the index are
not counted) raised to ``exponent``: a rule with four of the question's five words outranks one with two rarer
words.  ``support`` parts (single characters of longer words, words side by side as typed) add to the score of a
document that matches some part, but never bring in a document by themselves.  Whoosh's own coordination
(``Or(scale=…)``) counts leaf terms, not parts, so a concept with several spellings would count several times.
"""

from __future__ import annotations

from collections import Counter

from judge.search.postings import Postings, Scores, union
from judge.search.whoosh_api import query as wq


def coordinated(postings: Postings, parts: list[wq.Query], support: list[wq.Query], exponent: float) -> Scores:
    """Each document some part matches, with its score as the module docstring says."""
    matched = [postings.scores(q) for q in parts]
    live = sum(1 for part in matched if part)  # parts occurring in the index
    scores = union(matched)
    counts = Counter(doc for part in matched for doc in part)
    docs = sorted(scores)
    for q in support:  # scored only at the documents some part brought in
        for doc, score in postings.scores_at(q, docs).items():
            scores[doc] += score
    return {doc: scores[doc] * (counts[doc] / live) ** exponent for doc in docs}
