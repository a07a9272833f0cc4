"""The Three-Kingdoms comprehensive rules (damaged scrape): ids, pinyin, rule-number ``?``,
mojibake repair, damage markers, examples and raw text."""

import re
from functools import lru_cache
from pathlib import Path

from judge.corpus.formats.sanguo import parse
from judge.corpus.model import ParsedRule

RAW = Path(__file__).resolve().parents[1] / "rules_corpus/raw/002_12da64a34c046b6b.txt"
IDS = Path(__file__).resolve().parent / "data/ids_sanguo.txt"

# A pinyin annotation left after a CJK character.
PINYIN_LEFT_RE = re.compile(r"[\u4e00-\u9fff]\([a-zü\u0101-\u01dc\u00e0-\u00fc]+\)")
# Characters seen only inside the document's mojibake runs (never in its clean text).
MOJIBAKE_CHARS = set(
    "⒁⒂ㄅㄥ倏偌傎凹卣呈善嗄埽复够婕寄峙录怀慕挛挝摽撾攵旧暨枋楸榭槊槟槭欠氐氖洳湃焖爸牟牧"
    "矬砻硞票老耐胤膮臅艿芊芏苓苹萍蚣褂询軙迷邽闊频驍魏龌€\ue266\ue477\ue7c8"
)
# The visible markers a damaged part may carry.
MARKER_RE = re.compile(r"〔\?〕|〔亂碼:[^〕]*〕")


@lru_cache(maxsize=1)
def _parsed() -> tuple[ParsedRule, ...]:
    return tuple(parse(RAW.read_text(encoding="utf-8")))


def _rules() -> dict[str, ParsedRule]:
    return {r.id: r for r in _parsed()}


def _all_text(r: ParsedRule) -> str:
    return "\n".join([r.heading or "", r.text] + [e.text for e in r.examples])


# --- ids -----------------------------------------------------------------------------------
def test_every_rule_once_in_document_order() -> None:
    ids = [r.id for r in _parsed()]
    assert ids == IDS.read_text().split()
    assert len(ids) == len(set(ids))


def test_rule_numbers_inside_text_are_references_not_rules() -> None:
    rules = _rules()
    assert "（詳見416.5，持續性效果的互動）" in rules["405.1"].text
    assert "（詳見409，處理被動技能）" in rules["407.1f"].text
    assert "這是規則103.4的例外狀況。" in rules["408.2"].text
    assert "103.4" not in rules and "202" not in rules


def test_layouts_of_the_number_line() -> None:
    rules = _rules()
    assert rules["401.1"].line == 13 and rules["401.1"].text.startswith("技能一般包含三種不同類型")  # ``401.1.``
    assert rules["402.1"].line == 39 and rules["402.1"].text.startswith("主動技能格式為一個圖標表示，主（主動技能）\n使用主動技能")
    assert rules["416.5"].heading == "持續性效果的互動" and rules["416.5"].text == ""  # ``416.5. ``


def test_headings() -> None:
    rules = _rules()
    assert (rules["400"].heading, rules["400"].text, rules["400"].line) == ("一般規則", "", 5)
    assert rules["406"].heading == "提升技能" and rules["406"].text.startswith("“提升”資源時發動的技能")
    assert (rules["407.1"].heading, rules["407.1"].text) == ("時序、優先權和堆疊", "")
    assert rules["403.3"].heading == "延遲被動技能" and rules["403.3"].text.startswith("有些被動技能產生延遲觸發效果")
    assert rules["407.1b"].heading == "獲得優先權"
    # A lead-in sentence is text, not a title.
    assert rules["418.5"].heading is None and rules["418.5"].text == "依狀態而生的效果如下列："
    assert rules["402.1"].heading is None


def test_part_lines_and_furniture_belong_to_no_rule() -> None:
    rules = _rules()
    assert rules["419.2"].text.endswith("或做其它規則上允許的動作。")
    assert "五、" not in rules["419.2"].raw
    assert not any(w in _all_text(r) for r in _parsed() for w in ("接前文", "四、卡牌", "五、關鍵詞", "附圖"))


