"""Replacement and prevention (716, 717): an event about to happen is changed before it happens, without the chain.

Replacement effects come from abilities of cards on the field (``kind: replacement``), from armor (717.2c) and from
resolving links (steps ``replace``/``prevent``). Each applies at most once to an event and to what it produced
(716.1e); the affected player, or for damage packets the player 717.3a/b names, picks the order (716.1b).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice, scenario_names
from judge.engine.errors import InvalidInput
from judge.engine.options import ENUMERATE_MAX
from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game

PACKETS = ("damage", "repair")


@dataclass
class ReplEffect:
    """One replacement or prevention effect in force."""

    rid: str  # stable id: what 716.1e remembers
    source: CardRef
    controller: str
    spec: dict[str, Any]
    text: Text
    refs: dict[str, list[CardRef]] = field(default_factory=dict)  # names bound when a link created it
    until: str = "game"
    remaining: int | None = None  # 717.2a: a shield that shrinks as it prevents
    used_link: int | None = None  # 717.4: the resolution "the next time" is spent on
    optional: bool = False  # 717.2c: an armor its controller may exhaust
    ts: int = 0

    @property
    def prevention(self) -> bool:
        s = self.spec
        return any(k in s for k in ("prevent", "shield", "first_each_turn")) or self.rid.startswith("armor:")

    def increases(self, ev: "Event") -> bool:
        """717.3a: it would increase this packet's amount (adding, or setting a larger one) or change its combat mark,
        its damage type or whether it can be prevented."""
        s, d = self.spec, ev.data
        if isinstance(s.get("add"), int) and s["add"] > 0:
            return True
        if isinstance(s.get("set_amount"), int) and s["set_amount"] > int(d.get("amount", 0)):
            return True
        return ("type" in s and s["type"] != d.get("type")) or ("combat" in s and bool(s["combat"]) != bool(d.get("combat"))) \
            or ("preventable" in s and bool(s["preventable"]) != bool(d.get("preventable", True)))


# --- gathering ------------------------------------------------------------------------------------
def in_force(game: "Game") -> list[ReplEffect]:
    """Replacement effects that exist now: field abilities, armor, and those links created (716.1c)."""
    from judge.engine import continuous

    st = game.state
    out: list[ReplEffect] = []
    armor_changed = any("armor" in e.writes() for e in continuous.in_force(game))
    for card in st.cards.values():
        if not game.is_field(card.zone):
            continue
        abilities = list(card.abilities) + [g.ability for g in card.granted]
        for i, ab in enumerate(abilities):
            if ab.get("kind") == "replacement":
                out.append(ReplEffect(f"{card.id}:{i}", card.ref, card.controller, ab.get("replace") or {},
                                      Text(ab.get("text", "…"), ab.get("text_en", "")), ts=card.ts))
        if card.armor and card.type not in ("reinforcement", "vehicle", "squad", "commander") and card.attached_to:
            host = st.cards.get(card.attached_to)
            # 717.2c: "除非特别说明，所有指挥官（且仅有指挥官）可以装备护甲"; an armor not exhausted, value ≥ 1
            if host is not None and host.type in card.armor_for and not card.exhausted and game.chars(card)["armor"]:
                out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "attached"},
                                      Text(f"护甲值 {game.chars(card)['armor']}", f"armor {game.chars(card)['armor']}"),
                                      optional=True, ts=card.ts))
        elif game.data.types.get(card.type, {}).get("unit") and (card.armor is not None or armor_changed) \
                and (game.chars(card)["armor"] or 0) >= 1:
            out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "self"},
                                  Text(f"护甲值 {game.chars(card)['armor']}", f"armor {game.chars(card)['armor']}"), ts=card.ts))
    out += [r for r in st.repl_effects]
    return out


# --- matching -------------------------------------------------------------------------------------
def _ref_match(game: "Game", r: ReplEffect, spec: Any, ref: CardRef | None) -> bool:
    from judge.engine.targets import matches_filter

    if spec is None:
        return True
    if ref is None:
        return False
    if spec == "self":
        return ref == r.source
    if spec == "attached":
        host = game.state.cards[r.source.id]
        return host.attached_to == ref.id and game.state.is_current(ref)
    if isinstance(spec, str):
        return ref in r.refs.get(spec, [])
    card, _ = game.state.view(ref)
    return matches_filter(game, card, spec, r.controller, None) is None


def matches(game: "Game", r: ReplEffect, ev: "Event") -> bool:
    """Does this effect replace this event as it is now?"""
    s = r.spec
    kind = s.get("event", "damage")
    if kind == "packet":
        if ev.kind not in PACKETS:
            return False
    elif kind == "destroyed":
        if ev.kind != "move" or ev.data.get("cause") not in ("destroy", "lethal") or ev.data.get("to") != game.data.graveyard:
            return False
    elif kind != ev.kind:
        return False
    if ev.kind in PACKETS:
        d = ev.data
        if r.prevention and not d.get("preventable", True):
            return False  # 717.2c, 717.3b: a packet that cannot be prevented
        if "damage_type" in s and d.get("type") != s["damage_type"]:
            return False
        if "combat" in s.get("match", {}) and bool(d.get("combat")) != bool(s["match"]["combat"]):
            return False
        if not _ref_match(game, r, s.get("from"), d.get("source")):
            return False
        if s.get("controller") == "you" and ev.player != r.controller:
            return False
        if s.get("targeted") and not d.get("targeted"):
            return False
        if "by" in s:
            from judge.engine.targets import matches_filter

            src = d.get("link_source")
            if src is None:
                return False
            card, _ = game.state.view(src)
            if matches_filter(game, card, s["by"], r.controller, None) is not None:
                return False
    if ev.kind == "draw":
        if s.get("player") == "you" and ev.player != r.controller:
            return False
        if s.get("player") == "opponent" and ev.player == r.controller:
            return False
    elif not _ref_match(game, r, s.get("to"), ev.card):
        return False
    if "shield" in s and int(s["shield"]) - game.state.shield_used.get(r.rid, 0) < 1:
        return False  # 717.2a: a used-up shield is gone
    if "first_each_turn" in s and _first_left(game, r, ev) <= 0:
        return False  # 717.5: used up for the rest of the turn
    return True


def _first_left(game: "Game", r: ReplEffect, ev: "Event") -> int:
    """717.5: X less each point the character was dealt or had prevented this turn."""
    assert ev.card is not None
    st = game.state
    return int(r.spec["first_each_turn"]) - st.turn_damage.get(ev.card.id, 0) - st.turn_prevented.get(f"{r.rid}@{ev.card.id}", 0)


# --- choosing -------------------------------------------------------------------------------------
def _chooser(game: "Game", ev: "Event", cands: list[ReplEffect]) -> tuple[str, list[ReplEffect], tuple[str, ...]]:
    """716.1b, 717.3a/b: who picks the next replacement, and among which."""
    st = game.state
    if ev.kind in PACKETS:
        up = [r for r in cands if r.increases(ev)]
        if len(up) >= 2:  # 717.3a: the packet's controller
            return str(ev.player), up, ("717.3", "717.3a")
        assert ev.card is not None
        dest, _ = st.view(ev.card)
        return dest.controller, cands, ("717.3", "717.3b")  # 717.3b: the destination's controller
    if ev.card is not None:
        card, _ = st.view(ev.card)
        return card.controller, cands, ("716.1b",)
    return str(ev.player), cands, ("716.1b",)


def replace(game: "Game", ev: "Event") -> "Event | None":
    """716.1: apply every replacement that matches, one at a time, in the order the right player picks."""
    existing = in_force(game)  # 716.1c: only effects that exist before the event can replace it
    if not existing:
        return ev
    applied: set[str] = ev.data.setdefault("applied", set())
    while True:
        live = _live(game, existing)
        cands = [r for r in live if r.rid not in applied and matches(game, r, ev)]
        if not cands:
            done = [r for r in live if r.rid in applied and matches(game, r, ev)]
            if done:  # 716.1e: an effect that already changed this event (or what it came from) does not again
                game.trace.add("repl_done", ("716.1e",), cards=[r.source for r in done], eid=ev.data.get("eid"))
            return ev
        who, pool, cites = _chooser(game, ev, cands)
        names = scenario_names([r.source.id for r in pool])
        options: tuple[str, ...] = tuple(names)
        if all(r.optional for r in pool):
            options = options + ("none",)  # 717.2c: "you may exhaust an armor"
        pick = game.ask(Choice("replacement", who, None, options)) if len(options) > 1 else options[0]
        if len(pool) > 1 or pick == "none":
            game.trace.add("replacement_order", cites, player=PlayerRef(who), text=Text(str(pick)))
        if pick == "none":
            return ev
        r = pool[names.index(pick)]
        applied.add(r.rid)  # 716.1e: never again to this event or what it produces
        out = _apply(game, r, ev)
        if out is None:
            return None
        ev = out


def _live(game: "Game", existing: list[ReplEffect]) -> list[ReplEffect]:
    st = game.state
    return [r for r in existing if not r.rid.startswith("e:") or any(r is x for x in st.repl_effects)]


def _apply(game: "Game", r: ReplEffect, ev: "Event") -> "Event | None":
    """Change the event; None if it no longer happens (prevented, skipped or replaced by other steps)."""
    from judge.engine import events, triggers
    from judge.engine.effects import Context, run_ops

    st = game.state
    s = r.spec
    if s.get("next") and r.used_link is None:
        r.used_link = game.resolving  # 717.4: spent when this batch of events ends (Game.batch)
        game.spent_next.append(r)
    base = {"eid": ev.data.get("eid"), "rid": r.rid, "card": r.source, "text": r.text}
    if ev.kind in PACKETS and r.prevention:
        amount = int(ev.data["amount"])
        if r.rid.startswith("armor:"):
            armor_card = st.cards[r.source.id]
            cap = int(game.chars(armor_card)["armor"] or 0)
            if r.optional:  # 717.2c: exhaust the armor to use it
                events.emit(game, events.Event("exhaust", armor_card.ref, data={"cites": ("717.2c",)}))
            cites: tuple[str, ...] = ("717.2", "717.2c")
        elif "first_each_turn" in s:
            cap = _first_left(game, r, ev)
            cites = ("717.2", "717.5")
        elif "shield" in s:
            r.remaining = int(s["shield"]) - st.shield_used.get(r.rid, 0)
            cap = r.remaining
            cites = ("717.2", "717.2a")
        else:
            cap = amount if s["prevent"] == "all" else int(s["prevent"])
            cites = ("717.2", "717.2a")
        prevented = min(amount, cap)
        if "shield" in s and r.remaining is not None:
            st.shield_used[r.rid] = st.shield_used.get(r.rid, 0) + amount  # 717.2a: it goes down by the packet's X
            r.remaining -= amount
            if r.remaining < 1:
                if any(r is x for x in st.repl_effects):
                    st.repl_effects.remove(r)
                game.trace.add("shield_gone", ("717.2a",), card=r.source)
        if "first_each_turn" in s and ev.card is not None:
            key = f"{r.rid}@{ev.card.id}"
            st.turn_prevented[key] = st.turn_prevented.get(key, 0) + prevented
        ev.data["amount"] = amount - prevented
        game.trace.add("prevented", cites, **base, target=ev.card, amount=prevented, left=ev.data["amount"])
        if prevented > 0 and ev.card is not None:  # 717.2d: partly or fully prevented damage triggers "when prevented"
            triggers.collect(game, events.Event("prevented", ev.card, player=ev.player,
                                                data={"amount": prevented, "source": ev.data.get("source"), "trigger_cites": ("717.2d",)}))
        if ev.data["amount"] < 1:  # 717.2a, 717.2b: the packet vanishes
            game.trace.add("packet_gone", ("717.2a", "717.2b"), target=ev.card)
            return None
        return ev
    if "instead" in s or s.get("skip"):
        game.trace.add("replaced_instead", ("716.1", "716.1a", "716.1d"), **base, what=Text(ev.kind))
        if s.get("instead"):
            ctx = Context(game, None, r.controller, r.source, {"self": r.source, "event": ev.card} if ev.card else {"self": r.source})
            saved = game.inherit
            game.inherit = set(ev.data["applied"])
            try:
                run_ops(game, ctx, list(s["instead"]))  # 716.1d: replaced even if these cannot be done
            finally:
                game.inherit = saved
        return None
    if "split" in s and ev.kind in PACKETS:
        return _split(game, r, ev, base)
    changes: list[str] = []
    if "add" in s:
        ev.data["amount"] = int(ev.data["amount"]) + int(s["add"])
        changes.append(f"amount {int(ev.data['amount']) - int(s['add'])}→{ev.data['amount']}")
    if "set_amount" in s:
        ev.data["amount"] = int(s["set_amount"])
        changes.append(f"amount→{ev.data['amount']}")
    for k in ("type", "combat", "preventable"):
        if k in s:
            ev.data[k] = s[k]
            changes.append(f"{k}→{s[k]}")
    if "zone" in s and ev.kind == "move":
        ev.data["to"] = s["zone"]
        ev.data["cause"] = "move"
        changes.append(f"zone→{s['zone']}")
    cites = ("716.1", "716.1c", "717.1") if ev.kind in PACKETS else ("716.1", "716.1c")
    if s.get("next"):
        cites += ("717.4",)  # every packet of this one resolution counts as "the next time"
    game.trace.add("replaced", cites, **base, what=Text(", ".join(changes)))
    return ev


def _split(game: "Game", r: ReplEffect, ev: "Event", base: dict[str, Any]) -> None:
    """717.6: the packet becomes packets to characters the effect's controller picks, with amounts they pick."""
    from itertools import combinations

    from judge.engine import events
    from judge.engine.targets import _compositions, matches_filter

    st = game.state
    amount = int(ev.data["amount"])
    pool = [c.ref for c in st.cards.values() if game.is_field(c.zone) and game.data.types.get(c.type, {}).get("unit")
            and matches_filter(game, c, r.spec["split"].get("among") or {}, r.controller, None) is None]
    options: list[tuple[tuple[str, int], ...]] = []
    ways = sum(math.comb(len(pool), k) * math.comb(amount - 1, k - 1) for k in range(1, min(len(pool), amount) + 1))
    if ways > ENUMERATE_MAX:  # counted first: a split is listed only when the ways to make it are few
        raise InvalidInput(f"717.6: {ways} ways to split {amount} damage over {len(pool)} characters, more than "
                           f"{ENUMERATE_MAX} can be offered as a choice; use a smaller amount or fewer characters")
    for k in range(1, min(len(pool), amount) + 1):
        for group in combinations(pool, k):
            for parts in _compositions(amount, k):
                options.append(tuple((g.id, p) for g, p in zip(group, parts)))
    if not options:
        return None
    answer = game.ask(Choice("distribute", r.controller, r.source.id, tuple(options), slot="split"))
    game.trace.add("split", ("717.6",), **base, player=PlayerRef(r.controller), distribution={st.cards[i].ref: n for i, n in answer})
    saved = game.inherit
    game.inherit = set(ev.data["applied"])
    try:
        for cid, n in answer:
            data = {k: v for k, v in ev.data.items() if k not in ("applied", "eid")}
            data["amount"] = n
            events.emit(game, events.Event(ev.kind, st.cards[cid].ref, player=ev.player, data=data))
    finally:
        game.inherit = saved
    return None


