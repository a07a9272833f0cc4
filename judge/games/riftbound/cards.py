"""Riftbound's steps on cards outside the board: Predict (預測, FAQ word), readying runes, and playing a card from
another zone when an effect allows it (「你可以從你的棄牌堆打出我」, FAQ vendetta-33)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.context import Context, cards, players, value
from judge.engine.language.shapes import Bool, Enum, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.filters import _zones
from judge.engine.refs import PlayerRef, ZoneRef

from judge.games.riftbound.state import rs

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("riftbound.cards", "Predict, readying runes, playing a card from another zone", requires=("steps",))
M = MECHANISM


@M.declare("step", "predict", Map({"player": Ref("player")}), doc="the player looks at the top card of their deck and "
           "may put it on the bottom", rules=("keyword.predict",), phrases=("predict", "predict_empty"))
def predict_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``predict: {player: P}``: the player looks at the top card of their main deck and may put it on the bottom
    (recycle it). The FAQ names Predict without defining it (vendetta-05): this reading is inferred."""
    st = game.state
    for p in players(ctx, (spec or {}).get("player", "you")):
        deck = [c for c in st.cards.values() if c.zone == "deck" and c.owner == p]
        if not deck:
            game.trace.add("predict_empty", game.data.cite("keyword.predict"), player=PlayerRef(p))
            continue
        top = deck[0]
        recycle = bool(game.ask(Choice("may", p, ctx.source.id, (False, True), slot="predict")))
        if recycle:  # deck order is the order of the cards: the top card goes last
            st.to_bottom(top.id)
        what = game.data.text("predict_bottom" if recycle else "predict_top")
        game.trace.add("predict", game.data.cite("keyword.predict"), player=PlayerRef(p), card=top.ref, what=what)
    return True


@M.declare("step", "ready_runes", Map({"up_to": Ref("amount")}), doc="the controller readies up to N of their exhausted "
           "runes", rules=("effect.one_shot",), phrases=("runes_ready",))
def ready_runes_op(game: "Game", ctx: "Context", spec: Any) -> bool:
    """``ready_runes: {up_to: N}``: the controller readies up to N of their exhausted runes (as many as they can)."""
    st = game.state
    n = value(ctx, (spec or {}).get("up_to", 1))
    runes = [c for c in st.cards.values() if c.zone == "runes" and c.controller == ctx.controller and c.exhausted][:n]
    for c in runes:
        c.exhausted = False
    game.trace.add("runes_ready", game.data.cite("effect.one_shot"), player=PlayerRef(ctx.controller), amount=len(runes))
    return bool(runes)


@M.declare("step", "permit_play", Map({"card": Ref("cards"), "from": Enum(_zones)}), doc="the controller may play that "
           "card from that zone (while it stays there)", rules=("play.permission",), phrases=("permit_play",))
def permit_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``permit_play: {card: REF, from: ZONE}``: the controller may play that card from that zone (while it stays)."""
    zone = str(spec.get("from", game.data.graveyard))
    done = False
    for ref in cards(ctx, spec.get("card", "self")):
        card = game.state.cards[ref.id]
        if card.zone != zone:
            continue
        rs(game).permits.append((card.id, card.inc, zone, ctx.controller))
        game.trace.add("permit_play", game.data.cite("play.permission"), player=PlayerRef(ctx.controller), card=card.ref,
                       zone=ZoneRef(zone))
        done = True
    return done


M.word("choice_slot", "predict", Bool(), doc="Predict: put the top card on the bottom (true) or keep it", extra={"kinds": ("may",)})
