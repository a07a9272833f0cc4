"""Where a unit is played (FAQ vendetta-26, -27, -30): a player's own base, or a battlefield they control or one whose
ability lets them play it there; restrictions come first — "can't" beats "can" (054.2) — and a permission to play
somewhere is not a replacement effect (369.3). A card played by an effect to "the same location" can be illegal
there: no unit is played to a base other than its controller's (vendetta-30), and then it stays where it was.
Conflicting requirements of where to play it: its player picks one (vendetta-26)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context, cards, matches_filter
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import Bool, Enum, Field, Int, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms import chain
from judge.engine.refs import LinkRef, PlayerRef, ZoneRef

from judge.games.riftbound.state import location, rs

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("riftbound.play", "where a unit is played; playing it again (時空裂隙)",
                      requires=("chain", "history", "entering", "continuous"))
M = MECHANISM


def _matches(game: "Game", card: "Card", flt: dict[str, Any], player: str) -> bool:
    return matches_filter(game, card, flt, player, None) is None


def permission(game: "Game", card: "Card", bf: "Card", player: str) -> dict[str, Any] | None:
    """The battlefield's ability letting ``player`` play this card there (「你可以……將飛龍打到此處」), if any."""
    return next((ab for ab in bf.all_abilities() if ab.get("allows_play") is not None
                 and _matches(game, card, ab["allows_play"], player)), None)


def reason(game: "Game", player: str, card: "Card", where: str, base_of: str | None = None) -> str | None:
    """Why ``player`` cannot play ``card`` to ``where`` (``base`` — ``base_of``'s base — or a battlefield), or None."""
    if where == "base":  # 「在任何情況下，單位都不可打到其控制者以外的基地」
        return "base_other" if base_of not in (None, player) else None
    bf = game.state.cards[where]
    conquered = (player, where) in rs(game).conquered
    for ab in card.all_abilities():  # "can't" first (054.2): a card's own limit on where it is played
        if ab.get("play_only") == "conquered" and not conquered:
            return "not_conquered"
    for ab in bf.all_abilities():
        if ab.get("forbids_play") is not None and _matches(game, card, ab["forbids_play"], player):
            return "forbidden_here"
    if bf.controller == player or conquered or permission(game, card, bf, player) is not None:
        return None
    return "not_controlled"


@M.hook("ability.usable")
def usable(game: "Game", card: "Card", ability: dict[str, Any]) -> str | None:
    """The card itself being played: where to (FAQ vendetta-27)."""
    if ability is card.play and card.zone == "chain":
        return check(game, card, card.controller)
    return None


def check(game: "Game", card: "Card", player: str) -> str | None:
    """The location chosen for a card being played from a hand (``play: …, to: …``), checked as it is played."""
    where = rs(game).play_to.get(card.id)
    return None if where is None else reason(game, player, card, where)


def extra_power(game: "Game", card: "Card", player: str) -> int:
    """A battlefield's permission can cost more (「支付[A][A]」) when the player does not control it anyway."""
    where = rs(game).play_to.get(card.id)
    if where in (None, "base") or (player, where) in rs(game).conquered:
        return 0
    bf = game.state.cards[where]
    ab = permission(game, card, bf, player) if bf.controller != player else None
    return int((ab or {}).get("extra_power", 0))


@M.hook("enter.place")
def place(game: "Game", card: "Card") -> None:
    """A unit played to a battlefield enters there (the engine puts it in its type's zone: its controller's base)."""
    where = rs(game).play_to.pop(card.id, None)
    if where not in (None, "base") and card.zone == "base":
        game.state.place(card, "battlefield")
        rs(game).at[card.id] = (card.inc, where)


@M.declare("step", "banish_replay", Map({"card": Ref("cards")}), doc="banish the unit, then its owner plays it to the "
           "location it was at, ignoring its cost (illegal there: it stays banished)", rules=("effect.move", "location.play"),
           phrases=("play_location", "play_location_illegal"))
