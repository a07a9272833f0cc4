"""Triggered abilities and effects [trigger.fires]: they trigger on events, wait, and go on the chain in turn order."""

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


# What a trigger's `when:` may say with each event: the keys the engine honours there (the loader refuses any other,
# which would otherwise be ignored). `to`/`from` are zones a card moves to or from; `source` the card a packet comes
# from; `player` the player the event is about (who draws, discards, sacrifices, deals the damage, uses the card …);
# `link_kind` whether what was used is a card or an ability; `if` a condition [trigger.if_clause].
_MOVES = frozenset({"event", "card", "to", "from", "if"})
_PACKETS = frozenset({"event", "card", "source", "player", "if"})
WHEN_KEYS: dict[str, frozenset[str]] = {
    "moved": _MOVES, "destroyed": _MOVES, "leaves": _MOVES, "sacrificed": _MOVES | {"player"},
    "discarded": _MOVES | {"player"}, "enters": frozenset({"event", "card", "from", "if"}),
    "draw": frozenset({"event", "card", "player", "if"}), "damaged": _PACKETS, "repaired": _PACKETS, "prevented": _PACKETS,
    "targeted": frozenset({"event", "card", "player", "if"}), "used": frozenset({"event", "card", "player", "link_kind", "if"}),
    "attacks": frozenset({"event", "card", "player", "if"}), "played": frozenset({"event", "card", "player", "if"}), "turn_end": frozenset({"event", "player", "if"}),
    "life_gained": frozenset({"event", "player", "source", "if"}), "life_lost": frozenset({"event", "player", "source", "if"}),
}
STATE_KEYS = frozenset({"state"})  # [trigger.state]: a trigger on a state of the game says only that


def event_names(game: "Game", ev: "Event") -> set[str]:
    """The words a `when:` may use for this event."""
    own = game.data.event_names(game, ev)  # a game's own words for events
    if own:
        return own | _names(game, ev)
    return _names(game, ev)


def _names(game: "Game", ev: "Event") -> set[str]:
    if ev.kind == "move":
        names = {"moved"}
        if ev.data.get("cause") in ("destroy", "lethal"):
            names.add("destroyed")
        if ev.data.get("cause") == "sacrifice":
            names.add("sacrificed")
        if ev.data.get("cause") == "discard":
            names.add("discarded")
        if game.is_field(ev.data.get("from", "")) and not game.is_field(ev.data["to"]):
            names.add("leaves")
        return names
    return {{"entered": "enters", "added": "used", "draw": "draw", "damage": "damaged", "repair": "repaired",
             "gain_life": "life_gained", "lose_life": "life_lost"}.get(ev.kind, ev.kind)}


def _mentions(ops: Any, name: str) -> bool:
    """True if an ability's steps refer to ``name`` (so the link tracks that card [resolve.recheck])."""
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
    if spec == "self":  # the card itself (a created trigger's: its source), also as the new object this move made
        me = host_ref if host_ref is not None else bindings.get("self")
        return me is not None and (ev.card == me or (ev.kind == "move" and ev.data.get("new") == me))
    if spec == "attached":  # what it is attached to — or was, just before the event moved that card [info.lki_attached]
        return host is not None and (host.attached_to == ev.card.id or host.id in ev.data.get("fell_off", ()))
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
    if "event" not in when or when.get("event") not in event_names(game, ev):
        return False
    if "link_kind" in when and ev.data.get("link_kind") != when["link_kind"]:
        return False
    for end in ("to", "from"):  # a move to or from a zone ("每當一張卡牌返回手牌時"); a card entering from a zone
        if end in when and (ev.kind not in ("move", "entered") or ev.data.get(end) != when[end]):
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
    ) and game.data.trigger_matches(game, when, ev, controller, host)


def _follow_move(ev: "Event", bindings: dict[str, Obj], ops: Any) -> tuple[dict[str, Obj], list[CardRef]]:
    """A card that moved is a new object where it went; a link that refers to it tracks it there [resolve.recheck]."""
    out = dict(bindings)
    tracked: list[CardRef] = []
    if ev.kind == "move" and ev.card is not None:
        for name, obj in bindings.items():
            if obj == ev.card:
                out[name] = ev.data["new"]
                if _mentions(ops, name):
                    tracked.append(ev.data["new"])
    return out, tracked


