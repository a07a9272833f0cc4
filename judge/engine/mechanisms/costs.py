"""The total cost of a link [cost.total]: the card's printed cost (or the ability's), the alternative cost, additional
costs, reductions with their minimums [cost.modifier], floor 0; paying every part or rewinding [chain.rewind]; "the next
card costs less" [cost.next]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice, scenario_names
from judge.engine.context import eval_static, matches_filter, players, value
from judge.engine.errors import CannotAdd
from judge.engine.language.shapes import Bool, Enum, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Fields, Mechanism
from judge.engine.mechanisms.abilities import kind_shape
from judge.engine.refs import CardRef, Text, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link

MECHANISM = Mechanism("costs", "costs, cost modifiers, the next card costs less", requires=("filters", "numbers", "abilities"))
M = MECHANISM
M.place("cost", "a part of a cost (cost:)", form="field")
M.place("reduction", "what a cost modifier takes off (reduce: …)", form="field")

M.word("cost", "resources", Ref("amount"), doc="resources to pay (an ability's; a card's printed cost is its cost: field)")
M.word("cost", "exhaust", Bool(), doc="exhaust the card whose ability this is [cost.exhaust]", rules=("cost.exhaust",))
M.word("cost", "destroy", Ref("filter"), doc="destroy one of your cards on the field fitting the description")
M.word("cost", "may_destroy", Map({"filter": Field(Ref("filter"), "what may be destroyed (one of your cards on the field)"),
                                   "less": Field(Enum(("its_cost",)), "the card then costs less by the destroyed card's "
                                                 "cost (its printed or copied cost; in Riftbound its power too)")},
                                  required=("filter",)),
       doc="you may destroy one of your cards on the field as an additional cost, chosen as the cost is worked out",
       rules=("cost.alt_additional", "cost.read"), phrases=("cost_destroy_read",))
M.word("cost", "discard", Int(1), doc="discard this many cards of your choice from your hand [effect.discard]",
       rules=("effect.discard",), phrases=("discard",))
M.word("cost", "alt", Map({"resources": Ref("amount")}), doc="an alternative cost the player may pay instead",
       rules=("cost.alt_additional",), phrases=("alt_cost",))
M.word("cost", "additional", ListOf(Map({"resources": Ref("amount")})), doc="additional costs",
       rules=("cost.alt_additional",))
M.word("reduction", "reduce", Ref("number"), doc="how much less it costs (a number, or one read as it is played)")
M.define("cost", Fields("cost", doc="what using an ability costs"))
M.define("play_cost", Fields("cost", exclude=("resources",), moved={"resources": "cost"},
                             doc="what playing the card costs besides its printed cost (cost: of the card)"))

COST_MODIFIER = kind_shape({
    "applies": Field(Ref("filter"), "the cards whose cost it changes"),
    "add": Field(Int(), "how much more they cost"),
    "minimum": Field(Int(0), "its reduction never takes the cost below this"),
    "own": Field(Bool(), "it changes the cost of its own card (wherever it is played from)"),
}, doc="a cost modifier: cards fitting applies: cost more (add) or less (reduce)", more_from=("reduction",))


def _changes_a_cost(ab: Any, at: Any) -> None:
    changes = ("add", *at.scope.vocab.words("reduction"))
    if isinstance(ab, dict) and not any(k in ab for k in changes):
        at.problem("needs_one_of", keys=list(changes))


M.word("ability_kind", "cost_modifier", COST_MODIFIER, doc="changes what cards cost [cost.modifier]",
       rules=("cost.modifier", "cost.total"), phrases=("cost_order",), check=_changes_a_cost)

NEXT_COST = Map({"player": Ref("player"), "applies": Ref("filter"), "until": Enum(("turn", "game", "next_turn")),
                 "text": Str(), "text_en": Str()}, more_from=("reduction",))



def modifiers(game: "Game", link: "Link") -> list[dict[str, Any]]:
    """Cost modifiers from abilities of cards on the field that apply to this link's source."""
    return [ab for _, ab in _modifier_sources(game, link)]


def _modifier_sources(game: "Game", link: "Link") -> list[tuple[str, dict[str, Any]]]:
    """The cost modifiers that apply to this link's source, each with the id of the card it comes from."""
    st = game.state
    source, _ = st.view(link.source)
    out: list[tuple[str, dict[str, Any]]] = []
    for card in st.field_cards():
        for ab in card.all_abilities():
            if ab.get("kind") != "cost_modifier":
                continue
            if matches_filter(game, source, ab.get("applies") or {}, card.controller, None, self_ref=card.ref) is None:
                out.append((card.id, ab))
    if link.kind == "card":  # the card's own "I cost … less" (wherever it is played from)
        out += [(source.id, ab) for ab in source.abilities if ab.get("kind") == "cost_modifier" and ab.get("own")]
    if link.kind == "card":  # [cost.next]: "the next card you play costs … less", made by a resolving link
        out += [(m["source"].id, m) for m in st.cost_mods if m["player"] == link.controller
                and matches_filter(game, source, m.get("applies") or {}, m["player"], None, self_ref=m["source"]) is None]
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


