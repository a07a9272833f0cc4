"""The Riftbound rules-search page: ids, sections, hard-wrapped text, examples and cards."""

from pathlib import Path

from judge.corpus.formats.riftbound import parse

RAW = Path(__file__).resolve().parents[1] / "rules_corpus/raw/001_c404060e52f8fb3e.txt"
IDS = Path(__file__).resolve().parent / "data/ids_riftbound.txt"


def _rules() -> dict:
    return {r.id: r for r in parse(RAW.read_text(encoding="utf-8"))}


def test_every_rule_of_the_page_once_in_document_order() -> None:
    ids = [r.id for r in parse(RAW.read_text(encoding="utf-8"))]
    assert ids == IDS.read_text().split()
    assert len(ids) == len(set(ids))


def test_first_rule_is_split_from_the_page_header() -> None:
    r = _rules()["135.2.b.3"]
    assert r.section == ["规则文本", "指示"]
    assert r.text == "指示将自行描述其执行的时机。如果没有描述时机，则会在结算期间执行。"
    assert r.line == 2
    assert "核心规则 ·" in r.raw  # the raw text keeps the header for audit


def test_hard_wrapped_lines_are_rejoined_and_paragraphs_kept() -> None:
    r = _rules()["820.2"]
    assert r.text == (
        "当法术或技能的效果因[回响]而额外执行一次时，所需的选择必须在“打出卡牌”的“做出相关的选择”步骤中的常规时点做出。\n"
        "想获取更多有关信息，请查阅规则349.打出卡牌。"
    )


def test_examples_are_kept_apart_with_quoted_cards() -> None:
    rules = _rules()
    assert len(rules["206"].examples) == 3
    assert "举例" not in rules["206"].text
    cards = {c.name: c.text for ex in rules["206"].examples for c in ex.cards}
    assert cards["蔑视"] == "无效化一个法术，但其费用不得高于[4]，也不得高于[A]。"
    ex = rules["820.2.a"].examples[0]
    assert [c.name for c in ex.cards] == ["火箭轰击"]
    assert ex.cards[0].text.startswith("选择一个效果 — 对基地中的一名单位造成4 点伤害。")


def test_rule_without_section_line() -> None:
    r = _rules()["206"]
    assert r.section == [] and r.text.startswith("任何需要判定卡牌或指示物费用的效果")
