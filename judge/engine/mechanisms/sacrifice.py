"""Sacrificing: a player chooses cards they control on the field fitting a description and puts them into their
owners' graveyard zone [effect.sacrifice]; a player who controls none cannot make that choice [effect.may]."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context, matches_filter, players, value
from judge.engine.language.shapes import Either, ListOf, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.moves import MOVE_KEYS, cause_is
from judge.engine.mechanisms.references import PLAYER
from judge.engine.refs import CardRef, PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("sacrifice", "sacrificing cards", requires=("moves",))
M = MECHANISM


@M.declare("step", "sacrifice", Map({"player": PLAYER, "count": Ref("amount"), "filter": Ref("filter")}),
           doc="a player sacrifices cards they control fitting the description (default 1)",
           rules=("effect.sacrifice", "effect.may"), phrases=("sacrificed", "sacrifice_none"))
def sacrifice(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    st = game.state
    done = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("count", 1))
        mine = sorted(c.id for c in st.field_cards() if c.controller == p
                      and matches_filter(game, c, spec.get("filter") or {}, p, ctx.link, self_ref=ctx.source) is None)
        if len(mine) < n or n < 1:
            game.trace.add("sacrifice_none", game.data.cite("effect.may"), player=PlayerRef(p))
            done = False
            continue
        picked = game.ask(Choice("sacrifice", p, ctx.source.id, tuple(combinations(mine, n)))) if len(mine) > n else tuple(mine)
        for cid in picked:
            events.emit(game, events.Event("move", st.cards[cid].ref, player=p, data={
                "to": game.data.graveyard, "cause": "sacrifice", "cites": game.data.cite("effect.sacrifice")}))
        ctx.that = [CardRef(cid, st.cards[cid].inc - 1) for cid in picked]
    return done


M.word("event", "sacrificed", events.TRIGGER, cause_is("sacrifice"), doc="a card is sacrificed",
       extra={"keys": MOVE_KEYS | {"player"}})
M.word("choice", "sacrifice", Either(Ref("card_id"), ListOf(Ref("card_id"))), doc="which cards to sacrifice")
