"""Targets [target.choose]: target slots (``targets:``) and their legality [target.legal], magnets [target.magnet], random
targeting [target.random], variable counts [target.count], amounts divided among targets [target.distribute],
re-checking on resolution [resolve.recheck], changing a link's target [target.change]; the ``targeted`` trigger."""

from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context, eval_static, matches_filter
from judge.engine.errors import CannotAdd
from judge.engine.options import ENUMERATE_MAX, Compositions, Subsets
from judge.engine.language.shapes import Bool, Custom, Either, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.filters import _zones
from judge.engine.language.shapes import Enum
from judge.engine.refs import CardRef, LinkRef, Obj, PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link


def obj_id(game: "Game", obj: Obj) -> str:
    """The name a scenario uses for a target: a card id, a player id, or a link's card id / ``#uid``."""
    if isinstance(obj, CardRef):
        return obj.id
    if isinstance(obj, PlayerRef):
        return obj.id
    link = game.state.link(obj.uid)
    if link is not None and link.kind == "card":
        return link.source.id
    return f"#{obj.uid}"


def check(game: "Game", link: "Link", slot: dict[str, Any], obj: Obj) -> str | None:
    """Why ``obj`` is not a legal target for this slot of ``link`` [target.legal], or None."""
    st = game.state
    if isinstance(obj, LinkRef):
        if not slot.get("on_chain"):
            return "not_card"
        other = st.link(obj.uid)
        if other is None:
            return "left_chain"
        if other.uid == link.uid:
            return "itself"  # [target.legal]: a link cannot target itself, nor interrupt itself
        if other.kind != "card" and not slot.get("effects"):
            return "effect_link"  # [interrupt]: effects only when the description says so
        if other.kind == "card" and slot.get("filter") and st.is_current(other.source):  # "a spell that …"
            return matches_filter(game, st.cards[other.source.id], slot["filter"], link.controller, link)
        return None
    if isinstance(obj, PlayerRef):
        if not slot.get("player"):
            return "player"
        who = (slot.get("filter") or {}).get("controller")
        if who == "opponent" and obj.id == link.controller:
            return "controller"
        if who == "you" and obj.id != link.controller:
            return "controller"
        return None
    if slot.get("on_chain"):
        return "not_link"  # [interrupt]: an interrupt targets links on the chain
    if not st.is_current(obj):
        return "moved"  # [resolve.recheck]: a different object now, or in a different position
    card = st.cards[obj.id]
    if card.zone == "chain":
        return "on_chain"  # [interrupt]: chain cards are targeted as links
    zones = slot.get("zones") or ["field"]
    if game.is_field(card.zone):
        if "field" not in zones:
            return "zone"
        if "untargetable" in card.status:
            return "untargetable"  # [target.legal]: a status says it cannot be targeted
    elif card.zone not in zones:
        return "zone"  # [target.legal]: off-field cards only when the description names their zone
    if link.kind == "card" and card.id == link.source.id:
        return "itself"
    if game.is_field(card.zone):
        for reason in game.data.vocab.hooks("target.reason"):  # the game's own rules on who can be chosen
            why = reason(game, link, card)
            if why is not None:
                return why
    return matches_filter(game, card, slot.get("filter") or {}, link.controller, link)


def candidates(game: "Game", link: "Link", slot: dict[str, Any], taken: set[Obj]) -> list[Obj]:
    """Every legal target for the slot, in a stable order: cards (file order), players (seat order), links."""
    st = game.state
    pool: list[Obj] = [c.ref for c in st.cards.values()]
    pool += [PlayerRef(p) for p in st.players]
    pool += [LinkRef(l.uid) for l in st.chain]
    return [o for o in pool if o not in taken and check(game, link, slot, o) is None]  # [target.choose]: no double targeting


def is_magnet(game: "Game", link: "Link", obj: Obj) -> bool:
    """[target.magnet]: a magnet on the field controlled by an opponent of the link's controller."""
    if not isinstance(obj, CardRef):
        return False
    card = game.state.cards[obj.id]
    return "magnet" in card.status and game.is_field(card.zone) and card.controller != link.controller


def slot_count(game: "Game", link: "Link", slot: dict[str, Any], n_legal: int) -> int:
    """How many targets: fixed, or decided first for a variable count [target.count], with game info locked."""
    spec = slot.get("count", 1)
    if isinstance(spec, int):
        return spec
    low = int(eval_static(game, spec.get("min", 0), link))
    high = int(eval_static(game, spec.get("max", spec.get("up_to", 1)), link))
    if not isinstance(spec.get("max", spec.get("up_to", 1)), int):
        link.locked[f"{slot.get('name', 'target')}.count"] = high
        game.trace.add("locked", game.data.cite("target.count"), what=game.data.text("max_targets"), amount=high)
    high = min(high, n_legal)
    if high < low:
        raise CannotAdd("few_targets")
    options = tuple(range(low, high + 1))
    answers = sum(math.comb(n_legal, k) for k in options)  # each count, then each set of that many targets
    n = game.ask(Choice("count", link.controller, link.source.id, options, slot=slot.get("name", "target"), answers=answers))
    game.trace.add("target_count", game.data.cite("target.count"), player=game.player_ref(link.controller), amount=n)
    return int(n)