# --- creating effects from a resolving link --------------------------------------------------------
def create(game: "Game", ctx: Any, spec: dict[str, Any], prevention: bool) -> bool:
    """A link creates a replacement (``replace``) or prevention (``prevent``) effect with a duration (714.3)."""
    from judge.engine.effects import cards as card_refs

    st = game.state
    refs: dict[str, list[CardRef]] = {}
    for key in ("to", "from"):
        v = spec.get(key)
        if isinstance(v, str) and v not in ("self", "attached"):
            refs[v] = card_refs(ctx, v)
    from judge.engine.effects import value

    inner = dict(spec)
    if prevention and not any(k in inner for k in ("prevent", "shield", "first_each_turn")):
        inner["prevent"] = "all"
    for k in ("shield", "first_each_turn", "add", "set_amount"):  # amounts are read as the link resolves
        if k in inner and not isinstance(inner[k], int):
            inner[k] = int(value(ctx, inner[k]))
    if isinstance(inner.get("prevent"), dict):
        inner["prevent"] = int(value(ctx, inner["prevent"]))
    if any(k in inner and isinstance(inner[k], int) and inner[k] < 1 for k in ("shield", "first_each_turn", "prevent")):
        game.trace.add("cannot", ("717.2",), what=Text("防止 0 点损伤", "prevent 0 damage"))
        return False
    r = ReplEffect(f"e:{st.next_eid}", ctx.source, ctx.controller, inner, Text(spec.get("text", "…"), spec.get("text_en", "")),
                   refs, str(spec.get("until", "game")), ts=st.tick())
    st.next_eid += 1
    st.repl_effects.append(r)
    game.trace.add("repl_created", ("717.2" if prevention else "716.1", "714.3"), text=r.text, card=ctx.source,
                   player=PlayerRef(ctx.controller))
    return True


def end_resolution(game: "Game", uid: int) -> None:
    """717.4: a "next time" effect used during this resolution (or batch of events) is spent when it ends."""
    st = game.state
    for r in list(game.spent_next):
        if r.used_link == uid:
            if r in st.repl_effects:
                st.repl_effects.remove(r)
            game.spent_next.remove(r)


def end(game: "Game", until: str) -> None:
    """Replacement effects with this duration end."""
    st = game.state
    st.repl_effects = [r for r in st.repl_effects if r.until != until]
