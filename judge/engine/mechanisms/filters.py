"""Descriptions of cards (filters): ``{type: unit, controller: you, power: {lte: 2}}``. Each key is a word whose
handler says why a card does not fit (a ``why_`` word of the game), tried in the order declared here. ``zone`` is read
only where a description is looked up in a zone (``{each: …}``, ``count``, ``choose``)."""

from __future__ import annotations

from typing import Any

from judge.engine.context import Seen, eval_static
from judge.engine.language.shapes import At, Bool, Either, Enum, ListOf, Map, Ref, Str
from judge.engine.language.words import Fields, Mechanism

MECHANISM = Mechanism("filters", "descriptions of cards: type, subtype, faction, controller, owner, power, cost …")
M = MECHANISM
M.place("filter", "a key of a description of cards", form="field")

M.define("filter", Fields("filter", exclude=("zone",), refused={"zone": "filter_zone"},
                          doc="a description of cards (no zone: it is looked for where its place says)"))
M.define("event_filter", Fields("filter", exclude=("zone",), refused={"zone": "when_zone"},
                                doc="a description of the card an event is about (where it is is the event's: to:, from:)"))
M.define("zoned_filter", Fields("filter", doc="a description of cards, with the zone they are looked for in (default: the "
                                              "field)"))


def _types(scope: Any) -> tuple[str, ...]:
    game = scope.vocab.game
    return (*game.types, "unit") if game is not None else ("unit",)


def _statuses(scope: Any) -> tuple[str, ...]:
    game = scope.vocab.game
    return tuple(game.statuses) if game is not None else ()


def _zones(scope: Any) -> tuple[str, ...]:
    game = scope.vocab.game
    return tuple(game.zones) if game is not None else ()


def _named_store(value: Any, at: At) -> None:
    if isinstance(value, dict) and value.get("name") not in at.scope.named:
        named = sorted(at.scope.named)
        (at / "name").problem("named_store", name=value.get("name"), stored=named, near=(value.get("name"), named))


TYPE = Enum(_types, doc="a card type of the game (or unit)")
NAMED = Map({"name": Str(min_len=1)}, required=("name",), doc="the word a name step stored")
BOUNDS = M.define("bounds", Map({"lte": Ref("number"), "gte": Ref("number")}, doc="at most (lte) / at least (gte)"))
WHO = Enum(("you", "opponent"))


TYPES = M.define("filter_type", Either(TYPE, ListOf(TYPE, min_items=1), NAMED, doc="a card type, several, or the one "
                                                                                   "a name step stored"))


@M.declare("filter", "type", Ref("filter_type"), doc="of this card type (one of these; unit: any type that is a unit)",
           check=_named_store)
def _type(s: Seen, types: Any) -> str | None:
    wanted = [types] if isinstance(types, str) else list(types)
    kinds = {s.cur["type"], *s.card.more_types}
    kinds |= {"unit"} if any(s.game.data.is_unit(k) for k in kinds) else set()
    return None if kinds & set(wanted) else "type"


@M.declare("filter", "subtype", Str(min_len=1), doc="with this subtype")
def _subtype(s: Seen, v: Any) -> str | None:
    return None if v in s.cur["subtypes"] else "subtype"


@M.declare("filter", "faction", Str(min_len=1), doc="of this faction")
def _faction(s: Seen, v: Any) -> str | None:
    return None if v in s.card.factions else "faction"


@M.declare("filter", "blank", Bool(), doc="with no abilities (true) or with some (false)")
def _blank(s: Seen, v: Any) -> str | None:
    return None if bool(s.cur["no_abilities"]) == bool(v) else "blank"


@M.declare("filter", "attacking", Bool(), doc="attacking now (true) or not")
def _attacking(s: Seen, v: Any) -> str | None:
    combat = s.game.state.combat
    return None if bool(combat and combat.get("attacker") == s.card.ref) == bool(v) else "attacking"


@M.declare("filter", "owner", WHO, doc="owned by you (the one looking) or an opponent")
def _owner(s: Seen, v: Any) -> str | None:
    return None if (s.card.owner == s.controller) == (v == "you") else "owner"


@M.declare("filter", "controller", WHO, doc="controlled by you (the one looking) or an opponent")
def _controller(s: Seen, v: Any) -> str | None:
    if v == "you" and s.card.controller != s.controller:
        return "controller"
    if v == "opponent" and s.card.controller == s.controller:
        return "controller"
    return None


@M.declare("filter", "exhausted", Bool(), doc="exhausted (true) or ready (false)")
def _exhausted(s: Seen, v: Any) -> str | None:
    return None if s.card.exhausted == bool(v) else ("exhausted" if not v else "ready")


def _bounded(stat: str) -> Any:
    def handler(s: Seen, bounds: Any) -> str | None:
        value = s.card.cost if stat == "cost" else s.cur[stat]
        if value is None:
            return stat
        if "lte" in bounds and value > eval_static(s.game, bounds["lte"], s.link):
            return stat
        if "gte" in bounds and value < eval_static(s.game, bounds["gte"], s.link):
            return stat
        return None
    return handler


for _stat, _doc in (("cost", "its cost"), ("power", "its current power"), ("health", "its current health")):
    M.word("filter", _stat, BOUNDS, _bounded(_stat), doc=f"{_doc} within bounds: {{lte: N, gte: N}}")


@M.declare("filter", "status", Enum(_statuses), doc="with this status")
def _status(s: Seen, v: Any) -> str | None:
    return None if v in s.card.status else "status"


@M.declare("filter", "not", Enum(("self",)), doc="not the card whose text this is (not: self)")
def _not(s: Seen, v: Any) -> str | None:
    return "self" if s.self_id is not None and s.card.id == s.self_id else None


@M.declare("filter", "named", Either(Str(min_len=1), NAMED), doc="with this name (or the name a step named)",
           check=_named_store, rules=("effect.name",))
def _named(s: Seen, v: Any) -> str | None:
    return None if s.card.name.get("zh") == v else "type"  # [effect.name]: a card with the name a player named


M.word("filter", "zone", Enum(_zones), None, doc="the zone the cards are looked for in (default: the field)",
       extra={"read_by": "the place that holds the description"})

__all__ = ["MECHANISM", "TYPE", "BOUNDS"]
