"""Cross-reference extraction: every way the documents point at another rule.

Forms seen: ``章节707``, ``（章节706）``, ``规则707.2``, ``请参阅章节405.9a``, ``请参章节708``,
``詳見409``, ``（詳見416.5，…）``, ``請查閱規則349.``, ``相關規則：359.3.f.1.、359.3.f.2.``,
a list after one prefix (``詳見404.鎖定技能；規則416.``), and bare dotted numbers in text
(``于710.1a-710.1c时``).  A bare three-digit number without a prefix is not a reference
(it could be a quantity); one with a dotted part is.
"""

from __future__ import annotations

import re

from judge.corpus.ruleid import RULE_ID

_PREFIX = r"(?:章节|章節|规则|規則|详见|詳見|参阅|參閱|查阅|查閱|参见|參見|请参|請參|见|見)"
# A prefixed reference, optionally followed by more ids joined by list separators.
_PREFIXED = re.compile(
    rf"{_PREFIX}\s*[:：]?\s*(?P<first>{RULE_ID})(?P<more>(?:\.?\s*[、，,及和与與或至\-–~～]\s*{_PREFIX}?\s*{RULE_ID})*)"
)
_ID_IN = re.compile(rf"(?<![\d.]){RULE_ID}")
# A dotted rule number standing alone in text, e.g. 710.1a.
_BARE_DOTTED = re.compile(rf"(?<![\d.]){RULE_ID}")


def extract(text: str, own_id: str | None = None) -> list[str]:
    """Referenced rule ids in ``text``, in order of first appearance, without duplicates or ``own_id``."""
    found: list[tuple[int, str]] = []
    for m in _PREFIXED.finditer(text):
        found.append((m.start("first"), m.group("first")))
        more = m.group("more")
        if more:
            base = m.start("more")
            for mm in _ID_IN.finditer(more):
                found.append((base + mm.start(), mm.group(0)))
    for m in _BARE_DOTTED.finditer(text):
        if "." in m.group(0):
            found.append((m.start(), m.group(0)))
    out: list[str] = []
    for _, rid in sorted(found):
        if rid != own_id and rid not in out:
            out.append(rid)
    return out
