"""What a template gives, filled: each ``$slot`` replaced by what the slot held, and the parts joined to what is read
so far (a played card's extra part, a clause that completes the step before it)."""

from __future__ import annotations

import copy
import re
from typing import Any

ABSENT = object()  # an optional slot the clause leaves empty
_WORDS = re.compile(r"\$\{(\w+)\}")


def subst(x: Any, values: dict[str, Any]) -> Any:
    """``x`` with each ``$name`` string replaced by its value; a part whose value is absent is left out."""
    if isinstance(x, str) and x.startswith("$") and x[1:] in values:
        return values[x[1:]]
    if isinstance(x, str) and "${" in x:  # words in a text: "${ctype_words}——${effects_words}"
        return _WORDS.sub(lambda m: str(values.get(m.group(1), m.group(0))), x)
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            v = subst(v, values)
            if v is not ABSENT:
                out[k] = v
        return out
    if isinstance(x, list):
        return [v for v in (subst(i, values) for i in x) if v is not ABSENT]
    return x


def joined(step: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    """A step with what a later clause adds: beside it (``if_you_do``) or into it (``{damage: {unpreventable: …}}``);
    the step's own values are kept as they are (its targets are placeholders compared by identity)."""
    out = dict(step)
    for k, v in more.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = joined(out[k], v)
        elif isinstance(v, list) and isinstance(out.get(k), list):  # more steps after the step's own ({do: […]})
            out[k] = out[k] + v
        else:
            out[k] = v
    return out


def merge(into: dict[str, Any], frag: dict[str, Any]) -> None:
    """A part joined to what is read so far: a played card's extra part (an additional cost, "continuous") to its
    play, a printed mark or a stated fact to the card's fields; lists add up, a mark printed twice is one status."""
    for k, v in frag.items():
        if isinstance(v, dict) and isinstance(into.get(k), dict):
            merge(into[k], v)
        elif k == "status" and isinstance(v, list) and isinstance(into.get(k), list):
            into[k] = into[k] + [x for x in v if x not in into[k]]
        elif isinstance(v, list) and isinstance(into.get(k), list):
            into[k] = into[k] + v
        else:
            into[k] = v


def narrowed(spec: Any, more: Any, values: dict[str, Any]) -> Any:
    """A target's description with what the rest of its clause says of it (``但其费用不得高于[4]``: a template's
    ``&narrow``, its $slots the clause's numbers and phrases)."""
    if not isinstance(more, dict):
        return spec
    plain = {n: (v[1] if isinstance(v, tuple) else v) for n, v in values.items() if v is not ABSENT}
    extra = subst(copy.deepcopy(more), plain)
    if isinstance(spec, dict) and isinstance(spec.get("filter"), dict):  # a whole target: its filter
        return {**spec, "filter": {**spec["filter"], **extra}}
    return {**spec, **extra} if isinstance(spec, dict) else spec


def clash(have: dict[str, Any], more: dict[str, Any]) -> bool:
    """``more`` says again a value ``have`` already has, differently (lists add up, mappings are compared inside)."""
    for k, v in more.items():
        if k not in have:
            continue
        if isinstance(v, dict) and isinstance(have[k], dict):
            if clash(have[k], v):
                return True
        elif not (isinstance(v, list) and isinstance(have[k], list)) and have[k] != v:
            return True
    return False


BESIDE = frozenset({"if_you_do", "if_not_done"})  # what a clause adds beside a step (若你如此做 / 否则)


def completes(step: dict[str, Any], more: dict[str, Any]) -> bool:
    """``more`` may complete ``step``: it goes into parts the step has ({damage: …} after a damage), adds a list to
    one it has (one more branch) or beside it (if_you_do), and fills only what the step leaves open (X), never
    replacing a value the text printed (对目标单位造成3点损伤。X=…)."""
    for k, x in more.items():
        have = step.get(k)
        if isinstance(x, dict):
            if have == "X":  # what the step leaves open is filled ({power: self} for X)
                continue
            if not isinstance(have, dict) or not completes(have, x):
                return False
        elif isinstance(x, list):
            if not isinstance(have, list) and k not in BESIDE:
                return False
        elif have is not None and have != "X" and have != x:
            return False
    return True


def renamed(x: Any, names: dict[str, str]) -> Any:
    """``x`` with each string value that is a key of ``names`` (a target slot's name) written as its value."""
    if isinstance(x, str):
        return names.get(x, x)
    if isinstance(x, dict):
        return {k: renamed(v, names) for k, v in x.items()}
    if isinstance(x, list):
        return [renamed(v, names) for v in x]
    return x


def here_is_event(x: Any) -> Any:
    """``x`` with each ``at: here`` (the card's battlefield) read as the battlefield of the trigger's event."""
    if isinstance(x, dict):
        return {k: ({"event": "where"} if k == "at" and v == "here" else here_is_event(v)) for k, v in x.items()}
    if isinstance(x, list):
        return [here_is_event(v) for v in x]
    return x