def works_in(game: "Game", ab: dict[str, Any], zone: str) -> bool:
    """Does an ability work in this zone? On the field, unless it names the zones it works in [ability.other_zone]."""
    zones = ab.get("zones")
    return zone in zones if zones else game.is_field(zone)


def _hosts(game: "Game", ev: "Event") -> list[tuple[Card, CardRef, bool]]:
    """The cards whose abilities may trigger on this event: (card, the object, whether it is as it last was)."""
    st = game.state
    moved = ev.card.id if ev.kind == "move" and ev.card is not None else None
    hosts: list[tuple[Card, CardRef, bool]] = []
    for card in st.acting_cards():
        if card.id == moved:
            continue
        if game.is_field(card.zone) or ((card.abilities or card.granted)  # most cards off the field have none
                                        and any(card.zone in (ab.get("zones") or ()) for ab in card.all_abilities())):
            hosts.append((card, card.ref, False))
    if moved is not None and ev.card is not None:
        if game.is_field(ev.data.get("from", "")):
            hosts.append((st.lki[ev.card], ev.card, True))  # leaves-the-field abilities look back in time
        # the new object: it entered the field, or a zone one of its abilities works in [ability.other_zone]
        hosts.append((st.cards[ev.card.id], ev.data["new"], False))
    return hosts


def collect(game: "Game", ev: "Event") -> None:
    """After an event happens, every ability or triggered effect it triggers starts waiting [trigger.fires]."""
    st = game.state
    for host, href, old in _hosts(game, ev):
        if not old and continuous.lost_abilities(game, host):
            continue  # an ability it no longer has does not trigger
        zone = host.zone
        for ab in host.all_abilities():
            if not works_in(game, ab, zone):
                continue
            if ab.get("kind") == "continuous" and "when" in ab:
                if _matches(game, ab["when"], ev, host, href, {}, host.controller):
                    continuous.event_effect(game, ab, host, href, ev)  # [timestamp.event]: no chain, timestamped now
                continue
            if ab.get("kind") != "triggered":
                continue
            if not _matches(game, ab.get("when") or {}, ev, host, href, {}, host.controller):
                continue
            if game.loop_stop is not None and game.loop_stop(href, ab):
                continue  # [loop.mandatory]: the loop ends the next time this effect would trigger: it does not
            bindings, tracked = _follow_move(ev, {"self": href}, ab.get("do"))
            if old:  # it looks back in time: "self" is the card in its new zone, its characteristics those it left with
                bindings["self_left"] = href
            if ev.card is not None:
                bindings["event"] = ev.data.get("new", ev.card)
            if "amount" in ev.data:
                bindings["event_amount"] = ev.data["amount"]  # type: ignore[assignment]
            locked = _lock_info(game, ab, ev, bindings)  # [trigger.info]: what its condition tells, kept from now on
            if not _if_clause(game, ab, href, host.controller, bindings):
                continue  # [trigger.if_clause]: the condition after the trigger is false: it does not trigger
            _wait(game, Waiting("trigger", href, host.controller, ab, bindings, tracked))
            extra = tuple(ev.data.get("trigger_cites", ())) + (game.data.cite("ability.other_zone") if not game.is_field(zone) else ())
            extra += (game.data.cite("trigger.if_clause") if "if" in (ab.get("when") or {}) else ())
            extra += (game.data.cite("trigger.leaves") if old else ())  # it looked back at the object that left
            if old and host.controller != st.cards[host.id].controller:  # [info.lki_left]: controlled by who controlled it then
                extra += game.data.cite("info.lki_left")
            game.trace.add("trigger_fires", game.data.cite("trigger.fires") + extra + _rule_of(ab), card=href,
                           player=PlayerRef(host.controller))
            for what, shown in locked:
                game.trace.add("trigger_info", game.data.cite("trigger.info"), what=what, amount=shown)
    for te in list(st.trigger_effects):
        if not _matches(game, te.text.get("when") or {}, ev, None, None, te.bindings, te.controller):
            continue
        if _delayed_void(game, te):
            continue
        bindings, tracked = _follow_move(ev, te.bindings, te.text.get("do"))
        if ev.card is not None and "event" not in bindings:  # the card it is about, as for an ability
            bindings["event"] = ev.data.get("new", ev.card)
        _wait(game, Waiting("effect", te.source, te.controller, te.text, bindings, tracked))
        game.trace.add("trigger_effect_fires", game.data.cite("trigger.effect_fires") +
                       (game.data.cite("delayed.once") if te.once else ()), card=te.source, player=PlayerRef(te.controller))
        if te.once:
            st.trigger_effects.remove(te)


