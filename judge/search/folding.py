"""Folding and tokenising text for search (no Whoosh here): Traditional→Simplified, CJK unigrams + bigrams.

Every text is folded to Simplified (OpenCC ``t2s``) and full-width ASCII is narrowed, both at
index and at query time.  Tokens are then:

* each CJK character (a unigram) at its own position, and each pair of adjacent CJK
  characters (a bigram) at the position of its first character, so one-character queries
  match unigrams and phrase queries match consecutive bigrams;
* Latin words, lower-cased;
* numbers, with rule numbers (``706.1a``, ``820.1.c.3``) kept whole.

A run of punctuation takes one position, so phrases never match across it.  Pinyin that a
damaged document inserted after a character (``規(guī)則``) is skipped as if absent.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterator, NamedTuple

CJK_CLASS = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # for regexes built on demand (see _cjk_runs)
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü"
_CONSONANTS = "bcdfghjklmnpqrstwxyz"
_VOWELS = "aeiouv" + _TONED
# A pinyin syllable in parentheses (damage from a bad conversion when right after a CJK character,
# which the scanner checks).  The scanner's regex has no CJK ranges and no IGNORECASE: compiling
# those costs several milliseconds at every start-up, so CJK is told apart in Python (_is_cjk).
PINYIN_DAMAGE_RE = rf"\([{_CONSONANTS}{_CONSONANTS.upper()}]{{0,2}}[{_VOWELS}{_VOWELS.upper()}]{{1,3}}(?:[nN][gG]|[nNrR])?\)"
# One rule number or plain number; a trailing "." is not part of it.
NUMBER_RE = r"(?<![\d.])\d+(?:\.(?:\d+[a-zA-Z]?|[a-zA-Z])(?![a-zA-Z]))*"
SCAN_RE = re.compile(
    rf"""
    (?P<damage>{PINYIN_DAMAGE_RE})
    | (?P<number>{NUMBER_RE})
    | (?P<word>[a-zA-Z]+)
    | (?P<space>\s+)
    | (?P<run>[^\x00-\x7f\d\s]+)
    | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def _is_cjk(c: str) -> bool:
    return "\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf" or "\uf900" <= c <= "\ufaff"


def _scan(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` pieces of text: damage, number, word, space, run (non-ASCII, to be split
    into CJK characters and punctuation by the caller) or punct (one character)."""
    pos, n = 0, len(text)
    while pos < n:
        m = SCAN_RE.match(text, pos)
        assert m is not None  # "punct" matches any character
        kind, start, end = m.lastgroup or "punct", m.start(), m.end()
        if kind == "damage" and not (start > 0 and _is_cjk(text[start - 1])):
            kind, end = "punct", start + 1  # a parenthesis, not pinyin after a character: scan on after it
        yield kind, start, end
        pos = end


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
    """What OpenCC's t2s changes (judge/search/t2s_changes.py): OpenCC, ~5 ms to import and load its dictionaries,
    is needed only for text that has a character whose conversion depends on its neighbours."""
    from judge.search.t2s_changes import shipped

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


class Unit(NamedTuple):
    """One atom of folded text: a CJK character, a word or a number, with its position."""

    kind: str  # "cjk", "word" or "number"
    text: str
    pos: int
    start: int
    end: int
    joined: bool  # a CJK character directly after another one (they form a bigram)


def units(folded: str) -> Iterator[Unit]:
    """Split already-folded text into positioned units (see the module docstring)."""
    pos = 0
    prev_cjk = False
    gap = False
    for kind, start, end in _scan(folded):
        if kind == "damage":
            continue
        if kind == "space" or kind == "punct":
            prev_cjk = False
            gap = gap or kind == "punct"
            continue
        if kind == "run":
            for i in range(start, end):
                c = folded[i]
                if not _is_cjk(c):  # other non-ASCII characters are punctuation
                    prev_cjk = False
                    gap = True
                    continue
                if gap:
                    pos += 1
                    gap = False
                yield Unit("cjk", c, pos, i, i + 1, prev_cjk)
                prev_cjk = True
                pos += 1
            continue
        if gap:
            pos += 1
            gap = False
        yield Unit(kind, folded[start:end].lower(), pos, start, end, False)
        prev_cjk = False
        pos += 1


def index_tokens(folded: str) -> Iterator[tuple[str, int, int, int]]:
    """The indexed tokens of folded text: ``(text, position, start, end)``, bigrams included.

    The same tokens as :func:`units` gives, with a bigram for each joined pair, written out
    without the intermediate objects: this runs for every character of the corpus at build time.
    """
    pos = 0
    gap = False
    prev = ""  # the previous CJK character while the run goes on (across damage), else ""
    prev_pos = prev_start = 0
    for kind, start, end in _scan(folded):
        if kind == "damage":
            continue
        if kind == "space" or kind == "punct":
            prev = ""
            gap = gap or kind == "punct"
            continue
        if kind == "run":
            for i in range(start, end):
                c = folded[i]
                if not _is_cjk(c):
                    prev = ""
                    gap = True
                    continue
                if gap:
                    pos += 1
                    gap = False
                if prev:
                    yield prev + c, prev_pos, prev_start, i + 1
                yield c, pos, i, i + 1
                prev, prev_pos, prev_start = c, pos, i
                pos += 1
            continue
        if gap:
            pos += 1
            gap = False
        yield folded[start:end].lower(), pos, start, end
        prev = ""
        pos += 1


def phrase_tokens(folded: str) -> list[str]:
    """One token per position for a phrase query: a bigram where the next character joins, else the unit."""
    us = list(units(folded))
    out: list[str] = []
    for i, u in enumerate(us):
        nxt = us[i + 1] if i + 1 < len(us) else None
        if nxt is not None and nxt.joined:
            out.append(u.text + nxt.text)
        elif not (u.joined and nxt is None and out):
            out.append(u.text)  # a final CJK character is already covered by the last bigram
    return out
