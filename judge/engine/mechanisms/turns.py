"""The end of a turn: the end phase, where "at the end of the turn" triggers [turn.end_phase]; the turn's end, where
"this turn" effects end [turn.end] and the next player's turn begins; "while it is your turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import Bool, Const, Either, Ref
from judge.engine.language.words import Mechanism
from judge.engine.refs import PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("turns", "the end phase and the end of a turn", requires=("actions", "triggers"))
M = MECHANISM


@M.declare("action", "end_phase", Const(True), doc="the turn reaches its end phase: end-of-turn triggers, then the turn "
                                                    "player receives priority", rules=("turn.end_phase",),
           phrases=("end_phase",))
def act_end_phase(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    if game.state.chain:
        raise InvalidInput("end_phase_chain", path)
    game.trace.add("end_phase", game.data.cite("turn.end_phase"), player=PlayerRef(game.state.turn))
    events.emit(game, events.Event("turn_end", None, player=game.state.turn))
    game.give_priority(game.state.turn, ())


@M.declare("action", "end_turn", Either(Const(True), Ref("player_id")), doc="the turn ends (\"this turn\" effects end); "
           "the next player in seat order (or the one named) takes the next turn, which begins", rules=("turn.end", "turn.start"),
           phrases=("end_turn", "turn_start"))
def act_end_turn(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    st = game.state
    if st.chain:
        raise InvalidInput("end_turn_chain", path)
    for ended in game.data.vocab.hooks("turn.end"):  # [turn.end]: what lasts "this turn" ends
        ended(game)
    st.combat = None
    game.trace.add("end_turn", game.data.cite("turn.end"))
    nxt = action["end_turn"] if isinstance(action["end_turn"], str) else st.seat_order_from(st.turn)[1]
    st.turn = nxt
    st.priority = None
    begin_turn(game, nxt)


def begin_turn(game: "Game", player: str) -> None:
    """[turn.start]: the player's turn begins: the effects that last "until your next turn begins" end for them, then
    "at the start of your turn" triggers; a delayed trigger or a "next card" reduction limited to it that has not been
    used ends once that has happened (the reading of the Three-Kingdoms rule behind ``turn.start``: it ends at the end
    of that turn's start, unused)."""
    game.trace.add("turn_start", game.data.cite("turn.start"), player=PlayerRef(player))
    for started in game.data.vocab.hooks("turn.start"):
        started(game, player)
    events.emit(game, events.Event("turn_start", None, player=player))
    for started in game.data.vocab.hooks("turn.started"):
        started(game, player)
    if game.state.waiting:  # what the turn's start triggered goes on the chain as the turn player receives priority
        game.give_priority(player, ())


M.hook("apply:turn_end")(events.nothing)
M.hook("apply:turn_start")(events.nothing)
M.word("event", "turn_start", events.TRIGGER, events.kind_is("turn_start"), doc="a player's turn begins (player: whose)",
       extra={"keys": frozenset({"event", "player", "if"})})
M.word("event", "turn_end", events.TRIGGER, events.kind_is("turn_end"), doc="the turn reaches its end phase",
       extra={"keys": frozenset({"event", "player", "if"})})


@M.declare("condition", "your_turn", Bool(), doc="while: it is (true) or is not (false) its controller's turn",
           extra={"needs": "while"})
def _your_turn(game: "Game", ctx: Context, arg: Any) -> bool:
    return (game.state.turn == ctx.controller) == bool(arg)
