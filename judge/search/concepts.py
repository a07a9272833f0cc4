"""The glossary's concepts, matching their spellings in a query, and where the glossary file lives.

No YAML here: the query side loads a glossary compiled into the index (:meth:`Glossary.from_data`);
reading ``glossary.yaml`` is :mod:`judge.search.glossary`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from judge import paths

LATIN_TERM_RE = re.compile(r"^[a-z0-9 '\-]+$")
LATIN_WORD_RE = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


NEAR = 0.55  # how alike (difflib's ratio) a spelling must be to be suggested for a word the glossary lacks
_MIN_INSIDE = 2  # characters the shorter spelling needs for "one inside the other" to count

class Concept(NamedTuple):
    """One concept: English terms, each game's own terms, aliases and defining rules."""

    id: str
    en: tuple[str, ...]
    terms: dict[str, tuple[str, ...]]
    aliases: tuple[str, ...]
    rules: dict[str, tuple[str, ...]]

    def all_terms(self) -> list[str]:
        """Every spelling: English, per-game terms, aliases (duplicates removed, order kept)."""
        seen: dict[str, None] = {}
        for t in (*self.en, *(t for ts in self.terms.values() for t in ts), *self.aliases):
            seen.setdefault(t, None)
        return list(seen)

    def expansion(self, game: str | None) -> list[str]:
        """The terms a query for this concept should also match: the game's own words, or all games'."""
        games = [game] if game else list(self.terms)
        out: dict[str, None] = {}
        for g in games:
            for t in self.terms.get(g, ()):
                out.setdefault(t, None)
        return list(out)


def glossary_path(corpus_root: Path | None = None) -> Path:
    return (corpus_root or paths.corpus_dir()) / "glossary.yaml"


def user_glossary_path() -> Path:
    """The judge's own additions to the glossary: ``glossary.yaml`` in their data folder (may not exist)."""
    return paths.user_data_dir() / "glossary.yaml"


def stem(word: str) -> str:
    """A light English stemmer for glossary matching, the same form for a word and its plural, -ed and possessive
    forms (abilities → ability, countered → counter, resolved and resolves → resolv, tapped → tap, spell's → spell);
    -ing is kept (stacking is not stack)."""
    if word.endswith(("'s", "s'")):
        word = word[:-2] if word.endswith("'s") else word[:-1]
    if len(word) <= 3 or not word.isascii():
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("ied") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes", "zes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif word.endswith("ed") and not word.endswith("eed") and len(word) > 4:
        word = word[:-2]
    if len(word) > 3 and word.endswith("e") and not word.endswith(("ee", "ie", "ye")):
        word = word[:-1]  # resolve and resolved alike
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiousy":
        word = word[:-1]  # tap and tapped alike (and call, called: cal)
    return word


def term_key(term: str) -> str:
    """How a spelling is matched: folded to Simplified, lower case, ``-`` as a space, English words stemmed."""
    from judge.locale.folding import fold

    words = fold(term).lower().replace("-", " ").split()
    return " ".join(stem(w) if LATIN_TERM_RE.match(w) else w for w in words)


def find_terms(folded_query: str, keys: Iterable[str]) -> list[tuple[int, int, str]]:
    """Non-overlapping ``(start, end, key)`` occurrences of ``keys`` in a folded, lower-cased query, longest first.

    A CJK key matches anywhere; an English key matches whole words, stemmed, across spaces and
    hyphens (``triggered abilities`` matches ``triggered ability``, ``stacking`` does not match ``stack``).
    """
    words = [(stem(m.group()), m.start(), m.end()) for m in LATIN_WORD_RE.finditer(folded_query)]
    found: list[tuple[int, int, str]] = []
    for key in keys:
        if LATIN_TERM_RE.match(key):
            parts = key.split()
            for i in range(len(words) - len(parts) + 1):
                if all(words[i + j][0] == p for j, p in enumerate(parts)):
                    found.append((words[i][1], words[i + len(parts) - 1][2], key))
            continue
        i = folded_query.find(key)
        while i >= 0 and key:
            found.append((i, i + len(key), key))
            i = folded_query.find(key, i + 1)
    taken = [False] * len(folded_query)
    out: list[tuple[int, int, str]] = []
    for start, end, key in sorted(found, key=lambda f: (f[0] - f[1], f[0])):
        if not any(taken[start:end]):
            taken[start:end] = [True] * (end - start)
            out.append((start, end, key))
    return sorted(out)


class Resolved(NamedTuple):
    """What ``judge define`` matched: the concept, the word as the glossary spells it and what kind
    of word it is (``rise word``, ``English term``, ``alias``, ``concept id``), whether the term
    was that whole word or a part of it, and the other concepts a part also matched."""

    concept: Concept
    word: str
    kind: str
    exact: bool
    others: tuple[Concept, ...] = ()


def _spelled(concept: Concept, key: str) -> tuple[str, str]:
    """The glossary's spelling of ``key`` in ``concept`` and what kind of word it is."""
    for game, terms in concept.terms.items():
        for t in terms:
            if term_key(t) == key:
                return t, f"{game} word"
    for kind, words in (("English term", concept.en), ("alias", concept.aliases)):
        for t in words:
            if term_key(t) == key:
                return t, kind
    return concept.id, "concept id"


