"""The game object: state, the game's vocabulary, the chooser and the trace, and the actions a scenario takes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from judge.engine import chain, resolution, triggers
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
        self.work = 0  # see MAX_WORK
        self.emit_depth = 0  # events being carried out inside one another (an event's replacement steps, entering …)
        # [effect.if_you_do]: per step with "if you do", the depth its own events happen at and those events
        self.watched: list[tuple[int, list[Any]]] = []

    def chars(self, card: Any) -> dict[str, Any]:
        """The card's current power, health and armor after continuous effects."""
        from judge.engine import continuous

        return continuous.chars(self, card)

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
            raise WorkLimit(self._runaway("work"))

    def _runaway(self, limit: str, repeats: bool = False) -> Msg:
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
        [trigger.wait]."""
        triggers.pre_priority(self)
        self.state.priority = player
        # [priority.receive]: receiving priority where no other rule of the step says why (the start, after an attack …)
        self.trace.add("priority", cites or self.data.cite("priority.receive"), player=PlayerRef(player))

    # --- actions -----------------------------------------------------------------------------
    def act(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """Carry out one scenario action."""
        # an action is known by its kind key wherever it stands: `{by: you, play: strike}` is `{play: strike, by: you}`
        own = self.data.actions()  # the game's own actions (a game may add some: Ruleset.actions)
        kinds = [k for k in action if isinstance(k, str) and (hasattr(self, f"_act_{k}") or k in own)]
        if len(kinds) != 1:
            raise InvalidInput("unknown_action" if not kinds else "action_kinds", path, name=next(iter(action), ""), kinds=kinds)
        kind = kinds[0]
        try:
            if kind in own:
                own[kind](self, action, path)
            else:
                getattr(self, f"_act_{kind}")(action, path)
        except WorkLimit as e:  # under resolve_all the state never repeated: no 803 shortcut applies
            raise WorkLimit(self._runaway("work", repeats=kind == "resolve_all"), e.path or path) from None

    @contextmanager
    def batch(self, uid: int | None = None) -> Iterator[None]:
        """[replacement.next]: what one link's resolution (``uid``) does is one "next time"; so is what the rules do at
        once outside a link (the packets of one combat damage step, the destructions of one state check); any other
        event outside these is a batch of its own (events.emit). A "next time" effect used in the batch is spent when
        it ends."""
        from judge.engine import replacement

        if uid is None:
            self.batch_seq -= 1
            uid = self.batch_seq
        outer, self.resolving = self.resolving, uid
        try:
            yield
        finally:
            self.resolving = outer
            replacement.end_resolution(self, uid)  # [replacement.next]

    def _pass_until(self, player: str) -> None:
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

    def _act_play(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        card_id = action["play"]
        player = action.get("by") or self.state.cards[card_id].controller
        card = self.state.cards[card_id]
        if card.play is None:
            raise InvalidInput("no_play_text", path + ("play",), card=card_id)
        if card.zone != "hand" and not action.get("from_anywhere"):
            raise InvalidInput("not_in_hand", path + ("play",), card=card_id, zone=card.zone)
        self._pass_until(player)
        chain.add_link(self, player, "card", card.ref, card.play, free=bool(action.get("free")))

    def _act_use(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        card_id = action["use"]
        card = self.state.cards[card_id]
        player = action.get("by") or card.controller
        from judge.engine.continuous import lost_abilities
        from judge.engine.triggers import works_in

        abilities = [a for a in card.all_abilities() + self.data.more_abilities(self, card) if a.get("kind") == "activated"]
        which = action.get("ability", 0)
        if isinstance(which, str):
            found = [a for a in abilities if a.get("name") == which]
        else:
            found = abilities[which : which + 1] if 0 <= which < len(abilities) else []
        if not found:
            raise InvalidInput("no_activated", path + ("ability" if "ability" in action else "use",), card=card_id, which=which)
        if not works_in(self, found[0], card.zone):  # [ability.other_zone]: only in the zones it works in
            where = ", ".join(found[0].get("zones") or ["field"])
            raise InvalidInput("works_only_in", path + ("use",), card=card_id, zone=card.zone, where=where)
        if lost_abilities(self, card):
            raise InvalidInput("lost_abilities", path + ("use",), card=card_id)
        if card.controller != player:
            raise InvalidInput("not_controller", path + ("by",), player=player, card=card_id)
        self._pass_until(player)
        chain.add_link(self, player, "ability", card.ref, found[0], free=bool(action.get("free")))

    def _act_resolve(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        n = int(action.get("resolve") or 1) if action.get("resolve") is not True else 1
        for _ in range(n):
            if not self.state.chain:
                raise InvalidInput("resolve_empty", path)
            self.spend(1 + len(self.state.cards))
            resolution.all_pass_and_resolve(self)

    def _act_resolve_all(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """Every player keeps passing until the chain is empty; a repeating state is a loop [loop.found]."""
        from judge.engine.loops import Detector

        guard = 0
        detector = Detector(self)
        while self.state.chain:
            self.spend(1 + len(self.state.cards))
            resolution.all_pass_and_resolve(self)
            detector.step()
            guard += 1
            if guard > 5000:
                raise InvalidInput(self._runaway("resolutions", repeats=True), path)

    def _act_attack(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """A unit attacks (only what effects need: who attacks whom, and the "attacks" event)."""
        from judge.engine import continuous, events

        st = self.state
        cid = action["attack"]
        card = st.cards[cid]
        target = action.get("target")
        if not self.is_field(card.zone):
            raise InvalidInput("attack_off_field", path + ("attack",), card=cid)
        self._pass_until(card.controller)
        why = continuous.forbidden(self, card, "attack")
        if why is not None:  # a rule effect says it cannot attack
            self.trace.add("attack_forbidden", self.data.cite("continuous.locked" if why.origin == "link" else "continuous.from_ability"),
                           card=card.ref, text=why.text)
            return
        defender = st.cards[target].ref if target in st.cards else None
        st.combat = {"attacker": card.ref, "defender": defender}
        self.trace.add("attack", self.data.cite("combat.attack"), card=card.ref, target=defender if defender else PlayerRef(str(target)))
        events.emit(self, events.Event("attacks", card.ref, player=card.controller, data={"defender": defender}))
        self.give_priority(st.turn, ())

    def _act_combat_damage(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """Attacker and defender deal combat damage equal to their power at the same time [combat.damage]."""
        from judge.engine import events

        st = self.state
        if not st.combat or st.combat.get("defender") is None:
            raise InvalidInput("no_combat", path)
        a, d = st.combat["attacker"], st.combat["defender"]
        packets = [(a, d), (d, a)]
        order = st.seat_order_from(st.turn)
        packets.sort(key=lambda p: order.index(st.view(p[1])[0].controller))  # [combat.damage]: turn player's characters first
        amounts = {src: int(self.chars(st.cards[src.id])["power"] or 0) for src, _ in packets if st.is_current(src)}
        with self.batch():  # dealt at the same time: one "next time" [replacement.next]
            for src, dst in packets:
                if src in amounts and st.is_current(dst) and amounts[src] > 0:
                    events.emit(self, events.Event("damage", dst, player=st.view(src)[0].controller, data={
                        "amount": amounts[src], "type": st.view(src)[0].damage_type or "", "source": src, "combat": True,
                        "preventable": True, "cites": self.data.cite("combat.damage")}))
        self.give_priority(st.turn, ())

    def _act_end_combat(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        from judge.engine import continuous

        self.state.combat = None
        continuous.end(self, "combat")
        self.state.trigger_effects = [t for t in self.state.trigger_effects if t.until != "combat"]  # their durations
        self.trace.add("end_combat", self.data.cite("combat.end"))

    def _act_check(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """An expectation checked at this point of the scenario (reported with the final ones)."""
        from judge.engine.continuous import explain_cards
        from judge.scenario.expectations import check

        exps = action["check"] if isinstance(action["check"], list) else [action["check"]]
        for exp in exps:
            c = check(self, exp)
            c.expect = {**exp, "at": path[-1]}
            self.checks.append(c)
        named = [e["card"] for e in exps if "card" in e] + [k.split(".")[0] for e in exps for k in e.get("explain") or {}]
        # `--explain` also shows the cards this check read, as they were then: only those whose values were computed
        # for it (computing others could ask a [timestamp.simultaneous] question or add trace steps the run would not have had)
        done = [cid for cid in dict.fromkeys(named) if cid in self.state.cards
                and (cid, self.state.cards[cid].inc) in self.chars_cache]
        self.explained.append((path[-1], explain_cards(self, done)))

    def _act_draw(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        from judge.engine import effects

        player = action["draw"]
        self.trace.add("turn_draw", self.data.cite("turn.draw"), player=PlayerRef(player))
        effects.draw_cards(self, player, int(action.get("count", 1)))
        self.give_priority(self.state.turn, ())

    def _act_pass(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        player = action["pass"]
        if self.state.priority != player:
            raise InvalidInput("no_priority", path, player=player, holder=self.state.priority)
        self.trace.add("pass", self.data.cite("priority.pass"), player=PlayerRef(player))
        self.state.priority = self.state.seat_order_from(player)[1]

    def _act_end_phase(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        """The turn reaches its end: what triggers "at the end of the turn" triggers, then the turn player receives
        priority [turn.end_phase]."""
        from judge.engine import events

        if self.state.chain:
            raise InvalidInput("end_phase_chain", path)
        self.trace.add("end_phase", self.data.cite("turn.end_phase"), player=PlayerRef(self.state.turn))
        events.emit(self, events.Event("turn_end", None, player=self.state.turn))
        self.give_priority(self.state.turn, ())

    def _act_end_turn(self, action: dict[str, Any], path: tuple[Any, ...]) -> None:
        if self.state.chain:
            raise InvalidInput("end_turn_chain", path)
        from judge.engine import continuous, replacement

        for card in self.state.cards.values():
            card.granted = [g for g in card.granted if g.until != "turn"]
        expired = [t for t in self.state.trigger_effects if t.until == "turn"]
        self.state.trigger_effects = [t for t in self.state.trigger_effects if t.until != "turn"]
        if expired and self.data.cite("delayed.expires"):  # [delayed.expires]: a delayed ability's time limit ends
            self.trace.add("delayed_expired", self.data.cite("delayed.expires"), card=expired[0].source)
        continuous.end(self, "turn")  # [turn.end]: "this turn" effects end
        replacement.end(self, "turn")
        from judge.engine import history

        history.end_turn(self)  # [play.finalized]: nothing played yet in the new turn; [play.restricted]
        self.data.end_turn(self)  # and what the game's own rules keep for a turn
        self.state.cost_mods = [m for m in self.state.cost_mods if m.get("until") != "turn"]  # [cost.next]
        self.state.turn_damage = {}  # [prevention.first_each_turn]: "the first X each turn" starts again
        self.state.turn_prevented = {}
        self.state.combat = None
        self.trace.add("end_turn", self.data.cite("turn.end"))
        nxt = action["end_turn"] if isinstance(action["end_turn"], str) else self.state.seat_order_from(self.state.turn)[1]
        self.state.turn = nxt
        self.state.priority = None


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
