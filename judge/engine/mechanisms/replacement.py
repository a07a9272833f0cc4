"""Replacement and prevention: an event about to happen is changed before it happens, without the chain.

Replacement effects come from abilities of cards on the field (``kind: replacement``), from what the game's rules
attach to characteristics (``Ruleset.implicit_replacements``, e.g. armor) and from resolving links (steps
``replace``/``prevent``). Each applies at most once to an event and to what it produced [replacement.once]; the
player the game's rules name picks the order (``Ruleset.replacement_chooser``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice, scenario_names
from judge.engine.context import Context, matches_filter, value
from judge.engine.context import cards as card_refs
from judge.engine.mechanisms.steps import run_ops
from judge.engine.refs import CardRef, LinkRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game

PACKETS = ("damage", "repair")

@dataclass
class ReplEffect:
    """One replacement or prevention effect in force."""

    rid: str  # stable id: what [replacement.once] remembers
    source: CardRef
    controller: str
    spec: dict[str, Any]
    text: Text
    refs: dict[str, list[CardRef]] = field(default_factory=dict)  # names bound when a link created it
    until: str = "game"
    remaining: int | None = None  # [prevention.shield]: a shield that shrinks as it prevents
    used_link: int | None = None  # [replacement.next]: the resolution "the next time" is spent on
    optional: bool = False  # [prevention.armor]: an armor its controller may exhaust
    ts: int = 0
    self_replacing: bool = False  # a card's effect replacing its own event [replacement.self_first]

    @property
    def prevention(self) -> bool:
        s = self.spec
        return any(k in s for k in ("prevent", "shield", "first_each_turn")) or self.rid.startswith("armor:")

    def increases(self, ev: "Event") -> bool:
        """[replacement.increase_chooser]: it would increase this packet's amount (adding, or setting a larger one) or change its combat mark,
        its damage type or whether it can be prevented."""
        s, d = self.spec, ev.data
        if (isinstance(s.get("add"), int) and s["add"] > 0) or (isinstance(s.get("mul"), int) and s["mul"] > 1):
            return True
        if isinstance(s.get("set_amount"), int) and s["set_amount"] > int(d.get("amount", 0)):
            return True
        return ("type" in s and s["type"] != d.get("type")) or ("combat" in s and bool(s["combat"]) != bool(d.get("combat"))) \
            or ("preventable" in s and bool(s["preventable"]) != bool(d.get("preventable", True)))


# --- gathering ------------------------------------------------------------------------------------
def in_force(game: "Game") -> list[ReplEffect]:
    """Replacement effects that exist now: field abilities, the game's implicit ones, and those links created
    [replacement.exists]."""
    st = game.state
    out: list[ReplEffect] = []
    for card in st.acting_cards():
        if not (card.abilities or card.granted):
            continue  # a card without abilities replaces nothing
        elsewhere = not game.is_field(card.zone)
        if elsewhere and not (card.abilities and any(card.zone in (ab.get("zones") or ()) for ab in card.abilities)):
            continue
        abilities = list(card.abilities) + [g.ability for g in card.granted]
        for i, ab in enumerate(abilities):
            if elsewhere and card.zone not in (ab.get("zones") or ()):
                continue  # [ability.other_zone]: off the field, only abilities that work where the card is
            if ab.get("if_alt") and card.ref not in st.paid_alt:
                continue  # [cost.alt_additional]: it exists only on a card added to the chain for its alternative cost
            if ab.get("kind") == "replacement":
                out.append(ReplEffect(f"{card.id}:{i}", card.ref, card.controller, ab.get("replace") or {},
                                      Text(ab.get("text", "…"), ab.get("text_en", "")), ts=card.ts,
                                      self_replacing=bool(ab.get("self_replacing"))))
    for implicit in game.data.vocab.hooks("replacements.implicit"):  # what the game's rules attach (armor …)
        out += implicit(game)
    out += [r for r in st.repl_effects]
    return out


# --- matching -------------------------------------------------------------------------------------
def _ref_match(game: "Game", r: ReplEffect, spec: Any, ref: CardRef | None) -> bool:
    if spec is None:
        return True
    if ref is None:
        return False
    if spec == "self":
        return ref == r.source
    if spec == "attached":
        host = game.state.cards[r.source.id]
        return host.attached_to == ref.id and game.state.is_current(ref)
    if isinstance(spec, str):
        return ref in r.refs.get(spec, [])
    card, _ = game.state.view(ref)
    return matches_filter(game, card, spec, r.controller, None, self_ref=r.source) is None


def matches(game: "Game", r: ReplEffect, ev: "Event") -> bool:
    """Does this effect replace this event as it is now?"""
    s = r.spec
    kind = s.get("event", "damage")
    if kind == "packet":
        if ev.kind not in PACKETS:
            return False
    elif kind == "destroyed":
        if ev.kind != "move" or ev.data.get("cause") not in ("destroy", "lethal") or ev.data.get("to") != game.data.graveyard:
            return False
    elif kind == "discard":  # discarding is its own event: a card played from the hand to the chain is not discarded
        if ev.kind != "move" or ev.data.get("cause") != "discard":
            return False
    elif kind != ev.kind:
        return False
    if ev.kind in PACKETS:
        d = ev.data
        if r.prevention and not d.get("preventable", True):
            return False  # [prevention.unpreventable]: a packet that cannot be prevented
        if "damage_type" in s and d.get("type") != s["damage_type"]:
            return False
        if "combat" in s.get("match", {}) and bool(d.get("combat")) != bool(s["match"]["combat"]):
            return False
        if not _ref_match(game, r, s.get("from"), d.get("source")):
            return False
        if s.get("controller") == "you" and ev.player != r.controller:
            return False
        if s.get("targeted") and not d.get("targeted"):
            return False
        if "by" in s:
            src = d.get("link_source")
            if src is None:
                return False
            card, _ = game.state.view(src)
            if matches_filter(game, card, s["by"], r.controller, None, self_ref=r.source) is not None:
                return False
    if "amount" in s and int(ev.data.get("amount", 0)) != int(s["amount"]):
        return False  # only events of that amount ("每次將生命+2時")
    if ev.kind in ("draw", "gain_life", "lose_life"):  # events that happen to a player
        if s.get("player") == "you" and ev.player != r.controller:
            return False
        if s.get("player") == "opponent" and ev.player == r.controller:
            return False
    elif not _ref_match(game, r, s.get("to"), ev.card):
        return False
    if ev.kind == "move" and not _move_match(game, s, ev):
        return False
    if "shield" in s and int(s["shield"]) - game.state.shield_used.get(r.rid, 0) < 1:
        return False  # [prevention.shield]: a used-up shield is gone
    if "first_each_turn" in s and _first_left(game, r, ev) <= 0:
        return False  # [prevention.first_each_turn]: used up for the rest of the turn
    return all(match(game, r, ev) for match in game.data.vocab.hooks("replacement.matches"))  # a game's own keys


def _move_match(game: "Game", s: dict[str, Any], ev: "Event") -> bool:
    """A move out of one zone (``leaving``), into another (``entering``), or not as the last step of the moving
    card's own resolution (``not_by_itself``)."""
    if "leaving" in s and (ev.card is None or not game.state.is_current(ev.card)
                           or game.state.cards[ev.card.id].zone != s["leaving"]):
        return False
    if "entering" in s and ev.data.get("to") != s["entering"]:
        return False
    return not (s.get("not_by_itself") and ev.data.get("own_resolution"))


