"""The Riftbound (符文战场) rules-search page: a rule number on its own line, then an
optional ``所属：A › B`` section line, then the text, hard-wrapped, with 举例 blocks.

The page's own header (``规则检索``, ``《符文战场》核心规则 · 最后更新 … · 完整规则以官方发布为准``)
is furniture; the first rule number is glued to the end of that header line.
"""

from __future__ import annotations

import re

from judge.corpus.formats.common import cards_in, join_wrapped, split_examples
from judge.corpus.model import Example, ParsedRule
from judge.corpus.ruleid import RULE_ID

_TITLE_LINE_RE = re.compile(r"^规则检索$")
_HEADER_RE = re.compile(rf"^《[^》]+》核心规则 · .*?完整规则以官方发布为准(?P<id>{RULE_ID})?$")
_ID_LINE_RE = re.compile(rf"^(?P<id>{RULE_ID})$")
_SECTION_RE = re.compile(r"^所属[：:]\s*(?P<path>.+)$")
def parse(text: str) -> list[ParsedRule]:
    """Parse the rules-search page into rules in document order."""
    starts: list[tuple[str, int]] = []  # (id, index into lines)
    lines = text.splitlines()
    for i, line in enumerate(lines):
        s = line.strip()
        m = _HEADER_RE.match(s)
        if m:
            if m.group("id"):
                starts.append((m.group("id"), i))
            continue
        m = _ID_LINE_RE.match(s)
        if m:
            starts.append((m.group("id"), i))
    rules = []
    for n, (rid, i) in enumerate(starts):
        end = starts[n + 1][1] if n + 1 < len(starts) else len(lines)
        body = lines[i + 1 : end]
        section: list[str] = []
        if body and (m := _SECTION_RE.match(body[0].strip())):
            section = [p.strip() for p in m.group("path").split("›")]
            body = body[1:]
        body = [ln for ln in body if ln.strip() and not _TITLE_LINE_RE.match(ln.strip())]
        text_lines, example_blocks = split_examples(body)
        examples = []
        for block in example_blocks:
            ex = join_wrapped(block)
            examples.append(Example(ex, cards_in(ex)))
        raw = "\n".join(lines[i:end]).rstrip("\n")
        rules.append(
            ParsedRule(
                id=rid,
                text=join_wrapped(text_lines),
                line=i + 1,
                raw=raw,
                section=section,
                examples=examples,
            )
        )
    return rules
