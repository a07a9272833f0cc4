"""The game object: state, the game's vocabulary, the chooser and the trace, and the actions a scenario takes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.engine.choice import Choice, Chooser
from judge.engine.errors import InvalidInput, Msg
from judge.engine.options import Space
from judge.engine.refs import CardRef, PlayerRef
from judge.engine.state import GameState
from judge.engine.trace import Trace
from judge.engine.ruleset import Ruleset

# Work a run may do: each resolution counts the cards in the game (what one costs grows with them), each effect
# step and each card drawn one. Bundled scenarios use at most 32, drawing 3,000 cards one by one about 6,000; a
# runaway (a loop never shortcut, a state that grows each cycle) stops within a second or two, not minutes.
MAX_WORK = 20_000


class WorkLimit(InvalidInput):
    """A run did more work than MAX_WORK: the scenario does not come to an end."""


class Game:
    """One game in progress. Every decision goes to ``chooser``; every step goes to ``trace``."""

    def __init__(self, state: GameState, data: Ruleset, chooser: Chooser) -> None:
        self.state = state
        self.data = data
        self.chooser = chooser
        self.trace = Trace()
        self.resolved: list[tuple[int, str, str]] = []  # (link uid, source card id, outcome)
        self.chars_cache: dict[tuple[str, int], dict[str, Any]] = {}  # current characteristics, per event
        self.computing: set[tuple[str, int]] = set()
        self.partial: dict[tuple[str, int], dict[str, Any]] = {}  # values so far of a card being computed
        self.checks: list[Any] = []  # expectations checked part-way (`check` actions)
        self.explained: list[tuple[int, dict[str, Any]]] = []  # `--explain` at each `check` action: (action index, rows)
        self.event_count = 0
        self.inherit: set[str] = set()  # [replacement.once]: replacements already applied to the event being replaced
        self.resolving: int | None = None  # the batch of events going on now: a link's uid, or a negative id
        self.batch_seq = 0
        self.spent_next: list[Any] = []
        self.loop_stop: Any = None  # [loop.mandatory]: set while a shortcut loop is ending
        self.loop_refuse: str | None = None  # [loop.optional]: this player may not continue the loop next time
        self.state_triggers = _has_state_triggers(state)  # [trigger.state]: checked after every event only if any
        self.becomes_triggers = _has_state_triggers(state, "becomes")  # [trigger.becomes]: likewise
        self._field = {z: data.is_field(z) for z in data.zones}
        (self._chars,) = data.vocab.hooks("chars")  # one mechanism works out current characteristics
        self.work = 0  # see MAX_WORK
        self.emit_depth = 0  # events being carried out inside one another (an event's replacement steps, entering …)
        # [effect.if_you_do]: per step with "if you do", the depth its own events happen at and those events
        self.watched: list[tuple[int, list[Any]]] = []

    def chars(self, card: Any) -> dict[str, Any]:
        """The card's current characteristics after continuous effects (the ``chars`` mechanism's)."""
        return self._chars(self, card)

    # --- choices ---------------------------------------------------------------------------
    def ask(self, choice: Choice) -> Any:
        """Ask the chooser; a mandatory choice with one legal option answers itself."""
        if not choice.options:
            raise ValueError(f"no legal option for {choice.describe()}")
        scripted = getattr(self.chooser, "has_answer", None)
        if len(choice.options) == 1 and choice.kind not in ("may", "pay", "alt_cost") and not (scripted and scripted(choice)):
            return choice.options[0]
        answer = self.chooser.choose(choice)
        if answer not in choice.options:
            opts = choice.options
            legal = (opts.summary() if isinstance(opts, Space) else
                     [{"min": opts.start, "max": opts.stop - 1}] if isinstance(opts, range) else list(opts))
            raise InvalidInput("not_legal", answer=answer, choice=choice, legal=legal)
        return answer

    def spend(self, units: int = 1) -> None:
        """Count engine work (see MAX_WORK); past the limit the run stops with what keeps repeating."""
        self.work += units
        if self.work > MAX_WORK:
            raise WorkLimit(self.runaway("work"))

    def runaway(self, limit: str, repeats: bool = False) -> Msg:
        """Why the run stopped (``limit``: ``work``, MAX_WORK; ``resolutions``, 5000 without a repeating state): the
        links that keep resolving in the same order (a loop, 803), if any."""
        done = Msg(f"done_{limit}", resolutions=len(self.resolved), events=self.event_count, cards=len(self.state.cards),
                   limit=f"{MAX_WORK:,}")
        tail = [src for _, src, _ in self.resolved[-60:]]
        shortcut = ", ".join(self.data.cite("loop.optional", "loop.mandatory")) or "—"  # [loop.*]: this game's loop rules
        found = ", ".join(self.data.cite("loop.found")) or "—"
        for p in range(1, 21):
            if len(tail) >= 3 * p and tail[-p:] == tail[-2 * p:-p] == tail[-3 * p:-2 * p]:
                cycle = " → ".join(tail[-p:] + tail[-p:][:1])
                hint = Msg("loop_never_repeats" if repeats else "loop_shortcut", shortcut=shortcut)
                return Msg("runaway_loop", limit=Msg(f"limit_{limit}"), done=done, cycle=cycle, found=found, hint=hint)
        return Msg("runaway", limit=Msg(f"limit_{limit}"), done=done)

    # --- small helpers ----------------------------------------------------------------------
    def is_field(self, zone: str) -> bool:
        return self._field[zone]  # asked for every card at every event: a dict lookup (an unknown zone: KeyError)

    def player_ref(self, player: str) -> PlayerRef:
        return PlayerRef(player)

    def card_ref(self, card_id: str) -> CardRef:
        return self.state.cards[card_id].ref

    def give_priority(self, player: str, cites: tuple[str, ...]) -> None:
        """Before anyone receives priority, the game's checks are made and waiting triggers go on the chain
        [trigger.wait] (the ``priority.before`` hooks)."""
        for before in self.data.vocab.hooks("priority.before"):
            before(self)
        self.state.priority = player
        # [priority.receive]: receiving priority where no other rule of the step says why (the start, after an attack …)
        self.trace.add("priority", cites or self.data.cite("priority.receive"), player=PlayerRef(player))

    # --- actions -----------------------------------------------------------------------------------------------
    def act(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """Carry out one scenario action: the handler of its word (an action is known by its word wherever it stands:
        `{by: you, play: strike}` is `{play: strike, by: you}`)."""
        words = self.data.vocab.words("action")
        kinds = [k for k in action if isinstance(k, str) and k in words]
        if len(kinds) != 1:
            raise InvalidInput("unknown_action" if not kinds else "action_kinds", path, name=next(iter(action), ""), kinds=kinds)
        kind = kinds[0]
        try:
            words[kind].handler(self, action, path)
        except WorkLimit as e:  # under resolve_all the state never repeated: no 803 shortcut applies
            raise WorkLimit(self.runaway("work", repeats=kind == "resolve_all"), e.path or path) from None

    @contextmanager
    def batch(self, uid: int | None = None) -> Iterator[None]:
        """[replacement.next]: what one link's resolution (``uid``) does is one "next time"; so is what the rules do at
        once outside a link (the packets of one combat damage step, the destructions of one state check); any other
        event outside these is a batch of its own (events.emit). A "next time" effect used in the batch is spent when
        it ends."""
        if uid is None:
            self.batch_seq -= 1
            uid = self.batch_seq
        outer, self.resolving = self.resolving, uid
        try:
            yield
        finally:
            self.resolving = outer
            for ended in self.data.vocab.hooks("batch.end"):  # [replacement.next]
                ended(self, uid)

    def pass_until(self, player: str) -> None:
        """The players before ``player`` in priority order pass (priority passes clockwise)."""
        holder = self.state.priority
        if holder is None or holder == player:
            self.state.priority = player
            return
        for p in self.state.seat_order_from(holder):
            if p == player:
                break
            self.trace.add("pass", self.data.cite("priority.pass"), player=PlayerRef(p))
        self.state.priority = player


def _has_state_triggers(state: GameState, key: str = "state") -> bool:
    """Does any card have (or could any card be granted) an ability that triggers on a state of the game (``key``:
    while it holds, or ``becomes``: as it starts to hold)?"""
    def walk(x: Any) -> bool:
        if isinstance(x, dict):
            return (isinstance(x.get("when"), dict) and key in x["when"]) or any(walk(v) for v in x.values())
        if isinstance(x, list):
            return any(walk(v) for v in x)
        return False

    return any(walk(c.abilities) or walk(c.play) for c in state.cards.values())
