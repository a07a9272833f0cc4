"""Continuous effects (714), timestamps (718) and dependency (719): a card's current power, health and armor.

Every continuous effect in force is gathered each time (abilities of cards on the field, 714.2; effects created by
links, 714.3; counters, 718.2g), ordered by timestamp with dependent effects after what they depend on (719.2,
719.3), and applied in that order. The result is cached until the next event changes the game.

Effects with the same timestamp started at the same time (718.3): the turn player's come first, then each next player's
clockwise (the turn player of the moment the timestamp was taken, so the order does not change when turns pass), and
each player chooses the order of their own ("timestamps" choice). The choice is asked only when it changes a card's
result: when a player has one such effect touching the card, or every order gives the same characteristics and rule
effects, the file order is used and nothing is asked. A choice once made is kept for the rest of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

CHARS = ("power", "health", "armor")


@dataclass
class ContEffect:
    """One continuous effect: what it changes, on which cards, under which condition, for how long."""

    eid: int
    source: CardRef
    controller: str
    text: Text
    add: dict[str, Any] = field(default_factory=dict)  # characteristic -> number spec (added)
    set: dict[str, Any] = field(default_factory=dict)  # characteristic -> number spec (set to)
    cannot: list[str] = field(default_factory=list)  # rule effects: attack, guard
    affects: dict[str, Any] = field(default_factory=dict)  # {filter: …} (714.3e) | {cards: [CardRef]} (714.3f)
    cond: dict[str, Any] | None = None  # 714.3a: "while …", not a duration
    until: str = "game"  # 714.3: game (default) | turn | combat
    ts: int = 0
    origin: str = "link"  # ability (714.2) | link (714.3) | event (718.2e) | counters (718.2g)
    ts_rule: str = "718.2d"
    as_long_as: dict[str, Any] | None = None  # 714.3b
    since: int = 0  # 714.3b: the clock when the link was created; the card must not have changed since
    order: tuple[int, ...] = ()  # default order among one player's simultaneous effects (file order; 718.3 lets them choose)

    def writes(self) -> set[str]:
        return set(self.add) | set(self.set)

    def reads(self) -> frozenset[str]:
        """Characteristics its applicability or amount reads (what it can depend on, 719.1); worked out once (an
        effect's filter, condition and amounts do not change once it exists)."""
        cached = self.__dict__.get("_reads_cache")
        if cached is not None:
            return cached
        out: set[str] = set()
        _reads(self.affects.get("filter"), out)
        _reads(self.cond, out)
        for spec in list(self.add.values()) + list(self.set.values()):
            _reads(spec, out)
        self.__dict__["_reads_cache"] = frozenset(out)
        return self.__dict__["_reads_cache"]


def _reads(spec: Any, out: set[str]) -> None:
    if isinstance(spec, dict):
        for k, v in spec.items():
            if k in CHARS:
                out.add(k)
            _reads(v, out)
    elif isinstance(spec, list):
        for v in spec:
            _reads(v, out)


@dataclass
class Applied:
    """One line of ``--explain``: an effect applied to a characteristic, and why at that point."""

    eid: int
    source: CardRef
    text: Text
    char: str
    before: int | None
    after: int | None
    ts: int
    ts_rule: str
    reason: str  # timestamp (718.1) | simultaneous (one timestamp, 718.3) | dependency (719.2) | loop (719.3)
    depends_on: list["Dep"] = field(default_factory=list)


@dataclass(frozen=True)
class Dep:
    """One effect another depends on (719.1), and which part of 719.1 makes it so."""

    eid: int
    source: CardRef
    text: Text
    kind: str  # applies: it changes whether the dependent applies | amount: what it does | value: the value it changes
    char: str = ""  # for "value": the characteristic both change


# --- gathering ------------------------------------------------------------------------------------
def _seat_rank(game: "Game", player: str, ts: int) -> int:
    """718.3: seat from the turn player of the moment the timestamp was taken."""
    st = game.state
    return st.seat_order_from(st.ts_turn.get(ts, st.turn)).index(player)


def _ability_effects(game: "Game") -> list[ContEffect]:
    """714.2: effects of continuous abilities of cards on the field, with the card's timestamp (718.2f)."""
    st = game.state
    out: list[ContEffect] = []
    for i, card in enumerate(st.cards.values()):
        if not game.is_field(card.zone):
            continue
        printed = [(ab, card.ts, "718.2f") for ab in card.abilities]
        granted = [(g.ability, g.ts, "718.2f") for g in card.granted]
        for j, (ab, ts, rule) in enumerate(printed + granted):
            if ab.get("kind") != "continuous" or "when" in ab:
                continue
            eff = from_spec(game, ab, card.ref, card.controller, {"self": card.ref}, ts, "ability", rule)
            eff.eid = -(i * 100_000 + j + 1)  # stable ids for ability effects (recomputed each time)
            eff.order = (i, j)
            out.append(eff)
        for k, kind in enumerate(CHARS if card.counters else ()):  # 718.2g: counters, timestamped when put on the card
            for p, (ts, n) in enumerate(_counter_parts(card, kind)):
                eff = ContEffect(-(i * 100_000 + 50_000 + k * 10_000 + p), card.ref, card.controller,
                                 Text(f"{kind}指示物 {n:+d}", f"{kind} counters {n:+d}"), add={kind: n},
                                 affects={"cards": [card.ref]}, ts=ts, origin="counters", ts_rule="718.2g", order=(i, 90 + k, p))
                out.append(eff)
    return out


def _counter_parts(card: "Card", kind: str) -> list[tuple[int, int]]:
    """718.2g: the counters of one kind as (timestamp, number) per placement. Those the card had when it entered its
    zone (or at the start of the game) take the card's timestamp; each later placement its own."""
    total = card.counters.get(kind, 0)
    placed = [(ts, n) for ts, n in card.counter_ts.get(kind, []) if n]
    rest = total - sum(n for _, n in placed)
    return ([(card.ts, rest)] if rest else []) + placed


def from_spec(game: "Game", spec: dict[str, Any], source: CardRef, controller: str, bindings: dict[str, Any],
              ts: int, origin: str, ts_rule: str, refs: list[CardRef] | None = None) -> ContEffect:
    """Build an effect from an ability's or a step's mapping (``power``/``health``/``armor``/``set``/``cannot``)."""
    text = Text(spec.get("text", "…"), spec.get("text_en", ""))
    add = {k: spec[k] for k in CHARS if k in spec}
    aff_spec = spec.get("affects", spec.get("cards", "self"))
    affects: dict[str, Any]
    if refs is not None:
        affects = {"cards": list(refs)}
    elif isinstance(aff_spec, dict) and "each" in aff_spec:
        affects = {"filter": aff_spec["each"]}
    elif aff_spec == "defender":
        affects = {"defender_of": bindings.get("self", source)}
    else:
        affects = {"cards": [bindings.get("self", source)]}
    return ContEffect(0, source, controller, text, add, dict(spec.get("set") or {}), list(spec.get("cannot") or []),
                      affects, spec.get("while"), str(spec.get("until", "game")), ts, origin, ts_rule,
                      spec.get("as_long_as"))


def in_force(game: "Game") -> list[ContEffect]:
    """Every continuous effect in force now: abilities on the field, counters, and those links created."""
    cached = game.chars_cache.get(("", -1))  # one gathering per event (cleared with the characteristics)
    if cached is not None:
        return cached  # type: ignore[return-value]
    st = game.state
    live = [e for e in st.cont_effects if _lasts(game, e)]
    out = _ability_effects(game) + live
    game.chars_cache[("", -1)] = out  # type: ignore[assignment]
    return out


def _lasts(game: "Game", eff: ContEffect) -> bool:
    """714.3b: an "as long as [card] stays …" effect ends once the card stops being so, for good ("如果确实曾停止拥有
    该【特别方式】，便不会产生相应的影响"): becoming so again does not bring it back."""
    if eff.as_long_as is None:
        return True
    ref = eff.as_long_as["card"]
    st = game.state
    if not st.is_current(ref):
        return False  # 714.3b, 405.9a: it became another card
    card = st.cards[ref.id]
    return all(getattr(card, k) == v for k, v in eff.as_long_as.items() if k != "card") and not _stopped(st, eff.as_long_as, eff.since)


def _stopped(st: Any, alo: dict[str, Any], since: int) -> bool:
    """714.3b: did the card stop having the state after ``since``? (Starting to have it, e.g. exhausting it to pay
    the link's cost, is not stopping; a move makes it another card, which ``is_current`` catches.)"""
    ref = alo["card"]
    return any(st.status_left.get((ref.id, bool(v)), -1) > since for k, v in alo.items() if k == "exhausted")


# --- applying -------------------------------------------------------------------------------------
def _touches(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> bool:
    """Does the effect apply to this card with these current values (714.3e re-check, 714.3f locked cards)?"""
    from judge.engine.targets import matches_filter

    aff = eff.affects
    if "cards" in aff:
        if card.ref not in aff["cards"]:
            return False
    elif "defender_of" in aff:
        combat = game.state.combat
        if not combat or combat.get("attacker") != aff["defender_of"] or combat.get("defender") != card.ref:
            return False
    elif "filter" in aff:
        if not game.is_field(card.zone):
            return False
        if matches_filter(game, card, aff["filter"], eff.controller, None, vals) is not None:
            return False
    if card.ref in aff.get("except", ()):
        return False
    if eff.cond is not None and not condition(game, eff.cond, card, eff):
        return False  # 714.3a: only while the condition is true
    return True


def condition(game: "Game", cond: dict[str, Any], card: "Card", eff: ContEffect) -> bool:
    """714.3a conditions: ``{attacking: true}`` (the affected card attacks), ``{attacking: self}`` (the source does)."""
    combat = game.state.combat or {}
    if "attacking" in cond:
        who = cond["attacking"]
        ref = eff.source if who == "self" else card.ref
        return combat.get("attacker") == ref
    if "your_turn" in cond:
        return (game.state.turn == eff.controller) == bool(cond["your_turn"])
    return True


def _amount(game: "Game", eff: ContEffect, spec: Any, card: "Card", vals: dict[str, Any]) -> int:
    """714.2: the amount always uses the current game state; the affected card's own values are those the effects
    before this one have produced (``vals``), so an amount such as "equal to its health" sees them (719.1)."""
    from judge.engine.effects import Context, value

    if isinstance(spec, int):
        return spec
    key = (card.id, card.inc)
    fresh = key not in game.computing
    game.partial[key] = vals  # what a read of this card's own values sees meanwhile (chars)
    game.computing.add(key)
    try:
        ctx = Context(game, None, eff.controller, eff.source, {"self": eff.source, "it": card.ref})
        return int(value(ctx, spec))
    finally:
        game.partial.pop(key, None)
        if fresh:
            game.computing.discard(key)


def _apply(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> dict[str, Any]:
    out = dict(vals)
    for ch, spec in eff.set.items():
        out[ch] = _amount(game, eff, spec, card, vals)
    for ch, spec in eff.add.items():
        if out.get(ch) is None:
            continue  # 719.1: a change to power/health/armor only has a result on a card that has that value
        out[ch] = out[ch] + _amount(game, eff, spec, card, vals)
    return out


def _does(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> tuple[Any, ...]:
    """What the effect does to the card given these current values: whether it applies, the amounts it adds, the
    values it sets and the rule effects (719.1 compares this with and without another effect applied first)."""
    if not _touches(game, eff, card, vals):
        return (False,)
    return (True, tuple(sorted((ch, _amount(game, eff, spec, card, vals)) for ch, spec in eff.add.items() if vals.get(ch) is not None)),
            tuple(sorted((ch, _amount(game, eff, spec, card, vals)) for ch, spec in eff.set.items())), tuple(eff.cannot))


def depends(game: "Game", a: ContEffect, b: ContEffect, card: "Card", vals: dict[str, Any],
            memo: dict[Any, Any] | None = None) -> str | None:
    """719.1, first part: ``a`` depends on ``b`` if applying ``b`` changes whether ``a`` applies to the card
    (``"applies"``) or what ``a`` does to it (``"amount"``); None if it changes neither. ``memo`` keeps results per
    effect and values within one computation (they are pure there), so n effects cost n evaluations per value set."""
    if not (b.writes() & a.reads()):
        return None
    memo = {} if memo is None else memo
    here = (vals["power"], vals["health"], vals["armor"])
    key = ("b", id(b), here)
    if key not in memo:
        ok = _touches(game, b, card, vals)
        after_b = _apply(game, b, card, vals) if ok else vals
        memo[key] = (ok, after_b, (after_b["power"], after_b["health"], after_b["armor"]))
    ok, after_b, there = memo[key]
    if not ok:
        return None
    for v, k in ((vals, here), (after_b, there)):
        if ("a", id(a), k) not in memo:
            memo[("a", id(a), k)] = _does(game, a, card, v)
    before, after = memo[("a", id(a), here)], memo[("a", id(a), there)]
    if before == after:
        return None
    return "applies" if before[0] != after[0] else "amount"


def value_deps(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> dict[int, list[tuple[ContEffect, str]]]:
    """719.1, second part, in the reading its example supports: an effect that raises or lowers a value the card has
    (power, health, armor; 0 counts, no value does not) acts on the value the effects already changing it produced,
    so it depends on them. Effects that started at the same time are not "already" there for each other (718.3
    orders them). Only the latest earlier group is recorded: the earlier ones are reached through it.

    Such a dependency always points to an earlier timestamp, so on its own it never reorders anything. Where the first
    part already makes the earlier effect wait for the later one (its applicability or amount hinges on it), the value
    reading is not added: it would turn every such case into a loop (719.3) and let an effect apply to a card it stops
    applying to once the other has applied."""
    out: dict[int, list[tuple[ContEffect, str]]] = {}
    have: dict[int, set[int]] = {}
    cur: dict[str, tuple[int, list[ContEffect]]] = {}
    prev: dict[str, tuple[int, list[ContEffect]]] = {}
    for e in effs:  # arranged by timestamp already (718.3 order within one)
        writes = e.writes()
        if not writes:
            continue
        touches = _touches(game, e, card, base)
        for ch in sorted(e.add):
            if base.get(ch) is None:
                continue  # 719.1: a change to power/health/armor has a result only on a card with that value
            group = cur.get(ch)
            if group is not None and group[0] == e.ts:
                group = prev.get(ch)
            for b in group[1] if group is not None else ():
                seen = have.setdefault(id(e), set())
                if b is not e and id(b) not in seen:
                    seen.add(id(b))
                    out.setdefault(id(e), []).append((b, ch))
        if not touches:
            continue
        for ch in sorted(writes):
            group = cur.get(ch)
            if group is not None and group[0] == e.ts:
                group[1].append(e)
            else:
                if group is not None:
                    prev[ch] = group
                cur[ch] = (e.ts, [e])
    return out


def _reaches(start: ContEffect, goal: ContEffect, deps: dict[int, list[tuple[ContEffect, str, str]]]) -> bool:
    """Does ``start`` (transitively) depend on ``goal``?"""
    seen: set[int] = set()
    stack = [start]
    while stack:
        e = stack.pop()
        if e is goal:
            return True
        if id(e) in seen:
            continue
        seen.add(id(e))
        stack.extend(d for d, _, _ in deps.get(id(e), []))
    return False


def _in_loop(i: int, effs: list[ContEffect], deps: dict[int, list[tuple[ContEffect, str, str]]], pos: dict[int, int],
             done: list[bool]) -> bool:
    """Is effect ``i`` on a dependency loop among the effects not yet applied (rather than waiting for one)?"""
    seen: set[int] = set()
    stack = [pos[id(d)] for d, _, _ in deps[id(effs[i])] if not done[pos[id(d)]]]
    while stack:
        j = stack.pop()
        if j == i:
            return True
        if j in seen:
            continue
        seen.add(j)
        stack.extend(pos[id(d)] for d, _, _ in deps[id(effs[j])] if not done[pos[id(d)]])
    return False


def order(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any],
          extra: dict[int, list[tuple[ContEffect, str]]] | None = None) -> list[tuple[ContEffect, str, list[Dep]]]:
    """718.1, 719.2, 719.3: timestamp order (``effs`` comes arranged, 718.3); a dependent effect goes right after the
    effects it depends on. Dependencies are judged on ``base``; ``extra`` adds those found on the values the effects
    before produced (``compute``)."""
    writers: dict[str, list[ContEffect]] = {}
    for e in effs:
        for ch in e.writes():
            writers.setdefault(ch, []).append(e)
    deps: dict[int, list[tuple[ContEffect, str, str]]] = {}
    memo: dict[Any, Any] = {}
    value_deps_of = value_deps(game, effs, card, base)
    for a in effs:  # only effects whose applicability or amount reads a characteristic can depend on another this way
        reads = a.reads()
        maybe = {id(b): b for ch in reads for b in writers.get(ch, [])}
        found: list[tuple[ContEffect, str, str]] = []
        for b in (effs if maybe else ()):
            if id(b) in maybe and b is not a:
                kind = depends(game, a, b, card, base, memo)
                if kind is not None:
                    found.append((b, kind, ""))
        for b, kind in (extra or {}).get(id(a), []):
            if all(d is not b for d, _, _ in found):
                found.append((b, kind, ""))
        deps[id(a)] = found
    first_part = any(deps.values())
    for e in effs:  # in timestamp order, so a value dependency is kept or dropped the same way every time
        mine = {id(d) for d, _, _ in deps[id(e)]}
        for b, ch in value_deps_of.get(id(e), []):
            if id(b) in mine:
                continue
            if first_part and _reaches(b, e, deps):
                continue  # it would close a loop: the first part's dependency stands (see value_deps)
            deps[id(e)].append((b, "value", ch))

    def why(e: ContEffect) -> list[Dep]:
        return [Dep(b.eid, b.source, b.text, kind, ch) for b, kind, ch in deps[id(e)]]

    counts: dict[int, int] = {}
    for e in effs:
        counts[e.ts] = counts.get(e.ts, 0) + 1
    plain = {id(e): ("simultaneous" if counts[e.ts] > 1 else "timestamp") for e in effs}  # 718.3 or 718.1
    if not any(deps.values()):
        return [(e, plain[id(e)], []) for e in effs]
    return _schedule(effs, deps, why, plain)


def _schedule(effs: list[ContEffect], deps: dict[int, list[tuple[ContEffect, str, str]]],
              why: Any, plain: dict[int, str]) -> list[tuple[ContEffect, str, list[Dep]]]:
    """Repeatedly apply the earliest effect whose dependencies have all been applied (719.2); when none is left, the
    rest depend on each other in a loop: the earliest goes first (719.3). A heap keeps this O(n log n)."""
    import heapq

    pos = {id(e): i for i, e in enumerate(effs)}
    waiting = [0] * len(effs)  # dependencies of each effect not yet applied
    users: list[list[int]] = [[] for _ in effs]
    for i, e in enumerate(effs):
        for d, _, _ in deps[id(e)]:
            waiting[i] += 1
            users[pos[id(d)]].append(i)
    ready = [i for i, n in enumerate(waiting) if n == 0]
    heapq.heapify(ready)
    done = [False] * len(effs)
    first_left = 0
    out: list[tuple[ContEffect, str, list[Dep]]] = []
    while len(out) < len(effs):
        while ready and done[ready[0]]:
            heapq.heappop(ready)
        if ready:
            i = heapq.heappop(ready)
            reason = "dependency" if deps[id(effs[i])] else plain[id(effs[i])]
        else:  # 719.3: a dependency loop starts from the earliest timestamp *in the loop*
            while done[first_left]:
                first_left += 1
            i = next(j for j in range(first_left, len(effs)) if not done[j] and _in_loop(j, effs, deps, pos, done))
            reason = "loop"
        done[i] = True
        out.append((effs[i], reason, why(effs[i])))
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0 and not done[u]:
                heapq.heappush(ready, u)
    return out


def _base(card: "Card") -> dict[str, Any]:
    return {"power": card.power, "health": card.health, "armor": card.armor}


def compute(game: "Game", card: "Card") -> tuple[dict[str, Any], list[Applied], list[ContEffect]]:
    """The card's current power/health/armor, the effects applied in order, and the rule effects on it."""
    vals = _base(card)
    if not game.is_field(card.zone):
        return vals, [], []
    effs = _arrange(game, [e for e in in_force(game) if _may_touch(e, card)], card, vals)
    base = vals
    seq = _settled_order(game, effs, card, base)
    applied: list[Applied] = []
    rules: list[ContEffect] = []
    touched: set[int] = set()  # eids of the effects that applied to this card
    for eff, reason, on in seq:
        if not _touches(game, eff, card, vals):
            continue
        touched.add(eff.eid)
        if eff.cannot:
            rules.append(eff)
        new = _apply(game, eff, card, vals)
        # a dependency is shown only on effects that did apply to this card; a loop (719.3) names all its members
        real = on if reason == "loop" else [d for d in on if d.eid in touched]
        if on and not real and reason == "dependency":
            reason = "simultaneous" if sum(1 for e, _, _ in seq if e.ts == eff.ts) > 1 else "timestamp"
        for ch in CHARS:
            if ch in eff.writes() and (new[ch] != vals[ch] or ch in eff.set):
                applied.append(Applied(eff.eid, eff.source, eff.text, ch, vals[ch], new[ch], eff.ts, eff.ts_rule, reason, real))
        if real:
            _note_dependency(game, card, eff, reason, real)
        vals = new
    return vals, applied, rules


def _settled_order(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> list[tuple[ContEffect, str, list[Dep]]]:
    """719.1 judged on the values the effects applied before produced, not only the printed ones: order, apply, and
    where an effect applied earlier would apply differently had a later one applied first, it depends on that one
    (719.2): order again, until no new dependency appears (at most once per pair)."""
    extra: dict[int, list[tuple[ContEffect, str]]] = {}
    readers = [e for e in effs if e.reads()]
    while True:
        seq = order(game, effs, card, base, extra)
        if not readers:
            return seq
        before: dict[int, dict[str, Any]] = {}
        vals = base
        for eff, _, _ in seq:
            before[id(eff)] = vals
            if _touches(game, eff, card, vals):
                vals = _apply(game, eff, card, vals)
        new = False
        memo: dict[Any, Any] = {}
        pos = {id(e): i for i, (e, _, _) in enumerate(seq)}
        for a in readers:
            reads, known = a.reads(), {id(b) for b, _ in extra.get(id(a), [])}
            for b, _, _ in seq[pos[id(a)] + 1:]:
                if id(b) in known or not (b.writes() & reads):
                    continue
                kind = depends(game, a, b, card, before[id(a)], memo)
                if kind is not None:
                    extra.setdefault(id(a), []).append((b, kind))
                    new = True
        if not new:
            return seq


def _note_dependency(game: "Game", card: "Card", eff: ContEffect, reason: str, on: list[Dep]) -> None:
    """Show a dependency in the trace the first time it orders effects on this card (719.1, 719.2; 719.3 for a loop)."""
    st = game.state
    key = ("dep", card.id, card.inc, eff.eid, tuple(d.eid for d in on), reason)
    if key in st.ts_noted:
        return
    st.ts_noted.add(key)
    words = game.data.words

    def why(d: Dep) -> Text:
        w, ch = words[f"dep_{d.kind}"], words.get(d.char, {"zh": "", "en": ""})
        return Text(w["zh"].format(char=ch["zh"]), w["en"].format(char=ch["en"]))

    if reason == "loop":  # 719.3: a dependency loop starts from its earliest timestamp
        game.trace.add("dependency_loop", ("719.3",), card=card.ref, source=eff.source, text=eff.text,
                       on=[d.source for d in on])
        return
    # 719.1: it depends on those effects; 719.2: so it applies right after them
    game.trace.add("dependency", ("719.1", "719.2"), card=card.ref, source=eff.source, text=eff.text,
                   on=[d.source for d in on], why=[why(d) for d in on])


# --- 718.3: effects that started at the same time --------------------------------------------------
MAX_ASKED = 6  # at most 6! orders are compared; a larger group keeps the file order


def _run(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> tuple[tuple[Any, ...], set[int]]:
    """The card's result with the effects in this timestamp order, and the ids of the effects that touched it."""
    vals = dict(base)
    touched: set[int] = set()
    cannot: set[str] = set()
    for eff, _, _ in order(game, effs, card, base):
        if not _touches(game, eff, card, vals):
            continue
        touched.add(eff.eid)
        cannot.update(eff.cannot)
        vals = _apply(game, eff, card, vals)
    return (tuple(sorted(vals.items())), tuple(sorted(cannot))), touched


def _splice(effs: list[ContEffect], part: list[ContEffect], new: list[ContEffect]) -> list[ContEffect]:
    """``effs`` with the places held by ``part`` refilled with ``new`` (the same effects in another order)."""
    ids = {id(e) for e in part}
    places = [i for i, e in enumerate(effs) if id(e) in ids]
    out = list(effs)
    for i, e in zip(places, new):
        out[i] = e
    return out


def _consistent(seq: tuple[ContEffect, ...] | list[ContEffect], decided: list[tuple[int, ...]]) -> bool:
    """Does this order keep every earlier 718.3 choice (the relative order of the effects both name)?"""
    pos = {e.eid: i for i, e in enumerate(seq)}
    for d in decided:
        mine = [pos[x] for x in d if x in pos]
        if mine != sorted(mine):
            return False
    return True


def _merge(grp: list[ContEffect], decided: list[tuple[int, ...]]) -> list[ContEffect]:
    """One player's simultaneous effects in file order, moved as little as needed to keep their earlier choices."""
    if not decided:
        return grp
    before: dict[int, set[int]] = {e.eid: set() for e in grp}
    for d in decided:
        present = [x for x in d if x in before]
        for a, b in zip(present, present[1:]):
            before[b].add(a)
    out: list[ContEffect] = []
    left = list(grp)
    while left:
        done = {e.eid for e in out}
        nxt = next((e for e in left if before[e.eid] <= done), left[0])
        left.remove(nxt)
        out.append(nxt)
    return out



def _arrange(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> list[ContEffect]:
    """718.1, 718.3: timestamp order; among effects that started at the same time the turn player's first, then
    clockwise, and each player's own in the order they chose (asked here, the first time the order matters)."""
    from itertools import permutations

    from judge.engine.choice import Choice, scenario_names

    st = game.state
    effs = sorted(effs, key=lambda e: (e.ts, _seat_rank(game, e.controller, e.ts), e.order))
    groups: dict[tuple[int, str], list[ContEffect]] = {}
    for e in effs:
        groups.setdefault((e.ts, e.controller), []).append(e)
    if all(len(g) < 2 for g in groups.values()) and len({ts for ts, _ in groups}) == len(groups):
        return effs  # no two effects share a timestamp
    for (ts, player), grp in groups.items():
        if len(grp) < 2:
            continue
        decided = st.ts_orders.get((ts, player), [])
        mine = _merge(grp, decided)
        effs = _splice(effs, grp, mine)
        _, touched = _run(game, effs, card, base)
        relevant = [e for e in mine if e.eid in touched or _touches(game, e, card, base)]
        if not 2 <= len(relevant) <= MAX_ASKED:
            continue
        perms = [p for p in permutations(relevant) if _consistent(p, decided)]
        if len(perms) < 2:
            continue
        results = [_run(game, _splice(effs, relevant, list(p)), card, base)[0] for p in perms]
        if len(set(results)) < 2:
            continue  # every order gives the same result: nothing to ask
        names = scenario_names([e.source.id for e in relevant])
        options = tuple(tuple(names[relevant.index(e)] for e in p) for p in perms)
        labels = tuple(f"{n}: {e.text.zh}" for n, e in zip(names, relevant))
        answer = game.ask(Choice("timestamps", player, None, options, note=f"718.3 on {card.id}", labels=labels))
        chosen = list(perms[options.index(tuple(answer))])
        st.ts_orders.setdefault((ts, player), []).append(tuple(e.eid for e in chosen))
        effs = _splice(effs, relevant, chosen)
        # 718.3: the player chooses the order of the timestamps of their own simultaneous effects
        game.trace.add("timestamps_order", ("718.3",), card=card.ref, player=PlayerRef(player),
                       effects=[Text(f"{n}「{e.text.zh}」", f"{n} “{e.text.get('en')}”") for n, e in
                                zip([names[relevant.index(e)] for e in chosen], chosen)])
    for ts in sorted({ts for ts, _ in groups}):
        players = [p for t, p in groups if t == ts]
        key = ("seats", ts, card.id, card.inc)
        if len(players) < 2 or key in st.ts_noted:
            continue
        blocks = [[e for e in effs if e.ts == ts and e.controller == p] for p in players]
        flipped = [e for b in reversed(blocks) for e in b]
        if _run(game, effs, card, base)[0] != _run(game, _splice(effs, flipped, flipped), card, base)[0]:
            st.ts_noted.add(key)
            # 718.3: the turn player's simultaneous effects take the earlier timestamps, then clockwise
            game.trace.add("timestamps_seats", ("718.3",), card=card.ref, players=[PlayerRef(p) for p in players])
    return effs


def _may_touch(eff: ContEffect, card: "Card") -> bool:
    aff = eff.affects
    if "cards" in aff:
        return any(r.id == card.id and r.inc == card.inc for r in aff["cards"])
    return True


def chars(game: "Game", card: "Card") -> dict[str, Any]:
    """Current characteristics, cached until the next event. Read while the card's own values are being computed (an
    amount such as "equal to its health"), they are the values the effects applied so far have produced."""
    cache = game.chars_cache
    key = (card.id, card.inc)
    if key in game.computing:
        return game.partial.get(key) or _base(card)
    if key in cache:
        return cache[key]
    game.computing.add(key)
    try:
        vals = compute(game, card)[0]
    finally:
        game.computing.discard(key)
    cache[key] = vals
    return vals


def forbidden(game: "Game", card: "Card", what: str) -> ContEffect | None:
    """A rule effect in force that says this card cannot do ``what`` (attack, guard)."""
    for eff in compute(game, card)[2]:
        if what in eff.cannot:
            return eff
    return None


# --- creating effects from a resolving link --------------------------------------------------------
def create(game: "Game", ctx: Any, spec: dict[str, Any]) -> bool:
    """714.3: a link creates a continuous effect (step ``modify``), timestamped as the link resolves (718.2d)."""
    from judge.engine.effects import cards as card_refs

    st = game.state
    link = ctx.link
    alo = spec.get("as_long_as")
    as_long_as = None
    if alo is not None:  # 714.3b: it must have stayed so from the link's creation until now
        refs = card_refs(ctx, alo["card"])
        want = {k: v for k, v in alo.items() if k != "card"}
        ok = bool(refs) and st.is_current(refs[0])
        if ok:
            card = st.cards[refs[0].id]
            since = link.created_at if link is not None else st.clock
            ok = all(getattr(card, k) == v for k, v in want.items()) and not _stopped(st, {"card": refs[0], **want}, since)
        if not ok:
            game.trace.add("as_long_as_broken", ("714.3b",), card=refs[0] if refs else ctx.source)
            return False
        as_long_as = {"card": refs[0], **want}
    target = spec.get("cards", "self")
    lock = bool(spec.get("lock")) or not (isinstance(target, dict) and "each" in target)
    refs_locked: list[CardRef] | None = None
    if lock:  # 714.3f: the cards this link affects are marked now
        if isinstance(target, dict) and "each" in target:
            refs_locked = card_refs(ctx, target)
        else:
            refs_locked = card_refs(ctx, target)
        excl = card_refs(ctx, spec["except"]) if "except" in spec else []
        refs_locked = [r for r in refs_locked if r not in excl]
    ts = st.tick_for(("link", link.uid)) if link is not None else st.tick()  # 718.2d: when the link resolves
    eff = from_spec(game, spec, ctx.source, ctx.controller, {"self": ctx.source}, ts, "link", "718.2d", refs_locked)
    if not lock and "except" in spec:
        eff.affects["except"] = card_refs(ctx, spec["except"])
    eff.as_long_as = as_long_as
    if as_long_as is not None:
        eff.since = since
    eff.eid = st.next_eid
    st.next_eid += 1
    eff.order = (eff.eid,)
    st.cont_effects.append(eff)
    cites = ("714.3", "718.2d") + (("714.3f",) if lock and isinstance(target, dict) else ()) + \
        (("714.3e",) if not lock else ()) + (("714.3a",) if eff.cond else ()) + (("714.3b",) if as_long_as else ())
    until = {"turn": Text("（本回合）", " (this turn)"), "combat": Text("（本次战斗）", " (this combat)")}.get(eff.until, Text("（直到游戏结束）", " (until the game ends)"))
    game.trace.add("cont_effect", cites, text=eff.text, card=ctx.source, until=until,
                   targets=list(refs_locked) if refs_locked is not None else Text("（持续检验）", "(re-checked continuously)"))
    game.chars_cache.clear()
    return True


def event_effect(game: "Game", ab: dict[str, Any], host: "Card", href: CardRef, ev: Any) -> None:
    """718.2e: a card's ability that creates a continuous effect when an event happens, timestamped then."""
    st = game.state
    ts = st.tick_for(("event", int(ev.data["eid"])))  # 718.2e: the time of the event, shared by every such effect
    eff = from_spec(game, ab, href, host.controller, {"self": href}, ts, "event", "718.2e")
    if eff.affects.get("defender_of") is not None and st.combat and st.combat.get("attacker") == href:
        eff.affects = {"cards": [st.combat["defender"]]}
    eff.eid = st.next_eid
    st.next_eid += 1
    eff.order = (eff.eid,)
    st.cont_effects.append(eff)
    game.trace.add("cont_effect", ("718.2e", "714.3"), text=eff.text, card=href,
                   until=Text("（本次战斗）", " (this combat)") if eff.until == "combat" else Text(""),
                   targets=list(eff.affects.get("cards", [])))
    game.chars_cache.clear()


def end(game: "Game", until: str) -> None:
    """Effects with this duration end (714.3)."""
    st = game.state
    st.cont_effects = [e for e in st.cont_effects if e.until != until]
    game.chars_cache.clear()


def explain(game: "Game") -> dict[str, dict[str, list[Applied]]]:
    """For each card on the field and each characteristic effects changed: the effects applied, in order."""
    return explain_cards(game, list(game.state.cards))


def explain_cards(game: "Game", ids: list[str]) -> dict[str, dict[str, list[Applied]]]:
    """``explain`` for these cards only (those on the field)."""
    out: dict[str, dict[str, list[Applied]]] = {}
    for cid in ids:
        card = game.state.cards.get(cid)
        if card is None or not game.is_field(card.zone):
            continue
        _, applied, _ = compute(game, card)
        for a in applied:
            out.setdefault(card.id, {}).setdefault(a.char, []).append(a)
    return out


__all__ = ["ContEffect", "Applied", "Dep", "chars", "compute", "create", "explain", "explain_cards", "forbidden", "in_force", "PlayerRef"]
