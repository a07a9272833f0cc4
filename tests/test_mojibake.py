"""Inline-pinyin stripping and GBK-misaligned mojibake repair, on small strings."""

import pytest

from judge.corpus.mojibake import (
    LOST_CHAR,
    CharStats,
    gbk_bytes,
    is_pinyin_syllable,
    pinyin_readings,
    repair_line,
    strip_pinyin,
)


# --- inline pinyin -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, clean",
    [
        ("規(guī)則", "規則"),
        ("結(jié)算時(shí)", "結算時"),
        ("額外費(fèi)用", "額外費用"),
        ("綠(lǜ)色", "綠色"),  # ü with a tone mark
        ("好的(de)東西", "好的東西"),  # a toneless syllable
        ("優(yōu)先權(quán)", "優先權"),
    ],
)
def test_pinyin_annotations_are_stripped(text: str, clean: str) -> None:
    assert strip_pinyin(text) == clean


@pytest.mark.parametrize(
    "text",
    [
        "快速技能（錦囊）以外",  # full-width parentheses
        "使用限制(如，「每回合一次」)",  # ASCII parentheses around Chinese
        "支付費用(X)",  # upper-case variable
        "效果(x)生效",  # a single letter is no syllable
        "部隊(ok)",  # lower-case letters that are no pinyin syllable
        "(1)復制效果",  # numbered list
        "M(fèi)",  # pinyin, but not after a CJK character
    ],
)
def test_other_parentheses_are_kept(text: str) -> None:
    assert strip_pinyin(text) == text


def test_pinyin_syllable_shapes() -> None:
    assert is_pinyin_syllable("guī") and is_pinyin_syllable("zhuàng") and is_pinyin_syllable("er")
    assert not is_pinyin_syllable("x") and not is_pinyin_syllable("ok") and not is_pinyin_syllable("")


def test_readings_are_collected_from_annotations() -> None:
    assert pinyin_readings("規(guī)則時(shí)間(ab)") == {"規": {"guī"}, "時": {"shí"}}


# --- GBK bytes -----------------------------------------------------------------------------
def test_bytes_of_characters_python_gbk_lacks() -> None:
    assert gbk_bytes("€") == b"\x80"  # CP936's single byte
    assert gbk_bytes("\ue7c8") == b"\xa8\xbf"  # GB18030-2000's private-use mapping
    assert gbk_bytes("錦") == b"\xe5\x5c"


# --- repair --------------------------------------------------------------------------------
CLEAN = [
    "使用卡牌。快速技能（錦囊）。",
    "技能。卡牌。錦囊。",
    "因為技能。因為卡牌。脫離。",
]


def test_lost_lead_byte_is_restored() -> None:
    # 。快速技能（錦囊） = a1a3 bfec cbd9 bcbc c4dc a3a8 e55c c4d2 a3a9; without a1 the bytes
    # read ？焖偌寄埽ㄥ\ and realign at 0x5c, the ASCII trail byte of 錦.
    assert "。快速技能（錦囊）".encode("gbk")[1:].decode("gbk") == "？焖偌寄埽ㄥ\\囊）"
    line, repairs = repair_line("技能?？焖偌寄埽ㄥ\\囊）以外", CharStats.from_lines(CLEAN))
    assert line == "技能。快速技能（錦囊）以外"
    assert [r.repaired for r in repairs] == [True]
    assert repairs[0].original == "?？焖偌寄埽ㄥ\\"


def test_misread_annotation_inside_a_run_is_dropped() -> None:
    # 為脫離 = 9ee9 c393 eb78: e9c3 93eb 78 read 槊撾x; ``yàn)`` annotates 驗 = f29e, the
    # trail byte of 因 (d2f2) with the lost lead byte 9e.
    assert "為脫離".encode("gbk")[1:].decode("gbk") == "槊撾x"
    line, repairs = repair_line("因?yàn)槊撾x條件", CharStats.from_lines(CLEAN))
    assert line == "因為脫離條件"
    assert repairs[0].repaired


def test_lost_trail_byte_is_restored() -> None:
    # 。卡牌 = a1a3 bfa8 c5c6: without a1 and c6 the bytes read ？ㄅ and a lone c5 (``?``).
    assert "。卡牌".encode("gbk")[1:-1].decode("gbk") == "？ㄅ"
    line, repairs = repair_line("技能?？ㄅ?。", CharStats.from_lines(CLEAN + ["卡牌。"] * 3))
    assert line == "技能。卡牌。"
    assert repairs[0].repaired


def test_lost_character_without_bytes_is_marked() -> None:
    line, repairs = repair_line("主將。?", CharStats.from_lines(CLEAN))
    assert line == "主將。" + LOST_CHAR
    assert [r.repaired for r in repairs] == [False]


def test_undecided_lead_byte_is_marked_not_guessed() -> None:
    # No clean text to score against: the first character cannot be chosen, the rest is kept.
    line, repairs = repair_line("技能?？焖偌寄埽ㄥ\\囊）", CharStats())
    assert line == "技能" + LOST_CHAR + "快速技能（錦囊）"
    assert not repairs[0].repaired


def test_close_candidates_are_marked() -> None:
    # 。 (a1a3) and 常 (b3a3) both complete the lost lead byte and are equally frequent here.
    assert "。".encode("gbk")[1:] == "常".encode("gbk")[1:] == b"\xa3"
    stats = CharStats.from_lines(["常。常。"])
    line, repairs = repair_line("x?？焖偌寄埽ㄥ\\", stats)
    assert LOST_CHAR in line and not repairs[0].repaired
