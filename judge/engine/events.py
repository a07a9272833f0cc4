"""Everything that happens is an event: it passes the replacement step [replacement.*], happens, then may trigger.

A damage or repair event is a packet [damage.packet]: amount, damage type, combat mark, preventable, source,
destination.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.refs import CardRef, PlayerRef, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card


@dataclass
class Event:
    """What is about to happen: ``kind`` plus the card or player it happens to, and its details."""

    kind: str  # move | damage | repair | draw | ready | exhaust | counters | targeted | added
    card: CardRef | None = None
    player: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    replaced: bool = False  # a replacement or prevention effect changed or replaced it [effect.if_you_do]


def replace(game: "Game", event: Event) -> Event | None:
    """The replacement/prevention step: the event as changed, or None if it no longer happens."""
    from judge.engine import replacement

    return replacement.replace(game, event)


def emit(game: "Game", event: Event) -> Event | None:
    """Run one event through the pipeline; returns what happened (``None`` if nothing did). Outside a link's
    resolution or another batch of simultaneous events, the event (with what it produces) is its own batch
    [replacement.next]."""
    if game.resolving is None:
        with game.batch():
            return _emit(game, event)
    return _emit(game, event)


def _emit(game: "Game", event: Event) -> Event | None:
    for depth, made in game.watched:  # an event a step's own action makes, for its "if you do" [effect.if_you_do]
        if depth == game.emit_depth:
            made.append(event)
    game.emit_depth += 1
    try:
        return _happen(game, event)
    finally:
        game.emit_depth -= 1


def _happen(game: "Game", event: Event) -> Event | None:
    """The replacement step, then the event itself, then what it triggers."""
    from judge.engine import triggers

    game.chars_cache.clear()
    game.event_count += 1
    event.data.setdefault("eid", game.event_count)
    if "applied" not in event.data:
        event.data["applied"] = set(game.inherit)  # [replacement.once]: events a replacement produced remember it
    why = game.data.forbids(game, event)
    if why is not None:  # [instruction.negated]: a rule effect keeps it from happening: there is nothing to replace
        game.trace.add("negated", game.data.cite("instruction.negated"), what=game.data.text(f"event_{event.kind}")
                       if f"event_{event.kind}" in game.data.words else event.kind, why=why)
        return None
    final = replace(game, event)
    if final is None:
        game.chars_cache.clear()
        return None
    apply = _APPLY.get(final.kind) or game.data.event_kinds()[final.kind]  # a game's own kinds of event
    ok = apply(game, final)
    game.chars_cache.clear()
    if not ok:
        return None
    triggers.collect(game, final)  # [replacement.instead]: only what actually happened triggers
    if game.state_triggers:
        triggers.check_state_triggers(game)  # [trigger.state]: a state can hold even for a moment mid-resolution
    if game.becomes_triggers:
        triggers.check_becomes(game)  # [trigger.becomes]: a condition that has just become true
    return final


def _current(game: "Game", ev: Event) -> "Card | None":
    """The event's card if it is still the same object where it was (a moved card is a new one), else None."""
    assert ev.card is not None
    return game.state.cards[ev.card.id] if game.state.is_current(ev.card) else None


def _apply_move(game: "Game", ev: Event) -> bool:
    from judge.engine import field as field_mod

    st = game.state
    card = _current(game, ev)
    if card is None:
        return False
    origin = card.zone
    to = ev.data["to"]
    ev.data["from"] = origin
    if game.is_field(origin):
        st.lki_chars[ev.card] = dict(game.chars(card))  # its characteristics as it left [info.lki]
        if not game.is_field(to) and game.data.cite("continuous.ends") and any(
                ab.get("kind") in ("continuous", "cost_modifier", "replacement") for ab in card.abilities):
            game.trace.add("abilities_end", game.data.cite("continuous.ends"), card=ev.card)  # [continuous.ends]
    st.lki[ev.card] = _copy_card(card)  # last-known information of this zone visit [info.lki]
    st.moved_by[ev.card] = ev.data.get("by")  # [info.lki]: what moved it (a source card), for games that ask
    card.inc += 1
    st.place(card, to)
    card.ts = st.tick()  # [timestamp.card]: the timestamp of a card is when it entered its zone
    card.counter_ts = {}
    card.attached_to = None
    fell_off = [other for other in st.field_cards() if other.attached_to == card.id and other.id != card.id]  # attached: on the field
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
        field_mod.enter(game, card, ev.data)
    else:
        if cause == "destroy":
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


