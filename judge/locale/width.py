"""How wide text is in a terminal, for wrapping and aligning Chinese: wide characters take two columns."""

from __future__ import annotations

import unicodedata


def is_wide(c: str) -> bool:
    """True for a character a terminal shows two columns wide (CJK, kana, Hangul, full-width forms)."""
    return unicodedata.east_asian_width(c) in "WF"


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal."""
    return sum(2 if is_wide(c) else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns (as ``f"{text:<{width}}"`` would, counting columns)."""
    return text + " " * max(width - display_width(text), 0)
