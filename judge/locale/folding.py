"""Folding text to one script: Traditional → Simplified (OpenCC ``t2s``) and full-width ASCII narrowed.

Search folds every text this way at index and at query time; adding a FAQ uses it to tell a Traditional document
from a Simplified one. OpenCC (about 5 ms to import and load) is loaded only for text with a character whose
conversion depends on its neighbours; every other character t2s changes is converted one for one from the table
:mod:`judge.locale.t2s_changes` ships (``t2s_changes.txt``, derived from the pinned OpenCC's dictionaries).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

CJK_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # for regexes built on demand (see _cjk_runs)
_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}


@lru_cache(maxsize=1)
def _cjk_runs() -> re.Pattern[str]:
    """Runs of CJK characters (compiled on first use: it is needed only when folding changes a length)."""
    return re.compile(f"[{CJK_CLASS}]+")


@lru_cache(maxsize=1)
def _converter() -> Any:
    import opencc

    return opencc.OpenCC("t2s")


class _T2S(NamedTuple):
    contextual: frozenset[str]  # characters whose conversion depends on their neighbours: OpenCC's work
    table: dict[int, str]  # the characters t2s changes the same way wherever they stand, and what each becomes


@lru_cache(maxsize=1)
def _t2s() -> _T2S:
    """What OpenCC's t2s changes (judge/locale/t2s_changes.py): OpenCC, ~5 ms to import and load its dictionaries,
    is needed only for text that has a character whose conversion depends on its neighbours."""
    from judge.locale.t2s_changes import shipped

    changes = shipped()
    return _T2S(frozenset(changes.contextual), str.maketrans(changes.single, changes.becomes))


def fold(text: str) -> str:
    """Traditional → Simplified and full-width → ASCII (same length in practice; see ``fold_with_map``)."""
    if not text:
        return text
    if not needs_converter(text):
        return text.translate(_t2s().table).translate(_FULLWIDTH)  # t2s's conversion, one character at a time
    return _converter().convert(text).translate(_FULLWIDTH)


def needs_converter(text: str) -> bool:
    """Does folding ``text`` need OpenCC (it has a character t2s converts depending on its neighbours)?"""
    return not text.isascii() and not _t2s().contextual.isdisjoint(text)


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Fold ``text`` and map every folded index (and the end) back to an index of ``text``.

    OpenCC ``t2s`` is character-for-character on these documents; if some phrase conversion
    ever changes length, the affected CJK run is mapped proportionally so spans stay in bounds.
    """
    folded = fold(text)
    if len(folded) == len(text):
        return folded, list(range(len(text) + 1))
    out: list[str] = []
    mapping: list[int] = []
    last = 0
    for m in _cjk_runs().finditer(text):
        for i in range(last, m.start()):
            out.append(text[i].translate(_FULLWIDTH))
            mapping.append(i)
        run = fold(m.group())
        n, k = len(m.group()), len(run)
        out.append(run)
        mapping.extend(m.start() + (j * n) // k for j in range(k))
        last = m.end()
    for i in range(last, len(text)):
        out.append(text[i].translate(_FULLWIDTH))
        mapping.append(i)
    mapping.append(len(text))
    return "".join(out), mapping


def script_of(text: str) -> str | None:
    """``hant`` when folding to Simplified changes the text's characters noticeably (one in fifty), else ``hans``;
    None for a text without Chinese characters. Counted with the one-for-one table only (no OpenCC: a character whose
    conversion depends on its neighbours is not counted), which is enough to tell the scripts apart."""
    sample = "".join(c for c in text[:4000] if "\u4e00" <= c <= "\u9fff")
    if not sample:
        return None
    table = _t2s().table
    changed = sum(1 for c in sample if table.get(ord(c), c) != c)
    return "hant" if changed * 50 > len(sample) else "hans"