def _lock_info(game: "Game", ab: dict[str, Any], ev: "Event", bindings: dict[str, Any]) -> list[tuple[Any, Any]]:
    """[trigger.info]: information of the event the ability's text refers to (``{event: KEY}``, a key the game's data
    lists under ``trigger_info``) is read as it triggers and kept (``event_KEY``), even if it changes or its card
    leaves before the ability resolves. Returns what was kept, as (word, value) for the trace."""
    from judge.engine.refs import Text

    out = []
    for key in game.data.raw.get("trigger_info") or ():
        if key in ev.data and _mentions_event(ab, key):
            bindings[f"event_{key}"] = ev.data[key]
            value = ev.data[key]
            card = game.state.cards.get(value) if isinstance(value, str) else None  # a card id: name the card
            shown = value if isinstance(value, CardRef) else card.ref if card is not None else Text(str(value), str(value))
            out.append((game.data.text(f"info_{key}") if f"info_{key}" in game.data.words else Text(key, key), shown))
    return out


def _mentions_event(x: Any, key: str) -> bool:
    """Does the text refer to ``{event: key}``?"""
    if isinstance(x, dict):
        return x.get("event") == key or any(_mentions_event(v, key) for v in x.values())
    if isinstance(x, list):
        return any(_mentions_event(v, key) for v in x)
    return False


def _rule_of(ab: dict[str, Any]) -> tuple[str, ...]:
    """The rule an ability comes from when the game's rules define it (a keyword ability's rule)."""
    return (str(ab["rule"]),) if ab.get("rule") else ()


def _if_clause(game: "Game", ab: dict[str, Any], href: CardRef, controller: str, bindings: dict[str, Obj]) -> bool:
    """[trigger.if_clause]: "when …, if …": the condition is checked as it would trigger (and again as it resolves)."""
    cond = (ab.get("when") or {}).get("if")
    if cond is None:
        return True
    from judge.engine.effects import Context, test_condition

    return test_condition(game, Context(game, None, controller, href, dict(bindings)), cond)


def _delayed_void(game: "Game", te: Any) -> bool:
    """[delayed.void]: where the game's rules say so, a delayed triggered ability that mentions a particular card ends
    if that card has left the zone it was in when the ability was created (even if it has come back since)."""
    if not game.data.raw.get("delayed_void_when_mentioned_card_leaves"):
        return False
    gone = [obj for name, obj in te.bindings.items() if isinstance(obj, CardRef) and _mentions(te.text.get("do"), name)
            and not game.state.is_current(obj)]
    if not gone:
        return False
    game.state.trigger_effects.remove(te)
    game.trace.add("delayed_void", game.data.cite("delayed.void"), card=te.source, target=gone[0])
    return True


def check_state_triggers(game: "Game") -> None:
    """[trigger.state]: an ability that triggers on a state of the game triggers as soon as the state holds, and not
    again until what it put on the chain has left it."""
    from judge.engine.effects import Context, test_condition

    st = game.state
    for card in list(st.cards.values()):
        for i, ab in enumerate(card.all_abilities()):
            when = ab.get("when") or {}
            if ab.get("kind") != "triggered" or "state" not in when or (card.id, i) in st.state_pending:
                continue
            if not works_in(game, ab, card.zone) or continuous.lost_abilities(game, card):
                continue
            if not test_condition(game, Context(game, None, card.controller, card.ref, {"self": card.ref}), when["state"]):
                continue
            st.state_pending.add((card.id, i))
            _wait(game, Waiting("trigger", card.ref, card.controller, ab, {"self": card.ref}, [], state_key=(card.id, i)))
            game.trace.add("trigger_fires", game.data.cite("trigger.fires", "trigger.state") + _rule_of(ab), card=card.ref,
                           player=PlayerRef(card.controller))


