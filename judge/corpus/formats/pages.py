"""Page furniture in text taken from a printed document: page markers, running headers and footers.

A publisher's PDF, once turned into text, carries at every page break a page number (``- 12 -``, ``第 12 页``,
``12 / 180``, ``Page 12``, or a bare number) and a running header or footer repeated on every page. They are
not rule text, and a sentence broken by them must be joined again. :func:`content_lines` drops them and marks
the first content line after each break, so a format can rejoin text across it.

What counts as furniture:

* a form feed (``\\f``, which PDF text extraction writes between pages) is a page break;
* a page-marker line (the forms above); a bare number of one, two or four digits anywhere, and a bare
  three-digit number only next to other furniture or a page break (alone, it may be a rule number);
* a running header or footer: a short line repeated (digits aside) at least three times, either with a number
  that grows from one to the next (a page number inside it: ``72 崛起 TCG 综合性规则``) or with four of every
  five occurrences within two lines of a page break or a page marker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

_MARKERS = [
    re.compile(r"^[-–—~－]\s*\d{1,4}\s*[-–—~－]$"),  # - 12 -
    re.compile(r"^第\s*\d{1,4}\s*[页頁](?:\s*[,，/／]?\s*共\s*\d{1,4}\s*[页頁])?$"),  # 第 12 页（共 180 页）
    re.compile(r"^\d{1,4}\s*[/／]\s*\d{1,4}$"),  # 12 / 180
    re.compile(r"^(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?$", re.IGNORECASE),  # Page 12 of 180
    re.compile(r"^\d{1,2}$|^\d{4}$"),  # a bare number that cannot be a rule number
]
_BARE_THREE = re.compile(r"^\d{3}$")
# what is never a running header: a line opening with a rule number, a list item or an example
_NOT_FURNITURE = re.compile(r"^(?:\d{3}(?:[.\s]|$)|[•·●○▪\-–*]|(?:示例|例如|举例|舉例|例)[：:])")
_DIGITS = re.compile(r"\d+")
NEAR = 2  # lines: how close a running header sits to a page break or marker


@dataclass
class Line:
    """A content line: its text (stripped), its 1-based line in the document, and whether a page break
    (furniture removed) comes right before it."""

    text: str
    number: int
    after_break: bool = False


@dataclass
class Pages:
    """The document's content lines, and what was removed."""

    lines: list[Line]
    furniture: list[int]  # 1-based line numbers of the furniture lines removed
    breaks: int  # page breaks seen


def is_marker(text: str) -> bool:
    """True when a stripped line is a page marker in one of the forms in the module docstring (not bare 3 digits)."""
    return any(rx.match(text) for rx in _MARKERS)


def _key(text: str) -> str:
    return _DIGITS.sub("#", "".join(text.split()))


def _numbered(lines: Iterable[str]) -> bool:
    """True when the first number of each line grows by one to three from one line to the next (page numbers)."""
    numbers = [int(m.group()) for line in lines if (m := _DIGITS.search(line))]
    return len(numbers) >= 3 and all(1 <= b - a <= 3 for a, b in zip(numbers, numbers[1:]))


def content_lines(text: str) -> Pages:
    """The document's non-blank lines without page furniture (see the module docstring)."""
    raw: list[tuple[int, str, bool]] = []  # (line number, stripped text, a form feed comes right before it)
    for n, line in enumerate(text.split("\n"), 1):
        feed = "\f" in line
        for part in line.split("\f") if feed else [line]:
            raw.append((n, part.strip(), feed))
            feed = False
    breaks = [i for i, (_, s, feed) in enumerate(raw) if feed]
    marks = {i for i, (_, s, _) in enumerate(raw) if s and is_marker(s)}
    anchors = sorted(set(breaks) | marks)

    def near_anchor(i: int) -> bool:
        return any(abs(i - a) <= NEAR for a in anchors)

    # running headers and footers: repeated short lines, mostly beside a page break or marker
    by_key: dict[str, list[int]] = {}
    for i, (_, s, _) in enumerate(raw):
        if s and len(s) <= 80 and i not in marks and not _NOT_FURNITURE.match(s):
            by_key.setdefault(_key(s), []).append(i)
    furniture = set(marks)
    for key, places in by_key.items():
        if len(places) < 3:
            continue
        if "#" in key and _numbered(raw[i][1] for i in places):
            furniture.update(places)
            anchors = sorted(set(anchors) | set(places))
    for places in by_key.values():
        near = [i for i in places if near_anchor(i)]
        if len(near) >= 3 and len(near) * 5 >= len(places) * 4:
            furniture.update(near)
    # a bare three-digit number next to furniture or a page break is a page number
    for i, (_, s, _) in enumerate(raw):
        if _BARE_THREE.match(s) and any(j in furniture or j in breaks for j in (i - 1, i + 1, i)):
            furniture.add(i)
    out: list[Line] = []
    pending_break = False
    for i, (n, s, feed) in enumerate(raw):
        if feed:
            pending_break = True
        if i in furniture:
            pending_break = True
            continue
        if not s:
            continue
        out.append(Line(s, n, pending_break and bool(out)))
        pending_break = False
    removed = sorted({raw[i][0] for i in furniture if raw[i][1]})
    return Pages(out, removed, len(breaks) + len(marks))


# --- joining hard-wrapped lines ---------------------------------------------------------------------------
_TERMINAL = "。！？；：:”」』）)"
LIST_ITEM_RE = re.compile(r"^(?:[•·●○▪■◆◇\-–*]\s*|[（(]?\d{1,2}[)）.、]\s*|[（(][a-z一二三四五六七八九十][)）]\s*|[①-⑳])")


def width(text: str) -> int:
    """Display width: a CJK character counts two columns."""
    return sum(2 if ord(c) > 0x2E80 else 1 for c in text)


def wrap_width(lines: list[str]) -> int:
    """The width a document's text is wrapped at: the 90th percentile of its line widths."""
    widths = sorted(width(ln) for ln in lines if ln)
    return widths[int(len(widths) * 0.9)] if widths else 0


def join_lines(lines: list[str], full: int) -> str:
    """Join hard-wrapped lines: a line at least ``full`` wide runs on into the next; a shorter one, one ending
    in a colon, or one before a list item ends its line (so list items stay one a line)."""
    out = ""
    prev = ""
    for line in lines:
        if not line:
            continue
        if not out:
            out = line
        elif LIST_ITEM_RE.match(line) or prev.endswith(("：", ":")):
            out += "\n" + line
        elif width(prev) >= full or (prev[-1] not in _TERMINAL and line[0].isascii() and line[0].isalnum()):
            sep = " " if prev[-1].isascii() and prev[-1].isalnum() and line[0].isascii() and line[0].isalnum() else ""
            out += sep + line
        else:
            out += "\n" + line
        prev = line
    return out
