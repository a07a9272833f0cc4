"""A plain rules document: each rule starts a line with its number (``706.1a 文本`` or
``706. 标题``); following lines continue it; 示例/例如/举例/舉例/例 lines start examples.
The format for documents added with ``judge corpus add`` that need no special cleaning."""

from __future__ import annotations

import re

from judge.corpus.formats.common import join_wrapped, split_examples
from judge.corpus.model import Example, ParsedRule
from judge.corpus.ruleid import RULE_ID

_START_RE = re.compile(rf"^(?P<id>{RULE_ID})(?P<dot>\.)?\s*(?P<rest>.*)$")


def parse(text: str) -> list[ParsedRule]:
    """Parse a plain document; a bare ``NNN.`` or ``NNN`` line with a short rest is a heading."""
    lines = text.splitlines()
    starts = [(i, m) for i, ln in enumerate(lines) if (m := _START_RE.match(ln.strip()))]
    rules = []
    for n, (i, m) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(lines)
        rest = m.group("rest").strip()
        heading = None
        first: list[str] = []
        if "." not in m.group("id") and rest and len(rest) <= 20 and not rest.endswith("。"):
            heading = rest
        elif rest:
            first = [rest]
        body, blocks = split_examples(first + lines[i + 1 : end])
        rules.append(
            ParsedRule(
                id=m.group("id"),
                text=join_wrapped(body),
                line=i + 1,
                raw="\n".join(lines[i:end]).rstrip("\n"),
                heading=heading,
                examples=[Example(join_wrapped(b)) for b in blocks],
            )
        )
    return rules