def additional(game: "Game", link: "Link") -> list[dict[str, Any]]:
    """The additional costs other mechanisms add to the link's cost, as cost parts ([keyword.repeat]'s …)."""
    return [c for hook in game.data.vocab.hooks("cost.additional") for c in hook(game, link)]


def total(game: "Game", link: "Link") -> tuple[int, Text]:
    """[cost.total]: choose the alternative cost or not, add additional costs, subtract reductions, floor at 0."""
    spec = link.text.get("cost") or {}
    base = int(eval_static(game, printed(game, link), link))
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
    adds += [int(eval_static(game, c.get("resources", 0), link)) for c in additional(game, link)]
    for a in adds:
        amount += a
        parts.append(Text(f"+{a}", f"+{a}"))
    less = _may_destroy(game, link, spec.get("may_destroy"))
    if less:
        amount -= less
        parts.append(Text(f"−{less}", f"−{less}"))
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


def _may_destroy(game: "Game", link: "Link", spec: dict[str, Any] | None) -> int:
    """An optional additional cost "you may destroy one of your …": whether, and which, asked once as the cost is
    worked out (the card is destroyed as the cost is paid); what it takes off the cost (``less: its_cost``: the
    destroyed card's cost — printed, or copied [cost.read])."""
    if spec is None:
        return 0
    st = game.state
    if "may_destroy" not in link.locked:
        options = tuple(sorted(c.id for c in st.field_cards() if c.id != link.source.id and c.controller == link.controller
                               and matches_filter(game, c, spec["filter"], link.controller, link) is None))
        pay = bool(options) and bool(game.ask(Choice("pay", link.controller, link.source.id, (False, True), slot="may_destroy")))
        link.locked["may_destroy"] = int(pay)
        if pay:
            chosen = str(game.ask(Choice("cost_card", link.controller, link.source.id, options, slot="may_destroy")))
            link.bindings["may_destroy"] = st.cards[chosen].ref
    ref = link.bindings.get("may_destroy")
    if not isinstance(ref, CardRef) or spec.get("less") != "its_cost":
        return 0
    card = st.view(ref)[0]
    n = 0 if card.cost_x else int(card.cost or 0)
    game.trace.add("cost_destroy_read", game.data.cite("cost.read"), card=ref, amount=n)
    return n


def _discard_choice(game: "Game", link: "Link", parts: list[dict[str, Any]]) -> tuple[str, ...]:
    """The cards a cost's ``discard:`` parts take from the controller's hand, chosen now (none to take: it cannot be
    paid)."""
    from judge.engine.options import subsets

    n = sum(int(p.get("discard") or 0) for p in parts)
    if not n:
        return ()
    hand = tuple(sorted(c.id for c in game.state.in_zone("hand", link.controller)))
    if len(hand) < n:
        raise CannotAdd("cannot_discard", amount=n, have=len(hand))
    return tuple(game.ask(Choice("discard", link.controller, link.source.id, subsets(hand, range(n, n + 1)))))