class Glossary:
    """All concepts, with every spelling keyed for matching (see :func:`term_key`)."""

    def __init__(self, concepts: list[Concept], by_key: dict[str, Concept] | None = None,
                 folds: dict[str, str] | None = None) -> None:
        self.concepts = concepts
        self._folds: dict[str, str] = folds or {}  # spelling -> folded, lower case: the spellings folding needs OpenCC for
        self.by_key: dict[str, Concept] = by_key or {}
        if by_key:  # built from stored data: keys already computed
            return
        for c in concepts:
            for t in (c.id, *c.all_terms()):
                k = term_key(t)
                other = self.by_key.get(k)
                if other is not None and other.id != c.id:
                    raise ValueError(t, other.id, c.id)  # (the word, the concept that has it, the one that would too)
                self.by_key[k] = c

    def spellings(self) -> list[str]:
        """Every folded spelling of every concept (what the index counts in rule text)."""
        from judge.locale.folding import fold

        return sorted({" ".join(fold(t).lower().replace("-", " ").split()) for c in self.concepts for t in c.all_terms()})

    def folded(self, term: str) -> str:
        """``term`` folded to Simplified and lower case (as stored with the index, so without OpenCC on the query side)."""
        if term in self._folds:
            return self._folds[term]
        from judge.locale.folding import fold

        return fold(term).lower()

    def lookup(self, term: str) -> Concept | None:
        """The concept with this id or spelling (any script, any case, singular or plural)."""
        return self.by_key.get(term_key(term))

    def resolve(self, term: str) -> Resolved | None:
        """The concept for ``term``: an exact spelling, else the concepts with a spelling that contains it
        (games' words before aliases, then the shortest), else those with a spelling the term contains
        (the longest first)."""
        k = term_key(term)
        if not k:
            return None
        if k in self.by_key:
            return Resolved(self.by_key[k], *_spelled(self.by_key[k], k), True)
        def is_alias(key: str) -> bool:  # a game's own word is a better answer than a colloquial alias
            return _spelled(self.by_key[key], key)[1] == "alias"

        if len(k) < _MIN_INSIDE or (k.isascii() and len(k) < 3):
            return None  # a letter or two is inside too many words to stand for one ("q" is not "sequence")
        within = sorted((key for key in self.by_key if k in key), key=lambda key: (is_alias(key), len(key), not key.startswith(k), key))
        around = sorted((key for key in self.by_key if key in k and len(key) >= _MIN_INSIDE),
                        key=lambda key: (is_alias(key), -len(key), key))
        ranked = list(dict.fromkeys(self.by_key[key].id for key in within + around))
        if not ranked:
            return None
        best = (within + around)[0]
        by_id = {c.id: c for c in self.concepts}
        return Resolved(self.by_key[best], *_spelled(self.by_key[best], best), False, tuple(by_id[cid] for cid in ranked[1:]))

    def nearest(self, term: str, n: int = 5) -> list[Concept]:
        """Concepts whose spellings are close to ``term``: those containing it (or contained in it) when there are
        any, else those spelled much alike — at least :data:`NEAR` alike, and near the best one; nothing for a word
        like none of them (``xyz``)."""
        from difflib import SequenceMatcher

        k = term_key(term)
        scored: dict[str, tuple[float, Concept]] = {}
        for key, c in self.by_key.items():
            s = SequenceMatcher(None, k, key).ratio()
            if k and (k in key or key in k) and min(len(k), len(key)) >= _MIN_INSIDE:
                s += 1.0  # one spelling inside the other (a single letter inside a word does not count)
            if s > scored.get(c.id, (-1.0, c))[0]:
                scored[c.id] = (s, c)
        ranked = sorted(scored.values(), key=lambda sc: -sc[0])
        if not ranked:
            return []
        best = ranked[0][0]
        floor = 1.0 if best >= 1.0 else max(NEAR, best - 0.15)
        return [c for s, c in ranked[:n] if s >= floor]

    def find_in(self, folded_query: str) -> list[tuple[int, int, Concept]]:
        """Non-overlapping spellings found in an already folded, lower-cased query, longest first."""
        return [(s, e, self.by_key[k]) for s, e, k in find_terms(folded_query, self.by_key)]

    def to_data(self) -> dict[str, Any]:
        """A JSON-able form that loads without YAML or OpenCC (stored with the search index)."""
        return {
            "concepts": [[c.id, list(c.en), {g: list(t) for g, t in c.terms.items()}, list(c.aliases),
                          {g: list(r) for g, r in c.rules.items()}] for c in self.concepts],
            "keys": {k: c.id for k, c in self.by_key.items()},
            "folds": self._spelling_folds(),
        }

    def _spelling_folds(self) -> dict[str, str]:
        """Every spelling that folding needs OpenCC for, with its folded form."""
        from judge.locale.folding import fold, needs_converter

        return {t: fold(t).lower() for c in self.concepts for t in c.all_terms() if needs_converter(t)}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Glossary":
        """The glossary stored by :meth:`to_data`."""
        concepts = [
            Concept(cid, tuple(en), {g: tuple(t) for g, t in terms.items()}, tuple(aliases), {g: tuple(r) for g, r in rules.items()})
            for cid, en, terms, aliases, rules in data["concepts"]
        ]
        by_id = {c.id: c for c in concepts}
        return cls(concepts, {k: by_id[cid] for k, cid in data["keys"].items()}, dict(data.get("folds") or {}))


