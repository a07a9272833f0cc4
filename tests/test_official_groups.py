"""A publisher's full rules text whose section headings stand on their own number (``110.`` / ``准备流程``, followed
by 111–115): the chapters under such a heading are its children, and it is a child of its part."""

from __future__ import annotations

from corpus_helpers import data_dir  # noqa: F401  (the fixture the corpus test uses)
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


def publisher_document() -> tuple[str, dict[str, str]]:
    """A full rules text in the publisher's layout, over 2,000 rules: 9 parts (``100. 游戏流程``), each with four
    section headings standing on their own number (``110.`` / ``准备流程``) over three chapters each (111–113), each
    chapter with a heading and 18 rules (``111.1.`` … with children ``111.1.a.``), every rule's text wrapped at the
    page width, and a page marker and running header every 60 lines. Also: each chapter's expected parent."""
    lines = ["《星海对决》核心规则", "最后更新时间：2026 年7 月17 日", "", "本文件是星海对决的完整规则。", ""]
    parent: dict[str, str] = {}
    for p in range(1, 10):
        part = f"{p}00"
        lines += [f"{part}. 第{p}部分", ""]
        for g in range(1, 5):
            group = f"{p}{g}0"
            lines += [f"{group}.", f"第{p}部分第{g}组", ""]
            parent[group] = part
            for c in range(1, 4):
                cid = f"{p}{g}{c}"
                parent[cid] = group
                lines += [f"{cid}.", f"章节{cid}"]
                for r in range(1, 10):
                    lines += [f"{cid}.{r}.", f"在章节{cid}的第{r}条规则中，玩家按照顺序进行这一步骤的每一个动作，直到所有",
                              "动作都完成为止。"]
                    lines += [f"{cid}.{r}.a.", f"这是{cid}.{r}的第一项说明。"]
                lines.append("")
    out: list[str] = []
    for i, line in enumerate(lines, 1):
        out.append(line)
        if i % 60 == 0:  # a page break: its number and the running header of every page
            out += ["", f"- {i // 60} -", "\f星海对决 核心规则", ""]
    return "\n".join(out) + "\n", parent


def test_a_full_publisher_document_puts_every_chapter_under_its_stand_alone_heading() -> None:
    text, parent = publisher_document()
    rules = official.parse(text)
    by_id = {r.id: r for r in rules}
    assert len(rules) >= 2000
    assert {cid: by_id[cid].parent for cid in parent} == parent  # every chapter under its heading, each under its part
    assert all(by_id[g].heading == f"第{g[0]}部分第{g[1]}组" for g in parent if g.endswith("0"))
    assert by_id["113.4"].text == "在章节113的第4条规则中，玩家按照顺序进行这一步骤的每一个动作，直到所有动作都完成为止。"
    assert len(rules) == len(by_id)  # no rule read twice (a page number is never a rule)


def test_added_as_a_game_its_breadcrumbs_go_through_the_headings(tmp_path, data_dir) -> None:  # noqa: ANN001, F811
    from corpus_helpers import corpus_cli

    from judge.corpus.store import read_corpus

    text, _ = publisher_document()
    (tmp_path / "starsea.txt").write_text(text, encoding="utf-8")
    code, out = corpus_cli("add", str(tmp_path / "starsea.txt"), "--new-game", "starsea", "--format", "official")
    assert code == 0, out
    corpus = read_corpus()
    crumbs = [r.id for r in corpus.breadcrumb(corpus.get("starsea", "113.4.a"))]
    assert crumbs == ["100", "110", "113", "113.4", "113.4.a"]
    assert [r.id for r in corpus.breadcrumb(corpus.get("starsea", "942.1"))] == ["900", "940", "942", "942.1"]