def _apply_repair(game: "Game", ev: Event) -> bool:
    card = _current(game, ev)
    if card is None:
        return False
    amount = max(0, min(card.damage, int(ev.data["amount"])))
    card.damage -= amount
    game.trace.add("repair", ev.data.get("cites") or game.data.cite("effect.one_shot"), card=ev.card, amount=amount, packet=int(ev.data["amount"]))
    return amount > 0


def _apply_draw(game: "Game", ev: Event) -> bool:
    st = game.state
    assert ev.player is not None
    top = st.top_of("deck", ev.player)
    if top is None:
        game.trace.add("draw_none", (), player=PlayerRef(ev.player))
        return False
    emit_silent_move(game, top.ref, "hand")
    ev.card = st.cards[top.id].ref
    return True


def emit_silent_move(game: "Game", ref: CardRef, to: str) -> None:
    """A move that is part of another event (a draw): LKI kept, no trace line, no trigger of its own."""
    _apply_move(game, Event("move", ref, data={"to": to, "cause": "draw"}))


def _apply_flag(game: "Game", ev: Event) -> bool:
    st = game.state
    card = _current(game, ev)
    if card is None:
        return False
    want = ev.kind == "exhaust"
    if card.exhausted == want:
        return False
    card.exhausted = want
    st.status_left[(card.id, not want)] = st.tick()  # [continuous.as_long_as]: when it stopped being exhausted (or ready)
    game.trace.add(ev.kind, ev.data.get("cites", ()), card=ev.card)
    if not want:
        from judge.engine.continuous import end_until_ready

        end_until_ready(game, card.id)
    return True


def _apply_counters(game: "Game", ev: Event) -> bool:
    st = game.state
    card = _current(game, ev)
    if card is None:
        return False
    kind = ev.data["counter"]
    amount = max(int(ev.data["amount"]), -card.counters.get(kind, 0))  # only the counters it has can be taken off
    if not amount:
        return False
    card.counters[kind] = card.counters.get(kind, 0) + amount
    placed = card.counter_ts.setdefault(kind, [])
    if amount > 0:
        placed.append([st.tick(), amount])  # [timestamp.counters]: each placement has the time it was put on the card
    else:  # counters taken off: the most recently placed go first (the rules do not say which)
        left = -amount
        while left and placed:
            take = min(left, placed[-1][1])
            placed[-1][1] -= take
            left -= take
            if not placed[-1][1]:
                placed.pop()
    game.trace.add("counters", ev.data.get("cites", ()), card=ev.card, amount=amount, kind=kind)
    return True


def _apply_create(game: "Game", ev: Event) -> bool:
    """A token is put onto the field (it enters like a card [enter])."""
    from judge.engine import field as field_mod
    from judge.engine.state import Card

    st = game.state
    spec = ev.data["token"]
    n = sum(1 for c in st.cards.values() if c.token) + 1
    cid = str(ev.data["id"]) if ev.data.get("id") and ev.data["id"] not in st.cards else f"token{n}"
    while cid in st.cards:
        n += 1
        cid = f"token{n}"
    name = spec.get("name", "token")
    card = Card(id=cid, name=name if isinstance(name, dict) else {"zh": str(name), "en": str(name)}, text=spec.get("text", ""),
                owner=str(ev.player), controller=str(ev.player), zone=spec.get("zone", game.data.token["zone"]), type=spec.get("type", game.data.token["type"]),
                subtypes=list(spec.get("subtypes") or []), power=spec.get("power"), health=spec.get("health"),
                damage_type=spec.get("damage_type"), status=list(spec.get("status") or []), token=True,
                abilities=list(spec.get("abilities") or []), proto=str(spec.get("name", "token")))
    card.ts = st.tick()  # [timestamp.card]
    st.add(card)
    ev.card = card.ref
    field_mod.enter(game, card, {"from": "", "cites": game.data.cite("enter.token")})
    return True


def _apply_life(game: "Game", ev: Event) -> bool:
    """A player gains or loses life (a player without a life total in the file has none to change)."""
    st = game.state
    assert ev.player is not None
    amount = max(0, int(ev.data["amount"]))
    if st.life.get(ev.player) is None or amount <= 0:
        return False
    sign = 1 if ev.kind == "gain_life" else -1
    st.life[ev.player] = int(st.life[ev.player] or 0) + sign * amount
    game.trace.add("life_gain" if sign > 0 else "life_loss", ev.data.get("cites") or (), player=PlayerRef(ev.player),
                   amount=amount, total=st.life[ev.player])
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
    "attacks": _apply_nothing,
    "prevented": _apply_nothing,
    "create": _apply_create,
    "gain_life": _apply_life,
    "lose_life": _apply_life,
    "turn_end": _apply_nothing,
    "played": _apply_nothing,
}
