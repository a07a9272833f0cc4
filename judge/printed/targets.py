"""The targets a play or an ability chooses as its text names them, in text order: each a placeholder until the
last one is known, then named (``target`` when there is one, else ``t1``, ``t2`` …)."""

from __future__ import annotations

import copy
from typing import Any

_TARGET_KEYS = frozenset({"filter", "on_chain", "player", "count"})  # a target phrase that gives a whole target


class Targets:
    """The targets one play or one ability chooses, in text order."""

    def __init__(self, on_a_card: bool = True, it: str = "self", self_type: str | None = None) -> None:
        self.filters: list[Any] = []
        self.on_a_card = on_a_card  # an ability's: 其 with no target named is the card that has it …
        self.it = it  # … or, in an ability its template says so of, the card its trigger is about (event)
        self.self_type = self_type  # the type of the card the text is on (该单位 with no unit chosen: a unit's own)

    def new(self, spec: Any) -> "Ref":
        """A new target: a filter, or a whole target (``{filter: …, count: …}``)."""
        whole = isinstance(spec, dict) and bool(_TARGET_KEYS & set(spec))
        self.filters.append(copy.deepcopy(spec if whole else {"filter": spec}))
        return Ref(self, len(self.filters) - 1)

    def type_of(self, i: int) -> Any:
        """The card type the i-th target's description names (None: any)."""
        return (self.filters[i].get("filter") or {}).get("type")

    def last(self, of_type: str | None = None) -> Any:
        """The last target named (of a type: 该战场, the last battlefield chosen); with none, the card itself (or
        its trigger's card) in an ability — of that type, for a typed word — and nothing in a played card's play.
        Untyped (其) after targets of different types is not read: it could be either (None)."""
        if of_type is None:
            kinds = {str(self.type_of(i)) for i in range(len(self.filters))}
            if len(kinds) > 1:
                return None
        for i in range(len(self.filters) - 1, -1, -1):
            typ = self.type_of(i)
            if of_type is None or typ == of_type or (isinstance(typ, list) and of_type in typ):
                return Ref(self, i)
        if not self.on_a_card:
            return None
        if of_type is None or (self.it == "self" and self.self_type == of_type) or (self.it == "event" and of_type == "unit"):
            return self.it
        return None

    def all_of(self, of_type: str | None) -> list["Ref"]:
        """Every target named (of a type: 每次所选的单位)."""
        return [Ref(self, i) for i in range(len(self.filters)) if of_type is None or self.type_of(i) == of_type]

    def finish(self, value: Any) -> tuple[Any, list[dict[str, Any]]]:
        """The value with each reference named (``target`` when there is one, else ``t1``, ``t2`` …) and the
        targets' list."""
        one = len(self.filters) == 1
        named = name_refs(value, self, one)
        targets = [dict(f) if one else {**f, "name": f"t{i + 1}"} for i, f in enumerate(self.filters)]
        return named, targets


class Ref:
    """A reference to one of a play's or an ability's targets, named once the targets are all known."""

    __slots__ = ("owner", "index")

    def __init__(self, owner: Targets, index: int) -> None:
        self.owner, self.index = owner, index


def name_refs(x: Any, owner: Targets, one: bool) -> Any:
    if isinstance(x, Ref) and x.owner is owner:
        return "target" if one else f"t{x.index + 1}"
    if isinstance(x, dict):
        return {k: name_refs(v, owner, one) for k, v in x.items()}
    if isinstance(x, list):
        return [name_refs(v, owner, one) for v in x]
    return x
