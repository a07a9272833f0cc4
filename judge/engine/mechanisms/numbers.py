"""Number expressions (FORMAT.md "N"): a whole number, ``X`` [chain.x], a card's power, health, cost or damage read as
the instruction is carried out [info.read] (as it last was, if it left [info.lki]), a stored number, what the event
carried, a hand's size, a count of cards [info.count], and arithmetic."""

from __future__ import annotations

from typing import Any

from judge.engine.context import Context, cards, illegal_slot, matches_filter, players, read_refs, value
from judge.engine.language.shapes import NUMBER_LIMIT, At, Either, Enum, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism, OneKey
from judge.engine.mechanisms.references import CARDS, PLAYER, fitting

MECHANISM = Mechanism("numbers", "number expressions: X, power, health, cost, damage_on, var, event, hand, count, "
                                 "highest, add, sub, mul, max, min", requires=("references", "filters"))
M = MECHANISM
M.place("number", "a number expression: {word: argument}, or X", bare=True, unknown="number_op")

NUMBER = M.define("number", Either(Int(-NUMBER_LIMIT, NUMBER_LIMIT), OneKey("number"),
                                   doc=f"a whole number (±{NUMBER_LIMIT:,}), X, or {{word: argument}}: power, health, "
                                       "cost, damage_on, var, event, hand, count, played, add, sub, mul, max, min"))
AMOUNT = M.define("amount", Either(Int(0, NUMBER_LIMIT), OneKey("number"),
                                   doc="a number that is not negative: a whole number, X or an expression"))


def _needs_x(value: Any, at: At) -> None:
    if "x" not in at.scope.flags:
        at.problem("x_without_x")


@M.declare("number", "X", Enum((True,)), doc="the X chosen as the link was added [chain.x] (an ability with x: only)",
           check=_needs_x)
def _x(ctx: Context, arg: Any) -> int:
    return int(ctx.link.x or 0) if ctx.link else 0


def _stat(op: str) -> Any:
    def handler(ctx: Context, arg: Any) -> int:
        game = ctx.game
        refs = read_refs(ctx, arg, cards(ctx, arg))
        if not refs:
            return 0
        card, old = game.state.view(refs[0])
        cur = game.state.lki_chars.get(refs[0], {}) if old else game.chars(card)
        stat = {"power": cur.get("power", card.power), "health": cur.get("health", card.health), "cost": card.cost,
                "damage_on": card.damage}[op] or 0
        key = f"{op}:{refs[0].id}"
        if ctx.link is not None and key not in ctx.read:
            ctx.read.add(key)
            what = game.data.text(op)
            illegal = ("info.illegal_target",) if illegal_slot(ctx, arg) else ()  # read from a target no longer legal
            if old:  # [info.lki]: no longer where expected: last-known information ([info.lki_left]: its own card)
                left = refs[0] == ctx.bindings.get("self_left")
                game.trace.add("lki", game.data.cite("info.lki_left" if left else "info.lki", *illegal), card=refs[0],
                               what=what, amount=stat)
            else:
                game.trace.add("read_info", game.data.cite("info.read", *illegal), what=what, amount=stat)
        return int(stat)
    return handler


for _op, _doc in (("power", "a card's current power"), ("health", "a card's current health"), ("cost", "a card's cost"),
                  ("damage_on", "the damage on a card")):
    M.word("number", _op, CARDS, _stat(_op), doc=_doc, rules=("info.read", "info.lki", "info.lki_left", "info.illegal_target"),
           phrases=("read_info", "lki"))


def _stored(value: Any, at: At) -> None:
    if value not in at.scope.stored:
        stored = sorted(at.scope.stored)
        at.problem("variable", name=value, stored=stored, near=(value, stored))


@M.declare("number", "var", Str(min_len=1), doc="a number a step stored (store: name)", check=_stored)
def _var(ctx: Context, arg: Any) -> int:
    return int(ctx.vars.get(arg, 0))


