"""Why each continuous effect applies where it does (``--explain``): the effects applied to a card's characteristic
in order, with the reason for each place — and the expectation ``explain:`` that checks them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import At, Either, Enum, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.expectations import RULE_ID, Checked

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("explain", "the order continuous effects applied in, and why", requires=("expectations", "continuous"))
M = MECHANISM

ROW = Either(Ref("card_id"), Map({
    "source": Ref("card_id"), "reason": Enum(("timestamp", "simultaneous", "dependency", "loop", "layer_1", "layer_2",
                                              "layer_3", "layer_4", "layer_5", "layer_6")),
    "depends_on": ListOf(Ref("card_id")), "why": Enum(("applies", "amount", "value")),
}, required=("source",)), doc="an effect applied: its source card, or {source, reason, depends_on, why}")


def _keys(value: Any, at: At) -> None:
    from judge.engine.mechanisms.references import _card_id

    for key in value if isinstance(value, dict) else ():
        cid, _, char = str(key).partition(".")
        _card_id(cid, at / key)
        chars = sorted(at.scope.vocab.words("characteristic"))
        if char not in chars:
            (at / key).problem("explain_key", key=key, chars=chars, at_key=True)


@M.declare("expect", "explain", Map(keys=Str(min_len=1), values=ListOf(ROW)), check=_keys,
           doc="card.characteristic → the effects applied to it, in order, and why")
def _explain(game: "Game", exp: dict[str, Any]) -> Checked:
    from judge.engine.mechanisms.continuous import explain

    ex = explain(game)
    ok = True
    got: dict[str, list[Any]] = {}
    for key, want in exp["explain"].items():
        cid, ch = key.split(".")
        rows = ex.get(cid, {}).get(ch, [])
        got[key] = [_explained(a, w) for a, w in zip(rows, want)] + [a.source.id for a in rows[len(want):]]
        ok = ok and len(rows) == len(want) and all(_explained(a, w) == w for a, w in zip(rows, want))
    return Checked(exp, ok, got)


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


def explain_cited(game: "Game") -> set[str]:
    """The rule ids `--explain` shows for the checks made part-way and for the final state (computed without leaving a
    trace step; a question it would have to ask means there is nothing to show)."""
    from judge.engine.errors import OpenChoice
    from judge.engine.mechanisms.continuous import explain, explain_cites

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


def _cited(game: "Game", rule: str) -> bool:
    """A step of the trace cites the rule, or a reason `--explain` gives for an effect's place does."""
    return rule in game.trace.cited() or rule in explain_cited(game)


def _rules_named(x: Any) -> set[str]:
    """The rules the file's cards name (an ability's ``rule:``): their steps cite them."""
    if isinstance(x, dict):
        out = {x["rule"]} if isinstance(x.get("rule"), str) else set()
        return out.union(*(_rules_named(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(*(_rules_named(v) for v in x))
    return set()


def _citable(rule: Any, at: Any) -> None:
    """A rule no step of this game cites (its rule keys' rules, its keywords', the file's abilities'): ``cites:`` could
    never hold and ``not_cites:`` would always hold, so the id is a mistake."""
    game = at.scope.vocab.game
    if game is None or not isinstance(rule, str):
        return
    ids = game.citable | _rules_named((at.scope.data or {}).get("cards"))
    if rule not in ids:
        at.problem("never_cited", rule=rule, near=(rule, sorted(ids)))


M.word("expect", "cites", RULE_ID, lambda game, exp: Checked(exp, _cited(game, exp["cites"]), _cited(game, exp["cites"])),
       doc="a step of the trace (or a reason --explain gives) cites this rule", check=_citable)
M.word("expect", "not_cites", RULE_ID,
       lambda game, exp: Checked(exp, not _cited(game, exp["not_cites"]), _cited(game, exp["not_cites"])),
       doc="no step cites this rule", check=_citable)
