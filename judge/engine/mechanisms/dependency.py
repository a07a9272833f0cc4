"""Timestamp order with dependency: the order continuous effects apply in, for games whose rules order them so.

Effects apply in timestamp order [timestamp.*]; an effect that depends on another applies right after it
[dependency.order]; effects that depend on each other in a loop start from the earliest timestamp [dependency.loop].
Effects that started at the same time [timestamp.simultaneous]: the turn player's come first, then each next
player's clockwise, and each player chooses the order of their own ("timestamps" choice), asked only when the order
changes a card's result. A game's rule module picks this ordering (``Ruleset.order_continuous``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.mechanisms.continuous import ContEffect, Dep, _apply, _does, _seat_rank, _touches
from judge.engine.refs import PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card


def order_effects(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> list[tuple[ContEffect, str, list[Dep]]]:
    """Arrange by timestamp (asking for simultaneous ones where it matters), then settle the dependencies."""
    return _settled_order(game, _arrange(game, effs, card, base), card, base)


def depends(game: "Game", a: ContEffect, b: ContEffect, card: "Card", vals: dict[str, Any],
            memo: dict[Any, Any] | None = None) -> str | None:
    """[dependency], first part: ``a`` depends on ``b`` if applying ``b`` changes whether ``a`` applies to the card
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
    """[dependency], second part, in the reading its example supports: an effect that raises or lowers a value the card has
    (power, health, armor; 0 counts, no value does not) acts on the value the effects already changing it produced,
    so it depends on them. Effects that started at the same time are not "already" there for each other ([timestamp.simultaneous]
    orders them). Only the latest earlier group is recorded: the earlier ones are reached through it.

    Such a dependency always points to an earlier timestamp, so on its own it never reorders anything. Where the first
    part already makes the earlier effect wait for the later one (its applicability or amount hinges on it), the value
    reading is not added: it would turn every such case into a loop ([dependency.loop]) and let an effect apply to a card it stops
    applying to once the other has applied."""
    out: dict[int, list[tuple[ContEffect, str]]] = {}
    have: dict[int, set[int]] = {}
    cur: dict[str, tuple[int, list[ContEffect]]] = {}
    prev: dict[str, tuple[int, list[ContEffect]]] = {}
    for e in effs:  # arranged by timestamp already ([timestamp.simultaneous] order within one)
        writes = e.writes()
        if not writes:
            continue
        touches = _touches(game, e, card, base)
        for ch in sorted(e.add):
            if base.get(ch) is None:
                continue  # [dependency]: a change to power/health/armor has a result only on a card with that value
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
    """[timestamp], [dependency.order], [dependency.loop]: timestamp order (``effs`` comes arranged, [timestamp.simultaneous]); a dependent effect goes right after the
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
    plain = {id(e): ("simultaneous" if counts[e.ts] > 1 else "timestamp") for e in effs}  # [timestamp.simultaneous] or [timestamp]
    if not any(deps.values()):
        return [(e, plain[id(e)], []) for e in effs]
    return _schedule(effs, deps, why, plain)


def _schedule(effs: list[ContEffect], deps: dict[int, list[tuple[ContEffect, str, str]]],
              why: Any, plain: dict[int, str]) -> list[tuple[ContEffect, str, list[Dep]]]:
    """Repeatedly apply the earliest effect whose dependencies have all been applied ([dependency.order]); when none is left, the
    rest depend on each other in a loop: the earliest goes first ([dependency.loop]). A heap keeps this O(n log n)."""
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
        else:  # [dependency.loop]: a dependency loop starts from the earliest timestamp *in the loop*
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


def _settled_order(game: "Game", effs: list[ContEffect], card: "Card", base: dict[str, Any]) -> list[tuple[ContEffect, str, list[Dep]]]:
    """[dependency] judged on the values the effects applied before produced, not only the printed ones: order, apply, and
    where an effect applied earlier would apply differently had a later one applied first, it depends on that one
    ([dependency.order]): order again, until no new dependency appears (at most once per pair)."""
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


def note_dependency(game: "Game", card: "Card", eff: ContEffect, reason: str, on: list[Dep]) -> None:
    """Show a dependency in the trace the first time it orders effects on this card ([dependency], [dependency.order]; [dependency.loop] for a loop)."""
    st = game.state
    key = ("dep", card.id, card.inc, eff.eid, tuple(d.eid for d in on), reason)
    if key in st.ts_noted:
        return
    st.ts_noted.add(key)
    words = game.data.words

    def why(d: Dep) -> Text:
        w, ch = words[f"dep_{d.kind}"], words.get(d.char, {"zh": "", "en": ""})
        return Text(w["zh"].format(char=ch["zh"]), w["en"].format(char=ch["en"]))

    if reason == "loop":  # [dependency.loop]: a dependency loop starts from its earliest timestamp
        game.trace.add("dependency_loop", game.data.cite("dependency.loop"), card=card.ref, source=eff.source, text=eff.text,
                       on=[d.source for d in on])
        return
    # [dependency]: it depends on those effects; [dependency.order]: so it applies right after them
    game.trace.add("dependency", game.data.cite("dependency.order"), card=card.ref, source=eff.source, text=eff.text,
                   on=[d.source for d in on], why=[why(d) for d in on])


# --- [timestamp.simultaneous]: effects that started at the same time --------------------------------------------------
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
    """Does this order keep every earlier [timestamp.simultaneous] choice (the relative order of the effects both name)?"""
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
    """[timestamp], [timestamp.simultaneous]: timestamp order; among effects that started at the same time the turn player's first, then
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
        answer = game.ask(Choice("timestamps", player, None, options, note=f"timestamp.simultaneous on {card.id}", labels=labels))
        chosen = list(perms[options.index(tuple(answer))])
        st.ts_orders.setdefault((ts, player), []).append(tuple(e.eid for e in chosen))
        effs = _splice(effs, relevant, chosen)
        # [timestamp.simultaneous]: the player chooses the order of the timestamps of their own simultaneous effects
        game.trace.add("timestamps_order", game.data.cite("timestamp.simultaneous"), card=card.ref, player=PlayerRef(player),
                       effects=[Text(f"{n}「{e.text.zh}」", f"{n} “{e.text.en}”" if e.text.en else n) for n, e in
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
            # [timestamp.simultaneous]: the turn player's simultaneous effects take the earlier timestamps, then clockwise
            game.trace.add("timestamps_seats", game.data.cite("timestamp.simultaneous"), card=card.ref, players=[PlayerRef(p) for p in players])
    return effs




# --- the language ---------------------------------------------------------------------------------------------------
from judge.engine.language.shapes import ListOf, Str  # noqa: E402
from judge.engine.language.words import Mechanism  # noqa: E402

MECHANISM = Mechanism("dependency", "timestamp order and dependency of continuous effects (a game's order_continuous)",
                      requires=("continuous", "choices"))
MECHANISM.word("choice", "timestamps", ListOf(Str(min_len=1)), doc="the order of one player's continuous effects that "
               "started at the same time", rules=("timestamp.simultaneous",))
MECHANISM.hook("dependency.note")(note_dependency)
