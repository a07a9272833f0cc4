"""Riftbound's second currency and what adds to it: power (符能, 206: 符能费用) besides energy (法力, the engine's own
pool), Deflect (法盾) — an opponent's spell or ability pays more each time it chooses the unit (FAQ vendetta-32,
766–767) unless a location lets it ignore Deflect — and "the next card costs [A] less" (vendetta-25)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import eval_static, value
from judge.engine.errors import CannotAdd, InvalidInput
from judge.engine.language.shapes import Bool, Int, Ref
from judge.engine.language.words import Mechanism
from judge.engine.refs import CardRef, PlayerRef, Text

from judge.games.riftbound.state import battlefield_of, rs

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link


MECHANISM = Mechanism("riftbound.costs", "power, Deflect, the next card costs less", requires=("costs", "continuous"))
M = MECHANISM


def _deflect(game: "Game", card_id: str) -> int:
    card = game.state.cards[card_id]
    return sum(int(eval_static(game, ab["deflect"], None)) for ab in card.all_abilities()
               if ab.get("kind") == "continuous" and "deflect" in ab)


def _ignores_deflect(game: "Game", chosen: list[CardRef]) -> str | None:
    """A battlefield letting a spell or ability that chooses a unit there ignore Deflect: if at least one chosen unit
    is at such a battlefield, every Deflect is ignored for it (FAQ vendetta-32)."""
    for ref in chosen:
        card = game.state.cards[ref.id]
        bf = battlefield_of(game, card)
        if bf is not None and any(ab.get("ignore_deflect") for ab in game.state.cards[bf].all_abilities()):
            return bf
    return None


@M.hook("cost.pay")
def pay(game: "Game", link: "Link") -> None:
    """The power part of a link's cost: printed (``cost: {power: N}``), plus Deflect per choice of an opponent's unit,
    less "the next card" reductions of power; paid from the player's power, or the addition is rewound."""
    from judge.engine.mechanisms.costs import additional, modifiers

    if link.free:
        return
    st = game.state
    spec = link.text.get("cost") or {}
    amount = int(spec.get("power", 0))
    parts: list[str] = [str(amount)] if amount else []
    for extra in (int(c.get("power", 0)) for c in additional(game, link)):  # the power of additional costs ([keyword.repeat] …)
        if extra:
            amount += extra
            parts.append(f"+{extra}")
    chosen = [o for objs in link.targets.values() for o in objs if isinstance(o, CardRef) and st.is_current(o)]
    enemy = [o for o in chosen if st.cards[o.id].controller != link.controller and _deflect(game, o.id)]
    if enemy:
        ignored = _ignores_deflect(game, chosen)
        if ignored is not None:
            game.trace.add("deflect_ignored", game.data.cite("keyword.deflect"), card=st.cards[ignored].ref)
        else:
            for o in enemy:  # each choice of the unit, the same unit chosen again counting again
                n = _deflect(game, o.id)
                game.trace.add("deflect", game.data.cite("keyword.deflect"), card=o, amount=n)
                amount += n
                parts.append(f"+{n}")
    if link.kind == "card":  # a battlefield's permission to play it there may cost more (「支付[A][A]」)
        from judge.games.riftbound.play import extra_power

        more = extra_power(game, st.cards[link.source.id], link.controller)
        if more:
            amount += more
            parts.append(f"+{more}")
    for m in modifiers(game, link):
        if m.get("power"):
            amount = max(0, amount - int(m["power"]))
            parts.append(f"−{m['power']}")
    less = _destroyed_power(game, link)  # 206 example 3: 该单位每有1点符能费用，我的符能费用便减少
    if less and amount:
        amount = max(0, amount - less)
        parts.append(f"−{less}")
    if amount <= 0:
        return
    have = rs(game).power.get(link.controller, 0)
    if amount > have:
        raise CannotAdd("cannot_pay_power", amount=amount, have=have)
    rs(game).power[link.controller] = have - amount
    detail = " ".join(parts)
    game.trace.add("power_paid", game.data.cite("cost.total"), player=PlayerRef(link.controller), amount=amount,
                   detail=Text(detail, detail))