def _first_left(game: "Game", r: ReplEffect, ev: "Event") -> int:
    """[prevention.first_each_turn]: X less each point the character was dealt or had prevented this turn."""
    assert ev.card is not None
    st = game.state
    return int(r.spec["first_each_turn"]) - st.turn_damage.get(ev.card.id, 0) - st.turn_prevented.get(f"{r.rid}@{ev.card.id}", 0)


# --- choosing -------------------------------------------------------------------------------------
def replace(game: "Game", ev: "Event") -> "Event | None":
    """[replacement.modify]: apply every replacement that matches, one at a time, in the order the right player picks."""
    existing = in_force(game)  # [replacement.exists]: only effects that exist before the event can replace it
    if not existing:
        return ev
    applied: set[str] = ev.data.setdefault("applied", set())
    while True:
        live = _live(game, existing)
        cands = [r for r in live if r.rid not in applied and matches(game, r, ev)]
        if not cands:
            done = [r for r in live if r.rid in applied and matches(game, r, ev)]
            if done:  # [replacement.once]: an effect that already changed this event (or what it came from) does not again
                game.trace.add("repl_done", game.data.cite("replacement.once"), cards=[r.source for r in done], eid=ev.data.get("eid"))
            return ev
        who, pool, cites = game.data.replacement_chooser(game, ev, cands)
        names = scenario_names([r.source.id for r in pool])
        options: tuple[str, ...] = tuple(names)
        if all(r.optional for r in pool):
            options = options + ("none",)  # [prevention.armor]: "you may exhaust an armor"
        labels = tuple(f"{n}: {_named(game, x).zh}" for n, x in zip(names, pool))  # the effects by card and text
        pick = game.ask(Choice("replacement", who, None, options, labels=labels)) if len(options) > 1 else options[0]
        r = pool[names.index(pick)] if pick != "none" else None
        chosen = _named(game, r) if r is not None else game.data.text("none")
        if len(pool) > 1 or pick == "none":  # the player's choice, named by the effect (its card and text)
            game.trace.add("replacement_order", cites, player=PlayerRef(who), text=chosen)
        elif len(pool) < len(cands):  # the rules put this one first (a self-replacement effect …)
            game.trace.add("replacement_first", cites, text=chosen)
        if r is None:
            return ev
        applied.add(r.rid)  # [replacement.once]: never again to this event or what it produces
        ev.replaced = True  # [effect.if_you_do]: a replaced action is judged by the game's rule for "if you do"
        out = _apply(game, r, ev)
        if out is None:
            return None
        ev = out