def choose_slot(game: "Game", link: "Link", slot: dict[str, Any], taken: set[Obj]) -> None:
    """Choose the targets of one slot as the link is added [target.choose]; raise CannotAdd if impossible."""
    name = slot.get("name", "target")
    legal = candidates(game, link, slot, set() if slot.get("again") else taken)  # ``again``: a choice of its own
    n = slot_count(game, link, slot, len(legal))
    if len(legal) < n:
        raise CannotAdd("no_target" if not legal else "few_targets")
    magnets = [o for o in legal if is_magnet(game, link, o)]
    chosen: list[Obj]
    if slot.get("random"):
        chosen = _random_targets(game, legal, magnets, n)  # [target.random]
        game.trace.add("targets_random", game.data.cite("target.random", *(["target.magnet"] if magnets else [])), link=LinkRef(link.uid), targets=chosen)
    elif math.comb(len(legal), n) > ENUMERATE_MAX:  # too many combinations to list: counted, the answer asked for
        chosen = _choose_counted(game, link, name, legal, magnets, n)
    else:
        combos = [tuple(c) for c in combinations(legal, n)]
        if magnets:  # [target.magnet]: as many magnets as the link can legally take
            best = max(sum(1 for o in c if o in magnets) for c in combos)
            combos = [c for c in combos if sum(1 for o in c if o in magnets) == best]
            if best:
                game.trace.add("magnet_forced", game.data.cite("target.magnet"), targets=[o for o in magnets if all(o in c for c in combos)] or magnets)
        by_name = {tuple(sorted(obj_id(game, o) for o in c)): c for c in combos}
        options = tuple(sorted(by_name))
        if not options:
            raise CannotAdd("no_target")
        answer = game.ask(Choice("target", link.controller, link.source.id, options, slot=name))
        chosen = list(by_name[answer])
        game.trace.add("targets", game.data.cite("target.choose"), player=game.player_ref(link.controller), link=LinkRef(link.uid), targets=chosen)
    link.targets[name] = chosen
    taken.update(chosen)
    if slot.get("distribute"):
        _distribute(game, link, slot, chosen)


def _choose_counted(game: "Game", link: "Link", name: str, legal: list[Obj], magnets: list[Obj], n: int) -> list[Obj]:
    """The targets of a slot with more combinations than can be listed (same answers and steps as the listed way)."""
    ids = {obj_id(game, o): o for o in legal}
    best = min(len(magnets), n)  # [target.magnet]: as many magnets as the link can legally take
    space = Subsets(tuple(ids), range(n, n + 1), tuple(obj_id(game, o) for o in magnets), best)
    if best:
        game.trace.add("magnet_forced", game.data.cite("target.magnet"), targets=magnets)
    answer = set(game.ask(Choice("target", link.controller, link.source.id, space, slot=name)))
    chosen = [o for o in legal if obj_id(game, o) in answer]
    game.trace.add("targets", game.data.cite("target.choose"), player=game.player_ref(link.controller), link=LinkRef(link.uid), targets=chosen)
    return chosen


def _random_targets(game: "Game", legal: list[Obj], magnets: list[Obj], n: int) -> list[Obj]:
    """[target.random]: the legal set first; magnets are drawn at random before anything else."""
    rng = game.state.rng
    chosen: list[Obj] = []
    for _ in range(min(n, len(legal))):
        pool = [o for o in magnets if o not in chosen] or [o for o in legal if o not in chosen]
        chosen.append(pool[rng.randrange(len(pool))])
    return chosen


def _distribute(game: "Game", link: "Link", slot: dict[str, Any], chosen: list[Obj]) -> None:
    """[target.distribute]: every target gets a positive whole amount; nothing non-zero over zero targets; amount locked."""
    spec = slot["distribute"]
    total = int(eval_static(game, spec, link))
    name = slot.get("name", "target")
    if not isinstance(spec, int):
        link.locked[f"{name}.amount"] = total
        game.trace.add("locked", game.data.cite("target.distribute"), what=game.data.text("distribute_total"), amount=total)
    if not chosen:
        if total > 0:
            raise CannotAdd("distribute_zero")
        return
    if total < len(chosen):
        raise CannotAdd("distribute_positive")
    if game.data.raw.get("distribute_on_resolution"):  # [target.distribute]: the game's rules divide it on resolution
        link.locked[f"{name}.total"] = total
        return
    _divide(game, link, name, total, chosen)


