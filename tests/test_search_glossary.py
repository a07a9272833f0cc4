"""The glossary: loading with validation, lookup in any script, matching inside queries, nearest terms."""

from __future__ import annotations

import pytest

from judge.search.concepts import Glossary, stem
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
    with pytest.raises(GlossaryError, match="已属于概念 a，不能再属于 b"):
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


def test_english_terms_match_singular_plural_and_ed() -> None:
    g = fixture_glossary()
    assert g.lookup("replacement effects").id == "replacement-effect"
    found = [(c.id, s, e) for s, e, c in g.find_in("are replacement effects used? stacking")]
    assert found == [("replacement-effect", 4, 23)]  # whole words only: -ing is not stemmed
    assert g.lookup("stacked").id == "response-chain"
    assert stem("abilities") == "ability" and stem("countered") == "counter" and stem("is") == "is"


def test_an_english_word_and_its_inflections_stem_alike() -> None:
    # a judge writes "resolved", "resolves", "tapped", "spell's": each is the glossary's resolve / tap / spell
    for forms in (["resolve", "resolves", "resolved"], ["tap", "taps", "tapped"], ["spell", "spells", "spell's"],
                  ["exhaust", "exhausted"], ["controls", "control"]):
        assert len({stem(f) for f in forms}) == 1, forms
    assert stem("stacking") != stem("stack")  # -ing is still kept
    assert len({stem(f) for f in ["stack", "resolve", "spell", "tap"]}) == 4
    g = load_glossary(glossary_path())
    assert [c.id for _, _, c in g.find_in("it resolved")] == ["resolve"]
    assert [c.id for _, _, c in g.find_in("my spell's target")] == ["spell", "target"]


def test_resolve_exact_alias_other_script_and_partial() -> None:
    g = fixture_glossary()
    exact = g.resolve("堆叠")  # the Simplified spelling of sanguo's 堆疊
    assert (exact.concept.id, exact.word, exact.kind, exact.exact) == ("response-chain", "堆疊", "sanguo word", True)
    alias = g.resolve("替換效果")
    assert (alias.concept.id, alias.kind, alias.exact) == ("replacement-effect", "alias", True)
    part = g.resolve("替代")  # part of rise's 替代性影响 and sanguo's 替代性效果 (and the alias 替换效果? no: 替换)
    assert (part.concept.id, part.word, part.kind, part.exact) == ("replacement-effect", "替代性影响", "rise word", False)
    assert g.resolve("巧克力") is None


def test_stored_form_loads_without_folding_and_matches_the_same() -> None:
    g = fixture_glossary()
    again = Glossary.from_data(g.to_data())
    assert [c.id for c in again.concepts] == [c.id for c in g.concepts]
    assert again.by_key.keys() == g.by_key.keys()
    query = "stacking 堆叠 the replacement effect"
    assert [(s, e, c.id) for s, e, c in again.find_in(query)] == [(s, e, c.id) for s, e, c in g.find_in(query)]


def test_bundled_glossary_has_the_everyday_words_judges_use() -> None:
    g = load_glossary(glossary_path())
    expect = {"多个": "several", "若干": "several", "替代效果": "replacement-effect", "觸發": "triggered-ability",
              "上链": "add-to-chain", "卡牌": "card", "防止效果": "prevention-effect", "退費": "refund"}
    assert {t: g.lookup(t).id for t in expect} == expect


def test_define_suggests_only_concepts_spelled_alike() -> None:
    from click.testing import CliRunner

    from judge.cli import cli

    none = CliRunner().invoke(cli, ["define", "xyz", "--lang", "zh"])
    assert none.exit_code == 1 and "也没有拼写相近的概念" in none.output and "pay" not in none.output
    typo = CliRunner().invoke(cli, ["define", "替代效應", "--lang", "zh"])
    assert typo.exit_code == 1 and "replacement-effect" in typo.output
    assert "alternative-cost" not in typo.output and "apply" not in typo.output  # once offered, sharing one character
    letter = CliRunner().invoke(cli, ["define", "q", "--lang", "zh"])
    assert letter.exit_code == 1 and "order" not in letter.output  # "q" is inside "sequence", which is no reason


def test_a_connective_is_no_glossary_term() -> None:
    # "instead" ends half the sentences of any rules text: taken as "replacement effect" it pulled the wrong rules up
    from judge.search.glossary import load_glossary

    g = load_glossary()
    assert g.lookup("instead") is None
    assert "replacement-effect" not in [c.id for _, _, c in g.find_in("what happens instead of the draw")]
    assert "replacement-effect" in [c.id for _, _, c in g.find_in("a replacement effect")]  # the concept's own words