def _named(game: "Game", r: ReplEffect) -> Text:
    """A replacement effect as a judge reads it: its card's name and its text."""
    name = game.state.cards[r.source.id].name if r.source.id in game.state.cards else {"zh": r.source.id}
    en = name.get("en") or name["zh"]  # in English, the card by name; its text only when the file gives it in English
    return Text(f"{name['zh']}（{r.text.zh}）", f"{en} ({r.text.en})" if r.text.en else en)


def _live(game: "Game", existing: list[ReplEffect]) -> list[ReplEffect]:
    st = game.state
    return [r for r in existing if not r.rid.startswith("e:") or any(r is x for x in st.repl_effects)]


def _apply(game: "Game", r: ReplEffect, ev: "Event") -> "Event | None":
    """Change the event; None if it no longer happens (prevented, skipped or replaced by other steps)."""
    from judge.engine.mechanisms import triggers

    st = game.state
    s = r.spec
    if s.get("next") and r.used_link is None:
        r.used_link = game.resolving  # [replacement.next]: spent when this batch of events ends (Game.batch)
        game.spent_next.append(r)
    base = {"eid": ev.data.get("eid"), "rid": r.rid, "card": r.source, "text": r.text}
    if ev.kind in PACKETS and r.prevention:
        amount = int(ev.data["amount"])
        if r.rid.startswith("armor:"):
            armor_card = st.cards[r.source.id]
            cap = int(game.chars(armor_card)["armor"] or 0)
            if r.optional:  # [prevention.armor]: exhaust the armor to use it
                events.emit(game, events.Event("exhaust", armor_card.ref, data={"cites": game.data.cite("prevention.armor_exhaust")}))
            cites = game.data.cite("prevention.armor")
        elif "first_each_turn" in s:
            cap = _first_left(game, r, ev)
            cites = game.data.cite("prevention.first_each_turn")
        elif "shield" in s:
            r.remaining = int(s["shield"]) - st.shield_used.get(r.rid, 0)
            cap = r.remaining
            cites = game.data.cite("prevention.shield")
        else:
            cap = amount if s["prevent"] == "all" else int(s["prevent"])
            cites = game.data.cite("prevention.amount")
        prevented = min(amount, cap)
        used_up = False
        if "shield" in s and r.remaining is not None:
            st.shield_used[r.rid] = st.shield_used.get(r.rid, 0) + amount  # [prevention.shield]: it goes down by the packet's X
            r.remaining -= amount
            if r.remaining < 1:
                if any(r is x for x in st.repl_effects):
                    st.repl_effects.remove(r)
                used_up = True
        if "first_each_turn" in s and ev.card is not None:
            key = f"{r.rid}@{ev.card.id}"
            st.turn_prevented[key] = st.turn_prevented.get(key, 0) + prevented
        ev.data["amount"] = amount - prevented
        if isinstance(s.get("from"), dict):  # [prevention.source]: the source was checked as it would deal the damage
            cites = cites + game.data.cite("prevention.source")
        game.trace.add("prevented", cites, **base, target=ev.card, amount=prevented, left=ev.data["amount"])
        if used_up:  # [prevention.shield_gone]: shown after the prevention that used it up
            game.trace.add("shield_gone", game.data.cite("prevention.shield_gone"), card=r.source)
        if prevented > 0 and ev.card is not None:  # [prevention.trigger]: prevented damage triggers "when prevented"
            triggers.collect(game, events.Event("prevented", ev.card, player=ev.player,
                                                data={"amount": prevented, "source": ev.data.get("source"), "trigger_cites": game.data.cite("prevention.trigger")}))
        if ev.data["amount"] < 1:  # [prevention.packet_gone]: the packet vanishes
            game.trace.add("packet_gone", game.data.cite("prevention.packet_gone"), target=ev.card)
            return None
        return ev
    if s.get("then"):  # [replacement.then]: the event, then the events the effect names (after it, not with it)
        game.trace.add("replaced_then", game.data.cite("replacement.then"), **base, what=game.data.text(f"event_{ev.kind}"),
                       target=ev.card if ev.card is not None else PlayerRef(str(ev.player)))
        ev.data.setdefault("then", []).append(r)
        return ev
    if "instead" in s or s.get("skip"):
        again = ["replacement.again"] if ev.data.get("applied") - {r.rid} else []  # an event another replacement made
        again += list(ev.data.get("replaced_cites", ()))  # what the event's step says a replacement of it rests on
        game.trace.add("replaced_instead", game.data.cite("replacement.instead", *again), **base, what=game.data.text(f"event_{ev.kind}"),
                       target=ev.card if ev.card is not None else PlayerRef(str(ev.player)))
        if s.get("instead"):
            ctx = instead_context(game, r, ev)
            saved = game.inherit
            game.inherit = set(ev.data["applied"])
            try:
                run_ops(game, ctx, list(s["instead"]))  # [replacement.instead]: replaced even if these cannot be done
            finally:
                game.inherit = saved
        return None
    if "split" in s and ev.kind in PACKETS:
        (split,) = game.data.vocab.hooks("replacement.split")  # [replacement.split]: where the game's rules have it
        return split(game, r, ev, base)
    changes: list[Text] = []
    words = game.data
    if "add" in s:
        ev.data["amount"] = int(ev.data["amount"]) + int(s["add"])
        changes.append(words.text("change_amount", old=int(ev.data["amount"]) - int(s["add"]), new=ev.data["amount"]))
    if "mul" in s:  # "double the damage": the amount times a number
        old_amount = int(ev.data["amount"])
        ev.data["amount"] = old_amount * int(s["mul"])
        changes.append(words.text("change_amount", old=old_amount, new=ev.data["amount"]))
    if "set_amount" in s:
        ev.data["amount"] = int(s["set_amount"])
        changes.append(words.text("change_amount", old=ev.data.get("was", "…"), new=ev.data["amount"]))
    for k in ("type", "combat", "preventable"):
        if k in s:
            ev.data[k] = s[k]
            shown = words.text("yes" if s[k] is True else "no") if isinstance(s[k], bool) else Text(str(s[k]), str(s[k]))
            changes.append(words.text(f"change_{k}", new=shown))
    if "zone" in s and ev.kind == "move":
        ev.data["to"] = s["zone"]
        ev.data["cause"] = "move"
        ev.data["cites"] = game.data.cite("replacement.modify")  # where it goes now is the replacement's doing
        changes.append(words.text("change_zone", zone=Text(words.zone_name(s["zone"], "zh"), words.zone_name(s["zone"], "en"))))
    keys = ["replacement.modify"] + (["damage.packet"] if ev.kind in PACKETS else []) + list(ev.data.get("replaced_cites", ()))
    if s.get("next"):
        keys.append("replacement.next")  # every packet of this one resolution counts as "the next time"
    cites = game.data.cite(*keys)
    game.trace.add("replaced", cites, **base, what=Text("，".join(c.zh for c in changes), ", ".join(c.en for c in changes)),
                   target=ev.card if ev.card is not None else PlayerRef(str(ev.player)))
    return ev


