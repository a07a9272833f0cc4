"""The numbers a printed card writes: digits, or a Chinese numeral up to 99 (三, 两, 十二, 二十)."""

from __future__ import annotations

_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def number(s: str) -> int | None:
    """Digits or a Chinese numeral up to 99 (三, 十二, 二十)."""
    if s.isascii() and s.isdigit():
        return int(s)
    if all(c in _DIGITS for c in s) and len(s) == 1:
        return _DIGITS[s]
    if "十" in s and s.count("十") == 1:
        tens, _, units = s.partition("十")
        t = 1 if not tens else _DIGITS.get(tens) if len(tens) == 1 and tens in "二三四五六七八九" else None
        u = 0 if not units else _DIGITS.get(units) if len(units) == 1 else None
        return None if t is None or u is None else t * 10 + u
    return None
