"""The bag's coordination (judge.search.coord.CoordOr): each document's BM25F score over the parts it
matches, times (parts it matches / parts occurring in the index) squared, as its docstring defines."""

from __future__ import annotations

from pathlib import Path

from judge.search.coord import CoordOr
from judge.search.index import Source
from judge.search.query import SearchSession
from judge.search.whoosh_api import query as wq
from search_fixtures import cache, write_rules  # noqa: F401  (pytest fixture)


def scores(session: SearchSession, q: wq.Query) -> dict[str, float]:
    return {hit["id"]: hit.score for hit in session._searcher.search(q, limit=None)}


def test_share_of_parts_counts_only_parts_the_index_has(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", [("700.1", "甲乙丙丁"), ("700.2", "甲乙戊"), ("700.3", "丙丁己")])
    with SearchSession(Source(root)) as session:
        jia, bing = wq.Term("text", "甲乙"), wq.Term("text", "丙丁")
        alone = {**{f"a{k}": v for k, v in scores(session, jia).items()}, **{f"b{k}": v for k, v in scores(session, bing).items()}}
        both = scores(session, CoordOr([jia, bing]))
        # 700.1 has both parts (share 1); 700.2 and 700.3 one of two (share 1/2, squared)
        assert both == {"700.1": alone["a700.1"] + alone["b700.1"], "700.2": alone["a700.2"] * 0.25,
                        "700.3": alone["b700.3"] * 0.25}
        # a part no document has (庚辛) does not count among the parts
        assert scores(session, CoordOr([jia, bing, wq.Term("text", "庚辛")])) == both
