"""A comprehensive-rules document in a publisher's layout, written by the tests (never parsed to make expectations).

The layout is the one text extracted from a publisher's PDF has: the document's title and its date line
(``最后更新时间：2026 年7 月17 日``), an introduction, part headings on one line (``000. 黄金与白银法则``),
each rule number alone on its line ending in a dot (``103.1.b.2.``) with the text on the following lines,
section headings on the line after their number, hard-wrapped text, lists one item a line (with and without
bullets), worked examples (``举例：``) quoting cards (“名称”是一张…，其描述为“…”), references
(``参见 317.2``, ``请参阅规则 103.1.b.``), two of which state a title that is not the referenced rule's, and
page furniture between pages: a running footer, a page number and a running header, sometimes in
mid-sentence.

:func:`make` returns the text with the truth about every rule (id, title, parent, text, list items, examples,
cards, references), which the generator knows because it wrote them.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

TITLE = "《星海对决》核心规则"
DATE_LINE = "最后更新时间：2026 年7 月17 日"
FOOTER = "《星海对决》核心规则 · 仅供赛事使用"
HEADER = "星海对决 核心规则 2026"
WRAP = 34  # characters per line of the page

PARTS = ["黄金与白银法则", "游戏概念", "卡牌与区域", "回合结构", "战斗", "能力与效果", "关键词", "附加规则"]
SECTION_WORDS = ["卡牌类型", "控制权", "费用", "区域", "目标", "伤害", "抓牌阶段", "回合结束阶段", "召唤", "指示物",
                 "资源", "胜负", "法术", "单位", "装备", "战场", "待命区", "弃牌堆", "放逐区", "连锁", "优先权", "触发",
                 "替代效果", "持续效果", "状态", "增益", "护盾", "移动", "据守", "征服"]
NOUNS = ["单位", "法术", "装备", "玩家", "对手", "卡牌", "效果", "能力", "目标", "区域", "指示物", "伤害", "费用",
         "战场", "回合", "阶段", "连锁", "优先权", "手牌", "牌库"]
VERBS = ["打出", "结算", "指定", "移动", "摧毁", "获得", "失去", "支付", "放逐", "抓取", "展示", "横置", "重置", "造成"]
CARDS = [("火箭轰击", "法术", "对一个单位造成 3 点伤害。"), ("铁壁卫士", "单位", "当铁壁卫士进场时，抓一张牌。"),
         ("星尘护符", "装备", "你的单位获得 +1 战力。"), ("虚空低语", "法术", "反制一个法术。"),
         ("疾风游侠", "单位", "急速。当疾风游侠攻击时，对手弃一张牌。")]


@dataclass
class Rule:
    """What the generator wrote for one rule."""

    id: str
    title: str | None  # the rule's own heading, or None
    parent: str | None
    text: str  # the rule text as one string, lines joined as the parser should join them
    items: list[str] = field(default_factory=list)  # list items, one a line
    examples: list[str] = field(default_factory=list)
    cards: list[tuple[str, str]] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)
    part: bool = False
    lines: list[str] = field(default_factory=list)  # the document lines of the rule, before pagination


@dataclass
class Document:
    text: str
    rules: list[Rule]
    pages: int
    wrong_titles: list[tuple[str, str, str]]  # (citing rule, referenced id, stated title)
    mid_sentence_breaks: int = 0

    def by_id(self) -> dict[str, Rule]:
        return {r.id: r for r in self.rules}

    def title_of(self, rid: str) -> str | None:
        """The title a rule should show: its own heading, else its nearest titled ancestor's."""
        by = self.by_id()
        r: Rule | None = by[rid]
        while r is not None:
            if r.title:
                return r.title
            r = by.get(r.parent) if r.parent else None
        return None


def _wrap(text: str, width: int = WRAP) -> list[str]:
    """Hard-wrap as a page does: at most ``width`` characters a line, never inside a number or a Latin word."""
    lines = [""]
    for unit in re.findall(r"[0-9A-Za-z.+\-]+|.", text):
        if len(lines[-1]) + len(unit) > width and lines[-1]:
            lines.append("")
        lines[-1] += unit
    return [ln.strip() for ln in lines if ln.strip()] or [""]


