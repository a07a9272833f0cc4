"""Expected outcomes (``expect:``, and ``check:`` part-way): each is about one thing — a card, a player, the chain, a
step of the trace, a rule cited, how the game ended … — and is checked against the game as it stands (or its trace).
What a card or a player expectation may say is every word of ``expect.card`` / ``expect.player``: those of the shared
mechanisms and the game's own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.engine.language.shapes import At, Bool, Custom, Either, Enum, Field, Int, ListOf, Map, Null, Ref, Str
from judge.engine.language.words import Mechanism, OneKey
from judge.engine.mechanisms.filters import _zones

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("expectations", "expected outcomes", requires=("references", "actions"))
M = MECHANISM
BIG = 10**13
COUNT = Int(0, BIG)
M.define("count_or_null", Either(Int(-BIG, BIG), Null(), doc="a number (or null: it has none)"))
RULE_ID = Str(min_len=1, pattern=r"^\d{3}(\.(\d+[a-z]?|[a-z]))*$", doc="a rule id of the game's document")


@dataclass
class Checked:
    """One expectation and whether it held, with what was actually found."""

    expect: dict[str, Any]
    ok: bool
    actual: Any


def _phrase(value: Any, at: At) -> None:
    game = at.scope.vocab.game
    kinds = sorted(game.phrases) if game is not None else []
    if value not in kinds:
        at.problem("step_kind", name=value, near=(value, kinds))


STEP_KIND = Custom(_phrase, {"type": "string"}, ("string",), doc="a kind of trace step (a phrase of the game's data)")
M.place("expect", "one expectation: about exactly one of these", unknown="expect_word", several="expect_one", common={
    "note": Field(Str(), "what the expectation comes from (shown with the result)"),
})
M.place("expect.card", "what a card expectation may say about the card", form="field")
M.place("expect.player", "what a player expectation may say about the player", form="field")
M.define("expectation", OneKey("expect", doc="one expected outcome"))


def check(game: "Game", exp: dict[str, Any]) -> Checked:
    """Evaluate one expectation (the handler of the word it is about)."""
    name = next(k for k in exp if game.data.vocab.word("expect", k) is not None)
    return game.data.vocab.handler("expect", name)(game, exp)


def _fields(place: str, owner: str, game: "Game", exp: dict[str, Any]) -> Checked:
    words = game.data.vocab.words(place)
    target = game.state.cards[exp[owner]] if owner == "card" else exp[owner]
    actual = {k: words[k].handler(game, target) for k in words if k in exp}
    want = {k: exp[k] for k in words if k in exp}
    return Checked(exp, actual == want, actual)


M.word("expect", "card", Ref("card_id"), lambda game, exp: _fields("expect.card", "card", game, exp),
       doc="a card: its zone, damage, state, current characteristics …", extra={"sibling_places": ("expect.card",)})
M.word("expect", "player", Ref("player_id"), lambda game, exp: _fields("expect.player", "player", game, exp),
       doc="a player: hand, deck, resources …", extra={"sibling_places": ("expect.player",)})


def _card_word(name: str, shape: Any, doc: str, actual: Any) -> None:
    M.word("expect.card", name, shape, actual, doc=doc)


_card_word("zone", Enum(_zones), "its zone", lambda game, card: card.zone)
_card_word("damage", Int(-BIG, BIG), "the damage on it", lambda game, card: card.damage)
_card_word("exhausted", Bool(), "it is exhausted", lambda game, card: card.exhausted)
_card_word("face_down", Bool(), "it is face down", lambda game, card: card.face_down)
_card_word("controller", Ref("player_id"), "its controller", lambda game, card: card.controller)
_card_word("attached_to", Either(Ref("card_id"), Null()), "what it is attached to (null: nothing)",
           lambda game, card: card.attached_to)
_card_word("counters", Map(keys=Str(min_len=1), values=Int(-BIG, BIG)), "its counters",
           lambda game, card: {k: v for k, v in card.counters.items() if v})
_card_word("granted", COUNT, "how many abilities effects gave it", lambda game, card: len(card.granted))
_card_word("attacking", Bool(), "it is attacking",
           lambda game, card: bool(game.state.combat and game.state.combat.get("attacker") == card.ref))
_card_word("copies", Int(1, BIG), "how many tokens this token stands for", lambda game, card: card.copies)


def _player_word(name: str, shape: Any, doc: str, actual: Any) -> None:
    M.word("expect.player", name, shape, actual, doc=doc)


_player_word("hand", COUNT, "cards in hand", lambda game, p: len(game.state.in_zone("hand", p)))
_player_word("deck", COUNT, "cards in deck", lambda game, p: len(game.state.in_zone("deck", p)))
_player_word("resources", COUNT, "ready resources", lambda game, p: game.state.pools.get(p, 0))
_player_word("units", COUNT, "units on the field it controls (tokens counted with their copies)",
             lambda game, p: sum(c.copies for c in game.state.field_cards() if c.controller == p and game.data.is_unit(c.type)))


@M.declare("expect", "chain", ListOf(Ref("card_id")), doc="the chain, top first, by source card")
def _chain(game: "Game", exp: dict[str, Any]) -> Checked:
    actual = [l.source.id for l in reversed(game.state.chain)]
    return Checked(exp, actual == list(exp["chain"]), actual)


@M.declare("expect", "priority", Either(Ref("player_id"), Null()), doc="who holds priority (null: nobody)")
def _priority(game: "Game", exp: dict[str, Any]) -> Checked:
    return Checked(exp, game.state.priority == exp["priority"], game.state.priority)


def _plain_arg(v: Any) -> Any:
    from judge.engine.trace import plain

    p = plain(v)
    if isinstance(p, dict) and len(p) == 1 and next(iter(p)) in ("card", "player", "link", "zone"):
        return next(iter(p.values()))
    if isinstance(p, dict) and "zh" in p:
        return p["zh"]
    if isinstance(p, list):
        return [_plain_arg(x) for x in v] if isinstance(v, (list, tuple)) else p
    return p


def _with(value: Any, at: At) -> None:
    """``with:`` names the step's arguments by what the file calls them: a card or player id must be one of the file."""
    from judge.engine.mechanisms.references import _thing_id

    if not isinstance(value, dict):
        return
    for k, v in value.items():
        if k in ("card", "target", "source", "player", "link") and isinstance(v, str):
            _thing_id(v, at / k)


