"""Riftbound's board (盤面, FAQ word): each player's base and the battlefields, moving units between them, what keeps
a move from happening, combat at a battlefield, conquering and points.

A move between locations is not a change of zone: the unit stays the same object (its damage and "this turn" effects
stay with it). A battlefield is a card; a unit there is *at* it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards, players, value
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import At, Bool, Either, Enum, Field, Int, Map, Null, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms import moves
from judge.engine.refs import CardRef, PlayerRef, Text, ZoneRef
from judge.games.riftbound.state import battlefield_of, current, location, rs

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("riftbound.board", "bases and battlefields, moving between them, conquering and points",
                      requires=("moves", "combat", "filters", "conditions", "actions", "expectations", "position"))
M = MECHANISM

LOCATIONS = ("base", "battlefield")


def place_name(game: "Game", card: "Card", where: str | None) -> Any:
    """How the trace names a location: a player's base, or the battlefield card."""
    if where == "base":
        return ZoneRef("base")  # its controller's base (a unit is only ever in its controller's)
    if where is None:
        return Text("—", "—")
    return game.state.cards[where].ref


def resolve_place(game: "Game", ctx: "Context | None", card: "Card", spec: Any) -> str | None:
    """Where ``to:`` points: ``base``, ``here`` (the source's battlefield), ``{event: where}``, a target slot or a
    battlefield card id."""
    st = game.state
    if spec == "base":
        return "base"
    if spec == "here" and ctx is not None:
        src, _ = st.view(ctx.source)
        return battlefield_of(game, src)
    if isinstance(spec, dict) and "event" in spec and ctx is not None:
        found = ctx.bindings.get(f"event_{spec['event']}")
        return str(found) if found else None
    if ctx is not None and isinstance(spec, str) and spec in ctx.legal:
        objs = [o for o in ctx.legal[spec] if isinstance(o, CardRef)]
        return objs[0].id if objs else None
    if isinstance(spec, str) and spec in st.cards and st.cards[spec].type == "battlefield":
        return spec
    if spec in ("choose", "another_battlefield") and ctx is not None:  # the controller chooses where it goes
        from judge.engine.choice import Choice

        here = location(game, card)  # among the other locations (another_battlefield: not base, "另一个战场")
        options = tuple(p for p in (*(("base",) if spec == "choose" else ()), *sorted(
            c.id for c in st.cards.values() if c.type == "battlefield" and c.zone == "battlefield")) if p != here)
        # asked as a card choice (a battlefield card, or base), its slot named `location`
        return str(game.ask(Choice("card", ctx.controller, ctx.source.id, options, slot="location"))) if options else None
    return None


def _place_name(value: Any, at: At) -> None:
    """``to:`` of a move: a zone, base, here, choose, {event: where}, a target slot or a battlefield card id."""
    scope = at.scope
    game = scope.vocab.game
    if isinstance(value, dict):
        return
    zones = tuple(game.zones) if game is not None else ()
    named = {*zones, "here", "choose", "another_battlefield"} | {n for n, _ in scope.slots} | set(scope.cards)
    if value not in named:
        at.problem("rb_to_place_name", value=value, near=(value, sorted(named)))


PLACE = Either(Str(min_len=1), Map({"event": Enum(("where",))}, required=("event",)),
               doc="a zone, base, here (the source's battlefield), choose, another_battlefield, {event: where}, a target slot or a battlefield")
MOVE = Map({"card": Ref("cards"), "to": PLACE, "face": Enum(("up", "down")), "exhausted": Bool(), "under": Enum(("you",))},
           required=("card", "to"))


@M.declare("step", "move", MOVE, doc="a move between locations (base, a battlefield), the same object; or a zone change",
           overrides=True, check=lambda spec, at: _place_name(spec.get("to"), at / "to") if isinstance(spec, dict) else None,
           rules=("location.move", "effect.move"), phrases=("relocate", "move"))
