"""Comparing a reading with a card's hand-written abilities: the same once the words shown to the judge (``text``),
the rule a keyword names and the names the targets are given are set aside."""

from __future__ import annotations

from typing import Any

from judge.printed.gives import renamed

SHOWN = frozenset({"text", "text_en", "rule"})  # what a trace shows, not what a card does
FIELDS = ("play", "abilities", "keywords", "status")  # the fields a printed text stands for


NOTHING = (None, [], {}, {"do": []})  # a field that gives nothing (a play that does nothing is no play)


def canonical(fields: dict[str, Any]) -> dict[str, Any]:
    """A card's ability fields with the shown words dropped, an ability's name (the label an action calls it by) set
    aside, and its targets named t1, t2 … in order (one target unnamed, as ``target``)."""
    return {k: _canon(fields[k]) for k in FIELDS if k in fields and fields[k] not in NOTHING}


def _canon(x: Any) -> Any:
    if isinstance(x, list):
        return [_canon(v) for v in x]
    if not isinstance(x, dict):
        return x
    out = {k: v for k, v in x.items() if k not in SHOWN and not (k == "name" and "kind" in x)}
    targets = out.get("targets")
    if isinstance(targets, list) and all(isinstance(t, dict) for t in targets):
        one = len(targets) == 1
        names = {t.get("name", "target"): ("target" if one else f"t{i + 1}") for i, t in enumerate(targets)}
        out["targets"] = [{**{k: v for k, v in t.items() if k != "name"}, **({} if one else {"name": names.get(
            t.get("name", "target"))})} for t in targets]
        out = {k: (v if k == "targets" else renamed(v, names)) for k, v in out.items()}
    return {k: _canon(v) for k, v in out.items()}


MISSING = None  # what a side that lacks a part shows


def differences(read: dict[str, Any], hand: dict[str, Any]) -> list[str]:
    """Where the reading and the hand-written fields differ, as dotted paths (empty when they agree)."""
    return [path for path, _, _ in difference_items(read, hand)]


def difference_items(read: dict[str, Any], hand: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Each place the reading and the hand-written fields differ: (dotted path, the reading's value, the hand's)."""
    out: list[tuple[str, Any, Any]] = []
    a, b = canonical(read), canonical(hand)
    for fact in ("status", "keywords"):  # a status or keyword the text does not print is a board fact given beside it
        printed, given = a.pop(fact, []), b.pop(fact, [])
        rest = list(given)
        for x in printed:
            if x in rest:
                rest.remove(x)
            else:
                out.append((fact, x, MISSING))
    _diff(a, b, "", out)
    return out


def _diff(a: Any, b: Any, at: str, out: list[tuple[str, Any, Any]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            _diff(a.get(k, MISSING), b.get(k, MISSING), f"{at}.{k}" if at else str(k), out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{at}[{i}]", out)
    elif a != b:
        out.append((at or "(whole)", a, b))