def _divide(game: "Game", link: "Link", name: str, total: int, objs: list[Obj]) -> None:
    """The controller divides ``total`` among ``objs``, each a positive whole amount [target.distribute]."""
    ids = [obj_id(game, o) for o in objs]
    space = Compositions(tuple(ids), total)  # counted first: listed only when there are few
    options = space if space.count > ENUMERATE_MAX else tuple(tuple(zip(ids, parts)) for parts in _compositions(total, len(objs)))
    answer = game.ask(Choice("distribute", link.controller, link.source.id, options, slot=name))
    link.distribution[name] = {o: amount for o, (_, amount) in zip(objs, answer)}
    game.trace.add("distribute", game.data.cite("target.distribute"), player=game.player_ref(link.controller), distribution=dict(zip(objs, [a for _, a in answer])))


def divide_on_resolution(game: "Game", link: "Link", legal: dict[str, list[Obj]]) -> None:
    """[target.distribute] where the game's data says ``distribute_on_resolution`` (its rules have the division
    announced on resolution): each distributing slot's amount is divided now among its targets that are still legal."""
    if not game.data.raw.get("distribute_on_resolution"):
        return
    for slot in all_slots(link):
        name = slot.get("name", "target")
        objs = legal.get(name) or []
        if slot.get("distribute") and objs and name not in link.distribution:
            _divide(game, link, name, int(link.locked[f"{name}.total"]), objs)


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """All ways to write ``total`` as ``parts`` positive whole numbers, in order."""
    if parts == 1:
        return [(total,)]
    return [(first,) + rest for first in range(1, total - parts + 2) for rest in _compositions(total - first, parts - 1)]


def recheck(game: "Game", link: "Link") -> tuple[dict[str, list[Obj]], list[tuple[Obj, str]]]:
    """[resolve.recheck]: which targets are still legal (description, same object, same position, still targetable)."""
    by_run: dict[int, dict[str, dict[str, Any]]] = {}
    legal: dict[str, list[Obj]] = {}
    illegal: list[tuple[Obj, str]] = []
    for name, objs in link.targets.items():
        base, n = split_run(name)  # [keyword.repeat]: ``slot#2`` is that slot for the second execution
        if n not in by_run:
            by_run[n] = {s.get("name", "target"): s for s in all_slots(link, n)}
        slot = by_run[n].get(base, {})
        legal[name] = []
        for o in objs:
            why = check(game, link, slot, o)
            if why is None:
                legal[name].append(o)
            else:
                illegal.append((o, why))
    return legal, illegal


def split_run(name: str) -> tuple[str, int]:
    """A slot (or mode) name and the execution it belongs to: ``target#2`` → (``target``, 2); ``target`` → 1."""
    base, _, run = name.partition("#")
    return base, int(run) if run.isdigit() else 1


def all_slots(link: "Link", n: int = 1) -> list[dict[str, Any]]:
    """The link's target slots for its n-th execution: its own, then those of the modes chosen for it [target.choose]
    (a repeated execution's modes may be others [keyword.repeat])."""
    slots = list(link.text.get("targets") or [])
    modes = (link.text.get("modes") or {}).get("options") or []
    for i in link.modes_of(n):
        slots += list(modes[i].get("targets") or [])
    return slots


# --- the language ---------------------------------------------------------------------------------------------------
MECHANISM = Mechanism("targets", "target slots, choosing targets and their legality, changing a target",
                      requires=("references", "filters", "numbers", "choices", "triggers"))
M = MECHANISM

SLOT = M.define("slot", Map({
    "name": Field(Str(min_len=1), "the slot's name, by which steps refer to its targets (default target)"),
    "filter": Field(Ref("filter"), "what a legal target is"),
    "count": Field(Either(Int(0), Map({"min": Ref("number"), "max": Ref("number"), "up_to": Ref("number")})),
                   "how many targets (default 1), or a range chosen as the link is added [target.count]"),
    "zones": Field(ListOf(Either(Enum(_zones), Enum(("field",)))), "where targets may be (default the field)"),
    "player": Field(Bool(), "players may be chosen too"),
    "on_chain": Field(Bool(), "it targets links on the chain (an interrupt)"),
    "effects": Field(Bool(), "on_chain: links that are effects (abilities) may be chosen too"),
    "random": Field(Bool(), "the targets are chosen at random [target.random]"),
    "distribute": Field(Ref("amount"), "an amount divided among the targets [target.distribute]"),
    "again": Field(Bool(), "the same object may be chosen for this slot as for an earlier one"),
}, doc="a target slot"))
M.define("slots", ListOf(SLOT, doc="the target slots, chosen in order as the link is added"))


