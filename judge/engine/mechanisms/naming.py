"""Naming a word [effect.name]: a player names a card type (or a card's name, or one of given words), stored for later
steps and descriptions (``{name: store}``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.context import Context, matches_filter
from judge.engine.language.shapes import Enum, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.refs import PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("naming", "naming a card type or a card's name", requires=("steps",))
M = MECHANISM

NAME = Map({"kind": Enum(("type", "card", "word"), doc="what is named: a card type (default), a card's name, one of the "
                                                        "words of options:"),
            "filter": Ref("filter", doc="kind card: the cards whose names may be named"),
            "options": ListOf(Str(min_len=1), min_items=1, doc="kind word: the words that may be named"),
            "store": Str(min_len=1, doc="the name it is stored under (default named)")})


def _name_check(spec: Any, at: Any) -> None:
    if not isinstance(spec, dict):
        return
    kind = spec.get("kind", "type")
    if "options" in spec and kind != "word":
        (at / "options").problem("goes_with", key="options", group="kind: word", at_key=True)
    if "filter" in spec and kind != "card":
        (at / "filter").problem("goes_with", key="filter", group="kind: card", at_key=True)
    if kind == "word" and "options" not in spec:
        at.problem("required", name="options")


@M.declare("step", "name", NAME, doc="the controller names a word, stored for later steps", check=_name_check,
           rules=("effect.name",), phrases=("named",))
def name(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    kind = spec.get("kind", "type")
    options = tuple(game.data.types) if kind == "type" else tuple(spec.get("options") or ())
    if kind == "card":  # [effect.name]: a card's name: the names of the cards in the game fitting the description
        flt = spec.get("filter") or {}
        options = tuple(sorted({c.name.get("zh", c.id) for c in game.state.cards.values()
                                if matches_filter(game, c, flt, ctx.controller, None, self_ref=ctx.source) is None}))
    word = str(game.ask(Choice("name", ctx.controller, ctx.source.id, options)))
    ctx.names[str(spec.get("store", "named"))] = word
    shown = Text(game.data.type_name(word, "zh"), game.data.type_name(word, "en")) if kind == "type" else Text(word, word)
    game.trace.add("named", game.data.cite("effect.name"), player=PlayerRef(ctx.controller), what=shown)
    return True
M.word("choice", "name", Str(min_len=1), doc="the word named (a card type id, or a card's name)")
