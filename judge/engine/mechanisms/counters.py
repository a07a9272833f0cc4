"""Counters on cards: each placement an event, timestamped as it is put on the card [timestamp.counters]; power and
health counters change the current values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, value
from judge.engine.language.shapes import Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.steps import each_card, on_field

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("counters", "counters on cards", requires=("steps",))
M = MECHANISM

COUNTERS = Map({"card": CARDS, "kind": Str(min_len=1, doc="the kind of counter (default power)"),
                "amount": Ref("number", doc="how many (negative: taken off; default 1)")}, required=("card",),
               renamed={"on": "card"})


@M.declare("step", "counters", COUNTERS, doc="put counters on cards (or take them off)", rules=("timestamp.counters",),
           phrases=("counters", "cannot"))
def counters(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    return each_card(ctx, spec["card"], lambda r: on_field(game, r) and events.emit(game, events.Event(
        "counters", r, data={"counter": spec.get("kind", "power"), "amount": value(ctx, spec.get("amount", 1))})) is not None,
        "counters")


@M.hook("apply:counters")
def apply_counters(game: "Game", ev: events.Event) -> bool:
    st = game.state
    card = events.current(game, ev)
    if card is None:
        return False
    kind = ev.data["counter"]
    amount = max(int(ev.data["amount"]), -card.counters.get(kind, 0))  # only the counters it has can be taken off
    if not amount:
        return False
    card.counters[kind] = card.counters.get(kind, 0) + amount
    placed = card.counter_ts.setdefault(kind, [])
    if amount > 0:
        placed.append([st.tick(), amount])  # [timestamp.counters]: each placement has the time it was put on the card
    else:  # counters taken off: the most recently placed go first (the rules do not say which)
        left = -amount
        while left and placed:
            take = min(left, placed[-1][1])
            placed[-1][1] -= take
            left -= take
            if not placed[-1][1]:
                placed.pop()
    game.trace.add("counters", ev.data.get("cites", ()), card=ev.card, amount=amount, kind=kind)
    return True