def banish_replay_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``banish_replay: {card: REF}`` (「時空裂隙」): banish the unit, then its owner plays it to the location it was at,
    ignoring its cost. If that location is illegal for them it stays banished; where another requirement offers
    another location, its owner picks one."""
    st = game.state
    done = False
    for ref in cards(ctx, spec.get("card", "target")):
        if not st.is_current(ref):
            continue
        card = st.cards[ref.id]
        where = location(game, card)
        base_of = card.controller if where == "base" else None
        ev = events.emit(game, events.Event("move", ref, player=ctx.controller, data={
            "to": "banishment", "cites": game.data.cite("effect.move"), "by": ctx.source}))
        if ev is None or where is None:
            continue
        done = replay(game, ctx, st.cards[ref.id], where, base_of) or done
    return done


def replay(game: "Game", ctx: "Context", card: "Card", where: str, base_of: str | None) -> bool:
    """The owner plays the card to ``where`` or to a battlefield that permits it; the legal ones are offered."""
    from judge.engine.mechanisms import history

    st = game.state
    owner = card.owner
    options = [] if reason(game, owner, card, where, base_of) else [where]
    options += [c.id for c in st.cards.values() if c.type == "battlefield" and c.zone == "battlefield" and c.id != where
                and permission(game, card, c, owner) is not None and reason(game, owner, card, c.id) is None]
    if not options:  # the legality check fails: the card goes back where it was
        shown = ZoneRef("base") if where == "base" else st.cards[where].ref
        game.trace.add("play_location_illegal", game.data.cite("location.play"), card=card.ref, zone=shown,
                       reason=game.data.text(f"why_{reason(game, owner, card, where, base_of)}"), **{"from": ZoneRef(card.zone)})
        return False
    pick = options[0] if len(options) == 1 else str(game.ask(Choice("card", owner, card.id, tuple(options), slot="location")))
    cost = 0 if pick == where else int((permission(game, card, st.cards[pick], owner) or {}).get("extra_power", 0))
    if cost > rs(game).power.get(owner, 0):
        return False
    rs(game).power[owner] = rs(game).power.get(owner, 0) - cost
    if cost:
        game.trace.add("power_paid", game.data.cite("cost.total"), player=PlayerRef(owner), amount=cost,
                       detail=st.cards[pick].ref)
    rs(game).play_to[card.id] = pick
    link = chain.new_link(game, "card", card.ref, owner, card.play or {})
    events.emit(game, events.Event("move", card.ref, data={"to": "chain", "cause": "silent"}))
    link.source = st.cards[card.id].ref
    link.free = True
    shown = ZoneRef("base") if pick == "base" else st.cards[pick].ref
    game.trace.add("play_location", game.data.cite("location.play"), player=PlayerRef(owner), card=link.source, zone=shown)
    chain.choose_parts(game, link)
    history.finalized(game, link)
    st.chain.append(link)
    game.trace.add("link_added", game.data.cite("chain.used"), link=LinkRef(link.uid))
    return True


def act_to(game: "Game", action: dict[str, Any], card: "Card | None") -> None:
    """Remember where a card played from a hand is played to (``to:``), for the checks as it is played."""
    if card is None:
        return
    if action.get("to") is None:
        rs(game).play_to.pop(card.id, None)
    else:
        rs(game).play_to[card.id] = str(action["to"])


@M.declare("action", "play", Ref("card_id"), overrides=True, doc="a player plays a card: from the hand, or from a zone an "
           "effect lets them play it from; a unit to: base or a battlefield", rules=("chain.announce", "location.play"),
           extra={"siblings": {"free": Field(Bool(), "it is played without paying its cost"),
                               "to": Field(Str(min_len=1), "where a unit is played: base or a battlefield")}})
def act_play(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    """Playing a card: from the hand, or from a zone an effect lets its player play it from; a unit to ``to:`` (base
    or a battlefield: checked as it is played)."""
    card = game.state.cards.get(action.get("play", ""))
    if card is not None and action.get("to") is not None and action["to"] != "base" and action["to"] not in game.state.cards:
        raise InvalidInput("rb_to_place", path + ("to",), value=str(action["to"]))
    act_to(game, action, card)
    anywhere = False
    if card is not None and card.zone != "hand":
        player = action.get("by") or card.controller
        allowed = any(cid == card.id and inc == card.inc and zone == card.zone and p == player
                      for cid, inc, zone, p in rs(game).permits)
        if not allowed:
            raise InvalidInput("rb_play_from", path + ("play",), card=card.id, zone=card.zone, player=player)
        anywhere = True
    chain.play_card(game, action, path, from_anywhere=anywhere)


M.word("ability.continuous", "play_only", Enum(("conquered",)), doc="it may be played only to a battlefield its player "
       "conquered this turn")
M.word("ability.continuous", "allows_play", Ref("filter"), doc="a battlefield: cards fitting this may be played here")
M.word("ability.continuous", "forbids_play", Ref("filter"), doc="a battlefield: cards fitting this may not be played here")
M.word("ability.continuous", "extra_power", Int(0), doc="a battlefield's permission: the power it costs more")
M.word("choice_slot", "location", Bool(), doc="where a unit is played or moved", extra={"kinds": ("card",)})