def instead_context(game: "Game", r: ReplEffect, ev: "Event") -> "Context":
    """Where the steps of an ``instead`` run: ``self`` its source, ``event`` the event's card (``{event: amount}`` its
    amount), and the targets of the link that created it by their slot names [replacement.instead]."""
    ctx = Context(game, None, r.controller, r.source, {"self": r.source, "event": ev.card} if ev.card else {"self": r.source})
    ctx.groups = {name: list(refs) for name, refs in r.refs.items()}
    if "amount" in ev.data:  # `{event: amount}`: the amount of the event it replaces
        ctx.bindings["event_amount"] = ev.data["amount"]
    return ctx


# --- creating effects from a resolving link --------------------------------------------------------
def create(game: "Game", ctx: Any, spec: dict[str, Any], prevention: bool) -> bool:
    """A link creates a replacement (``replace``) or prevention (``prevent``) effect with a duration."""
    st = game.state
    refs: dict[str, list[CardRef]] = {}
    for key in ("to", "from"):
        v = spec.get(key)
        if isinstance(v, str) and v not in ("self", "attached"):
            refs[v] = card_refs(ctx, v) or [st.link(o.uid).source for o in ctx.legal.get(v, [])  # a link's card
                                            if isinstance(o, LinkRef) and st.link(o.uid) is not None]
    if spec.get("instead"):  # [replacement.instead]: its steps may name the creating link's targets
        for name in ctx.legal:
            refs.setdefault(name, card_refs(ctx, name))
    inner = dict(spec)
    if prevention and not any(k in inner for k in ("prevent", "shield", "first_each_turn")):
        inner["prevent"] = "all"
    for k in ("shield", "first_each_turn", "add", "set_amount"):  # amounts are read as the link resolves
        if k in inner and not isinstance(inner[k], int):
            inner[k] = int(value(ctx, inner[k]))
    if isinstance(inner.get("prevent"), dict):
        inner["prevent"] = int(value(ctx, inner["prevent"]))
    if any(k in inner and isinstance(inner[k], int) and inner[k] < 1 for k in ("shield", "first_each_turn", "prevent")):
        game.trace.add("cannot", game.data.cite("prevention.zero"), what=game.data.text("prevent_zero"))
        return False
    r = ReplEffect(f"e:{st.next_eid}", ctx.source, ctx.controller, inner, Text(spec.get("text", "…"), spec.get("text_en", "")),
                   refs, str(spec.get("until", "game")), ts=st.tick(), self_replacing=bool(spec.get("self_replacing")))
    st.next_eid += 1
    st.repl_effects.append(r)
    if r.until == "resolution":  # [replacement.resolution]: it exists only while the link that made it resolves
        r.used_link = game.resolving
    group = any(isinstance(spec.get(k), dict) for k in ("to", "from"))  # a description: it also meets later cards
    keys = ["prevention.created" if prevention else "replacement.created"] + (["replacement.group"] if group else []) + \
        (["replacement.resolution"] if r.until == "resolution" else [])
    game.trace.add("repl_created", game.data.cite(*keys), text=r.text, card=ctx.source,
                   player=PlayerRef(ctx.controller))
    return True


