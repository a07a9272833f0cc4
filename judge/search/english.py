"""Everyday English words of a question and the rules' own words for them (``english_words.yaml``).

A judge asking in English uses words the glossary has no concept for (*opponent*, *twice*, *top*, *controlled*);
each is looked up here by its stem and matches a rule having any of its Chinese words, as if typed.  No YAML on
the query side: the words are compiled with the index (:meth:`EnglishWords.to_data`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from judge.search.concepts import stem

ENGLISH_WORDS_PATH = Path(__file__).resolve().parent / "english_words.yaml"


def candidates(word: str) -> list[str]:
    """The forms of an English word to look up, in order: as typed, its stem (plural, -ed), a final -s taken off
    (makes → make: the stem drops the e too), the stem without a doubled final consonant (controlled → control), -ing
    taken off (checking → check, choosing → choose), a final -d taken off (used → use)."""
    out = [word, stem(word)]
    s = out[1]
    if word.endswith("s") and len(word) > 3:  # makes → make, comes → come (the stem also drops a final e: mak)
        out.append(word[:-1])
    if len(s) > 3 and s[-1] == s[-2] and s.isalpha():
        out.append(s[:-1])
    if word.endswith("ing") and len(word) > 5:
        base = word[:-3]
        out += [base, base + "e"] + ([base[:-1]] if base[-1] == base[-2] else [])
    if word.endswith("d") and len(word) > 3:
        out.append(word[:-1])
    return list(dict.fromkeys(out))


class EnglishWords(NamedTuple):
    """English word → the corpus's words for it (folded to Simplified)."""

    words: dict[str, tuple[str, ...]]

    @classmethod
    def from_yaml(cls, path: Path = ENGLISH_WORDS_PATH) -> "EnglishWords":
        """Read ``english_words.yaml``, folding every word to Simplified."""
        from judge.datafile import read_word_map

        return cls(read_word_map(path, lambda w: isinstance(w, str) and w.isascii() and w.isalpha(),
                                 "English words", "an English word (letters only)"))

    def to_data(self) -> dict[str, Any]:
        """A JSON-able form (stored with the search index)."""
        return {en: list(zh) for en, zh in sorted(self.words.items())}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "EnglishWords":
        return cls({en: tuple(zh) for en, zh in data.items()})

    def lookup(self, word: str) -> tuple[str, ...]:
        """The rules' words for an English word (any of :func:`candidates`), or none."""
        for form in candidates(word):
            if form in self.words:
                return self.words[form]
        return ()
