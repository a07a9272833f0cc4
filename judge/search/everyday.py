"""Everyday Chinese words of a judge's question and the rules' words for them (``everyday_words.yaml``).

A judge writes 剩下, 免费, 叠加 where the rules say 剩余, 不需支付, 累加; a word of the list found in a question's CJK
text (outside glossary terms, longest first) matches a rule having any of its words, as if they had been typed —
as an English word of :mod:`judge.search.english` does.  No YAML on the query side: the words are compiled with the
index (:meth:`EverydayWords.to_data`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from judge.search.concepts import find_terms

EVERYDAY_WORDS_PATH = Path(__file__).resolve().parent / "everyday_words.yaml"


class EverydayWords(NamedTuple):
    """Everyday Chinese word → the corpus's words for it (all folded to Simplified)."""

    words: dict[str, tuple[str, ...]]

    @classmethod
    def from_yaml(cls, path: Path = EVERYDAY_WORDS_PATH) -> "EverydayWords":
        """Read ``everyday_words.yaml``, folding every word to Simplified."""
        from judge.datafile import read_word_map

        return cls(read_word_map(path, lambda w: isinstance(w, str) and len(w.strip()) > 1 and not w.isascii(),
                                 "everyday words", "a Chinese word of two or more characters"))

    def to_data(self) -> dict[str, Any]:
        """A JSON-able form (stored with the search index)."""
        return {said: list(rules) for said, rules in sorted(self.words.items())}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "EverydayWords":
        return cls({said: tuple(rules) for said, rules in data.items()})

    def split(self, text: str, gaps: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], list[tuple[int, int, str]]]:
        """The ``gaps`` of folded ``text`` with the list's words in them taken out (longest first, without overlaps),
        and those words as ``(start, end, word)``, in order."""
        out: list[tuple[int, int]] = []
        said: list[tuple[int, int, str]] = []
        for a, b in gaps:
            at = a
            for start, end, word in find_terms(text[a:b], self.words):
                out.append((at, a + start))
                said.append((a + start, a + end, word))
                at = a + end
            out.append((at, b))
        return out, said
