"""The total cost of a link [cost.total]: alternative, additional, reductions with their minimums, floor 0; paying."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events, repeat
from judge.engine.choice import Choice
from judge.engine.errors import CannotAdd
from judge.engine.refs import Text

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link


def modifiers(game: "Game", link: "Link") -> list[dict[str, Any]]:
    """Cost modifiers from abilities of cards on the field that apply to this link's source."""
    return [ab for _, ab in _modifier_sources(game, link)]


def _modifier_sources(game: "Game", link: "Link") -> list[tuple[str, dict[str, Any]]]:
    """The cost modifiers that apply to this link's source, each with the id of the card it comes from."""
    from judge.engine.targets import matches_filter

    st = game.state
    source, _ = st.view(link.source)
    out: list[tuple[str, dict[str, Any]]] = []
    for card in st.field_cards():
        for ab in card.all_abilities():
            if ab.get("kind") != "cost_modifier":
                continue
            if matches_filter(game, source, ab.get("applies") or {}, card.controller, None) is None:
                out.append((card.id, ab))
    if link.kind == "card":  # the card's own "I cost … less" (wherever it is played from)
        out += [(source.id, ab) for ab in source.abilities if ab.get("kind") == "cost_modifier" and ab.get("own")]
    if link.kind == "card":  # [cost.next]: "the next card you play costs … less", made by a resolving link
        out += [(m["source"].id, m) for m in st.cost_mods if m["player"] == link.controller
                and matches_filter(game, source, m.get("applies") or {}, m["player"], None) is None]
    return out


def _reduce(amount: int, m: dict[str, Any], r: int) -> int:
    """One reduction of ``r`` [cost.total]: a minimum limits only its own part and never raises the cost."""
    if "minimum" in m:
        return max(min(amount, int(m["minimum"])), amount - r)
    return amount - r


MAX_ORDERED = 6  # [cost.total]: at most 6 reductions are compared in every order (6! = 720); more keep the file order


def _reduction_order(game: "Game", link: "Link", reductions: list[tuple[str, dict[str, Any]]], amount: int) -> list[dict[str, Any]]:
    """[cost.total]: the player subtracts the reductions in any order they like; when the order changes the total (a
    reduction with a minimum among others) it is their choice, asked once per link."""
    from itertools import permutations

    from judge.engine.choice import scenario_names
    from judge.engine.effects import eval_static

    names = scenario_names([cid for cid, _ in reductions])
    by_name = dict(zip(names, (m for _, m in reductions)))
    card_of = dict(zip(names, (cid for cid, _ in reductions)))
    if link.reduction_order is None:
        link.reduction_order = tuple(names)
        if 2 <= len(reductions) <= MAX_ORDERED and any("minimum" in m for _, m in reductions):
            orders = list(permutations(names))
            less = {name: int(eval_static(game, m["reduce"], link)) for name, m in by_name.items()}  # read once
            totals = set()
            for order in orders:
                n = amount
                for name in order:
                    n = _reduce(n, by_name[name], less[name])
                totals.add(max(n, 0))
            if len(totals) > 1:  # the order matters: the player chooses it
                order = tuple(game.ask(Choice("order", link.controller, link.source.id, tuple(orders), slot="reductions")))
                link.reduction_order = order
                game.trace.add("cost_order", game.data.cite("cost.total"), player=game.player_ref(link.controller),
                               cards=[game.state.cards[card_of[n]].ref for n in order])
    return [by_name[n] for n in link.reduction_order if n in by_name]


def total(game: "Game", link: "Link") -> tuple[int, Text]:
    """[cost.total]: choose the alternative cost or not, add additional costs, subtract reductions, floor at 0."""
    from judge.engine.effects import eval_static

    spec = link.text.get("cost") or {}
    base = int(eval_static(game, spec.get("resources", 0), link))
    parts: list[Text] = [Text(str(base), str(base))]
    alt = spec.get("alt")
    if alt is not None and not link.free:
        use_alt = game.ask(Choice("alt_cost", link.controller, link.source.id, (False, True)))
        if use_alt:
            game.state.paid_alt.add(link.source)  # the card, as this chain item (it may leave the chain before the link goes)
            base = int(eval_static(game, alt.get("resources", 0), link))
            parts = [game.data.text("cost_alt", n=base)]
            game.trace.add("alt_cost", game.data.cite("cost.total"), player=game.player_ref(link.controller))
    if link.free:
        return 0, game.data.text("cost_free")
    amount = base
    mods = modifiers(game, link)
    adds = [int(m["add"]) for m in mods if "add" in m] + [int(eval_static(game, a.get("resources", 0), link)) for a in spec.get("additional") or []]
    adds += [int(eval_static(game, c.get("resources", 0), link)) for c in repeat.cost(game, link)]  # [keyword.repeat]
    for a in adds:
        amount += a
        parts.append(Text(f"+{a}", f"+{a}"))
    # [cost.total]: reductions in the order the player chooses (a minimum binds only its own part)
    reductions = _reduction_order(game, link, [(cid, m) for cid, m in _modifier_sources(game, link) if "reduce" in m], amount)
    for m in reductions:
        r = int(eval_static(game, m["reduce"], link))  # a number, or one read now ("[1] less for each card …")
        amount = _reduce(amount, m, r)
        if "minimum" in m:
            parts.append(game.data.text("cost_reduce_min", n=r, floor=int(m["minimum"])))
        else:
            parts.append(Text(f"−{r}", f"−{r}"))
    if amount < 0:
        amount = 0  # [cost.total]: a cost below 0 counts as 0
        parts.append(Text("→0", "→0"))
    return amount, Text(" ".join(p.zh for p in parts), " ".join(p.en for p in parts))


