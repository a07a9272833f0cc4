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


@M.hook("turn.end", order=10)
def _end_turn(game: "Game") -> None:
    for card in game.state.cards.values():
        card.granted = [g for g in card.granted if g.until != "turn"]
