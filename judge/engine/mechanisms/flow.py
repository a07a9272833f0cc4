"""Steps that shape an instruction rather than act: an optional part ("you may" [effect.may], [trigger.may]), paying
as a step, "if …" with then/else, choices made by each player in turn [simultaneous.players], and doing steps once
per card (``for_each``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.context import Context, cards, players, test_condition, value
from judge.engine.language.shapes import Bool, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.steps import STEPS, on_field, op_key, run_ops
from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("flow", "may, pay, if, each_player, for_each", requires=("steps",))
M = MECHANISM


def _feasible(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[effect.may]: a player may choose to do the actions only if they can do all of them."""
    for op in ops:
        key = op_key(op)  # key order never matters: `{text: …, discard: …}` is checked like `{discard: …, text: …}`
        spec = op[key]
        if key == "discard":
            for p in players(ctx, spec.get("player")):
                if len(game.state.in_zone("hand", p)) < value(ctx, spec.get("count", 1)):
                    return False
        elif key == "pay":
            if game.state.pools.get(ctx.controller, 0) < value(ctx, spec):
                return False
        elif key in ("ready", "exhaust", "destroy"):
            refs = cards(ctx, spec)
            if not refs or not all(on_field(game, r) for r in refs):
                return False
            if key == "ready" and all(not game.state.cards[r.id].exhausted for r in refs):
                return False
            if key == "exhaust" and all(game.state.cards[r.id].exhausted for r in refs):
                return False
        elif key == "move":
            if not any(game.state.is_current(r) for r in cards(ctx, spec["card"])):
                return False
    return True


@M.declare("step", "may", STEPS, doc="an optional part, decided on resolution; only if all of it can be done",
           rules=("trigger.may", "effect.may", "loop.optional"), phrases=("may_unable", "loop_refused", "may_yes", "may_no"))
def may(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[trigger.may] / [effect.may]: an optional part, decided on resolution; only if all of it can be done."""
    trig = ctx.link is not None and ctx.link.kind in ("trigger", "effect")
    cites = game.data.cite("trigger.may", "effect.may") if trig else game.data.cite("effect.may")
    if not _feasible(game, ctx, ops):
        game.trace.add("may_unable", game.data.cite("effect.may"), player=PlayerRef(ctx.controller))
        return False
    if game.loop_refuse == ctx.controller:  # [loop.optional]: they cannot choose to continue the loop
        game.loop_refuse = None
        game.trace.add("loop_refused", game.data.cite("loop.optional"), player=PlayerRef(ctx.controller))
        yes = False
    else:
        yes = bool(game.ask(Choice("may", ctx.controller, ctx.source.id, (False, True))))
    game.trace.add("may_yes" if yes else "may_no", cites, player=PlayerRef(ctx.controller))
    if not yes:
        return False
    return run_ops(game, ctx, ops)


@M.declare("step", "pay", Ref("amount"), doc="pay this many resources as the instruction is carried out (False if the "
                                              "controller cannot)", rules=("effect.may",), phrases=("pay",))
def pay(game: "Game", ctx: Context, spec: Any) -> bool:
    n = value(ctx, spec)
    pool = game.state.pools.get(ctx.controller, 0)
    if pool < n:
        return False
    game.state.pools[ctx.controller] = pool - n
    game.trace.add("pay", game.data.cite("effect.may"), player=PlayerRef(ctx.controller), detail=Text(f"({n})"))
    return True


IF = Map({"cond": Ref("condition"), "then": STEPS, "else": STEPS}, required=("cond",))


def _if_scope(scope: Any, value: Any) -> Any:
    return scope


@M.declare("step", "if", IF, doc="if the condition holds, the then steps, else the else steps",
           rules=("effect.if_targeted", "effect.text_order"), phrases=("if_targeted_yes", "if_targeted_no", "condition"))
def if_(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    ok = _condition(game, ctx, spec["cond"])
    return run_ops(game, ctx, spec.get("then" if ok else "else") or [])


def _condition(game: "Game", ctx: Context, cond: dict[str, Any]) -> bool:
    """An ``if:`` condition, its truth shown in the trace."""
    (kind, arg), = cond.items()
    if kind == "targeted":  # [effect.if_targeted]: only a target the link legally has as it resolves counts
        wanted = cards(ctx, arg)
        hit = test_condition(game, ctx, cond)
        game.trace.add("if_targeted_yes" if hit else "if_targeted_no", game.data.cite("effect.if_targeted"),
                       card=wanted[0] if wanted else CardRef(str(arg), 0))
        return hit
    word = game.data.vocab.word("condition", kind)
    if word is not None and word.extra.get("compare"):
        a, b = (value(ctx, v) for v in arg)
        ok = test_condition(game, ctx, {kind: [a, b]})
        game.trace.add("condition", game.data.cite("effect.text_order"), what=Text(f"{a} {kind} {b}"), amount=ok)
        return ok
    ok = test_condition(game, ctx, cond)  # does the card fit the description (with words a step named)? no hand? …
    what = game.data.text(f"cond_{kind}") if f"cond_{kind}" in game.data.words else Text(kind, kind)
    game.trace.add("condition", game.data.cite("effect.text_order"), what=what, amount=ok)
    return ok


@M.declare("step", "each_player", STEPS, doc="each player does the steps, the turn player first, then clockwise",
           rules=("simultaneous.players",), phrases=("each_player",))
def each_player(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[simultaneous.players]: choices made at the same time: the turn player first, then clockwise."""
    order = game.state.seat_order_from(game.state.turn)
    game.trace.add("each_player", game.data.cite("simultaneous.players"), players=[PlayerRef(p) for p in order])
    ok = True
    for p in order:
        ok = run_ops(game, ctx.sub(controller=p), ops) and ok
    return ok


def _for_each_scope(scope: Any, spec: Any) -> Any:
    name = spec.get("as", "it") if isinstance(spec, dict) else "it"
    return scope.bind(str(name))


FOR_EACH = Map({"cards": CARDS, "as": Str(min_len=1, pattern=r"^[A-Za-z_][A-Za-z0-9_\-]*$"), "do": STEPS},
               required=("cards", "do"))


@M.declare("step", "for_each", FOR_EACH, doc="the steps once per card, with it (or the name as: gives) naming that card",
           scope=_for_each_scope)
def for_each(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """Do the steps once per card, with ``it`` (or ``as``) naming that card."""
    ok = True
    name = spec.get("as", "it")
    for ref in cards(ctx, spec["cards"]):
        sub = ctx.sub(bindings={**ctx.bindings, name: ref}, that=[])
        ok = run_ops(game, sub, list(spec["do"])) and ok
    return ok
M.word("choice", "may", Bool(), doc="do the optional part (true) or not")
