"""The effect language: steps done in text order [effect.text_order], one-shot effects [effect.one_shot], "that
[thing]" [effect.that].

A step is a mapping with one operation key (``damage``, ``move``, ``draw`` …) and optional modifiers
(``if_you_do``). Operations that cannot be done are skipped; the rest still happen [effect.text_order].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.options import subsets
from judge.engine.refs import CardRef, LinkRef, Obj, PlayerRef, Text, ZoneRef
from judge.engine.state import Granted, TriggerEffect

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link

MODIFIERS = ("if_you_do", "if_not_done")


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


# --- values --------------------------------------------------------------------------------------
def eval_static(game: "Game", spec: Any, link: "Link | None") -> int:
    """A number known when a link is added (X, counts of cards): the value that gets locked [target.count]."""
    ctx = Context(game, link, link.controller if link else game.state.turn, link.source if link else CardRef("", 0))
    return value(ctx, spec)


def value(ctx: Context, spec: Any) -> int:
    """Evaluate a number: an int, ``X``, or ``{power|hand|count|var|add|sub|mul|max|min: …}``."""
    game = ctx.game
    if isinstance(spec, bool):
        return int(spec)
    if isinstance(spec, int):
        return spec
    if spec == "X":
        return int(ctx.link.x or 0) if ctx.link else 0
    if isinstance(spec, dict):
        (op, arg), = spec.items()
        if op in ("power", "health", "cost", "damage_on"):
            refs = read_refs(ctx, arg, cards(ctx, arg))
            if not refs:
                return 0
            card, old = game.state.view(refs[0])
            cur = game.state.lki_chars.get(refs[0], {}) if old else game.chars(card)
            stat = {"power": cur.get("power", card.power), "health": cur.get("health", card.health), "cost": card.cost,
                    "damage_on": card.damage}[op] or 0
            key = f"{op}:{refs[0].id}"
            if ctx.link is not None and key not in ctx.read:
                ctx.read.add(key)
                what = game.data.text(op)
                if old:  # [info.lki]: no longer where expected: last-known information ([info.lki_left]: its own card)
                    left = refs[0] == ctx.bindings.get("self_left")
                    game.trace.add("lki", game.data.cite("info.lki_left" if left else "info.lki"), card=refs[0], what=what,
                                   amount=stat)
                else:
                    game.trace.add("read_info", game.data.cite("info.read"), what=what, amount=stat)
            return int(stat)
        if op == "var":
            return int(ctx.vars.get(arg, 0))
        if op == "played":  # [play.finalized]: how many cards fitting the description a player played this turn
            from judge.engine.history import count

            flt = {k: v for k, v in arg.items() if k != "player"}
            return sum(count(game, p, flt) for p in players(ctx, arg.get("player", "you")))
        if op == "event":  # what the triggering event carried (e.g. the amount of damage dealt or prevented)
            return int(ctx.bindings.get(f"event_{arg}", 0) or 0)  # type: ignore[call-overload]
        if op == "hand":
            (p,) = players(ctx, arg)[:1] or [ctx.controller]
            return len(game.state.in_zone("hand", p))
        if op == "count":
            from judge.engine.targets import matches_filter

            zone = arg.get("zone")  # default: every zone on the field
            flt = dict(arg)
            for stat in ("cost", "power", "health"):  # bounds are read from this context (e.g. "≥ its own cost")
                if isinstance(flt.get(stat), dict):
                    flt[stat] = {k: value(ctx, v) for k, v in flt[stat].items()}
            n = sum(c.copies for c in game.state.cards.values() if (c.zone == zone if zone else game.is_field(c.zone))
                    and matches_filter(game, c, flt, ctx.controller, ctx.link) is None)
            if ctx.link is not None and game.data.cite("info.count") and f"count:{id(arg)}" not in ctx.read:
                ctx.read.add(f"count:{id(arg)}")  # [info.count]: a count the effect reads as it is carried out, once
                game.trace.add("read_info", game.data.cite("info.count"), what=game.data.text("count"), amount=n)
            return n
        vals = [value(ctx, a) for a in arg]
        if op == "add":
            return sum(vals)
        if op == "sub":
            return vals[0] - sum(vals[1:])
        if op == "mul":
            out = 1
            for v in vals:
                out *= v
            return out
        if op == "max":
            return max(vals)
        if op == "min":
            return min(vals)
    raise ValueError(f"not a number: {spec!r}")


def read_refs(ctx: Context, spec: Any, refs: list[CardRef]) -> list[CardRef]:
    """The objects information is read from: a leaves-the-field ability reads its own card ("that reinforcement") as
    it last was on the field, with the effects that applied to it then, not as it is in its new zone [info.lki_left].
    Named by its card id, the card is read as it is now (where it went)."""
    looked_back = ctx.bindings.get("self_left")
    if spec == "self" and isinstance(looked_back, CardRef) and refs and looked_back.id == refs[0].id:
        return [looked_back] + refs[1:]
    return refs


# --- references ----------------------------------------------------------------------------------
def cards(ctx: Context, spec: Any) -> list[CardRef]:
    """Card references: ``self``, a target slot, ``that`` [effect.that], ``attached``, ``event``, or ``{each: filter}``."""
    game = ctx.game
    st = game.state
    if isinstance(spec, list):
        return [r for s in spec for r in cards(ctx, s)]
    if spec == "self":
        obj = ctx.bindings.get("self", ctx.source)
        return [obj] if isinstance(obj, CardRef) else []
    if spec == "that":
        if ctx.that:
            game.trace.add("that", game.data.cite("effect.that"), what=game.data.text("that_card"), card=ctx.that)
            return list(ctx.that)
        obj = ctx.bindings.get("that")
        return [obj] if isinstance(obj, CardRef) else []
    if spec == "attached":
        host, old = st.view(ctx.source)
        if host.attached_to is None:
            return []
        target = st.cards[host.attached_to]
        if old:  # [info.lki]: the source left; its last attached card is read from last-known information
            game.trace.add("lki", game.data.cite("info.lki_attached"), card=ctx.source, what=game.data.text("attached_card"),
                           amount=Text(target.name.get("zh", target.id), target.name.get("en", target.id)))
        return [target.ref]
    if isinstance(spec, dict) and "leader" in spec:  # "your commander" / "your general": the game's leader card type
        who = players(ctx, spec["leader"])
        return [c.ref for c in st.cards.values() if game.is_field(c.zone) and game.data.types.get(c.type, {}).get("leader")
                and c.controller in who]
    if isinstance(spec, dict) and "each" in spec:  # field cards, or those of the zone the description names
        from judge.engine.targets import matches_filter

        flt = resolve_names(ctx, spec["each"])
        zone = flt.get("zone")
        return [c.ref for c in st.cards.values() if (c.zone == zone if zone else game.is_field(c.zone))
                and matches_filter(game, c, flt, ctx.controller, ctx.link) is None]
    if isinstance(spec, dict) and "choose" in spec:  # a card the controller chooses as the step happens
        return _choose_card(ctx, spec["choose"])
    if isinstance(spec, str):
        if spec in ctx.groups:
            return list(ctx.groups[spec])
        if spec in ctx.legal:
            return [o for o in ctx.legal[spec] if isinstance(o, CardRef)]
        obj = ctx.bindings.get(spec)
        if isinstance(obj, CardRef):
            return [obj]
        if spec in st.cards:
            return [st.cards[spec].ref]
    return []


def resolve_names(ctx: Context, flt: dict[str, Any]) -> dict[str, Any]:
    """A filter with ``{name: store}`` values replaced by the words a step named (``name``)."""
    return {k: (ctx.names.get(v["name"], "") if isinstance(v, dict) and set(v) == {"name"} else v) for k, v in flt.items()}


def _choose_card(ctx: Context, flt: dict[str, Any]) -> list[CardRef]:
    """The controller picks one card fitting the description (in the zone it names, else on the field)."""
    from judge.engine.targets import matches_filter

    game, st = ctx.game, ctx.game.state
    flt = resolve_names(ctx, flt)
    zone = flt.get("zone")
    options = tuple(c.id for c in st.cards.values() if (c.zone == zone if zone else game.is_field(c.zone))
                    and matches_filter(game, c, flt, ctx.controller, ctx.link) is None)
    if not options:
        return []
    pick = game.ask(Choice("card", ctx.controller, ctx.source.id, options))
    return [st.cards[pick].ref]


def players(ctx: Context, spec: Any) -> list[str]:
    """Player references: ``you``, ``opponent``, ``each`` (turn player first [simultaneous.players]), ``{controller_of: …}``."""
    st = ctx.game.state
    if spec in (None, "you"):
        return [ctx.controller]
    if spec == "opponent":  # one player: with more than one opponent it does not say which (the loader refuses it)
        opponents = st.opponents(ctx.controller)
        if len(opponents) > 1:
            from judge.engine.errors import InvalidInput

            raise InvalidInput("opponent_ambiguous", player=ctx.controller, n=len(opponents), opponents=list(opponents))
        return opponents
    if spec == "each":
        return st.seat_order_from(st.turn)
    if isinstance(spec, dict) and ("controller_of" in spec or "owner_of" in spec):
        refs = cards(ctx, spec.get("controller_of", spec.get("owner_of")))
        out = []
        for r in refs:
            card, old = st.view(r)  # [info.lki]: read from the last time it was where the text expects
            if old and not ctx.game.data.lki_allowed(ctx.game, ctx, r):
                continue  # the game's rules give no last-known information here
            out.append(card.controller if "controller_of" in spec else card.owner)
        return out
    if isinstance(spec, str) and spec in ctx.legal:
        return [o.id for o in ctx.legal[spec] if isinstance(o, PlayerRef)]
    if isinstance(spec, str) and spec in st.players:
        return [spec]
    return []


# --- running steps -------------------------------------------------------------------------------
def run_ops(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """Do each step in text order [effect.text_order]; returns True if every step was fully done."""
    done_all = True
    for op in ops:
        done = run_op(game, ctx, op)
        done_all = done_all and done
    return done_all


def op_key(op: dict[str, Any]) -> str:
    """The operation of a step: its one key that is not a modifier or a text, wherever it stands."""
    return next(k for k in op if k not in MODIFIERS and k not in ("text", "text_en"))


def run_op(game: "Game", ctx: Context, op: dict[str, Any]) -> bool:
    game.spend()
    key = op_key(op)
    if ctx.ignored and _refers_only_to(op, ctx.ignored, set(ctx.legal) - ctx.ignored):
        # [instruction.ignored]: an instruction about targets that are no longer legal is not carried out, nor is
        # an instruction linked to it (one that refers to those targets)
        game.trace.add("ignored", game.data.cite("instruction.ignored"), what=_op_text(game, op, key))
        return False
    handler = game.data.op(key) or _HANDLERS[key]
    if "if_you_do" not in op:
        done = handler(game, ctx, op[key])
    else:  # [effect.if_you_do]: only if all those actions were done; the game's rule says what a replaced one counts as
        made: list[Any] = []
        game.watched.append((game.emit_depth, made))
        try:
            done = handler(game, ctx, op[key])
        finally:
            game.watched.pop()
        replaced = any(ev.replaced for ev in made)
        counts = game.data.if_you_do(done, replaced)
        kind = ("if_you_do_follows" if counts else "if_you_do_replaced") if replaced else \
            ("if_you_do_yes" if counts else "if_you_do_no")
        game.trace.add(kind, game.data.cite("effect.if_you_do"))
        if counts:
            run_ops(game, ctx, op["if_you_do"])
    if "if_not_done" in op:  # [effect.if_not_done]: "if you cannot", the consequence of not doing it
        game.trace.add("if_not_done_yes" if not done else "if_not_done_no", game.data.cite("effect.if_not_done"))
        if not done:
            run_ops(game, ctx, op["if_not_done"])
    return done


def _refers_only_to(op: Any, names: set[str], others: set[str]) -> bool:
    """Does this step refer to some of ``names`` and to none of ``others`` (target slot names)?"""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k not in ("text", "text_en"):
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(op)
    return bool(found & names) and not found & others


def _op_text(game: "Game", op: dict[str, Any], key: str) -> Text:
    """How the trace names a step: its own text, else the word for its operation."""
    if op.get("text"):
        return Text(str(op["text"]), str(op.get("text_en") or op["text"]))
    return game.data.text(f"op_{key}") if f"op_{key}" in game.data.words else Text(key, key)


def _each_card(ctx: Context, spec: Any, act: Callable[[CardRef], bool], cant: str) -> bool:
    refs = cards(ctx, spec)
    if not refs:
        ctx.game.trace.add("cannot", ctx.game.data.cite("effect.text_order"), what=ctx.game.data.text(f"op_{cant}"))
        return False
    results = [act(r) for r in refs]
    ctx.that = refs
    return all(results)


def _on_field(game: "Game", ref: CardRef) -> bool:
    """[effect.field_only]: effects touch cards on the field unless they name another zone."""
    return game.state.is_current(ref) and game.is_field(game.state.cards[ref.id].zone)


def _packet_order(game: "Game", ctx: Context, refs: list[CardRef], spec: dict[str, Any]) -> list[CardRef]:
    """[damage.packet_order]: simultaneous packets: the turn player orders those to their characters, then each next player."""
    from itertools import permutations

    from judge.engine import replacement

    if len(refs) < 2:
        return refs
    st = game.state
    caps = [r for r in replacement.in_force(game)
            if r.prevention and ("shield" in r.spec or "first_each_turn" in r.spec or r.rid.startswith("armor:"))]
    probe = {"amount": 1, "source": ctx.source, "preventable": not spec.get("unpreventable", False), "type": spec.get("type", "")}
    # the order only matters when an effect that runs out could meet these packets
    limited = any(replacement.matches(game, r, events.Event("damage", ref, player=ctx.controller, data=dict(probe)))
                  for r in caps for ref in refs)
    out: list[CardRef] = []
    for p in st.seat_order_from(st.turn):
        mine = [r for r in refs if st.view(r)[0].controller == p]
        if len(mine) > 1 and limited and len(mine) <= 5:
            names = [r.id for r in mine]
            order = game.ask(Choice("order", p, ctx.source.id, tuple(permutations(names)), slot="packets"))
            mine = [mine[names.index(n)] for n in order]
            game.trace.add("packet_order", game.data.cite("damage.packet_order"), player=PlayerRef(p), cards=list(mine))
        out += mine
    return out


def _damage(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.one_shot], [damage.packet]: one damage packet per character: amount, type, combat mark, preventable,
    source, destination."""
    total = 0
    link = ctx.link
    dist = link.distribution.get(spec["to"]) if (link and isinstance(spec["to"], str)) else None
    src = cards(ctx, spec["from"])[:1] if "from" in spec else [ctx.source]
    source = src[0] if src else ctx.source
    targeted = {o for objs in ctx.legal.values() for o in objs}

    def one(ref: CardRef) -> bool:
        nonlocal total
        amount = dist.get(ref, 0) if dist is not None else value(ctx, spec["amount"])
        if not _on_field(game, ref):
            return False
        ev = events.emit(game, events.Event("damage", ref, player=ctx.controller, data={
            "amount": amount, "type": spec.get("type", ""), "source": source, "cites": game.data.cite("effect.one_shot"),
            "combat": bool(spec.get("combat", False)), "preventable": not spec.get("unpreventable", False),
            "targeted": ref in targeted, "link_source": link.source if link is not None else None}))
        if ev is not None:
            total += int(ev.data["amount"])
        return ev is not None

    refs = _packet_order(game, ctx, cards(ctx, spec["to"]), spec)
    if not refs:
        game.trace.add("cannot", game.data.cite("effect.text_order"), what=game.data.text("op_damage"))
        ok = False
    else:
        ok = all([one(r) for r in refs])
        ctx.that = refs
    if "store" in spec:
        ctx.vars[spec["store"]] = total
    return ok


