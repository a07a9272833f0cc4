"""The words of reports and the site in one language: ours from ``words.yaml``, the game's own from its data file.

A phrase of ``words.yaml`` names a concept of the game (the chain or stack, a link, an ability, exhausted …) as a
*term*, ``{=chain}``: the word the game's data file gives under that key (``judge/games/<game>/game.yaml``,
``words:``), so that a 崛起 report says 响应链 and a Three-Kingdoms report 堆疊. A test checks that every game with an
engine has every term a phrase or the code (:data:`CODE_TERMS`) uses.

Sentences that hold links are built as *segments* (``{"text", "href"}``) so that the HTML and Markdown templates
can each escape and link them their own way.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from judge.datafile import DataError, expect_mapping, read_yaml

LANGS = ("zh", "en")
WORDS_PATH = Path(__file__).resolve().with_name("words.yaml")
Seg = dict[str, Any]
Terms = Mapping[str, Mapping[str, str]]
TERM = re.compile(r"\{=([A-Za-z_][A-Za-z0-9_]*)\}")  # a game's word inside a phrase: {=chain}
# the game's words the report code reads itself (judge/report/board.py, lexicon.py, sentences.py)
CODE_TERMS = ("exhausted", "face_down", "damage", "power", "health", "armor")


@lru_cache(maxsize=None)
def table() -> dict[str, dict[str, str]]:
    """Every key of ``words.yaml`` → ``{zh, en}``; a key missing a language is a :class:`DataError`."""
    data = expect_mapping(WORDS_PATH, read_yaml(WORDS_PATH))
    for key, value in data.items():
        if not isinstance(key, str):  # YAML 1.1 reads a bare yes/no/on/off key as a boolean
            raise DataError(f"{WORDS_PATH}: key {key!r} is not a string; quote it or rename it")
        if not isinstance(value, dict) or any(not isinstance(value.get(lg), str) for lg in LANGS):
            raise DataError(f"{WORDS_PATH}: {key!r} needs a zh and an en string")
    return data


def terms_used() -> set[str]:
    """Every term (``{=key}``) a phrase of ``words.yaml`` names, in either language, with those of :data:`CODE_TERMS`."""
    return {m for v in table().values() for lg in LANGS for m in TERM.findall(v[lg])} | set(CODE_TERMS)


class _Blank(dict):  # type: ignore[type-arg]
    """Format arguments where a missing placeholder reads as an ellipsis, never as ``{name}``."""

    def __missing__(self, key: str) -> str:
        return "…"


def fill(template: str, args: dict[str, Any]) -> str:
    """``template`` with its placeholders filled from ``args``; one not given reads as an ellipsis."""
    return template.format_map(_Blank(args))


@lru_cache(maxsize=None)
def _traditional(text: str) -> str:
    """A Simplified phrase of ``words.yaml`` in Traditional characters (OpenCC s2t), for a game whose document is
    written in Traditional Chinese."""
    import opencc

    return str(_converter(opencc).convert(text))


@lru_cache(maxsize=1)
def _converter(opencc: Any) -> Any:
    return opencc.OpenCC("s2tw")  # the standard forms a Traditional rules document uses (為, not 爲)


class Words:
    """``w("site_rules_n", n=2)``: a phrase of ``words.yaml`` in one language, its placeholders filled; in
    Traditional characters when the game's document is (``script="hant"``), and with the game's own ``terms``
    (its data file's ``words``) where the phrase names one (``{=chain}``)."""

    def __init__(self, lang: str = "zh", script: str = "hans", terms: Terms | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; one of {', '.join(LANGS)}")
        self.lang = lang
        self.script = script
        self.terms: Terms = terms or {}
        self._table = table()

    @classmethod
    def for_game(cls, lang: str, game: str | None) -> "Words":
        """The words of a page about ``game``: its script and its terms (a game without data: ours, Simplified)."""
        data = game_data(game) if game else None
        if data is None:
            return cls(lang)
        return cls(lang, str(data.raw.get("script", "hans")), data.words)

    def term(self, key: str) -> str:
        """The game's word ``key`` in this language (a phrase naming a term the game lacks is a bug a test catches)."""
        if key not in self.terms:
            raise KeyError(f"the game's data has no word {key!r} (judge/games/<game>/game.yaml, words:)")
        return str(self.terms[key][self.lang])

    def script_text(self, text: str) -> str:
        """Our own Simplified text (a document's title in ``sources.yaml``) in this page's script."""
        return _traditional(text) if self.lang == "zh" and self.script == "hant" else text

    def text(self, key: str) -> str:
        """The phrase ``key`` unfilled, in this language and script, its terms put in."""
        if self.lang == "zh" and self.script == "hant" and f"{key}_hant" in self._table:
            key = f"{key}_hant"  # a word that is not a matter of characters (the page's language tag)
        text = self.script_text(self._table[key][self.lang])  # converted before the game's own words go in
        return TERM.sub(lambda m: self.term(m.group(1)), text) if "{=" in text else text

    def __call__(self, key: str, **args: Any) -> str:
        text = self.text(key)
        return fill(text, args) if args else text

    def has(self, key: str) -> bool:
        return key in self._table

    def join(self, items: list[str]) -> str:
        return self("list_sep").join(items)

    def segs(self, key: str, **args: str | list[Seg]) -> list[Seg]:
        """The phrase ``key`` as segments; an argument given as a list of segments keeps its links."""
        out: list[Seg] = []
        for literal, name, _spec, _conv in string.Formatter().parse(self.text(key)):
            if literal:
                out.append({"text": literal, "href": None})
            if name is not None:
                value = args.get(name, "…")
                out.extend(value if isinstance(value, list) else [{"text": str(value), "href": None}])
        return out


def game_data(game: str) -> Any | None:
    """The game's data (zones, types, words, trace phrases), or None for a game without a data file."""
    from judge.games import load_game

    try:
        return load_game(game)
    except (OSError, KeyError, TypeError, ValueError):
        return None


@lru_cache(maxsize=None)
def _game_titles(game: str) -> dict[str, str]:
    """The ``title`` the game's data gives (``{zh, en}``), or an empty mapping for a game without one."""
    data = game_data(game)
    title = data.title if data is not None else None
    if isinstance(title, dict):
        return {lg: str(title[lg]) for lg in LANGS if title.get(lg)}
    return {lg: str(title) for lg in LANGS} if title else {}


def game_title(game: str, documents: dict[str, list[dict[str, Any]]], lang: str) -> str:
    """A game's name: the title its data file gives, else the title of its first rules document without a
    trailing qualifier in brackets (``三国 TCG 综合规则（四、卡牌…）`` → ``三国 TCG 综合规则``), else its id."""
    titles = _game_titles(game)
    if titles:
        return titles.get(lang) or titles.get("zh") or game
    docs = documents.get(game) or []
    title = str(docs[0].get("title") or "") if docs else ""
    return re.sub(r"\s*[（(][^（()）]*[)）]\s*$", "", title) or title or game
