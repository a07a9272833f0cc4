"""Triggered abilities and effects (708, 715): they trigger on events, wait, and go on the chain in turn order."""

from __future__ import annotations

import math
from itertools import permutations
from typing import TYPE_CHECKING, Any

from judge.engine import continuous
from judge.engine.choice import Choice, scenario_names
from judge.engine.options import ENUMERATE_MAX, Orderings
from judge.engine.refs import CardRef, LinkRef, Obj, PlayerRef
from judge.engine.state import Card, Waiting

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game


def event_names(game: "Game", ev: "Event") -> set[str]:
    """The words a `when:` may use for this event."""
    if ev.kind == "move":
        names = {"moved"}
        if ev.data.get("cause") in ("destroy", "lethal"):
            names.add("destroyed")
        if game.is_field(ev.data.get("from", "")) and not game.is_field(ev.data["to"]):
            names.add("leaves")
        return names
    return {{"entered": "enters", "added": "used", "draw": "draw", "damage": "damaged", "repair": "repaired"}.get(ev.kind, ev.kind)}


def _mentions(ops: Any, name: str) -> bool:
    """True if an ability's steps refer to ``name`` (so the link tracks that card, 709.2a)."""
    if isinstance(ops, str):
        return ops == name
    if isinstance(ops, dict):
        return any(_mentions(v, name) for v in ops.values())
    if isinstance(ops, list):
        return any(_mentions(v, name) for v in ops)
    return False


def _card_matches(game: "Game", spec: Any, ev: "Event", host: Card | None, host_ref: CardRef | None,
                  bindings: dict[str, Obj], controller: str) -> bool:
    from judge.engine.targets import matches_filter

    if spec is None:
        return True
    if ev.card is None:
        return False
    if spec == "self":
        return host_ref is not None and ev.card == host_ref
    if spec == "attached":
        return host is not None and host.attached_to == ev.card.id
    if isinstance(spec, str):
        return bindings.get(spec) == ev.card
    card, _ = game.state.view(ev.card)
    return matches_filter(game, card, spec, controller, None) is None


def _player_matches(game: "Game", spec: Any, ev: "Event", host: Card | None, controller: str) -> bool:
    if spec is None:
        return True
    who = ev.player
    if spec == "you":
        return who == controller
    if spec == "opponent":
        return who is not None and who != controller
    if isinstance(spec, dict) and spec.get("controller_of") == "attached":
        if host is None or host.attached_to is None:
            return False
        return game.state.cards[host.attached_to].controller == who
    return False


def _matches(game: "Game", when: dict[str, Any], ev: "Event", host: Card | None, host_ref: CardRef | None,
             bindings: dict[str, Obj], controller: str) -> bool:
    if when.get("event") not in event_names(game, ev):
        return False
    if "link_kind" in when and ev.data.get("link_kind") != when["link_kind"]:
        return False
    if "source" in when:  # damage dealt (or prevented) from this source
        src = ev.data.get("source")
        if not isinstance(src, CardRef):
            return False
        fake = type(ev)(ev.kind, src, ev.player, ev.data)
        if not _card_matches(game, when["source"], fake, host, host_ref, bindings, controller):
            return False
    return _card_matches(game, when.get("card"), ev, host, host_ref, bindings, controller) and _player_matches(
        game, when.get("player"), ev, host, controller
    )


def _follow_move(ev: "Event", bindings: dict[str, Obj], ops: Any) -> tuple[dict[str, Obj], list[CardRef]]:
    """A card that moved is a new object where it went; a link that refers to it tracks it there (709.2a)."""
    out = dict(bindings)
    tracked: list[CardRef] = []
    if ev.kind == "move" and ev.card is not None:
        for name, obj in bindings.items():
            if obj == ev.card:
                out[name] = ev.data["new"]
                if _mentions(ops, name):
                    tracked.append(ev.data["new"])
    return out, tracked


