"""Everything that happens is an event: it passes the replacement step, happens, then may trigger abilities.

Part 2 (rules 716–717) slots replacement and prevention into :func:`replace`; in part 1 it returns the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.refs import CardRef, PlayerRef, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game


@dataclass
class Event:
    """What is about to happen: ``kind`` plus the card or player it happens to, and its details."""

    kind: str  # move | damage | repair | draw | ready | exhaust | counters | targeted | added
    card: CardRef | None = None
    player: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    replaced: bool = False


def replace(game: "Game", event: Event) -> Event | None:
    """The replacement/prevention step (716, 717): none exist in part 1, so the event is unchanged."""
    return event


def emit(game: "Game", event: Event) -> Event | None:
    """Run one event through the pipeline; returns what happened (``None`` if nothing did)."""
    from judge.engine import triggers

    final = replace(game, event)
    if final is None:
        return None
    ok = _APPLY[final.kind](game, final)
    if not ok:
        return None
    triggers.collect(game, final)
    return final


def _apply_move(game: "Game", ev: Event) -> bool:
    from judge.engine import field as field_mod

    st = game.state
    assert ev.card is not None
    if not st.is_current(ev.card):
        return False
    card = st.cards[ev.card.id]
    origin = card.zone
    to = ev.data["to"]
    ev.data["from"] = origin
    st.lki[ev.card] = _copy_card(card)  # last-known information of this zone visit (707.3, 709.2d)
    card.inc += 1
    card.zone = to
    card.attached_to = None
    for other in st.cards.values():  # what was attached to it falls off with it
        if other.attached_to == card.id and other.id != card.id:
            other.attached_to = None
    if not game.is_field(to):
        card.damage = 0
        card.counters = {}
        card.granted = []
        card.exhausted = False
        card.face_down = bool(ev.data.get("face_down", False))
        if to in ("hand", "deck", "salvage", "vortex"):
            card.controller = card.owner
    ev.data["new"] = card.ref
    cause = ev.data.get("cause", "move")
    if game.is_field(to) and not game.is_field(origin):
        field_mod.enter(game, card, ev.data)
    else:
        if cause == "destroy":
            game.trace.add("destroyed", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to))
        elif cause == "lethal":
            game.trace.add(
                "lethal", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to),
                amount=st.lki[ev.card].damage, health=st.lki[ev.card].current_health(),
            )
        elif cause not in ("silent", "discard", "draw"):
            game.trace.add("move", ev.data.get("cites", ()), card=ev.card, zone=ZoneRef(to), **{"from": ZoneRef(origin)})
    return True


def _copy_card(card: Any) -> Any:
    import copy

    return copy.deepcopy(card)


def _apply_damage(game: "Game", ev: Event) -> bool:
    assert ev.card is not None
    st = game.state
    if not st.is_current(ev.card) or not game.is_field(st.cards[ev.card.id].zone):
        return False
    amount = max(0, int(ev.data["amount"]))
    if amount <= 0:
        return False
    st.cards[ev.card.id].damage += amount
    game.trace.add(
        "damage", ev.data.get("cites", ("713.1",)), source=ev.data["source"], card=ev.card,
        amount=amount, kind=ev.data.get("type") or "",
    )
    return True


def _apply_repair(game: "Game", ev: Event) -> bool:
    assert ev.card is not None
    st = game.state
    if not st.is_current(ev.card):
        return False
    card = st.cards[ev.card.id]
    amount = min(card.damage, int(ev.data["amount"]))
    card.damage -= amount
    game.trace.add("repair", ev.data.get("cites", ("713.1",)), card=ev.card, amount=amount)
    return amount > 0


def _apply_draw(game: "Game", ev: Event) -> bool:
    st = game.state
    assert ev.player is not None
    deck = [c for c in st.cards.values() if c.zone == "deck" and c.owner == ev.player]
    if not deck:
        game.trace.add("draw_none", (), player=PlayerRef(ev.player))
        return False
    top = deck[0]
    emit_silent_move(game, top.ref, "hand")
    ev.card = st.cards[top.id].ref
    return True


def emit_silent_move(game: "Game", ref: CardRef, to: str) -> None:
    """A move that is part of another event (a draw): LKI kept, no trace line, no trigger of its own."""
    _apply_move(game, Event("move", ref, data={"to": to, "cause": "draw"}))


def _apply_flag(game: "Game", ev: Event) -> bool:
    assert ev.card is not None
    st = game.state
    if not st.is_current(ev.card):
        return False
    card = st.cards[ev.card.id]
    want = ev.kind == "exhaust"
    if card.exhausted == want:
        return False
    card.exhausted = want
    game.trace.add(ev.kind, ev.data.get("cites", ()), card=ev.card)
    return True


def _apply_counters(game: "Game", ev: Event) -> bool:
    assert ev.card is not None
    st = game.state
    if not st.is_current(ev.card):
        return False
    card = st.cards[ev.card.id]
    kind = ev.data["counter"]
    card.counters[kind] = card.counters.get(kind, 0) + int(ev.data["amount"])
    game.trace.add("counters", ev.data.get("cites", ()), card=ev.card, amount=int(ev.data["amount"]), kind=kind)
    return True


def _apply_nothing(game: "Game", ev: Event) -> bool:
    """Events that only exist to trigger abilities (targeted, added)."""
    return True


_APPLY = {
    "move": _apply_move,
    "damage": _apply_damage,
    "repair": _apply_repair,
    "draw": _apply_draw,
    "ready": _apply_flag,
    "exhaust": _apply_flag,
    "counters": _apply_counters,
    "targeted": _apply_nothing,
    "added": _apply_nothing,
    "entered": _apply_nothing,
}
