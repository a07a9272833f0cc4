"""Damage and repair [effect.one_shot]: one packet per character [damage.packet] — amount, damage type, combat mark,
whether it can be prevented, source, destination — each an event replacement and prevention effects can change; the
``damaged`` and ``repaired`` triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards, illegal_slot, value
from judge.engine.language.shapes import Bool, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.steps import each_card, on_field
from judge.engine.refs import CardRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("damage", "damage and repair packets", requires=("steps", "triggers"))
M = MECHANISM
PACKETS = ("damage", "repair")

DAMAGE = Map({
    "to": CARDS, "amount": Ref("amount"),
    "type": Str(doc="the damage type (射击, 电磁 …)"),
    "from": Ref("cards", doc="the source of the damage (default: the card whose text this is); several cards: each deals "
                             "the amount at once (it: that card, in the amount)"),
    "combat": Bool(doc="it is combat damage"),
    "unpreventable": Bool(doc="it cannot be prevented"),
    "store": Str(min_len=1, doc="store the damage dealt under this name ({var: name})"),
}, required=("to", "amount"))


def _scope(scope: Any, spec: Any) -> Any:
    """With ``from:`` the amount may read the card dealing it (``it``)."""
    return scope.bind("it") if isinstance(spec, dict) and "from" in spec else scope


@M.declare("step", "damage", DAMAGE, doc="deal damage: one packet to each character (from each source named)",
           rules=("effect.one_shot", "effect.text_order", "damage.packet", "resolve.partial"), phrases=("damage", "cannot"),
           scope=_scope)
def damage(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.one_shot], [damage.packet]: one damage packet per character from each source, all dealt at once (their
    order chosen where it matters [damage.packet_order])."""
    total = 0
    link = ctx.link
    dist = link.distribution.get(spec["to"]) if (link and isinstance(spec["to"], str)) else None
    srcs = cards(ctx, spec["from"]) if "from" in spec else [ctx.source]
    if not srcs and illegal_slot(ctx, spec["from"]):  # [resolve.partial]: an illegal target deals no damage (nor does
        game.trace.add("cannot", game.data.cite("resolve.partial"), what=game.data.text("op_damage"))  # the card instead)
        return False
    srcs = list(dict.fromkeys(srcs)) or [ctx.source]  # each source once
    targeted = {o for objs in ctx.legal.values() for o in objs}

    def amount_of(source: CardRef, ref: CardRef) -> int:
        if dist is not None:
            return dist.get(ref, 0)
        if "from" not in spec:
            return value(ctx, spec["amount"])
        saved = ctx.bindings.get("it")
        ctx.bindings["it"] = source  # the card dealing it
        try:
            return value(ctx, spec["amount"])
        finally:
            if saved is None:
                ctx.bindings.pop("it", None)
            else:
                ctx.bindings["it"] = saved

    def one(source: CardRef, ref: CardRef, amount: int) -> bool:
        nonlocal total
        if not on_field(game, ref):
            return False
        ev = events.emit(game, events.Event("damage", ref, player=ctx.controller, data={
            "amount": amount, "type": spec.get("type", ""), "source": source, "cites": game.data.cite("effect.one_shot"),
            "combat": bool(spec.get("combat", False)), "preventable": not spec.get("unpreventable", False),
            "targeted": ref in targeted, "link_source": link.source if link is not None else None}))
        if ev is not None:
            total += int(ev.data["amount"])
        return ev is not None

    refs = cards(ctx, spec["to"])
    packets = [(src, ref, amount_of(src, ref)) for src in srcs for ref in refs]  # each worked out before any is dealt
    for order in game.data.vocab.hooks("damage.order"):  # [damage.packet_order]: who orders simultaneous packets
        packets = order(game, ctx, packets, spec)
    if not packets:
        game.trace.add("cannot", game.data.cite("effect.text_order"), what=game.data.text("op_damage"))
        ok = False
    else:
        ok = all([one(src, ref, n) for src, ref, n in packets])
        ctx.that = list(dict.fromkeys(ref for _, ref, _ in packets))
    if "store" in spec:
        ctx.vars[spec["store"]] = total
    return ok


REPAIR = Map({"to": CARDS, "amount": Ref("amount"), "from": Ref("cards")}, required=("to", "amount"))


@M.declare("step", "repair", REPAIR, doc="repair damage: a repair packet to each card", rules=("damage.packet",),
           phrases=("repair",))
def repair(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """A repair packet [damage.packet]: replacement effects may change its amount like a damage packet's."""
    link = ctx.link
    src = cards(ctx, spec["from"])[:1] if "from" in spec else [ctx.source]
    targeted = {o for objs in ctx.legal.values() for o in objs}
    return each_card(ctx, spec["to"], lambda r: events.emit(game, events.Event(
        "repair", r, player=ctx.controller, data={
            "amount": value(ctx, spec["amount"]), "source": src[0] if src else ctx.source, "targeted": r in targeted,
            "link_source": link.source if link is not None else None})) is not None, "repair")


@M.hook("apply:damage")
def apply_damage(game: "Game", ev: events.Event) -> bool:
    assert ev.card is not None
    st = game.state
    if not st.is_current(ev.card) or not game.is_field(st.cards[ev.card.id].zone):
        return False
    amount = max(0, int(ev.data["amount"]))
    if amount <= 0:
        if game.data.cite("damage.zero"):  # [damage.zero]: shown where the game's rules say 0 damage is no damage
            game.trace.add("no_damage", game.data.cite("damage.zero"), card=ev.card)
        return False
    st.cards[ev.card.id].damage += amount
    st.turn_damage[ev.card.id] = st.turn_damage.get(ev.card.id, 0) + amount  # [prevention.first_each_turn]
    game.trace.add(
        "damage", ev.data.get("cites") or game.data.cite("effect.one_shot"), source=ev.data["source"], card=ev.card,
        amount=amount, kind=ev.data.get("type") or "", combat=bool(ev.data.get("combat")),
        preventable=ev.data.get("preventable", True) is not False, eid=ev.data.get("eid"),
    )
    return True


@M.hook("apply:repair")
def apply_repair(game: "Game", ev: events.Event) -> bool:
    card = events.current(game, ev)
    if card is None:
        return False
    amount = max(0, min(card.damage, int(ev.data["amount"])))
    card.damage -= amount
    game.trace.add("repair", ev.data.get("cites") or game.data.cite("effect.one_shot"), card=ev.card, amount=amount,
                   packet=int(ev.data["amount"]))
    return amount > 0


PACKET_KEYS = frozenset({"event", "card", "source", "player", "if"})
M.word("event", "damaged", events.TRIGGER, events.kind_is("damage"), doc="a character is dealt damage",
       extra={"keys": PACKET_KEYS})
M.word("event", "repaired", events.TRIGGER, events.kind_is("repair"), doc="damage is repaired",
       extra={"keys": PACKET_KEYS})
