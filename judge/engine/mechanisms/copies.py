"""Copy effects [copy.values]: a card becomes a copy of another.

It takes the other card's copiable values — its printed characteristics, the fields the game's data lists under
``copiable:`` (if that card is itself a copy, the values it copied) — and keeps everything else: it stays the same
object, with its statuses, damage, counters, granted abilities and the effects changing it for now. Each time it
becomes a copy its abilities are new abilities (a limit on using one starts again: ``Card.copy_gen``). The latest copy
effect in force decides; when it ends the card is what the one before made it, or its own printed self.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.engine.context import Context, cards
from judge.engine.language.shapes import Bool, Enum, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.refs import CardRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

MECHANISM = Mechanism("copies", "copy effects: a card takes another card's copiable values", requires=("references", "turns"))
M = MECHANISM
KEY = "copies"  # where the copy effects in force are kept (GameState.ext: a rewind restores them)


@dataclass
class CopyEffect:
    """One copy effect: which card (this object) copies which, the values it took, and how long it lasts."""

    card: CardRef
    copied: CardRef
    values: dict[str, Any]
    source: CardRef  # the card whose effect it is (a gear …)
    attached: bool = False  # it lasts while ``source`` stays attached to ``card``
    until: str = "game"  # game | turn
    ended: bool = False  # its duration is over (the end of the turn)


def copiable(game: "Game", card: "Card") -> dict[str, Any]:
    """The card's copiable values now (its printed ones, or those a copy effect gave it): the fields of ``copiable:``."""
    out: dict[str, Any] = {}
    for name in game.data.raw.get("copiable") or ():
        v = getattr(card, name)
        out[name] = list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
    return out


def effects(game: "Game") -> list[CopyEffect]:
    """The effects of this kind in force (made on first use)."""
    return game.state.ext.setdefault(KEY, [])  # type: ignore[no-any-return]


def _holds(game: "Game", e: CopyEffect) -> bool:
    """Is the effect still in force: the card is the same object, and (for a gear's copy) the gear is attached to it."""
    st = game.state
    if e.ended or not st.is_current(e.card):
        return False
    if e.attached:
        return st.is_current(e.source) and st.cards[e.source.id].attached_to == e.card.id
    return True


def refresh(game: "Game") -> None:
    """Apply the copy effects in force and end those that no longer are: each card shows the latest one's values,
    or its own printed values again (a card's own values are put back in the same call that ends its last copy)."""
    found = game.state.ext.get(KEY)
    if not found:
        return
    live = [e for e in found if _holds(game, e)]
    for e in found:
        if e not in live:
            game.trace.add("copy_ends", game.data.cite("copy.values"), card=e.card, target=e.copied)
    game.state.ext[KEY] = live
    changed = False
    for card in game.state.cards.values():
        mine = [e for e in live if e.card == card.ref]
        if mine:
            if card.own is None:
                card.own = copiable(game, card)
            want, copying = mine[-1].values, mine[-1].copied
        elif card.own is not None:
            want, copying, card.own = card.own, None, None
        else:
            continue
        if copying == card.copying and all(getattr(card, k) == v for k, v in want.items()):
            continue  # already so: nothing to change
        card.copying = copying
        for name, v in want.items():
            setattr(card, name, list(v) if isinstance(v, list) else v)
        changed = True
    if changed:
        game.chars_cache.clear()
        game.state.reindex()  # an ability that works from another zone may have come or gone


def begin(game: "Game", card: "Card", copied: "Card", source: CardRef, attached: bool = False, until: str = "game") -> None:
    """``card`` becomes a copy of ``copied`` (of its copiable values now): a new copy, with new abilities."""
    e = CopyEffect(card.ref, copied.ref, copiable(game, copied), source, attached, until)
    effects(game).append(e)
    card.copy_gen += 1
    refresh(game)
    game.trace.add("copy", game.data.cite("copy.values"), card=card.ref, target=copied.ref)


COPY = Map({"card": CARDS, "of": CARDS,
            "while_attached": Bool(doc="it lasts while this step's card (a gear) stays attached to it"),
            "until": Enum(("turn",), doc="until the end of the turn (default: as long as it is the same object)")},
           required=("card", "of"))


@M.declare("step", "become_copy", COPY, doc="a card becomes a copy of another: it takes its copiable values and keeps "
           "its own states", rules=("copy.values",), phrases=("copy", "copy_ends"), extra={"lends_abilities": True})
