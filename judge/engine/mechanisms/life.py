"""Players' life totals: gaining and losing life, each an event replacement effects can change and abilities trigger
on; the ``life`` of a player in the file; the ``life_gained`` and ``life_lost`` triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from judge.engine import events
from judge.engine.context import Context, players, value
from judge.engine.language.shapes import Either, Int, Map, Null, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import PLAYER
from judge.engine.refs import PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("life", "life totals: gain_life, lose_life", requires=("steps", "triggers", "position"))
M = MECHANISM
LIFE = Map({"player": PLAYER, "amount": Ref("amount")}, required=("amount",))


def _life(gain: bool) -> Callable[["Game", Context, dict[str, Any]], bool]:
    def handler(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
        ok = True
        for p in players(ctx, spec.get("player")):
            amount = value(ctx, spec.get("amount", 1))
            ev = events.emit(game, events.Event("gain_life" if gain else "lose_life", None, player=p, data={
                "amount": amount, "source": ctx.source, "cites": game.data.cite("effect.one_shot")}))
            ok = ev is not None and ok
        return ok
    return handler


M.word("step", "gain_life", LIFE, _life(True), doc="a player gains life", rules=("effect.one_shot",), phrases=("life_gain",))
M.word("step", "lose_life", LIFE, _life(False), doc="a player loses life", rules=("effect.one_shot",), phrases=("life_loss",))


def apply_life(game: "Game", ev: events.Event) -> bool:
    """A player gains or loses life (a player without a life total in the file has none to change)."""
    st = game.state
    assert ev.player is not None
    amount = max(0, int(ev.data["amount"]))
    if st.life.get(ev.player) is None or amount <= 0:
        return False
    sign = 1 if ev.kind == "gain_life" else -1
    st.life[ev.player] = int(st.life[ev.player] or 0) + sign * amount
    game.trace.add("life_gain" if sign > 0 else "life_loss", ev.data.get("cites") or (), player=PlayerRef(ev.player),
                   amount=amount, total=st.life[ev.player])
    return True


M.hook("apply:gain_life")(apply_life)
M.hook("apply:lose_life")(apply_life)

@M.declare("number", "life", PLAYER, doc="a player's life total now (a player without one: 0)", rules=("info.read",),
           phrases=("read_info",))
def _life_total(ctx: Context, arg: Any) -> int:
    """What an instruction or a condition reads of a player's life [info.read] (shown once per link)."""
    game = ctx.game
    (p,) = players(ctx, arg)[:1] or [ctx.controller]
    total = int(game.state.life.get(p) or 0)
    key = f"life:{p}"
    if ctx.link is not None and key not in ctx.read:
        ctx.read.add(key)
        game.trace.add("read_info", game.data.cite("info.read"), what=game.data.text("life"), amount=total)
    return total


LIFE_KEYS = frozenset({"event", "player", "source", "if"})
M.word("event", "life_gained", events.TRIGGER, events.kind_is("gain_life"), doc="a player gains life",
       extra={"keys": LIFE_KEYS})
M.word("event", "life_lost", events.TRIGGER, events.kind_is("lose_life"), doc="a player loses life",
       extra={"keys": LIFE_KEYS})


@M.declare("player", "life", Int(0), doc="the player's life total")
def _setup_life(game: "Game", player: str, value_: Any) -> None:
    game.state.life[player] = int(value_)


@M.declare("expect.player", "life", Either(Int(-10**13, 10**13), Null()), doc="the player's life total (null: none)")
def _expect_life(game: "Game", player: str) -> Any:
    return game.state.life.get(player)