def _sentence(rng: random.Random) -> str:
    a, b = rng.sample(NOUNS, 2)
    v = rng.choice(VERBS)
    tail = rng.choice(["时，该玩家必须先检查其控制者", "后，其控制者可以选择是否继续", "时，按照回合顺序依次进行",
                       "前，所有玩家都会获得一次回应的机会", "时，不会产生额外的事件"])
    return f"当一名玩家{v}{a}并影响{b}{tail}。"


@lru_cache(maxsize=4)
def make(n_rules: int = 2000, seed: int = 15, lines_per_page: int = 44) -> Document:
    """A document of about ``n_rules`` rules (exactly that many, counting part and section headings)."""
    rng = random.Random(seed)
    rules: list[Rule] = []
    n_parts = len(PARTS)
    per_part = max(1, n_rules // n_parts)
    section_titles: dict[str, str] = {}
    for p, part_title in enumerate(PARTS):
        if len(rules) >= n_rules:
            break
        part_id = f"{p}00"
        rules.append(Rule(part_id, part_title, None, "", part=True))
        budget = per_part - 1 if p < n_parts - 1 else n_rules - len(rules)
        chapter = 0
        while budget > 0 and chapter < 99:
            chapter += 1
            cid = f"{p}{chapter:02d}"
            title = SECTION_WORDS[(p * 7 + chapter) % len(SECTION_WORDS)]
            section_titles[cid] = title
            rules.append(Rule(cid, title, part_id, ""))
            budget -= 1
            for k in range(1, rng.randint(2, 5) + 1):
                if budget <= 0:
                    break
                rid = f"{cid}.{k}"
                own = title + "的" + rng.choice(["定义", "处理", "时机", "限制"]) if rng.random() < 0.12 else None
                rules.append(Rule(rid, own, cid, ""))
                budget -= 1
                for letter in "abcd"[: rng.randint(0, 4)]:
                    if budget <= 0:
                        break
                    lid = f"{rid}.{letter}"
                    rules.append(Rule(lid, None, rid, ""))
                    budget -= 1
                    for n in range(1, rng.randint(0, 2) + 1):
                        if budget <= 0:
                            break
                        rules.append(Rule(f"{lid}.{n}", None, lid, ""))
                        budget -= 1
    rules = rules[:n_rules]
    ids = [r.id for r in rules]
    leaves = [r for r in rules if not r.part and "." in r.id]

    # texts, lists, examples, references
    wrong_titles: list[tuple[str, str, str]] = []
    titled = [r for r in rules if r.title and not r.part and r.id.count(".") >= 1]
    for i, r in enumerate(rules):
        if r.part or (r.title and "." not in r.id):
            continue  # a part or a section heading: no text of its own
        sentences = [_sentence(rng) for _ in range(rng.randint(1, 3))]
        if i % 9 == 0:  # a reference
            target = rng.choice(ids)
            if target != r.id and not rules[ids.index(target)].part:
                form = rng.choice(["参见 {t}", "请参阅规则 {t}.", "详见 {t}"])
                sentences.append(f"此时的处理方式{form.format(t=target)}。" if not form.endswith(".") else f"此时的处理方式{form.format(t=target)}")
                r.refs.append(target)
        r.text = "".join(sentences)
        if i % 37 == 5:  # a list, one item a line
            items = rng.sample(NOUNS, 3)
            bullet = "• " if i % 2 else ""
            r.text += "\n以下各项均受此规则影响："
            r.items = [f"{bullet}{it}" for it in items]
        if i % 7 == 3:  # a worked example quoting a card
            name, kind, text = rng.choice(CARDS)
            ex = f"举例：“{name}”是一张{kind}，其描述为“{text}”玩家打出{name}后，按照本规则进行处理。"
            r.examples.append(ex)
            r.cards.append((name, text))
    # two references that state a title the referenced rule does not have (errata to find)
    for citing, target in ((leaves[10], titled[0]), (leaves[40], titled[1])):
        stated = next(t for t in SECTION_WORDS if t != target.title and t not in (target.title or ""))
        citing.text += f"该效果在{target.id} {stated}中结算。"
        citing.refs.append(target.id)
        wrong_titles.append((citing.id, target.id, stated))
    # and one that states the right title (no erratum)
    good_citing, good_target = leaves[60], titled[2]
    good_citing.text += f"详见{good_target.id} {good_target.title}。"
    good_citing.refs.append(good_target.id)

    return render(rules, wrong_titles, lines_per_page)


def render(rules: list[Rule], wrong_titles: list[tuple[str, str, str]] | None = None, lines_per_page: int = 44,
           date_line: str = DATE_LINE) -> Document:
    """The document text of ``rules`` (after a test changed some): wrapped, paginated, with furniture."""
    for r in rules:
        if r.part:
            r.lines = [f"{r.id}. {r.title}"]
            continue
        r.lines = [f"{r.id}."]
        if r.title:
            r.lines.append(r.title)
        for para in r.text.split("\n"):
            if para:
                r.lines += _wrap(para)
        r.lines += r.items
        for ex in r.examples:
            r.lines += _wrap(ex)

    # pages: the body lines cut every ``lines_per_page`` lines, furniture between pages
    body = [line for r in rules for line in r.lines]
    head = [TITLE, date_line, "本文件是《星海对决》的完整规则，供玩家与裁判使用。", "规则编号以三位数字开头。"]
    out = list(head)
    page = 1
    mid = 0
    for n, line in enumerate(body):
        if n and n % lines_per_page == 0:
            prev = out[-1]
            if not prev.endswith("。") and not prev.endswith("：") and not prev.endswith(".") and len(prev) == WRAP:
                mid += 1
            out += [FOOTER, f"- {page} -", HEADER]
            page += 1
        out.append(line)
    out += [FOOTER, f"- {page} -"]
    return Document("\n".join(out) + "\n", rules, page, wrong_titles or [], mid)


def expected_text(r: Rule) -> str:
    """The rule text a parser should give: wrapped lines rejoined, the list one item a line."""
    return "\n".join([r.text, *r.items]).strip()


# --- two versions of the document (tests/test_corpus_versions.py, tests/test_site_versions.py) --------------------
OLD_DATE, NEW_DATE = "最后更新时间：2026 年7 月17 日", "最后更新 2026-10-10"


def write(folder: Path, name: str, doc: Document) -> Path:
    """``doc``'s text written to ``folder/name``."""
    p = folder / name
    p.write_text(doc.text, encoding="utf-8")
    return p


def editions(folder: Path) -> dict[str, object]:
    """Version 1 (dated July), and version 2 (dated October) with one rule's text changed, one rule removed and
    one added, written to ``folder``; with the ids of the three edits and the changed rule's old and new text."""
    base = make(300)
    rules = copy.deepcopy(base.rules)
    by_id = {r.id: r for r in rules}
    changed, removed = "002.2.a", "003.1"
    assert by_id[changed].text and not by_id[changed].items and by_id[removed].text
    by_id[changed].text = by_id[changed].text.replace("当一名玩家", "当任意一名玩家", 1)
    kids = [r for r in rules if r.id.startswith(removed + ".")]
    assert not kids  # a leaf: removing it leaves no orphan
    rules.remove(by_id[removed])
    added = Rule("002.5", None, "002", "这是第二版新增的规则。")
    last_of_002 = max(i for i, r in enumerate(rules) if r.id == "002" or r.id.startswith("002."))
    rules.insert(last_of_002 + 1, added)
    v1 = render(copy.deepcopy(base.rules), date_line=OLD_DATE)
    v2 = render(rules, date_line=NEW_DATE)
    return {"v1": write(folder, "july.txt", v1), "v2": write(folder, "october.txt", v2), "base": base,
            "changed": changed, "removed": removed, "added": "002.5",
            "old_text": expected_text(by_id[changed]).replace("当任意一名玩家", "当一名玩家", 1),
            "new_text": expected_text(by_id[changed])}
