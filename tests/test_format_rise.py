"""Tests for the 崛起 TCG forum-scrape format (``judge.corpus.formats.rise``).

Expected values were read off ``rules_corpus/raw/000_85166b5fbc181240.txt`` by hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge.corpus.formats import get_parser
from judge.corpus.formats.rise import parse
from judge.corpus.model import Card, ParsedRule

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "rules_corpus/raw/000_85166b5fbc181240.txt"
IDS = Path(__file__).resolve().parent / "data" / "ids_rise.txt"


@pytest.fixture(scope="module")
def raw_text() -> str:
    """The raw forum scrape."""
    return RAW.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def rules(raw_text: str) -> list[ParsedRule]:
    """The parsed rules in document order."""
    return parse(raw_text)


@pytest.fixture(scope="module")
def by_id(rules: list[ParsedRule]) -> dict[str, ParsedRule]:
    """The parsed rules keyed by id."""
    return {r.id: r for r in rules}


def _all_strings(rule: ParsedRule) -> list[str]:
    """Every cleaned string of a rule: heading, text, example texts, card names and texts."""
    out = [rule.heading or "", rule.text]
    for ex in rule.examples:
        out.append(ex.text)
        for card in ex.cards:
            out += [card.name, card.text]
    return out


# --- the id list ----------------------------------------------------------------------------


def test_format_is_registered(raw_text: str) -> None:
    assert get_parser("rise-forum") is parse


def test_ids_equal_hand_verified_list(rules: list[ParsedRule]) -> None:
    expected = IDS.read_text(encoding="utf-8").split()
    assert len(expected) == 121
    assert [r.id for r in rules] == expected


def test_ids_unique(rules: list[ParsedRule]) -> None:
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids))


def test_references_in_text_are_not_rule_starts(by_id: dict[str, ParsedRule]) -> None:
    # Numbers inside running text stay in their rule (and create no rule of their own).
    assert "于710.1a-710.1c时失去的异能不会触发" in by_id["710.1d"].text
    assert "（但请参阅章节717.3）。然后，如果仍有数个影响" in by_id["716.1b"].text
    assert "规则719.2将会让它们" in by_id["719.3"].text
    assert "（章节707.1d），则在该连结解析时" in by_id["709.2d"].text
    assert "如果连结具有目标（章节706），你可依任意顺序" in by_id["707.1d"].text
    assert "这是规则714.3e的例外情况。" in by_id["714.3f"].text


def test_sequence_check_rejects_out_of_order_midline_number() -> None:
    # After 706.1, "707.1" following a sentence end is not the next rule: it stays text.
    text = "706. 目标\n706.1 甲。707.1 乙。706.2 丙。\n"
    got = parse(text)
    assert [r.id for r in got] == ["706", "706.1", "706.2"]
    assert got[1].text == "甲。707.1 乙。"
    assert got[2].text == "丙。"


# --- page breaks ------------------------------------------------------------------------------


def test_706_1c_rejoined_across_page_72(by_id: dict[str, ParsedRule]) -> None:
    assert by_id["706.1c"].text == (
        "某些连结会赋予场上一张卡牌获得一个被指定的异能。这类由一个异能选择指定的目标并不用像"
        "一个连结添加到响应链时必须选择指定那样；这类选择指定是由这类异能被运用时才产生的。"
    )


def test_706_4_rejoined_across_page_73(by_id: dict[str, ParsedRule]) -> None:
    text = by_id["706.4"].text
    assert "能预先排除将该“磁石”选为该连接的目标。如果有两个或两个以上的“磁石”在场" in text
    assert text.endswith("该牌手便须尽可能地将所有“磁石”都选为目标。")
    assert "\n" not in text


# Every page break that cut a sentence (page number, rule, text that now reads through).
MID_SENTENCE_BREAKS = [
    (72, "706.1c", "添加到响应链时必须选择"),
    (73, "706.4", "能预先排除将该“磁石”选为"),
    (75, "707.1e", "（类似“最少为（1）”），该限制便只会对该减少的部分生效"),
    (76, "708.1a", "首先，回合玩家决定他的触发式效果"),
    (80, "709.2e", "具有不同的有效期，该连结便会为各部分分别创造影响"),
    (81, "710.1", "替代物放置进入场上区域时，也算是进场"),
    (84, "712.7", "。该玩家仅有在能够执行全部动作时"),
    (86, "714.3b", "在连结创造与该连结解析期间停止拥有"),
    (90, "717.1", "修复损伤的损伤包。它们会改变"),
    (92, "717.2c", "造成的损伤。”你操控此类卡牌时，你的援军也是“有护甲者”。"),
    (95, "718.3", "然后顺时针方向下一位玩家选择由他操控的影响"),
    (96, "719.2", "便按照时间印记为独立的影响排序"),
]


@pytest.mark.parametrize("page, rid, joined", MID_SENTENCE_BREAKS)
def test_mid_sentence_page_breaks_rejoined(
    by_id: dict[str, ParsedRule], page: int, rid: str, joined: str
) -> None:
    assert joined in by_id[rid].text, f"page {page}"


def test_page_breaks_inside_examples_rejoined(by_id: dict[str, ParsedRule]) -> None:
    # Page 79 cut 709.2b's example, page 87 cut 714.3f's example.
    assert "且每弃一张手牌便防止将以此法对该单位造成的2点损伤。”在其效果解析时" in by_id["709.2b"].examples[0].text
    assert "其队伍中其他单位无法宣告攻击或守护。由于，电磁封锁于结算时" in by_id["714.3f"].examples[0].text


def test_page_breaks_at_line_ends_keep_the_line_break(by_id: dict[str, ParsedRule]) -> None:
    # Page 91 fell between two bullets of 717.2a: they stay on their own lines.
    assert by_id["717.2a"].text.splitlines()[1:] == [
        "·该损伤包数量会减少Y。如果它的数量少于1，该损伤包便会消失。",
        "·该影响可防止的数量减少X。如果数量少于1，该影响便会消失。",
    ]
    # Page 94 fell after "718.2 时间印记的分类：", before 718.2a.
    assert by_id["718.2"].text == "时间印记的分类："
    # Page 77 fell between the two quoted cards of 708.1a's example.
    names = [c.name for c in by_id["708.1a"].examples[0].cards]
    assert names == ["逝者阿尔贝托", "窥视者奥萨罗"]


def test_raw_keeps_the_furniture_for_audit(by_id: dict[str, ParsedRule], raw_text: str) -> None:
    raw = by_id["706.1c"].raw
    assert raw.startswith("706.1c 某些连结")
    assert "添加到响应\n72\n72 崛起 TCG 综合性规则 1.00 版\n链时必须" in raw
    assert raw.endswith("目标援军本回合具有“[消耗]->其操控者抓一张牌。”")
    for r in by_id.values():
        assert r.raw in raw_text and r.raw.startswith(r.id)


# --- rule starts --------------------------------------------------------------------------


def test_709_2b_starts_mid_line(by_id: dict[str, ParsedRule]) -> None:
    r = by_id["709.2b"]
    assert r.line == 75
    assert r.text.startswith("如果连结未被打断，便会解析该连结。")
    assert r.text.endswith("该玩家必须作出能切实执行该动作的选择。")
    prev = by_id["709.2a"]
    last_card = prev.examples[0].cards[-1]
    assert last_card.text.endswith("支付3X完成此命令。奖励：抓X张牌。")
    assert "709.2b" not in last_card.text
    assert prev.raw.endswith("奖励：抓X张牌。")


def test_717_5_without_space(by_id: dict[str, ParsedRule]) -> None:
    r = by_id["717.5"]
    assert r.line == 238
    assert r.text.startswith("某些影响会在每个回合中，为一个角色防止“第一次”将受到的X点损伤。")
    assert "717.6" not in r.text


def test_headings(by_id: dict[str, ParsedRule]) -> None:
    assert (by_id["706"].heading, by_id["706"].text) == ("目标", "")
    assert (by_id["718"].heading, by_id["718"].text, by_id["718"].line) == ("影响的互动", "", 240)
    assert (by_id["719"].heading, by_id["719"].text) == ("影响的从属性", "")
    assert (by_id["800"].heading, by_id["800"].text) == ("特殊卡牌规则", "暂无")
    assert by_id["706.1"].heading is None


def test_last_rule_has_no_credits_or_replies(by_id: dict[str, ParsedRule], rules: list[ParsedRule]) -> None:
    last = rules[-1]
    assert last.id == "803.5"
    assert last.text == "如果死循环中既不包含可选择的动作，也不含触发式效果，且没有玩家能够并愿意打破该死循环，此盘游戏便平手。"
    assert last.raw == "803.5 " + last.text
    assert last.examples == []


def test_part_heading_is_not_in_719_3(by_id: dict[str, ParsedRule]) -> None:
    assert by_id["719.3"].text.endswith("然后循环中其他影响依从属性和/或时间印记的顺序逐一生效。")
    assert "附加术语" not in by_id["719.3"].text


def test_bullets_stay_on_own_lines(by_id: dict[str, ParsedRule]) -> None:
    lines = by_id["707.1d"].text.splitlines()
    assert len(lines) == 7
    assert [ln[0] for ln in lines[1:]] == ["·", "·", "·", "·", "○", "○"]
    assert lines[5] == "○如果连结需要游戏中的信息来决定它所能分配的指示物或损伤的数量，则该信息会在一开始就被锁定。"


# --- examples and cards ------------------------------------------------------------------------


def test_706_1c_example_and_card(by_id: dict[str, ParsedRule]) -> None:
    r = by_id["706.1c"]
    assert "示例" not in r.text
    assert len(r.examples) == 1
    ex = r.examples[0]
    assert ex.text == (
        "你使用绝密潜入。在你将它加入响应链时，你必须选择将获得所注明异能的援军作为目标。"
        "不过，直到你使用该异能为止，你并不能抓牌。"
    )
    assert ex.cards == [Card("绝密潜入", "绝密潜入，3，公共，瞬发能力\n目标援军本回合具有“[消耗]->其操控者抓一张牌。”")]


def test_seventeen_examples(rules: list[ParsedRule]) -> None:
    counts = {r.id: len(r.examples) for r in rules if r.examples}
    assert counts == {
        rid: 1
        for rid in [
            "706.1c", "708.1a", "708.3", "709.2a", "709.2b", "709.2d", "714.2", "714.3a", "714.3f",
            "715.1", "716.1c", "716.1e", "717.1", "717.2b", "717.4", "719.1", "803.3",
        ]
    }
    assert sum(counts.values()) == 17
    assert not any("示例：" in r.text for r in rules)


def test_example_card_names(by_id: dict[str, ParsedRule]) -> None:
    names = {rid: [c.name for c in by_id[rid].examples[0].cards] for rid in by_id if by_id[rid].examples}
    assert names == {
        "706.1c": ["绝密潜入"],
        "708.1a": ["逝者阿尔贝托", "窥视者奥萨罗"],
        "708.3": ["游击前卫钢臂"],
        "709.2a": ["教官雷塔", "毒液峡谷的两位英雄"],
        "709.2b": [],
        "709.2d": ["侵蚀", "舰载空间传送"],
        "714.2": ["塞班·托托斯"],
        "714.3a": [],
        "714.3f": ["电磁封锁", "碎齿突袭者古拉"],
        "715.1": ["冽风"],
        "716.1c": ["“霞光”战袍", "极光照耀"],
        "716.1e": ["晶核矩阵", "粹取"],
        "717.1": ["“霞光”战袍", "粒子透射"],
        "717.2b": ["绿盾结晶", "教官雷塔"],
        "717.4": ["红色引擎", "粹取"],
        "719.1": ["游击前卫克多恩", "特使萨曼耶"],
        "803.3": ["马丁·威尔逊舰长"],
    }


def test_multi_line_card_and_cost_less_card(by_id: dict[str, ParsedRule]) -> None:
    matrix = by_id["716.1e"].examples[0].cards[0]
    assert matrix.text == (
        "晶核矩阵，3，先知，增益 持续 能力—增幅\n【增幅】天赋指挥官限定使用\n"
        "持续：若你的指挥官将造成能量损伤时，该损伤数量+1。"
    )
    teleport = by_id["709.2d"].examples[0].cards[1]
    assert teleport == Card("舰载空间传送", "舰载空间传送，2，众神议会，瞬发 能力")
    heroes = by_id["709.2a"].examples[0].cards[1]
    assert heroes.text.splitlines()[0] == "毒液峡谷的两位英雄，公共 命令"


def test_example_with_two_paragraphs(by_id: dict[str, ParsedRule]) -> None:
    ex = by_id["708.1a"].examples[0]
    paras = ex.text.split("\n")
    assert len(paras) == 2
    assert paras[1].startswith("反之，如果你是在对方回合摧毁奥萨罗")
    assert all("逝者阿尔贝托，2" not in p for p in paras)


def test_inline_li_ru_is_not_an_example(by_id: dict[str, ParsedRule]) -> None:
    # "（例如，…）" inside a sentence is part of the rule text.
    assert "（例如，除去所有具有“不能被指定”异能的卡牌）" in by_id["706.5"].text
    assert by_id["706.5"].examples == []


def test_example_labels_recognized() -> None:
    text = "706. 目标\n706.1 甲。\n例如：乙。\n706.2 丙。\n举例：丁。\n706.3 戊。\n例：己。\n"
    got = {r.id: r for r in parse(text)}
    assert [e.text for e in got["706.1"].examples] == ["乙。"]
    assert [e.text for e in got["706.2"].examples] == ["丁。"]
    assert [e.text for e in got["706.3"].examples] == ["己。"]
    assert got["706.2"].text == "丙。"


# --- furniture scan -----------------------------------------------------------------------


FORBIDDEN = ["崛起 TCG 综合性规则", "西格瑪和聲", "制作人员", "====", "旗帜青天", "插楼", "liubo3513", "附加术语"]
BARE_NUMBER_LINE_RE = re.compile(r"^\s*\d+\s*$", re.M)


def test_no_furniture_anywhere(rules: list[ParsedRule]) -> None:
    for r in rules:
        for s in _all_strings(r):
            for bad in FORBIDDEN:
                assert bad not in s, (r.id, bad)
            assert not BARE_NUMBER_LINE_RE.search(s), r.id
            assert s == s.strip(), r.id
            assert "\n\n" not in s, r.id


def test_no_rule_is_damaged(rules: list[ParsedRule]) -> None:
    assert not any(r.damaged for r in rules)


# --- line numbers -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rid, line",
    [("706", 3), ("706.1c", 7), ("707.1c", 27), ("708", 45), ("710.1a", 106), ("709.2b", 75),
     ("714", 144), ("717.5", 238), ("718", 240), ("800", 275), ("803.5", 291)],
)
def test_line_numbers(by_id: dict[str, ParsedRule], rid: str, line: int) -> None:
    assert by_id[rid].line == line


def test_every_line_holds_its_rule_number(rules: list[ParsedRule], raw_text: str) -> None:
    raw_lines = raw_text.splitlines()
    for r in rules:
        src = raw_lines[r.line - 1]
        at_start = src.startswith(r.id)
        mid_line = re.search(rf"[。！？）]{re.escape(r.id)}(?![\d.a-z])", src)
        assert at_start or mid_line, r.id
