"""Cross-reference extraction: every form the documents use (issue 2, point 5)."""

import pytest

from judge.corpus.refs import extract


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("在将连结加入响应链（章节707）时", ["707"]),  # （章节707）
        ("请参阅章节707.1d中的规则", ["707.1d"]),
        ("此过程需依照规则717.3来处理", ["717.3"]),  # 规则707.2 form
        ("不同（但请参阅章节405.9a）。", ["405.9a"]),
        ("加入响应链，请参章节708。如果数个影响同时生效，请参章节718。", ["708", "718"]),
        ("牌及技能。（詳見409，處理被動技能）", ["409"]),
        ("（詳見416.5，持續性效果的互動）", ["416.5"]),
        ("想获取更多有关信息，请查阅规则349.打出卡牌。", ["349"]),
        ("請查閱規則349.打出卡牌。", ["349"]),
        ("相關規則：359.3.f.1.、359.3.f.2.、359.3.f.3.、359.3.f.3.b.", ["359.3.f.1", "359.3.f.2", "359.3.f.3", "359.3.f.3.b"]),
        ("（詳見404.鎖定技能；規則416.持續性效果）", ["404", "416"]),
        ("不过，于710.1a-710.1c时", ["710.1a", "710.1c"]),
    ],
)
def test_reference_forms(text: str, expected: list[str]) -> None:
    assert extract(text) == expected


def test_quantities_are_not_references() -> None:
    assert extract("造成100点伤害，重复一百万次") == []


def test_own_id_and_duplicates_are_dropped() -> None:
    assert extract("这是规则714.3e的例外情况（章节714.3e）（章节713）", own_id="713") == ["714.3e"]
