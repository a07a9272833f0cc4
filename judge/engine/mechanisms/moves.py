"""Cards changing zones [effect.move] and being destroyed [effect.one_shot]; readying and exhausting. A card that
changes zones becomes a new object [resolve.recheck], keeps its last-known information [info.lki], and loses what it
had on the field; the ``moved``, ``destroyed`` and ``leaves`` triggers."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context
from judge.engine.language.shapes import Bool, Enum, Map
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.filters import _zones
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.steps import each_card, on_field
from judge.engine.refs import CardRef, PlayerRef, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("moves", "move, destroy, ready, exhaust", requires=("steps", "triggers", "entering"))
M = MECHANISM
ZONE = Enum(_zones, doc="a zone of the game")

MOVE = Map({"card": CARDS, "to": ZONE, "face": Enum(("up", "down"), doc="face up (default) or face down"),
            "exhausted": Bool(doc="it arrives exhausted"),
            "under": Enum(("you",), doc="onto the field under the instruction's controller's control")},
           required=("card", "to"))


@M.declare("step", "move", MOVE, doc="put cards into a zone", rules=("effect.move",), phrases=("move", "cannot"))
def move(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    def one(ref: CardRef) -> bool:
        if not game.state.is_current(ref):
            return False
        return events.emit(game, events.Event("move", ref, player=ctx.controller, data={
            "to": spec["to"], "face_down": spec.get("face") == "down", **({"exhausted": True} if spec.get("exhausted") else {}),
            "controller": ctx.controller if game.is_field(spec["to"]) and spec.get("under") == "you" else None,
            "cites": game.data.cite("effect.move"), "by": ctx.source})) is not None  # a one-shot effect of the link

    return each_card(ctx, spec["card"], one, "move")


@M.declare("step", "destroy", CARDS, doc="destroy cards on the field (to their owner's graveyard zone)",
           rules=("effect.one_shot",), phrases=("destroyed", "cannot"))
def destroy(game: "Game", ctx: Context, spec: Any) -> bool:
    return each_card(ctx, spec, lambda r: on_field(game, r) and events.emit(game, events.Event(
        "move", r, data={"to": game.data.graveyard, "cause": "destroy", "cites": game.data.cite("effect.one_shot"),
                         "by": ctx.source, "by_player": ctx.controller})) is not None, "destroy")


def _flag(kind: str) -> Any:
    def handler(game: "Game", ctx: Context, spec: Any) -> bool:
        return each_card(ctx, spec, lambda r: on_field(game, r) and events.emit(
            game, events.Event(kind, r, data={"cites": game.data.cite("effect.one_shot")})) is not None, kind)
    return handler


M.word("step", "ready", CARDS, _flag("ready"), doc="ready cards on the field", rules=("effect.one_shot",),
       phrases=("ready", "cannot"))
M.word("step", "exhaust", CARDS, _flag("exhaust"), doc="exhaust cards on the field", rules=("effect.one_shot",),
       phrases=("exhaust", "cannot"))


@M.hook("apply:move")
def apply_move(game: "Game", ev: events.Event) -> bool:
    from judge.engine.mechanisms import entering

    st = game.state
    card = events.current(game, ev)
    if card is None:
        return False
    assert ev.card is not None
    origin = card.zone
    to = ev.data["to"]
    ev.data["from"] = origin
    if game.is_field(origin):
        st.lki_chars[ev.card] = dict(game.chars(card))  # its characteristics as it left [info.lki]
        if not game.is_field(to) and game.data.cite("continuous.ends") and any(
                ab.get("kind") in ("continuous", "cost_modifier", "replacement") for ab in card.abilities):
            game.trace.add("abilities_end", game.data.cite("continuous.ends"), card=ev.card)  # [continuous.ends]
    st.lki[ev.card] = copy.deepcopy(card)  # last-known information of this zone visit [info.lki]
    st.moved_by[ev.card] = ev.data.get("by")  # [info.lki]: what moved it (a source card), for games that ask
    card.inc += 1
    st.place(card, to)
    card.ts = st.tick()  # [timestamp.card]: the timestamp of a card is when it entered its zone
    card.counter_ts = {}
    card.attached_to = None
    fell_off = [other for other in st.field_cards() if other.attached_to == card.id and other.id != card.id]
    for other in fell_off:  # what was attached to it falls off with it
        other.attached_to = None
    ev.data["fell_off"] = [other.id for other in fell_off]  # [info.lki_attached]: "the attached card" as it was
    if not game.is_field(to):
        card.damage = 0
        card.counters = {}
        card.granted = []
        card.exhausted = False
        card.face_down = bool(ev.data.get("face_down", False))
        if to != "chain":  # off the field and the chain, a card has no controller but its owner
            card.controller = card.owner
    ev.data["new"] = card.ref
    cause = ev.data.get("cause", "move")
    if game.is_field(to) and not game.is_field(origin):
        entering.enter(game, card, ev.data)
    elif cause == "destroy":
        game.trace.add("destroyed", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to))
    elif cause == "lethal":
        game.trace.add(
            "lethal", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to),
            amount=st.lki[ev.card].damage, health=st.lki_chars.get(ev.card, {}).get("health", st.lki[ev.card].health),
        )
    elif cause == "sacrifice":
        game.trace.add("sacrificed", ev.data.get("cites", ()), player=PlayerRef(str(ev.player)), card=ev.card, zone=ZoneRef(to))
    elif cause not in ("silent", "discard", "draw"):
        game.trace.add("move", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to), **{"from": ZoneRef(origin)})
    return True


def silent_move(game: "Game", ref: CardRef, to: str) -> None:
    """A move that is part of another event (a draw): LKI kept, no trace line, no trigger of its own."""
    apply_move(game, events.Event("move", ref, data={"to": to, "cause": "draw"}))


def _flagged(game: "Game", ev: events.Event) -> bool:
    st = game.state
    card = events.current(game, ev)
    if card is None:
        return False
    want = ev.kind == "exhaust"
    if card.exhausted == want:
        return False
    card.exhausted = want
    st.status_left[(card.id, not want)] = st.tick()  # [continuous.as_long_as]: when it stopped being exhausted (or ready)
    game.trace.add(ev.kind, ev.data.get("cites", ()), card=ev.card)
    if not want:
        for readied in game.data.vocab.hooks("card.readied"):  # [continuous.until_event]: "until it readies" ends
            readied(game, card.id)
    return True


M.hook("apply:ready")(_flagged)
M.hook("apply:exhaust")(_flagged)


def _moved(game: "Game", ev: events.Event) -> bool:
    return ev.kind == "move"


def _destroyed(game: "Game", ev: events.Event) -> bool:
    return ev.kind == "move" and ev.data.get("cause") in ("destroy", "lethal")


def _leaves(game: "Game", ev: events.Event) -> bool:
    return ev.kind == "move" and game.is_field(ev.data.get("from", "")) and not game.is_field(ev.data["to"])


def cause_is(cause: str) -> Any:
    """A trigger event word's test: a move of this cause (a discard, a sacrifice)."""
    def test(game: "Game", ev: events.Event) -> bool:
        return ev.kind == "move" and ev.data.get("cause") == cause
    return test


MOVE_KEYS = frozenset({"event", "card", "to", "from", "if"})
M.word("event", "moved", events.TRIGGER, _moved, doc="a card changes zones (to:/from: a zone)", extra={"keys": MOVE_KEYS})
M.word("event", "destroyed", events.TRIGGER, _destroyed, doc="a card is destroyed (by an effect or lethal damage)",
       extra={"keys": MOVE_KEYS})
M.word("event", "leaves", events.TRIGGER, _leaves, doc="a card leaves the field", extra={"keys": MOVE_KEYS})
