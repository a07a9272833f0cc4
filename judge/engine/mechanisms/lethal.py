"""Lethal damage [state.lethal]: before a player would receive priority, units with damage at least their health are
destroyed, all at once (a check of games whose rules make it so; others make their own state checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import events
from judge.engine.language.words import Mechanism

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("lethal", "units with lethal damage are destroyed", requires=("moves",))


@MECHANISM.hook("state.checks")
def lethal_check(game: "Game") -> bool:
    """Units with lethal damage (damage at least their health) are destroyed, all at once."""
    st = game.state
    cites = game.data.cite("state.lethal")
    dead = [c for c in st.field_cards() if game.chars(c)["health"] is not None
            and c.damage >= (game.chars(c)["health"] or 0) and c.attached_to is None]
    with game.batch():  # destroyed at the same time: one batch of events [replacement.next]
        for c in dead:
            events.emit(game, events.Event("move", c.ref, data={"to": game.data.graveyard, "cause": "lethal", "cites": cites}))
    return bool(dead)
