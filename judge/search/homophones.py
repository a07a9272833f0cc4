"""Typing slips of a Chinese input method: a word the corpus lacks, read as the corpus word one homophone away.

A judge typing pinyin picks the wrong character of the same sound (催毁 for 摧毁, 触法 for 触发).  When a word of the
question has a pair of characters no rule has, and replacing one of its characters by another of the same reading
(toneless, each character's first reading) gives a glossary term, or a word whose every pair is in the corpus and
whose new pair is a word of the rules (:data:`BOUND`), the search reads that word instead and says so (a glossary
term first, then the word whose rarest pair most rules have; one character per word).  The readings are data,
``homophones.txt`` (each reading and its characters, U+4E00–U+9FFF), written from pypinyin by
``python -m judge.search.homophones``; the query side reads the file only for a word the corpus lacks (a pair of
its characters no rule has).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Callable

# A pair the corrected character makes must be a word, not two words' edges (全替 of 完全替代): at least this share of
# the rules with the rarer of its two characters have the pair (来源: all of those with 源).
BOUND = 0.3
LONGEST = 6  # a slip is looked for in words this long at most (a run of unknown characters is no typed word)
HOMOPHONES_PATH = Path(__file__).resolve().parent / "homophones.txt"
_BLOCK = (0x4E00, 0xA000)


def _is_cjk(c: str) -> bool:
    return _BLOCK[0] <= ord(c) < _BLOCK[1]


@lru_cache(maxsize=1)
def by_reading() -> dict[str, str]:
    """Each reading's characters, in code point order, from ``homophones.txt``."""
    lines = HOMOPHONES_PATH.read_text(encoding="utf-8").splitlines()
    return dict(line.partition("\t")[::2] for line in lines)


@lru_cache(maxsize=1)
def readings() -> dict[str, str]:
    """Each character's reading (toneless pinyin)."""
    return {c: reading for reading, chars in by_reading().items() for c in chars}


def correction(word: str, df: Callable[[str], int], known: Callable[[str], bool] = lambda w: False) -> str | None:
    """The corpus word one homophone away from ``word`` (see the module docstring) — a glossary term (``known``)
    before a word whose pairs the rules have — or None."""
    if not 2 <= len(word) <= LONGEST or not all(_is_cjk(c) for c in word):
        return None
    if all(df(word[i : i + 2]) > 0 for i in range(len(word) - 1)):
        return None  # every pair is the corpus's: not a slip
    sounds, chars = readings(), by_reading()
    best: tuple[bool, int, str] | None = None
    for i, c in enumerate(word):
        for h in chars.get(sounds.get(c, ""), ""):
            if h == c:
                continue
            candidate = word[:i] + h + word[i + 1 :]
            term = known(candidate)
            least = min(df(candidate[j : j + 2]) for j in range(len(candidate) - 1))
            bound = all(df(p) >= BOUND * min(df(p[0]), df(p[1])) for j in (i - 1, i) if 0 <= j < len(candidate) - 1
                        for p in [candidate[j : j + 2]])
            if (term or (least > 0 and bound)) and (best is None or (term, least) > best[:2]):
                best = (term, least, candidate)
    return best[2] if best else None


def generate() -> str:
    """``homophones.txt`` from pypinyin: each character's first reading, tone marks taken off (ü as v)."""
    import unicodedata

    from pypinyin import Style, pinyin

    groups: dict[str, list[str]] = {}
    for code in range(*_BLOCK):
        c = chr(code)
        got = pinyin(c, style=Style.NORMAL, heteronym=False, errors="ignore", v_to_u=False)
        if not got or not got[0] or not got[0][0].isalpha() or not got[0][0].isascii():
            continue
        reading = unicodedata.normalize("NFKD", got[0][0]).encode("ascii", "ignore").decode().lower()
        groups.setdefault(reading, []).append(c)
    return "".join(f"{r}\t{''.join(cs)}\n" for r, cs in sorted(groups.items()))


if __name__ == "__main__":
    HOMOPHONES_PATH.write_text(generate(), encoding="utf-8")
    print(f"wrote {HOMOPHONES_PATH}")
