"""符文战场 Riftbound's own rules where the shared mechanisms are not enough. The corpus holds a fragment of its
rules document (135.2.b.3, 206, 820); the rest comes from the 血海深仇 (Vendetta) FAQ's rulings, and each module
names the entry it follows:

- board.py: bases and battlefields, moving between them (the same object), move restrictions, conquering and points;
- might.py: might changes as replaceable events with floors and −0 (vendetta-03, -04, -20, -22);
- empower.py: Empowered, its layers and [Empowered][>] (vendetta-15, -16, -24, -28, -31);
- stun.py, counter.py: stun as a game action; countering, "can't be countered", gaining control of a chain item;
- costs.py: power, Deflect and "the next card" reductions; cards.py: Predict, runes, playing from another zone;
- play.py: where a unit is played; layers.py: the order of continuous effects (vendetta-29);
- this module: Flow, units that are also gear, tokens, "what made the event", abilities had from other cards,
  untargetable by opponents, "can't be killed", and units killed by damage at least their might.

Policies set in game.yaml: an instruction whose targets became illegal is ignored rather than the item failing
(vendetta-34); "when you play" triggers as the card completes its resolution (vendetta-18); trigger-condition
information is kept from the moment it triggers (vendetta-23). Who orders replacement effects: the affected object's
controller, whatever they do (vendetta-11) — the engine's shared behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, matches_filter, test_condition
from judge.engine.language.shapes import Bool, Either, Enum, Field, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.abilities import kind_shape
from judge.engine.refs import CardRef, Text
from judge.engine.ruleset import Ruleset

from judge.games.riftbound import layers

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.mechanisms.replacement import ReplEffect
    from judge.engine.state import Card


def active(game: "Game", card: "Card", ab: dict[str, Any]) -> bool:
    """Does the ability's condition (``while:``) hold now, read on the card that has it?"""
    cond = ab.get("while")
    return cond is None or test_condition(game, Context(game, None, card.controller, card.ref, {"self": card.ref}), cond)


