"""符文战场 Riftbound's own rules where the engine's shared behaviour is not enough. The corpus holds a fragment of its
rules document (135.2.b.3, 206, 820); the rest comes from the 血海深仇 (Vendetta) FAQ's rulings, and each module
names the entry it follows:

- board.py: bases and battlefields, moving between them (the same object), move restrictions, combat at a
  battlefield, conquering and points;
- might.py: might changes as replaceable events with floors and −0 (vendetta-03, -04, -20, -22);
- empower.py: Empowered, its layers and [Empowered][>] (vendetta-15, -16, -24, -28, -31);
- stun.py, counter.py: stun as a game action; countering, "can't be countered", gaining control of a chain item;
- costs.py: power, Deflect and "the next card" reductions; cards.py: Predict, runes, playing from another zone;
- layers.py: the order of continuous effects (vendetta-29).

Policies set in game.yaml: an instruction whose targets became illegal is ignored rather than the item failing
(vendetta-34); "when you play" triggers as the card completes its resolution (vendetta-18); trigger-condition
information is kept from the moment it triggers (vendetta-23). Who orders replacement effects: the affected object's
controller, whatever they do (vendetta-11) — the engine's shared behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.errors import InvalidInput
from judge.engine.refs import CardRef, Text
from judge.engine.ruleset import Ruleset

from judge.games.riftbound import board, cards, costs, counter, empower, layers, might, play, stun
from judge.games.riftbound.state import battlefield_of, empowered, location, rs, stunned

if TYPE_CHECKING:
    from judge.engine.effects import Context
    from judge.engine.game import Game
    from judge.engine.replacement import ReplEffect
    from judge.engine.state import Card


def active(game: "Game", card: "Card", ab: dict[str, Any]) -> bool:
    """Does the ability's condition (``while:``) hold now, read on the card that has it?"""
    from judge.engine.effects import Context, test_condition

    cond = ab.get("while")
    return cond is None or test_condition(game, Context(game, None, card.controller, card.ref, {"self": card.ref}), cond)


