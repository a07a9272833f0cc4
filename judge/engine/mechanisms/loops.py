"""Loops [loop.found]: a repeating state is detected while every player keeps passing, then shortcut without iterating.

The state is compared without the tokens a loop makes: what it accumulates is not part of the state that repeats, so
the loop is found after one complete demonstration ([loop.optional], [loop.mandatory]: the loop must first be shown
once in full): the first time the rest of the state (cards other than tokens, the chain, waiting triggers, pools, the
turn) comes back. The difference in token counts over that one cycle is the loop's effect, applied X times at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.errors import EngineError
from judge.engine.refs import LinkRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MANDATORY_MIN = 1_000_001  # [loop.mandatory]: a number greater than one million
BIG = 10**12


class GameOver(EngineError):
    """The game has ended (a drawn game [loop.draw])."""


def _link_sig(l: Any) -> tuple[Any, ...]:
    return (l.kind, l.source.id, l.controller, id(l.text))


def signature(game: "Game") -> tuple[Any, ...]:
    """The state a loop repeats: every card but tokens, the chain, waiting triggers, pools, the turn.

    Tokens are left out (their number and whether there is one yet): a loop's first cycle makes the first token of a
    kind, and counting its presence would make the demonstration longer than the one complete cycle the rules ask for.
    """
    st = game.state
    cards = []
    for c in st.cards.values():
        if not c.token:
            cards.append((c.id, c.zone, c.controller, c.damage, c.exhausted, c.face_down, c.attached_to,
                          tuple(sorted(c.counters.items()))))
    return (st.turn, tuple(cards), tuple(_link_sig(l) for l in st.chain),
            tuple((w.kind, w.source.id, w.controller, id(w.text)) for w in st.waiting), tuple(sorted(st.pools.items())))


def token_counts(game: "Game") -> dict[tuple[str, str, str], int]:
    out: dict[tuple[str, str, str], int] = {}
    for c in game.state.cards.values():
        if c.token:
            k = (c.proto, c.controller, c.zone)
            out[k] = out.get(k, 0) + c.copies
    return out


class Detector:
    """Remembers the states seen between resolutions (while all players pass) and finds a repeat."""

    def __init__(self, game: "Game") -> None:
        self.game = game
        self.seen: dict[tuple[Any, ...], tuple[int, int, dict[tuple[str, str, str], int]]] = {}

    def step(self) -> bool:
        """Call after each resolution; True if a loop was found and shortcut (or the game ended)."""
        game = self.game
        sig = signature(game)
        here = (len(game.resolved), len(game.trace.steps), token_counts(game))
        if sig not in self.seen:
            self.seen[sig] = here
            return False
        start = self.seen[sig]
        self.seen.clear()
        shortcut(game, start, here)
        return True


def shortcut(game: "Game", start: tuple[int, int, dict[Any, int]], now: tuple[int, int, dict[Any, int]]) -> None:
    """[loop.optional], [loop.mandatory], [loop.draw]: handle a loop whose one cycle is what happened between
    ``start`` and ``now``."""
    st = game.state
    cycle = game.resolved[start[0]:now[0]]
    kinds = [game.trace.links[uid].kind for uid, _, _ in cycle]
    optional = [s for s in game.trace.steps[start[1]:now[1]] if s.kind in ("may_yes", "pay", "trigger_paid")]
    delta = {k: now[2].get(k, 0) - start[2].get(k, 0) for k in set(now[2]) | set(start[2])}
    game.trace.add("loop_found", game.data.cite("loop.found"), links=[LinkRef(uid) for uid, _, _ in cycle])
    if optional:  # [loop.optional]: the player of the first optional action names a number; the others may name smaller
        first = optional[0].args["player"].id
        players = [p.id for p in (s.args["player"] for s in optional)]
        order = [p for p in st.seat_order_from(first) if p in players]
        x = int(game.ask(Choice("loop", first, None, range(0, BIG))))
        chooser = first
        for p in order[1:]:
            y = int(game.ask(Choice("loop", p, None, range(0, x + 1))))
            if y < x:
                x, chooser = y, p
        _repeat(game, delta, x)
        game.trace.add("loop_optional", game.data.cite("loop.optional"), player=PlayerRef(chooser), amount=x)
        game.loop_refuse = chooser  # [loop.optional]: next time they cannot choose to continue the loop
        game.give_priority(chooser, game.data.cite("loop.optional"))  # [loop.optional]: then the player who chose X receives priority
        return
    if not any(k in ("trigger", "effect") for k in kinds):  # [loop.draw]
        st.result = "draw"
        game.trace.add("game_drawn", game.data.cite("loop.draw"))
        raise GameOver("draw")
    # [loop.mandatory]: the controller of the loop's first triggered effect names a number over one million
    first_uid = next(uid for (uid, _, _), k in zip(cycle, kinds) if k in ("trigger", "effect"))
    info = game.trace.links[first_uid]
    x = int(game.ask(Choice("loop", info.controller, info.source, range(MANDATORY_MIN, BIG))))
    _repeat(game, delta, x)
    game.trace.add("loop_mandatory", game.data.cite("loop.mandatory"), player=PlayerRef(info.controller), amount=x)
    # [loop.mandatory]: it ends the next time that effect would trigger: it does not (its link, just added, is taken back)
    top = st.chain[-1] if st.chain else None
    if top is not None and top.source.id == info.source and top.kind == info.kind and top.controller == info.controller:
        st.chain.pop()
        game.resolved.append((top.uid, top.source.id, "removed"))
        game.trace.add("loop_end", game.data.cite("loop.mandatory"), link=LinkRef(top.uid))
        # [loop.mandatory] (its example): the game goes on as usual: the turn player receives priority
        if not st.chain:
            game.give_priority(st.turn, game.data.cite("loop.mandatory"))
    else:
        src = info.source
        game.loop_stop = lambda href, ab: href.id == src  # the next time it would trigger, it does not
        game.trace.add("loop_end_pending", game.data.cite("loop.mandatory"), text=Text(src))


def _repeat(game: "Game", delta: dict[tuple[str, str, str], int], x: int) -> None:
    """The loop's cycle repeated ``x`` more times: each kind of token grows by x times what one cycle made."""
    st = game.state
    for (proto, controller, zone), d in sorted(delta.items()):
        if d <= 0:
            continue
        rep = [c for c in st.cards.values() if c.token and c.proto == proto and c.controller == controller and c.zone == zone][-1]
        rep.copies += d * x
        game.trace.add("loop_tokens", game.data.cite("loop.mandatory"), player=PlayerRef(controller), card=rep.ref, amount=d * x)


# --- the language ---------------------------------------------------------------------------------------------------
from judge.engine.language.shapes import At, Int  # noqa: E402
from judge.engine.language.words import Mechanism  # noqa: E402

MECHANISM = Mechanism("loops", "loops: found, shortcut by a number, drawn games", requires=("choices",))
M = MECHANISM


def _loop_answer(value: object, at: At) -> None:
    """A mandatory loop's number (its choice names the card of its first triggered effect: ``for:``) is over a million."""
    entries = (at.scope.data or {}).get("choices") if isinstance(at.scope.data, dict) else None
    try:
        entry = entries[at.path[1]] if entries is not None else None
    except (IndexError, TypeError, KeyError):
        entry = None
    if isinstance(entry, dict) and "for" in entry and isinstance(value, int) and value <= MANDATORY_MIN - 1:
        at.problem("mandatory_loop", value=value)


M.word("choice", "loop", Int(0, BIG), doc="how many more times a loop repeats (a mandatory loop: over one million)",
       check=_loop_answer, rules=("loop.optional", "loop.mandatory", "loop.draw"))
