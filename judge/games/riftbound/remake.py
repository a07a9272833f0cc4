"""Making new choices for a chain item one has gained control of (FAQ vendetta-07, 叱返金身).

Its new controller may choose again any number of its choices — its modes, the targets of each of its slots — and keep
the rest. Choosing again, every choice kept must be legal too (never only some of them); choosing nothing again, every
choice stays as it is, legal or not. The item's own rules for its choices (each slot's description) apply from the new
controller's view."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context
from judge.engine.errors import CannotAdd
from judge.engine.language.shapes import ListOf, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.chain import choose_modes
from judge.engine.mechanisms.targets import all_slots, check, choose_slot, link_slot, split_run
from judge.engine.refs import CardRef, LinkRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link

MECHANISM = Mechanism("riftbound.remake", "making new choices for a chain item one gains control of",
                      requires=("chain", "targets", "riftbound.counter"))
M = MECHANISM


def parts(link: "Link") -> list[str]:
    """Its choices that can be made again, in the order they were made: the modes of each execution (``mode``,
    ``mode#2`` …), then each target slot it has chosen for (``target``, ``target#2`` …)."""
    out: list[str] = []
    if link.text.get("modes"):
        out += ["mode"] + [f"mode#{n}" for n in range(2, link.repeats + 2)]
    return out + [name for name, objs in link.targets.items() if objs]


def _run(part: str) -> int:
    """Which execution a choice belongs to (``slot#2``: the second)."""
    return split_run(part)[1]


def _slot(link: "Link", name: str) -> dict[str, Any]:
    """The slot a target choice of the link stands for, in its own execution."""
    base, n = split_run(name)
    return next((s for s in all_slots(link, n) if s.get("name", "target") == base), {})


def illegal_parts(game: "Game", link: "Link") -> list[str]:
    """The choices that are not legal now, from its controller's view: a slot with a target that is not legal (a
    mode is always a legal choice)."""
    return [p for p in parts(link) if not p.startswith("mode")
            and any(check(game, link, _slot(link, p), o) is not None for o in link.targets.get(p, []))]


def options(game: "Game", link: "Link") -> tuple[tuple[str, ...], ...]:
    """What may be chosen again: nothing (everything stays, legal or not); or any set of its choices that takes in
    every choice not legal now, so that the choices kept are all legal (vendetta-07)."""
    every, bad = parts(link), illegal_parts(game, link)
    free = [p for p in every if p not in bad]
    out: set[tuple[str, ...]] = {()}
    for k in range(len(free) + 1):
        for keep in combinations(free, k):
            chosen = tuple(sorted(set(bad) | set(keep)))
            if chosen:
                out.add(chosen)
    return tuple(sorted(out, key=lambda o: (len(o), o)))


def _mode_slots(link: "Link", n: int) -> set[str]:
    """The names of the target slots execution n has from its modes (not the text's own)."""
    own = {s.get("name", "target") for s in link.text.get("targets") or []}
    opts = (link.text.get("modes") or {}).get("options") or []
    suffix = "" if n == 1 else f"#{n}"
    return {s.get("name", "target") + suffix for i in link.modes_of(n) for s in opts[i].get("targets") or []
            if s.get("name", "target") not in own}


def remake(game: "Game", link: "Link", chosen: tuple[str, ...]) -> None:
    """Choose again the modes named (each execution's), then the target slots named, execution by execution. A mode
    chosen again brings its own targets: the slots of the modes it had are dropped and those it now has are chosen.
    Raises CannotAdd when a slot has no legal target now."""
    again = set(chosen)
    before = {name: list(objs) for name, objs in link.targets.items()}
    for part in parts(link):
        if part in chosen and part.startswith("mode"):
            n = _run(part)
            for name in _mode_slots(link, n):
                link.targets.pop(name, None)  # the old modes' targets go with them
            chooser, modes = choose_modes(game, link, part)
            if n == 1:
                link.modes = modes
            else:
                link.repeat_modes[n] = modes
            game.trace.add("mode", game.data.cite("chain.mode", "chain.remake"), player=game.player_ref(chooser),
                           modes=[m + 1 for m in modes])
            again |= _mode_slots(link, n)
    for n in range(1, link.repeats + 2):
        suffix = "" if n == 1 else f"#{n}"
        kept = {o for name, objs in link.targets.items() if _run(name) == n and name not in again for o in objs}
        for slot in all_slots(link, n):
            name = slot.get("name", "target") + suffix
            if name in again:
                choose_slot(game, link, {**slot, "name": name}, kept)
    for name, objs in link.targets.items():  # a card that becomes a target now triggers what that triggers
        for o in objs:
            if isinstance(o, CardRef) and o not in before.get(name, []):
                events.emit(game, events.Event("targeted", o, player=link.controller, data={"link": link.uid}))


def _named(game: "Game", part: str) -> Text:
    """A choice made again, in the game's words: its modes, its targets (a slot's own name), of which execution."""
    base, n = split_run(part)
    what = game.data.text("remake_mode") if base == "mode" else game.data.text("remake_target") if base == "target" \
        else game.data.text("remake_slot", slot=base)
    return game.data.text("remake_run", n=n, what=what) if n > 1 else what


@M.declare("step", "remake_choices", Str(min_len=1), check=link_slot, doc="the link's controller, now in control of "
           "each chain item chosen, may make any number of its choices (modes, targets) again; kept ones must then be legal",
           rules=("chain.remake",), phrases=("remake", "remake_none"))
def remake_op(game: "Game", ctx: "Context", slot: Any) -> bool:
    """``remake_choices: SLOT``: for each chain item chosen that the link's controller now controls, they may choose
    again any of its choices — nothing, or a set that leaves only legal choices kept (vendetta-07)."""
    done = False
    for obj in ctx.legal.get(slot, []):
        other = game.state.link(obj.uid) if isinstance(obj, LinkRef) else None
        if other is None or other.controller != ctx.controller:
            continue  # only a chain item now under its control
        opts = options(game, other)
        answer = tuple(game.ask(Choice("remake", ctx.controller, ctx.source.id, opts, slot=slot)))
        if not answer:
            game.trace.add("remake_none", game.data.cite("chain.remake"), player=PlayerRef(ctx.controller), link=obj)
            continue
        named = [_named(game, p) for p in parts(other) if p in answer]  # in the order they were made
        game.trace.add("remake", game.data.cite("chain.remake"), player=PlayerRef(ctx.controller), link=obj,
                       what=Text("、".join(t.zh for t in named), ", ".join(t.en for t in named)))
        kept = (dict(other.targets), list(other.modes), dict(other.repeat_modes))
        try:
            remake(game, other, answer)
        except CannotAdd:  # a choice made again has no legal choice now: the new set cannot be made, all stay
            other.targets, other.modes, other.repeat_modes = kept
            game.trace.add("remake_none", game.data.cite("chain.remake"), player=PlayerRef(ctx.controller), link=obj)
            continue
        done = True
    return done


M.word("choice", "remake", ListOf(Str(min_len=1)), doc="which choices of a chain item one now controls are made again "
       "([] none; mode, mode#2, a target slot's name …)")
