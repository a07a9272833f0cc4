"""Turning a judge's question into search terms: question words out, long CJK runs split into words.

A run of CJK text left once glossary terms are taken out (「磁石在场时必须指定它为」) is first cut
at the question words of ``question_words.yaml`` that have two or more characters, then split
into the words of the corpus's own vocabulary: the most probable tiling of the run into
bigrams that occur in the corpus and single characters, each word weighed by how many rules
contain it (a unigram language model over the index's own document frequencies), so
「磁石在场时必须指定」 becomes 磁石 · 在场 · 时 · 必须 · 指定 and not 磁石 · 在场 · 时必 · 须指 · 定.
Single characters that stand alone afterwards and are question words or particles (时, 它, 会)
are dropped; inside a word (技能, 退还, 时间) they stay.  A word of negation right before a glossary term (没有触发式效果,
*without a target*) marks that term negated (:func:`negator_before`).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, NamedTuple

from judge.locale.folding import fold

QUESTION_WORDS_PATH = Path(__file__).resolve().parent / "question_words.yaml"
SINGLE_WEIGHT = 0.05  # a lone character is this much less likely than a word with the same document frequency


_AFTER_NAME = " ,:;，：；、"  # what may follow a game's name at the start of a question


class QuestionWords(NamedTuple):
    """The question words (two or more characters, longest first), the droppable single characters, English stop
    words, and the words that negate the next glossary term (longest first)."""

    cut: tuple[str, ...]
    singles: frozenset[str]
    english: frozenset[str]
    negation: tuple[str, ...] = ()
    games: tuple[tuple[str, str], ...] = ()  # (a game's name as a question starts with it, the game), longest first

    @classmethod
    def from_yaml(cls, path: Path = QUESTION_WORDS_PATH) -> "QuestionWords":
        """Read ``question_words.yaml``, folding every entry to Simplified."""
        from judge.datafile import DataError, expect_mapping, read_yaml

        data = expect_mapping(path, read_yaml(path), ("question", "particles", "english"))
        games = data.get("games") or {}
        if not isinstance(games, dict) or not all(isinstance(g, str) and isinstance(v, list) and all(
                isinstance(n, str) and n.strip() for n in v) for g, v in games.items()):
            raise DataError(f"{path}: 'games' maps a game to the names a question calls it by")
        names = sorted({(fold(n.strip()).lower(), g) for g, v in games.items() for n in v}, key=lambda x: (-len(x[0]), x))
        lists: dict[str, list[str]] = {}
        for name in ("question", "particles", "english", "negation"):
            if name == "negation" and name not in data:
                lists[name] = []
                continue
            value = data[name].split() if name == "english" and isinstance(data[name], str) else data[name]
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                raise DataError(f"{path}: '{name}' must be a list of words" + (" (or one line of them)" if name == "english" else ""))
            lists[name] = [fold(v.strip()).lower() for v in value]
        words = set(lists["question"]) | set(lists["particles"])
        return cls(
            tuple(sorted((w for w in words if len(w) > 1), key=lambda w: (-len(w), w))),
            frozenset(w for w in words if len(w) == 1),
            frozenset(lists["english"]),
            tuple(sorted(set(lists["negation"]), key=lambda w: (-len(w), w))),
            tuple(names),
        )

    def to_data(self) -> dict[str, Any]:
        """A JSON-able form (stored with the search index)."""
        return {"cut": list(self.cut), "singles": sorted(self.singles), "english": sorted(self.english),
                "negation": list(self.negation), "games": [list(x) for x in self.games]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "QuestionWords":
        return cls(tuple(data["cut"]), frozenset(data["singles"]), frozenset(data["english"]), tuple(data.get("negation", ())),
                   tuple((str(n), str(g)) for n, g in data.get("games", ())))

    def named_game(self, query: str, games: list[str]) -> tuple[str, str] | None:
        """The game a question starts by naming (「三国 踐踏……」, "In Rise, …", "Riftbound: …"), or the one game whose
        Chinese name it has anywhere, and the question without the name; None when it names none of ``games`` so."""
        text = fold(query).lower().lstrip()
        lead = "in " if text.startswith("in ") else ""
        for name, game in self.games:
            if game in games and text.startswith(lead + name):
                rest = text[len(lead + name):]
                if not rest or rest[0] in _AFTER_NAME:  # the name ends there (not 崛起的, not rises)
                    stripped = rest.lstrip("".join(_AFTER_NAME))
                    return (game, stripped) if stripped else None
        # a Chinese name anywhere (符文戰場裡，……), when it is the only game named and not all the question says
        named = sorted({game for name, game in self.games if game in games and not name.isascii() and name in text})
        rest = self.without_names(text)
        return (named[0], rest.strip()) if len(named) == 1 and rest != text else None

    def without_names(self, text: str) -> str:
        """A folded query with the games' names blanked out wherever they stand (符文战场 is no 战场, 三国 no word a rule
        has: the name says which game, see :meth:`named_game`); a query that is nothing but a name is left as it is."""
        out = text
        for name, _ in self.games:
            if name.isascii():
                out = re.sub(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", " ", out)
            else:
                out = out.replace(name, " ")
        return out if out.strip() else text

    def cut_run(self, run: str) -> list[str]:
        """The pieces of a CJK run between its question words of two or more characters."""
        pieces = [run]
        for word in self.cut:
            pieces = [p for piece in pieces for p in piece.split(word)]
        return [p for p in pieces if p]


@lru_cache(maxsize=1)
def bundled_question_words() -> QuestionWords:
    """The package's ``question_words.yaml``."""
    return QuestionWords.from_yaml()