class RiftboundRules(Ruleset):
    """《符文战场》核心规则 (fragment) and the 血海深仇 FAQ."""

    def order_continuous(self, game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
        return layers.order(game, effs, card, base)


RULESET = RiftboundRules

MECHANISM = Mechanism("riftbound.rules", "Flow, extra types, tokens, what made an event, borrowed abilities, "
                      "untargetable, can't be killed, lethal damage by might",
                      requires=("replacement", "continuous", "triggers", "chain", "costs", "position"))
M = MECHANISM


# --- cards as the file gives them ------------------------------------------------------------------------------------
@M.declare("card", "more_types", ListOf(Str(min_len=1)), doc="types it also has (a unit that is also a gear)")
def _more_types(game: "Game", card: "Card", value: Any, path: Any) -> None:
    card.more_types = list(value)


@M.declare("card", "token", Bool(), doc="it is a token")
def _token(game: "Game", card: "Card", value: Any, path: Any) -> None:
    card.token = bool(value)


@M.hook("setup")
def _setup(game: "Game", data: dict[str, Any]) -> None:
    """Flow is an alternative cost of the card (FAQ vendetta-01); a battlefield's "here" is itself."""
    for cid, card in game.state.cards.items():
        flow = [ab for ab in card.abilities if ab.get("kind") == "flow"]
        if flow and card.play is not None:
            card.play = {**card.play, "cost": {**(card.play.get("cost") or {}), "alt": dict(flow[0].get("cost") or {})}}
        if card.type == "battlefield":
            card.abilities = [_here_is(ab, cid) for ab in card.abilities]


def _here_is(ab: Any, cid: str) -> Any:
    """A battlefield's ability with ``at: self`` (its own units) naming the battlefield card."""
    if isinstance(ab, dict):
        return {k: (cid if k == "at" and v == "self" else _here_is(v, cid)) for k, v in ab.items()}
    if isinstance(ab, list):
        return [_here_is(v, cid) for v in ab]
    return ab


M.word("ability_kind", "flow", kind_shape({"cost": Field(Ref("cost"), "the alternative cost")}, required=("cost",),
                                          doc="Flow (川流): an alternative cost"),
       doc="Flow: an alternative cost of its card; played for it, it is banished as it leaves the chain")


@M.declare("filter", "token", Bool(), doc="a token (true) or not")
def _token_filter(s: Any, v: Any) -> str | None:
    return None if s.card.token == bool(v) else "token"


# --- what made an event ------------------------------------------------------------------------------------------
@M.declare("when", "by", Ref("when_by"), doc="what made the event: self, or a description of its source card",
           extra={"any_event": True})
def _by(game: "Game", spec: Any, ev: events.Event, host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    src = ev.data.get("by")  # "when you kill a unit with a spell" (FAQ vendetta-33), "because of me"
    if not isinstance(src, CardRef):
        return False
    if spec == "self":
        return host is not None and src.id == host.id
    return matches_filter(game, game.state.view(src)[0], spec, controller, None) is None


M.define("when_by", Either(Enum(("self",)), Ref("filter"), doc="self, or a description of the card whose effect made it"))


@M.declare("when", "by_player", Enum(("you", "opponent")), doc="who controls what made the event", extra={"any_event": True})
def _by_player(game: "Game", spec: Any, ev: events.Event, host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    return (ev.data.get("by_player") == controller) == (spec == "you")


# --- rules of the board ------------------------------------------------------------------------------------------
@M.hook("target.reason")
def _untargetable(game: "Game", link: Any, card: "Card") -> str | None:
    from judge.engine.mechanisms.continuous import forbidden

    if link.controller != card.controller and forbidden(game, card, "be_chosen_by_opponents") is not None:
        return "untargetable"  # not a legal target of an enemy spell or ability (FAQ vendetta-17)
    return None


@M.hook("event.forbids")
def _cannot_be_killed(game: "Game", ev: events.Event) -> Text | None:
    from judge.engine.mechanisms.continuous import forbidden

    if ev.kind == "move" and ev.data.get("cause") in ("destroy", "lethal") and ev.card is not None \
            and game.state.is_current(ev.card) and game.is_field(game.state.cards[ev.card.id].zone):
        eff = forbidden(game, game.state.cards[ev.card.id], "be_killed")  # 「我無法被擊殺」
        return eff.text if eff is not None else None
    return None


M.word("cannot", "be_killed", Bool(), doc="it cannot be killed")
M.word("cannot", "be_chosen_by_opponents", Bool(), doc="an opponent's spell or ability cannot choose it")
M.word("replace_key", "if", Ref("condition"), doc="it applies only while this condition holds (an [Empowered] "
       "replacement)", extra={"any_event": True})


@M.hook("replacement.matches")
def _while(game: "Game", r: "ReplEffect", ev: events.Event) -> bool:
    if "if" in r.spec:  # an Empowered replacement applies only while its card is Empowered
        card, _ = game.state.view(r.source)
        return active(game, card, {"while": r.spec["if"]})
    return True


M.word("ability.continuous", "abilities_of", Map({"filter": Ref("filter"), "exhaust": Bool()}),
       doc="it has the activated abilities of these cards (exhaust: only those whose cost exhausts)",
       extra={"borrows": True})


@M.hook("abilities.more")
def more_abilities(game: "Game", card: "Card") -> list[dict[str, Any]]:
    """「我擁有所有友方……之費用中有[E]的主動技能」: a card with ``abilities_of`` has those activated abilities, whole
    (their limits and dependent keywords read the card that now has them: FAQ vendetta-24)."""
    out: list[dict[str, Any]] = []
    for ab in card.abilities:
        spec = ab.get("abilities_of")
        if ab.get("kind") != "continuous" or not spec:
            continue
        for other in game.state.cards.values():
            if other.id == card.id or not game.is_field(other.zone):
                continue
            if matches_filter(game, other, spec.get("filter") or {}, card.controller, None) is not None:
                continue
            out += [dict(a, text=a.get("text", "…")) for a in other.all_abilities()
                    if a.get("kind") == "activated" and (not spec.get("exhaust") or (a.get("cost") or {}).get("exhaust"))]
    return out


@M.hook("state.checks")
def lethal_by_might(game: "Game") -> bool:
    """A unit with damage at least its might is killed (a rule outside the corpus), all at once."""
    st = game.state
    rules = game.data
    dead = [c for c in st.field_cards() if rules.is_unit(c.type) and c.damage > 0
            and c.damage >= int(game.chars(c)["power"] or 0)]
    if not dead:
        return False
    with game.batch():
        for c in dead:
            events.emit(game, events.Event("move", c.ref, data={"to": rules.graveyard, "cause": "lethal",
                                                                 "cites": rules.cite("state.check", "state.lethal")}))
    return True
