"""Expected outcomes: each is checked against the final state or the trace and reported pass/fail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.engine.game import Game

_CARD_FIELDS = ("zone", "damage", "exhausted", "face_down", "controller", "attached_to", "counters", "granted",
                "power", "health", "armor", "attacking", "copies", "type", "subtypes", "blank")
_PLAYER_FIELDS = ("hand", "resources", "deck", "units", "life")


@dataclass
class Checked:
    """One expectation and whether it held, with what was actually found."""

    expect: dict[str, Any]
    ok: bool
    actual: Any


def _card_actual(game: "Game", cid: str, key: str) -> Any:
    card = game.state.cards[cid]
    if key == "granted":
        return len(card.granted)
    if key == "counters":
        return {k: v for k, v in card.counters.items() if v}
    if key in ("power", "health", "armor", "type"):  # current values after continuous effects
        return game.chars(card)[key]
    if key == "subtypes":
        return list(game.chars(card)["subtypes"])
    if key == "blank":  # no abilities now (printed or granted, or an effect took them all away)
        return bool(game.chars(card)["no_abilities"])
    if key == "attacking":
        return bool(game.state.combat and game.state.combat.get("attacker") == card.ref)
    return getattr(card, key)


def _plain_arg(v: Any) -> Any:
    from judge.engine.trace import plain

    p = plain(v)
    if isinstance(p, dict) and len(p) == 1 and next(iter(p)) in ("card", "player", "link", "zone"):
        return next(iter(p.values()))
    if isinstance(p, dict) and "zh" in p:
        return p["zh"]
    if isinstance(p, list):
        return [_plain_arg(x) for x in v] if isinstance(v, (list, tuple)) else p
    return p


def check(game: "Game", exp: dict[str, Any]) -> Checked:
    """Evaluate one expectation."""
    st = game.state
    own = game.data.expectation(game, exp) or {}  # the keys the game adds (its own state of cards and players)
    if "card" in exp:
        actual = {k: _card_actual(game, exp["card"], k) for k in _CARD_FIELDS if k in exp}
        want = {k: exp[k] for k in _CARD_FIELDS if k in exp}
        actual.update({k: a for k, (a, _) in own.items()})
        want.update({k: w for k, (_, w) in own.items()})
        return Checked(exp, actual == want, actual)
    if "player" in exp:
        p = exp["player"]
        actual = {}
        for k in _PLAYER_FIELDS:
            if k == "units" and k in exp:  # units on the field it controls, tokens counted with their copies
                actual[k] = sum(c.copies for c in st.cards.values() if game.is_field(c.zone) and c.controller == p
                                and game.data.is_unit(c.type))
            elif k == "life" and k in exp:
                actual[k] = st.life.get(p)
            elif k in exp:
                actual[k] = st.pools.get(p, 0) if k == "resources" else len(st.in_zone(k, p))
        want = {k: exp[k] for k in _PLAYER_FIELDS if k in exp}
        actual.update({k: a for k, (a, _) in own.items()})
        want.update({k: w for k, (_, w) in own.items()})
        return Checked(exp, actual == want, actual)
    if "chain" in exp:
        actual = [l.source.id for l in reversed(st.chain)]
        return Checked(exp, actual == list(exp["chain"]), actual)
    if "priority" in exp:
        return Checked(exp, st.priority == exp["priority"], st.priority)
    if "cites" in exp:  # a step of the trace, or a reason `--explain` gives (718, 719 …), cites it
        hit = exp["cites"] in game.trace.cited() or exp["cites"] in _explain_cited(game)
        return Checked(exp, hit, hit)
    if "not_cites" in exp:
        hit = exp["not_cites"] in game.trace.cited() or exp["not_cites"] in _explain_cited(game)
        return Checked(exp, not hit, hit)
    if "refused" in exp:  # a scripted answer marked `illegal: true` was refused, naming these legal options
        found = [legal for source, legal in getattr(game.chooser, "refused", []) if source == exp["refused"]]
        if "legal" in exp:
            want = _flat(exp["legal"])
            return Checked(exp, any(_flat(legal) == want for legal in found), found)
        return Checked(exp, bool(found), found)
    if "shield" in exp:  # what the prevention shields from this card can still prevent (0: used up)
        left = _shield_left(game, exp["shield"])
        return Checked(exp, left == exp.get("left"), left)
    if "applied" in exp:  # the replacement and prevention effects applied, by source card, in order
        actual = [_plain_arg(s.args["card"]) for s in game.trace.steps if s.kind in _APPLIED
                  and ("to" not in exp or _plain_arg(s.args.get("target")) == exp["to"])]
        return Checked(exp, actual == list(exp["applied"]), actual)
    if "step" in exp:
        want = exp.get("with") or {}
        steps = list(game.trace.steps)
        if "after" in exp:  # an ordering check: only the steps after the first `after` step count
            first = next((i for i, s in enumerate(steps) if s.kind == exp["after"]), len(steps))
            steps = steps[first + 1:]
        n = sum(1 for s in steps if s.kind == exp["step"]
                and all(k in s.args and _plain_arg(s.args[k]) == v for k, v in want.items()))
        if "count" in exp:
            return Checked(exp, n == exp["count"], n)
        return Checked(exp, n > 0, n)
    if "result" in exp:
        actual_r = st.result or "none"
        return Checked(exp, actual_r == exp["result"], actual_r)
    if "explain" in exp:
        from judge.engine.continuous import explain

        ex = explain(game)
        ok = True
        got: dict[str, list[Any]] = {}
        for key, want in exp["explain"].items():
            cid, ch = key.split(".")
            rows = ex.get(cid, {}).get(ch, [])
            got[key] = [_explained(a, w) for a, w in zip(rows, want)] + [a.source.id for a in rows[len(want):]]
            ok = ok and len(rows) == len(want) and all(_explained(a, w) == w for a, w in zip(rows, want))
        return Checked(exp, ok, got)
    if "no_step" in exp:
        n = sum(1 for s in game.trace.steps if s.kind == exp["no_step"])
        return Checked(exp, n == 0, n)
    if "link" in exp:
        outcomes = [o for _, src, o in game.resolved if src == exp["link"]]
        return Checked(exp, exp["outcome"] in outcomes, outcomes)
    if "outcomes" in exp:
        actual = [[src, o] for _, src, o in game.resolved]
        return Checked(exp, actual == [list(p) for p in exp["outcomes"]], actual)
    raise ValueError(f"unknown expectation {exp!r}")


_APPLIED = ("replaced", "replaced_instead", "prevented", "split")  # the steps where a replacement or prevention applies


def _flat(options: Any) -> list[Any]:
    """Legal options compared the way a file writes an answer: a one-item list is that item."""
    return [o[0] if isinstance(o, list) and len(o) == 1 else o for o in options]


def _explain_cited(game: "Game") -> set[str]:
    """The rule ids `--explain` shows for the checks made part-way and for the final state (computed without leaving a
    trace step; a question it would have to ask means there is nothing to show)."""
    from judge.engine.continuous import explain, explain_cites
    from judge.engine.errors import OpenChoice

    rows = [a for _, per_card in game.explained for per in per_card.values() for chars in per.values() for a in chars]
    mark, noted = len(game.trace.steps), set(game.state.ts_noted)
    try:
        rows += [a for per in explain(game).values() for chars in per.values() for a in chars]
    except OpenChoice:
        pass
    finally:
        game.trace.truncate(mark)
        game.state.ts_noted = noted
    return explain_cites(game, rows)


def _shield_left(game: "Game", source: str) -> int | None:
    """What the shields of this card (its abilities', or those a link from it created) can still prevent: 0 once they
    are used up; None if it never had one."""
    from judge.engine.replacement import in_force

    st = game.state
    shields = [r for r in in_force(game) if r.source.id == source and "shield" in r.spec]
    if shields:
        return sum(max(0, int(r.spec["shield"]) - st.shield_used.get(r.rid, 0)) for r in shields)
    gone = any(s.kind == "shield_gone" and _plain_arg(s.args.get("card")) == source for s in game.trace.steps)
    return 0 if gone else None


def _explained(a: Any, want: Any) -> Any:
    """One applied effect, described with the fields the expectation names (a bare id names only the source)."""
    if isinstance(want, str):
        return a.source.id
    out: dict[str, Any] = {"source": a.source.id}
    if "reason" in want:
        out["reason"] = a.reason
    if "depends_on" in want:
        out["depends_on"] = [d.source.id for d in a.depends_on]
    if "why" in want:
        kinds = sorted({d.kind for d in a.depends_on})
        out["why"] = kinds[0] if len(kinds) == 1 else kinds
    return out
