"""Search text analysis (the index's and the query's alike): folded text cut into tokens, and the Whoosh analyzer.

Every text is folded first (:func:`judge.locale.folding.fold`: Traditional → Simplified, full-width narrowed).
Tokens are then:

* each CJK character (a unigram) at its own position, and each pair of adjacent CJK
  characters (a bigram) at the position of its first character, so one-character queries
  match unigrams and phrase queries match consecutive bigrams;
* Latin words, lower-cased;
* numbers, with rule numbers (``706.1a``, ``820.1.c.3``) kept whole.

A run of punctuation takes one position, so phrases never match across it.  Pinyin that a
damaged document inserted after a character (``規(guī)則``) is skipped as if absent.  The analyzer of every
full-text field (:func:`analyzer`) folds the value, then yields those tokens.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, NamedTuple

from judge.locale.folding import fold
from judge.search.whoosh_api import Token, Tokenizer, W3Codec

# Bump whenever tokens or the index schema change: the index cache key includes it, so old
# indexes are rebuilt.  6: FAQ entries are indexed beside the rules (a ``kind`` field).
# 7: a ``heading`` field, the query data (glossary, question words, vocabulary) stored with the index.
# 8: stored folded texts for snippets (a ``folded`` field) and the glossary's folded spellings in the query data.
# 9: segments written as one compound file each (read through mmap).
# 10: everyday English words (english_words.yaml) in the query data.
# 11: English stems alike for a word and its -ed, -e and doubled-consonant forms (resolved, resolve: resolv).
# 12: everyday Chinese words (everyday_words.yaml) in the query data.
# 13: a FAQ entry's explanation in a field of its own (commentary), weighed as examples are (its question and answer
#     are its text).
ANALYSIS_VERSION = "13"

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


class FoldingTokenizer(Tokenizer):
    """Whoosh tokenizer: folds the value, then yields ``index_tokens``."""

    def __call__(  # type: ignore[override]
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs: Any,
    ) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            t.original = t.text = fold(value).lower()
            t.boost = 1.0
            if positions:
                t.pos = start_pos
            if chars:
                t.startchar, t.endchar = start_char, start_char + len(value)
            yield t
            return
        for text, pos, start, end in index_tokens(fold(value)):
            t.text = text
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = text
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar, t.endchar = start_char + start, start_char + end
            yield t


def analyzer() -> FoldingTokenizer:
    """The analyzer of every full-text field."""
    return FoldingTokenizer()


class Codec(W3Codec):
    """Whoosh's default codec without per-block field-length statistics: gathering them reads the
    length of every posting's document back from disk (a fifth of the time of writing a segment).
    They only tighten the score bounds Whoosh uses to skip blocks; scores themselves read each
    document's length, so results do not change.  Lives here because segments name their codec
    and this module is loaded whenever an index is opened."""

    length_stats = False
