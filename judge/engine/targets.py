"""Targets [target.choose]: descriptions and legality, magnets, random targeting, re-checking on resolution [resolve.recheck]."""

from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.errors import CannotAdd
from judge.engine.options import ENUMERATE_MAX, Compositions, Subsets
from judge.engine.refs import CardRef, LinkRef, Obj, PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card, Link


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


def matches_filter(game: "Game", card: "Card", flt: dict[str, Any], controller: str, link: "Link | None",
                   vals: dict[str, Any] | None = None) -> str | None:
    """Why ``card`` does not fit the description ``flt`` (seen from ``controller``), or None.

    Power and health are the current ones (continuous effects applied), or ``vals`` while continuous effects are being applied.
    """
    from judge.engine.effects import eval_static

    cur = vals if vals is not None else game.chars(card)  # current characteristics (continuous effects applied)
    types = flt.get("type")
    if types is not None:
        wanted = [types] if isinstance(types, str) else list(types)
        kinds = {cur["type"], *card.more_types}
        kinds |= {"unit"} if any(game.data.is_unit(k) for k in kinds) else set()
        if not kinds & set(wanted):
            return "type"
    if "subtype" in flt and flt["subtype"] not in cur["subtypes"]:
        return "subtype"
    if "faction" in flt and flt["faction"] not in card.factions:
        return "faction"
    if "blank" in flt and bool(cur["no_abilities"]) != bool(flt["blank"]):
        return "blank"
    if "attacking" in flt and bool(game.state.combat and game.state.combat.get("attacker") == card.ref) != bool(flt["attacking"]):
        return "attacking"
    if "owner" in flt and (card.owner == controller) != (flt["owner"] == "you"):
        return "owner"
    who = flt.get("controller")
    if who == "you" and card.controller != controller:
        return "controller"
    if who == "opponent" and card.controller == controller:
        return "controller"
    if "exhausted" in flt and card.exhausted != bool(flt["exhausted"]):
        return "exhausted" if not flt["exhausted"] else "ready"
    for stat in ("cost", "power", "health"):
        if stat in flt:
            if stat == "cost":
                value = card.cost
            else:
                value = cur[stat]
            bounds = flt[stat]
            if value is None:
                return stat
            if "lte" in bounds and value > eval_static(game, bounds["lte"], link):
                return stat
            if "gte" in bounds and value < eval_static(game, bounds["gte"], link):
                return stat
    if "status" in flt and flt["status"] not in card.status:
        return "status"
    if flt.get("not") == "self" and link is not None and card.id == link.source.id:
        return "self"
    if "named" in flt and card.name.get("zh") != flt["named"]:
        return "type"  # [effect.name]: a card with the name a player named
    if "played_besides" in flt:  # [play.finalized]: its controller has played another such card this turn
        from judge.engine.history import played_besides

        if not played_besides(game, card, flt["played_besides"]):
            return "played"  # [play.finalized]
    return game.data.filter_reason(game, card, flt, controller, link)  # the keys a game adds


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
        why = game.data.target_reason(game, link, card)  # the game's own rules on who can be chosen
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
    from judge.engine.effects import eval_static

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
    n = game.ask(Choice("count", link.controller, link.source.id, options, slot=slot.get("name", "target")))
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
    from judge.engine.effects import eval_static

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
    slots = {s.get("name", "target"): s for s in all_slots(link)}
    legal: dict[str, list[Obj]] = {}
    illegal: list[tuple[Obj, str]] = []
    for name, objs in link.targets.items():
        slot = slots.get(name.split("#")[0], {})  # [keyword.repeat]: ``slot#2`` is that slot for the second execution
        legal[name] = []
        for o in objs:
            why = check(game, link, slot, o)
            if why is None:
                legal[name].append(o)
            else:
                illegal.append((o, why))
    return legal, illegal


def all_slots(link: "Link") -> list[dict[str, Any]]:
    """The link's target slots: its own, then those of the modes chosen [target.choose]."""
    slots = list(link.text.get("targets") or [])
    modes = (link.text.get("modes") or {}).get("options") or []
    for i in link.modes:
        slots += list(modes[i].get("targets") or [])
    return slots
