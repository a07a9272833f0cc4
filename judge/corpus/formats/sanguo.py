"""The Three-Kingdoms TCG comprehensive rules, chapters 400–419 and 500 (format ``sanguo-damaged``).

Layout: a rule number at the start of a line (``400.1``, ``401.1.``, ``409.9a``), its text on
the same line (``402.1主動技能格式為…``) or on the following lines; chapter headings
(``400.一般規則``) and section headings (``407.1時序、優先權和堆疊``, ``403.3【延遲被動技能】``);
example lines (``例如：``, ``例：``, ``舉例：``, ``示例：``, and ``例，``) kept apart from the text.
``（接前文）``, the part lines ``四、卡牌、技能、效果`` / ``五、關鍵詞`` and the trailing ``附圖：``
are page furniture, not rules.

The scrape is damaged three ways, each undone here:

1. inline pinyin after characters (``規(guī)則``): stripped by :func:`judge.corpus.mojibake.strip_pinyin`;
2. a ``?`` before or after a rule number (``402.7?``, ``?409.處理被動技能``): dropped, then the
   number is read normally;
3. runs of GBK-misaligned mojibake (``?？焖偌寄埽ㄥ\\囊）``): rebuilt from their bytes by
   :func:`judge.corpus.mojibake.repair_line`, scored against this document's own clean text.
   A character the bytes do not decide stays marked (``〔?〕`` / ``〔亂碼:…〕``) and its rule is
   flagged ``damaged``; ``raw`` always keeps the text exactly as scraped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.model import Example, ParsedRule
from judge.corpus.mojibake import CharStats, repair_line, strip_pinyin
from judge.corpus.ruleid import RULE_ID

# --- furniture and damage around rule numbers ---------------------------------------------
# ``四、卡牌、技能、效果``: a part line (Chinese numeral + 、), not a rule.
PART_LINE_RE = re.compile(r"^[一二三四五六七八九十]+、")
# Lines that belong to no rule: the scrape's "continued" note and a caption without its figure.
FURNITURE_RE = re.compile(r"^(?:（接前文）|附圖[：:])\s*$")
# A stray ``?`` glued before (``?409.``) or after (``402.7?``) a rule number at a line start.
LEADING_QMARK_RE = re.compile(r"^\?(?=\d{3}\.)")
TRAILING_QMARK_RE = re.compile(r"^(?P<id>\d{3}\.\d+[a-z]?)\?")

# --- rule lines ----------------------------------------------------------------------------
# A rule number at the start of a line, an optional trailing dot, then the rest of the line.
RULE_LINE_RE = re.compile(rf"^(?P<id>{RULE_ID})(?![\d])\.?[ \t\u3000]*(?P<rest>.*)$")
# A section title written in brackets on the number line: ``403.3【延遲被動技能】``.
BRACKET_TITLE_RE = re.compile(r"^【(?P<title>[^【】]+)】$")
# Sentence punctuation: a number line containing any of these carries rule text, not a title.
SENTENCE_PUNCT_RE = re.compile(r"[。，；：！？,;:]")

# --- examples ------------------------------------------------------------------------------
# An example line: one of these labels at the start of a line, then a colon (or ``例，``).
EXAMPLE_LINE_RE = re.compile(r"^(?:示例|例如|舉例|举例|例)\s*[：:]|^例[，,]")


def clean_rule_number_line(line: str) -> str:
    """Drop a stray ``?`` glued before or after a rule number at the start of ``line``."""
    line = LEADING_QMARK_RE.sub("", line)
    return TRAILING_QMARK_RE.sub(r"\g<id>", line)


@dataclass
class _Clean:
    """One source line after repair: its text and whether a damaged part is still marked."""

    text: str
    damaged: bool


@dataclass
class _Block:
    """A rule being collected: its number line and the indices of its body lines."""

    rid: str
    start: int
    rest: str
    body: list[int] = field(default_factory=list)
    end: int = 0


def _clean_lines(lines: list[str]) -> list[_Clean]:
    """Repair every line's mojibake (scored against the whole document), then strip pinyin."""
    fixed = [clean_rule_number_line(ln) for ln in lines]
    stats = CharStats.from_lines(fixed)
    out = []
    for ln in fixed:
        text, repairs = repair_line(ln, stats)
        out.append(_Clean(strip_pinyin(text).strip(), any(not r.repaired for r in repairs)))
    return out


def _blocks(lines: list[str], clean: list[_Clean]) -> list[_Block]:
    """Find where each rule starts and ends (a part line or furniture also ends a rule)."""
    blocks: list[_Block] = []
    current: _Block | None = None
    for i, c in enumerate(clean):
        m = RULE_LINE_RE.match(c.text)
        if m:
            current = _Block(m["id"], i, m["rest"].strip())
            blocks.append(current)
        elif PART_LINE_RE.match(c.text) or FURNITURE_RE.match(c.text):
            current = None
        elif current is not None:
            current.body.append(i)
    for b in blocks:
        # The rule ends after its last non-blank line.
        b.end = max([b.start] + [i for i in b.body if lines[i].strip()]) + 1
    return blocks


def _split_examples(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """Split body lines into rule text and example blocks.

    An example is its own line; a bare ``例如：`` takes the lines after it up to a blank line.
    """
    text: list[str] = []
    examples: list[list[str]] = []
    open_example = False  # True while lines still belong to a bare ``例如：``
    for line in lines:
        if not line:
            open_example = False
        elif EXAMPLE_LINE_RE.match(line):
            examples.append([line])
            open_example = EXAMPLE_LINE_RE.sub("", line).strip() == ""
        elif open_example:
            examples[-1].append(line)
        else:
            text.append(line)
    return text, examples


def parse(text: str) -> list[ParsedRule]:
    """Parse the document into rules in document order."""
    lines = text.splitlines()
    clean = _clean_lines(lines)
    rules: list[ParsedRule] = []
    for b in _blocks(lines, clean):
        body = [clean[i].text for i in b.body]
        heading: str | None = None
        rest = b.rest
        has_body_text = any(body)
        if "." not in b.rid:  # a chapter: its line is the title
            heading, rest = rest or None, ""
        elif (m := BRACKET_TITLE_RE.match(rest)) or (rest and not has_body_text and not SENTENCE_PUNCT_RE.search(rest)):
            heading, rest = (m["title"] if m else rest), ""
        text_lines, example_blocks = _split_examples(([rest] if rest else []) + body)
        damaged = clean[b.start].damaged or any(clean[i].damaged for i in b.body)
        raw = "\n".join(lines[b.start : b.end])
        rules.append(
            ParsedRule(
                id=b.rid,
                text="\n".join(ln for ln in text_lines if ln),
                line=b.start + 1,
                raw=raw,
                heading=heading,
                examples=[Example("\n".join(block)) for block in example_blocks],
                damaged=damaged,
            )
        )
    return rules
