"""Tokens: put onto the field under a player's control by an effect; a token enters like a card [enter.token]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, players
from judge.engine.language.shapes import Enum, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.filters import TYPE, _statuses, _zones
from judge.engine.mechanisms.keywords import KEYWORDS
from judge.engine.mechanisms.references import ID_PATTERN, PLAYER
from judge.engine.state import Card

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("tokens", "creating tokens", requires=("steps", "entering"))
M = MECHANISM

TOKEN = M.define("token", Map({
    "name": Ref("words"), "text": Str(), "type": Enum(lambda s: tuple(s.vocab.game.types) if s.vocab.game else (),
                                                   doc="its card type (default: the game's token type)"),
    "subtypes": ListOf(Str(min_len=1)), "power": Int(0), "health": Int(0), "damage_type": Str(),
    "status": ListOf(Enum(_statuses)), "abilities": ListOf(Ref("ability")),
    "keywords": KEYWORDS,
    "zone": Enum(_zones, doc="where it is put (default: the game's token zone)"),
}, doc="a token's printed characteristics"))

CREATE = Map({"token": TOKEN, "under": PLAYER, "id": Str(pattern=ID_PATTERN, doc="the id later parts of the file call it by")},
             required=("token",))


@M.declare("step", "create", CREATE, doc="put a token onto the field under a player's control (default you)",
           rules=("enter.token",), phrases=("enter",))
def create(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    ok = False
    for p in players(ctx, spec.get("under", "you")):
        ev = events.emit(game, events.Event("create", None, player=p, data={"token": dict(spec["token"]), "source": ctx.source,
                                                                          "id": spec.get("id")}))
        ok = ok or ev is not None
    return ok


@M.hook("apply:create")
def apply_create(game: "Game", ev: events.Event) -> bool:
    """A token is put onto the field (it enters like a card [enter])."""
    from judge.engine.mechanisms import entering

    st = game.state
    spec = ev.data["token"]
    n = sum(1 for c in st.cards.values() if c.token) + 1
    cid = str(ev.data["id"]) if ev.data.get("id") and ev.data["id"] not in st.cards else f"token{n}"
    while cid in st.cards:
        n += 1
        cid = f"token{n}"
    name = spec.get("name", "token")
    card = Card(id=cid, name=name if isinstance(name, dict) else {"zh": str(name), "en": str(name)}, text=spec.get("text", ""),
                owner=str(ev.player), controller=str(ev.player), zone=spec.get("zone", game.data.token["zone"]),
                type=spec.get("type", game.data.token["type"]), subtypes=list(spec.get("subtypes") or []),
                power=spec.get("power"), health=spec.get("health"), damage_type=spec.get("damage_type"),
                status=list(spec.get("status") or []), token=True,
                abilities=list(spec.get("abilities") or []) + _keyword_abilities(game, spec.get("keywords") or []),
                proto=str(spec.get("name", "token")))
    card.ts = st.tick()  # [timestamp.card]
    st.add(card)
    ev.card = card.ref
    entering.enter(game, card, {"from": "", "cites": game.data.cite("enter.token")})
    return True


def _keyword_abilities(game: "Game", keywords: list[Any]) -> list[dict[str, Any]]:
    """The abilities a token's keywords stand for (the keywords mechanism's, when the game has keywords)."""
    if not keywords:
        return []
    from judge.engine.mechanisms.keywords import keyword_abilities

    return keyword_abilities(game.data, keywords)


__all__ = ["MECHANISM", "TOKEN", "TYPE"]
