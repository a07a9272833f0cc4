"""A publisher's full rules text whose section headings stand on their own number (``110.`` / ``准备流程``, followed
by 111–115): the chapters under such a heading are its children, and it is a child of its part."""

from __future__ import annotations

from judge.corpus.formats import official


def document(groups: dict[str, list[str]]) -> str:
    """A document written the publisher's way: the title, the date line, a part heading, then for each group heading
    its number alone on a line and its title on the next, and each chapter under it with a heading and one rule."""
    lines = ["《星海对决》核心规则", "最后更新时间：2026 年7 月17 日", "", "100. 游戏流程", ""]
    for group, chapters in groups.items():
        lines += [f"{group}.", chapters[0], ""]
        for n, title in enumerate(chapters[1:], 1):
            cid = f"{group[:-1]}{n}"
            lines += [f"{cid}.", title, f"{cid}.1.", f"{title}时，玩家依次进行{title}的每一步。", ""]
    return "\n".join(lines) + "\n"


def test_chapters_under_a_stand_alone_heading_are_its_children() -> None:
    text = document({"110": ["准备流程", "洗牌", "抓起始手牌", "决定先后"], "120": ["回合流程", "开始阶段", "主要阶段"]})
    parents = {r.id: r.parent for r in official.parse(text)}
    titles = {r.id: r.heading for r in official.parse(text)}
    assert titles["110"] == "准备流程" and titles["120"] == "回合流程"
    assert parents["110"] == "100" and parents["120"] == "100"  # the headings are under their part
    assert [parents[c] for c in ("111", "112", "113")] == ["110"] * 3
    assert [parents[c] for c in ("121", "122")] == ["120"] * 2


def test_a_chapter_ending_in_zero_with_its_own_rules_heads_nothing() -> None:
    text = "\n".join(["《星海对决》核心规则", "最后更新时间：2026 年7 月17 日", "", "100. 游戏流程", "",
                      "110.", "准备流程", "110.1.", "准备流程开始时，双方洗牌。", "", "111.", "洗牌", "111.1.", "洗牌时，玩家随机排列卡组。", ""]) + "\n"
    parents = {r.id: r.parent for r in official.parse(text)}
    assert parents["110"] == "100" and parents["111"] == "100"  # 110 has rules of its own: 111 is its sibling
