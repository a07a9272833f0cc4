"""One module per game: its zones, card types and the words its trace uses (data files beside them)."""

from __future__ import annotations

from judge.games.rise import GameData, load_game

GAMES_WITH_ENGINE = ("rise",)

__all__ = ["GameData", "load_game", "GAMES_WITH_ENGINE"]
