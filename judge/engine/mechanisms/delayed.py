"""Triggered effects a resolving link creates [effect.create_trigger] (delayed triggers): they have the link's source
and controller, trigger once ("the next time") where the game says so [delayed.once], last for a time (this turn, this
combat) [delayed.expires], and end where the card they mention has left [delayed.void]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context, cards
from judge.engine.language.shapes import Bool, Either, Enum, Field, Int, Map, Ref, Scope, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.abilities import STEPS_RESOLVING, slots_of
from judge.engine.refs import Obj, PlayerRef, Text
from judge.engine.state import TriggerEffect

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("delayed", "triggered effects a link creates", requires=("triggers", "turns"))
M = MECHANISM


def _scope(scope: Scope, spec: Any) -> Scope:
    """The creating link's names stay bound (its slots, that); the created trigger's own slots and its event are new."""
    outer = {n for n, _ in scope.slots}
    own = slots_of(spec) if isinstance(spec, dict) else ()
    return scope.with_(bound=scope.bound | outer | {"that", "event"}, slots=own,
                       flags=(scope.flags - {"x"}) | {"created", "resolving"})


CREATE_TRIGGER = Map({
    "when": Field(Ref("when"), "when it triggers"),
    "do": Field(STEPS_RESOLVING, "what it does"),
    "targets": Field(Ref("slots"), "its own targets, chosen as it goes on the chain"),
    "once": Field(Bool(), "it triggers only the next time (default: as the game's rules say)"),
    "until": Field(Enum(("turn", "combat", "next_turn")), "it lasts until the end of the turn or of combat, or until its "
                   "controller's next turn begins (default: the game)"),
    "text": Str(), "text_en": Str(),
}, required=("when", "do"))


@M.declare("step", "create_trigger", CREATE_TRIGGER, doc="create a triggered effect (a delayed trigger)", scope=_scope,
           rules=("effect.create_trigger", "ability.delayed", "delayed.once"), phrases=("create_trigger", "that"))
def create_trigger(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.create_trigger]: a triggered effect, with the source and controller of the link that created it."""
    bindings: dict[str, Obj] = {}
    for name in ("that", "self", *ctx.legal.keys()):
        refs = cards(ctx, name) if name != "that" else (list(ctx.that) or cards(ctx, "that"))
        if refs:
            bindings[name] = refs[0]
    for name, v in ctx.bindings.items():  # [trigger.info]: what the creating ability kept as it triggered is shared
        if name.startswith("event_"):
            bindings[name] = v
    if ctx.that:
        game.trace.add("that", game.data.cite("effect.that"), what=game.data.text("that_unit"), card=ctx.that[0])
    # [effect.create_trigger]: a duration, or "the next time" (once); otherwise it lasts until the game ends
    # [delayed.once]: where the game's rules say a delayed triggered ability triggers only once, that is the default
    once = bool(spec.get("once", game.data.raw.get("delayed_once", False)))
    te = TriggerEffect(ctx.source, ctx.controller, dict(spec), bindings, once=once, until=spec.get("until", "game"))
    game.state.trigger_effects.append(te)
    delayed_ability = ctx.link is not None and ctx.link.kind == "ability"  # [ability.delayed]: an active ability's
    game.trace.add("create_trigger", game.data.cite("effect.create_trigger", *(["ability.delayed"] if delayed_ability else [])),
                   text=Text(spec.get("text", "…"), spec.get("text_en", "")), card=ctx.source, player=PlayerRef(ctx.controller))
    return True


@M.hook("turn.end", order=20)
def _end_turn(game: "Game") -> None:
    st = game.state
    expired = [t for t in st.trigger_effects if t.until == "turn"]
    st.trigger_effects = [t for t in st.trigger_effects if t.until != "turn"]
    if expired and game.data.cite("delayed.expires"):  # [delayed.expires]: a delayed ability's time limit ends
        game.trace.add("delayed_expired", game.data.cite("delayed.expires"), card=expired[0].source)


@M.hook("turn.started", order=20)
def _start_turn(game: "Game", player: str) -> None:
    """[turn.start]: a delayed trigger lasting "until your next turn begins" that has not triggered ends once that
    turn has begun (what the turn's start triggers could still trigger it)."""
    st = game.state
    expired = [t for t in st.trigger_effects if t.until == "next_turn" and t.controller == player]
    st.trigger_effects = [t for t in st.trigger_effects if t not in expired]
    if expired and game.data.cite("delayed.expires"):  # [delayed.expires]: a delayed ability's time limit ends
        game.trace.add("delayed_expired", game.data.cite("delayed.expires", "turn.start"), card=expired[0].source)


@M.hook("combat.end", order=20)
def _end_combat(game: "Game") -> None:
    game.state.trigger_effects = [t for t in game.state.trigger_effects if t.until != "combat"]  # their durations


__all__ = ["MECHANISM", "Either", "Int"]
