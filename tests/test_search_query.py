"""Search behaviour on a small fixture corpus: folding, phrases, rule numbers, glossary, fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.corpus.store import UnknownGameError
from judge.search.index import Source
from judge.search.query import QueryError, search
from search_fixtures import cache, corpus_root, write_rules  # noqa: F401  (pytest fixtures)


def keys(result) -> list[str]:
    return [f"{h.game}:{h.id}" for h in result.hits]


def test_traditional_query_finds_simplified_rule(corpus_root: Path) -> None:
    result = search("時間印記", source=Source(corpus_root))
    assert keys(result)[0] == "rise:718.1"
    assert "⟦时间印记⟧" in result.hits[0].snippet  # shown in the rule's own (Simplified) script


def test_simplified_query_finds_traditional_rule_shown_in_traditional(corpus_root: Path) -> None:
    result = search("致命伤害", source=Source(corpus_root))
    assert keys(result) == ["sanguo:418.5c"]
    assert "⟦致命傷害⟧" in result.hits[0].snippet


def test_one_character_query(corpus_root: Path) -> None:
    result = search("链", limit=50, source=Source(corpus_root))
    found = set(keys(result))
    assert {"rise:707.1", "rise:709.1", "riftbound:820.1.d"} <= found
    assert "rise:717.2a" not in found
    assert all("⟦链⟧" in h.snippet or "⟦鏈⟧" in h.snippet or h.game == "sanguo" for h in result.hits)


def test_quoted_phrase_needs_consecutive_positions(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", [("700.1", "甲乙丙丁"), ("700.2", "乙丙戊。甲乙己")])
    loose = search("甲乙丙", source=Source(root))
    assert set(keys(loose)) == {"rise:700.1", "rise:700.2"}  # every bigram occurs in both
    exact = search('"甲乙丙"', source=Source(root))
    assert keys(exact) == ["rise:700.1"]
    assert exact.hits[0].snippet == "⟦甲乙丙⟧丁"


def test_phrase_does_not_match_across_punctuation(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", [("700.1", "甲乙，丙"), ("700.2", "甲乙丙")])
    assert keys(search("「甲乙丙」", source=Source(root))) == ["rise:700.2"]


@pytest.mark.parametrize(
    ("query", "first"),
    [("717.2a", "rise:717.2a"), ("規則 409.9a", "sanguo:409.9a"), ("820.1.c.3", "riftbound:820.1.c.3"), ("防止 717.2a", "rise:717.2a")],
)
def test_rule_number_comes_first(corpus_root: Path, query: str, first: str) -> None:
    assert keys(search(query, source=Source(corpus_root)))[0] == first


def test_rule_number_first_even_when_text_ranks_others_higher(corpus_root: Path) -> None:
    # 响应链 matches 707.1 best; the number 410.3 (no 响应链 in it) must still come first
    result = search("响应链 410.3", source=Source(corpus_root))
    assert keys(result)[0] == "sanguo:410.3"
    assert "rise:707.1" in keys(result)


def test_glossary_expands_to_the_games_own_term(corpus_root: Path) -> None:
    result = search("堆疊", game="rise", source=Source(corpus_root))
    assert result.hits and all(h.game == "rise" for h in result.hits)
    assert "rise:707.1" in keys(result)[:2]
    assert "⟦响应链⟧" in result.hits[0].snippet


def test_english_term_finds_chinese_rules(corpus_root: Path) -> None:
    found = keys(search("replacement effect", source=Source(corpus_root)))
    assert {"rise:716", "rise:716.1", "sanguo:417.1a"} <= set(found[:3])


def test_without_glossary_no_expansion(tmp_path: Path, cache: Path) -> None:
    root = write_rules(tmp_path / "c", "rise", [("700.1", "将连结加入响应链。")])
    assert search("堆疊", source=Source(root)).hits == []


def test_rules_with_every_word_come_first_then_rules_sharing_some(corpus_root: Path) -> None:
    result = search("损伤包 防止", source=Source(corpus_root))
    assert result.matched == "all"
    assert keys(result)[0] == "rise:717.2a"  # the only rule with both words
    assert set(keys(result)[1:]) and "rise:717.2a" not in keys(result)[1:]
    assert result.notes == ["1 matching all of 损伤包 + 防止 first, then rules sharing some of its words"]


def test_enough_rules_with_every_word_need_no_others(tmp_path: Path, cache: Path) -> None:
    rules = [(f"700.{i}", f"甲乙丙丁{i}") for i in range(1, 7)] + [("701.1", "甲乙戊")]
    result = search("甲乙 丙丁", source=Source(write_rules(tmp_path / "c", "rise", rules)))
    assert set(keys(result)) == {f"rise:700.{i}" for i in range(1, 7)} and not result.notes


def test_ranked_by_shared_words_when_no_rule_has_them_all(corpus_root: Path) -> None:
    result = search("损伤包 死循环", source=Source(corpus_root))
    assert result.matched == "any"
    assert result.notes == ["no rule matches all of 损伤包 + 死循环; showing rules ranked by the words they share with it"]
    assert {"rise:717.2a", "rise:803"} <= set(keys(result))


def test_nothing_matches(corpus_root: Path) -> None:
    result = search("巧克力", source=Source(corpus_root))
    assert result.hits == [] and result.matched == "none"


def test_game_filter_and_unknown_game(corpus_root: Path) -> None:
    assert all(h.game == "sanguo" for h in search("效果", game="sanguo", source=Source(corpus_root)).hits)
    with pytest.raises(UnknownGameError):
        search("效果", game="nope", source=Source(corpus_root))


def test_query_with_nothing_to_search(corpus_root: Path) -> None:
    with pytest.raises(QueryError):
        search("，。！", source=Source(corpus_root))


def test_limit(corpus_root: Path) -> None:
    assert len(search("链", limit=2, source=Source(corpus_root)).hits) == 2


def test_in_memory_corpus_source(cache: Path) -> None:
    from judge.corpus.store import Corpus
    from search_fixtures import make_rules

    corpus = Corpus({g: {r.id: r for r in rules} for g, rules in make_rules().items()})
    result = search("優先權", source=Source(corpus=corpus, glossary_file=Path("/nonexistent/glossary.yaml")))
    assert {"rise:709.1", "sanguo:407.1"} <= set(keys(result))