def _answer_ids(answer: Any) -> list[str]:
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, list):
        return [a for a in answer if isinstance(a, str)]
    if isinstance(answer, dict):
        return [a for a in answer if isinstance(a, str)]
    return []


def answers_targets(answer: Any, at: Any) -> None:
    """A target answer names cards, players or links of the file (a link by its card), of the kind its slot takes."""
    from judge.engine.mechanisms.choices import chosen_slot_kinds

    kinds = chosen_slot_kinds(at)  # what the slots this entry can answer take (None: not known)
    scope = at.scope
    if isinstance(answer, list):  # [target.choose]: the targets of one slot are different objects
        from judge.engine.mechanisms.choices import fixed_counts

        twice = sorted({x for x in answer if isinstance(x, str) and answer.count(x) > 1})
        if twice:
            at.problem("target_twice", names=twice)
        counts = fixed_counts(at) if at.path and at.path[-1] == "target" else None
        if counts is not None and len(answer) not in counts:
            at.problem("target_count", found=len(answer), counts=[str(n) for n in sorted(counts)])
    for x in _answer_ids(answer):
        base = x.split("#")[0]
        if not base:
            continue
        if base in scope.players:
            if kinds is not None and not kinds & {"any"}:
                at.problem("answer_player", name=base)
        elif base in scope.cards or base in scope.tokens:
            continue
        else:
            names = sorted({*scope.cards, *scope.tokens, *scope.players})
            at.problem("card_or_player", name=base, near=(base, names))


TARGET_SLOTS = ("target", "count", "distribute", "new_target")
M.word("choice", "target", Either(Str(min_len=1), ListOf(Str(min_len=1), min_items=1)), doc="the targets of one slot "
       "(none at all is answered with count: 0)",
       check=answers_targets, extra={"slots": "ability"})
M.word("choice", "count", Int(0), doc="how many targets, for a variable count", extra={"slots": "ability"})
M.word("choice", "distribute", Map(keys=Str(min_len=1), values=Int(1)), doc="how an amount is divided: {target: amount}",
       check=answers_targets, extra={"slots": "ability"})
M.word("choice", "new_target", Str(min_len=1), doc="the new target of a link whose target is changed",
       check=answers_targets, extra={"slots": "ability"})


def link_slot(value: Any, at: Any) -> None:
    """The name of a slot of this ability that targets links on the chain."""
    if at.scope.slot_kind(value) != "link":
        links = [n for n, k in at.scope.slots if k == "link"]
        at.problem("link_slot", name=value, slots=links, near=(value, links))


LINK_SLOT = Custom(link_slot, {"type": "string"}, ("string",), doc="a slot of this ability that targets links (on_chain)")


@M.declare("step", "change_target", Map({"link": LINK_SLOT}, required=("link",)),
           doc="the targeted link gets another target, legal from its controller's view (none: unchanged)",
           rules=("target.change",), phrases=("change_target", "change_target_none", "cannot"))
def change_target(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[target.change]: pick another target, legal from the changed link's controller's view; none → unchanged."""
    st = game.state
    for obj in ctx.legal.get(spec["link"], []):
        if not isinstance(obj, LinkRef) or st.link(obj.uid) is None:
            continue
        other = st.link(obj.uid)
        assert other is not None
        slots = all_slots(other)
        if len(slots) != 1 or len(other.targets.get(slots[0].get("name", "target"), [])) != 1:
            game.trace.add("cannot", game.data.cite("target.change"), what=game.data.text("not_single_target"))
            return False
        slot = slots[0]
        name = slot.get("name", "target")
        current = other.targets[name][0]
        options_objs = [o for o in candidates(game, other, slot, {current})]
        if not options_objs:
            game.trace.add("change_target_none", game.data.cite("target.change"), link=obj)
            return False
        by_name = {obj_id(game, o): o for o in options_objs}
        answer = game.ask(Choice("new_target", ctx.controller, ctx.source.id, tuple(sorted(by_name)), slot=name))
        new = by_name[answer]
        other.targets[name] = [new]
        game.trace.add("change_target", game.data.cite("target.change"), player=PlayerRef(ctx.controller), link=obj, targets=[new])
        if isinstance(new, CardRef):  # [target.change]: it triggers what triggers on becoming a target
            events.emit(game, events.Event("targeted", new, player=other.controller, data={"link": other.uid}))
    return True


M.hook("apply:targeted")(events.nothing)
M.word("event", "targeted", events.TRIGGER, events.kind_is("targeted"), doc="a card becomes a target",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
