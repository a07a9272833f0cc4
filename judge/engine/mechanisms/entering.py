"""Entering the field [enter]: effects "as it enters" [enter.as], entering exhausted [enter.exhausted] or ready,
with counters or damage, attached; its continuous abilities start to apply [enter.continuous], "when it enters"
triggers [enter.trigger], uniqueness [enter.unique]; the ``enters`` trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.context import Context
from judge.engine.language.shapes import Bool, Field, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.abilities import kind_shape
from judge.engine.mechanisms.steps import run_ops
from judge.engine.refs import CardRef, Text, ZoneRef
from judge.engine.ruleset import Cites

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card


def enter(game: "Game", card: "Card", how: dict[str, Any]) -> None:
    """Put ``card`` onto the field; no player receives priority meanwhile [enter]."""
    st = game.state
    origin = how.get("from", "")
    if how.get("controller"):
        card.controller = how["controller"]
    for place in game.data.vocab.hooks("enter.place"):  # where on the field, when the game's rules let its player choose
        place(game, card)
    # [enter.as]: effects created "as [this card] enters" apply without the chain
    for ab in card.abilities:
        if ab.get("kind") == "as_enters":
            game.trace.add("enter_as", game.data.cite("enter.as"), card=card.ref, text=Text(ab.get("text", "…"), ab.get("text_en", "")))
            run_ops(game, Context(game, None, card.controller, card.ref, {"self": card.ref}), ab.get("do", []))
    # [enter]: enters exhausted / with counters / with damage; attachments attach; the zone by card type
    spec = dict(card.enters)
    exhausted = bool(how.get("exhausted") or spec.get("exhausted"))
    ready_by: dict[str, Any] | None = None
    if not exhausted and game.data.enters_exhausted(card):  # [enter.exhausted]: as its type enters, unless it says
        ready_by = _enters_ready(card)                      # otherwise, and that ability works before it enters
        exhausted = ready_by is None
    card.exhausted = exhausted  # [enter]: ready unless stated
    card.face_down = bool(how.get("face_down", False))
    for kind, n in (spec.get("counters") or {}).items():
        card.counters[kind] = card.counters.get(kind, 0) + int(n)
    card.damage += int(spec.get("damage", 0))
    attach_to: CardRef | None = how.get("attach_to")
    detail: list[Text] = []
    if exhausted:
        detail.append(game.data.text("exhausted"))
    if card.face_down:
        detail.append(game.data.text("face_down"))
    if attach_to is not None and st.is_current(attach_to):
        card.attached_to = attach_to.id
        game.trace.add("enter_attach", game.data.cite("enter"), card=card.ref, target=attach_to)
    else:
        cites = Cites() + tuple(how.get("cites", ())) + game.data.cite("enter")
        if ready_by is not None:  # [enter.ready_ability]: an ability working before it enters; its rule, if it has one
            cites = cites + game.data.cite("enter.ready_ability") + ((str(ready_by["rule"]),) if ready_by.get("rule") else ())
        elif exhausted and not how.get("exhausted") and not spec.get("exhausted"):
            cites = cites + game.data.cite("enter.exhausted")
        now = game.chars(card)
        if (now["power"], now["health"]) != (card.power, card.health):
            cites = cites + game.data.cite("enter.affected")  # [enter.affected]: it exists as the effects make it
        game.trace.add(
            "enter", cites, card=card.ref, zone=ZoneRef(card.zone),
            detail=game.data.text("enter_detail", what=Text("、".join(d.zh for d in detail), ", ".join(d.en for d in detail)))
            if detail else Text(""),
        )
    # [enter.continuous]: the remaining continuous abilities start to apply
    if any(ab.get("kind") in ("continuous", "cost_modifier") for ab in card.abilities):
        game.trace.add("enter_continuous", game.data.cite("enter.continuous"), card=card.ref)
    # [enter.trigger]: "when [this card] enters" triggers
    events.emit(game, events.Event("entered", card.ref, data={"from": origin, "trigger_cites": game.data.cite("enter.trigger")}))
    # [enter.unique]: uniqueness conflicts
    if "unique" in card.status:
        same = [
            c for c in st.cards.values()
            if c.id != card.id and "unique" in c.status and c.name.get("zh") == card.name.get("zh")
            and c.controller == card.controller and game.is_field(c.zone)
        ]
        if same:
            options = tuple(sorted([card.id] + [c.id for c in same]))
            keep = game.ask(Choice("unique", card.controller, card.id, options))
            for cid in options:
                if cid != keep:
                    game.trace.add("unique_conflict", game.data.cite("enter.unique"), player=game.player_ref(card.controller),
                                   card=st.cards[keep].ref, target=st.cards[cid].ref)
                    events.emit(game, events.Event("move", st.cards[cid].ref, data={"to": game.data.graveyard, "cause": "silent"}))


def _enters_ready(card: "Card") -> dict[str, Any] | None:
    """An ability of the card's that says it enters ready ([enter.exhausted]'s exception): it applies before it enters."""
    return next((ab for ab in card.all_abilities() if ab.get("kind") == "continuous" and ab.get("enters_ready")), None)


MECHANISM = Mechanism("entering", "entering the field", requires=("abilities", "continuous", "triggers", "choices"))
M = MECHANISM
AS_ENTERS = kind_shape({"do": Field(Ref("steps"), "what happens as it enters (without the chain)")}, required=("do",),
                       doc="an effect as the card enters the field")
M.word("ability_kind", "as_enters", AS_ENTERS, doc="done as its card enters the field, without the chain",
       rules=("enter.as",), phrases=("enter_as",))
M.word("ability.continuous", "enters_ready", Bool(), doc="its card enters the field ready even where its type enters "
                                                          "exhausted", rules=("enter.ready_ability",))
M.word("choice", "unique", Ref("card_id"), doc="which of two unique cards with one name stays")
M.hook("apply:entered")(events.nothing)
M.word("event", "enters", events.TRIGGER, events.kind_is("entered"), doc="a card enters the field (from: a zone)",
       extra={"keys": frozenset({"event", "card", "from", "if"})})
