"""Rule numbers: the grammar shared by the three games, natural ordering and ancestry.

``706.1a`` (崛起), ``409.10`` (三国), ``820.1.c.3`` (符文战场) are all a three-digit
chapter followed by dot-separated parts, each a number, a number with a letter, or a letter.
"""

from __future__ import annotations

import re
from functools import lru_cache

# One rule number, as it may appear inside running text.  A trailing "." is not part of it.
RULE_ID = r"\d{3}(?:\.(?:\d+[a-z]?|[a-z])(?![a-z]))*"
_FULL = rf"^{RULE_ID}$"
_TOKEN = r"\d+|[a-z]+"
# Words a judge may type around a number: 规则 709.2b, 規則706, 章节 707, rule 706, 第709.2b条, 709.2b 條.
_PREFIX = r"^(?:规则|規則|章节|章節|条款|條款|条|條|comprehensive rules?|cr|rule|r|§)?\s*(?:第)?\s*"
_SUFFIX = r"\s*(?:条|條|款|项|項|节|節)$"
# Full-width digits, letters, brackets and the full stop (７０６．１ａ, 709.2（b）) as typed with a Chinese IME.
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3002: ord("."), 0x3000: ord(" ")}
# A part in brackets: a letter right after a number joins it (709.2(b) → 709.2b), anything else is a part (.3).
_BRACKET = r"(?<=\d)\(([a-z])\)|\.?\(([0-9a-z]+)\)"


@lru_cache(maxsize=None)
def _re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """Compiled on first use: a search imports this module for :data:`RULE_ID` and compiles none of them."""
    return re.compile(pattern, flags)


def is_rule_id(text: str) -> bool:
    """True when ``text`` is exactly one rule number."""
    return bool(_re(_FULL).match(text))


def _unbracket(m: re.Match[str]) -> str:
    return m.group(1) if m.group(1) else f".{m.group(2)}"


def normalize(text: str) -> str:
    """Canonical form of a typed rule number: ASCII, lower-case, no words around it, no spaces or brackets,
    no trailing dot (``第709.2b条``, ``规则709.2(b)``, ``709.2 b``, ``cr 709 2b`` → ``709.2b``; ``135.2b3`` →
    ``135.2b.3``)."""
    plain = text.translate(_FULLWIDTH).strip().lower()
    plain = _re(_SUFFIX).sub("", _re(_PREFIX, re.IGNORECASE).sub("", plain))
    plain = _re(r"^(\d{3})\s+(?=[0-9a-z])|(?<=\d)\s+(?=\d)").sub(lambda m: f"{m.group(1) or ''}.", plain)  # 709 2b
    plain = _re(_BRACKET).sub(_unbracket, "".join(plain.split()))
    plain = _re(r"(?<=\d[a-z])(?=\d)").sub(".", plain)  # a letter part then a number: 135.2b3 → 135.2b.3
    return plain.rstrip(".")


def gap(a: str, b: str) -> int:
    """How far apart two rule numbers are at the first part they differ in, by its number (409.99 and 409.10: 89;
    409.99 and 409.1: 98); a part without a number, or a missing one, is far."""
    x, y = _re(_TOKEN).findall(a), _re(_TOKEN).findall(b)
    k = common_parts(a, b)
    if k >= len(x) or k >= len(y) or not (x[k].isdigit() and y[k].isdigit()):
        return 10**6
    return abs(int(x[k]) - int(y[k]))


def spellings(rule_id: str) -> list[str]:
    """``rule_id`` and its other way of writing a letter part: the games differ (崛起 709.2b, 符文战场 820.1.c),
    so a judge may type either: ``709.2.b`` → [709.2.b, 709.2b]; ``820.1c.3`` → [820.1c.3, 820.1.c.3]."""
    joined = re.sub(r"(?<=\d)\.([a-z])(?![a-z])", r"\1", rule_id)
    split = re.sub(r"(?<=\d)([a-z])(?![a-z])", r".\1", rule_id)
    return list(dict.fromkeys([rule_id, joined, split]))


def chapter(rule_id: str) -> str:
    """The chapter of a rule number: its three leading digits (``709.2b`` → ``709``)."""
    return rule_id[:3]


def common_parts(a: str, b: str) -> int:
    """How many leading parts two rule numbers share (709.2z and 709.2a: 2; 709.2 and 706.1: 0)."""
    n = 0
    for x, y in zip(_re(_TOKEN).findall(a), _re(_TOKEN).findall(b)):
        if x != y:
            break
        n += 1
    return n


def depth(rule_id: str) -> int:
    """How many parts a rule number has (706: 1, 706.1a: 3, 820.1.c.3: 4)."""
    return len(_re(_TOKEN).findall(rule_id))


def sort_key(rule_id: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order: 409.9 < 409.10, 706.1 < 706.1a < 706.2, 820.1.c < 820.1.c.2."""
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in _re(_TOKEN).findall(rule_id))


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
