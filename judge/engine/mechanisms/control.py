"""Gaining control of cards on the field [control.change], for a time or for good.

A control-changing effect applies before every effect that reads who controls a card (where a game orders its
continuous effects in layers, the control layer comes right after copy effects: the rule key ``control.change``): while it lasts the card is controlled by that player; among several, the latest in force decides;
when the last one ends the card goes back to the player who controlled it before. It ends when its duration does (this
turn, until its player's next turn begins) or when the card leaves the field (a new object, controlled by its owner)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.engine.context import Context, cards
from judge.engine.language.shapes import Either, Enum, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("control", "gaining control of cards on the field", requires=("references", "turns"))
M = MECHANISM
KEY = "control"  # GameState.ext: the control effects in force (a rewind restores them)


@dataclass
class ControlEffect:
    """One control-changing effect: which card (this object), who controls it, for how long, and who had it before."""

    card: CardRef
    player: str
    until: str  # game | turn | next_turn
    before: str  # its controller before any effect of this kind began
    ended: bool = False


def effects(game: "Game") -> list[ControlEffect]:
    """The effects of this kind in force (made on first use)."""
    return game.state.ext.setdefault(KEY, [])  # type: ignore[no-any-return]


def refresh(game: "Game") -> None:
    """End the control effects that are over and give each card the controller the latest one in force says."""
    found = game.state.ext.get(KEY)
    if not found:
        return
    st = game.state
    live = [e for e in found if not e.ended and st.is_current(e.card) and game.is_field(st.cards[e.card.id].zone)]
    back: set[CardRef] = set()
    for e in found:
        if e in live or e.card in back:
            continue
        if st.is_current(e.card) and not any(x.card == e.card for x in live):  # the last one on it: it goes back
            back.add(e.card)
            st.cards[e.card.id].controller = e.before
            game.trace.add("control_ends", game.data.cite("control.change"), card=e.card, player=PlayerRef(e.before))
    st.ext[KEY] = live
    for e in live:
        st.cards[e.card.id].controller = e.player  # in the order they began: the latest decides
    game.chars_cache.clear()


TAKE = Either(Ref("cards"), Map({"cards": CARDS, "until": Enum(("turn", "next_turn"), doc="until the end of the turn, or "
                                                                   "until the player's next turn begins (default: for good)")},
                                required=("cards",)), doc="the cards, or {cards:, until:}")


@M.declare("step", "take_control", TAKE, doc="the link's controller gains control of these cards on the field (for good, "
           "or until:)", rules=("control.change",), phrases=("take_control", "control_ends"))
def take_control(game: "Game", ctx: Context, spec: Any) -> bool:
    """``take_control: REF`` or ``{cards: REF, until: turn|next_turn}``: the link's controller controls these cards."""
    spec = spec if isinstance(spec, dict) else {"cards": spec}
    until = str(spec.get("until", "game"))
    st = game.state
    done = False
    for ref in cards(ctx, spec["cards"]):
        if not st.is_current(ref) or not game.is_field(st.cards[ref.id].zone):
            continue
        card = st.cards[ref.id]
        before = next((e.before for e in effects(game) if e.card == ref), card.controller)
        effects(game).append(ControlEffect(ref, ctx.controller, until, before))
        refresh(game)
        until_word = game.data.text(f"until_{until}") if until != "game" else Text("", "")
        game.trace.add("take_control", game.data.cite("control.change"), player=PlayerRef(ctx.controller), card=ref,
                       until=until_word)
        done = True
    return done


@M.hook("event.after", order=6)
def _after(game: "Game", event: Any) -> None:
    refresh(game)  # a card that left the field: its control effects end with it


@M.hook("turn.end", order=12)
def _end_turn(game: "Game") -> None:
    for e in game.state.ext.get(KEY) or ():
        e.ended = e.ended or e.until == "turn"
    refresh(game)


@M.hook("turn.start", order=12)
def _start_turn(game: "Game", player: str) -> None:
    for e in game.state.ext.get(KEY) or ():
        e.ended = e.ended or (e.until == "next_turn" and e.player == player)
    refresh(game)
