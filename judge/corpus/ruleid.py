"""Rule numbers: the grammar shared by the three games, natural ordering and ancestry.

``706.1a`` (崛起), ``409.10`` (三国), ``820.1.c.3`` (符文战场) are all a three-digit
chapter followed by dot-separated parts, each a number, a number with a letter, or a letter.
"""

from __future__ import annotations

import re

# One rule number, as it may appear inside running text.  A trailing "." is not part of it.
RULE_ID = r"\d{3}(?:\.(?:\d+[a-z]?|[a-z])(?![a-z]))*"
RULE_ID_RE = re.compile(rf"(?<![\d.]){RULE_ID}")
_FULL_RE = re.compile(rf"^{RULE_ID}$")
_TOKEN_RE = re.compile(r"\d+|[a-z]+")


def is_rule_id(text: str) -> bool:
    """True when ``text`` is exactly one rule number."""
    return bool(_FULL_RE.match(text))


# Words a judge may type before a number: 规则 709.2b, 規則706, 章节 707, rule 706.
_PREFIX_RE = re.compile(r"^(?:规则|規則|章节|章節|条|條|rule|r)\s*", re.IGNORECASE)
# Full-width digits, letters and the full stop (７０６．１ａ) as typed with a Chinese IME.
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3002: ord(".")}


def normalize(text: str) -> str:
    """Canonical form of a typed rule number: ASCII, lower-case, no prefix word, no trailing dot."""
    plain = text.translate(_FULLWIDTH).strip().lower()
    return _PREFIX_RE.sub("", plain).strip().rstrip(".")


def sort_key(rule_id: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order: 409.9 < 409.10, 706.1 < 706.1a < 706.2, 820.1.c < 820.1.c.2."""
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in _TOKEN_RE.findall(rule_id))


def lineage(rule_id: str) -> list[str]:
    """Every ancestor id by grammar, nearest first: 706.1a → [706.1, 706]; 820.1.c.3 → [820.1.c, 820.1, 820]."""
    out: list[str] = []
    current = rule_id
    while True:
        if "." in current:
            head, last = current.rsplit(".", 1)
            m = re.fullmatch(r"(\d+)([a-z])", last)
            current = f"{head}.{m.group(1)}" if m else head
        else:
            break
        out.append(current)
    return out
