"""A publisher's comprehensive rules as text taken from its PDF (format ``official``).

Layout: a title, a date line and an introduction, then part headings on one line (``000. 黄金与白银法则``) and
rules, each number alone on its line, with or without a trailing dot (``103.1.b.2.``, ``706.1a``), the text on
the following lines, hard-wrapped at the page width. A section's heading is the line after its number
(``103.`` / ``卡牌类型``). Lists are one item a line (``• 单位``, ``（1）…``, or bare short lines after a colon);
worked examples start with 举例/例如/示例/例 and may quote cards (“火箭轰击”是一张法术，其描述为“…”). Between
pages: page markers and running headers and footers (:mod:`judge.corpus.formats.pages`), removed, with the
text on either side joined again.

A number at the start of a line is a new rule only when it can follow the previous one (a next sibling, a
first child, one of the next chapters) or when the line before it ends a sentence: a reference wrapped to the
start of a line (``请参阅规则`` / ``703.1.b.``) is not a rule, and a number out of order or seen before after a
sentence end is one (so a number the document gives twice is reported, never swallowed). The chapters after a
part heading are its children.
"""

from __future__ import annotations

import re

from judge.corpus.formats.common import EXAMPLE_START_RE, cards_in, split_examples
from judge.corpus.formats.pages import Line, content_lines, join_lines, width, wrap_width
from judge.corpus.model import Example, ParsedRule
from judge.corpus.ruleid import RULE_ID, depth

# a rule number alone on its line, with or without a trailing dot
ID_LINE_RE = re.compile(rf"^(?P<id>{RULE_ID})\.?$")
# a rule number followed by text on the same line (a part heading, or a rule written inline)
ID_TEXT_RE = re.compile(rf"^(?P<id>{RULE_ID})(?!\.[0-9a-z])(?:\.\s*|\s+)(?P<rest>\S.*)$")
# what a heading never holds: sentence punctuation
_SENTENCE_PUNCT = re.compile(r"[。，；：！？,;:!?]")
MAX_HEADING = 40  # display columns
_ENDS_PARAGRAPH = "。！？；.”」』）)"  # not a colon: a list of references may follow one
_PART = re.compile(r"^\d00$")
_GROUP = re.compile(r"^\d[1-9]0$")  # a chapter number ending in 0 that may head the chapters of its tens


def _parts(rid: str) -> list[str]:
    return re.findall(r"\d+|[a-z]+", rid)


def _bump(part: str) -> list[str]:
    """The next values of one part of a number, allowing a small gap (a rule the document leaves out)."""
    if part.isdigit():
        return [str(int(part) + k) for k in (1, 2, 3)]
    return [chr(ord(part[-1]) + k) for k in (1, 2, 3) if ord(part[-1]) + k <= ord("z")]


def can_follow(prev: str | None, rid: str) -> bool:
    """May rule ``rid`` come right after rule ``prev`` in a document: a first child, the next sibling of ``prev``
    or of one of its ancestors, or a later chapter."""
    if prev is None:
        return True
    p, c = _parts(prev), _parts(rid)
    if c[0] != p[0]:  # one of the next chapters: its heading, or its first rule when it has no heading line
        return 0 < int(c[0]) - int(p[0]) <= 3 and all(x in ("1", "a") for x in c[1:])
    if len(c) == len(p) + 1 and c[:-1] == p and c[-1] in ("1", "a"):
        return True  # a first child
    n = len(c)
    return 1 < n <= len(p) and c[: n - 1] == p[: n - 1] and c[-1] in _bump(p[n - 1]) and c[-1].isdigit() == p[n - 1].isdigit()


def _heading(text: str) -> bool:
    return bool(text) and width(text) <= MAX_HEADING and not _SENTENCE_PUNCT.search(text) and not EXAMPLE_START_RE.match(text)


def _starts(lines: list[Line]) -> list[tuple[int, str, str]]:
    """Where rules start: (line index, id, text after the number on that line)."""
    starts: list[tuple[int, str, str]] = []
    seen: set[str] = set()
    prev: str | None = None
    for i, line in enumerate(lines):
        m = ID_LINE_RE.match(line.text) or ID_TEXT_RE.match(line.text)
        if not m:
            continue
        rid = m["id"]
        rest = m.groupdict().get("rest") or ""
        before = lines[i - 1].text if i else ""
        # (a line cut short is no sign: the line before a wrapped reference is short when the number did not fit)
        paragraph_ended = not before or bool(starts and starts[-1][0] == i - 1) or before[-1] in _ENDS_PARAGRAPH
        part_heading = bool(rest) and bool(_PART.match(rid)) and _heading(rest)
        if can_follow(prev, rid) or part_heading or (paragraph_ended and (not rest or rid in seen)):
            starts.append((i, rid, rest))
            seen.add(rid)
            prev = rid
    return starts


def parse(text: str) -> list[ParsedRule]:
    """Parse a publisher's rules text into rules in document order."""
    pages = content_lines(text)
    lines = pages.lines
    source = text.split("\n")
    ww = wrap_width([ln.text for ln in lines])
    full = ww - max(6, ww // 8)
    starts = _starts(lines)
    rules: list[ParsedRule] = []
    part: str | None = None
    group: str | None = None  # a heading standing on its own number (``110.`` / ``准备流程``) over 111, 112 …
    for k, (i, rid, rest) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        body = [ln.text for ln in lines[i + 1 : end]]
        heading: str | None = None
        parent: str | None = None
        if rest and depth(rid) == 1 and _heading(rest):
            heading, rest = rest, ""
            if _PART.match(rid):
                part, group = rid, None
        elif not rest and body and _heading(body[0]) and (len(body) > 1 or depth(rid) == 1 or _next_is_child(starts, k)):
            heading, body = body[0], body[1:]
        if group and depth(rid) == 1 and rid[:-1] != group[:-1]:
            group = None  # past its tens (120 …): it heads no more chapters
        if depth(rid) == 1 and group and rid != group:
            parent = group
        elif depth(rid) == 1 and part and rid != part:
            parent = part
        if heading and not body and _GROUP.match(rid) and _next_in_group(starts, k):
            group = rid
        text_lines, examples = split_examples(([rest] if rest else []) + body)
        rules.append(
            ParsedRule(
                id=rid,
                text=join_lines(text_lines, full),
                line=lines[i].number,
                raw="\n".join(source[lines[i].number - 1 : lines[end - 1].number]),
                heading=heading,
                examples=[Example(ex, cards_in(ex)) for ex in (join_lines(e, full) for e in examples)],
                parent=parent,
            )
        )
    return rules


def _next_in_group(starts: list[tuple[int, str, str]], k: int) -> bool:
    """The rule after a heading-only ``X10`` is ``X11`` (its tens), not ``X10.1``: the heading groups the chapters."""
    if k + 1 >= len(starts):
        return False
    rid, nxt = starts[k][1], starts[k + 1][1]
    return depth(nxt) == 1 and nxt[:-1] == rid[:-1] and nxt != rid


def _next_is_child(starts: list[tuple[int, str, str]], k: int) -> bool:
    return k + 1 < len(starts) and starts[k + 1][1].startswith(starts[k][1] + ".")
