"""Drawing and discarding: each card drawn is its own event (a replacement may change one draw), "draw until" does
nothing once the limit is met [effect.draw_until], discarding is its own event [effect.discard]; the turn's draw as an
action; the ``draw`` and ``discarded`` triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context, players, value
from judge.engine.language.shapes import Either, Enum, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.moves import MOVE_KEYS, cause_is, silent_move
from judge.engine.mechanisms.references import PLAYER
from judge.engine.options import subsets
from judge.engine.refs import CardRef, PlayerRef, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("drawing", "draw, draw_until, discard; the turn's draw", requires=("moves", "actions"))
M = MECHANISM
NAME = Str(min_len=1, pattern=r"^[A-Za-z_][A-Za-z0-9_\-]*$")


def draw_cards(game: "Game", player: str, n: int) -> int:
    """Draw ``n`` cards one at a time (each draw is its own event): a draw a replacement changed does not end the
    others [replacement.each] — only a draw that cannot happen (no card left, or forbidden) does."""
    drawn = 0
    for _ in range(n):
        happened, replaced = _draw_one(game, player, several=n > 1)
        if happened:
            drawn += 1
        elif not replaced:
            break
    _drew(game, player, drawn)
    return drawn


def _drew(game: "Game", player: str, drawn: int) -> None:
    """The step a player's draws come to (none when nothing was drawn)."""
    if drawn:
        game.trace.add("draw", game.data.cite("effect.one_shot"), player=PlayerRef(player), amount=drawn)


def _draw_one(game: "Game", player: str, several: bool = False, until: bool = False) -> tuple[bool, bool]:
    """One draw as its own event: (whether the player drew, whether a replacement changed it). ``several``: one of
    several draws of one instruction (a replacement replaces each on its own [replacement.each]); ``until``: one of a
    "draw until" [effect.draw_until_replaced]."""
    game.spend()
    data: dict[str, Any] = {}
    if several or until:  # the rules a replacement of this draw cites besides its own (replacement._apply)
        data["replaced_cites"] = ("replacement.each",) + (("effect.draw_until_replaced",) if until else ())
    ev = events.Event("draw", None, player=player, data=data)
    # [replacement.next]: draws happen one at a time, never at once, so each is a "next time" of its own ("skip your
    # next draw" and "draw two cards": the first draw only) — unlike the packets one link deals at once
    with game.batch():
        return events.emit(game, ev) is not None, ev.replaced


def _progress(game: "Game") -> tuple[Any, ...]:
    """What a draw changes: how many cards each zone of each player holds, and the replacement effects in force."""
    st = game.state
    sizes: dict[tuple[str, str], int] = {}
    for c in st.cards.values():
        sizes[(c.zone, c.owner)] = sizes.get((c.zone, c.owner), 0) + 1
    return tuple(sorted(sizes.items())), len(st.repl_effects)


@M.declare("step", "draw", Map({"player": PLAYER, "count": Ref("amount")}), doc="a player draws cards (default: you, 1)",
           rules=("effect.one_shot", "replacement.each", "effect.draw_empty"), phrases=("draw", "draw_none"))
def draw(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    ok = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("count", 1))
        ok = draw_cards(game, p, n) == n and ok
    return ok


@M.declare("step", "draw_until", Map({"player": PLAYER, "hand": Ref("amount")}, required=("hand",)),
           doc="a player draws until they have this many cards in hand (nothing if they already do)",
           rules=("effect.draw_until", "effect.draw_until_replaced"), phrases=("draw_until_met",))
