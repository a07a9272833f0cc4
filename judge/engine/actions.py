"""One-shot actions on players and cards beyond damage and moves: life, sacrifice, naming a word, revealing cards,
and redirecting an attack. Each is a step of the effect language (registered in ``effects``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.effects import Context, cards, players, value
from judge.engine.refs import CardRef, PlayerRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game


def _life(gain: bool) -> Callable[["Game", Context, dict[str, Any]], bool]:
    """A player gains or loses life: an event, so replacement effects can change it and abilities trigger on it."""

    def handler(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
        ok = True
        for p in players(ctx, spec.get("player")):
            amount = value(ctx, spec.get("amount", 1))
            ev = events.emit(game, events.Event("gain_life" if gain else "lose_life", None, player=p, data={
                "amount": amount, "source": ctx.source, "cites": game.data.cite("effect.one_shot")}))
            ok = ev is not None and ok
        return ok

    return handler


def _sacrifice(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """The player chooses cards they control on the field that fit the description and puts them into their owners'
    graveyard zone; a player who controls none cannot make that choice [effect.may], so it is not done."""
    from judge.engine.targets import matches_filter

    st = game.state
    done = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("count", 1))
        mine = sorted(c.id for c in st.cards.values() if game.is_field(c.zone) and c.controller == p
                      and matches_filter(game, c, spec.get("filter") or {}, p, ctx.link) is None)
        if len(mine) < n or n < 1:
            game.trace.add("sacrifice_none", game.data.cite("effect.may"), player=PlayerRef(p))
            done = False
            continue
        from itertools import combinations

        picked = game.ask(Choice("sacrifice", p, ctx.source.id, tuple(combinations(mine, n)))) if len(mine) > n else tuple(mine)
        for cid in picked:
            events.emit(game, events.Event("move", st.cards[cid].ref, player=p, data={
                "to": game.data.graveyard, "cause": "sacrifice", "cites": game.data.cite("effect.sacrifice")}))
        ctx.that = [CardRef(cid, st.cards[cid].inc - 1) for cid in picked]
    return done


def _name(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """The controller names a word of a kind (a card type of the game), stored under ``store`` for later steps."""
    kind = spec.get("kind", "type")
    options = tuple(game.data.types) if kind == "type" else tuple(spec.get("options") or ())
    if kind == "card":  # [effect.name]: a card's name: the names of the cards in the game fitting the description
        from judge.engine.targets import matches_filter

        flt = spec.get("filter") or {}
        options = tuple(sorted({c.name.get("zh", c.id) for c in game.state.cards.values()
                                if matches_filter(game, c, flt, ctx.controller, None) is None}))
    word = str(game.ask(Choice("name", ctx.controller, ctx.source.id, options)))
    ctx.names[str(spec.get("store", "named"))] = word
    shown = Text(game.data.type_name(word, "zh"), game.data.type_name(word, "en")) if kind == "type" else Text(word, word)
    game.trace.add("named", game.data.cite("effect.name"), player=PlayerRef(ctx.controller), what=shown)
    return True


def _reveal(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """Each named player reveals the top cards of their deck (in turn order when several do it together
    [simultaneous.players]); they are gathered under ``as`` for later steps."""
    st = game.state
    group = ctx.groups.setdefault(str(spec.get("as", "revealed")), [])
    ok = True
    for p in players(ctx, spec.get("player")):
        n = value(ctx, spec.get("top", 1))
        deck = [c for c in st.cards.values() if c.zone == "deck" and c.owner == p][:n]
        if len(deck) < n:
            ok = False
        refs = [c.ref for c in deck]
        group.extend(refs)
        game.trace.add("reveal", game.data.cite("effect.reveal"), player=PlayerRef(p), cards=refs)
    return ok


def _redirect_attack(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """An attacking unit now attacks another card [combat.redirect]; what applied only while it attacked the first
    one stops applying (its condition no longer holds)."""
    st = game.state
    combat = st.combat
    attackers = cards(ctx, spec["attacker"])
    to = cards(ctx, spec["to"])
    if not combat or not attackers or not to or combat.get("attacker") != attackers[0] or not st.is_current(to[0]):
        game.trace.add("cannot", game.data.cite("effect.text_order"), what=game.data.text("op_redirect"))
        return False
    from judge.engine.continuous import in_force

    was_attacked = combat.get("defender")
    conditional = any((e.cond or {}).get("attacks") and e.source == was_attacked for e in in_force(game))
    combat["defender"] = to[0]
    game.chars_cache.clear()
    # [continuous.while]: an effect that applied only while it attacked the first card stops applying
    game.trace.add("attack_redirected", game.data.cite("combat.redirect", *(["continuous.while"] if conditional else [])),
                   card=attackers[0], target=to[0])
    return True


HANDLERS: dict[str, Callable[["Game", Context, Any], bool]] = {
    "gain_life": _life(True),
    "lose_life": _life(False),
    "sacrifice": _sacrifice,
    "name": _name,
    "reveal": _reveal,
    "redirect_attack": _redirect_attack,
}
