"""崛起 TCG 综合性规则 1.00 版, as scraped from a forum thread (format ``rise-forum``).

The scrape carries page furniture (a page-number line plus a running header at every page
break, often in mid-sentence), the poster's name between posts, part headings (``8. 附加术语``)
and, after a ``====`` line, the credits chapter and reader replies.  Rules may start in the
middle of a line or without a space after their number; worked examples (``示例：``) are
followed by the quoted cards' name lines and rules text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from judge.corpus.model import Card, Example, ParsedRule

# --- furniture -----------------------------------------------------------------------------
# A page-number line and the running header that follows it.
PAGE_NUMBER_RE = re.compile(r"^\s*\d{1,4}\s*$")
RUNNING_HEADER_RE = re.compile(r"^\s*\d{1,4}\s+崛起\s*TCG\s*综合性规则.*版\s*$")
# Where the rules end: the separator before the credits, or the credits chapter itself.
END_OF_RULES_RE = re.compile(r"^\s*(?:={4,}\s*|9\.\s*制作人员名单.*)$")
# A part heading such as ``8. 附加术语`` (one digit: not a rule number in the id grammar).
PART_HEADING_RE = re.compile(r"^\s*\d\.\s*\S+\s*$")

# --- rule starts ---------------------------------------------------------------------------
# A rule number where a rule may begin; the id is 706 / 706.1 / 706.1a, an optional dot may
# follow a chapter number, and it must not run on into a range, list or longer number.
RULE_START_RE = re.compile(
    r"(?P<id>\d{3}(?:\.\d+[a-z]?)?)(?:\.(?=\s))?(?![\da-zA-Z.\-–~、，,）)])[ \t\u3000]*"
)
# Characters after which a new rule may start in mid-line (a sentence or bracket end).
SENTENCE_END_CHARS = "。！？；）)」”"
MIDLINE_RULE_RE = re.compile(rf"(?<=[{SENTENCE_END_CHARS}])[ \t\u3000]*(?={RULE_START_RE.pattern})")
# Parts of a rule id: chapter, number, letter.
ID_PARTS_RE = re.compile(r"^(?P<ch>\d{3})(?:\.(?P<num>\d+)(?P<let>[a-z])?)?$")

# --- rule body -----------------------------------------------------------------------------
# An example block opens with one of these labels at the start of a line.
EXAMPLE_START_RE = re.compile(r"^(?:示例|例如|举例|例)[：:]\s*")
# A quoted card's name line: a short name, then comma-separated fields (cost, faction, type…)
# and no sentence end anywhere (rules-text lines end with 。).
CARD_NAME_LINE_RE = re.compile(r"^(?P<name>[^，,。\s]{1,16})，(?P<fields>[^。]+)$")
# Line ends after which a page break is a line break rather than a word split.
LINE_END_RE = re.compile(r"[。！？：；][”’」』）)]*$")
# Line starts that always begin a new line (a rule number or a bulleted sub-item).
BULLET_RE = re.compile(r"^[·•○]")


@dataclass
class _Seg:
    """A piece of one raw line that is rule content: its text and where it sits in the file."""

    text: str
    line: int  # 1-based raw line number
    start: int  # offset of text[0] in the raw document


@dataclass
class _Logical:
    """A logical line: raw pieces joined across page breaks (no separator between them)."""

    segs: list[_Seg]

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segs)

    def locate(self, pos: int) -> tuple[int, int]:
        """Raw (line, offset) of character ``pos`` of the logical text (``pos`` may be its end)."""
        for seg in self.segs:
            if pos < len(seg.text):
                return seg.line, seg.start + pos
            pos -= len(seg.text)
        last = self.segs[-1]
        return last.line, last.start + len(last.text) + pos


def _is_rule_line_start(text: str) -> bool:
    """True when a content line begins with something shaped like a rule number."""
    return bool(RULE_START_RE.match(text))


def _content_lines(text: str) -> list[_Logical]:
    """The document's content lines, furniture and forum residue removed, page splits rejoined."""
    raw_lines = text.splitlines(keepends=True)
    # The poster's name opens the thread and recurs wherever a new post continues the text.
    author = raw_lines[0].strip() if raw_lines and not _is_rule_line_start(raw_lines[0]) else None
    out: list[_Logical] = []
    offset = 0
    split_word = False  # a page break was seen since the last content line
    for idx, raw in enumerate(raw_lines):
        line_no, start = idx + 1, offset
        offset += len(raw)
        body = raw.rstrip("\r\n").rstrip()
        if END_OF_RULES_RE.match(body):
            break  # credits and replies follow
        if not body.strip() or body.strip() == author or PART_HEADING_RE.match(body):
            continue
        if RUNNING_HEADER_RE.match(body) or (
            PAGE_NUMBER_RE.match(body)
            and idx + 1 < len(raw_lines)
            and RUNNING_HEADER_RE.match(raw_lines[idx + 1])
        ):
            split_word = True
            continue
        seg = _Seg(body, line_no, start)
        prev = out[-1].text if out else ""
        # Rejoin a sentence that a page break cut: the previous line stops mid-sentence and
        # this one does not open a rule or a bullet.
        if (
            out
            and split_word
            and not LINE_END_RE.search(prev)
            and not _is_rule_line_start(body)
            and not BULLET_RE.match(body)
        ):
            out[-1].segs.append(seg)
        else:
            out.append(_Logical([seg]))
        split_word = False
    return out