# --- pinyin --------------------------------------------------------------------------------
def test_pinyin_is_stripped_everywhere() -> None:
    assert _rules()["400.1"].text.startswith("技能即為物體所作或能作的事情；技能會產生效果。")
    assert [r.id for r in _parsed() if PINYIN_LEFT_RE.search(_all_text(r))] == []


def test_legitimate_parentheses_are_kept() -> None:
    rules = _rules()
    assert "（如，「每回合一次」）" in rules["402.3"].text
    assert "(1)復制效果，(2)改變操控者的效果" in rules["416.5a"].text


# --- rule-number ``?`` ---------------------------------------------------------------------
def test_question_mark_after_a_rule_number_is_dropped() -> None:
    rules = _rules()
    assert rules["402.7"].line == 58 and rules["402.7"].text.startswith("部隊的主動技能的使用時機")
    assert rules["409.9a"].line == 220 and not rules["409.9a"].damaged
    assert "402.7?" in rules["402.7"].raw  # raw keeps it


def test_question_mark_before_a_chapter_number_is_dropped() -> None:
    rules = _rules()
    assert (rules["409"].heading, rules["409"].line) == ("處理被動技能", 190)
    assert (rules["417"].heading, rules["417"].line) == ("代替性及防止性效果", 390)
    assert rules["408.4"].text == "若某種效果使得某些卡牌或技能不可使用，則玩家便完全不能試圖去使用之。"


# --- mojibake repair -----------------------------------------------------------------------
def test_repair_of_the_quick_skill_run() -> None:
    r = _rules()["407.1d"]
    assert r.text.startswith("玩家只能在他擁有優先權時使用卡牌或主動技能。快速技能（錦囊）以外的卡牌只能在玩家的行動階段")
    assert not r.damaged
    assert "?？焖偌寄埽ㄥ\\囊）" in r.raw


def test_repair_with_misread_annotation_and_ascii_realignment() -> None:
    # 掉這 = b5f4 df40; without b5 it reads 暨@ (0x40 is 這's ASCII trail byte); ``shù)``
    # annotates 數 = 94b5, the trail of 輸 (dd94) with the lost b5.
    assert "掉這".encode("gbk")[1:].decode("gbk") == "暨@"
    assert "輸".encode("gbk")[1:] + "掉".encode("gbk")[:1] == "數".encode("gbk")
    r = _rules()["418.5a"]
    assert r.text == "生命值為0或更少的玩家輸掉這盤游戲。" and not r.damaged
    assert "輸?shù)暨@盤" in r.raw


def test_repair_of_two_runs_in_one_rule() -> None:
    # 將由其操控的技能放入堆疊 = 8ca2 d3c9 … af42; without 8c it reads ⒂善洳倏氐募寄芊湃攵询B.
    assert "將由其操控的技能放入堆疊".encode("gbk")[1:].decode("gbk") == "⒂善洳倏氐募寄芊湃攵询B"
    # 沒 = 9b5d: without 9b only the ASCII ``]`` is left.
    assert "沒".encode("gbk")[1:] == b"]"
    r = _rules()["409.3"]
    assert r.text.count("依他選擇的順序將由其操控的技能放入堆疊") == 2
    assert "直到沒有新效果產生為止" in r.text and not r.damaged


def test_repair_with_a_lost_trail_byte() -> None:
    # 。卡牌的操控者為使用該卡牌的玩家 without its first (a1) and last (d2) bytes.
    assert "。卡牌的操控者為使用該卡牌的玩家".encode("gbk")[1:-1].decode("gbk") == "？ㄅ频牟倏卣邽槭褂迷摽ㄅ频耐婕"
    # 。卡牌本身描述或數 without a1 and b5; 數(shù) keeps its own annotation after the lost byte.
    assert "。卡牌本身描述或數".encode("gbk")[1:-1].decode("gbk") == "？ㄅ票旧砻枋龌驍"
    r = _rules()["408.1a"]
    assert "且不以實際的牌來表示。卡牌本身描述或數值即是它的特征；" in r.text
    assert "便是使用它的技能描述。卡牌的操控者為使用該卡牌的玩家；主動技能的操控者" in r.text
    assert not r.damaged


