"""Attaching a card on the field to another (equipping a gear to a unit) [attach]: an event of its own, which
triggers what "when … is attached" and may be replaced ("attach it, then …"). The card gets a new timestamp as it
attaches [timestamp.card]; what it was attached to before it is attached to no longer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards
from judge.engine.language.shapes import Bool, Map
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.replacement import ANY
from judge.engine.mechanisms.steps import on_field
from judge.engine.mechanisms.triggers import WHEN_CARD, _card_matches
from judge.engine.refs import CardRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("attaching", "attaching a card to another on the field",
                      requires=("steps", "triggers", "references", "replacement"))
M = MECHANISM

ATTACH = Map({"card": CARDS, "to": CARDS}, required=("card", "to"))


@M.declare("step", "attach", ATTACH, doc="a card on the field becomes attached to another card on the field (an event: "
           "it triggers, and may be replaced)", rules=("attach",), phrases=("attach",))
def attach(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """``attach: {card: REF, to: REF}``: each card named attaches to the (first) card ``to`` names."""
    hosts = [r for r in cards(ctx, spec["to"]) if on_field(game, r)]
    done = False
    for ref in cards(ctx, spec["card"]):
        if not hosts or not on_field(game, ref) or ref == hosts[0] or _under(game, hosts[0].id, ref.id):
            continue  # never to itself, nor to a card attached (in the end) to it: attachments do not go round
        ev = events.emit(game, events.Event("attach", ref, player=ctx.controller, data={"host": hosts[0]}))
        done = done or ev is not None
    return done


def _under(game: "Game", host: str, card: str) -> bool:
    """Is ``host`` attached, directly or through others, to ``card``?"""
    seen: set[str] = set()
    at = game.state.cards[host].attached_to
    while at is not None and at not in seen:
        if at == card:
            return True
        seen.add(at)
        at = game.state.cards[at].attached_to if at in game.state.cards else None
    return False


@M.declare("step", "detach", CARDS, doc="cards on the field attached to another are attached to nothing (they stay "
           "where they are)", rules=("attach",), phrases=("detach",))
def detach(game: "Game", ctx: Context, spec: Any) -> bool:
    """``detach: REF``: each card named that is attached to a card is no longer attached."""
    done = False
    for ref in cards(ctx, spec):
        if on_field(game, ref) and game.state.cards[ref.id].attached_to is not None:
            done = events.emit(game, events.Event("detach", ref, player=ctx.controller)) is not None or done
    return done


@M.hook("apply:detach")
def _apply_detach(game: "Game", ev: events.Event) -> bool:
    st = game.state
    if ev.card is None or not st.is_current(ev.card) or st.cards[ev.card.id].attached_to is None:
        return False
    card = st.cards[ev.card.id]
    host = st.cards[card.attached_to]  # type: ignore[index]
    card.attached_to = None
    game.trace.add("detach", game.data.cite("attach"), card=card.ref, target=host.ref)
    return True


@M.hook("apply:attach")
def _apply(game: "Game", ev: events.Event) -> bool:
    st = game.state
    host = ev.data["host"]
    if ev.card is None or not st.is_current(ev.card) or not st.is_current(host):
        return False
    card = st.cards[ev.card.id]
    card.attached_to = host.id
    card.ts = st.tick()  # [timestamp.card]: or when it was last attached
    game.trace.add("attach", game.data.cite("attach"), card=card.ref, target=host)
    return True


def _match_host(game: "Game", spec: Any, ev: "events.Event", host: Any, host_ref: Any, bindings: Any,
                controller: str) -> bool:
    """``host:`` of an attach event: the card it is attached to (``self``: the card with the ability)."""
    to = ev.data.get("host")
    if ev.kind != "attach" or not isinstance(to, CardRef):
        return False
    fake = type(ev)(ev.kind, to, ev.player, ev.data)
    return _card_matches(game, spec, fake, host, host_ref, bindings, controller)


M.word("when", "host", WHEN_CARD, _match_host, doc="an attach event: the card it is attached to")
M.word("event", "attached", events.TRIGGER, events.kind_is("attach"), doc="a card is attached to another (host: what to)",
       extra={"keys": frozenset({"event", "card", "host", "player", "if"})})
M.word("replace_event", "attach", Bool(), doc="a card being attached to another (to: the card being attached)",
       extra={"keys": ANY | {"to"}})
