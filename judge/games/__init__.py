"""The games the engine runs: one folder per game with its data (``game.yaml``) and its own rule module (``rules.py``).

A game's folder is all it takes to add a game: the data names its zones, card types, words, trace phrases and the
rule ids each of the engine's rule keys stands for; ``rules.py`` subclasses the engine's ``Ruleset`` where the
game's rules differ from the shared behaviour.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path

from judge.engine.ruleset import Ruleset

_HERE = Path(__file__).resolve().parent


def games_with_engine() -> tuple[str, ...]:
    """Game ids with a folder here, in name order."""
    return tuple(sorted(p.name for p in _HERE.iterdir() if (p / "game.yaml").is_file()))


@lru_cache(maxsize=None)
def load_game(game: str) -> Ruleset:
    """The ruleset of ``game``: its data file read once, with the policies of its rule module."""
    # the parsed data from the per-user cache while the file is unchanged (YAML of the three games: ~10 ms a run)
    from judge.corpus.cache import cached_yaml

    if game not in games_with_engine():
        raise KeyError(game)
    data = cached_yaml(_HERE / game / "game.yaml")
    module = importlib.import_module(f"judge.games.{game}.rules")
    cls: type[Ruleset] = getattr(module, "RULESET", Ruleset)
    return cls(data)


__all__ = ["Ruleset", "games_with_engine", "load_game"]