def _repair(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """A repair packet [damage.packet]: replacement effects may change its amount like a damage packet's."""
    link = ctx.link
    src = cards(ctx, spec["from"])[:1] if "from" in spec else [ctx.source]
    targeted = {o for objs in ctx.legal.values() for o in objs}
    return _each_card(ctx, spec["to"], lambda r: events.emit(game, events.Event(
        "repair", r, player=ctx.controller, data={
            "amount": value(ctx, spec["amount"]), "source": src[0] if src else ctx.source, "targeted": r in targeted,
            "link_source": link.source if link is not None else None})) is not None, "repair")


def _destroy(game: "Game", ctx: Context, spec: Any) -> bool:
    return _each_card(ctx, spec, lambda r: _on_field(game, r) and events.emit(game, events.Event(
        "move", r, data={"to": game.data.graveyard, "cause": "destroy", "cites": game.data.cite("effect.one_shot"),
                         "by": ctx.source, "by_player": ctx.controller})) is not None, "destroy")


def _move(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    def one(ref: CardRef) -> bool:
        if not game.state.is_current(ref):
            return False
        return events.emit(game, events.Event("move", ref, player=ctx.controller, data={
            "to": spec["to"], "face_down": spec.get("face") == "down", **({"exhausted": True} if spec.get("exhausted") else {}),
            "controller": ctx.controller if game.is_field(spec["to"]) and spec.get("under") == "you" else None,
            "cites": game.data.cite("effect.move"), "by": ctx.source})) is not None  # a one-shot effect of the link

    return _each_card(ctx, spec["card"], one, "move")


def _flag(kind: str) -> Callable[["Game", Context, Any], bool]:
    def handler(game: "Game", ctx: Context, spec: Any) -> bool:
        return _each_card(ctx, spec, lambda r: _on_field(game, r) and events.emit(
            game, events.Event(kind, r, data={"cites": game.data.cite("effect.one_shot")})) is not None, kind)
    return handler


def draw_cards(game: "Game", player: str, n: int) -> int:
    """Draw ``n`` cards one at a time (each draw is its own event)."""
    drawn = 0
    for _ in range(n):
        game.spend()
        ev = events.emit(game, events.Event("draw", None, player=player))
        if ev is None:
            break
        drawn += 1
    if drawn:
        game.trace.add("draw", game.data.cite("effect.one_shot"), player=PlayerRef(player), amount=drawn)
    return drawn


def _draw(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    ok = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("count", 1))
        ok = draw_cards(game, p, n) == n and ok
    return ok


def _draw_until(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.draw_until]: nothing to do if the limit is already met; otherwise draw until it is met."""
    limit = value(ctx, spec["hand"])
    for p in players(ctx, spec.get("player")):
        have = len(game.state.in_zone("hand", p))
        if have >= limit:
            game.trace.add("draw_until_met", game.data.cite("effect.draw_until"), player=PlayerRef(p), amount=have, limit=limit)
            continue
        draw_cards(game, p, limit - have)
    return True


def _discard(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    total = 0
    for p in players(ctx, spec.get("player")):
        hand = sorted(c.id for c in game.state.in_zone("hand", p))
        if "up_to" in spec:
            top = len(hand) if spec["up_to"] == "all" else min(len(hand), value(ctx, spec["up_to"]))
            sizes = range(0, top + 1)
        else:
            sizes = range(min(len(hand), value(ctx, spec.get("count", 1))), min(len(hand), value(ctx, spec.get("count", 1))) + 1)
        options = subsets(tuple(hand), range(sizes.start, sizes.stop))  # listed, or counted when there are too many
        picked: tuple[str, ...] = game.ask(Choice("discard", p, ctx.source.id, options)) if options else ()
        discarded: list[CardRef] = []
        for cid in picked:  # discarding is its own event: a replacement may send the card elsewhere (its own step)
            ev = events.emit(game, events.Event("move", game.state.cards[cid].ref, player=p, data={"to": game.data.graveyard, "cause": "discard"}))
            if ev is not None and ev.data.get("cause") == "discard":
                discarded.append(ev.card)  # type: ignore[arg-type]
        if discarded or not picked:
            game.trace.add("discard", game.data.cite("effect.discard"), player=PlayerRef(p), cards=discarded,
                           zone=ZoneRef(game.data.graveyard))
        if "as" in spec:  # the cards discarded, for later steps (where they are now)
            ctx.groups.setdefault(str(spec["as"]), []).extend(game.state.cards[c.id].ref for c in discarded)
        total += len(discarded)
    if "store" in spec:
        ctx.vars[spec["store"]] = total
    return "up_to" in spec or total == value(ctx, spec.get("count", 1))


def _counters(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    return _each_card(ctx, spec["card"] if "card" in spec else spec["on"], lambda r: _on_field(game, r) and events.emit(game, events.Event(
        "counters", r, data={"counter": spec.get("kind", "power"), "amount": value(ctx, spec.get("amount", 1))})) is not None, "counters")


def _grant(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.grant]: the card gains an ability; that ability's targets are chosen only when it is used."""
    ability = dict(spec["ability"])
    text = Text(spec.get("text") or ability.get("text", "…"), spec.get("text_en") or ability.get("text_en", ""))

    def one(ref: CardRef) -> bool:
        if not _on_field(game, ref):
            return False
        game.state.cards[ref.id].granted.append(Granted(ability, spec.get("until"), ctx.source.id, game.state.tick()))  # [timestamp.ability]
        until = game.data.text("until_turn") if spec.get("until") == "turn" else Text("")
        game.trace.add("grant", game.data.cite("effect.grant"), card=ref, text=text, until=until)
        if ability.get("targets"):
            game.trace.add("grant_note", game.data.cite("effect.grant_targets"))
        return True

    return _each_card(ctx, spec["to"], one, "grant")


def _create_trigger(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[effect.create_trigger]: a triggered effect, with the source and controller of the link that created it."""
    bindings: dict[str, Obj] = {}
    for name in ("that", "self", *ctx.legal.keys()):
        refs = cards(ctx, name) if name != "that" else (list(ctx.that) or cards(ctx, "that"))
        if refs:
            bindings[name] = refs[0]
    if ctx.that:
        game.trace.add("that", game.data.cite("effect.that"), what=game.data.text("that_unit"), card=ctx.that[0])
    # [effect.create_trigger]: a duration, or "the next time" (once); otherwise it lasts until the game ends
    # [delayed.once]: where the game's rules say a delayed triggered ability triggers only once, that is the default
    once = bool(spec.get("once", game.data.raw.get("delayed_once", False)))
    te = TriggerEffect(ctx.source, ctx.controller, dict(spec), bindings, once=once, until=spec.get("until", "game"))
    game.state.trigger_effects.append(te)
    delayed_ability = ctx.link is not None and ctx.link.kind == "ability"  # [ability.delayed]: an active ability's
    game.trace.add("create_trigger", game.data.cite("effect.create_trigger", *(["ability.delayed"] if delayed_ability else [])), text=Text(spec.get("text", "…"), spec.get("text_en", "")),
                   card=ctx.source, player=PlayerRef(ctx.controller))
    return True


def _change_target(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[target.change]: pick another target, legal from the changed link's controller's view; none → unchanged."""
    from judge.engine import targets as tg

    st = game.state
    for obj in ctx.legal.get(spec["link"], []):
        if not isinstance(obj, LinkRef) or st.link(obj.uid) is None:
            continue
        other = st.link(obj.uid)
        assert other is not None
        slots = tg.all_slots(other)
        if len(slots) != 1 or len(other.targets.get(slots[0].get("name", "target"), [])) != 1:
            game.trace.add("cannot", game.data.cite("target.change"), what=game.data.text("not_single_target"))
            return False
        slot = slots[0]
        name = slot.get("name", "target")
        current = other.targets[name][0]
        options_objs = [o for o in tg.candidates(game, other, slot, {current})]
        if not options_objs:
            game.trace.add("change_target_none", game.data.cite("target.change"), link=obj)
            return False
        by_name = {tg.obj_id(game, o): o for o in options_objs}
        answer = game.ask(Choice("new_target", ctx.controller, ctx.source.id, tuple(sorted(by_name)), slot=name))
        new = by_name[answer]
        other.targets[name] = [new]
        game.trace.add("change_target", game.data.cite("target.change"), player=PlayerRef(ctx.controller), link=obj, targets=[new])
        if isinstance(new, CardRef):  # [target.change]: it triggers what triggers on becoming a target
            events.emit(game, events.Event("targeted", new, player=other.controller, data={"link": other.uid}))
    return True


def _interrupt(game: "Game", ctx: Context, spec: Any) -> bool:
    """[interrupt]: interrupt the targeted link(s)."""
    from judge.engine.resolution import interrupt

    done = False
    for obj in ctx.legal.get(spec, []):
        if isinstance(obj, LinkRef):
            other = game.state.link(obj.uid)
            if other is not None and (ctx.link is None or other.uid != ctx.link.uid):  # [interrupt]: not itself
                interrupt(game, other, by_game=False)
                done = True
    return done


def _feasible(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[effect.may]: a player may choose to do the actions only if they can do all of them."""
    for op in ops:
        key = op_key(op)  # key order never matters: `{text: …, discard: …}` is checked like `{discard: …, text: …}`
        spec = op[key]
        if key == "discard":
            for p in players(ctx, spec.get("player")):
                if len(game.state.in_zone("hand", p)) < value(ctx, spec.get("count", 1)):
                    return False
        elif key == "pay":
            if game.state.pools.get(ctx.controller, 0) < value(ctx, spec):
                return False
        elif key in ("ready", "exhaust", "destroy"):
            refs = cards(ctx, spec)
            if not refs or not all(_on_field(game, r) for r in refs):
                return False
            if key == "ready" and all(not game.state.cards[r.id].exhausted for r in refs):
                return False
            if key == "exhaust" and all(game.state.cards[r.id].exhausted for r in refs):
                return False
        elif key == "move":
            if not any(game.state.is_current(r) for r in cards(ctx, spec["card"])):
                return False
    return True


def _may(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[trigger.may] / [effect.may]: an optional part, decided on resolution; only if all of it can be done."""
    trig = ctx.link is not None and ctx.link.kind in ("trigger", "effect")
    cites = game.data.cite("trigger.may", "effect.may") if trig else game.data.cite("effect.may")
    if not _feasible(game, ctx, ops):
        game.trace.add("may_unable", game.data.cite("effect.may"), player=PlayerRef(ctx.controller))
        return False
    if game.loop_refuse == ctx.controller:  # [loop.optional]: they cannot choose to continue the loop
        game.loop_refuse = None
        game.trace.add("loop_refused", game.data.cite("loop.optional"), player=PlayerRef(ctx.controller))
        yes = False
    else:
        yes = bool(game.ask(Choice("may", ctx.controller, ctx.source.id, (False, True))))
    game.trace.add("may_yes" if yes else "may_no", cites, player=PlayerRef(ctx.controller))
    if not yes:
        return False
    return run_ops(game, ctx, ops)


def _pay(game: "Game", ctx: Context, spec: Any) -> bool:
    n = value(ctx, spec)
    pool = game.state.pools.get(ctx.controller, 0)
    if pool < n:
        return False
    game.state.pools[ctx.controller] = pool - n
    game.trace.add("pay", game.data.cite("effect.may"), player=PlayerRef(ctx.controller), detail=Text(f"({n})"))
    return True


def _if(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    cond = spec["cond"]
    ok = _condition(game, ctx, cond)
    return run_ops(game, ctx, spec.get("then" if ok else "else") or [])


def test_condition(game: "Game", ctx: Context, cond: dict[str, Any]) -> bool:
    """A condition's truth without a trace step (trigger conditions checked as the game goes on)."""
    from judge.engine.targets import matches_filter

    (kind, arg), = cond.items()
    if kind in ("gte", "lte", "eq"):
        a, b = (value(ctx, v) for v in arg)
        return {"gte": a >= b, "lte": a <= b, "eq": a == b}[kind]
    if kind == "matches":
        refs = read_refs(ctx, arg["card"], cards(ctx, arg["card"]))
        card = game.state.view(refs[0])[0] if refs else None
        return card is not None and matches_filter(game, card, resolve_names(ctx, arg.get("filter") or {}), ctx.controller,
                                                   ctx.link) is None
    if kind == "hand_empty":  # the player has no card in hand
        return all(not game.state.in_zone("hand", p) for p in players(ctx, arg))
    if kind == "played":  # [play.finalized]: what a player has played this turn
        from judge.engine.history import condition

        return condition(game, ctx, arg)
    if kind == "first_played":  # [play.finalized]: the card is the first card its player played this turn
        from judge.engine.history import first

        return any(first(game, r.id) for r in cards(ctx, arg))
    if kind == "not":
        return not test_condition(game, ctx, arg)
    if kind in ("all", "any"):  # several conditions, all of them or at least one
        results = [test_condition(game, ctx, c) for c in arg]
        return all(results) if kind == "all" else any(results)
    own = game.data.condition(game, ctx, kind, arg)  # a condition of the game's own kind
    if own is None:
        raise ValueError(f"unknown condition {kind!r}")
    return own


def _condition(game: "Game", ctx: Context, cond: dict[str, Any]) -> bool:
    (kind, arg), = cond.items()
    if kind == "targeted":  # [effect.if_targeted]: only a target the link legally has as it resolves counts
        wanted = cards(ctx, arg)
        legal = [o for objs in ctx.legal.values() for o in objs]
        hit = bool(wanted) and any(w in legal for w in wanted)
        game.trace.add("if_targeted_yes" if hit else "if_targeted_no", game.data.cite("effect.if_targeted"),
                       card=wanted[0] if wanted else CardRef(str(arg), 0))
        return hit
    if kind not in ("gte", "lte", "eq"):  # does the card fit the description (with words a step named)? no hand? …
        ok = test_condition(game, ctx, cond)
        what = game.data.text(f"cond_{kind}") if f"cond_{kind}" in game.data.words else Text(kind, kind)
        game.trace.add("condition", game.data.cite("effect.text_order"), what=what, amount=ok)
        return ok
    if kind in ("gte", "lte", "eq"):
        a, b = (value(ctx, v) for v in arg)
        ok = {"gte": a >= b, "lte": a <= b, "eq": a == b}[kind]
        game.trace.add("condition", game.data.cite("effect.text_order"), what=Text(f"{a} {kind} {b}"), amount=ok)
        return ok
    raise ValueError(f"unknown condition {kind!r}")


def _each_player(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """[simultaneous.players]: choices made at the same time: the turn player first, then clockwise."""
    order = game.state.seat_order_from(game.state.turn)
    game.trace.add("each_player", game.data.cite("simultaneous.players"), players=[PlayerRef(p) for p in order])
    ok = True
    for p in order:
        sub = Context(game, ctx.link, p, ctx.source, ctx.bindings, ctx.legal, ctx.vars, ctx.that, ctx.read, ctx.names, ctx.groups)
        ok = run_ops(game, sub, ops) and ok
    return ok


def _modify(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[continuous.from_link]: a continuous effect from the resolving link (power/health/armor, set, cannot …)."""
    from judge.engine import continuous

    return continuous.create(game, ctx, spec)


def _replace_op(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[replacement.created]: a replacement effect from the resolving link."""
    from judge.engine import replacement

    return replacement.create(game, ctx, spec, prevention=False)


def _prevent_op(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """[prevention.created]: a prevention effect from the resolving link."""
    from judge.engine import replacement

    return replacement.create(game, ctx, spec, prevention=True)


def _for_each(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """Do the steps once per card, with ``it`` (or ``as``) naming that card."""
    ok = True
    name = spec.get("as", "it")
    for ref in cards(ctx, spec["cards"]):
        sub = Context(game, ctx.link, ctx.controller, ctx.source, {**ctx.bindings, name: ref}, ctx.legal, ctx.vars, [], ctx.read,
                      ctx.names, ctx.groups)
        ok = run_ops(game, sub, list(spec["do"])) and ok
    return ok


def _create(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """Put a token onto the field under a player's control; it enters like a card [enter]."""
    who = players(ctx, spec.get("under", "you"))
    ok = False
    for p in who:
        ev = events.emit(game, events.Event("create", None, player=p, data={"token": dict(spec["token"]), "source": ctx.source,
                                                                          "id": spec.get("id")}))
        ok = ok or ev is not None
    return ok


def _reflexive(game: "Game", ctx: Context, branches: list[dict[str, Any]]) -> bool:
    """[trigger.reflexive]: each branch whose condition holds now is a triggered ability of this link's source and
    controller, waiting to go on the chain like any other (its controller orders them)."""
    from judge.engine.state import Waiting
    from judge.engine.triggers import _wait as wait

    made = []
    for b in branches:
        if "if" in b and not test_condition(game, ctx, b["if"]):
            continue
        text = {"kind": "triggered", **{k: v for k, v in b.items() if k != "if"}}
        wait(game, Waiting("trigger", ctx.source, ctx.controller, text, dict(ctx.bindings)))
        made.append(Text(str(b.get("text", "…")), str(b.get("text_en") or b.get("text", "…"))))
    game.trace.add("reflexive", game.data.cite("trigger.reflexive"), card=ctx.source, text=made)
    return bool(made)


def _cannot_play(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    from judge.engine.history import restrict

    return restrict(game, ctx, spec)


def _next_cost(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    from judge.engine.costs import next_cost

    return next_cost(game, ctx, spec)


_HANDLERS: dict[str, Callable[["Game", Context, Any], bool]] = {  # the operations of the effect language
    "damage": _damage,
    "repair": _repair,
    "destroy": _destroy,
    "move": _move,
    "ready": _flag("ready"),
    "exhaust": _flag("exhaust"),
    "draw": _draw,
    "draw_until": _draw_until,
    "discard": _discard,
    "counters": _counters,
    "grant": _grant,
    "create_trigger": _create_trigger,
    "change_target": _change_target,
    "interrupt": _interrupt,
    "may": _may,
    "pay": _pay,
    "if": _if,
    "each_player": _each_player,
    "modify": _modify,
    "replace": _replace_op,
    "prevent": _prevent_op,
    "for_each": _for_each,
    "create": _create,
    "reflexive": _reflexive,
    "cannot_play": _cannot_play,
    "next_cost": _next_cost,
}
from judge.engine.actions import HANDLERS as _ACTIONS  # noqa: E402  (actions builds on the helpers above)

_HANDLERS.update(_ACTIONS)
OPS = tuple(_HANDLERS)
