"""The order continuous effects apply in (FAQ vendetta-29): trait-altering effects (setting a base might, changing a
type) first, then effects that change abilities and rules, then arithmetic (+[M], −[M]); within a layer in the order
they began. The result is worked out at once: a unit given "base might 5" under a −1 is 4, never 5 for a moment."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.engine.mechanisms.continuous import ContEffect
    from judge.engine.game import Game
    from judge.engine.state import Card

TRAIT, ABILITY, ARITHMETIC = 1, 2, 3


def parts(eff: "ContEffect") -> list[tuple[int, "ContEffect"]]:
    """The effect split into the layers it acts in: each part does only that layer's changes."""
    out: list[tuple[int, "ContEffect"]] = []
    traits = {k: v for k, v in eff.kinds.items() if k != "lose_abilities"}
    if eff.set or traits:
        out.append((TRAIT, replace(eff, add={}, cannot=[], kinds=traits)))
    if eff.kinds.get("lose_abilities") or eff.cannot:
        out.append((ABILITY, replace(eff, add={}, set={}, kinds={"lose_abilities": True} if eff.kinds.get("lose_abilities") else {})))
    if eff.add:
        out.append((ARITHMETIC, replace(eff, set={}, cannot=[], kinds={})))
    return out


def order(game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
    """(effect part, reason, depends on) in the order they apply to ``card``; says once per card when the layers put
    them in another order than the one they began in."""
    split = [(layer, part) for e in sorted(effs, key=lambda e: (e.ts, e.order)) for layer, part in parts(e)]
    split.sort(key=lambda lp: (lp[0], lp[1].ts, lp[1].order))
    from judge.engine.mechanisms.continuous import note_reordered

    note_reordered(game, card, [p for _, p in split], base, game.data.cite("layer.order"))
    return [(part, f"layer_{layer}", []) for layer, part in split]