def collect(game: "Game", ev: "Event") -> None:
    """After an event happens, every ability or triggered effect it triggers starts waiting (708.1, 715.1)."""
    st = game.state
    hosts: list[tuple[Card, CardRef]] = []
    for card in st.cards.values():
        if game.is_field(card.zone) and not (ev.kind == "move" and ev.card is not None and card.id == ev.card.id):
            hosts.append((card, card.ref))
    if ev.kind == "move" and ev.card is not None and game.is_field(ev.data.get("from", "")):
        hosts.append((st.lki[ev.card], ev.card))  # leaves-the-field abilities look back in time
    elif ev.kind == "move" and ev.card is not None and game.is_field(ev.data["to"]):
        hosts.append((st.cards[ev.card.id], ev.data["new"]))
    for host, href in hosts:
        for ab in host.all_abilities():
            if ab.get("kind") == "continuous" and "when" in ab:
                if _matches(game, ab["when"], ev, host, href, {}, host.controller):
                    continuous.event_effect(game, ab, host, href, ev)  # 718.2e: no chain, timestamped now
                continue
            if ab.get("kind") != "triggered":
                continue
            if not _matches(game, ab.get("when") or {}, ev, host, href, {}, host.controller):
                continue
            if game.loop_stop is not None and game.loop_stop(href, ab):
                continue  # 803.3: the loop ends the next time this effect would trigger: it does not
            bindings, tracked = _follow_move(ev, {"self": href}, ab.get("do"))
            if ev.card is not None:
                bindings["event"] = ev.data.get("new", ev.card)
            if "amount" in ev.data:
                bindings["event_amount"] = ev.data["amount"]  # type: ignore[assignment]
            _wait(game, Waiting("trigger", href, host.controller, ab, bindings, tracked))
            game.trace.add("trigger_fires", ("708.1",) + tuple(ev.data.get("trigger_cites", ())), card=href,
                           player=PlayerRef(host.controller))
    for te in list(st.trigger_effects):
        if not _matches(game, te.text.get("when") or {}, ev, None, None, te.bindings, te.controller):
            continue
        bindings, tracked = _follow_move(ev, te.bindings, te.text.get("do"))
        _wait(game, Waiting("effect", te.source, te.controller, te.text, bindings, tracked))
        game.trace.add("trigger_effect_fires", ("715.1", "712.5", "712.6"), card=te.source,
                       player=PlayerRef(te.controller))
        if te.once:
            st.trigger_effects.remove(te)


def _wait(game: "Game", w: Waiting) -> None:
    w.seq = game.state.next_seq
    game.state.next_seq += 1
    game.state.waiting.append(w)


def lethal_check(game: "Game") -> bool:
    """Units with lethal damage are destroyed (a rule outside this document, part of pre-priority processing)."""
    from judge.engine import events

    st = game.state
    dead = [c for c in st.cards.values() if game.is_field(c.zone) and game.chars(c)["health"] is not None
            and c.damage >= (game.chars(c)["health"] or 0) and c.attached_to is None]
    with game.batch():  # destroyed at the same time: one batch of events (717.4)
        for c in dead:
            events.emit(game, events.Event("move", c.ref, data={"to": game.data.graveyard, "cause": "lethal"}))
    return bool(dead)


def pre_priority(game: "Game") -> None:
    """Before a player would receive priority: lethal damage, then waiting triggers go on the chain (708.1)."""
    guard = 0
    while True:
        lethal_check(game)
        if not game.state.waiting:
            return
        place_waiting(game)
        guard += 1
        if guard > 200:
            return


def place_waiting(game: "Game") -> None:
    """708.1a, 802.1: the turn player orders and adds theirs first, then each next player clockwise, on top."""
    from judge.engine.chain import add_trigger

    st = game.state
    waiting = sorted(st.waiting, key=lambda w: w.seq)
    st.waiting = []
    game.trace.add("triggers_wait", ("708.1", "708.1b"), links=[w.source for w in waiting])
    for player in st.seat_order_from(st.turn):
        mine = [w for w in waiting if w.controller == player]
        if not mine:
            continue
        names = scenario_names([w.source.id for w in mine])
        if len(mine) > 1:
            options = Orderings(names) if math.factorial(len(names)) > ENUMERATE_MAX else tuple(permutations(names))
            order = game.ask(Choice("order", player, None, options))
            mine = [mine[names.index(n)] for n in order]
        game.trace.add("triggers_order", ("708.1a", "802.1"), player=PlayerRef(player), links=[w.source for w in mine])
        for w in mine:
            add_trigger(game, w)




__all__ = ["collect", "pre_priority", "place_waiting", "LinkRef"]
