"""What Riftbound's own rules keep beside the engine's state: where each unit is, Empowered and stunned, each player's
power (符能) and points, and the cards a player may play from another zone. Kept in ``GameState.ext`` (so a rewind
restores it); per card it is keyed by the card's zone visit, so a card that leaves the board loses all of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game
    from judge.engine.state import Card

KEY = "riftbound"


@dataclass
class RiftState:
    at: dict[str, tuple[int, str]] = field(default_factory=dict)  # card id -> (zone visit, battlefield card id)
    empowered: dict[str, tuple[int, int]] = field(default_factory=dict)  # card id -> (zone visit, layers)
    empower_max: dict[str, int] = field(default_factory=dict)  # card id -> how many layers its text allows
    stunned: dict[str, int] = field(default_factory=dict)  # card id -> zone visit
    power: dict[str, int] = field(default_factory=dict)  # player -> power their ready runes can pay
    points: dict[str, int] = field(default_factory=dict)
    permits: list[tuple[str, int, str, str]] = field(default_factory=list)  # (card, visit, zone, player): may play it from there
    conquered: set[tuple[str, str]] = field(default_factory=set)  # (player, battlefield) conquered this turn
    play_to: dict[str, str] = field(default_factory=dict)  # card id -> where it is being played (base or a battlefield)


def rs(game: "Game") -> RiftState:
    """Riftbound's part of the state (made on first use)."""
    found = game.state.ext.get(KEY)
    if found is None:
        found = game.state.ext[KEY] = RiftState()
    return found  # type: ignore[no-any-return]


def battlefield_of(game: "Game", card: "Card") -> str | None:
    """The battlefield card a card is at (a battlefield card is at itself), or None (a base, or off the board)."""
    if card.zone != "battlefield":
        return None
    if card.type == "battlefield":
        return card.id
    where = rs(game).at.get(card.id)
    return where[1] if where and where[0] == card.inc else None


def location(game: "Game", card: "Card") -> str | None:
    """Where on the board the card is: ``base``, a battlefield card id, or None (off the board)."""
    if card.zone == "base":
        return "base"
    return battlefield_of(game, card)


def empowered(game: "Game", card: "Card") -> int:
    """How many times the card is Empowered now (0: not)."""
    n = rs(game).empowered.get(card.id)
    return n[1] if n and n[0] == card.inc else 0


def stunned(game: "Game", card: "Card") -> bool:
    return rs(game).stunned.get(card.id) == card.inc


def current(game: "Game", ev: "Event") -> "Card | None":
    """The event's card if it is still the same object (it has not left its zone since), else None."""
    if ev.card is None or not game.state.is_current(ev.card):
        return None
    return game.state.cards[ev.card.id]