def pay(game: "Game", link: "Link") -> None:
    """Pay every part of the cost in any order; any part that cannot be paid makes the addition fail [chain.rewind]."""
    st = game.state
    spec = link.text.get("cost") or {}
    more = additional(game, link)
    once = [] if link.free else [m for m in modifiers(game, link) if any(m is x for x in st.cost_mods)]
    amount, detail = total(game, link)
    if spec or amount or printed(game, link):
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
    discards = _discard_choice(game, link, [spec, *more])
    destroyed = link.bindings.get("may_destroy") if spec.get("may_destroy") is not None else None
    st.pools[link.controller] = st.pools.get(link.controller, 0) - amount
    if amount:
        paid.append(Text(f"({amount})", f"({amount})"))
    if spec.get("exhaust"):
        events.emit(game, events.Event("exhaust", st.cards[link.source.id].ref, data={"cites": game.data.cite("cost.total")}))  # paying
        paid.append(game.data.text("cost_exhaust"))
    if spec.get("destroy") is not None:
        events.emit(game, events.Event("move", st.cards[chosen].ref, data={"to": game.data.graveyard, "cause": "destroy", "cites": game.data.cite("cost.total")}))
        name = st.cards[chosen].own_name
        paid.append(Text(name["zh"], name.get("en") or name["zh"]))
    if isinstance(destroyed, CardRef) and st.is_current(destroyed):  # the optional additional cost, paid now
        events.emit(game, events.Event("move", destroyed, data={"to": game.data.graveyard, "cause": "destroy",
                                                                "cites": game.data.cite("cost.total", "cost.alt_additional")}))
        name = st.view(destroyed)[0].own_name
        paid.append(Text(name["zh"], name.get("en") or name["zh"]))
    if paid:
        game.trace.add("pay", game.data.cite("cost.total", *(["cost.exhaust"] if spec.get("exhaust") else [])), player=game.player_ref(link.controller), detail=Text(" ".join(p.zh for p in paid), " ".join(p.en for p in paid)))
    if discards:  # [effect.discard] as a cost: each card discarded as its own event (a replacement may move it elsewhere)
        for cid in discards:
            events.emit(game, events.Event("move", st.cards[cid].ref, player=link.controller,
                                           data={"to": game.data.graveyard, "cause": "discard", "cites": game.data.cite("cost.total")}))
        game.trace.add("discard", game.data.cite("cost.total", "effect.discard"), player=game.player_ref(link.controller),
                       cards=[st.cards[c].ref for c in discards], zone=ZoneRef(game.data.graveyard))
    for part in game.data.vocab.hooks("cost.pay"):  # the parts of the cost the game's own rules add (another currency …)
        part(game, link)
    for m in once:  # [cost.next]: "the next card" reduction is used up by this card
        st.cost_mods = [x for x in st.cost_mods if x is not m]
        game.trace.add("next_cost_used", game.data.cite("cost.next"), link=link.source, card=m["source"])


@M.declare("step", "next_cost", NEXT_COST, doc="the next card a player plays (fitting applies:) costs less",
           rules=("cost.next", "turn.start"), phrases=("next_cost", "next_cost_used", "next_cost_expired"))
def next_cost(game: "Game", ctx: Any, spec: dict[str, Any]) -> bool:
    """[cost.next]: a step making "the next card [player] plays [this turn] costs … less"; it applies to the first card
    that player adds to the chain after it is made, and is then used up."""
    for p in players(ctx, spec.get("player", "you")):
        mod = {k: v for k, v in spec.items() if k not in ("player", "reduce", "text", "text_en")}
        mod.update(player=p, reduce=value(ctx, spec.get("reduce", 0)), source=ctx.source, once=True,
                   until=str(spec.get("until", "game")), controller=ctx.controller)
        game.state.cost_mods.append(mod)
        game.trace.add("next_cost", game.data.cite("cost.next"), player=game.player_ref(p),
                       text=Text(str(spec.get("text", "…")), str(spec.get("text_en") or "")))  # no English: the trace says so
    return True


def printed(game: "Game", link: "Link") -> Any:
    """What a link costs before anything is added or taken off: a card's printed cost (``cost:`` of the card: a number,
    or X), an ability's ``cost: {resources: N}``."""
    if link.kind == "card":
        card = game.state.view(link.source)[0]
        return "X" if card.cost_x else (card.cost or 0)
    return (link.text.get("cost") or {}).get("resources", 0)


@MECHANISM.hook("turn.end", order=70)
def _end_turn(game: "Game") -> None:
    game.state.cost_mods = [m for m in game.state.cost_mods if m.get("until") != "turn"]  # [cost.next]


@MECHANISM.hook("turn.started", order=70)
def _start_turn(game: "Game", player: str) -> None:
    """[cost.next] "until your next turn begins": not used by then, the reduction ends once that turn has begun."""
    st = game.state
    gone = [m for m in st.cost_mods if m.get("until") == "next_turn" and m.get("controller") == player]  # its maker's turn
    st.cost_mods = [m for m in st.cost_mods if not any(m is g for g in gone)]
    if gone:
        game.trace.add("next_cost_expired", game.data.cite("cost.next", "turn.start"), player=game.player_ref(player),
                       card=gone[0]["source"])
M.word("choice", "alt_cost", Bool(), doc="pay the alternative cost (true) or not")
M.word("choice", "cost_card", Ref("card_id"), doc="which card pays a cost (destroy one of your …)")
M.word("choice_slot", "may_destroy", Bool(), doc="whether to pay an optional destroy cost, and which card",
       extra={"kinds": ("pay", "cost_card")})
M.word("choice_slot", "reductions", Bool(), doc="the order cost reductions are taken off in", extra={"kinds": ("order",)})