def end_resolution(game: "Game", uid: int) -> None:
    """[replacement.next]: a "next time" effect used during this resolution (or batch of events) is spent when it ends."""
    st = game.state
    for r in list(game.spent_next):
        if r.used_link == uid:
            if r in st.repl_effects:
                st.repl_effects.remove(r)
            game.spent_next.remove(r)
    st.repl_effects = [r for r in st.repl_effects if not (r.until == "resolution" and r.used_link == uid)]


def end(game: "Game", until: str) -> None:
    """Replacement effects with this duration end."""
    st = game.state
    st.repl_effects = [r for r in st.repl_effects if r.until != until]


# --- the language ---------------------------------------------------------------------------------------------------
from judge.engine.language.shapes import At, Bool, Either, Enum, Field, Int, Map, Ref, Scope, SchemaWriter, Shape, Str  # noqa: E402
from judge.engine.language.words import Mechanism  # noqa: E402
from judge.engine.mechanisms.abilities import kind_shape  # noqa: E402
from judge.engine.mechanisms.filters import _zones  # noqa: E402
from judge.engine.mechanisms.references import CardRefShape  # noqa: E402

MECHANISM = Mechanism("replacement", "replacement and prevention effects", requires=("steps", "abilities", "choices"))
M = MECHANISM
M.place("replace_event", "what a replacement effect replaces (replace: {event: …})", form="value")
M.place("replace_key", "a key of a replacement effect (replace: {…})", form="field")