def move_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``move: {card: REF, to: base|here|<battlefield>|{event: where}|ZONE}``: a move between locations (a zone that
    is not a location — a hand, the trash — is a change of zone, the engine's own move)."""
    if spec.get("to") in game.data.zones and spec.get("to") not in LOCATIONS:
        return bool(moves.move(game, ctx, spec))
    done = False
    for ref in cards(ctx, spec["card"]):
        if not game.state.is_current(ref) or location(game, game.state.cards[ref.id]) is None:
            continue
        card = game.state.cards[ref.id]
        to = resolve_place(game, ctx, card, spec.get("to"))
        if to is None:
            continue
        done = relocate(game, card, to, ctx.source, ctx.controller, game.data.cite("location.move")) or done
        ctx.that = [ref]
    return done


def relocate(game: "Game", card: "Card", to: str, by: CardRef | None, player: str, cites: Any) -> bool:
    """Emit the move of a unit on the board to ``to`` (``base`` or a battlefield)."""
    frm = location(game, card)
    where = to if to != "base" else frm if frm != "base" else None  # the battlefield it moves to or from
    ev = events.emit(game, events.Event("relocate", card.ref, player=player, data={
        "from_location": frm, "to_location": to, "where": where, "by": by, "cites": cites}))
    return ev is not None


@M.hook("apply:relocate")
def apply_relocate(game: "Game", ev: events.Event) -> bool:
    """The unit is now at its new location (the same object); leaving a battlefield takes it out of combat there."""
    st = game.state
    card = current(game, ev)
    frm, to = ev.data["from_location"], ev.data["to_location"]
    if card is None or frm == to:
        return False
    if to == "base":
        st.place(card, "base")
        rs(game).at.pop(card.id, None)
    else:
        st.place(card, "battlefield")
        rs(game).at[card.id] = (card.inc, to)
    game.trace.add("relocate", ev.data.get("cites", ()), card=ev.card, **{"from": place_name(game, card, frm)},
                   to=place_name(game, card, to))
    combat = st.combat or {}
    if ev.card in (combat.get("attacker"), combat.get("defender")):
        st.combat = None
        game.trace.add("combat_status", game.data.cite("combat.leave"), card=ev.card)
    return True


@M.hook("event.forbids")
def move_forbidden(game: "Game", ev: events.Event) -> Text | None:
    """A rule effect that keeps a unit from moving from a battlefield to base (「單位無法從此處移動到基地」)."""
    from judge.engine.mechanisms.continuous import forbidden

    if ev.kind != "relocate" or ev.data.get("to_location") != "base" or ev.data.get("from_location") in (None, "base"):
        return None
    card = game.state.cards[ev.card.id] if ev.card is not None and game.state.is_current(ev.card) else None
    why = forbidden(game, card, "move_to_base") if card is not None else None
    return game.data.text("cannot_move", text=why.text) if why is not None else None


def in_combat(game: "Game", card: "Card") -> bool:
    """Is the card an attacker or a defender of the combat going on at its battlefield?"""
    combat = game.state.combat or {}
    return card.ref in (combat.get("attacker"), combat.get("defender")) and battlefield_of(game, card) is not None


@M.declare("action", "move", Ref("card_id"), doc="a player moves their unit (a standard move) to: base or a battlefield",
           rules=("location.move",), extra={"siblings": {"to": Field(Str(min_len=1), "base or a battlefield card id")},
                                            "requires": ("to",)})
def act_move(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    """A scenario action: a player moves their unit (a standard move) to ``to:`` (base or a battlefield)."""
    st = game.state
    card = st.cards.get(action["move"])
    if card is None or location(game, card) is None:
        raise InvalidInput("rb_not_on_board", path + ("move",), card=str(action["move"]))
    to = resolve_place(game, None, card, action.get("to"))
    if to is None:
        raise InvalidInput("rb_to_place", path + ("to",), value=str(action.get("to")))
    player = action.get("by") or card.controller
    game.pass_until(player)
    relocate(game, card, to, None, player, game.data.cite("location.move"))
    game.give_priority(st.turn, ())


def _battlefield_event(game: "Game", action: dict[str, Any], path: tuple[Any, ...], word: str, kind: str,
                       keep_where: bool) -> None:
    """A scenario action naming a battlefield (``conquer:``, ``hold:``): the player ``by:`` (default: the turn
    player) makes its event happen — only what happens and what it triggers, no combat or turn played out."""
    st = game.state
    bf = st.cards.get(action[word])
    if bf is None or bf.type != "battlefield":
        raise InvalidInput("rb_not_battlefield", path + (word,), card=str(action[word]))
    if not game.is_field(bf.zone):  # a battlefield on the board
        raise InvalidInput("rb_battlefield_gone", path + (word,), card=bf.id, zone=bf.zone)
    if st.chain:  # as a turn begins, or as a combat ends: never while something waits on the Chain
        raise InvalidInput("rb_chain_busy", path, action=word)
    player = action.get("by") or st.turn
    events.emit(game, events.Event(kind, bf.ref, player=player, data={"where": bf.id} if keep_where else {}))
    game.give_priority(st.turn, ())


@M.declare("action", "conquer", Ref("card_id"), doc="the player by: conquers this battlefield (only what triggers; no "
           "combat played out)", rules=("score.conquer",), phrases=("conquer",))
def act_conquer(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    """A scenario action: the player ``by:`` conquers the battlefield."""
    _battlefield_event(game, action, path, "conquer", "conquer", keep_where=False)


@M.declare("action", "hold", Ref("card_id"), doc="the player by: holds this battlefield (a battlefield they control "
           "as their turn begins: it scores, and triggers what holding triggers)", rules=("score.hold",), phrases=("hold",))
def act_hold(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    """A scenario action: the player ``by:`` holds the battlefield (据守); the event carries which (``{event: where}``)."""
    _battlefield_event(game, action, path, "hold", "hold", keep_where=True)


@M.hook("apply:hold")
def apply_hold(game: "Game", ev: events.Event) -> bool:
    """Holding a battlefield scores its player a point (a rule outside the corpus; FAQ vendetta-02 speaks of 據守)."""
    assert ev.player is not None and ev.card is not None
    points = rs(game).points
    points[ev.player] = points.get(ev.player, 0) + 1
    game.trace.add("hold", game.data.cite("score.hold"), player=PlayerRef(ev.player), card=ev.card, total=points[ev.player])
    return True


@M.hook("apply:conquer")
def apply_conquer(game: "Game", ev: events.Event) -> bool:
    """Conquering a battlefield scores its player a point (a rule outside the corpus; FAQ vendetta-19 speaks of it)."""
    assert ev.player is not None and ev.card is not None
    points = rs(game).points
    points[ev.player] = points.get(ev.player, 0) + 1
    rs(game).conquered.add((ev.player, ev.card.id))
    game.trace.add("conquer", game.data.cite("score.conquer"), player=PlayerRef(ev.player), card=ev.card,
                   total=points[ev.player])
    return True


@M.declare("step", "score", Map({"player": Ref("player"), "amount": Ref("amount")}), doc="a player scores points",
           rules=("score.effect",), phrases=("score",))
def score_op(game: "Game", ctx: "Context", spec: dict[str, Any]) -> bool:
    """``score: {player: P, amount: N}``: the player scores points."""
    points = rs(game).points
    for p in players(ctx, spec.get("player", "you")):
        n = value(ctx, spec.get("amount", 1))
        points[p] = points.get(p, 0) + n
        game.trace.add("score", game.data.cite("score.effect"), player=PlayerRef(p), card=ctx.source, amount=n,
                       total=points[p])
    return True


@M.hook("lki.allowed")
def lki_allowed(game: "Game", ctx: "Context", ref: CardRef) -> bool:
    """An instruction may refer to a unit that has left the board ("its controller draws 2") only when it was moved
    there by the same spell or ability; moved off the board by another effect, there is no controller to refer to
    (FAQ vendetta-34, example 4)."""
    by = game.state.moved_by.get(ref)
    if by is None or by == ctx.source:
        return True
    game.trace.add("lki_refused", game.data.cite("info.lki"), card=ref, source=by)
    return False


# --- where a card is, as a file and a description say it ----------------------------------------------------------
@M.declare("card", "at", Ref("card_id"), doc="the battlefield (card id) a card in zone battlefield is at")
def _at_field(game: "Game", card: "Card", where: Any, path: Any) -> None:
    rs(game).at[card.id] = (card.inc, where)


@M.hook("file.check")
def _places(data: dict[str, Any], at: At) -> None:
    """A card ``at:`` a battlefield card that is in zone battlefield, and is there itself; a unit in zone battlefield
    says which one."""
    cards_ = data.get("cards") if isinstance(data.get("cards"), dict) else {}
    for cid, c in cards_.items():
        if not isinstance(c, dict):
            continue
        where = c.get("at")
        here = At(("cards", cid), at.scope, at.sink)
        if where is not None:
            bf = cards_.get(where)
            if not isinstance(bf, dict) or bf.get("type") != "battlefield" or bf.get("zone") != "battlefield":
                (here / "at").problem("rb_at_not_battlefield", card=cid, at=str(where))
            elif c.get("zone") != "battlefield":
                (here / "zone").problem("rb_at_zone", card=cid, at=str(where), zone=c.get("zone"))
        elif c.get("zone") == "battlefield" and c.get("type") != "battlefield":
            (here / "zone").problem("rb_which_battlefield", card=cid)


def _at_spec(game: "Game", spec: Any, link: Any) -> str | None:
    """The battlefield an ``at:`` names: a card id, ``here`` (the link's source's), ``{event: where}`` (kept as the
    ability triggered), or a target slot of the link."""
    if isinstance(spec, dict) and "event" in spec:
        found = link.bindings.get(f"event_{spec['event']}") if link is not None else None
        return str(found) if found else None
    if spec == "here" and link is not None:
        src, _ = game.state.view(link.source)
        return battlefield_of(game, src)
    if link is not None and isinstance(spec, str) and spec in link.targets:
        objs = [o for o in link.targets[spec] if isinstance(o, CardRef)]
        return objs[0].id if objs else None
    return str(spec)


@M.declare("filter", "at", PLACE, doc="at this battlefield: a card id, here (the source's), {event: where}, or a target slot")
def _at_filter(s: Any, spec: Any) -> str | None:
    """At the battlefield named; a "this battlefield" that names none (the source is at no battlefield now) has
    nothing at it — the instruction about it does nothing (FAQ vendetta-02: 「若……不在任何戰場，便會無視任何關於戰場的
    指示」)."""
    where = _at_spec(s.game, spec, s.link)
    return None if where is not None and battlefield_of(s.game, s.card) == where else "location"


@M.declare("filter", "location", Enum(("base", "battlefield")), doc="at a base or at a battlefield")
def _location_filter(s: Any, v: Any) -> str | None:
    where = location(s.game, s.card)
    return None if (where if where in (None, "base") else "battlefield") == v else "location"


@M.declare("filter", "in_combat", Bool(), doc="an attacker or defender of the combat at its battlefield")
def _in_combat_filter(s: Any, v: Any) -> str | None:
    return None if in_combat(s.game, s.card) == bool(v) else "combat"


@M.declare("condition", "at_battlefield", Ref("cards"), doc="the card is at a battlefield (「若我身處戰場」)")
def _at_battlefield(game: "Game", ctx: Context, arg: Any) -> bool:
    return any(game.state.is_current(r) and battlefield_of(game, game.state.cards[r.id]) is not None for r in cards(ctx, arg))


@M.declare("condition", "in_combat", Ref("cards"), doc="the card is in combat")
def _in_combat(game: "Game", ctx: Context, arg: Any) -> bool:
    return any(game.state.is_current(r) and in_combat(game, game.state.cards[r.id]) for r in cards(ctx, arg))


@M.declare("when", "here", Bool(), doc="conquers, holds: the battlefield is the one the card with the ability is at",
           extra={"any_event": True})
def _here(game: "Game", spec: Any, ev: Any, host: Any, host_ref: Any, bindings: Any, controller: str) -> bool:
    return not spec or (host is not None and ev.card is not None and battlefield_of(game, host) == ev.card.id)


@M.declare("player", "points", Int(0, 1000), doc="the player's points")
def _points(game: "Game", player: str, value_: Any) -> None:
    rs(game).points[player] = int(value_)


M.word("expect.card", "at", Either(Ref("card_id"), Null()), lambda game, card: battlefield_of(game, card),
       doc="the battlefield it is at (null: none)")
M.word("expect.card", "in_combat", Bool(), lambda game, card: location(game, card) is not None and in_combat(game, card),
       doc="it is in combat")
M.word("expect.player", "points", Int(0), lambda game, p: rs(game).points.get(p, 0), doc="the player's points")
M.word("cannot", "move_to_base", Bool(), doc="it cannot move from here to base")


@M.hook("turn.end", order=60)
def _end_turn(game: "Game") -> None:
    rs(game).conquered.clear()


def _moved(game: "Game", ev: events.Event) -> bool:
    return ev.kind in ("move", "relocate")


M.word("event", "moved", events.TRIGGER, _moved, doc="a card changes zones, or a unit moves between locations",
       overrides=True, extra={"keys": moves.MOVE_KEYS})
M.word("event", "conquers", events.TRIGGER, events.kind_is("conquer"), doc="a player conquers a battlefield",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
M.word("event", "holds", events.TRIGGER, events.kind_is("hold"), doc="a player holds a battlefield (据守; {event: where}: "
       "which)", extra={"keys": frozenset({"event", "card", "player", "if"})})