def _expected_next(prev: str | None, line_start: bool) -> Callable[[str], bool]:
    """A predicate: may ``rid`` follow rule ``prev`` (next sibling, first child, next chapter)?"""

    def ok(rid: str) -> bool:
        m = ID_PARTS_RE.match(rid)
        if not m:
            return False
        if prev is None:
            return line_start
        p = ID_PARTS_RE.match(prev)
        assert p is not None
        ch, pch = int(m["ch"]), int(p["ch"])
        if m["num"] is None:  # a chapter: the next one; chapters may skip only at a line start
            return ch == pch + 1 or (line_start and ch > pch)
        if ch != pch:
            return False
        num, let = int(m["num"]), m["let"]
        if p["num"] is None:  # after a chapter heading: its first rule
            return num == 1 and let is None
        pnum, plet = int(p["num"]), p["let"]
        if num == pnum + 1 and let is None:  # next numbered rule
            return True
        if num == pnum and let is not None:  # first or next lettered sub-rule
            return let == ("a" if plet is None else chr(ord(plet) + 1))
        return False

    return ok


def _find_starts(lines: list[_Logical]) -> list[tuple[int, int, str]]:
    """Every rule start as (logical line index, position, id), checked against the sequence."""
    starts: list[tuple[int, int, str]] = []
    prev: str | None = None
    for li, logical in enumerate(lines):
        text = logical.text
        candidates = [(0, True)] + [(m.end(), False) for m in MIDLINE_RULE_RE.finditer(text)]
        for pos, at_line_start in candidates:
            m = RULE_START_RE.match(text, pos)
            if m and _expected_next(prev, at_line_start)(m["id"]):
                starts.append((li, pos, m["id"]))
                prev = m["id"]
    return starts


def _split_body(lines: list[str]) -> tuple[list[str], list[Example]]:
    """Split a rule's body lines into its own text lines and its worked examples with cards."""
    text_lines: list[str] = []
    examples: list[Example] = []
    ex_lines: list[str] = []
    cards: list[tuple[str, list[str]]] = []
    in_example = False

    def close() -> None:
        if in_example:
            card_objs = [Card(name, "\n".join(body)) for name, body in cards]
            examples.append(Example("\n".join(ex_lines).strip(), card_objs))

    for line in lines:
        m = EXAMPLE_START_RE.match(line)
        if m:
            close()
            in_example, ex_lines, cards = True, [line[m.end():]], []
        elif not in_example:
            text_lines.append(line)
        elif (cm := CARD_NAME_LINE_RE.match(line)) is not None:
            cards.append((cm["name"], [line]))  # a quoted card: name line, then its rules text
        elif cards:
            cards[-1][1].append(line)
        else:
            ex_lines.append(line)  # a further paragraph of the example
    close()
    return text_lines, examples


def parse(text: str) -> list[ParsedRule]:
    """Parse the 崛起 comprehensive rules into rules in document order."""
    lines = _content_lines(text)
    starts = _find_starts(lines)
    rules: list[ParsedRule] = []
    for k, (li, pos, rid) in enumerate(starts):
        end_li, end_pos = (starts[k + 1][0], starts[k + 1][1]) if k + 1 < len(starts) else (len(lines), 0)
        # The rule's logical lines, the first cut at its start and the last at the next rule.
        chunks: list[str] = []
        for j in range(li, end_li + 1 if end_pos else end_li):
            lt = lines[j].text
            chunks.append(lt[(pos if j == li else 0) : (end_pos if j == end_li else len(lt))])
        chunks = [c.rstrip() for c in chunks]
        while chunks and not chunks[-1]:
            chunks.pop()
        # Raw span: from the rule number to the end of its last content character.
        line_no, raw_start = lines[li].locate(pos)
        last_li = li + len(chunks) - 1
        last_end = (pos if last_li == li else 0) + len(chunks[-1])
        raw = text[raw_start : lines[last_li].locate(last_end - 1)[1] + 1]
        # The number itself, then the heading or first text line.
        m = RULE_START_RE.match(chunks[0])
        assert m is not None
        first = chunks[0][m.end() :]
        heading: str | None = None
        body = chunks[1:]
        if "." not in rid:  # a chapter: its first line is its title
            heading = first.strip()
        else:
            body = [first] + body
        text_lines, examples = _split_body(body)
        rules.append(
            ParsedRule(
                id=rid,
                text="\n".join(text_lines).strip(),
                line=line_no,
                raw=raw,
                heading=heading,
                examples=examples,
            )
        )
    return rules
