"""Splitting a damage packet [replacement.split]: a replacement effect makes it packets to characters its controller
picks, with amounts they pick."""

from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import matches_filter
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import Bool, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.replacement import ReplEffect
from judge.engine.mechanisms.targets import _compositions
from judge.engine.options import ENUMERATE_MAX
from judge.engine.refs import PlayerRef

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game

MECHANISM = Mechanism("split", "splitting a damage packet among characters", requires=("replacement", "targets"))
M = MECHANISM
M.word("replace_key", "split", Map({"among": Ref("filter")}), doc="the packet becomes packets to characters (fitting "
       "among:) its controller picks", rules=("replacement.split",), phrases=("split",),
       extra={"events": ("damage", "repair", "packet")})
M.word("choice_slot", "split", Bool(), doc="how a split packet is divided", extra={"kinds": ("distribute",)})


@M.hook("replacement.split")
def split(game: "Game", r: ReplEffect, ev: "Event", base: dict[str, Any]) -> None:
    """[replacement.split]: the packet becomes packets to characters the effect's controller picks, with amounts they pick."""
    st = game.state
    amount = int(ev.data["amount"])
    pool = [c.ref for c in st.cards.values() if game.is_field(c.zone) and game.data.is_unit(c.type)
            and matches_filter(game, c, r.spec["split"].get("among") or {}, r.controller, None, self_ref=r.source) is None]
    options: list[tuple[tuple[str, int], ...]] = []
    ways = sum(math.comb(len(pool), k) * math.comb(amount - 1, k - 1) for k in range(1, min(len(pool), amount) + 1))
    if ways > ENUMERATE_MAX:  # counted first: a split is listed only when the ways to make it are few
        raise InvalidInput("split_too_many", ways=ways, amount=amount, characters=len(pool), limit=ENUMERATE_MAX)
    for k in range(1, min(len(pool), amount) + 1):
        for group in combinations(pool, k):
            for parts in _compositions(amount, k):
                options.append(tuple((g.id, p) for g, p in zip(group, parts)))
    if not options:
        return None
    answer = game.ask(Choice("distribute", r.controller, r.source.id, tuple(options), slot="split"))
    game.trace.add("split", game.data.cite("replacement.split"), **base, player=PlayerRef(r.controller), distribution={st.cards[i].ref: n for i, n in answer},
                   target=ev.card)
    saved = game.inherit
    game.inherit = set(ev.data["applied"])
    try:
        for cid, n in answer:
            data = {k: v for k, v in ev.data.items() if k not in ("applied", "eid")}
            data["amount"] = n
            events.emit(game, events.Event(ev.kind, st.cards[cid].ref, player=ev.player, data=data))
    finally:
        game.inherit = saved
    return None


