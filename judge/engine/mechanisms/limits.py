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


def _which(card: "Card", text: dict[str, Any]) -> tuple[Any, ...]:
    """The ability's identity: its object (card and zone visit); for a printed ability its place — and, while the card
    is a copy, which copy it came with (the copied text is new each time; the card's own text is not); for a granted
    one, which grant; for one the card has from another card (the game's rules lend it), its name or text."""
    for i, ab in enumerate(card.abilities):
        if ab is text:
            return (card.id, card.inc, "printed", card.copy_gen if card.copying is not None else 0, i)
    for i, g in enumerate(card.granted):
        if g.ability is text:
            return (card.id, card.inc, "granted", i, g.ts)
    return (card.id, card.inc, "lent", str(text.get("name") or text.get("text") or sorted(text.items(), key=str)))


@M.hook("ability.usable", order=60)
def usable(game: "Game", card: "Card", text: dict[str, Any]) -> str | None:
    """Refuse a use past the ability's limit; count the use otherwise."""
    limit = text.get("limit") if text.get("kind") == "activated" else None
    if not limit:
        return None
    key = (str(limit["per"]), *_which(card, text))  # the period its uses are counted in ("per: turn")
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