ANY = frozenset({"event", "text", "text_en", "until", "self_replacing", "instead", "then", "skip", "next"})
PACKET_KEYS = ANY | {"to", "from", "by", "targeted", "controller", "damage_type", "match", "amount", "add", "set_amount",
                     "type", "combat", "preventable", "prevent", "shield", "first_each_turn", "mul"}
MOVE_KEYS = ANY | {"to", "leaving", "entering", "not_by_itself", "zone"}
LIFE_KEYS = ANY | {"player", "amount", "add", "set_amount"}


def _kind(kind: str) -> Any:
    return lambda game, ev: ev.kind == kind


for _name, _keys, _doc in (("damage", PACKET_KEYS, "a damage packet"), ("repair", PACKET_KEYS, "a repair packet"),
                           ("packet", PACKET_KEYS, "a damage or repair packet"), ("move", MOVE_KEYS, "a card changing zones"),
                           ("discard", MOVE_KEYS, "a card being discarded"), ("destroyed", MOVE_KEYS, "a card being destroyed"),
                           ("draw", ANY | {"player"}, "a draw"), ("gain_life", LIFE_KEYS, "gaining life"),
                           ("lose_life", LIFE_KEYS, "losing life")):
    M.word("replace_event", _name, Bool(), doc=_doc, extra={"keys": _keys})


class SpecCards(Shape):
    """``to:`` / ``from:`` of a replacement: self, attached or a description in an ability (which names no card of its
    own); in a step, also a card its link names (a target slot …)."""

    types = frozenset({"string", "object"})

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        if isinstance(value, dict):
            Ref("filter").check(value, at)
        elif "link" in at.scope.flags:
            CardRefShape(lists=False, forms=False).check(value, at)
        elif value not in ("self", "attached"):
            at.problem("names_no_card", key=at.path[-1], value=value)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return {"anyOf": [{"type": "string"}, w.write(Ref("filter"))]}


