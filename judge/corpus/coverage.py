"""How much of a document a parse kept: the evidence ``judge corpus add`` reports and refuses on.

A line that opens with a rule number (``103.1.b.2.``, ``706.1a 文本``, ``001. 黄金法则``) is where the document
states a rule, unless the line before it was wrapped in mid-sentence (then it may be a reference wrapped to the
start of a line, and counts only if a rule starts there). The **coverage** of a parse is the share of those lines where
a rule starts; a wrong format shows
as a low figure (the ``rise-forum`` parser reads three rules out of a 2,000-rule publisher's document). The
report also counts rules with no text (neither text, heading, example nor child), numbers the parse found
twice, and, once the rules are linked, references to rules the game does not have.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field

from judge.corpus.formats.pages import content_lines, width, wrap_width
from judge.corpus.model import ParsedRule
from judge.corpus.ruleid import RULE_ID

THRESHOLD = 0.95  # below this share, `corpus add` refuses unless forced
EVIDENCE = 8  # lines quoted as evidence
# a rule number opening a line: then a dot, a space, the end of the line or a CJK character (not a range or list)
NUMBER_LINE_RE = re.compile(rf"^\s*(?P<id>{RULE_ID})(?![\d\-–~、，,/])(?=\.?(?:\s|$|[^\x00-\x7f]))")


@dataclass
class Coverage:
    """What a parse of one document kept."""

    format: str
    number_lines: int  # lines opening with a rule number where the document states a rule
    kept: int  # of those, the lines where a parsed rule starts
    rules: int  # rules parsed (distinct numbers)
    missing: list[tuple[int, str]] = field(default_factory=list)  # (line, text) of numbers no rule has
    empty: list[str] = field(default_factory=list)  # rules with nothing in them
    duplicates: list[tuple[str, int, int]] = field(default_factory=list)  # (id, first line, second line)

    @property
    def ratio(self) -> float:
        """The share of the number lines kept (1.0 for a document with none and some rules)."""
        if not self.number_lines:
            return 1.0 if self.rules else 0.0
        return self.kept / self.number_lines

    @property
    def enough(self) -> bool:
        return self.rules > 0 and self.ratio >= THRESHOLD and not self.duplicates

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format, "number_lines": self.number_lines, "kept": self.kept, "rules": self.rules,
            "ratio": round(self.ratio, 4), "missing": [{"line": n, "text": s} for n, s in self.missing],
            "empty": list(self.empty), "duplicates": [{"id": i, "lines": [a, b]} for i, a, b in self.duplicates],
        }


_MID_SENTENCE = re.compile(r"[^\s。！？；：:.）)」”』】]\s*$")
LONG = 0.5  # of the wrap width: a line this wide that stops without punctuation was wrapped in mid-sentence


@lru_cache(maxsize=2)  # detection measures every format's parse of one text
def number_lines(text: str) -> list[tuple[int, str, str, bool]]:
    """Every line opening with a rule number, page furniture aside: (1-based line, rule id, the line, whether the
    content line before it was wrapped in mid-sentence: long, and stopping without punctuation; a heading or a list
    item is not)."""
    lines = content_lines(text).lines
    long = wrap_width([ln.text for ln in lines]) * LONG
    out = []
    before = ""
    for line in lines:
        m = NUMBER_LINE_RE.match(line.text)
        if m:
            out.append((line.number, m["id"], line.text, bool(_MID_SENTENCE.search(before)) and width(before) >= long))
        before = line.text
    return out


def measure(fmt: str, text: str, parsed: list[ParsedRule]) -> Coverage:
    """The coverage of ``parsed`` (what format ``fmt`` read from ``text``)."""
    first: dict[str, int] = {}
    duplicates = []
    for p in parsed:
        if p.id in first:
            duplicates.append((p.id, first[p.id], p.line))
        else:
            first[p.id] = p.line
    starts = {p.line for p in parsed}
    stated = [(n, line) for n, _, line, ambiguous in number_lines(text) if n in starts or not ambiguous]
    missing = [(n, line) for n, line in stated if n not in starts]
    parents = {a for p in parsed for a in _ancestors(p)}
    empty = [p.id for p in parsed if not (p.text or p.heading or p.examples or p.id in parents)]
    return Coverage(fmt, len(stated), len(stated) - len(missing), len(first), missing[:EVIDENCE], empty, duplicates)


def _ancestors(p: ParsedRule) -> list[str]:
    from judge.corpus.ruleid import lineage

    return lineage(p.id) + ([p.parent] if p.parent else [])
