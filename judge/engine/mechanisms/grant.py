"""Giving a card an ability [effect.grant]: it has the ability from then on (until the end of the turn, with
``until: turn``), timestamped as it is added [timestamp.ability]; a granted ability's targets are chosen only when it is
used [effect.grant_targets]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context
from judge.engine.language.shapes import Enum, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.mechanisms.steps import each_card, on_field
from judge.engine.refs import CardRef, Text
from judge.engine.state import Granted

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("grant", "giving cards abilities", requires=("steps", "turns"))
M = MECHANISM

GRANT = Map({"to": CARDS, "ability": Ref("ability"), "until": Enum(("turn",), doc="until the end of the turn (default: "
                                                                                  "as long as it stays on the field)"),
             "text": Str(), "text_en": Str()}, required=("to", "ability"))


@M.declare("step", "grant", GRANT, doc="cards on the field gain an ability", rules=("effect.grant", "effect.grant_targets",
           "timestamp.ability"), phrases=("grant", "grant_note", "cannot"))
def grant(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    ability = dict(spec["ability"])
    text = Text(spec.get("text") or ability.get("text", "…"), spec.get("text_en") or ability.get("text_en", ""))

    def one(ref: CardRef) -> bool:
        if not on_field(game, ref):
            return False
        game.state.cards[ref.id].granted.append(Granted(ability, spec.get("until"), ctx.source.id, game.state.tick()))  # [timestamp.ability]
        until = game.data.text("until_turn") if spec.get("until") == "turn" else Text("")
        game.trace.add("grant", game.data.cite("effect.grant"), card=ref, text=text, until=until)
        if ability.get("targets"):
            game.trace.add("grant_note", game.data.cite("effect.grant_targets"))
        return True

    return each_card(ctx, spec["to"], one, "grant")


GRANT_NEXT = Map({"player": Ref("player"), "applies": Ref("filter"), "ability": Ref("ability"),
                  "until": Enum(("turn",), doc="only a card played this turn (default: the next one, whenever); the "
                                           "card keeps the ability"),
                  "text": Str(), "text_en": Str()}, required=("ability",))
NEXT_KEY = "grant_next"  # GameState.ext: abilities waiting for the next card a player plays (a rewind restores them)


@M.declare("step", "grant_next", GRANT_NEXT, doc="the next card a player plays (fitting applies:) gains an ability as it "
           "is played — a card not on the board yet", rules=("effect.grant", "grant.next"), phrases=("grant_next", "grant"))
def grant_next(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[grant.next]: the next card the player plays that fits ``applies`` gains the ability as it goes on the chain
    (before its choices are made: a Repeat it gains is offered then); used up by that card."""
    from judge.engine.context import players

    for p in players(ctx, spec.get("player", "you")):
        waiting = game.state.ext.setdefault(NEXT_KEY, [])
        waiting.append({"player": p, "applies": dict(spec.get("applies") or {}), "ability": dict(spec["ability"]),
                        "until": spec.get("until"), "source": ctx.source.id, "controller": ctx.controller,
                        "text": Text(spec.get("text") or spec["ability"].get("text", "…"), spec.get("text_en") or "")})
        game.trace.add("grant_next", game.data.cite("grant.next"), player=game.player_ref(p), text=waiting[-1]["text"])
    return True


@M.hook("link.announced")
def _as_played(game: "Game", link: Any) -> None:
    """Each waiting "next card" ability whose player plays a fitting card goes to that card now."""
    from judge.engine.context import matches_filter

    waiting = game.state.ext.get(NEXT_KEY)
    if not waiting or link.kind != "card":
        return
    card = game.state.cards[link.source.id]
    for w in list(waiting):  # every waiting one it fits: each was made for "the next card"
        if w["player"] != link.controller or matches_filter(game, card, w["applies"], w["controller"], None) is not None:
            continue
        waiting.remove(w)
        # the ability is the card's from now on; "this turn" was how long the offer waited for a card
        card.granted.append(Granted(w["ability"], None, w["source"], game.state.tick()))  # [timestamp.ability]
        game.trace.add("grant", game.data.cite("effect.grant", "grant.next"), card=card.ref, text=w["text"], until=Text(""))


@M.hook("turn.end", order=10)
def _end_turn(game: "Game") -> None:
    for card in game.state.cards.values():
        card.granted = [g for g in card.granted if g.until != "turn"]
    waiting = game.state.ext.get(NEXT_KEY)
    if waiting:  # "the next spell you play this turn": not played this turn, it is gone
        game.state.ext[NEXT_KEY] = [w for w in waiting if w["until"] != "turn"]