def _instead(scope: Scope, v: Any) -> Scope:
    return scope.bind("event", "self").flag("resolving")


KEYS: dict[str, tuple[Shape, str]] = {
    "event": (Str(), "what it replaces (default damage)"), "text": (Str(), "its printed words, shown in the trace"),
    "text_en": (Str(), "the same in English"),
    "until": (Enum(("game", "turn", "resolution", "next_turn")), "a link's effect: how long it lasts (resolution: while it "
                                                                 "resolves; next_turn: until its controller's next turn begins)"),
    "self_replacing": (Bool(), "a link's replacement of what it itself does (applies first where the game says so)"),
    "instead": (Ref("steps"), "these steps happen instead"), "skip": (Bool(), "the event does not happen"),
    "then": (Ref("steps"), "the event happens, then these steps: it is replaced by itself and the events they make "
                           "(what the event triggers sees it before them) [replacement.then]"),
    "next": (Bool(), "a link's effect: only the next time (every packet of one resolution) [replacement.next]"),
    "to": (SpecCards(), "the card the event is about"), "from": (SpecCards(), "the card the packet comes from"),
    "by": (Ref("filter"), "the card whose link makes the packet"), "targeted": (Bool(), "only a packet to a target"),
    "controller": (Enum(("you",)), "only packets its controller's links make"), "damage_type": (Str(), "of this type"),
    "match": (Map({"combat": Bool()}), "only combat (true) or other (false) packets"),
    "amount": (Int(0), "only events of exactly this amount"), "add": (Int(), "the amount changes by this much"),
    "set_amount": (Int(0), "the amount becomes this"), "mul": (Int(0), "the amount is multiplied by this"),
    "type": (Str(), "the damage type becomes this"), "combat": (Bool(), "the packet becomes (not) combat damage"),
    "preventable": (Bool(), "the packet becomes (un)preventable"),
    "prevent": (Either(Enum(("all",)), Ref("number")), "prevent this much of the packet"),
    "shield": (Ref("number"), "a shield: prevents up to this much in all, then is used up [prevention.shield]"),
    "first_each_turn": (Ref("number"), "prevents the first X each turn [prevention.first_each_turn]"),
    "player": (Enum(("you", "opponent")), "the player the event happens to"),
    "leaving": (Enum(_zones), "only a card that would leave this zone"),
    "entering": (Enum(_zones), "only a card that would go to this zone"),
    "not_by_itself": (Bool(), "not as the last step of the moving card's own resolution"),
    "zone": (Enum(_zones), "the card goes to this zone instead"),
}
for _k, (_shape, _doc) in KEYS.items():
    M.word("replace_key", _k, _shape, doc=_doc)
ONLY_IN_STEPS = frozenset({"until", "next", "self_replacing"})  # an ability's replacement exists while its card does