SCALAR = Either(Str(), Int(-BIG, BIG), Bool(), Null())
WITH = Map(keys=Str(min_len=1), values=Either(SCALAR, ListOf(Either(SCALAR, ListOf(SCALAR)))),
           doc="the step's arguments: {card: id, amount: 2 …}")


def _with_all(value: Any, at: At) -> None:
    WITH.check(value, at)
    _with(value, at)


@M.declare("expect", "step", STEP_KIND, doc="the trace has such a step (with: its arguments; count: exactly so many; "
           "after: only after the first step of that kind)",
           extra={"siblings": {"with": Field(Custom(_with_all, WITH.schema, ("object",)), "its arguments"),
                               "count": Field(COUNT, "exactly this many"),
                               "after": Field(STEP_KIND, "only steps after the first step of this kind")}})
def _step(game: "Game", exp: dict[str, Any]) -> Checked:
    want = exp.get("with") or {}
    steps = list(game.trace.steps)
    if "after" in exp:  # an ordering check: only the steps after the first `after` step count
        first = next((i for i, s in enumerate(steps) if s.kind == exp["after"]), len(steps))
        steps = steps[first + 1:]
    n = sum(1 for s in steps if s.kind == exp["step"]
            and all(k in s.args and _plain_arg(s.args[k]) == v for k, v in want.items()))
    if "count" in exp:
        return Checked(exp, n == exp["count"], n)
    return Checked(exp, n > 0, n)


@M.declare("expect", "no_step", STEP_KIND, doc="the trace has no step of this kind")
def _no_step(game: "Game", exp: dict[str, Any]) -> Checked:
    n = sum(1 for s in game.trace.steps if s.kind == exp["no_step"])
    return Checked(exp, n == 0, n)


OUTCOME = Enum(("resolved", "interrupted", "removed"))


@M.declare("expect", "link", Ref("card_id"), doc="a link from this card left the chain so (outcome:)",
           extra={"siblings": {"outcome": Field(OUTCOME, "resolved, interrupted or removed")}, "requires": ("outcome",)})
def _link(game: "Game", exp: dict[str, Any]) -> Checked:
    outcomes = [o for _, src, o in game.resolved if src == exp["link"]]
    return Checked(exp, exp["outcome"] in outcomes, outcomes)


@M.declare("expect", "outcomes", ListOf(ListOf(Str(min_len=1), min_items=2, max_items=2)),
           doc="every link that left the chain, in order: [[card, outcome], …]")
def _outcomes(game: "Game", exp: dict[str, Any]) -> Checked:
    actual = [[src, o] for _, src, o in game.resolved]
    return Checked(exp, actual == [list(p) for p in exp["outcomes"]], actual)


@M.declare("expect", "result", Str(pattern=r"^(draw|none|lose:.+)$"), doc="how the game ended: draw, none (it goes on), "
                                                                          "or lose:<player>")
def _result(game: "Game", exp: dict[str, Any]) -> Checked:
    actual = game.state.result or "none"
    return Checked(exp, actual == exp["result"], actual)


@M.declare("action", "check", Either(Ref("expectation"), ListOf(Ref("expectation"))),
           doc="expectations checked at this point of the scenario (reported with the final ones)")
def act_check(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    from judge.engine.mechanisms.continuous import explain_cards

    exps = action["check"] if isinstance(action["check"], list) else [action["check"]]
    for exp in exps:
        c = check(game, exp)
        c.expect = {**exp, "at": path[-1]}
        game.checks.append(c)
    named = [e["card"] for e in exps if "card" in e] + [k.split(".")[0] for e in exps for k in e.get("explain") or {}]
    # `--explain` also shows the cards this check read, as they were then: only those whose values were computed
    # for it (computing others could ask a [timestamp.simultaneous] question or add trace steps the run would not have had)
    done = [cid for cid in dict.fromkeys(named) if cid in game.state.cards
            and (cid, game.state.cards[cid].inc) in game.chars_cache]
    game.explained.append((path[-1], explain_cards(game, done)))


__all__ = ["MECHANISM", "Checked", "check"]
