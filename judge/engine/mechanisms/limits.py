"""How often an activated ability may be used [ability.limit]: ``limit: {times: N, per: turn}`` ("每回合一次").

A use counts for that ability of that object: a card that left the field and came back is a new object with new
abilities, and so is each copy a card becomes ([copy.values]: its copied abilities are new ones, their limits start
again); an ability an effect gave the card is its own. A use that is rewound does not count (the state is restored)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import Enum, Int, Map
from judge.engine.language.words import Mechanism

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("limits", "how often an activated ability may be used", requires=("chain", "turns"))
M = MECHANISM
KEY = "ability_uses"  # GameState.ext: the uses counted this turn, by ability (a rewind restores them)


def _which(card: "Card", text: dict[str, Any]) -> tuple[Any, ...] | None:
    """The ability's identity: its object (card and zone visit), and for a printed (or copied) ability which copy it
    came with and its place; for a granted one, which grant."""
    for i, ab in enumerate(card.abilities):
        if ab is text:
            return (card.id, card.inc, "printed", card.copy_gen, i)
    for i, g in enumerate(card.granted):
        if g.ability is text:
            return (card.id, card.inc, "granted", i, g.ts)
    return None


@M.hook("ability.usable", order=60)
def usable(game: "Game", card: "Card", text: dict[str, Any]) -> str | None:
    """Refuse a use past the ability's limit; count the use otherwise."""
    limit = text.get("limit") if text.get("kind") == "activated" else None
    if not limit:
        return None
    key = _which(card, text)
    if key is None:
        return None
    key = (str(limit["per"]), *key)  # the period its uses are counted in ("per: turn")
    uses: dict[tuple[Any, ...], int] = game.state.ext.setdefault(KEY, {})
    if uses.get(key, 0) >= int(limit.get("times", 1)):
        return "limit_reached"  # [ability.limit]: the use is rewound
    uses[key] = uses.get(key, 0) + 1
    return None


@M.hook("turn.end", order=65)
def _end_turn(game: "Game") -> None:
    uses = game.state.ext.get(KEY) or {}
    game.state.ext[KEY] = {k: n for k, n in uses.items() if k[0] != "turn"}  # "each turn": the counts start again


M.word("ability.activated", "limit", Map({"times": Int(1), "per": Enum(("turn",))}, required=("per",)),
       doc="how often it may be used: times (default 1) per turn", rules=("ability.limit",))
