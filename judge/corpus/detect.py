"""Telling a rules document's format from its text (``judge corpus add`` without ``--format``).

Every format parses the text; the one that keeps the most of it wins (:mod:`judge.corpus.coverage`), and
among those that keep enough, a format whose telltale the text shows comes first: the 崛起 forum scrape's
running header, the damaged scrape's inline pinyin, the search page's ``所属：`` lines, the publisher's
numbers alone on their lines, plain text's numbers followed by their text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from judge.corpus.coverage import Coverage, measure, number_lines
from judge.corpus.formats import FORMATS, get_parser
from judge.corpus.model import ParsedRule

# the order formats are preferred in when all else is equal
PREFERENCE = ("rise-forum", "sanguo-damaged", "riftbound-search", "official", "plain")
_RISE_HEADER = re.compile(r"^\s*\d{1,4}\s+崛起\s*TCG\s*综合性规则", re.MULTILINE)
_PINYIN = re.compile(r"[\u4e00-\u9fff]\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]+\)")
_SECTION_LINE = re.compile(r"^所属[：:]", re.MULTILINE)
_BARE_ID = re.compile(r"^\s*\d{3}(?:\.[0-9a-z]+)*\.?\s*$")


def _bare_share(text: str) -> float:
    lines = number_lines(text)
    return sum(bool(_BARE_ID.match(line)) for _, _, line, _ in lines) / len(lines) if lines else 0.0


TELLTALES: dict[str, Callable[[str], bool]] = {
    "rise-forum": lambda text: len(_RISE_HEADER.findall(text)) >= 2,
    "sanguo-damaged": lambda text: len(_PINYIN.findall(text)) >= 3,
    "riftbound-search": lambda text: len(_SECTION_LINE.findall(text)) >= 2,
    "official": lambda text: _bare_share(text) >= 0.5,
    "plain": lambda text: _bare_share(text) < 0.5,
}


@dataclass
class Detection:
    """The format chosen, its parse and coverage, and every format's coverage (for the report)."""

    format: str
    rules: list[ParsedRule]
    coverage: Coverage
    tried: dict[str, Coverage]


def parse_as(fmt: str, text: str) -> tuple[list[ParsedRule], Coverage]:
    """Parse ``text`` with format ``fmt`` and measure what it kept."""
    rules = get_parser(fmt)(text)
    return rules, measure(fmt, text, rules)


def detect(text: str) -> Detection:
    """The format that reads ``text`` best (see the module docstring)."""
    results = {fmt: parse_as(fmt, text) for fmt in PREFERENCE if fmt in FORMATS}

    def rank(fmt: str) -> tuple[bool, bool, float, int, int]:
        cov = results[fmt][1]
        return (cov.enough, TELLTALES[fmt](text), cov.ratio, cov.rules, -PREFERENCE.index(fmt))

    best = max(results, key=rank)
    return Detection(best, results[best][0], results[best][1], {f: c for f, (_, c) in results.items()})
