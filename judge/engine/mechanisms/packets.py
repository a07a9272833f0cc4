"""Simultaneous damage packets [damage.packet_order]: the turn player orders those to their characters first, then each
next player clockwise — a choice only where an effect that runs out (a shield, "the first X each turn", an armor) could
meet them."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context
from judge.engine.language.shapes import Bool
from judge.engine.language.words import Mechanism
from judge.engine.refs import CardRef, PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("packets", "the order of simultaneous damage packets", requires=("damage", "replacement"))
M = MECHANISM


@M.hook("damage.order")
def packet_order(game: "Game", ctx: Context, refs: list[CardRef], spec: dict[str, Any]) -> list[CardRef]:
    """[damage.packet_order]: simultaneous packets: the turn player orders those to their characters, then each next player."""
    from judge.engine.mechanisms import replacement

    if len(refs) < 2:
        return refs
    st = game.state
    caps = [r for r in replacement.in_force(game)
            if r.prevention and ("shield" in r.spec or "first_each_turn" in r.spec or r.rid.startswith("armor:"))]
    probe = {"amount": 1, "source": ctx.source, "preventable": not spec.get("unpreventable", False), "type": spec.get("type", "")}
    # the order only matters when an effect that runs out could meet these packets
    limited = any(replacement.matches(game, r, events.Event("damage", ref, player=ctx.controller, data=dict(probe)))
                  for r in caps for ref in refs)
    out: list[CardRef] = []
    for p in st.seat_order_from(st.turn):
        mine = [r for r in refs if st.view(r)[0].controller == p]
        if len(mine) > 1 and limited and len(mine) <= 5:
            names = [r.id for r in mine]
            order = game.ask(Choice("order", p, ctx.source.id, tuple(permutations(names)), slot="packets"))
            mine = [mine[names.index(n)] for n in order]
            game.trace.add("packet_order", game.data.cite("damage.packet_order"), player=PlayerRef(p), cards=list(mine))
        out += mine
    return out


M.word("choice_slot", "packets", Bool(), doc="the order of simultaneous damage packets", extra={"kinds": ("order",)})
