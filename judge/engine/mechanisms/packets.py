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
def packet_order(game: "Game", ctx: Context, packets: list[tuple[CardRef, CardRef, int]],
                 spec: dict[str, Any]) -> list[tuple[CardRef, CardRef, int]]:
    """[damage.packet_order]: simultaneous packets (source, character, amount): the turn player orders those to their
    characters, then each next player — among several sources to one character too: its controller chooses which
    source a shield meets first (the Three-Kingdoms game's rule behind the same key)."""
    from judge.engine.mechanisms import replacement

    if len(packets) < 2:
        return packets
    st = game.state
    caps = [r for r in replacement.in_force(game)
            if r.prevention and ("shield" in r.spec or "first_each_turn" in r.spec or r.rid.startswith("armor:"))]

    def probe(src: CardRef) -> dict[str, Any]:
        return {"amount": 1, "source": src, "preventable": not spec.get("unpreventable", False), "type": spec.get("type", "")}

    # the order only matters when an effect that runs out could meet these packets
    limited = any(replacement.matches(game, r, events.Event("damage", dst, player=ctx.controller, data=probe(src)))
                  for r in caps for src, dst, _ in packets)
    one_source = len({src for src, _, _ in packets}) == 1
    one_target = len({dst for _, dst, _ in packets}) == 1

    def name(p: tuple[CardRef, CardRef, int]) -> str:  # a packet as a file names it: its character, or its source
        return p[1].id if one_source else p[0].id if one_target else f"{p[0].id}>{p[1].id}"

    out: list[tuple[CardRef, CardRef, int]] = []
    for player in st.seat_order_from(st.turn):
        mine = [p for p in packets if st.view(p[1])[0].controller == player]
        if len(mine) > 1 and limited and len(mine) <= 5:
            names = [name(p) for p in mine]
            order = game.ask(Choice("order", player, ctx.source.id, tuple(permutations(names)), slot="packets"))
            mine = [mine[names.index(n)] for n in order]
            shown = [p[1] for p in mine] if one_source else [p[0] for p in mine]
            game.trace.add("packet_order", game.data.cite("damage.packet_order"), player=PlayerRef(player), cards=shown)
        out += mine
    return out


M.word("choice_slot", "packets", Bool(), doc="the order of simultaneous damage packets", extra={"kinds": ("order",)})
