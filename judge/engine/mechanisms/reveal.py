"""Revealing the top cards of a deck [effect.reveal]: each named player in turn order [simultaneous.players]; the cards
are gathered under a name (``as``) for later steps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context, players, value
from judge.engine.language.shapes import Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import PLAYER
from judge.engine.refs import PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("reveal", "revealing the top cards of a deck", requires=("steps",))
M = MECHANISM


@M.declare("step", "reveal", Map({"player": PLAYER, "top": Ref("amount"),
                                  "as": Str(min_len=1, doc="the name later steps call them by (default revealed)")}),
           doc="players reveal the top cards of their deck (default 1)", rules=("effect.reveal",), phrases=("reveal",),
           extra={"groups": lambda spec: [str(spec.get("as", "revealed"))] if isinstance(spec, dict) else []})
def reveal(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    st = game.state
    group = ctx.groups.setdefault(str(spec.get("as", "revealed")), [])
    ok = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("top", 1))
        deck = [c for c in st.in_zones(("deck",)) if c.owner == p][:n]
        if len(deck) < n:
            ok = False
        refs = [c.ref for c in deck]
        group.extend(refs)
        game.trace.add("reveal", game.data.cite("effect.reveal"), player=PlayerRef(p), cards=refs)
    return ok