class SpecShape(Shape):
    """A replacement's spec: its event, then the keys that event has (a key the engine would not read there is an
    error naming it)."""

    types = frozenset({"object"})

    def __init__(self, prevention: bool = False, doc: str = "") -> None:
        self.prevention, self.doc = prevention, doc

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        vocab = at.scope.vocab
        events_ = vocab.words("replace_event")
        name = value.get("event", "damage")
        word = events_.get(name) if isinstance(name, str) else None
        if word is None:
            (at / "event").problem("enum", value=name, options=sorted(events_), near=(name, sorted(events_)))
            return
        keys = vocab.words("replace_key")
        allowed = set(word.extra["keys"]) | {k for k, w in keys.items() if w.extra.get("any_event")
                                             or name in w.extra.get("events", ())}
        if "link" not in at.scope.flags:
            allowed -= ONLY_IN_STEPS
        for k, v in value.items():
            if k not in keys:
                (at / k).problem("unknown_field", at_key=True, name=k, where=".".join(map(str, at.path)),
                                 allowed=sorted(allowed), near=(k, sorted(allowed)))
            elif k not in allowed:
                key = "replace_key_only_in_steps" if k in ONLY_IN_STEPS else "replace_key_ignored"
                (at / k).problem(key, at_key=True, event=name, key=k, keys=sorted(allowed))
            else:
                scope = _instead(at.scope, v) if k in ("instead", "then") else at.scope
                keys[k].shape.check(v, (at / k).within(scope))
        if "then" in value and ("instead" in value or value.get("skip")):  # the event happens, or it does not: one
            (at / "then").problem("then_with_instead", at_key=True)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        keys = w.vocab.words("replace_key")
        return self._with_doc({"type": "object", "additionalProperties": False, "properties": {
            k: ({"description": kw.doc, **w.write(kw.shape)} if kw.doc else w.write(kw.shape)) for k, kw in sorted(keys.items())}})


SPEC = M.define("replace", SpecShape(doc="what a replacement effect replaces, and how"))
REPLACEMENT = kind_shape({
    "replace": Field(SPEC, "what it replaces and how"),
    "self_replacing": Field(Bool(), "it changes its own card's event (applies first where the game says so)"),
    "if_alt": Field(Bool(), "it exists only while its card is on the chain played for its alternative cost"),
}, required=("replace",), doc="a replacement (or prevention) ability")
M.word("ability_kind", "replacement", REPLACEMENT, doc="changes an event before it happens, without the chain",
       rules=("replacement.modify", "replacement.instead", "replacement.then", "replacement.chooser", "replacement.once"),
       phrases=("replaced", "replaced_instead", "replaced_then", "prevented", "replacement_order"))


def _as_step(scope: Scope, v: Any) -> Scope:
    return scope.flag("link")


M.word("step", "replace", SPEC, lambda game, ctx, spec: create(game, ctx, spec, prevention=False), scope=_as_step,
       doc="create a replacement effect", rules=("replacement.created", "replacement.group", "replacement.resolution"),
       phrases=("repl_created",))
M.word("step", "prevent", SPEC, lambda game, ctx, spec: create(game, ctx, spec, prevention=True), scope=_as_step,
       doc="create a prevention effect (default: prevent all)", rules=("prevention.created", "prevention.zero"),
       phrases=("repl_created",))
M.word("choice", "replacement", Str(min_len=1), doc="which replacement effect applies next (its card id; none: no armor)")

M.hook("event.replace")(replace)
M.hook("batch.end")(end_resolution)


@M.hook("event.after", order=90)
def _then(game: "Game", ev: "Event") -> None:
    """[replacement.then]: once the event has happened (and what it triggers has seen it), the steps of each effect
    that replaced it by itself and more."""
    for r in ev.data.pop("then", []):
        ctx = instead_context(game, r, ev)
        saved = game.inherit
        game.inherit = set(ev.data["applied"])
        try:
            run_ops(game, ctx, list(r.spec["then"]))
        finally:
            game.inherit = saved


@M.hook("turn.start", order=40)
def _start_turn(game: "Game", player: str) -> None:
    """[turn.start]: "until your next turn begins" ends as its controller's turn begins."""
    st = game.state
    st.repl_effects = [r for r in st.repl_effects if not (r.until == "next_turn" and r.controller == player)]


@M.hook("turn.end", order=40)
def _end_turn(game: "Game") -> None:
    end(game, "turn")
    game.state.turn_damage = {}  # [prevention.first_each_turn]: "the first X each turn" starts again
    game.state.turn_prevented = {}


M.hook("apply:prevented")(events.nothing)
M.word("event", "prevented", events.TRIGGER, _kind("prevented"), doc="damage to a character is prevented",
       extra={"keys": frozenset({"event", "card", "source", "player", "if"})})
