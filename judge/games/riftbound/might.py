"""Might (戰力, [M]) changes as events that replacement effects can change (FAQ vendetta-03, -04, -20, -22).

``might: {cards: REF, amount: ±N, minimum: M, until: turn}`` makes one event per unit. A floor ("to a minimum of
1 [M]") limits the change: a change limited to 0 is no event at all, so there is nothing to replace (477.3.b, FAQ
vendetta-22); a replacement of the event keeps the floor (375, FAQ vendetta-04). An event records whether the link
making it *chose* the unit (one of its targets: FAQ vendetta-03, only 「所選單位」's event is replaced) and who
controls that link. ``swap_might`` works out the difference once, then makes an increase and a decrease
(FAQ vendetta-20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards, value
from judge.engine.language.shapes import Bool, Enum, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.replacement import ANY, ReplEffect
from judge.engine.refs import CardRef, Text

from judge.games.riftbound.state import current

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("riftbound.might", "might changes as replaceable events", requires=("replacement", "continuous"))
M = MECHANISM


def _might(game: "Game", ref: CardRef) -> int:
    return int(game.chars(game.state.cards[ref.id])["power"] or 0)


def _chosen(ctx: "Context") -> set[CardRef]:
    """The units the link making the event chose (its legal targets)."""
    return {o for objs in ctx.legal.values() for o in objs if isinstance(o, CardRef)}


def change(game: "Game", ctx: "Context", ref: CardRef, amount: int, minimum: int | None, until: str) -> bool:
    """One might change of one unit: limited by the floor first; 0 is no event."""
    if not game.state.is_current(ref) or not game.is_field(game.state.cards[ref.id].zone):
        return False
    floored = _floor(amount, minimum, _might(game, ref))
    if floored == 0:
        game.trace.add("might_zero", game.data.cite("might.zero"), card=ref)
        return False
    ev = events.emit(game, events.Event("might", ref, player=ctx.controller, data={
        "amount": floored, "minimum": minimum, "until": until, "chosen": ref in _chosen(ctx),
        "by_player": ctx.controller if ctx.link is not None else None, "source": ctx.source,
        "cites": game.data.cite("might.change")}))
    return ev is not None


def _floor(amount: int, minimum: int | None, now: int) -> int:
    """A decrease limited so the might does not go below ``minimum`` (never an increase)."""
    if minimum is None or amount >= 0:
        return amount
    return min(0, max(amount, minimum - now))


MIGHT = Map({"cards": Ref("cards"), "amount": Ref("number"), "minimum": Ref("number"),
             "until": Enum(("turn",), doc="it lasts this turn (the default)")})


@M.declare("step", "might", MIGHT, doc="change units' might (an event; minimum: a floor)", rules=("might.change",
           "might.zero", "might.floor"), phrases=("might", "might_zero", "might_floor"))
def might_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``might: {cards: REF, amount: N, minimum: M, until: turn}``."""
    amount = value(ctx, spec.get("amount", 0))
    minimum = value(ctx, spec["minimum"]) if "minimum" in spec else None
    refs = cards(ctx, spec.get("cards", "self"))
    results = [change(game, ctx, r, amount, minimum, str(spec.get("until", "turn"))) for r in refs]
    ctx.that = refs
    return bool(refs) and all(results)


@M.declare("step", "swap_might", Map({"cards": Ref("cards"), "until": Enum(("turn",))}, required=("cards",)),
           doc="swap two units' might: the difference once, then an increase and a decrease", rules=("might.swap",),
           phrases=("might_swap",))
def swap_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``swap_might: {cards: [REF, REF], until: turn}``: the difference is computed once; the lower gets +it, the higher
    −it, as two events (FAQ vendetta-20: 「交換會計算兩者的戰力差距，並產生兩項效果」)."""
    refs = [r for r in cards(ctx, spec.get("cards")) if game.state.is_current(r)]
    if len(refs) != 2:
        game.trace.add("cannot", game.data.cite("effect.text_order"), what=game.data.text("op_might"))
        return False
    a, b = refs
    diff = abs(_might(game, a) - _might(game, b))
    game.trace.add("might_swap", game.data.cite("might.swap"), card=a, target=b, amount=diff)
    if diff == 0:
        return True
    low, high = (a, b) if _might(game, a) < _might(game, b) else (b, a)
    until = str(spec.get("until", "turn"))
    up = change(game, ctx, low, diff, None, until)
    down = change(game, ctx, high, -diff, None, until)
    return up and down


@M.hook("apply:might")
def apply_might(game: "Game", ev: events.Event) -> bool:
    """The change happens: a continuous effect on that unit for its duration. A floor the event carries still
    limits it after a replacement changed the amount (375)."""
    from judge.engine.mechanisms.continuous import from_spec

    st = game.state
    if current(game, ev) is None or ev.card is None:
        return False
    old = _might(game, ev.card)
    amount = int(ev.data["amount"])
    floored = _floor(amount, ev.data.get("minimum"), old)
    if floored != amount:
        game.trace.add("might_floor", game.data.cite("might.floor"), card=ev.card, floor=ev.data["minimum"], amount=floored)
    if floored == 0:
        game.trace.add("might_zero", game.data.cite("might.zero"), card=ev.card)
        return False
    text = Text(f"{floored:+d} [M]", f"{floored:+d} [M]")
    src = ev.data.get("source") or ev.card
    eff = from_spec(game, {"power": floored, "until": ev.data.get("until", "turn"), "text": text.zh}, src, str(ev.player),
                    {"self": ev.card}, st.tick(), "link", "timestamp.link", refs=[ev.card])
    eff.eid = st.next_eid
    st.next_eid += 1
    eff.order = (eff.eid,)
    st.cont_effects.append(eff)
    game.chars_cache.clear()
    game.trace.add("might", ev.data.get("cites", ()), card=ev.card, amount=f"{floored:+d}", old=old, new=_might(game, ev.card))
    return True


@M.hook("replacement.matches")
def replacement_matches(game: "Game", r: "ReplEffect", ev: events.Event) -> bool:
    """The keys a replacement of a might change or a stun may use: ``chosen`` (the link making it chose the unit),
    ``by_you`` (a spell or ability its controller controls makes it), ``sign: decrease|increase``."""
    if ev.kind not in ("might", "stun"):
        return True
    s = r.spec
    if s.get("chosen") and not ev.data.get("chosen"):
        return False
    if s.get("by_you") and ev.data.get("by_player") != r.controller:
        return False
    sign = s.get("sign")
    amount = int(ev.data.get("amount", 0))
    return not ((sign == "decrease" and amount >= 0) or (sign == "increase" and amount <= 0))


MIGHT_KEYS = ANY | {"to", "chosen", "by_you", "sign", "add", "set_amount", "mul"}
M.word("replace_event", "might", Bool(), doc="a change of a unit's might", extra={"keys": MIGHT_KEYS})
M.word("replace_key", "chosen", Bool(), doc="only events of a spell or ability that chose the unit",
       extra={"events": ("might", "stun")})
M.word("replace_key", "by_you", Bool(), doc="only events of a spell or ability its controller controls",
       extra={"events": ("might", "stun")})
M.word("replace_key", "sign", Enum(("decrease", "increase")), doc="might changes: only decreases or increases",
       extra={"events": ("might",)})
