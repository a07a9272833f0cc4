"""Keyword abilities: a name the game's rules define (its data's ``keywords``), standing for abilities, with a number
where the keyword has one (``{裝甲: 2}``); the trace names each with its rule."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import At, Custom, Either, Int, ListOf, Map, Str
from judge.engine.language.words import Mechanism
from judge.engine.refs import Text
from judge.engine.ruleset import Cites

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.ruleset import Ruleset
    from judge.engine.state import Card

MECHANISM = Mechanism("keywords", "keyword abilities the game's rules define", requires=("position", "abilities"))
M = MECHANISM


def _known(value: Any, at: At) -> None:
    game = at.scope.vocab.game
    names = list(game.keywords) if game is not None else []
    for i, kw in enumerate(value if isinstance(value, list) else []):
        name = kw if isinstance(kw, str) else next(iter(kw), None) if isinstance(kw, dict) else None
        if name is not None and name not in names:
            (at / i).problem("keyword", name=name, game=game.game if game else "", keywords=names, near=(name, names))
        elif name is not None and game is not None:
            spec = game.keywords[name]
            numbered = '"keyword_x"' in json.dumps(spec.get("abilities") or [])
            if isinstance(kw, str) and numbered and "unnumbered" not in spec:  # 【沖鋒】 has an X: {沖鋒: 1}
                (at / i).problem("keyword_number", name=name)
            elif isinstance(kw, dict) and not numbered:  # 【迅捷】 has none: 迅捷
                (at / i).problem("keyword_no_number", name=name)


KEYWORD = Either(Str(min_len=1), Map(keys=Str(min_len=1), values=Int(0), min_fields=1, max_fields=1),
                 doc="a keyword, or {keyword: X}")


def _known_list(value: Any, at: At) -> None:
    ListOf(KEYWORD).check(value, at)
    _known(value, at)


# a list of the game's keywords, each known (a token's: tokens.py)
KEYWORDS = Custom(_known_list, lambda w: ListOf(KEYWORD).schema(w), ("array",),
                  doc="keyword abilities the game's rules define: a name, or {name: X}")


@M.declare("card", "keywords", ListOf(KEYWORD), doc="keyword abilities the game's rules define: a name, or {name: X}",
           check=_known)
def _keywords(game: "Game", card: "Card", value: Any, path: Any) -> None:
    card.abilities = list(card.abilities) + keyword_abilities(game.data, value)


def keyword_abilities(data: "Ruleset", keywords: list[Any]) -> list[dict[str, Any]]:
    """The abilities a card's keywords stand for, with X filled in and the keyword's rule."""
    out: list[dict[str, Any]] = []
    for kw in keywords:
        name, x = (kw, 0) if isinstance(kw, str) else next(iter(kw.items()))
        spec = data.keywords[name]
        for ab in spec.get("abilities") or []:
            filled = _fill_x(copy.deepcopy(ab), int(x))
            filled.setdefault("rule", spec.get("rule"))
            filled.setdefault("text", f"【{name}{'' if isinstance(kw, str) else x}】")
            out.append(filled)
    return out


def _fill_x(x: Any, n: int) -> Any:
    """A keyword's ability with its number: ``{keyword_x: true}`` becomes ``n``."""
    if isinstance(x, dict):
        if x == {"keyword_x": True}:
            return n
        return {k: _fill_x(v, n) for k, v in x.items()}
    if isinstance(x, list):
        return [_fill_x(v, n) for v in x]
    return x


@M.hook("setup.trace", order=10)
def _named(game: "Game", data: dict[str, Any]) -> None:
    """Keyword abilities are abilities the game's rules define: name each with its rule."""
    for cid, c in data["cards"].items():
        for kw in c.get("keywords") or []:
            name, x = (kw, None) if isinstance(kw, str) else next(iter(kw.items()))
            spec = game.data.keywords[name]
            rule, en = spec.get("rule"), spec.get("en")
            number = "" if x is None else str(x)
            game.trace.add("keyword", Cites((str(rule),)) if rule else (), card=game.state.cards[cid].ref,
                           text=Text(f"【{name}{number}】", f"[{en}{' ' + number if number else ''}]" if en else ""))
