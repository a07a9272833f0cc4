"""Snippets: the best window of a rule's own text with the query's hits marked.

Hits are found in the folded (Simplified, lower-case) text and mapped back to the stored
original, so a Traditional rule is shown in Traditional.  Marks are :data:`MARK_OPEN` and
:data:`MARK_CLOSE` (``⟦`` ``⟧``), characters that never occur in the documents (which use
``【】`` and ``[]`` themselves).
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from judge.locale.folding import fold_with_map

MARK_OPEN = "⟦"
MARK_CLOSE = "⟧"
WIDTH = 90  # characters of rule text in a snippet
LEAD = 18  # characters kept before the first hit of the window
MAX_SPANS = 200
WHITESPACE_RE = re.compile(r"\s+")


def _lower(text: str) -> str:
    """Lower-casing that never changes the length (a character whose lower case is longer stays)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)


def find_spans(folded_lower: str, needles: Iterable[str]) -> list[tuple[int, int, str]]:
    """Non-overlapping ``(start, end, needle)`` occurrences, longer needles taking precedence, then the needle
    given first (the query's order: 效果 before 生效 in 来源离场后效果还会生效吗 marks 产生⟦效果⟧)."""
    taken: list[tuple[int, int, str]] = []
    for needle in sorted(dict.fromkeys(n for n in needles if n), key=len, reverse=True):  # a stable sort: no set order
        i = folded_lower.find(needle)
        while i >= 0 and len(taken) < MAX_SPANS:
            end = i + len(needle)
            if not any(s < end and i < e for s, e, _ in taken):
                taken.append((i, end, needle))
            i = folded_lower.find(needle, i + 1)
    return sorted(taken)


def _best_window(spans: list[tuple[int, int, str]], length: int) -> tuple[int, int]:
    """The WIDTH-long window covering the most distinct needles (then the most hits)."""
    if not spans:
        return 0, min(length, WIDTH)
    best = (-1, -1, 0)
    for s, _, _ in spans:
        lo = max(0, s - LEAD)
        inside = [n for a, b, n in spans if a >= lo and b <= lo + WIDTH]
        score = (len(set(inside)), len(inside), -lo)
        if score > best:
            best = score
    lo = -best[2]
    hi = min(length, lo + WIDTH)
    return max(0, min(lo, hi - WIDTH)), hi


def choose_needles(folded_lower: str, groups: Sequence[Sequence[str]]) -> list[str]:
    """Per group (a query part), its first string when it occurs, else its fallbacks (e.g. bigrams)."""
    out: list[str] = []
    for group in groups:
        if not group:
            continue
        if group[0] and group[0] in folded_lower:
            out.append(group[0])
        else:
            out += [n for n in group[1:] if n and n in folded_lower]
    return out


def make_snippet(text: str, groups: Sequence[Sequence[str]]) -> str:
    """A one-line window of ``text`` (its own script) with the occurrences of ``groups`` marked."""
    return _render(text, *fold_with_map(text), groups)


def best_snippet(candidates: Sequence[str], groups: Sequence[Sequence[str]],
                 folds: Sequence[str | None] = ()) -> str:
    """The snippet of the first candidate text (rule text, examples, title) that has a hit, else of the first non-empty one.
    ``folds``: a candidate's folded text where the index stored it (folded at build time, the same length)."""
    fallback: tuple[str, str, list[int]] | None = None
    for i, text in enumerate(candidates):
        if not text:
            continue
        stored = folds[i] if i < len(folds) else None
        if stored is not None and len(stored) == len(text):
            folded, mapping = stored, list(range(len(text) + 1))
        else:
            folded, mapping = fold_with_map(text)
        if choose_needles(_lower(folded), groups):
            return _render(text, folded, mapping, groups)
        fallback = fallback or (text, folded, mapping)
    return _render(*fallback, groups) if fallback else ""


def _render(text: str, folded: str, mapping: list[int], groups: Sequence[Sequence[str]]) -> str:
    low = _lower(folded)
    spans = find_spans(low, choose_needles(low, groups))
    lo, hi = _best_window(spans, len(folded))
    out: list[str] = ["…" if lo > 0 else ""]
    cursor = mapping[lo]
    end = mapping[hi]
    for s, e, _ in spans:
        if s < lo or e > hi:
            continue
        os_, oe = mapping[s], mapping[e]
        if os_ < cursor:
            continue
        out += [text[cursor:os_], MARK_OPEN, text[os_:oe], MARK_CLOSE]
        cursor = oe
    out.append(text[cursor:end])
    out.append("…" if hi < len(folded) else "")
    return WHITESPACE_RE.sub(" ", "".join(out)).strip()
