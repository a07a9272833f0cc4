"""Stun (暈眩, FAQ word) as a state and a game action. Stunning a unit that is already stunned performs no action, so
there is no event for a replacement to change (FAQ vendetta-21, 423.1.a.1); nor is there when a rule effect says it
can't be stunned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards
from judge.engine.language.shapes import Bool, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.replacement import ANY
from judge.engine.refs import CardRef

from judge.games.riftbound.state import current, rs, stunned

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("riftbound.stun", "stun as a state and a game action", requires=("replacement", "continuous"))
M = MECHANISM


@M.declare("step", "stun", Ref("cards"), doc="each unit not yet stunned becomes stunned", rules=("instruction.negated",
           "action.already", "effect.one_shot"), phrases=("stun", "negated"))
def stun_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``stun: REF``: each unit not yet stunned becomes stunned."""
    chosen = {o for objs in ctx.legal.values() for o in objs if isinstance(o, CardRef)}
    done = False
    for ref in cards(ctx, spec):
        if not game.state.is_current(ref) or not game.is_field(game.state.cards[ref.id].zone):
            continue
        if stunned(game, game.state.cards[ref.id]):  # 423.1.a.1: already so: the action is not performed
            game.trace.add("negated", game.data.cite("instruction.negated", "action.already"), what=game.data.text("op_stun"),
                           why=game.data.text("stunned_state"))
            continue
        ev = events.emit(game, events.Event("stun", ref, player=ctx.controller, data={
            "chosen": ref in chosen, "by_player": ctx.controller if ctx.link is not None else None, "source": ctx.source}))
        done = done or ev is not None
        ctx.that = [ref]
    return done


@M.hook("apply:stun")
def apply(game: "Game", ev: events.Event) -> bool:
    card = current(game, ev)
    if card is None:
        return False
    rs(game).stunned[card.id] = card.inc
    game.trace.add("stun", game.data.cite("effect.one_shot"), card=ev.card)
    return True


@M.hook("event.forbids")
def forbidden(game: "Game", ev: events.Event) -> Any:
    """A rule effect saying the unit can't be stunned (「友方單位無法受到暈眩」)."""
    from judge.engine.mechanisms.continuous import forbidden as rule

    if ev.kind != "stun" or ev.card is None or not game.state.is_current(ev.card):
        return None
    eff = rule(game, game.state.cards[ev.card.id], "be_stunned")
    return eff.text if eff is not None else None


@M.declare("card", "stunned", Bool(), doc="it is stunned")
def _stunned_field(game: "Game", card: "Card", value: Any, path: Any) -> None:
    if value:
        rs(game).stunned[card.id] = card.inc


@M.declare("filter", "stunned", Bool(), doc="stunned (true) or not")
def _stunned_filter(s: Any, v: Any) -> str | None:
    return None if stunned(s.game, s.card) == bool(v) else "stunned"


M.word("expect.card", "stunned", Bool(), lambda game, card: stunned(game, card), doc="it is stunned")
M.word("cannot", "be_stunned", Bool(), doc="it cannot be stunned")
M.word("replace_event", "stun", Bool(), doc="a unit being stunned", extra={"keys": ANY | {"to"}})
M.word("event", "stunned", events.TRIGGER, events.kind_is("stun"), doc="a unit is stunned",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
