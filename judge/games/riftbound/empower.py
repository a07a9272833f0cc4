"""Empower (賦能, FAQ word) and the Empowered state: a binary state by default (FAQ vendetta-15: 「獲得賦能是一種二元
狀態」) unless a card's text allows more layers (Kayle: 3); disempowering removes one layer; empowering a card that
already has its most is legal and does nothing (vendetta-16). ``[Empowered][>]`` abilities need their own source to be
Empowered as they are used (vendetta-24, 727.1.b.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.refs import CardRef

from judge.games.riftbound.state import current, empowered, rs

if TYPE_CHECKING:
    from judge.engine.effects import Context
    from judge.engine.game import Game
    from judge.engine.state import Card


def most(game: "Game", card: "Card") -> int:
    """How many times this card can be Empowered (its text, else the game's rule)."""
    return rs(game).empower_max.get(card.id, int(game.data.raw.get("empower_max", 1)))


def _each(game: "Game", ctx: "Context", spec: Any, kind: str) -> bool:
    from judge.engine.effects import cards

    done = False
    for ref in cards(ctx, spec):
        if not game.state.is_current(ref) or not game.is_field(game.state.cards[ref.id].zone):
            continue
        card = game.state.cards[ref.id]
        n = empowered(game, card)
        if kind == "empower" and n >= most(game, card):  # at its most: nothing to do, the instruction is negated
            game.trace.add("negated", game.data.cite("instruction.negated", "empower.cap"), what=game.data.text("op_empower"),
                           why=game.data.text("at_cap", max=most(game, card)))
            continue
        if kind == "disempower" and n == 0:  # not Empowered: nothing to remove
            game.trace.add("negated", game.data.cite("instruction.negated", "action.already"),
                           what=game.data.text("op_empower"), why=game.data.text("empowered_state"))
            continue
        ev = events.emit(game, events.Event(kind, ref, player=ctx.controller, data={"source": ctx.source}))
        done = done or ev is not None
        ctx.that = [ref]
    return done


def empower_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``empower: REF``: one more Empowered layer, up to the card's most."""
    return _each(game, ctx, spec, "empower")


def disempower_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``disempower: REF``: one layer less (FAQ vendetta-15: 「只會移除1層」)."""
    return _each(game, ctx, spec, "disempower")


def apply(game: "Game", ev: events.Event) -> bool:
    card = current(game, ev)
    if card is None:
        return False
    n = empowered(game, card) + (1 if ev.kind == "empower" else -1)
    rs(game).empowered[card.id] = (card.inc, n)
    if ev.kind == "empower":
        game.trace.add("empower", game.data.cite("empower.gain"), card=ev.card, amount=n, max=most(game, card))
    else:
        game.trace.add("disempower", game.data.cite("empower.lose"), card=ev.card, amount=n)
    return True


def source_empowered(game: "Game", ref: CardRef) -> bool:
    """Is this card (an ability's current source) Empowered now?"""
    card, _ = game.state.view(ref)
    return empowered(game, card) > 0


def requirement(game: "Game", card: "Card", ability: dict[str, Any]) -> str | None:
    """A dependent ability (``requires:``, [Empowered][>]) can be used only while its condition holds, read on the card
    that has it now — not on the card it came from (FAQ vendetta-24, 727.1.b.1)."""
    from judge.games.riftbound.rules import active

    need = ability.get("requires")
    if need is None:
        return None
    ok = active(game, card, {"while": need})
    game.trace.add("requires", game.data.cite("empower.condition"), card=card.ref, amount=ok)
    return None if ok else "not_empowered"
