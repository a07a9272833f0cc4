"""Continuous effects: a card's current power, health and armor, and the rule effects on it.

Every continuous effect in force is gathered each time (abilities of cards on the field [continuous.from_ability];
effects created by links [continuous.from_link]; counters [timestamp.counters]), put in the order the game's rules
apply them (``Ruleset.order_continuous``: timestamps and dependency, or layers), and applied in that order. The result
is cached until the next event changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from judge.engine.context import Context, matches_filter, test_condition, value
from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card

CHARS = ("power", "health", "armor")
KINDS = ("type", "subtypes", "no_abilities")  # characteristics that are not numbers


@dataclass
class ContEffect:
    """One continuous effect: what it changes, on which cards, under which condition, for how long."""

    eid: int
    source: CardRef
    controller: str
    text: Text
    add: dict[str, Any] = field(default_factory=dict)  # characteristic -> number spec (added)
    set: dict[str, Any] = field(default_factory=dict)  # characteristic -> number spec (set to)
    cannot: list[str] = field(default_factory=list)  # rule effects: attack, guard
    affects: dict[str, Any] = field(default_factory=dict)  # {filter: …} [continuous.rechecked] | {cards: [CardRef]} [continuous.locked]
    cond: dict[str, Any] | None = None  # [continuous.while]: "while …", not a duration
    until: str = "game"  # [continuous.from_link]: game (default) | turn | combat | a card readying …
    ts: int = 0
    origin: str = "link"  # ability | link | event | counters
    ts_rule: str = "timestamp.link"  # the rule key of how its timestamp was taken
    as_long_as: dict[str, Any] | None = None  # [continuous.as_long_as]
    since: int = 0  # [continuous.as_long_as]: the clock when the link was created; the card must not have changed since
    order: tuple[int, ...] = ()  # default order among one player's simultaneous effects (file order; [timestamp.simultaneous] lets them choose)
    kinds: dict[str, Any] = field(default_factory=dict)  # type / subtypes (set), add_subtypes, lose_abilities
    cda: bool = False  # from a characteristic-defining ability (it applies first within its layer, where layers apply)
    until_ready: CardRef | None = None  # [continuous.until_event]: it lasts until this card readies

    def writes(self) -> set[str]:
        out = set(self.add) | set(self.set)
        if "type" in self.kinds:
            out.add("type")
        if "subtypes" in self.kinds or "add_subtypes" in self.kinds:
            out.add("subtypes")
        if self.kinds.get("lose_abilities"):
            out.add("no_abilities")
        return out

    def reads(self) -> frozenset[str]:
        """Characteristics its applicability or amount reads (what it can depend on [dependency]); worked out once (an
        effect's filter, condition and amounts do not change once it exists)."""
        cached = self.__dict__.get("_reads_cache")
        if cached is not None:
            return cached
        out: set[str] = set()
        _reads(self.affects.get("filter"), out)
        _reads(self.cond, out)
        for spec in list(self.add.values()) + list(self.set.values()):
            _reads(spec, out)
        self.__dict__["_reads_cache"] = frozenset(out)
        return self.__dict__["_reads_cache"]


_FILTER_READS = {"type": "type", "subtype": "subtypes", "blank": "no_abilities"}


def _reads(spec: Any, out: set[str]) -> None:
    if isinstance(spec, dict):
        for k, v in spec.items():
            if k in CHARS:
                out.add(k)
            if k in _FILTER_READS:
                out.add(_FILTER_READS[k])
            _reads(v, out)
    elif isinstance(spec, list):
        for v in spec:
            _reads(v, out)


@dataclass
class Applied:
    """One line of ``--explain``: an effect applied to a characteristic, and why at that point."""

    eid: int
    source: CardRef
    text: Text
    char: str
    before: int | None
    after: int | None
    ts: int
    ts_rule: str  # the rule ids of how its timestamp was taken
    reason: str  # timestamp | simultaneous (one timestamp) | dependency | loop | layer
    depends_on: list["Dep"] = field(default_factory=list)


@dataclass(frozen=True)
class Dep:
    """One effect another depends on [dependency], and which part of that rule makes it so."""

    eid: int
    source: CardRef
    text: Text
    kind: str  # applies: it changes whether the dependent applies | amount: what it does | value: the value it changes
    char: str = ""  # for "value": the characteristic both change


# --- gathering ------------------------------------------------------------------------------------
def _seat_rank(game: "Game", player: str, ts: int) -> int:
    """[timestamp.simultaneous]: seat from the turn player of the moment the timestamp was taken."""
    st = game.state
    return st.seat_order_from(st.ts_turn.get(ts, st.turn)).index(player)


def _ability_effects(game: "Game") -> list[ContEffect]:
    """[continuous.from_ability]: effects of continuous abilities of cards on the field, with the card's timestamp."""
    st = game.state
    out: list[ContEffect] = []
    for card in st.field_cards():
        if not (card.abilities or card.granted or card.counters):
            continue  # nothing to create (checked first: most cards of a large board are plain)
        i = st.pos[card.id]  # its place in the file: stable ids and order for what it creates
        if lost_abilities(game, card):
            continue  # an ability it no longer has creates nothing
        printed = [(ab, card.ts, "timestamp.ability") for ab in card.abilities if _works_in(ab, card, game)]
        granted = [(g.ability, g.ts, "timestamp.ability") for g in card.granted]
        for j, (ab, ts, rule) in enumerate(printed + granted):
            if ab.get("kind") != "continuous" or "when" in ab:
                continue
            eff = from_spec(game, ab, card.ref, card.controller, {"self": card.ref}, ts, "ability", rule)
            eff.eid = -(i * 100_000 + j + 1)  # stable ids for ability effects (recomputed each time)
            eff.order = (i, j)
            out.append(eff)
        for k, kind in enumerate(CHARS if card.counters else ()):  # [timestamp.counters]: counters, timestamped when put on the card
            for p, (ts, n) in enumerate(_counter_parts(card, kind)):
                eff = ContEffect(-(i * 100_000 + 50_000 + k * 10_000 + p), card.ref, card.controller,
                                 game.data.text("counter_effect", kind=game.data.text(kind), n=f"{n:+d}"), add={kind: n},
                                 affects={"cards": [card.ref]}, ts=ts, origin="counters", ts_rule="timestamp.counters", order=(i, 90 + k, p))
                out.append(eff)
    return out


def _works_in(ab: dict[str, Any], card: "Card", game: "Game") -> bool:
    """Does this ability work in the card's zone? On the field unless it names other zones [ability.other_zone]."""
    zones = ab.get("zones")
    return card.zone in zones if zones else game.is_field(card.zone)


def lost_abilities(game: "Game", card: "Card") -> bool:
    """Has an effect in force taken all of the card's abilities away (judged on its printed characteristics, so that
    what a card has does not depend on itself)? Cached until the next event."""
    if not any(e.kinds.get("lose_abilities") for e in game.state.cont_effects):
        return False  # the usual case, asked for every card at every event: no such effect exists
    key = ("lost", card.id, card.inc)
    cached = game.chars_cache.get(key)  # type: ignore[arg-type]
    if cached is not None:
        return bool(cached)
    base = _base(card)
    out = any(e.kinds.get("lose_abilities") and _touches(game, e, card, base) for e in game.state.cont_effects
              if _lasts(game, e))
    game.chars_cache[key] = out  # type: ignore[index,assignment]
    return out


def _counter_parts(card: "Card", kind: str) -> list[tuple[int, int]]:
    """[timestamp.counters]: the counters of one kind as (timestamp, number) per placement. Those the card had when it entered its
    zone (or at the start of the game) take the card's timestamp; each later placement its own."""
    total = card.counters.get(kind, 0)
    placed = [(ts, n) for ts, n in card.counter_ts.get(kind, []) if n]
    rest = total - sum(n for _, n in placed)
    return ([(card.ts, rest)] if rest else []) + placed


def from_spec(game: "Game", spec: dict[str, Any], source: CardRef, controller: str, bindings: dict[str, Any],
              ts: int, origin: str, ts_rule: str, refs: list[CardRef] | None = None) -> ContEffect:
    """Build an effect from an ability's or a step's mapping (``power``/``health``/``armor``/``set``/``cannot``)."""
    text = Text(spec.get("text", "…"), spec.get("text_en", ""))
    add = {k: spec[k] for k in CHARS if k in spec}
    aff_spec = spec.get("affects", spec.get("cards", "self"))
    affects: dict[str, Any]
    if refs is not None:
        affects = {"cards": list(refs)}
    elif isinstance(aff_spec, dict) and "each" in aff_spec:
        affects = {"filter": aff_spec["each"]}
    elif aff_spec == "defender":
        affects = {"defender_of": bindings.get("self", source)}
    else:
        affects = {"cards": [bindings.get("self", source)]}
    kinds = {k: spec[k] for k in ("type", "subtypes", "add_subtypes", "lose_abilities") if k in spec}
    until = spec.get("until", "game")
    until_ready = None
    if isinstance(until, dict) and "ready" in until:  # "until [this card] readies"
        until_ready = bindings.get(until["ready"], source) if isinstance(until["ready"], str) else source
        until = "ready"
    return ContEffect(0, source, controller, text, add, dict(spec.get("set") or {}), list(spec.get("cannot") or []),
                      affects, spec.get("while"), str(until), ts, origin, ts_rule,
                      spec.get("as_long_as"), kinds=kinds, cda=bool(spec.get("cda")), until_ready=until_ready)


def in_force(game: "Game") -> list[ContEffect]:
    """Every continuous effect in force now: abilities on the field, counters, and those links created."""
    cached = game.chars_cache.get(("", -1))  # one gathering per event (cleared with the characteristics)
    if cached is not None:
        return cached  # type: ignore[return-value]
    st = game.state
    live = [e for e in st.cont_effects if _lasts(game, e)]
    out = _ability_effects(game) + live
    game.chars_cache[("", -1)] = out  # type: ignore[assignment]
    return out


def _lasts(game: "Game", eff: ContEffect) -> bool:
    """[continuous.as_long_as]: an "as long as [card] stays …" effect ends once the card stops being so, for good:
    becoming so again does not bring it back."""
    if eff.as_long_as is None:
        return True
    ref = eff.as_long_as["card"]
    st = game.state
    if not st.is_current(ref):
        return False  # [continuous.as_long_as]: it became another card
    card = st.cards[ref.id]
    return all(getattr(card, k) == v for k, v in eff.as_long_as.items() if k != "card") and not _stopped(st, eff.as_long_as, eff.since)


def _stopped(st: Any, alo: dict[str, Any], since: int) -> bool:
    """[continuous.as_long_as]: did the card stop having the state after ``since``? (Starting to have it, e.g. exhausting it to pay
    the link's cost, is not stopping; a move makes it another card, which ``is_current`` catches.)"""
    ref = alo["card"]
    return any(st.status_left.get((ref.id, bool(v)), -1) > since for k, v in alo.items() if k == "exhausted")


# --- applying -------------------------------------------------------------------------------------
def _touches(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> bool:
    """Does the effect apply to this card with these current values ([continuous.rechecked] groups, [continuous.locked] cards)?"""
    aff = eff.affects
    if "cards" in aff:
        if card.ref not in aff["cards"]:
            return False
    elif "defender_of" in aff:
        combat = game.state.combat
        if not combat or combat.get("attacker") != aff["defender_of"] or combat.get("defender") != card.ref:
            return False
    elif "filter" in aff:
        if not game.is_field(card.zone):
            return False
        if matches_filter(game, card, aff["filter"], eff.controller, None, vals, self_ref=eff.source) is not None:
            return False
    if card.ref in aff.get("except", ()):
        return False
    if eff.cond is not None and not condition(game, eff.cond, card, eff):
        return False  # [continuous.while]: only while the condition is true
    return True


def condition(game: "Game", cond: dict[str, Any], card: "Card", eff: ContEffect) -> bool:
    """[continuous.while]: "while …", read with the effect's source as "self" and the affected card as "it" (the
    conditions of combat and turns that only a continuous effect reads among them)."""
    return test_condition(game, Context(game, None, eff.controller, eff.source, {"self": eff.source, "it": card.ref}), cond)


def _amount(game: "Game", eff: ContEffect, spec: Any, card: "Card", vals: dict[str, Any]) -> int:
    """[continuous.from_ability]: the amount always uses the current game state; the affected card's own values are those the effects
    before this one have produced (``vals``), so an amount such as "equal to its health" sees them [dependency]."""
    if isinstance(spec, int):
        return spec
    key = (card.id, card.inc)
    fresh = key not in game.computing
    game.partial[key] = vals  # what a read of this card's own values sees meanwhile (chars)
    game.computing.add(key)
    try:
        ctx = Context(game, None, eff.controller, eff.source, {"self": eff.source, "it": card.ref})
        return int(value(ctx, spec))
    finally:
        game.partial.pop(key, None)
        if fresh:
            game.computing.discard(key)


def _apply(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> dict[str, Any]:
    out = dict(vals)
    k = eff.kinds
    if "type" in k:
        out["type"] = k["type"]
    if "subtypes" in k:
        out["subtypes"] = tuple(k["subtypes"])
    if "add_subtypes" in k:
        out["subtypes"] = tuple(dict.fromkeys(tuple(out["subtypes"]) + tuple(k["add_subtypes"])))
    if k.get("lose_abilities"):
        out["no_abilities"] = True
    for ch, spec in eff.set.items():
        out[ch] = _amount(game, eff, spec, card, vals)
    for ch, spec in eff.add.items():
        if out.get(ch) is None:
            continue  # [dependency]: a change to power/health/armor only has a result on a card that has that value
        out[ch] = out[ch] + _amount(game, eff, spec, card, vals)
    return out


def _does(game: "Game", eff: ContEffect, card: "Card", vals: dict[str, Any]) -> tuple[Any, ...]:
    """What the effect does to the card given these current values: whether it applies, the amounts it adds, the
    values it sets and the rule effects ([dependency] compares this with and without another effect applied first)."""
    if not _touches(game, eff, card, vals):
        return (False,)
    return (True, tuple(sorted((ch, _amount(game, eff, spec, card, vals)) for ch, spec in eff.add.items() if vals.get(ch) is not None)),
            tuple(sorted((ch, _amount(game, eff, spec, card, vals)) for ch, spec in eff.set.items())), tuple(eff.cannot),
            tuple(sorted((k, str(v)) for k, v in eff.kinds.items())))


def _base(card: "Card") -> dict[str, Any]:
    return {"power": card.power, "health": card.health, "armor": card.armor, "type": card.type,
            "subtypes": tuple(card.subtypes), "no_abilities": not (card.abilities or card.granted)}


def compute(game: "Game", card: "Card") -> tuple[dict[str, Any], list[Applied], list[ContEffect]]:
    """The card's current power/health/armor, the effects applied in order, and the rule effects on it."""
    vals = _base(card)
    if not game.is_field(card.zone):
        return vals, [], []
    effs = [e for e in in_force(game) if _may_touch(e, card)]
    seq = game.data.order_continuous(game, effs, card, vals)
    applied: list[Applied] = []
    rules: list[ContEffect] = []
    touched: set[int] = set()  # eids of the effects that applied to this card
    for eff, reason, on in seq:
        if not _touches(game, eff, card, vals):
            continue
        touched.add(eff.eid)
        if eff.cannot:
            rules.append(eff)
        new = _apply(game, eff, card, vals)
        # a dependency is shown only on effects that did apply to this card; a loop [dependency.loop] names all its members
        real = on if reason == "loop" else [d for d in on if d.eid in touched]
        if on and not real and reason == "dependency":
            reason = "simultaneous" if sum(1 for e, _, _ in seq if e.ts == eff.ts) > 1 else "timestamp"
        for ch in CHARS + KINDS:
            if ch in eff.writes() and (new[ch] != vals[ch] or ch in eff.set):
                rule = ", ".join(game.data.cite(eff.ts_rule))
                applied.append(Applied(eff.eid, eff.source, eff.text, ch, vals[ch], new[ch], eff.ts, rule, reason, real))
        if real:
            for note in game.data.vocab.hooks("dependency.note"):  # [dependency]: shown where the game's rules say
                note(game, card, eff, reason, real)
        vals = new
    return vals, applied, rules


def note_reordered(game: "Game", card: "Card", parts: list[ContEffect], base: dict[str, Any],
                   cites: tuple[str, ...] | Callable[[list[ContEffect]], tuple[str, ...]]) -> None:
    """[layer.order]: say once per card when a game's order (its layers) applies the effects touching it in another
    order than the one they began in. ``cites``: the rules to cite, or a function of the effects that touch the card."""
    touching, vals = [], dict(base)
    for p in parts:  # in the game's order, each judged on what those before it made of the card
        if _touches(game, p, card, vals):
            touching.append(p)
            vals = _apply(game, p, card, vals)
    in_time = sorted(touching, key=lambda p: (p.ts, p.order))
    key = ("layers", card.id, card.inc, tuple(p.eid for p in touching))
    if [p.eid for p in touching] == [p.eid for p in in_time] or key in game.state.ts_noted:
        return
    game.state.ts_noted.add(key)
    game.trace.add("layer_order", cites(touching) if callable(cites) else cites, card=card.ref,
                   effects=[p.text for p in touching])


def _may_touch(eff: ContEffect, card: "Card") -> bool:
    aff = eff.affects
    if "cards" in aff:
        return any(r.id == card.id and r.inc == card.inc for r in aff["cards"])
    return True


def chars(game: "Game", card: "Card") -> dict[str, Any]:
    """Current characteristics, cached until the next event. Read while the card's own values are being computed (an
    amount such as "equal to its health"), they are the values the effects applied so far have produced."""
    cache = game.chars_cache
    key = (card.id, card.inc)
    if game.state.cards.get(card.id) is not card and card.ref in game.state.lki_chars:
        return game.state.lki_chars[card.ref]  # [info.lki]: a card's last-known information: its values as it left
    if key in game.computing:
        return game.partial.get(key) or _base(card)
    if key in cache:
        return cache[key]
    game.computing.add(key)
    try:
        vals = compute(game, card)[0]
    finally:
        game.computing.discard(key)
    cache[key] = vals
    return vals


def forbidden(game: "Game", card: "Card", what: str) -> ContEffect | None:
    """A rule effect in force that says this card cannot do ``what`` (attack, guard)."""
    for eff in compute(game, card)[2]:
        if what in eff.cannot:
            return eff
    return None


def event_effect(game: "Game", ab: dict[str, Any], host: "Card", href: CardRef, ev: Any) -> None:
    """[timestamp.event]: a card's ability that creates a continuous effect when an event happens, timestamped then."""
    st = game.state
    ts = st.tick_for(("event", int(ev.data["eid"])))  # [timestamp.event]: the time of the event, shared by every such effect
    eff = from_spec(game, ab, href, host.controller, {"self": href}, ts, "event", "timestamp.event")
    if eff.affects.get("defender_of") is not None and st.combat and st.combat.get("attacker") == href:
        eff.affects = {"cards": [st.combat["defender"]]}
    eff.eid = st.next_eid
    st.next_eid += 1
    eff.order = (eff.eid,)
    st.cont_effects.append(eff)
    game.trace.add("cont_effect", game.data.cite("timestamp.event", "continuous.from_link"), text=eff.text, card=href,
                   until=game.data.text("until_combat") if eff.until == "combat" else Text(""),
                   targets=list(eff.affects.get("cards", [])))
    game.chars_cache.clear()


def _named_refs(spec: dict[str, Any]) -> list[str]:
    """Card names an effect's duration refers to (``until: {ready: NAME}``), bound as the effect is created."""
    until = spec.get("until")
    return [until["ready"]] if isinstance(until, dict) and isinstance(until.get("ready"), str) else []


def end_until_ready(game: "Game", card_id: str) -> None:
    """[continuous.until_event]: effects that last "until [this card] readies" end when it does."""
    st = game.state
    gone = [e for e in st.cont_effects if e.until_ready is not None and e.until_ready.id == card_id]
    if gone:
        st.cont_effects = [e for e in st.cont_effects if e not in gone]
        game.trace.add("until_ended", game.data.cite("continuous.until_event"), card=gone[0].until_ready,
                       text=[e.text for e in gone])
        game.chars_cache.clear()


def end(game: "Game", until: str) -> None:
    """Effects with this duration end [continuous.from_link]."""
    st = game.state
    st.cont_effects = [e for e in st.cont_effects if e.until != until]
    game.chars_cache.clear()


def explain(game: "Game") -> dict[str, dict[str, list[Applied]]]:
    """For each card on the field and each characteristic effects changed: the effects applied, in order."""
    return explain_cards(game, list(game.state.cards))


def explain_cards(game: "Game", ids: list[str]) -> dict[str, dict[str, list[Applied]]]:
    """``explain`` for these cards only (those on the field)."""
    out: dict[str, dict[str, list[Applied]]] = {}
    for cid in ids:
        card = game.state.cards.get(cid)
        if card is None or not game.is_field(card.zone):
            continue
        _, applied, _ = compute(game, card)
        for a in applied:
            out.setdefault(card.id, {}).setdefault(a.char, []).append(a)
    return out


# the rule key behind each reason `--explain` gives for an effect's place ([timestamp.order] … [layer.order])
_REASON_KEYS = {"timestamp": "timestamp.order", "simultaneous": "timestamp.simultaneous", "dependency": "dependency.order",
                "loop": "dependency.loop"}


def explain_cites(game: "Game", rows: list[Applied]) -> set[str]:
    """The rule ids `--explain` shows for these applied effects: how each timestamp was taken and why each effect is in
    its place (timestamp order, one timestamp, dependency, a dependency loop, a layer)."""
    out: set[str] = set()
    for a in rows:
        out |= {i.strip() for i in a.ts_rule.split(",") if i.strip()}
        key = "layer.order" if a.reason.startswith("layer") else _REASON_KEYS.get(a.reason)
        if key is not None:
            out |= set(game.data.cite(key))
        if a.depends_on:
            out |= set(game.data.cite("dependency.order"))
    return out


__all__ = ["ContEffect", "Applied", "Dep", "chars", "compute", "explain", "explain_cards", "forbidden", "in_force", "PlayerRef"]


# --- the language ---------------------------------------------------------------------------------------------------
from judge.engine.language.shapes import Bool, Either, Enum, Field, ListOf, Map, Ref, Scoped, Str  # noqa: E402
from judge.engine.language.words import Mechanism  # noqa: E402
from judge.engine.mechanisms.abilities import kind_shape  # noqa: E402
from judge.engine.mechanisms.filters import TYPE  # noqa: E402

MECHANISM = Mechanism("continuous", "continuous effects: abilities, their order, what they change",
                      requires=("abilities", "expectations"))
M = MECHANISM
M.place("characteristic", "a characteristic a continuous effect changes by a number (power: +2)", form="field")
M.place("cannot", "what a rule effect says a card cannot do (cannot: [attack])", form="value")
M.place("ability.continuous", "a game's own fields of continuous abilities", form="field")

M.word("characteristic", "power", Ref("number"), doc="its power changes by this much")
M.word("characteristic", "health", Ref("number"), doc="its health changes by this much")
M.word("cannot", "attack", Bool(), doc="it cannot attack")
M.word("cannot", "guard", Bool(), doc="it cannot guard")

CANNOT = ListOf(Enum(lambda scope: tuple(scope.vocab.words("cannot"))), doc="what it cannot do")
SET = Map(values=Ref("number"), keys=Enum(lambda scope: tuple(scope.vocab.words("characteristic"))),
          doc="characteristics set to a value: {power: 3}")
AFFECTS = Either(Enum(("self", "defender")), Map({"each": Ref("filter")}, required=("each",)),
                 doc="what it affects: self (default), defender (what its card attacks), or {each: filter}")
WHILE = Scoped(Ref("condition"), lambda scope, v: scope.bind("it").flag("while"))
KIND_FIELDS: dict[str, Field] = {  # the changes of characteristics that are not numbers
    "type": Field(TYPE, "its card type becomes this"), "subtypes": Field(ListOf(Str(min_len=1)), "its subtypes become these"),
    "add_subtypes": Field(ListOf(Str(min_len=1)), "it gains these subtypes"),
    "lose_abilities": Field(Bool(), "it loses all its abilities"),
}
_SHARED = {"set": Field(SET), "cannot": Field(CANNOT), "while": Field(WHILE, "only while the condition holds (it: the "
                                                                              "card it affects)"), **KIND_FIELDS}


def _until_needs_when(ab: Any, at: Any) -> None:
    if isinstance(ab, dict) and "until" in ab and "when" not in ab:
        (at / "until").problem("until_needs_when", at_key=True)


CONTINUOUS = kind_shape({
    "affects": Field(Scoped(AFFECTS, lambda s, v: s.bind("it")), "what it affects"), **_SHARED,
    "cda": Field(Bool(), "a characteristic-defining ability (first in its layer, where layers apply)"),
    "when": Field(Ref("when"), "it creates a continuous effect each time this happens, timestamped then [timestamp.event]"),
    "until": Field(Enum(("combat", "turn")), "with when: how long that effect lasts"),
}, doc="a continuous ability", more_from=("characteristic", "ability.continuous"))
M.word("ability_kind", "continuous", CONTINUOUS, doc="changes characteristics or rules while its card is on the field",
       rules=("continuous.from_ability", "timestamp.ability", "timestamp.event"), check=_until_needs_when,
       scope=lambda scope, ab: scope.bind("it"))

M.hook("chars")(chars)


@M.hook("turn.end", order=30)
def _end_turn(game: "Game") -> None:
    end(game, "turn")  # [turn.end]: "this turn" effects end


@M.hook("turn.start", order=30)
def _start_turn(game: "Game", player: str) -> None:
    """[turn.start]: "until your next turn begins": its controller's turn begins, the effect ends."""
    st = game.state
    st.cont_effects = [e for e in st.cont_effects if not (e.until == "next_turn" and e.controller == player)]
    game.chars_cache.clear()


@M.hook("combat.end", order=10)
def _end_combat(game: "Game") -> None:
    end(game, "combat")


M.hook("card.readied")(end_until_ready)


def _current(name: str) -> Any:
    def actual(game: "Game", card: "Card") -> Any:
        return game.chars(card)[name]
    return actual


M.word("expect.card", "power", Ref("count_or_null"), _current("power"), doc="its current power")
M.word("expect.card", "health", Ref("count_or_null"), _current("health"), doc="its current health")
M.word("expect.card", "type", TYPE, _current("type"), doc="its current card type")
M.word("expect.card", "subtypes", ListOf(Str()), lambda game, card: list(game.chars(card)["subtypes"]),
       doc="its current subtypes")
M.word("expect.card", "blank", Bool(), lambda game, card: bool(game.chars(card)["no_abilities"]),
       doc="it has no abilities now (printed or granted, or an effect took them all away)")
