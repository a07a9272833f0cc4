"""What a resolving instruction refers to, and the meaning of the words it refers with: numbers, card and player
references, conditions and descriptions (filters), each carried out by the word's handler in the game's vocabulary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.refs import CardRef, Obj

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card, Link


@dataclass
class Context:
    """What a resolving link's steps can refer to."""

    game: "Game"
    link: "Link | None"
    controller: str
    source: CardRef
    bindings: dict[str, Obj] = field(default_factory=dict)
    legal: dict[str, list[Obj]] = field(default_factory=dict)
    vars: dict[str, int] = field(default_factory=dict)
    that: list[CardRef] = field(default_factory=list)
    read: set[str] = field(default_factory=set)
    names: dict[str, str] = field(default_factory=dict)  # words a step named (``name``), by their ``store`` name
    groups: dict[str, list[CardRef]] = field(default_factory=dict)  # cards a step gathered (``reveal``), by name
    ignored: set[str] = field(default_factory=set)  # [instruction.ignored]: target slots whose every target is now illegal

    def sub(self, **changes: Any) -> "Context":
        """The same context for nested steps, with some parts changed (another controller, another ``it`` …)."""
        out = Context(self.game, self.link, self.controller, self.source, self.bindings, self.legal, self.vars, self.that,
                      self.read, self.names, self.groups)
        for k, v in changes.items():
            setattr(out, k, v)
        return out


# --- numbers ------------------------------------------------------------------------------------------------------
def value(ctx: Context, spec: Any) -> int:
    """A number: an int, a word standing alone (``X``) or ``{word: argument}`` (FORMAT.md "N")."""
    if isinstance(spec, bool):
        return int(spec)
    if isinstance(spec, int):
        return spec
    vocab = ctx.game.data.vocab
    if isinstance(spec, str):
        return int(vocab.handler("number", spec)(ctx, True))
    (op, arg), = spec.items()
    return int(vocab.handler("number", op)(ctx, arg))


