"""Conditions: comparisons of numbers, whether a card fits a description, an empty hand, whether a link legally
targets a card as it resolves [effect.if_targeted], and not / all / any. A condition a place does not read (``targeted``
outside a resolving link's steps) is refused there."""

from __future__ import annotations

from typing import Any

from judge.engine.context import Context, cards, matches_filter, players, read_refs, resolve_names, test_condition, value
from judge.engine.language.shapes import At, Field, ListOf, Map, Ref, Scope, SchemaWriter
from judge.engine.language.words import Mechanism, OneKey, Word
from judge.engine.mechanisms.references import CARDS, PLAYER

MECHANISM = Mechanism("conditions", "conditions: gte, lte, eq, matches, hand_empty, targeted, not, all, any",
                      requires=("numbers", "references", "filters"))
M = MECHANISM
M.place("condition", "a condition: {word: argument}", unknown="condition_word")


class ConditionShape(OneKey):
    """A condition; a word that holds only where a flag of the scope says so (``needs``) is refused elsewhere."""

    def __init__(self, doc: str = "") -> None:
        super().__init__("condition", doc)

    def words(self, scope: Scope) -> dict[str, Word]:
        every = scope.vocab.words("condition")
        return {k: w for k, w in every.items() if not w.extra.get("needs") or w.extra["needs"] in scope.flags}

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return OneKey("condition", self.doc).schema(w)  # every condition (the checker says where each holds)


CONDITION = M.define("condition", ConditionShape("a condition: gte/lte/eq [N, N], matches {card, filter}, hand_empty, "
                                                 "targeted, not, all, any, and the game's own"))
PAIR = M.define("pair", ListOf(Ref("number"), min_items=2, max_items=2, doc="two numbers: [N, N]"))


def _compare(kind: str) -> Any:
    def handler(game: Any, ctx: Context, arg: Any) -> bool:
        a, b = (value(ctx, v) for v in arg)
        return {"gte": a >= b, "lte": a <= b, "eq": a == b}[kind]
    return handler


for _k, _doc in (("gte", "the first number is at least the second"), ("lte", "the first is at most the second"),
                 ("eq", "the two numbers are equal")):
    M.word("condition", _k, PAIR, _compare(_k), doc=_doc, extra={"compare": True})


@M.declare("condition", "matches", Map({"card": CARDS, "filter": Ref("filter")}, required=("card",)),
           doc="the card fits the description (with words a step named)")
def _matches(game: Any, ctx: Context, arg: Any) -> bool:
    refs = read_refs(ctx, arg["card"], cards(ctx, arg["card"]))
    card = game.state.view(refs[0])[0] if refs else None
    return card is not None and matches_filter(game, card, resolve_names(ctx, arg.get("filter") or {}), ctx.controller,
                                               ctx.link, self_ref=ctx.source) is None


@M.declare("condition", "hand_empty", PLAYER, doc="the player has no card in hand")
def _hand_empty(game: Any, ctx: Context, arg: Any) -> bool:
    return all(not game.state.in_zone("hand", p) for p in players(ctx, arg))


@M.declare("condition", "targeted", CARDS, doc="the resolving link legally targets the card [effect.if_targeted] (in "
                                                "the steps of a link only)", rules=("effect.if_targeted",),
           extra={"needs": "resolving"})
def _targeted(game: Any, ctx: Context, arg: Any) -> bool:
    wanted = cards(ctx, arg)
    legal = [o for objs in ctx.legal.values() for o in objs]
    return bool(wanted) and any(w in legal for w in wanted)


@M.declare("condition", "not", Ref("condition"), doc="the condition does not hold")
def _not(game: Any, ctx: Context, arg: Any) -> bool:
    return not test_condition(game, ctx, arg)


def _several(kind: str) -> Any:
    def handler(game: Any, ctx: Context, arg: Any) -> bool:
        results = [test_condition(game, ctx, c) for c in arg]
        return all(results) if kind == "all" else any(results)
    return handler


M.word("condition", "all", ListOf(Ref("condition"), min_items=1), _several("all"), doc="every condition holds")
M.word("condition", "any", ListOf(Ref("condition"), min_items=1), _several("any"), doc="at least one condition holds")

__all__ = ["MECHANISM", "CONDITION", "ConditionShape", "At", "Field"]