def _event_key(value: Any, at: At) -> None:
    if "event" not in at.scope.bound:
        at.problem("no_event_here")


def _event_keys(scope: Any) -> tuple[str, ...]:
    game = scope.vocab.game
    return ("amount", *((game.raw.get("trigger_info") or ()) if game is not None else ()))


@M.declare("number", "event", Enum(_event_keys), doc="what the event that triggered this carried (amount: the damage dealt "
                                                     "or prevented …)", check=_event_key)
def _event(ctx: Context, arg: Any) -> int:
    return int(ctx.bindings.get(f"event_{arg}", 0) or 0)  # type: ignore[call-overload]


@M.declare("number", "hand", PLAYER, doc="how many cards a player has in hand")
def _hand(ctx: Context, arg: Any) -> int:
    (p,) = players(ctx, arg)[:1] or [ctx.controller]
    return len(ctx.game.state.in_zone("hand", p))


@M.declare("number", "count", Ref("zoned_filter"), doc="how many cards fit the description (on the field, or in the zone "
                                                        "it names) [info.count]", rules=("info.count",), phrases=("read_info",))
def _count(ctx: Context, arg: Any) -> int:
    game = ctx.game
    zone = arg.get("zone")  # default: every zone on the field
    flt = dict(arg)
    for stat in ("cost", "power", "health"):  # bounds are read from this context (e.g. "≥ its own cost")
        if isinstance(flt.get(stat), dict):
            flt[stat] = {k: value(ctx, v) for k, v in flt[stat].items()}
    pool = game.state.in_zones((zone,)) if zone else game.state.field_cards()
    n = sum(c.copies for c in pool if matches_filter(game, c, flt, ctx.controller, ctx.link, self_ref=ctx.source) is None)
    if ctx.link is not None and game.data.cite("info.count") and f"count:{id(arg)}" not in ctx.read:
        ctx.read.add(f"count:{id(arg)}")  # [info.count]: a count the effect reads as it is carried out, once
        game.trace.add("read_info", game.data.cite("info.count"), what=game.data.text("count"), amount=n)
    return n


@M.declare("number", "highest", Map({"power": Field(Ref("zoned_filter"), "the cards whose power is compared"),
                                      "health": Field(Ref("zoned_filter"), "the cards whose health is compared"),
                                      "cost": Field(Ref("zoned_filter"), "the cards whose cost is compared")},
                                     doc="{power|health|cost: description}", min_fields=1, max_fields=1),
           doc="the largest power, health or cost among the cards that fit a description, 0 if none [info.read]",
           rules=("info.read",), phrases=("read_info",))
def _highest(ctx: Context, arg: Any) -> int:
    game = ctx.game
    ((stat, flt),) = arg.items()
    fits = fitting(ctx, flt)
    n = max((int((game.chars(c).get(stat, getattr(c, stat)) if stat != "cost" else c.cost) or 0) for c in fits), default=0)
    if ctx.link is not None and f"highest:{id(arg)}" not in ctx.read:
        ctx.read.add(f"highest:{id(arg)}")  # [info.read]: read as the effect is carried out, once
        game.trace.add("read_info", game.data.cite("info.read"), what=game.data.text(stat), amount=n)
    return n


def _arith(op: str) -> Any:
    def handler(ctx: Context, arg: Any) -> int:
        vals = [value(ctx, a) for a in arg]
        if op == "add":
            return sum(vals)
        if op == "sub":
            return vals[0] - sum(vals[1:])
        if op == "mul":
            out = 1
            for v in vals:
                out *= v
            return out
        return max(vals) if op == "max" else min(vals)
    return handler


for _op, _doc in (("add", "the sum"), ("sub", "the first less the others"), ("mul", "the product"),
                  ("max", "the largest"), ("min", "the smallest")):
    M.word("number", _op, ListOf(Ref("number"), min_items=1), _arith(_op), doc=f"{_doc} of a list of numbers")
