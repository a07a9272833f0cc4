"""The glossary: loading with validation, lookup in any script, matching inside queries, nearest terms."""

from __future__ import annotations

import pytest

from judge.search.glossary import GlossaryError, glossary_path, load_glossary, parse_glossary
from search_fixtures import GLOSSARY

import yaml


def fixture_glossary():
    return parse_glossary(yaml.safe_load(GLOSSARY))


def test_lookup_in_any_script_case_and_by_id() -> None:
    g = fixture_glossary()
    assert g.lookup("堆疊").id == "response-chain"
    assert g.lookup("堆叠").id == "response-chain"
    assert g.lookup("Response Chain").id == "response-chain"
    assert g.lookup("response-chain").id == "response-chain"
    assert g.lookup("替換效果").id == "replacement-effect"  # an alias, Traditional spelling
    assert g.lookup("巧克力") is None


def test_expansion_is_the_games_own_terms() -> None:
    concept = fixture_glossary().lookup("堆疊")
    assert concept.expansion("rise") == ["响应链"]
    assert concept.expansion(None) == ["响应链", "堆疊", "结算链"]


def test_find_in_prefers_longest_and_respects_word_boundaries() -> None:
    g = fixture_glossary()
    found = [(s, e, c.id) for s, e, c in g.find_in("stacking 堆叠 the replacement effect")]
    assert found == [(9, 11, "response-chain"), (16, 34, "replacement-effect")]


def test_nearest_concepts() -> None:
    assert fixture_glossary().nearest("替代")[0].id == "replacement-effect"


def test_a_term_in_two_concepts_is_rejected() -> None:
    bad = {"concepts": [{"id": "a", "terms": {"rise": ["连结"]}}, {"id": "b", "terms": {"sanguo": ["連結"]}}]}
    with pytest.raises(GlossaryError, match="both a and b"):
        parse_glossary(bad)


def test_malformed_glossary_is_rejected() -> None:
    with pytest.raises(GlossaryError):
        parse_glossary({"concepts": [{"en": ["x"]}]})
    with pytest.raises(GlossaryError):
        parse_glossary({"concepts": [{"id": "x", "en": "not a list"}]})


def test_bundled_glossary_loads_and_covers_the_core_concepts() -> None:
    g = load_glossary(glossary_path())
    for term in ["响应链", "堆疊", "结算链", "连结", "结算链项目", "优先权", "優先權", "目標", "打斷", "无效化", "被動技能",
                 "替代性影响", "替代性效果", "替换效果", "防止", "损伤包", "時間印記", "从属", "最后已知信息", "已知的最後信息",
                 "依狀態而生的效果", "死循环", "持續性效果", "一次性影响", "費用", "結算"]:
        assert g.lookup(term) is not None, term
