"""Card and player references: the words an instruction names things with (``self``, ``that`` [effect.that],
``attached``, ``{each: …}``, ``you``, ``{controller_of: …}`` …), and the names a context binds (target slots, gathered
groups, ``it``, ``event``). A name that names nothing where it stands is refused, with the nearest one meant."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context, cards, matches_filter, players, resolve_names
from judge.engine.choice import Choice
from judge.engine.language.shapes import At, Enum, Ref, Scope, SchemaWriter, Shape, Str, type_of
from judge.engine.language.words import Field, Mechanism, OneKey
from judge.engine.refs import CardRef, Text

if TYPE_CHECKING:
    pass

MECHANISM = Mechanism("references", "card and player references: self, that, attached, each, choose; you, opponent …",
                      requires=("filters", "choices"))
M = MECHANISM

M.place("card_ref", "a card reference: a word, a name bound here (a target slot, a group, it, event), a card id, a list, "
                    "or {word: argument}")
M.place("player_ref", "a player reference: you, opponent, each, {controller_of|owner_of: card}, a player target slot or a "
                      "player id")


class CardRefShape(Shape):
    """A card reference. ``names_only``: a name, never a description (where a link binds its targets)."""

    types = frozenset({"string", "array", "object"})

    def __init__(self, doc: str = "", lists: bool = True, forms: bool = True) -> None:
        self.doc, self.lists, self.forms = doc, lists, forms
        self.types = frozenset({"string"} | ({"array"} if lists else set()) | ({"object"} if forms else set()))

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        if isinstance(value, list):
            for i, v in enumerate(value):
                self.check(v, at / i)
            return
        if isinstance(value, dict):
            OneKey("card_ref").check(value, at)
            return
        check_card_name(value, at)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        forms: list[dict[str, Any]] = [{"type": "string"}]
        if self.lists:
            forms.append({"type": "array", "items": {"type": "string"}})
        if self.forms:
            forms.append(w.named("card_ref_forms", lambda: w.write(OneKey("card_ref"))))
        return self._with_doc({"anyOf": forms})


def card_names(scope: Scope) -> list[str]:
    """Every name a card reference may use here."""
    words = [n for n, w in scope.vocab.words("card_ref").items() if w.extra.get("name") and not w.extra.get("bound")]
    slots = [n for n, kind in scope.slots if kind != "player"]
    return sorted({*words, *(scope.bound - {"event", "it"}), *(b for b in ("event", "it") if b in scope.bound), *slots,
                   *scope.cards, *scope.tokens})


def check_card_name(name: str, at: At) -> None:
    scope = at.scope
    word = scope.vocab.word("card_ref", name)
    if word is not None and word.extra.get("name") and not word.extra.get("bound"):
        return
    if name in scope.bound or name in scope.cards or name in scope.tokens:
        return
    kind = scope.slot_kind(name)
    if kind is not None:
        if kind == "player":
            at.problem("slot_of_players", name=name)
        return
    if word is not None and word.extra.get("bound"):  # `event`, `it`: bound only where there is one
        at.problem(f"no_{name}_here")
        return
    if name in scope.players:
        at.problem("player_not_card", name=name)
        return
    names = card_names(scope)
    at.problem("card_ref", name=name, names=names, near=(name, names))


class PlayerRefShape(Shape):
    """A reference to players. ``one``: it must name one player (``opponent`` with several opponents does not)."""

    def __init__(self, doc: str = "", one: bool = True, words: tuple[str, ...] | None = None) -> None:
        self.doc, self.one, self.allowed = doc, one, words
        self.types = frozenset({"string", "object"})

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        scope = at.scope
        if isinstance(value, dict):
            OneKey("player_ref").check(value, at)
            return
        words = {n for n, w in scope.vocab.words("player_ref").items() if w.extra.get("name")}
        if self.allowed is not None:
            words &= set(self.allowed)
        if value in words:
            if value == "opponent" and self.one and len(scope.players) >= 3:
                at.problem("opponent_ambiguous", n=len(scope.players), key=at.path[-1] if at.path else "")
            return
        if value in scope.players:
            return
        kind = scope.slot_kind(value)
        if kind is not None:
            if kind not in ("player", "any"):
                at.problem("slot_of_cards", name=value)
            return
        if value in scope.cards:
            at.problem("card_not_player", name=value)
            return
        names = sorted({*words, *scope.players, *(n for n, k in scope.slots if k in ("player", "any"))})
        at.problem("player_ref", name=value, names=names, near=(value, names))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        forms = w.named("player_ref_forms", lambda: w.write(OneKey("player_ref")))
        return self._with_doc({"anyOf": [{"type": "string"}, forms]})


CARDS = M.define("cards", CardRefShape("a card reference: self, that, attached, a target slot, a card id, a list, "
                                       "{each: filter}, {choose: filter}, {leader: player}"))
PLAYER = M.define("player", PlayerRefShape("a player: you, opponent, each, {controller_of: card}, a player slot or id"))


def _bound(name: str, doc: str) -> None:
    def handler(ctx: Context, spec: Any) -> list[CardRef]:
        obj = ctx.bindings.get(name)
        return [obj] if isinstance(obj, CardRef) else []

    M.word("card_ref", name, Enum((name,)), handler, doc=doc, extra={"name": True, "bound": True})


@M.declare("card_ref", "self", Enum(("self",)), doc="the card whose text this is", extra={"name": True})
def _self(ctx: Context, spec: Any) -> list[CardRef]:
    obj = ctx.bindings.get("self", ctx.source)
    return [obj] if isinstance(obj, CardRef) else []


@M.declare("card_ref", "that", Enum(("that",)), doc="the card(s) the previous step acted on [effect.that]",
           rules=("effect.that",), phrases=("that",), extra={"name": True})
def _that(ctx: Context, spec: Any) -> list[CardRef]:
    game = ctx.game
    if ctx.that:
        game.trace.add("that", game.data.cite("effect.that"), what=game.data.text("that_card"), card=ctx.that)
        return list(ctx.that)
    obj = ctx.bindings.get("that")
    return [obj] if isinstance(obj, CardRef) else []


@M.declare("card_ref", "attached", Enum(("attached",)), doc="the card this card is attached to",
           rules=("info.lki_attached",), phrases=("lki",), extra={"name": True})
def _attached(ctx: Context, spec: Any) -> list[CardRef]:
    game, st = ctx.game, ctx.game.state
    host, old = st.view(ctx.source)
    if host.attached_to is None:
        return []
    target = st.cards[host.attached_to]
    if old:  # [info.lki]: the source left; its last attached card is read from last-known information
        game.trace.add("lki", game.data.cite("info.lki_attached"), card=ctx.source, what=game.data.text("attached_card"),
                       amount=Text(target.name.get("zh", target.id), target.name.get("en", target.id)))
    return [target.ref]


_bound("event", "the card of the event that triggered this (in triggered abilities, created triggers and replacements)")
_bound("it", "the card a for_each step, a becomes trigger or a continuous effect is looking at")


@M.declare("card_ref", "each", Ref("zoned_filter"), doc="every card fitting the description (on the field, or in the zone "
                                                         "it names)")
def _each(ctx: Context, flt: dict[str, Any]) -> list[CardRef]:
    return [c.ref for c in fitting(ctx, flt)]


def fitting(ctx: Context, flt: dict[str, Any]) -> list[Any]:
    """The cards fitting the description: on the field, or in the zone it names, in file order."""
    game, st = ctx.game, ctx.game.state
    flt = resolve_names(ctx, flt)
    zone = flt.get("zone")
    pool = st.in_zones((zone,)) if zone else st.field_cards()
    return [c for c in pool if matches_filter(game, c, flt, ctx.controller, ctx.link, self_ref=ctx.source) is None]


@M.declare("card_ref", "choose", Ref("zoned_filter"), doc="a card fitting the description its controller chooses as the "
                                                           "step happens (not a target)")
def _choose(ctx: Context, flt: dict[str, Any]) -> list[CardRef]:
    game, st = ctx.game, ctx.game.state
    options = tuple(c.id for c in fitting(ctx, flt))
    if not options:
        return []
    pick = game.ask(Choice("card", ctx.controller, ctx.source.id, options))
    return [st.cards[pick].ref]


@M.declare("card_ref", "leader", PLAYER, doc="the leader card (the game's leader type: commander, general) a player "
                                              "controls on the field")
def _leader(ctx: Context, spec: Any) -> list[CardRef]:
    game = ctx.game
    who = players(ctx, spec)
    return [c.ref for c in game.state.field_cards() if game.data.types.get(c.type, {}).get("leader") and c.controller in who]


# --- players ------------------------------------------------------------------------------------------------------
@M.declare("player_ref", "you", Enum(("you",)), doc="the controller of the instruction", extra={"name": True})
def _you(ctx: Context, spec: Any) -> list[str]:
    return [ctx.controller]


@M.declare("player_ref", "opponent", Enum(("opponent",)), doc="the controller's opponent (one: with several opponents, "
                                                               "name the player)", extra={"name": True})
def _opponent(ctx: Context, spec: Any) -> list[str]:
    opponents = ctx.game.state.opponents(ctx.controller)
    if len(opponents) > 1:  # one player: with more than one opponent it does not say which (the loader refuses it)
        from judge.engine.errors import InvalidInput

        raise InvalidInput("opponent_ambiguous", player=ctx.controller, n=len(opponents), opponents=list(opponents))
    return opponents


@M.declare("player_ref", "each", Enum(("each",)), doc="every player, the turn player first [simultaneous.players]",
           extra={"name": True})
def _each_player(ctx: Context, spec: Any) -> list[str]:
    st = ctx.game.state
    return st.seat_order_from(st.turn)


def _of(attr: str) -> Any:
    def handler(ctx: Context, spec: Any) -> list[str]:
        st = ctx.game.state
        out = []
        for r in cards(ctx, spec):
            card, old = st.view(r)  # [info.lki]: read from the last time it was where the text expects
            if old and not all(ok(ctx.game, ctx, r) for ok in ctx.game.data.vocab.hooks("lki.allowed")):
                continue  # the game's rules give no last-known information here
            out.append(getattr(card, attr))
        return out
    return handler


M.word("player_ref", "controller_of", CARDS, _of("controller"), doc="the controller of a card (as it last was, if it left)")
M.word("player_ref", "owner_of", CARDS, _of("owner"), doc="the owner of a card")


__all__ = ["MECHANISM", "CARDS", "PLAYER", "CardRefShape", "PlayerRefShape", "check_card_name", "type_of", "Field", "Str"]


# --- ids of the file ----------------------------------------------------------------------------------------------
ID_PATTERN = r"^[A-Za-z_][A-Za-z0-9_\-]*$"


def _card_id(value: Any, at: At) -> None:
    scope = at.scope
    if value in scope.cards or value in scope.tokens:
        return
    if value in scope.players:
        at.problem("player_not_card", name=value)
        return
    names = sorted({*scope.cards, *scope.tokens})
    at.problem("card", card=value, cards=sorted(scope.cards), near=(value, names))


def _player_id(value: Any, at: At) -> None:
    scope = at.scope
    if value in scope.players:
        return
    if value in scope.cards:
        at.problem("card_not_player", name=value)
        return
    at.problem("player", player=value, players=list(scope.players), near=(value, scope.players))


def _thing_id(value: Any, at: At) -> None:
    scope = at.scope
    if value in scope.cards or value in scope.tokens or value in scope.players:
        return
    names = sorted({*scope.cards, *scope.tokens, *scope.players})
    at.problem("card_or_player", name=value, near=(value, names))


def _id(check: Any, doc: str) -> Shape:
    from judge.engine.language.shapes import Custom

    return Custom(check, {"type": "string", "pattern": ID_PATTERN}, ("string",), doc=doc)


CARD_ID = M.define("card_id", _id(_card_id, "a card id of this file (or of a token a create step names)"))
PLAYER_ID = M.define("player_id", _id(_player_id, "a player id of this file"))
THING_ID = M.define("thing_id", _id(_thing_id, "a card or player id of this file"))
M.word("choice", "card", Str(min_len=1), doc="a card a step lets its controller choose as it happens (not a target)")


def _team_slot(value: Any, at: At) -> None:
    slots = sorted(n for n, kind in at.scope.slots if kind != "player")
    if value != "self" and value not in slots and value not in at.scope.cards:
        at.problem("team_of_slot", name=value, slots=["self", *slots], near=(value, ["self", *slots]))


@M.declare("filter", "team_of", Str(min_len=1), check=_team_slot,
           doc="controlled by the player who controls that card: a target slot, self or a card id (其所在队伍: its team)")
def _team_of(s: Any, spec: Any) -> str | None:
    link, st = s.link, s.game.state
    refs = [o for o in link.targets.get(spec, []) if isinstance(o, CardRef)] if link is not None else []
    card_id = s.self_id if spec == "self" else refs[0].id if refs else spec if spec in st.cards else None
    if card_id is None or card_id not in st.cards:
        return "controller"
    team = st.view(st.cards[card_id].ref)[0].controller  # as it last was, if the card has left (it may have been destroyed)
    return None if s.card.controller == team else "controller"


def fixed_team(ctx: Context, flt: Any) -> Any:
    """A description whose ``team_of`` names a target slot, with that slot's card instead: an effect that keeps
    looking (not locked) sees the same team after its link has resolved."""
    if not isinstance(flt, dict) or not isinstance(flt.get("team_of"), str) or flt["team_of"] == "self":
        return flt
    refs = cards(ctx, flt["team_of"])
    return {**flt, "team_of": refs[0].id} if refs else flt
