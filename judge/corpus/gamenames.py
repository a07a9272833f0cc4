"""Games by the names judges use: ``崛起``, ``RISE``, ``三國``, ``Riftbound`` → the game id.

The names are data: the ``games`` mapping of ``rules_corpus/sources.yaml`` (``zh`` and ``en`` are the names
shown in messages, ``also`` other spellings). Typed names match in any case, with or without spaces, in
full-width or half-width letters.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from judge import paths
from judge.datafile import DataError, expect_mapping
from judge.locale import current


@dataclass(frozen=True)
class GameNames:
    """One game's names: ``zh`` and ``en`` shown in messages, every spelling that finds it."""

    id: str
    zh: str
    en: str
    also: tuple[str, ...] = ()

    def spellings(self) -> tuple[str, ...]:
        return (self.id, self.zh, self.en, *self.also)


def fold(text: str) -> str:
    """A typed name reduced for matching: NFKC (full-width → ASCII), case-folded, without spaces."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def game_names(root: Path | None = None) -> dict[str, GameNames]:
    """Game id → its names, from the ``games`` mapping of ``sources.yaml`` (empty when it has none)."""
    return _read_names((root or paths.corpus_dir()) / "sources.yaml")


@lru_cache(maxsize=4)
def _read_names(path: Path) -> dict[str, GameNames]:
    from judge.corpus.cache import cached_yaml  # a parsed copy in the cache: most commands need no YAML parser

    games = expect_mapping(path, cached_yaml(path) or {}).get("games") or {}
    if not isinstance(games, dict):
        raise DataError(f"{path}: 'games' must map each game id to its names")
    out: dict[str, GameNames] = {}
    for gid, names in games.items():
        if not isinstance(names, dict) or not all(isinstance(names.get(k), str) for k in ("zh", "en")):
            raise DataError(f"{path}: games.{gid} needs a zh and an en name")
        also = names.get("also") or []
        if not isinstance(also, list) or not all(isinstance(a, str) for a in also):
            raise DataError(f"{path}: games.{gid}.also must be a list of names")
        out[str(gid)] = GameNames(str(gid), names["zh"], names["en"], tuple(also))
    return out


def resolve(typed: str, root: Path | None = None) -> str | None:
    """The id of the game ``typed`` names (by id or any of its names), or None."""
    key = fold(typed)
    for game in game_names(root).values():
        if key in {fold(s) for s in game.spellings()}:
            return game.id
    return None


def display_name(game: str, lang: str | None = None, root: Path | None = None) -> str:
    """The game's name in ``lang`` (default: the language in use), or its id when it has no names."""
    names = game_names(root).get(game)
    if names is None:
        return game
    return names.en if (lang or current()) == "en" else names.zh
