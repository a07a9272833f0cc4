"""Triggered abilities and effects [trigger.fires]: they trigger on events, wait, and go on the chain in turn order."""

from __future__ import annotations

import math
from itertools import permutations
from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice, scenario_names
from judge.engine.context import Context, matches_filter, test_condition
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import (At, Bool, Custom, Either, Enum, Field, Int, ListOf, Map, Ref, SchemaWriter,
                                          Scoped, Shape, Str)
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms import continuous
from judge.engine.mechanisms.abilities import STEPS_RESOLVING, kind_shape, text_scope, works_in
from judge.engine.mechanisms.filters import _zones
from judge.engine.options import ENUMERATE_MAX, Orderings
from judge.engine.refs import CardRef, Obj, PlayerRef, Text
from judge.engine.state import Card, Waiting

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game


def event_names(game: "Game", ev: "Event") -> set[str]:
    """The trigger event words this event is (a destruction is also a move …): each event word's test."""
    return {name for name, word in game.data.vocab.words("event").items() if word.handler(game, ev)}


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
    me = host_ref if host_ref is not None else bindings.get("self")
    return matches_filter(game, card, spec, controller, None, self_ref=me if isinstance(me, CardRef) else None) is None


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
             bindings: dict[str, Obj], controller: str, names: set[str] | None = None) -> bool:
    """Does the event trigger this ``when:`` (``names``: the event's words, when already worked out)?"""
    if "event" not in when or when.get("event") not in (names if names is not None else event_names(game, ev)):
        return False
    keys = game.data.vocab.words("when")
    for key in when:  # every other key of when: is a word with a test (`if` is checked as it would trigger)
        word = keys.get(key)
        if word is not None and word.handler is not None and not word.handler(game, when[key], ev, host, host_ref,
                                                                                bindings, controller):
            return False
    return True


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


def _hosts(game: "Game", ev: "Event") -> list[tuple[Card, CardRef, bool]]:
    """The cards whose abilities may trigger on this event: (card, the object, whether it is as it last was)."""
    st = game.state
    moved = ev.card.id if ev.kind == "move" and ev.card is not None else None
    hosts: list[tuple[Card, CardRef, bool]] = []
    for card in st.acting_cards():
        if card.id == moved or not (card.abilities or card.granted):  # a card without abilities triggers nothing
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
    names = event_names(game, ev)
    for host, href, old in _hosts(game, ev):
        if not old and continuous.lost_abilities(game, host):
            continue  # an ability it no longer has does not trigger
        zone = host.zone
        for ab in host.all_abilities():
            if not works_in(game, ab, zone):
                continue
            if ab.get("kind") == "continuous" and "when" in ab:
                if _matches(game, ab["when"], ev, host, href, {}, host.controller, names):
                    continuous.event_effect(game, ab, host, href, ev)  # [timestamp.event]: no chain, timestamped now
                continue
            if ab.get("kind") != "triggered":
                continue
            if not _matches(game, ab.get("when") or {}, ev, host, href, {}, host.controller, names):
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
        if not _matches(game, te.text.get("when") or {}, ev, None, None, te.bindings, te.controller, names):
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
            word = next((w for w in (f"info_{key}_{ev.kind}", f"info_{key}") if w in game.data.words), None)  # this event's
            out.append((game.data.text(word) if word else Text(key, key), shown))
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
                                                   and matches_filter(game, c, watch, card.controller, None,
                                                                      self_ref=card.ref) is None]
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


def pre_priority(game: "Game") -> None:
    """Before a player would receive priority: the game's checks, then waiting triggers go on the chain [trigger.wait]."""
    guard = 0
    while True:
        for state_check in game.data.vocab.hooks("state.checks"):  # the checks the game's rules make (lethal damage …)
            state_check(game)
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
    from judge.engine.mechanisms.chain import add_trigger

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







# --- the language ---------------------------------------------------------------------------------------------------
MECHANISM = Mechanism("triggers", "triggered abilities: when, trigger events, waiting, the order they go on the chain",
                      requires=("abilities", "conditions", "filters", "references", "choices", "continuous"))
M = MECHANISM
M.place("event", "a trigger event: the value of when: {event: …}", form="value")
M.place("when", "a key of a trigger condition (when:)", form="field")


def _key(name: str, shape: Any, handler: Any, doc: str, **kw: Any) -> None:
    M.word("when", name, shape, handler, doc=doc, **kw)


