"""Empower (賦能, FAQ word) and the Empowered state: a binary state by default (FAQ vendetta-15: 「獲得賦能是一種二元
狀態」) unless a card's text allows more layers (Kayle: 3); disempowering removes one layer; empowering a card that
already has its most is legal and does nothing (vendetta-16). ``[Empowered][>]`` abilities need their own source to be
Empowered as they are used (vendetta-24, 727.1.b.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards
from judge.engine.language.shapes import Bool, Int, Ref
from judge.engine.language.words import Mechanism
from judge.engine.refs import CardRef

from judge.games.riftbound.state import current, empowered, rs

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("riftbound.empower", "Empower and the Empowered state", requires=("chain", "filters", "conditions"))
M = MECHANISM


def most(game: "Game", card: "Card") -> int:
    """How many times this card can be Empowered (its text, else the game's rule)."""
    return rs(game).empower_max.get(card.id, int(game.data.raw.get("empower_max", 1)))


def _each(game: "Game", ctx: "Context", spec: Any, kind: str) -> bool:
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


@M.declare("step", "empower", Ref("cards"), doc="one more Empowered layer, up to the card's most",
           rules=("empower.gain", "empower.cap", "instruction.negated"), phrases=("empower", "negated"))
def empower_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``empower: REF``: one more Empowered layer, up to the card's most."""
    return _each(game, ctx, spec, "empower")


@M.declare("step", "disempower", Ref("cards"), doc="one Empowered layer less", rules=("empower.lose", "action.already"),
           phrases=("disempower", "negated"))
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


@M.hook("ability.usable")
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


M.hook("apply:empower")(apply)
M.hook("apply:disempower")(apply)


@M.declare("card", "empowered", Int(0, 3), doc="how many times it is Empowered (0: not)")
def _empowered_field(game: "Game", card: "Card", value: Any, path: Any) -> None:
    if value:
        rs(game).empowered[card.id] = (card.inc, int(value))


@M.declare("card", "empower_max", Int(1, 3), doc="how many times it can be Empowered (default: the game's rule)")
def _empower_max(game: "Game", card: "Card", value: Any, path: Any) -> None:
    if value:
        rs(game).empower_max[card.id] = int(value)


@M.declare("filter", "empowered", Bool(), doc="Empowered (true) or not")
def _empowered_filter(s: Any, v: Any) -> str | None:
    return None if (empowered(s.game, s.card) > 0) == bool(v) else "empowered"


@M.declare("condition", "empowered", Ref("cards"), doc="[Empowered][>]: the card named is Empowered now")
def _empowered_condition(game: "Game", ctx: Context, arg: Any) -> bool:
    return any(empowered(game, game.state.view(r)[0]) > 0 for r in cards(ctx, arg))


M.word("ability.activated", "requires", Ref("condition"), doc="a condition the ability needs to be used, read on the "
       "card that has it ([Empowered][>])", rules=("empower.condition",), phrases=("requires",))
M.word("expect.card", "empowered", Int(0, 3), lambda game, card: empowered(game, card), doc="how many times it is Empowered")
M.word("event", "empowered", events.TRIGGER, events.kind_is("empower"), doc="a card becomes Empowered",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
M.word("event", "disempowered", events.TRIGGER, events.kind_is("disempower"), doc="a card loses an Empowered layer",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
