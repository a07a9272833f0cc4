"""The position a scenario file describes: its top-level fields, the players in seat order and the cards with their
printed characteristics and state; and the game built from it. A card field or player field a mechanism declares with a
handler is read by that handler as the game is built (a game's own card state); the rest are read here."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from judge.engine.choice import Chooser
from judge.engine.language.shapes import At, Bool, Either, Enum, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Fields, Mechanism
from judge.engine.mechanisms.filters import _statuses, _zones
from judge.engine.mechanisms.references import ID_PATTERN
from judge.engine.refs import PlayerRef
from judge.engine.state import Card, GameState

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.ruleset import Ruleset

MECHANISM = Mechanism("position", "the file's fields, the players and the cards", requires=("references", "actions"))
M = MECHANISM
M.place("file", "a top-level field of a scenario file", form="field")
M.place("player", "a field of a player (players:)", form="field")
M.place("card", "a field of a card (cards:)", form="field")

WORDS = M.define("words", Either(Str(min_len=1), Map({"zh": Str(), "en": Str()}, required=("zh",)),
                                 doc="words: a string, or {zh: …, en: …}"))
ID = Str(min_len=1, pattern=ID_PATTERN, doc="an id: letters, digits, _ and -, a letter or _ first")
CARD_TYPE = Enum(lambda s: tuple(s.vocab.game.types) if s.vocab.game else (), doc="a card type of the game")
ZONE = Enum(_zones, doc="a zone of the game")
COUNTS = Map(keys=Str(min_len=1), values=Int(), doc="counters by kind: {power: 1}")

M.define("file_fields", Fields("file", required=("game", "title", "players", "turn", "cards"), doc="a scenario file"))
M.define("player_fields", Fields("player", required=("id",), doc="a player, in seat order (clockwise)"))
M.define("card_fields", Fields("card", required=("name", "owner", "zone", "type"), doc="a card of the position",
                               # words of a card's texts written on the card itself: said where they go
                               refused={"targets": "text_word_on_card", "do": "text_word_on_card",
                                        "modes": "text_word_on_card", "when": "ability_word_on_card"}))


# --- the file -----------------------------------------------------------------------------------------------------
def _file(name: str, shape: Any, doc: str, **kw: Any) -> None:
    M.word("file", name, shape, doc=doc, extra={"read_by": "position"}, **kw)


def _games(scope: Any) -> tuple[str, ...]:
    """The game a vocabulary is for (the loader picks the vocabulary by the file's `game:`)."""
    game = scope.vocab.game
    return (game.game,) if game is not None else ()


SOURCE = Map({"kind": Enum(("example", "faq", "variant", "none"), doc="where the ruling comes from"),
              "rule": Str(pattern=r"^\d{3}(\.(\d+[a-z]?|[a-z]))*$", doc="the rule whose worked example this is"),
              "entry": Str(doc="the FAQ entry (vendetta-03)"), "of": Str(doc="what it is a variant of"),
              "example": Int(1, doc="which example of the rule (1 = the first), where it has several")},
             required=("kind",))

_file("game", Enum(_games), "the game: one with an engine")
_file("title", Str(min_len=1), "the ruling's title, in the game's script")
_file("title_en", Str(), "the title in English")
_file("source", SOURCE, "where the ruling comes from: a rule's worked example, a FAQ entry, a variant")
_file("notes", Str(), "the rule text the expectation comes from, and the reading taken where the rules are ambiguous")
_file("seed", Int(0, 4294967295), "the seed of random choices (default 0)")
_file("library", Str(min_len=1), "a card library file (relative to this file) whose cards this file's cards may use")
_file("turn", Ref("player_id"), "the turn player")
_file("priority", Ref("player_id"), "who holds priority at the start (default: the turn player)")


def _players_check(value: Any, at: At) -> None:
    ids = [p.get("id") for p in value if isinstance(p, dict)]
    if len(set(ids)) != len(ids):
        at.problem("player_twice")
    cards = (at.scope.data or {}).get("cards")
    for i, pid in enumerate(ids):
        if isinstance(cards, dict) and pid in cards:
            (at / i / "id").problem("player_and_card", id=pid)


_file("players", ListOf(Ref("player_fields"), min_items=2), "the players, in seat order (clockwise)", check=_players_check)
_file("cards", Map(keys=ID, values=Ref("card_fields")), "the cards, by id", check=lambda v, at: _cards_check(v, at))
_file("actions", ListOf(Ref("action")), "what is done, in order")
_file("expect", ListOf(Ref("expectation")), "the expected outcome")


def _cards_check(cards: Any, at: At) -> None:
    """Cards attached to cards: both on the field, not to itself."""
    game = at.scope.vocab.game
    for cid, c in cards.items():
        if not isinstance(c, dict) or "attached_to" not in c or game is None:
            continue
        host = cards.get(c["attached_to"])
        if not isinstance(host, dict) or "zone" not in host or "zone" not in c:
            continue
        if c["attached_to"] == cid:
            (at / cid / "attached_to").problem("attached_to_itself")
        elif (loop := _attachment_loop(cards, cid)) is not None:
            (at / cid / "attached_to").problem("attached_in_a_loop", cards=" → ".join(loop))
        elif not game.is_field(host["zone"]):
            (at / cid / "attached_to").problem("host_off_field", host=c["attached_to"], zone=host["zone"])
        elif not game.is_field(c["zone"]):
            (at / cid / "zone").problem("attached_off_field", card=cid, host=c["attached_to"], zone=c["zone"])


def _attachment_loop(cards: Any, start: str) -> list[str] | None:
    """The cards from ``start`` back to ``start`` when following what each is attached to comes round (a1 attached
    to a2, a2 to a1): a card is attached to a card that is not attached to anything in the end."""
    seen = [start]
    at = cards[start].get("attached_to")
    while isinstance(at, str) and isinstance(cards.get(at), dict):
        if at == start:
            return seen + [start]
        if at in seen:
            return None  # a loop further on, reported at its own cards
        seen.append(at)
        at = cards[at].get("attached_to")
    return None


# --- players ------------------------------------------------------------------------------------------------------
M.word("player", "id", ID, doc="the player's id")
M.word("player", "name", WORDS, doc="how the trace names the player: {zh: 你, en: you}")
M.word("player", "resources", Int(0), doc="the ready resources the player can pay with (default 0)")


# --- cards --------------------------------------------------------------------------------------------------------
def _card(name: str, shape: Any, doc: str, **kw: Any) -> None:
    M.word("card", name, shape, doc=doc, **kw)


_card("name", WORDS, "the card's name")
_card("text", Str(), "its printed text: without play: or abilities:, the card gets the abilities it reads to (judge/printed/)")
_card("owner", Ref("player_id"), "its owner")
_card("controller", Ref("player_id"), "its controller (default: the owner)")
_card("zone", ZONE, "where it is")
_card("type", CARD_TYPE, "its card type")
_card("subtypes", ListOf(Str(min_len=1)), "its subtypes")
_card("factions", ListOf(Str(min_len=1)), "what it belongs to (a faction, a clan …), as the game says")
_card("cost", Either(Int(0), Enum(("X",))), "its printed cost: what playing it costs (before additional costs and "
      "reductions); X: the X chosen as it is played")
_card("power", Int(0), "its printed power")
_card("damage_type", Str(), "the type of damage it deals (射击, 电磁 …)")
_card("health", Int(0), "its printed health")
_card("damage", Int(0), "damage already on it")
_card("exhausted", Bool(), "it is exhausted")
_card("face_down", Bool(), "it is face down")
_card("counters", COUNTS, "counters on it: {power: 1}")
_card("attached_to", Ref("card_id"), "the card on the field it is attached to")
_card("status", ListOf(Enum(_statuses)), "its statuses")
_card("enters", Map({"exhausted": Bool(), "damage": Int(), "counters": COUNTS}),
      "what it enters the field with (exhausted, damage, counters)")
_card("play", Ref("play"), "the text used when the card itself is played (its play ability)")
_card("abilities", ListOf(Ref("ability")), "its abilities")


def build(data: dict[str, Any], ruleset: "Ruleset", chooser: Chooser) -> "Game":
    """The starting state the file describes: players, cards in their zones, then what the game's mechanisms read
    (their card and player fields, their ``setup`` hooks), then the setup steps of the trace."""
    from judge.engine.game import Game

    vocab = ruleset.vocab
    players = [p["id"] for p in data["players"]]
    cards: dict[str, Card] = {}
    for cid, c in data["cards"].items():
        cards[cid] = Card(
            id=cid, name=words(c["name"]), text=c.get("text", ""), owner=c["owner"],
            controller=c.get("controller", c["owner"]), zone=c["zone"], type=c["type"],
            subtypes=list(c.get("subtypes") or []), factions=list(c.get("factions") or []),
            cost=None if c.get("cost") == "X" else c.get("cost"), cost_x=c.get("cost") == "X",
            power=c.get("power"), damage_type=c.get("damage_type"), health=c.get("health"), damage=int(c.get("damage", 0)),
            exhausted=bool(c.get("exhausted", False)), face_down=bool(c.get("face_down", False)),
            counters=dict(c.get("counters") or {}), attached_to=c.get("attached_to"), status=list(c.get("status") or []),
            play=c.get("play", {} if "cost" in c else None),  # a card with a printed cost can be played, text or not
            abilities=list(c.get("abilities") or []), enters=dict(c.get("enters") or {}),
        )
    state = GameState(
        players=players, turn=data["turn"], cards=cards,
        pools={p["id"]: int(p.get("resources", 0)) for p in data["players"]},
        seed=int(data.get("seed", 0)), rng=random.Random(int(data.get("seed", 0))),  # [target.random]: the file's seed
        field_zones=ruleset.field_zones,
    )
    game = Game(state, ruleset, chooser)
    for cid, c in data["cards"].items():  # the card fields the game's mechanisms read
        for name, word in vocab.words("card").items():
            if name in c and word.handler is not None:
                word.handler(game, cards[cid], c[name], ("cards", cid, name))
    for i, p in enumerate(data["players"]):
        for name, word in vocab.words("player").items():
            if name in p and word.handler is not None:
                word.handler(game, p["id"], p[name])
    for setup in vocab.hooks("setup"):  # what the game's own rules keep about the position
        setup(game, data)
    state.reindex()  # where the cards are, after the game's setup
    game.trace.add("setup", (), turn=PlayerRef(data["turn"]), seats=[PlayerRef(p) for p in players])
    for traced in vocab.hooks("setup.trace"):  # keywords named, the initial chain, waiting triggers
        traced(game, data)
    return game


def words(value: Any) -> dict[str, str]:
    """A name in both languages (English falls back to Chinese)."""
    if isinstance(value, dict):
        return {"zh": value["zh"], "en": value.get("en") or value["zh"]}
    return {"zh": str(value), "en": str(value)}


__all__ = ["MECHANISM", "build", "words", "Field"]