@M.declare("step", "pay_power", Ref("amount"), doc="the controller pays this much power as the instruction is carried "
           "out (False if they cannot)", rules=("effect.one_shot",), phrases=("power_paid",))
def pay_power_op(game: "Game", ctx: Any, spec: Any) -> bool:
    """``pay_power: N``: the controller pays N power as the instruction is carried out ("you may pay [A]"); False if
    they cannot."""
    n = value(ctx, spec)
    have = rs(game).power.get(ctx.controller, 0)
    if have < n:
        return False
    rs(game).power[ctx.controller] = have - n
    game.trace.add("power_paid", game.data.cite("effect.one_shot"), player=PlayerRef(ctx.controller), amount=n,
                   detail=Text(f"[A]×{n}", f"[A]×{n}"))
    return True


M.word("cost", "power", Int(0, 1000), doc="power (符能) besides energy", rules=("cost.total",))
M.word("reduction", "power", Int(0, 1000), doc="how much less power it costs")
M.word("ability.continuous", "deflect", Ref("number"), doc="Deflect N (法盾): an opponent's spell or ability choosing it "
       "pays N power more", rules=("keyword.deflect",), phrases=("deflect",))
M.word("ability.continuous", "ignore_deflect", Bool(), doc="a battlefield: a spell or ability choosing a unit here ignores "
       "Deflect", phrases=("deflect_ignored",))


@M.declare("player", "power", Int(0, 1000), doc="power (符能) the player's ready runes can pay")
def _power(game: "Game", player: str, value_: Any) -> None:
    rs(game).power[player] = int(value_)


M.word("expect.player", "power", Int(0), lambda game, p: rs(game).power.get(p, 0), doc="the player's power")


def printed_power(card: Any) -> int:
    """The power part of a card's printed cost (its play's ``cost: {power: N}``; power_cost: writes it there)."""
    return int(((card.play or {}).get("cost") or {}).get("power", 0) or 0)


@M.declare("filter", "power_cost", Ref("bounds"), doc="its printed power cost (its [A] symbols, 206: 卡面上印刷的费用) "
                                                      "within bounds: {lte: N, gte: N}")
def _power_cost(s: Any, bounds: Any) -> str | None:
    printed = printed_power(s.card)  # 206: as printed, whatever was paid
    if "lte" in bounds and printed > eval_static(s.game, bounds["lte"], s.link):
        return "cost"
    if "gte" in bounds and printed < eval_static(s.game, bounds["gte"], s.link):
        return "cost"
    return None


def _destroyed_power(game: "Game", link: "Link") -> int:
    """The printed power cost of the card destroyed for ``may_destroy: {less: its_cost}`` (206: 卡面上印刷或复制的费用),
    which the cost is that much less of, as its energy cost is."""
    spec = (link.text.get("cost") or {}).get("may_destroy")
    ref = link.bindings.get("may_destroy")
    if not isinstance(spec, dict) or spec.get("less") != "its_cost" or not isinstance(ref, CardRef):
        return 0
    return printed_power(game.state.view(ref)[0])


@M.declare("card", "power_cost", Int(0, 99), doc="the power part of its printed cost (206: 符能费用), a board fact beside "
                                               "its energy cost (cost:), so that a card written as printed can have one")
def _power_cost_card(game: "Game", card: Any, value: Any, path: Any) -> None:
    play = dict(card.play or {})
    cost = dict(play.get("cost") or {})
    if "power" in cost:  # said twice: in play.cost and here
        raise InvalidInput("power_cost_twice", tuple(path), card=card.id)
    cost["power"] = int(value)
    play["cost"] = cost
    card.play = play