def check_becomes(game: "Game") -> None:
    """[trigger.becomes]: an ability that triggers when something *becomes* so ("when my might becomes 10 or more")
    triggers when its condition goes from false to true, not while it stays true. The first check only notes what
    holds (the position the scenario starts from)."""
    from judge.engine.effects import Context, test_condition
    from judge.engine.targets import matches_filter

    st = game.state
    now: set[tuple[str, int, str, int]] = set()
    fired: list[tuple[Card, dict[str, Any], Card]] = []
    for card in list(st.cards.values()):
        for i, ab in enumerate(card.all_abilities()):
            when = ab.get("when") or {}
            if ab.get("kind") != "triggered" or "becomes" not in when or not works_in(game, ab, card.zone):
                continue
            watch = when.get("card", "self")
            seen = [card] if watch == "self" else [c for c in st.cards.values() if game.is_field(c.zone)
                                                   and matches_filter(game, c, watch, card.controller, None) is None]
            for it in seen:
                ctx = Context(game, None, card.controller, card.ref, {"self": card.ref, "it": it.ref})
                if not test_condition(game, ctx, when["becomes"]):
                    continue
                key = (card.id, i, it.id, it.inc)
                now.add(key)
                if st.becomes is not None and key not in st.becomes:
                    fired.append((card, ab, it))
    st.becomes = now
    for card, ab, it in fired:
        _wait(game, Waiting("trigger", card.ref, card.controller, ab, {"self": card.ref, "it": it.ref, "event": it.ref}))
        game.trace.add("trigger_fires", game.data.cite("trigger.fires", "trigger.becomes") + _rule_of(ab), card=card.ref,
                       player=PlayerRef(card.controller))


def _wait(game: "Game", w: Waiting) -> None:
    w.seq = game.state.next_seq
    game.state.next_seq += 1
    game.state.waiting.append(w)


def lethal_check(game: "Game", cites: tuple[str, ...] = ()) -> bool:
    """Units with lethal damage (damage at least their health) are destroyed, all at once."""
    from judge.engine import events

    st = game.state
    dead = [c for c in st.field_cards() if game.chars(c)["health"] is not None
            and c.damage >= (game.chars(c)["health"] or 0) and c.attached_to is None]
    with game.batch():  # destroyed at the same time: one batch of events [replacement.next]
        for c in dead:
            events.emit(game, events.Event("move", c.ref, data={"to": game.data.graveyard, "cause": "lethal", "cites": cites}))
    return bool(dead)


def pre_priority(game: "Game") -> None:
    """Before a player would receive priority: the game's checks, then waiting triggers go on the chain [trigger.wait]."""
    guard = 0
    while True:
        game.data.state_checks(game)
        check_state_triggers(game)
        if game.becomes_triggers:
            check_becomes(game)  # [trigger.becomes]: the position before anything happens is noted here
        if not game.state.waiting:
            return
        place_waiting(game)
        guard += 1
        if guard > 200:
            return


def place_waiting(game: "Game") -> None:
    """[trigger.order]: the turn player orders and adds theirs first, then each next player clockwise, on top."""
    from judge.engine.chain import add_trigger

    st = game.state
    waiting = sorted(st.waiting, key=lambda w: w.seq)
    st.waiting = []
    game.trace.add("triggers_wait", game.data.cite("trigger.wait"), links=[w.source for w in waiting])
    for player in st.seat_order_from(st.turn):
        mine = [w for w in waiting if w.controller == player]
        if not mine:
            continue
        names = scenario_names([w.source.id for w in mine])
        if len(mine) > 1:
            options = Orderings(names) if math.factorial(len(names)) > ENUMERATE_MAX else tuple(permutations(names))
            order = game.ask(Choice("order", player, None, options))
            mine = [mine[names.index(n)] for n in order]
        game.trace.add("triggers_order", game.data.cite("trigger.order"), player=PlayerRef(player), links=[w.source for w in mine])
        for w in mine:
            add_trigger(game, w)




__all__ = ["collect", "pre_priority", "place_waiting", "LinkRef"]
