"""FAQ documents in a publisher's layouts, written by the tests: numbered questions (``Q3：…？`` / ``A：…``), or
unnumbered questions (paragraphs ending in ？) between separator lines, hard-wrapped, with page markers and a running
header in between; Simplified, or Traditional (made with OpenCC from the Simplified text)."""

from __future__ import annotations

from dataclasses import dataclass

TOPICS = [("反制", "一个法术"), ("摧毁", "一个单位"), ("移动", "一名单位"), ("支付", "额外费用"), ("抓取", "两张牌"),
          ("放逐", "弃牌堆中的卡牌"), ("横置", "一个装备"), ("指定", "两个目标")]
WRAP = 30


@dataclass
class Entry:
    question: str
    answer: str
    explanation: list[str]
    cites: list[str]


@dataclass
class FaqDoc:
    title: str
    text: str
    entries: list[Entry]


def entries(n: int, cites: list[str]) -> list[Entry]:
    """``n`` rulings, each citing one or two of ``cites`` (rule ids of the game), or none."""
    out = []
    for i in range(n):
        verb, what = TOPICS[i % len(TOPICS)]
        q = f"第{i + 1}题：当我在对手的回合中{verb}{what}时，该效果会在连锁结算之前还是之后生效？"
        a = f"在连锁结算之后生效。{verb}{what}不会打断正在结算的连锁。"
        ex = [f"这是因为{verb}属于一次性效果，它要等待连锁上位于其上方的所有项目结算完毕，之后才会按照规则处理。"]
        c = [cites[i % len(cites)], cites[(i + 3) % len(cites)]][: 1 + i % 2] if i % 4 != 3 else []
        out.append(Entry(q, a, ex, c))
    return out


def _wrap(text: str) -> list[str]:
    return [text[i : i + WRAP] for i in range(0, len(text), WRAP)]


def numbered(title: str, items: list[Entry], date_line: str | None = None) -> str:
    lines = [title, *( [date_line] if date_line else []), "", "本文件收录裁判常见问题的官方解答。", ""]
    for i, e in enumerate(items, 1):
        lines += [f"Q{i}：{e.question}", "", f"A：{e.answer}", ""]
        lines += [p for para in e.explanation for p in (para, "")]
        if e.cites:
            lines += ["相关规则：" + "、".join(f"{c}." for c in e.cites), ""]
    return "\n".join(lines) + "\n"


def unnumbered(title: str, items: list[Entry], header: str) -> str:
    """Paragraphs hard-wrapped at the page width; a separator between entries; page furniture every few."""
    lines = [title, "本文件收录裁判常见问题的官方解答。"]
    page = 1
    for i, e in enumerate(items):
        lines.append("——————————")
        lines += _wrap(e.question) + _wrap(e.answer)
        if i % 3 == 1:  # a page break between the answer and its explanation
            lines += [f"- {page} -", header]
            page += 1
        for para in e.explanation:
            lines += _wrap(para)
        if e.cites:
            lines.append("相关规则：" + "、".join(e.cites))
    lines += [f"- {page} -"]
    return "\n".join(lines) + "\n"


def traditional(text: str) -> str:
    import opencc

    return opencc.OpenCC("s2t.json").convert(text)


# A translation of its own (the Simplified edition of a Traditional FAQ made by another translator): other words for
# some terms and a card's other name (月隕 → 月之降临, 賦能 → 强化, as the issue reports the real Simplified edition),
# and each sentence's clauses said the other way round.
TRANSLATED = [("会发生什么事", "结果是什么"), ("如果", "假如"), ("我", "玩家"), ("可以", "能够"), ("是否", "能否"),
              ("什么", "啥"), ("时候", "时"), ("月陨", "月之降临"), ("赋能", "强化"), ("单位", "单元"), ("法术", "咒语"),
              ("选择", "挑选"), ("战场", "战地"), ("打出", "施放")]


def translation(text: str) -> str:
    """``text`` in Simplified, translated again (see TRANSLATED)."""
    import re

    from judge.locale.folding import fold

    text = fold(text)
    for a, b in TRANSLATED:
        text = text.replace(a, b)
    body, end = re.fullmatch(r"(.*?)([？?。！!]*)", text, re.S).groups()  # the sentence's own end stays its end
    clauses = re.split(r"(?<=[，,])", body)
    return "".join(c.rstrip("，,") + "，" for c in reversed(clauses[1:])) + clauses[0].rstrip("，,") + end
