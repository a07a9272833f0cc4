"""Continuous effects a resolving link creates (step ``modify``) [continuous.from_link]: what they change, whether
they fix the cards they affect as they start [continuous.locked] or keep looking [continuous.rechecked], "while"
[continuous.while], "as long as it stays …" [continuous.as_long_as], "until it readies" [continuous.until_event], their
timestamp [timestamp.link], and amounts fixed once where the game's rules say so [continuous.locked_value]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import cards as card_refs
from judge.engine.context import value
from judge.engine.language.shapes import Bool, Either, Enum, Field, Map, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.continuous import CHARS, KIND_FIELDS, _SHARED, _named_refs, _stopped, from_spec
from judge.engine.mechanisms.references import CARDS
from judge.engine.refs import CardRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("modify", "continuous effects a resolving link creates", requires=("continuous", "steps"))
M = MECHANISM

MODIFY = Map({
    "cards": Field(CARDS, "what it affects (default self): cards named now, or {each: filter}"),
    "except": Field(CARDS, "cards it does not affect"), **_SHARED,
    "as_long_as": Field(Map({"card": CARDS, "exhausted": Bool()}, required=("card", "exhausted")),
                        "it lasts as long as the card stays exhausted (true) or ready (false) [continuous.as_long_as]"),
    "until": Field(Either(Enum(("turn", "combat", "game", "next_turn")), Map({"ready": CARDS}, required=("ready",))),
                   "how long: this turn, this combat, the game (default), until its controller's next turn begins "
                   "(next_turn), or until a card readies"),
    "lock": Field(Bool(), "it fixes the cards it affects as it starts even for {each: …} [continuous.locked]"),
    "text": Str(), "text_en": Str(),
}, more_from=("characteristic",), doc="a continuous effect")


def _changes_something(spec: Any, at: Any) -> None:
    if not isinstance(spec, dict):
        return
    changes = ("set", "cannot", *KIND_FIELDS, *at.scope.vocab.words("characteristic"))
    if not any(k in spec for k in changes):
        at.problem("needs_one_of", keys=list(changes))


@M.declare("step", "modify", MODIFY, doc="create a continuous effect: change characteristics, or say what cards cannot do",
           check=_changes_something, scope=lambda scope, spec: scope.bind("it"), rules=("continuous.from_link", "timestamp.link", "continuous.locked",
           "continuous.rechecked", "continuous.while", "continuous.as_long_as", "continuous.until_event",
           "continuous.group_on_field", "continuous.locked_value"), phrases=("cont_effect", "as_long_as_broken",
           "until_ended_early"))
def modify(game: "Game", ctx: Any, spec: dict[str, Any]) -> bool:
    """[continuous.from_link]: a link creates a continuous effect (step ``modify``), timestamped as the link resolves
    [timestamp.link]."""
    st = game.state
    link = ctx.link
    alo = spec.get("as_long_as")
    as_long_as = None
    if alo is not None:  # [continuous.as_long_as]: it must have stayed so from the link's creation until now
        refs = card_refs(ctx, alo["card"])
        want = {k: v for k, v in alo.items() if k != "card"}
        ok = bool(refs) and st.is_current(refs[0])
        if ok:
            card = st.cards[refs[0].id]
            since = link.created_at if link is not None else st.clock
            ok = all(getattr(card, k) == v for k, v in want.items()) and not _stopped(st, {"card": refs[0], **want}, since)
        if not ok:
            game.trace.add("as_long_as_broken", game.data.cite("continuous.as_long_as"), card=refs[0] if refs else ctx.source)
            return False
        as_long_as = {"card": refs[0], **want}
    until = spec.get("until")
    if isinstance(until, dict) and "ready" in until:  # [continuous.until_event]: "until [this card] readies"
        ends = card_refs(ctx, until["ready"])
        since = link.created_at if link is not None else st.clock
        if ends and st.status_left.get((ends[0].id, True), -1) > since:  # it readied before the effect began: void
            game.trace.add("until_ended_early", game.data.cite("continuous.until_event"), card=ends[0])
            return False
    target = spec.get("cards", "self")
    if isinstance(target, dict) and isinstance(target.get("each"), dict) and "team_of" in target["each"]:
        from judge.engine.mechanisms.references import fixed_team

        target = {**target, "each": fixed_team(ctx, target["each"])}  # its team, as the link names it now
        spec = {**spec, "cards": target}
    lock = game.data.locks_affected(spec)
    refs_locked: list[CardRef] | None = None
    if lock:  # [continuous.locked]: the cards this link affects are marked now
        if isinstance(target, dict) and "each" in target:
            refs_locked = card_refs(ctx, target)
        else:
            refs_locked = card_refs(ctx, target)
        excl = card_refs(ctx, spec["except"]) if "except" in spec else []
        refs_locked = [r for r in refs_locked if r not in excl]
    ts = st.tick_for(("link", link.uid)) if link is not None else st.tick()  # [timestamp.link]: when the link resolves
    bindings = {"self": ctx.source, **{k: v[0] for k, v in ((n, card_refs(ctx, n)) for n in _named_refs(spec)) if v}}
    locked_values = False
    if game.data.raw.get("lock_values_on_resolution"):  # [continuous.locked_value]: amounts decided once, now
        spec = dict(spec)
        for ch in CHARS:
            if ch in spec and not isinstance(spec[ch], int):
                spec[ch], locked_values = int(value(ctx, spec[ch])), True
        if isinstance(spec.get("set"), dict) and any(not isinstance(v, int) for v in spec["set"].values()):
            spec["set"] = {k: v if isinstance(v, int) else int(value(ctx, v)) for k, v in spec["set"].items()}
            locked_values = True
    eff = from_spec(game, spec, ctx.source, ctx.controller, bindings, ts, "link", "timestamp.link", refs_locked)
    if not lock and "except" in spec:
        eff.affects["except"] = card_refs(ctx, spec["except"])
    eff.as_long_as = as_long_as
    if as_long_as is not None:
        eff.since = since
    eff.eid = st.next_eid
    st.next_eid += 1
    eff.order = (eff.eid,)
    st.cont_effects.append(eff)
    keys = ["continuous.from_link", "timestamp.link"] + (["continuous.locked"] if lock and isinstance(target, dict) else []) + \
        (["continuous.rechecked"] if not lock else []) + (["continuous.while"] if eff.cond else []) + \
        (["continuous.as_long_as"] if as_long_as else []) + (["continuous.until_event"] if eff.until_ready else []) + \
        (["continuous.group_on_field"] if isinstance(target, dict) and "zone" not in target.get("each", {}) else []) + \
        (["continuous.locked_value"] if locked_values else [])
    cites = game.data.cite(*keys)
    if eff.until_ready is not None:
        name = game.state.cards[eff.until_ready.id].name
        until = game.data.text("until_ready", card=Text(name.get("zh", ""), name.get("en") or name.get("zh", "")))
    else:
        until = game.data.text(f"until_{eff.until}") if f"until_{eff.until}" in game.data.words else game.data.text("until_game")
    game.trace.add("cont_effect", cites, text=eff.text, card=ctx.source, until=until,
                   targets=list(refs_locked) if refs_locked is not None else game.data.text("rechecked"))
    game.chars_cache.clear()
    return True