def eval_static(game: "Game", spec: Any, link: "Link | None") -> int:
    """A number known when a link is added (X, counts of cards): the value that gets locked [target.count]."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return spec
    ctx = Context(game, link, link.controller if link else game.state.turn, link.source if link else CardRef("", 0))
    return value(ctx, spec)


# --- references ---------------------------------------------------------------------------------------------------
def cards(ctx: Context, spec: Any) -> list[CardRef]:
    """The cards a reference names: a word (``self``, ``that`` …), a name the context binds (a target slot, a group,
    ``it``, ``event``), a card id, a list, or ``{word: argument}`` (``{each: filter}``)."""
    if isinstance(spec, list):
        return [r for s in spec for r in cards(ctx, s)]
    vocab = ctx.game.data.vocab
    if isinstance(spec, dict):
        (op, arg), = spec.items()
        return list(vocab.handler("card_ref", op)(ctx, arg))
    if not isinstance(spec, str):
        return []
    word = vocab.word("card_ref", spec)
    if word is not None and word.handler is not None:
        return list(word.handler(ctx, spec))
    if spec in ctx.groups:
        return list(ctx.groups[spec])
    if spec in ctx.legal:
        return [o for o in ctx.legal[spec] if isinstance(o, CardRef)]
    obj = ctx.bindings.get(spec)
    if isinstance(obj, CardRef):
        return [obj]
    st = ctx.game.state
    if spec in st.cards:
        return [st.cards[spec].ref]
    return []


def players(ctx: Context, spec: Any) -> list[str]:
    """The players a reference names: a word (``you``, ``opponent``, ``each``), ``{word: card}``
    (``{controller_of: …}``), a player target slot, or a player id."""
    vocab = ctx.game.data.vocab
    if spec is None:
        spec = "you"
    if isinstance(spec, dict):
        (op, arg), = spec.items()
        return list(vocab.handler("player_ref", op)(ctx, arg))
    if isinstance(spec, str):
        word = vocab.word("player_ref", spec)
        if word is not None and word.handler is not None:
            return list(word.handler(ctx, spec))
        if spec in ctx.legal:
            from judge.engine.refs import PlayerRef

            return [o.id for o in ctx.legal[spec] if isinstance(o, PlayerRef)]
        if spec in ctx.game.state.players:
            return [spec]
    return []


def read_refs(ctx: Context, spec: Any, refs: list[CardRef]) -> list[CardRef]:
    """The objects information is read from: a leaves-the-field ability reads its own card ("that reinforcement") as
    it last was on the field, with the effects that applied to it then, not as it is in its new zone [info.lki_left].
    Named by its card id, the card is read as it is now (where it went)."""
    looked_back = ctx.bindings.get("self_left")
    if spec == "self" and isinstance(looked_back, CardRef) and refs and looked_back.id == refs[0].id:
        return [looked_back] + refs[1:]
    if not refs and illegal_slot(ctx, spec) and ctx.game.data.reads_illegal_targets():
        # [info.illegal_target]: the targets that became illegal are read as they are now, or as they last were
        return [o for o in ctx.link.targets[spec] if isinstance(o, CardRef)]  # type: ignore[union-attr]
    return refs


def illegal_slot(ctx: Context, spec: Any) -> bool:
    """Does ``spec`` name a target slot of the resolving link whose card targets have all become illegal?"""
    link = ctx.link
    if not isinstance(spec, str) or link is None or spec not in link.targets:
        return False
    chosen = [o for o in link.targets[spec] if isinstance(o, CardRef)]
    return bool(chosen) and not any(o in ctx.legal.get(spec, ()) for o in chosen)


def resolve_names(ctx: Context, flt: dict[str, Any]) -> dict[str, Any]:
    """A filter with ``{name: store}`` values replaced by the words a step named (``name``)."""
    return {k: (ctx.names.get(v["name"], "") if isinstance(v, dict) and set(v) == {"name"} else v) for k, v in flt.items()}


# --- conditions ---------------------------------------------------------------------------------------------------
def test_condition(game: "Game", ctx: Context, cond: dict[str, Any]) -> bool:
    """A condition's truth (``{word: argument}``), without a trace step."""
    (kind, arg), = cond.items()
    return bool(game.data.vocab.handler("condition", kind)(game, ctx, arg))


# --- descriptions -------------------------------------------------------------------------------------------------
class Seen:
    """One card being held against a description: who looks (``controller``), from which link and which card is
    "self" there (``not: self``), with its current characteristics (``vals`` while continuous effects are applied)."""

    __slots__ = ("game", "card", "controller", "link", "self_id", "vals")

    def __init__(self, game: "Game", card: "Card", controller: str, link: "Link | None", self_id: str | None,
                 vals: dict[str, Any] | None = None) -> None:
        self.game, self.card, self.controller, self.link, self.self_id, self.vals = game, card, controller, link, self_id, vals

    @property
    def cur(self) -> dict[str, Any]:
        if self.vals is None:
            self.vals = self.game.chars(self.card)
        return self.vals


def matches_filter(game: "Game", card: "Card", flt: dict[str, Any], controller: str, link: "Link | None",
                   vals: dict[str, Any] | None = None, self_ref: CardRef | None = None) -> str | None:
    """Why ``card`` does not fit the description ``flt`` (seen from ``controller``), or None. Power and health are the
    current ones (continuous effects applied), or ``vals`` while continuous effects are being applied. ``self_ref``:
    the card that is "self" for ``not: self`` (default: the link's source). The keys are tried in the order the
    vocabulary declares them, so the reason given is always the same."""
    if not flt:
        return None
    words = game.data.vocab.words("filter")
    order = game.data.vocab.order("filter")
    seen = Seen(game, card, controller, link, self_ref.id if self_ref is not None else link.source.id if link is not None else None,
                vals)
    for key in sorted(flt, key=lambda k: order.get(k, 1 << 30)):
        word = words.get(key)
        if word is None or word.handler is None:
            continue  # a key read by the place that holds the description (`zone`: where to look)
        why = word.handler(seen, flt[key])
        if why is not None:
            return str(why)
    return None