def _match_card(game: "Game", spec: Any, ev: "Event", host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    return _card_matches(game, spec, ev, host, host_ref, bindings, controller)


def _match_player(game: "Game", spec: Any, ev: "Event", host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    return _player_matches(game, spec, ev, host, controller)


def _match_link_kind(game: "Game", spec: Any, ev: "Event", *rest: Any) -> bool:
    return ev.data.get("link_kind") == spec


def _match_end(end: str) -> Any:
    def test(game: "Game", spec: Any, ev: "Event", *rest: Any) -> bool:
        # a move to or from a zone ("每當一張卡牌返回手牌時"); a card entering from a zone
        return ev.kind in ("move", "entered") and ev.data.get(end) == spec
    return test


def _match_source(game: "Game", spec: Any, ev: "Event", host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    src = ev.data.get("source")  # damage dealt (or prevented), life gained, from this source
    if not isinstance(src, CardRef):
        return False
    fake = type(ev)(ev.kind, src, ev.player, ev.data)
    return _card_matches(game, spec, fake, host, host_ref, bindings, controller)


def _when_card(value: Any, at: At) -> None:
    """self, attached, or — in a trigger an effect creates — a card its link named (``that``, a target slot)."""
    scope = at.scope
    named = {"self", "attached"} | (({"that"} | {n for n, _ in scope.slots}) if "created" in scope.flags else set())
    if value not in named:
        at.problem("when_card", name=value, names=sorted(named), near=(value, sorted(named)))


WHEN_CARD = Either(Custom(_when_card, {"type": "string"}, ("string",)), Ref("event_filter"),
                   doc="self (the card with the ability), attached (what it is attached to), a card the creating link "
                       "named (in a created trigger), or a description")
_key("event", Str(), None, "what happens (a trigger event of the game)")
_key("link_kind", Enum(("card", "ability")), _match_link_kind, "used: a card played or an ability used")
_key("to", Enum(_zones), _match_end("to"), "a move: the zone it goes to")
_key("from", Enum(_zones), _match_end("from"), "a move (or entering): the zone it comes from")
_key("source", WHEN_CARD, _match_source, "the card the damage (or prevention, life …) comes from")
_key("card", WHEN_CARD, _match_card, "the card the event is about")
_key("player", Either(Enum(("you", "opponent")), Map({"controller_of": Enum(("attached",))}, required=("controller_of",))),
     _match_player, "the player the event is about (who draws, discards, plays, deals the damage …)")
_key("if", Ref("condition"), None, "a condition checked as it triggers and again as it resolves [trigger.if_clause]",
     rules=("trigger.if_clause",))


class WhenShape(Shape):
    """A trigger condition: ``{event: E, …}`` with the keys event E carries, ``{state: condition}`` (while it holds)
    or ``{becomes: condition, card: …}`` (as it becomes true)."""

    types = frozenset({"object"})

    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        forms = [k for k in ("event", "state", "becomes") if k in value]
        if len(forms) != 1:
            at.problem("when")
            return
        if "state" in value:
            Map({"state": Ref("condition")}).check(value, at)
            return
        if "becomes" in value:
            Map({"becomes": Ref("condition"), "card": Field(Either(Enum(("self",)), Ref("filter")), "what it watches "
                                                                                              "(self, or each card "
                                                                                              "fitting a description: it)")}).check(
                value, at.within(at.scope.bind("it")))
            return
        events_ = at.scope.vocab.words("event")
        name = value["event"]
        word = events_.get(name) if isinstance(name, str) else None
        if word is None:
            game = at.scope.vocab.game
            (at / "event").problem("event", game=game.game if game else "", event=name, events=list(events_),
                                   near=(name, list(events_)))
            return
        keys = at.scope.vocab.words("when")
        allowed = set(word.extra["keys"]) | {k for k, w in keys.items() if w.extra.get("any_event")}
        for key, v in value.items():
            if key not in keys:
                (at / key).problem("unknown_field", at_key=True, name=key, where=_where(at.path), allowed=sorted(allowed),
                                   near=(key, sorted(allowed)))
            elif key not in allowed:
                (at / key).problem("when_key_ignored", at_key=True, event=name, key=key, keys=sorted(allowed))
            else:
                keys[key].shape.check(v, at / key)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        """Every key's shape once; which keys an event takes where it names that event (``if``/``then``)."""
        keys = w.vocab.words("when")
        events_ = sorted(w.vocab.words("event").items())
        props: dict[str, Any] = {k: _described(w.write(kw.shape), kw.doc) for k, kw in sorted(keys.items())}
        props["event"] = {"enum": [name for name, _ in events_]}
        props["state"] = w.write(Ref("condition"))
        props["becomes"] = w.write(Ref("condition"))
        each: list[dict[str, Any]] = []
        for name, word in events_:
            allowed = set(word.extra["keys"]) | {k for k, kw in keys.items() if kw.extra.get("any_event")}
            each.append({"if": {"required": ["event"], "properties": {"event": {"const": name}}},
                         "then": {"propertyNames": {"enum": sorted(allowed)}}})
        each.append({"if": {"required": ["state"]}, "then": {"propertyNames": {"enum": ["state"]}}})
        each.append({"if": {"required": ["becomes"]}, "then": {"propertyNames": {"enum": ["becomes", "card"]},
                                                               "properties": {"card": {"anyOf": [
                                                                   {"const": "self"}, w.write(Ref("filter"))]}}}})
        return self._with_doc({"type": "object", "additionalProperties": False, "properties": props,
                               "oneOf": [{"required": ["event"]}, {"required": ["state"]}, {"required": ["becomes"]}],
                               "allOf": each})


def _where(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path)


def _described(schema: dict[str, Any], doc: str) -> dict[str, Any]:
    return {"description": doc, **schema} if doc and "description" not in schema else schema


WHEN = M.define("when", WhenShape("when it triggers: {event: …} with that event's keys, {state: …}, or {becomes: …}"))


def trigger_scope(scope: Any, text: Any) -> Any:
    """A triggered ability's text: its slots, and the event that triggered it (``event``)."""
    return text_scope(scope, text, bind=("event",) if isinstance(text, dict) and "event" in (text.get("when") or {}) else
                      ("event", "it") if isinstance(text, dict) and "becomes" in (text.get("when") or {}) else ())


TRIGGERED = kind_shape({
    "when": Field(WHEN, "when it triggers"),
    "cost": Field(Ref("cost"), "an optional payment decided as it goes on the chain [trigger.to_chain]"),
    "x": Field(Either(Bool(), Map({"max": Int(0)})), "it has an X"),
    "targets": Field(Ref("slots")), "modes": Field(Ref("modes")),
    "do": Field(STEPS_RESOLVING, "what it does as it resolves"),
}, required=("when",), doc="a triggered ability")
M.word("ability_kind", "triggered", TRIGGERED, doc="triggers on an event or a state and goes on the chain",
       rules=("trigger.fires", "trigger.wait", "trigger.order", "trigger.to_chain"), scope=trigger_scope,
       phrases=("trigger_fires", "triggers_wait", "triggers_order"))

M.word("choice", "order", ListOf(Str(min_len=1)), doc="the order of one player's waiting triggers (or packets, reductions)")
M.word("choice", "pay", Bool(), doc="pay a triggered ability's optional cost as it goes on the chain")


# --- triggers already waiting as the file starts ----------------------------------------------------------------------
PENDING = Map({"of": Field(Ref("card_id"), "the card whose triggered ability waits"),
               "index": Field(Int(0), "which of its triggered abilities (from 0)"),
               "controller": Field(Ref("player_id"), "its controller (default: the card's)")}, required=("of",))
M.word("file", "pending", ListOf(PENDING), doc="triggers already waiting to go on the chain")


@M.hook("setup.trace", order=30)
def _pending(game: "Game", data: dict[str, Any]) -> None:
    for i, entry in enumerate(data.get("pending") or []):
        card = game.state.cards[entry["of"]]
        abilities = [a for a in card.all_abilities() if a.get("kind") == "triggered"]
        idx = entry.get("index", 0)
        if idx >= len(abilities):
            raise InvalidInput("no_triggered", ("pending", i, "index"), card=card.id, index=idx)
        w = Waiting("trigger", card.ref, entry.get("controller", card.controller), abilities[idx], {"self": card.ref}, [], seq=i)
        game.state.waiting.append(w)
        game.state.next_seq = i + 1
        game.trace.add("initial_trigger", game.data.cite("trigger.fires"), link=card.ref, player=PlayerRef(w.controller))


@M.hook("event.after", order=10)
def _after(game: "Game", ev: "Event") -> None:
    collect(game, ev)  # [replacement.instead]: only what actually happened triggers
    if game.state_triggers:
        check_state_triggers(game)  # [trigger.state]: a state can hold even for a moment mid-resolution
    if game.becomes_triggers:
        check_becomes(game)  # [trigger.becomes]: a condition that has just become true


M.hook("priority.before")(pre_priority)


# --- reflexive triggers -----------------------------------------------------------------------------------------------
BRANCH = Map({"if": Ref("condition"), "text": Str(), "text_en": Str(), "targets": Ref("slots"), "do": STEPS_RESOLVING},
             required=("do",))


@M.declare("step", "reflexive", ListOf(Scoped(BRANCH, lambda scope, b: text_scope(scope, b, bind=("event",)
                                                                                   if "event" in scope.bound else ())),
                                       min_items=1),
           doc="each branch whose condition holds now triggers, as a triggered ability of this link's source",
           rules=("trigger.reflexive",), phrases=("reflexive",))
def reflexive(game: "Game", ctx: Context, branches: list[dict[str, Any]]) -> bool:
    """[trigger.reflexive]: each branch whose condition holds now is a triggered ability of this link's source and
    controller, waiting to go on the chain like any other (its controller orders them)."""
    made = []
    for b in branches:
        if "if" in b and not test_condition(game, ctx, b["if"]):
            continue
        text = {"kind": "triggered", **{k: v for k, v in b.items() if k != "if"}}
        _wait(game, Waiting("trigger", ctx.source, ctx.controller, text, dict(ctx.bindings)))
        made.append(Text(str(b.get("text", "…")), str(b.get("text_en") or "")))  # no English: the trace says so
    game.trace.add("reflexive", game.data.cite("trigger.reflexive"), card=ctx.source, text=made)
    return bool(made)
