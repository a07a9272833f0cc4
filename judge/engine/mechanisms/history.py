"""What was played this turn [play.finalized] and what a player may not play [play.restricted]: a card counts as
played once its addition to the chain is complete; conditions, numbers and descriptions that read the turn's plays;
"when you play …" [play.trigger]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards, matches_filter, players, resolve_names, value
from judge.engine.errors import CannotAdd
from judge.engine.language.shapes import Bool, Enum, Field, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.refs import LinkRef, PlayerRef, Text
from judge.engine.state import Played

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card, Link


def finalized(game: "Game", link: "Link") -> None:
    """[play.finalized]: a card whose addition to the chain is complete counts as played by the player who added it."""
    if link.kind != "card":
        return
    card = game.state.cards[link.source.id]
    game.state.played.append(Played(link.controller, card.id, card.name.get("zh", card.id), (card.type, *card.more_types),
                                    card.token))
    if game.data.cite("play.finalized"):  # shown where the game's rules say when a card counts as played
        game.trace.add("finalized", game.data.cite("play.finalized"), player=PlayerRef(link.controller), link=LinkRef(link.uid))


def _fits(game: "Game", p: Played, flt: dict[str, Any]) -> bool:
    """Does a played card fit the description (its types as it was played, token or not, its name)?"""
    wanted = flt.get("type")
    if wanted is not None:
        want = {wanted} if isinstance(wanted, str) else set(wanted)
        kinds = set(p.types) | ({"unit"} if any(game.data.is_unit(t) for t in p.types) else set())
        if not kinds & want:
            return False
    if "token" in flt and p.token != bool(flt["token"]):
        return False
    return "named" not in flt or p.name == flt["named"]


def count(game: "Game", player: str, flt: dict[str, Any], besides: str | None = None) -> int:
    """How many cards fitting ``flt`` the player has played this turn (not counting the card ``besides``)."""
    return sum(1 for p in game.state.played if p.player == player and p.card != besides and _fits(game, p, flt))


def condition(game: "Game", ctx: "Context", arg: dict[str, Any]) -> bool:
    """``{played: {player: P, type: …, token: false, count: {gte: N}}}``: what a player has played this turn."""
    who = players(ctx, arg.get("player", "you"))
    flt = {k: v for k, v in arg.items() if k in ("type", "token", "named")}
    n = sum(count(game, p, flt) for p in who)
    bounds = arg.get("count") or {"gte": 1}
    return ("gte" not in bounds or n >= value(ctx, bounds["gte"])) and ("lte" not in bounds or n <= value(ctx, bounds["lte"]))


def check_allowed(game: "Game", link: "Link") -> None:
    """Refuse an addition a restriction forbids [play.restricted] or the game's rules do not allow now (rewound)."""
    card = game.state.cards[link.source.id]
    if link.kind == "card":
        for player, flt, _ in game.state.restrictions:
            if player == link.controller and matches_filter(game, card, flt, player, None) is None:
                raise CannotAdd("restricted")
    for usable in game.data.vocab.hooks("ability.usable"):  # the game's own rules on when it may be used
        why = usable(game, card, link.text)
        if why is not None:
            raise CannotAdd(why)


def restrict(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """[play.restricted]: players may not add cards fitting a description to the chain (``cannot_play`` step); cards
    already on the chain are not affected."""
    flt = resolve_names(ctx, dict(spec.get("filter") or {}))
    until = str(spec.get("until", "game"))
    for p in players(ctx, spec.get("player", "opponent")):
        game.state.restrictions.append((p, flt, until))
        what = Text(str(flt.get("named", "…")), str(flt.get("named", "…")))
        game.trace.add("restricted", game.data.cite("play.restricted"), player=PlayerRef(p), what=what)
    return True


def end_turn(game: "Game") -> None:
    """A new turn: nothing has been played yet; "this turn" restrictions end."""
    game.state.played = []
    game.state.restrictions = [r for r in game.state.restrictions if r[2] != "turn"]


def played_besides(game: "Game", card: "Card", flt: dict[str, Any]) -> bool:
    """Has the card's controller played, this turn, another card fitting ``flt``?"""
    return count(game, card.controller, flt, besides=card.id) > 0


def first(game: "Game", card_id: str) -> bool:
    """Is this card the first card its player played this turn (the first of their plays that counted)?"""
    for p in game.state.played:
        if p.card == card_id:
            return not any(q.player == p.player for q in game.state.played[: game.state.played.index(p)])
    return False


MECHANISM = Mechanism("history", "what was played this turn; what players may not play", requires=("filters", "numbers",
                                                                                                  "conditions", "turns"))
M = MECHANISM
PLAYED = Map({"player": Ref("player"), "type": Field(Ref("filter_type"), "of this card type"),
              "token": Bool(), "named": Str(min_len=1)}, doc="the cards a player played this turn that fit")


@M.declare("number", "played", PLAYED, doc="how many cards fitting the description a player played this turn",
           rules=("play.finalized",))
def _played_number(ctx: Context, arg: Any) -> int:
    flt = {k: v for k, v in arg.items() if k != "player"}
    return sum(count(ctx.game, p, flt) for p in players(ctx, arg.get("player", "you")))


M.word("condition", "played", PLAYED.with_fields({"count": Field(Ref("bounds"), "how many (default: at least one)")}),
       lambda game, ctx, arg: condition(game, ctx, arg), doc="a player has played cards fitting the description this turn",
       rules=("play.finalized",))
M.word("condition", "first_played", Ref("cards"), lambda game, ctx, arg: any(first(game, r.id) for r in cards(ctx, arg)),
       doc="the card is the first card its player played this turn", rules=("play.finalized",))


@M.declare("filter", "played_besides", Ref("filter"), doc="its controller has played another card fitting this "
                                                          "description this turn", rules=("play.finalized",))
def _played_besides(s: Any, flt: Any) -> str | None:
    return None if played_besides(s.game, s.card, flt) else "played"  # [play.finalized]


CANNOT_PLAY = Map({"player": Ref("player"), "filter": Ref("filter"), "until": Enum(("turn", "game"))})
M.word("step", "cannot_play", CANNOT_PLAY, lambda game, ctx, spec: restrict(game, ctx, spec),
       doc="players (default: the opponent) may not play cards fitting the description", rules=("play.restricted",),
       phrases=("restricted",))
M.hook("turn.end", order=50)(end_turn)
M.hook("apply:played")(events.nothing)
M.word("event", "played", events.TRIGGER, events.kind_is("played"), doc="a card a player played has resolved "
       "(where the game's rules say \"when you play\" triggers then)", extra={"keys": frozenset({"event", "card", "player",
                                                                                              "if"}),
                                                                             "policy": "played_event"})