class RiftboundRules(Ruleset):
    """《符文战场》核心规则 (fragment) and the 血海深仇 FAQ."""

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self._events = {"relocate": board.apply_relocate, "might": might.apply_might, "empower": empower.apply,
                        "disempower": empower.apply, "stun": stun.apply, "conquer": board.apply_conquer}
        self._actions = {"move": board.act_move, "conquer": board.act_conquer, "play": cards.act_play}
        self._names = {"relocate": {"moved"}, "empower": {"empowered"}, "disempower": {"disempowered"},
                       "stun": {"stunned"}, "conquer": {"conquers"}}

    # --- what the game adds to the engine -------------------------------------------------------------
    def operations(self) -> dict[str, Any]:
        return {"move": board.move_op, "might": might.might_op, "swap_might": might.swap_op, "empower": empower.empower_op,
                "disempower": empower.disempower_op, "stun": stun.stun_op, "counter": counter.counter_op,
                "gain_control": counter.gain_control_op, "predict": cards.predict_op, "ready_runes": cards.ready_runes_op,
                "permit_play": cards.permit_op, "score": board.score_op, "pay_power": costs.pay_power_op,
                "take_control": counter.take_control_op, "banish_replay": play.banish_replay_op}

    def event_kinds(self) -> dict[str, Any]:
        return self._events

    def actions(self) -> dict[str, Any]:
        return self._actions

    def event_names(self, game: "Game", ev: events.Event) -> set[str]:
        return self._names.get(ev.kind, set())

    def setup(self, game: "Game", cards_data: dict[str, Any], data: dict[str, Any]) -> None:
        """Where each unit is, Empowered, stunned, extra types, tokens; the players' power and points; Flow's cost."""
        st = game.state
        state = rs(game)
        for cid, c in cards_data.items():
            card = st.cards[cid]
            where = c.get("at")
            if where is not None:
                bf = st.cards.get(where)
                if bf is None or bf.type != "battlefield" or bf.zone != "battlefield":
                    raise InvalidInput("rb_at_not_battlefield", ("cards", cid, "at"), card=cid, at=str(where))
                if card.zone != "battlefield":
                    raise InvalidInput("rb_at_zone", ("cards", cid, "zone"), card=cid, at=str(where), zone=card.zone)
                state.at[cid] = (card.inc, where)
            elif card.zone == "battlefield" and card.type != "battlefield":
                raise InvalidInput("rb_which_battlefield", ("cards", cid, "zone"), card=cid)
            if c.get("empower_max"):
                state.empower_max[cid] = int(c["empower_max"])
            if c.get("empowered"):
                state.empowered[cid] = (card.inc, int(c["empowered"]))
            if c.get("stunned"):
                state.stunned[cid] = card.inc
            card.more_types = list(c.get("more_types") or [])
            card.token = bool(c.get("token", False))
            flow = [ab for ab in card.abilities if ab.get("kind") == "flow"]
            if flow and card.play is not None:  # Flow is an alternative cost of the card (FAQ vendetta-01)
                card.play = {**card.play, "cost": {**(card.play.get("cost") or {}), "alt": dict(flow[0].get("cost") or {})}}
            if card.type == "battlefield":  # a battlefield's "here" is itself
                card.abilities = [_here_is(ab, cid) for ab in card.abilities]
        for p in data.get("players") or []:
            state.power[p["id"]] = int(p.get("power", 0))
            state.points[p["id"]] = int(p.get("points", 0))

    def filter_reason(self, game: "Game", card: "Card", flt: dict[str, Any], controller: str, link: Any) -> str | None:
        if "at" in flt and battlefield_of(game, card) != _at(game, flt["at"], link):
            return "location"
        if "location" in flt:  # at a base or at a battlefield
            where = location(game, card)
            if (where if where in (None, "base") else "battlefield") != flt["location"]:
                return "location"
        if "empowered" in flt and (empowered(game, card) > 0) != bool(flt["empowered"]):
            return "empowered"
        if "stunned" in flt and stunned(game, card) != bool(flt["stunned"]):
            return "stunned"
        if "in_combat" in flt and board.in_combat(game, card) != bool(flt["in_combat"]):
            return "combat"
        if "token" in flt and card.token != bool(flt["token"]):
            return "token"
        return None

    def condition(self, game: "Game", ctx: "Context", kind: str, arg: Any) -> bool | None:
        from judge.engine.effects import cards as refs

        if kind == "empowered":  # [Empowered][>]: read on the card named now (FAQ vendetta-24)
            return any(empowered(game, game.state.view(r)[0]) > 0 for r in refs(ctx, arg))
        if kind == "at_battlefield":  # 「若我身處戰場」
            return any(game.state.is_current(r) and battlefield_of(game, game.state.cards[r.id]) is not None for r in refs(ctx, arg))
        if kind == "in_combat":
            return any(game.state.is_current(r) and board.in_combat(game, game.state.cards[r.id]) for r in refs(ctx, arg))
        return None

    def target_reason(self, game: "Game", link: Any, card: "Card") -> str | None:
        from judge.engine.continuous import forbidden

        if link.controller != card.controller and forbidden(game, card, "be_chosen_by_opponents") is not None:
            return "untargetable"  # not a legal target of an enemy spell or ability (FAQ vendetta-17)
        return None

    def forbids(self, game: "Game", ev: events.Event) -> Text | None:
        from judge.engine.continuous import forbidden

        if ev.kind == "relocate":
            return board.move_forbidden(game, ev)
        if ev.kind == "stun":
            return stun.forbidden(game, ev)
        if ev.kind == "move" and ev.data.get("cause") in ("destroy", "lethal") and ev.card is not None \
                and game.state.is_current(ev.card) and game.is_field(game.state.cards[ev.card.id].zone):
            eff = forbidden(game, game.state.cards[ev.card.id], "be_killed")  # 「我無法被擊殺」
            return eff.text if eff is not None else None
        return None

    def replacement_matches(self, game: "Game", r: "ReplEffect", ev: events.Event) -> bool:
        s = r.spec
        if "if" in s:  # an Empowered replacement applies only while its card is Empowered
            card, _ = game.state.view(r.source)
            if not active(game, card, {"while": s["if"]}):
                return False
        if ev.kind in ("might", "stun"):
            return might.replacement_matches(game, r, ev)
        return True

    def trigger_matches(self, game: "Game", when: dict[str, Any], ev: events.Event, controller: str, host: Any = None) -> bool:
        from judge.engine.targets import matches_filter

        if when.get("here") and (host is None or ev.card is None or battlefield_of(game, host) != ev.card.id):
            return False  # "when I conquer": the battlefield conquered is the one I am at
        if "by" in when:  # what made the event: "when you kill a unit with a spell" (FAQ vendetta-33), "because of me"
            src = ev.data.get("by")
            if not isinstance(src, CardRef):
                return False
            if when["by"] == "self":
                if host is None or src.id != host.id:
                    return False
            elif matches_filter(game, game.state.view(src)[0], when["by"], controller, None) is not None:
                return False
        if "by_player" in when:
            mine = ev.data.get("by_player") == controller
            if mine != (when["by_player"] == "you"):
                return False
        return True

    def lki_allowed(self, game: "Game", ctx: Any, ref: Any) -> bool:
        return board.lki_allowed(game, ctx, ref)

    def usable(self, game: "Game", card: "Card", ability: dict[str, Any]) -> str | None:
        if ability is card.play and card.zone == "chain":  # the card itself being played: where to (FAQ vendetta-27)
            return play.check(game, card, card.controller)
        return empower.requirement(game, card, ability)

    def place(self, game: "Game", card: "Card") -> None:
        play.place(game, card)

    def end_turn(self, game: "Game") -> None:
        rs(game).conquered.clear()

    def borrows_abilities(self, card: dict[str, Any]) -> bool:
        return any(isinstance(ab, dict) and ab.get("abilities_of") for ab in card.get("abilities") or [])

    def more_abilities(self, game: "Game", card: "Card") -> list[dict[str, Any]]:
        """「我擁有所有友方……之費用中有[E]的主動技能」: a card with ``abilities_of`` has those activated abilities, whole
        (their limits and dependent keywords read the card that now has them: FAQ vendetta-24)."""
        from judge.engine.targets import matches_filter

        out: list[dict[str, Any]] = []
        for ab in card.abilities:
            spec = ab.get("abilities_of")
            if ab.get("kind") != "continuous" or not spec:
                continue
            for other in game.state.cards.values():
                if other.id == card.id or not game.is_field(other.zone):
                    continue
                if matches_filter(game, other, spec.get("filter") or {}, card.controller, None) is not None:
                    continue
                out += [dict(a, text=a.get("text", "…")) for a in other.all_abilities()
                        if a.get("kind") == "activated" and (not spec.get("exhaust") or (a.get("cost") or {}).get("exhaust"))]
        return out

    def extra_cost(self, game: "Game", link: Any) -> None:
        costs.pay(game, link)

    def expectation(self, game: "Game", exp: dict[str, Any]) -> dict[str, tuple[Any, Any]] | None:
        out: dict[str, tuple[Any, Any]] = {}
        if "card" in exp:
            card = game.state.cards[exp["card"]]
            on_board = location(game, card) is not None
            for key, actual in (("empowered", lambda: empowered(game, card)), ("stunned", lambda: stunned(game, card)),
                                ("at", lambda: battlefield_of(game, card)),
                                ("in_combat", lambda: on_board and board.in_combat(game, card))):
                if key in exp:
                    out[key] = (actual(), exp[key])
        if "player" in exp:
            state = rs(game)
            for key, table in (("points", state.points), ("power", state.power)):
                if key in exp:
                    out[key] = (table.get(exp["player"], 0), exp[key])
        return out or None

    # --- policies ---------------------------------------------------------------------------------------
    def order_continuous(self, game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
        return layers.order(game, effs, card, base)

    def state_checks(self, game: "Game") -> bool:
        """A unit with damage at least its might is killed (a rule outside the corpus), all at once."""
        st = game.state
        dead = [c for c in st.field_cards() if self.is_unit(c.type) and c.damage > 0
                and c.damage >= int(game.chars(c)["power"] or 0)]
        if not dead:
            return False
        with game.batch():
            for c in dead:
                events.emit(game, events.Event("move", c.ref, data={"to": self.graveyard, "cause": "lethal",
                                                                     "cites": self.cite("state.check", "state.lethal")}))
        return True


def _at(game: "Game", spec: Any, link: Any) -> str | None:
    """The battlefield an ``at:`` names: a card id, ``here`` (the link's source's), ``{event: where}`` (kept as the
    ability triggered), or a target slot of the link."""
    if isinstance(spec, dict) and "event" in spec:
        found = link.bindings.get(f"event_{spec['event']}") if link is not None else None
        return str(found) if found else None
    if spec == "here" and link is not None:
        src, _ = game.state.view(link.source)
        return battlefield_of(game, src)
    if link is not None and isinstance(spec, str) and spec in link.targets:
        objs = [o for o in link.targets[spec] if isinstance(o, CardRef)]
        return objs[0].id if objs else None
    return str(spec)


def _here_is(ab: Any, cid: str) -> Any:
    """A battlefield's ability with ``at: self`` (its own units) naming the battlefield card."""
    if isinstance(ab, dict):
        return {k: (cid if k == "at" and v == "self" else _here_is(v, cid)) for k, v in ab.items()}
    if isinstance(ab, list):
        return [_here_is(v, cid) for v in ab]
    return ab


RULESET = RiftboundRules
