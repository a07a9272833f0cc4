"""Everything that happens is an event: it may be kept from happening by a rule effect [instruction.negated], passes
the replacement step [replacement.*], happens, then may trigger. Each of these is done by the hooks the game's
mechanisms add at the points named here: ``event.forbids``, ``event.replace``, ``apply:<kind>``, ``event.after``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from judge.engine.language.shapes import Const
from judge.engine.refs import CardRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

# the shape of a trigger event word (it stands as the value of `when: {event: …}`)
TRIGGER = Const(True, doc="a trigger event: the value of when: {event: …}")


@dataclass
class Event:
    """What is about to happen: ``kind`` plus the card or player it happens to, and its details."""

    kind: str  # move | damage | repair | draw | ready | exhaust | counters | targeted | added … (an `apply:` hook each)
    card: CardRef | None = None
    player: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    replaced: bool = False  # a replacement or prevention effect changed or replaced it [effect.if_you_do]


def emit(game: "Game", event: Event) -> Event | None:
    """Run one event through the pipeline; returns what happened (``None`` if nothing did). Outside a link's
    resolution or another batch of simultaneous events, the event (with what it produces) is its own batch
    [replacement.next]."""
    if game.resolving is None:
        with game.batch():
            return _emit(game, event)
    return _emit(game, event)


def _emit(game: "Game", event: Event) -> Event | None:
    for depth, made in game.watched:  # an event a step's own action makes, for its "if you do" [effect.if_you_do]
        if depth == game.emit_depth:
            made.append(event)
    game.emit_depth += 1
    try:
        return _happen(game, event)
    finally:
        game.emit_depth -= 1


def _happen(game: "Game", event: Event) -> Event | None:
    """Kept from happening? Replaced? Then the event itself, then what it triggers."""
    vocab = game.data.vocab
    game.chars_cache.clear()
    game.event_count += 1
    event.data.setdefault("eid", game.event_count)
    if "applied" not in event.data:
        event.data["applied"] = set(game.inherit)  # [replacement.once]: events a replacement produced remember it
    for forbids in vocab.hooks("event.forbids"):
        why = forbids(game, event)
        if why is not None:  # [instruction.negated]: a rule effect keeps it from happening: there is nothing to replace
            game.trace.add("negated", game.data.cite("instruction.negated"), what=game.data.text(f"event_{event.kind}")
                           if f"event_{event.kind}" in game.data.words else event.kind, why=why)
            return None
    final: Event | None = event
    for replace in vocab.hooks("event.replace"):
        final = replace(game, final)
        if final is None:
            game.chars_cache.clear()
            return None
    assert final is not None
    (apply,) = vocab.hooks(f"apply:{final.kind}")  # each kind of event has exactly one mechanism that carries it out
    ok = apply(game, final)
    game.chars_cache.clear()
    if not ok:
        return None
    for after in vocab.hooks("event.after"):
        after(game, final)
    return final


def current(game: "Game", ev: Event) -> "Card | None":
    """The event's card if it is still the same object where it was (a moved card is a new one), else None."""
    if ev.card is None or not game.state.is_current(ev.card):
        return None
    return game.state.cards[ev.card.id]


def nothing(game: "Game", ev: Event) -> bool:
    """An event that only exists to trigger abilities (a card becoming a target, a link being added …)."""
    return True


def kind_is(*kinds: str) -> Callable[["Game", Event], bool]:
    """A trigger event word's test: the event is of one of these kinds."""
    def test(game: "Game", ev: Event) -> bool:
        return ev.kind in kinds
    return test
