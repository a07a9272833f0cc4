"""Entering the field (710.1a–e): effects as it enters, status, continuous abilities, triggers, uniqueness."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.refs import CardRef, Text, ZoneRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card


def enter(game: "Game", card: "Card", how: dict[str, Any]) -> None:
    """Put ``card`` onto the field; no player receives priority meanwhile (710.1)."""
    from judge.engine import effects, events

    st = game.state
    origin = how.get("from", "")
    if how.get("controller"):
        card.controller = how["controller"]
    # 710.1a: effects created "as [this card] enters" apply without the chain
    for ab in card.abilities:
        if ab.get("kind") == "as_enters":
            game.trace.add("enter_as", ("710.1a",), card=card.ref, text=Text(ab.get("text", "…"), ab.get("text_en", "")))
            effects.run_ops(game, effects.Context(game, None, card.controller, card.ref, {"self": card.ref}), ab.get("do", []))
    # 710.1b: enters exhausted / with counters / with damage; attachments attach; the zone by card type
    spec = dict(card.enters)
    exhausted = bool(how.get("exhausted") or spec.get("exhausted"))
    card.exhausted = exhausted  # 710.1b: ready unless stated
    card.face_down = bool(how.get("face_down", False))
    for kind, n in (spec.get("counters") or {}).items():
        card.counters[kind] = card.counters.get(kind, 0) + int(n)
    card.damage += int(spec.get("damage", 0))
    attach_to: CardRef | None = how.get("attach_to")
    detail: list[str] = []
    if exhausted:
        detail.append(game.data.word("exhausted", "zh"))
    if card.face_down:
        detail.append(game.data.word("face_down", "zh"))
    if attach_to is not None and st.is_current(attach_to):
        card.attached_to = attach_to.id
        game.trace.add("enter_attach", ("710.1", "710.1b"), card=card.ref, target=attach_to)
    else:
        game.trace.add(
            "enter", tuple(dict.fromkeys(tuple(how.get("cites", ())) + ("710.1", "710.1b"))), card=card.ref, zone=ZoneRef(card.zone),
            detail=Text(f"（{'、'.join(detail)}）" if detail else "", _en_detail(exhausted, card.face_down)),
        )
    # 710.1c: the remaining continuous abilities start to apply (part 2 computes them)
    if any(ab.get("kind") in ("continuous", "cost_modifier") for ab in card.abilities):
        game.trace.add("enter_continuous", ("710.1c",), card=card.ref)
    # 710.1d: "when [this card] enters" triggers
    events.emit(game, events.Event("entered", card.ref, data={"from": origin, "trigger_cites": ("710.1d",)}))
    # 710.1e: uniqueness conflicts
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
                    game.trace.add("unique_conflict", ("710.1e",), player=game.player_ref(card.controller),
                                   card=st.cards[keep].ref, target=st.cards[cid].ref)
                    events.emit(game, events.Event("move", st.cards[cid].ref, data={"to": game.data.graveyard, "cause": "silent"}))


def _en_detail(exhausted: bool, face_down: bool) -> str:
    parts = [w for w, on in (("exhausted", exhausted), ("face down", face_down)) if on]
    return f" ({', '.join(parts)})" if parts else ""