def pay(game: "Game", link: "Link") -> None:
    """Pay every part of the cost in any order; any part that cannot be paid makes the addition fail [chain.rewind]."""
    from judge.engine.targets import matches_filter

    st = game.state
    spec = link.text.get("cost") or {}
    once = [] if link.free else [m for m in modifiers(game, link) if any(m is x for x in st.cost_mods)]
    amount, detail = total(game, link)
    if spec or amount:
        keys = ["cost.total"] + (["cost.modifier"] if modifiers(game, link) and not link.free else []) + \
            (["cost.alt_additional"] if spec.get("alt") is not None or spec.get("additional") else [])
        game.trace.add("cost", game.data.cite(*keys), player=game.player_ref(link.controller), detail=detail, amount=amount)
    paid: list[Text] = []
    if amount > st.pools.get(link.controller, 0):
        raise CannotAdd("cannot_pay", amount=amount, have=st.pools.get(link.controller, 0))
    if spec.get("exhaust"):
        card = st.cards[link.source.id]
        if card.exhausted or not game.is_field(card.zone):
            raise CannotAdd("source_exhausted")
    if spec.get("destroy") is not None:
        flt = spec["destroy"]
        options = tuple(sorted(c.id for c in st.cards.values() if game.is_field(c.zone) and matches_filter(game, c, flt, link.controller, link) is None))
        if not options:
            raise CannotAdd("nothing_to_destroy")
        chosen = game.ask(Choice("cost_card", link.controller, link.source.id, options))
    st.pools[link.controller] = st.pools.get(link.controller, 0) - amount
    if amount:
        paid.append(Text(f"({amount})", f"({amount})"))
    if spec.get("exhaust"):
        events.emit(game, events.Event("exhaust", st.cards[link.source.id].ref, data={"cites": game.data.cite("cost.total")}))  # paying
        paid.append(game.data.text("cost_exhaust"))
    if spec.get("destroy") is not None:
        events.emit(game, events.Event("move", st.cards[chosen].ref, data={"to": game.data.graveyard, "cause": "destroy", "cites": game.data.cite("cost.total")}))
        name = st.cards[chosen].name
        paid.append(Text(name["zh"], name.get("en") or name["zh"]))
    if paid:
        game.trace.add("pay", game.data.cite("cost.total", *(["cost.exhaust"] if spec.get("exhaust") else [])), player=game.player_ref(link.controller), detail=Text(" ".join(p.zh for p in paid), " ".join(p.en for p in paid)))
    game.data.extra_cost(game, link)  # the parts of the cost the game's own rules add (another currency …)
    for m in once:  # [cost.next]: "the next card" reduction is used up by this card
        st.cost_mods = [x for x in st.cost_mods if x is not m]
        game.trace.add("next_cost_used", game.data.cite("cost.next"), link=link.source, card=m["source"])


def next_cost(game: "Game", ctx: Any, spec: dict[str, Any]) -> bool:
    """[cost.next]: a step making "the next card [player] plays [this turn] costs … less"; it applies to the first card
    that player adds to the chain after it is made, and is then used up."""
    from judge.engine.effects import players, value

    for p in players(ctx, spec.get("player", "you")):
        mod = {k: v for k, v in spec.items() if k not in ("player", "reduce", "text", "text_en")}
        mod.update(player=p, reduce=value(ctx, spec.get("reduce", 0)), source=ctx.source, once=True,
                   until=str(spec.get("until", "game")))
        game.state.cost_mods.append(mod)
        game.trace.add("next_cost", game.data.cite("cost.next"), player=game.player_ref(p),
                       text=Text(str(spec.get("text", "…")), str(spec.get("text_en") or spec.get("text", "…"))))
    return True