def test_repair_of_a_character_with_both_bytes_lost() -> None:
    # ``隊(duì)?wèi)?zhàn)力``: 戰 (91f0) lost both bytes; its own annotation zhàn remains.
    rules = _rules()
    assert "目標部隊戰力+1" in rules["413.1"].examples[0].text
    assert "特征之數值" in rules["404.2"].text
    assert "【破步沖擊】" in rules["500.11"].text  # 沖 = 9b5f, the ``_`` kept


def test_repair_through_a_private_use_character() -> None:
    # 法卡 = b7a8 bfa8: the misaligned pair a8bf was read as U+E7C8 (GB18030-2000).
    assert _rules()["419.2"].text.startswith("當倒回非法卡牌及技能時，原先具有優先權的玩家")


def test_unrepairable_characters_are_marked_and_flagged() -> None:
    rules = _rules()
    # ``失?。?，``: (?, a1) could be 敗 or 取 — not decided, so marked; (a3, ?) is ）.
    assert "則視為技能失〔?〕），當下一次有玩家獲得優先權時" in rules["403.1"].text
    # A ``?`` at the end of a line with no bytes around it: a lost character.
    assert rules["500.10"].text.startswith("【突襲】：本部隊豎置進場并獲得一次額外的戰斗階段，且立即宣布攻擊目標敵方主將。〔?〕\n")
    assert rules["500.11"].text.startswith("【破步沖擊】：本部隊對步兵部隊造成傷害時，消滅該步兵部隊。〔?〕\n")
    assert sorted(r.id for r in _parsed() if r.damaged) == ["403.1", "500.10", "500.11"]


def test_no_bare_question_mark_or_mojibake_survives_unmarked() -> None:
    for r in _parsed():
        text = _all_text(r)
        unmarked = MARKER_RE.sub("", text)
        assert "?" not in unmarked, r.id
        assert not MOJIBAKE_CHARS & set(unmarked), r.id
        assert r.damaged == bool(MARKER_RE.search(text)), r.id


def test_raw_keeps_the_damaged_text() -> None:
    lines = RAW.read_text(encoding="utf-8").splitlines()
    rules = _rules()
    assert rules["407.1d"].raw == "\n".join(lines[122:124])
    assert rules["403.1"].raw == "\n".join(lines[63:65])
    assert "部隊(duì)?wèi)?zhàn)力" in rules["413.1"].raw
    assert rules["500.11"].raw == "\n".join(lines[539:543])


# --- examples ------------------------------------------------------------------------------
def test_examples_are_kept_apart() -> None:
    rules = _rules()
    r = rules["401.5"]
    assert [e.text for e in r.examples] == ["例如：本部隊進場時，對目標部隊造成1點傷害。"]
    assert r.text == (
        "所有技能都有其來源，一般情況下來源通常指技能使用或觸發者。\n"
        "一旦一張卡牌使用或觸發了技能，它便從它的來源分離，而成為堆疊上的技能。"
        "即使在此之后消滅或移除其來源，也不會影響此技能。若結算時來源不再場，則檢查其已知的最后信息。"
    )
    assert len(rules["416.3b"].examples) == 2
    assert len(rules["500.4"].examples) == 1 and rules["500.4"].examples[0].text.startswith("例，A部隊【激怒1】")


def test_bare_example_label_takes_the_numbered_lines() -> None:
    ex = _rules()["404.1"].examples
    assert len(ex) == 1
    assert ex[0].text.startswith("例如：\n①一直生效的鎖定技能")
    assert "\n②在其他區域也能生效的鎖定技能" in ex[0].text


def test_inline_examples_stay_in_the_text() -> None:
    rules = _rules()
    assert "（舉例來說，具有一個或數個目標的技能" in rules["401.4"].text and rules["401.4"].examples == []
    assert "例：若所有傷害都被防止" in rules["409.7"].text and rules["409.7"].examples == []
