"""Checking prevention and replacement after the fact: what a card's prevention shields can still prevent, and which
replacement and prevention effects applied, in order (expectations ``shield:`` and ``applied:``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import Field, Int, ListOf, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.expectations import Checked, _plain_arg

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("shields", "expectations on prevention shields and on the replacement effects applied",
                      requires=("expectations", "replacement"))
M = MECHANISM
APPLIED = ("replaced", "replaced_instead", "prevented", "split")  # the steps where a replacement or prevention applies


@M.declare("expect", "shield", Ref("card_id"), doc="what the prevention shields from this card can still prevent (left:)",
           extra={"siblings": {"left": Field(Int(0, 10**13), "how much (0: used up)")}, "requires": ("left",)})
def _shield(game: "Game", exp: dict[str, Any]) -> Checked:
    left = shield_left(game, exp["shield"])
    return Checked(exp, left == exp.get("left"), left)


def shield_left(game: "Game", source: str) -> int | None:
    """What the shields of this card (its abilities', or those a link from it created) can still prevent: 0 once they
    are used up; None if it never had one."""
    from judge.engine.mechanisms.replacement import in_force

    st = game.state
    shields = [r for r in in_force(game) if r.source.id == source and "shield" in r.spec]
    if shields:
        return sum(max(0, int(r.spec["shield"]) - st.shield_used.get(r.rid, 0)) for r in shields)
    gone = any(s.kind == "shield_gone" and _plain_arg(s.args.get("card")) == source for s in game.trace.steps)
    return 0 if gone else None


@M.declare("expect", "applied", ListOf(Ref("card_id")), doc="the replacement and prevention effects applied, by source "
           "card, in order (to: only to events about this card)",
           extra={"siblings": {"to": Field(Ref("card_id"), "only those applied to events about this card")}})
def _applied(game: "Game", exp: dict[str, Any]) -> Checked:
    actual = [_plain_arg(s.args["card"]) for s in game.trace.steps if s.kind in APPLIED
              and ("to" not in exp or _plain_arg(s.args.get("target")) == exp["to"])]
    return Checked(exp, actual == list(exp["applied"]), actual)
