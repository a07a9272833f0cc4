"""Armor [prevention.armor]: an armor value prevents damage — an attachment's (not exhausted; exhausted to use it) for
the character it is attached to, if its type is one the armor protects; a unit's own armor for itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import Enum, Int, ListOf, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.replacement import ReplEffect

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("armor", "armor values that prevent damage", requires=("replacement", "continuous", "position"))
M = MECHANISM
CARD_TYPES = Enum(lambda s: tuple(s.vocab.game.types) if s.vocab.game else (), doc="a card type of the game")


@M.declare("card", "armor", Int(0), doc="its armor value (an attachment's protects what it is attached to)")
def _armor(game: "Game", card: "Card", value: Any, path: Any) -> None:
    card.armor = int(value)


@M.declare("card", "armor_for", ListOf(CARD_TYPES, min_items=1), doc="the card types its armor protects (default: the "
                                                                      "game's)")
def _armor_for(game: "Game", card: "Card", value: Any, path: Any) -> None:
    card.armor_for = list(value)


@M.hook("setup")
def _default_armor_for(game: "Game", data: dict[str, Any]) -> None:
    for cid, card in game.state.cards.items():
        if "armor_for" not in data["cards"][cid]:
            card.armor_for = list(game.data.raw.get("armor_for") or [])


M.word("characteristic", "armor", Ref("number"), doc="its armor value changes by this much")
M.word("expect.card", "armor", Ref("count_or_null"), lambda game, card: game.chars(card)["armor"], doc="its current armor")


@M.hook("replacements.implicit")
def armor_values(game: "Game") -> list[ReplEffect]:
    """An armor value prevents damage: an equipment's (not exhausted) for the character it is attached to, exhausted
    to use it; a unit's own armor for itself."""
    from judge.engine.mechanisms import continuous

    st = game.state
    rules = game.data
    out: list[ReplEffect] = []
    armor_changed = any("armor" in e.writes() for e in continuous.in_force(game))
    for card in st.field_cards():
        if card.armor and not rules.is_unit(card.type) and card.attached_to:
            host = st.cards.get(card.attached_to)
            # an armor not exhausted, value ≥ 1, on a card of a type it protects
            if host is not None and host.type in card.armor_for and not card.exhausted and game.chars(card)["armor"]:
                out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "attached"},
                                      rules.text("armor_value", n=game.chars(card)["armor"]), optional=True, ts=card.ts))
        elif rules.is_unit(card.type) and (card.armor is not None or armor_changed) and (game.chars(card)["armor"] or 0) >= 1:
            out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "self"},
                                  rules.text("armor_value", n=game.chars(card)["armor"]), ts=card.ts))
    return out
