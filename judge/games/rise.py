"""崛起 TCG game data: zones, card types and trace phrases, read from ``rise.yaml``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

_HERE = Path(__file__).resolve().parent
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class GameData:
    """A game's vocabulary: zones, card types, statuses, words and trace phrases in each language."""

    game: str
    corpus: str
    zones: dict[str, dict[str, Any]]
    types: dict[str, dict[str, Any]]
    statuses: dict[str, dict[str, str]]
    words: dict[str, dict[str, str]]
    phrases: dict[str, dict[str, str]]
    graveyard: str

    def is_field(self, zone: str) -> bool:
        """True for a 场上 zone (706.1b, 710.1)."""
        return bool(self.zones[zone]["field"])

    def zone_name(self, zone: str, lang: str) -> str:
        return str(self.zones[zone][lang])

    def type_name(self, card_type: str, lang: str) -> str:
        return str(self.types[card_type][lang])

    def word(self, key: str, lang: str) -> str:
        return str(self.words[key][lang])

    def phrase(self, kind: str, lang: str) -> str:
        return str(self.phrases[kind][lang])


@lru_cache(maxsize=None)
def load_game(game: str = "rise") -> GameData:
    """Read ``<game>.yaml`` beside this module."""
    data = yaml.load((_HERE / f"{game}.yaml").read_text(encoding="utf-8"), Loader=_Loader)
    return GameData(
        game=data["game"],
        corpus=data["corpus"],
        zones=data["zones"],
        types=data["types"],
        statuses=data["statuses"],
        words=data["words"],
        phrases=data["phrases"],
        graveyard=data["graveyard"],
    )
