"""Handles for the things effects point at: a card in one zone visit, a player, a link on the chain."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class CardRef:
    """A card as one object: ``inc`` counts its zone changes, so a card that moved is a new object [resolve.recheck]."""

    id: str
    inc: int


@dataclass(frozen=True, order=True)
class PlayerRef:
    """A player."""

    id: str


@dataclass(frozen=True, order=True)
class LinkRef:
    """A link on the response chain, by its number."""

    uid: int


@dataclass(frozen=True)
class ZoneRef:
    """A zone name, for the trace."""

    zone: str


@dataclass(frozen=True)
class Text:
    """Localised text for the trace: ``{lang: text}``; a missing language falls back to ``zh``."""

    zh: str
    en: str = ""

    def get(self, lang: str) -> str:
        return (self.en if lang == "en" and self.en else self.zh)

    @property
    def chinese_only(self) -> bool:
        """Given in Chinese and not in English (an English sentence says so rather than quoting it)."""
        return not self.en and any("\u3400" <= c <= "\u9fff" for c in self.zh)


Obj = CardRef | PlayerRef | LinkRef