def segment(run: str, df: Callable[[str], int], docs: int, particles: frozenset[str] = frozenset()) -> list[str]:
    """The most probable split of a CJK run into corpus bigrams and single characters (see the module
    docstring); a lone particle is not penalised, so 回合的 splits as 回合 · 的 rather than 回 · 合的."""
    n = len(run)
    if n <= 1:
        return [run] if run else []
    total = max(docs, 1)
    best = [0.0] + [math.inf] * n
    back = [0] * (n + 1)
    for i in range(1, n + 1):
        weight = 1.0 if run[i - 1] in particles else SINGLE_WEIGHT
        single = best[i - 1] - math.log(weight * max(df(run[i - 1]), 0.5) / total)
        best[i], back[i] = single, i - 1
        if i >= 2:
            freq = df(run[i - 2 : i])
            if freq > 0:
                cost = best[i - 2] - math.log(freq / total)
                if cost < best[i]:
                    best[i], back[i] = cost, i - 2
    words: list[str] = []
    i = n
    while i > 0:
        words.append(run[back[i] : i])
        i = back[i]
    return words[::-1]


def split_run(run: str, words: QuestionWords, df: Callable[[str], int], docs: int) -> list[tuple[str, int]]:
    """The words of a CJK run a search should look for, each with its offset in the run: question
    words cut out, the rest segmented, lone question characters and particles dropped.  Characters
    left standing one by one side by side (no bigram of theirs is in the corpus: 巧克力) are an
    unknown word and stay together."""
    kept: list[tuple[str, int]] = []
    at = 0
    for piece in words.cut_run(run):
        at = run.index(piece, at)
        for w in segment(piece, df, docs, words.singles):
            if not (len(w) == 1 and w in words.singles):
                kept.append((w, at))
            at += len(w)
    out: list[tuple[str, int, bool]] = []  # word, offset, made of single characters
    for w, offset in kept:
        if len(w) == 1 and out and out[-1][2] and out[-1][1] + len(out[-1][0]) == offset:
            out[-1] = (out[-1][0] + w, out[-1][1], True)
        else:
            out.append((w, offset, len(w) == 1))
    return [(w, offset) for w, offset, _ in out]


def negator_before(text: str, after: int, start: int, negation: tuple[str, ...]) -> int | None:
    """Where a word of negation that stands right before ``start`` (spaces and an English article between) begins,
    if it begins at or after ``after`` (the end of the previous glossary term); else None."""
    j = start
    while j > after and text[j - 1] == " ":
        j -= 1
    article = re.search(r"(?:^|(?<=\s))(?:a|an|any|the)$", text[after:j])
    if article:
        j = after + article.start()
        while j > after and text[j - 1] == " ":
            j -= 1
    for n in negation:
        k = j - len(n)
        if k >= after and text[k:j] == n and (not n.isascii() or k == 0 or not text[k - 1].isalnum()):
            return k
    return None