def become_copy(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """``become_copy: {card: REF, of: REF}``: each card named becomes a copy of the (first) card ``of`` names."""
    st = game.state
    of = [r for r in cards(ctx, spec["of"]) if r.id in st.cards]
    copied = st.view(of[0])[0] if of else None  # a card that has just left is copied as it last was [info.lki]
    if copied is None or not permanent(game, copied):
        game.trace.add("cannot", game.data.cite("copy.values"), what=game.data.text("op_copy"))
        return False  # only a card that stays on the field (a unit, a gear …) is what a copy can be
    attached = bool(spec.get("while_attached"))
    done = False
    for ref in cards(ctx, spec["card"]):
        if not st.is_current(ref) or ref == copied.ref or not game.is_field(st.cards[ref.id].zone):
            continue  # a copy is a card on the field
        if attached and not (st.is_current(ctx.source) and st.cards[ctx.source.id].attached_to == ref.id):
            continue  # "while attached": not attached to it, it has nothing to last while
        begin(game, st.cards[ref.id], copied, ctx.source, attached, str(spec.get("until", "game")))
        done = True
    if not done:
        game.trace.add("cannot", game.data.cite("copy.values"), what=game.data.text("op_copy"))
    return done


def permanent(game: "Game", card: "Card") -> bool:
    """Is the card of a type that stays on the field (what the game's data calls permanent)?"""
    return bool(game.data.types.get(card.type, {}).get("permanent"))


def _copy_check(value: Any, at: Any) -> None:
    """A copy is a card on the field, of a card whose type stays on the field; not of itself, and copies do not go
    round in a loop (a copies b, b copies a)."""
    cards = (at.scope.data or {}).get("cards") if isinstance(at.scope.data, dict) else None
    if not isinstance(cards, dict) or len(at.path) < 2:
        return
    start = at.path[-2]
    game = at.scope.vocab.game
    mine, other = cards.get(start), cards.get(value)
    if game is not None and isinstance(mine, dict) and isinstance(mine.get("zone"), str) and not game.is_field(mine["zone"]):
        at.problem("copy_off_field", card=start, zone=mine["zone"])
        return
    if game is not None and isinstance(other, dict) and isinstance(other.get("type"), str) \
            and not (game.types.get(other["type"]) or {}).get("permanent"):
        at.problem("copy_of_not_permanent", card=value, type=other["type"])
        return
    seen, nxt = [start], value
    while isinstance(nxt, str) and isinstance(cards.get(nxt), dict):
        if nxt == start:
            at.problem("copy_of_itself" if len(seen) == 1 else "copy_in_a_loop", cards=" → ".join(seen + [start]))
            return
        if nxt in seen:
            return  # a loop further on, reported at its own cards
        seen.append(nxt)
        nxt = cards[nxt].get("copy_of")


@M.declare("card", "copy_of", Ref("card_id"), doc="it is a copy of that card (since before the scenario begins)",
           rules=("copy.values",), phrases=("copy",), check=_copy_check, extra={"lends_abilities": True})
def _copy_of(game: "Game", card: "Card", value: Any, path: Any) -> None:
    game.state.ext.setdefault("copy_of", {})[card.id] = value


@M.hook("setup", order=90)
def _setup(game: "Game", data: Any) -> None:
    """The copies the file gives, each after the card it copies (a copy of a copy takes the copied values)."""
    wanted: dict[str, str] = game.state.ext.pop("copy_of", {})
    done: set[str] = set()

    def apply(cid: str) -> None:
        if cid in done:
            return
        done.add(cid)
        if wanted.get(cid) in wanted:
            apply(wanted[cid])
        card, copied = game.state.cards[cid], game.state.cards[wanted[cid]]
        effects(game).append(CopyEffect(card.ref, copied.ref, copiable(game, copied), card.ref))
        card.copy_gen += 1
        refresh(game)

    for cid in wanted:
        apply(cid)


@M.hook("setup.trace")
def _traced(game: "Game", data: Any) -> None:
    for e in effects(game):
        game.trace.add("copy", game.data.cite("copy.values"), card=e.card, target=e.copied)


@M.hook("event.after", order=5)
def _after(game: "Game", event: Any) -> None:
    refresh(game)  # a gear that left or was attached elsewhere, a card that left the board: their copies end


@M.hook("turn.end", order=15)
def _end_turn(game: "Game") -> None:
    found = game.state.ext.get(KEY)
    if found:
        for e in found:
            e.ended = e.ended or e.until == "turn"
        refresh(game)
