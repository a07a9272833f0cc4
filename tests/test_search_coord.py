"""The bag's coordination (judge.search.coord.coordinated): each document's BM25F score over the parts it
matches, times (parts it matches / parts occurring in the index) squared, as its docstring defines; and the
scored postings it is computed over (judge.search.postings) agree with Whoosh's own matchers."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.search.coord import coordinated
from judge.search.index import Source
from judge.search.postings import Postings
from judge.search.query import SearchSession
from judge.search.whoosh_api import query as wq
from search_fixtures import cache, write_rules  # noqa: F401  (pytest fixture)

RULES = [("700.1", "甲乙丙丁"), ("700.2", "甲乙戊"), ("700.3", "丙丁己"), ("700.4", "甲乙丙丁甲乙"), ("700.5", "戊己庚")]


def whoosh_scores(session: SearchSession, q: wq.Query) -> dict[str, float]:
    """Whoosh's own search: its matchers and collector."""
    return {hit["id"]: hit.score for hit in session._searcher.search(q, limit=None)}


def by_id(session: SearchSession, scores: dict[int, float]) -> dict[str, float]:
    return {session._searcher.stored_fields(doc)["id"]: score for doc, score in scores.items()}


def test_share_of_parts_counts_only_parts_the_index_has(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", RULES[:3])
    with SearchSession(Source(root)) as session:
        jia, bing = wq.Term("text", "甲乙"), wq.Term("text", "丙丁")
        a, b = whoosh_scores(session, jia), whoosh_scores(session, bing)
        both = by_id(session, coordinated(Postings(session._searcher), [jia, bing], [], 2.0))
        # 700.1 has both parts (share 1); 700.2 and 700.3 one of two (share 1/2, squared)
        assert both == pytest.approx({"700.1": a["700.1"] + b["700.1"], "700.2": a["700.2"] * 0.25, "700.3": b["700.3"] * 0.25})
        # a part no document has (庚辛) does not count among the parts
        three = by_id(session, coordinated(Postings(session._searcher), [jia, bing, wq.Term("text", "庚辛")], [], 2.0))
        assert three == both


def test_support_adds_only_to_documents_a_part_brought_in(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", RULES)
    with SearchSession(Source(root)) as session:
        jia, wu = wq.Term("text", "甲乙"), wq.Term("text", "戊", boost=0.3)
        a, w = whoosh_scores(session, jia), whoosh_scores(session, wu)
        got = by_id(session, coordinated(Postings(session._searcher), [jia], [wu], 2.0))
        # 700.5 has 戊 but no part: not brought in; 700.2 has both; the one part is the whole share
        assert set(got) == {"700.1", "700.2", "700.4"}
        assert got["700.2"] == pytest.approx(a["700.2"] + w["700.2"])
        assert got["700.1"] == pytest.approx(a["700.1"])


@pytest.mark.parametrize("q", [
    wq.Or([wq.Term("text", "甲乙"), wq.Term("text", "丙丁", boost=0.4), wq.Term("text", "戊")], boost=2.0),
    wq.And([wq.Term("text", "甲乙"), wq.Term("text", "丙丁")], boost=0.5),
    wq.AndMaybe(wq.Term("text", "甲乙"), wq.Term("text", "丙丁")),
    wq.Or([wq.Phrase("text", ["甲乙", "乙丙"]), wq.And([wq.Term("text", "戊"), wq.Term("text", "己")])]),
    wq.Phrase("text", ["乙丙", "甲乙"]),  # words that never stand in this order: no document
])
def test_postings_give_whoosh_s_own_documents_and_scores(q: wq.Query, tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", RULES)
    with SearchSession(Source(root)) as session:
        postings = Postings(session._searcher)
        expected = whoosh_scores(session, q)
        assert by_id(session, postings.scores(q)) == pytest.approx(expected)
        every = list(range(session._searcher.doc_count_all()))
        assert by_id(session, Postings(session._searcher).scores_at(q, every)) == pytest.approx(expected)  # nothing read yet
        assert by_id(session, postings.scores_at(q, every)) == pytest.approx(expected)  # the terms read above
