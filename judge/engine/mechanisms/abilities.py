"""Ability texts: a card's abilities, each of a kind (``kind: triggered`` …) declared by the mechanism that carries it
out, and the play text of a card (``play:``). An ability's text binds names for its steps: its target slots, the groups
its steps gather (``as:``), ``event`` in a triggered ability; an X only where it has one."""

from __future__ import annotations

from typing import Any, Iterable

from judge.engine.language.shapes import Bool, Enum, Field, ListOf, Map, Ref, Scope, Shape, Str
from judge.engine.language.words import Mechanism, Tagged
from judge.engine.mechanisms.filters import _zones

MECHANISM = Mechanism("abilities", "ability texts: the kinds of ability and what their text binds",
                      requires=("steps", "targets"))
M = MECHANISM
M.place("ability_kind", "a kind of ability (kind:)", form="tag")

M.define("ability", Tagged("kind", "ability_kind", doc="an ability: kind, then the fields of that kind"))

# fields every kind of ability may have
COMMON: dict[str, Field] = {
    "kind": Field(Str(), "the kind of ability"),
    "name": Field(Str(min_len=1), "a name, to pick an activated ability by (use: …, ability: NAME)"),
    "text": Field(Str(), "its printed text, shown in the trace"),
    "text_en": Field(Str(), "the same in English"),
    "rule": Field(Str(), "the rule of the game that defines it (a keyword ability's)"),
    "zones": Field(ListOf(Enum(_zones), min_items=1), "the zones it works in (default: the field) [ability.other_zone]"),
}


def kind_shape(fields: dict[str, Shape | Field], required: Iterable[str] = (), doc: str = "",
               more_from: Iterable[str] = ()) -> Map:
    """The shape of one kind of ability: the common fields and its own (and the words of ``more_from`` places)."""
    return Map({**COMMON, **fields}, required=required, doc=doc, more_from=more_from)


# --- what an ability's text binds ------------------------------------------------------------------------------------
def slots_of(text: Any) -> tuple[tuple[str, str], ...]:
    """The target slots of an ability text (its own, and its modes'), with what each takes: card, player (``player:
    true``: players and cards), link (``on_chain``)."""
    if not isinstance(text, dict):
        return ()
    def listed(x: Any) -> list[Any]:
        return list(x) if isinstance(x, list) else []

    slots = listed(text.get("targets"))
    modes = text.get("modes")
    if isinstance(modes, dict):
        for opt in listed(modes.get("options")):
            if isinstance(opt, dict):
                slots += listed(opt.get("targets"))
    out = []
    for s in slots:
        if isinstance(s, dict):
            kind = "link" if s.get("on_chain") else "any" if s.get("player") else "card"
            out.append((str(s.get("name", "target")), kind))
    return tuple(out)


def groups_of(vocab: Any, x: Any) -> set[str]:
    """The names the steps of a text gather cards under (``as:`` of a discard, a reveal's)."""
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            word = vocab.word("step", k)
            if word is not None and "groups" in word.extra:
                out.update(word.extra["groups"](v))
            out |= groups_of(vocab, v)
    elif isinstance(x, list):
        for v in x:
            out |= groups_of(vocab, v)
    return out


def text_scope(scope: Scope, text: Any, *flags: str, bind: Iterable[str] = ()) -> Scope:
    """The scope an ability text's parts are checked in: its slots, its groups, X if it has one, and ``flags``."""
    more = {"x"} if isinstance(text, dict) and text.get("x") is not None else set()
    return scope.with_(slots=slots_of(text), bound=scope.bound | groups_of(scope.vocab, text) | frozenset(bind),
                       flags=(scope.flags - {"x"}) | more | frozenset(flags))


def resolving(shape: Shape) -> Shape:
    """``shape`` (a text's steps) checked as steps a resolving link carries out (``targeted`` holds there)."""
    from judge.engine.language.shapes import Scoped

    return Scoped(shape, lambda scope, value: scope.flag("resolving"))


STEPS_RESOLVING = M.define("link_steps", resolving(Ref("steps")))

__all__ = ["MECHANISM", "COMMON", "kind_shape", "slots_of", "groups_of", "text_scope", "resolving", "STEPS_RESOLVING",
           "Bool"]


def works_in(game: Any, ab: dict[str, Any], zone: str) -> bool:
    """Does an ability work in this zone? On the field, unless it names the zones it works in [ability.other_zone]."""
    zones = ab.get("zones")
    return zone in zones if zones else game.is_field(zone)