def draw_until(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.draw_until]: nothing to do if the limit is already met; otherwise draw until it is met."""
    limit = value(ctx, spec["hand"])
    for p in players(ctx, spec.get("player")):
        have = len(game.state.in_zone("hand", p))
        if have >= limit:
            game.trace.add("draw_until_met", game.data.cite("effect.draw_until"), player=PlayerRef(p), amount=have, limit=limit)
            continue
        drawn = 0
        # [effect.draw_until]: one draw at a time until the hand holds the limit — a replaced draw (another player
        # draws, a card comes from another zone, the draw is skipped) counts for nothing, and the drawing stops when
        # a draw changes nothing at all (that player's deck, or the other zone, has run out)
        while len(game.state.in_zone("hand", p)) < limit:
            before = _progress(game)
            happened, replaced = _draw_one(game, p, until=True)
            drawn += happened
            if not (happened or replaced) or _progress(game) == before:
                break
        _drew(game, p, drawn)
    return True


DISCARD = Map({"player": PLAYER, "count": Ref("amount"), "up_to": Either(Enum(("all",)), Ref("amount")),
               "store": Field(NAME, "store how many were discarded under this name"),
               "as": Field(NAME, "name the cards discarded for later steps")})


@M.declare("step", "discard", DISCARD, doc="a player discards cards of their choice (count, or up_to a number or all)",
           rules=("effect.discard",), phrases=("discard",), check=lambda v, at: _one_count(v, at),
           extra={"groups": lambda spec: [str(spec["as"])] if isinstance(spec, dict) and "as" in spec else []})
def discard(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    total = 0
    for p in players(ctx, spec.get("player")):
        hand = sorted(c.id for c in game.state.in_zone("hand", p))
        if "up_to" in spec:
            top = len(hand) if spec["up_to"] == "all" else min(len(hand), value(ctx, spec["up_to"]))
            sizes = range(0, top + 1)
        else:
            n = min(len(hand), value(ctx, spec.get("count", 1)))
            sizes = range(n, n + 1)
        options = subsets(tuple(hand), sizes)  # listed, or counted when there are too many
        picked: tuple[str, ...] = game.ask(Choice("discard", p, ctx.source.id, options)) if options else ()
        discarded: list[CardRef] = []
        for cid in picked:  # discarding is its own event: a replacement may send the card elsewhere (its own step)
            ev = events.emit(game, events.Event("move", game.state.cards[cid].ref, player=p,
                                                data={"to": game.data.graveyard, "cause": "discard"}))
            if ev is not None and ev.data.get("cause") == "discard":
                discarded.append(ev.card)  # type: ignore[arg-type]
        if discarded or not picked:
            game.trace.add("discard", game.data.cite("effect.discard"), player=PlayerRef(p), cards=discarded,
                           zone=ZoneRef(game.data.graveyard))
        if "as" in spec:  # the cards discarded, for later steps (where they are now)
            ctx.groups.setdefault(str(spec["as"]), []).extend(game.state.cards[c.id].ref for c in discarded)
        total += len(discarded)
    if "store" in spec:
        ctx.vars[spec["store"]] = total
    return "up_to" in spec or total == value(ctx, spec.get("count", 1))


def _one_count(spec: Any, at: Any) -> None:
    if isinstance(spec, dict) and "count" in spec and "up_to" in spec:
        at.problem("count_or_up_to")


@M.hook("apply:draw")
def apply_draw(game: "Game", ev: events.Event) -> bool:
    st = game.state
    assert ev.player is not None
    top = st.top_of("deck", ev.player)
    if top is None:
        game.trace.add("draw_none", game.data.cite("effect.draw_empty"), player=PlayerRef(ev.player))  # no card to draw
        return False
    silent_move(game, top.ref, "hand")
    ev.card = st.cards[top.id].ref
    return True


@M.declare("action", "draw", Ref("player_id"), doc="the turn's draw: the player draws (count: how many)",
           rules=("turn.draw",), phrases=("turn_draw",), extra={"siblings": {"count": Field(Int(1), "how many cards")}})
def act_draw(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    player = action["draw"]
    game.trace.add("turn_draw", game.data.cite("turn.draw"), player=PlayerRef(player))
    draw_cards(game, player, int(action.get("count", 1)))
    game.give_priority(game.state.turn, ())


M.word("event", "draw", events.TRIGGER, events.kind_is("draw"), doc="a player draws a card",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
M.word("event", "discarded", events.TRIGGER, cause_is("discard"), doc="a card is discarded",
       extra={"keys": MOVE_KEYS | {"player"}})
M.word("choice", "discard", ListOf(Ref("card_id")), doc="which cards to discard")
