"""Combat, as far as effects need it: a unit attacks [combat.attack] (unless a rule effect says it cannot), attacker
and defender deal combat damage at the same time [combat.damage], combat ends [combat.end]; an attack redirected to
another card [combat.redirect]; the ``attacks`` trigger and the ``attacking`` conditions of continuous effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, cards
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import Bool, Const, Either, Enum, Field, Map, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.references import CARDS
from judge.engine.refs import PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game

ATTACKED = "combat_attacked"  # GameState.ext: the units that have attacked in the combat going on (kept while units move)
MECHANISM = Mechanism("combat", "attacks, combat damage, redirected attacks", requires=("actions", "continuous", "damage"))
M = MECHANISM


@M.declare("action", "attack", Ref("card_id"), doc="a unit on the field attacks (target: the card or player attacked)",
           rules=("combat.attack", "continuous.locked", "continuous.from_ability"), phrases=("attack", "attack_forbidden", "attacked_forbidden"),
           extra={"siblings": {"target": Field(Ref("thing_id"), "what it attacks: a card or a player")}})
def act_attack(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    from judge.engine.mechanisms import continuous

    st = game.state
    cid = action["attack"]
    card = st.cards[cid]
    target = action.get("target")
    if not game.is_field(card.zone):
        raise InvalidInput("attack_off_field", path + ("attack",), card=cid)
    game.pass_until(card.controller)
    why = continuous.forbidden(game, card, "attack")
    if why is not None:  # a rule effect says it cannot attack
        game.trace.add("attack_forbidden", game.data.cite("continuous.locked" if why.origin == "link" else "continuous.from_ability"),
                       card=card.ref, text=why.text)
        return
    if target in st.cards and _evades(game, card.ref, st.cards[target]):
        return
    defender = st.cards[target].ref if target in st.cards else None
    before: set[Any] = st.ext.setdefault(ATTACKED, set())  # the units that attacked earlier in this combat
    first = card.ref not in before
    before.add(card.ref)
    st.combat = {"attacker": card.ref, "defender": defender}
    game.trace.add("attack", game.data.cite("combat.attack"), card=card.ref, target=defender if defender else PlayerRef(str(target)))
    events.emit(game, events.Event("attacks", card.ref, player=card.controller,
                                   data={"defender": defender, "first": first}))
    if defender is not None:  # the unit attacked defends ("当我进攻或防守时")
        events.emit(game, events.Event("defends", defender, player=st.cards[defender.id].controller, data={"attacker": card.ref}))
    game.give_priority(st.turn, ())


M.word("cannot", "be_attacked", Bool(), doc="it cannot be attacked")


def _evades(game: "Game", attacker: Any, card: Any) -> bool:
    """A rule effect says ``card`` cannot be attacked (崛起's 闪避: 不能被攻击): the step that says so is traced."""
    from judge.engine.mechanisms import continuous

    shield = continuous.forbidden(game, card, "be_attacked")
    if shield is not None:
        game.trace.add("attacked_forbidden", game.data.cite("continuous.from_ability"), card=attacker, target=card.ref,
                       text=shield.text)
    return shield is not None
M.word("cannot", "have_combat_damage_prevented", Bool(),
       doc="the combat damage it deals cannot be prevented (威尔逊舰长造成的战斗损伤不能被防止)")


def _unpreventable(game: "Game", src: Any) -> bool:
    """A rule effect in force says the source's combat damage cannot be prevented (an ability it has not lost, its
    while: holding), read as the damage is dealt."""
    from judge.engine.mechanisms import continuous

    return game.state.is_current(src) and continuous.forbidden(game, game.state.cards[src.id],
                                                                "have_combat_damage_prevented") is not None


@M.declare("action", "combat_damage", Const(True), doc="attacker and defender deal combat damage equal to their power, at "
                                                        "the same time", rules=("combat.damage", "prevention.unpreventable"))
def act_combat_damage(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    st = game.state
    if not st.combat or st.combat.get("defender") is None:
        raise InvalidInput("no_combat", path)
    a, d = st.combat["attacker"], st.combat["defender"]
    packets = [(a, d), (d, a)]
    order = st.seat_order_from(st.turn)
    packets.sort(key=lambda p: order.index(st.view(p[1])[0].controller))  # [combat.damage]: turn player's characters first
    amounts = {src: int(game.chars(st.cards[src.id])["power"] or 0) for src, _ in packets if st.is_current(src)}
    sure = {src for src in amounts if _unpreventable(game, src)}  # its combat damage cannot be prevented
    with game.batch():  # dealt at the same time: one "next time" [replacement.next]
        for src, dst in packets:
            if src in amounts and st.is_current(dst) and amounts[src] > 0:
                events.emit(game, events.Event("damage", dst, player=st.view(src)[0].controller, data={
                    "amount": amounts[src], "type": st.view(src)[0].damage_type or "", "source": src, "combat": True,
                    "preventable": src not in sure, "cites": game.data.cite("combat.damage", *(
                        ("prevention.unpreventable",) if src in sure else ()))}))
    game.give_priority(st.turn, ())


@M.declare("action", "end_combat", Const(True), doc="combat ends: until-end-of-combat effects end", rules=("combat.end",),
           phrases=("end_combat",))
def act_end_combat(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    game.state.combat = None
    game.state.ext.pop(ATTACKED, None)  # a new combat: no unit has attacked in it yet
    for ended in game.data.vocab.hooks("combat.end"):  # what lasts "until the end of combat" ends
        ended(game)
    game.trace.add("end_combat", game.data.cite("combat.end"))


@M.declare("step", "redirect_attack", Map({"attacker": CARDS, "to": CARDS}, required=("attacker", "to")),
           doc="the attacking unit now attacks another card", rules=("combat.redirect", "continuous.while",
                                                                    "continuous.from_ability"),
           phrases=("attack_redirected", "cannot", "attacked_forbidden"))
def redirect_attack(game: "Game", ctx: Context, spec: dict[str, Any]) -> bool:
    """An attacking unit now attacks another card [combat.redirect]; what applied only while it attacked the first
    one stops applying (its condition no longer holds)."""
    from judge.engine.mechanisms.continuous import in_force

    st = game.state
    combat = st.combat
    attackers = cards(ctx, spec["attacker"])
    to = cards(ctx, spec["to"])
    if not combat or not attackers or not to or combat.get("attacker") != attackers[0] or not st.is_current(to[0]):
        game.trace.add("cannot", game.data.cite("effect.text_order"), what=game.data.text("op_redirect"))
        return False
    if _evades(game, attackers[0], st.cards[to[0].id]):  # the attack is not redirected onto it
        return False
    was_attacked = combat.get("defender")
    conditional = any((e.cond or {}).get("attacks") and e.source == was_attacked for e in in_force(game))
    combat["defender"] = to[0]
    game.chars_cache.clear()
    # [continuous.while]: an effect that applied only while it attacked the first card stops applying
    game.trace.add("attack_redirected", game.data.cite("combat.redirect", *(["continuous.while"] if conditional else [])),
                   card=attackers[0], target=to[0])
    return True


M.hook("apply:attacks")(events.nothing)
M.hook("apply:defends")(events.nothing)
M.word("event", "defends", events.TRIGGER, events.kind_is("defends"), doc="a unit is attacked: it defends",
       extra={"keys": frozenset({"event", "card", "player", "if"})})
M.word("event", "attacks", events.TRIGGER, events.kind_is("attacks"), doc="a unit attacks (first: only its first time "
       "this combat)", extra={"keys": frozenset({"event", "card", "player", "if", "first"})})


@M.hook("turn.end", order=14)
def _end_turn(game: "Game") -> None:
    game.state.ext.pop(ATTACKED, None)  # the turn's combats are over


def _match_first(game: "Game", spec: Any, ev: events.Event, *rest: Any) -> bool:
    """``first: true`` of an attack: the unit had not attacked before in this combat (「每場戰鬥首次獲得進攻方身分」)."""
    return bool(ev.data.get("first")) == bool(spec)


M.word("when", "first", Bool(), _match_first, doc="attacks: only the first time this combat the unit attacks")


# --- "while it attacks": conditions of continuous effects (the effect's source is self, the card it affects it) -------
@M.declare("condition", "attacking", Either(Const(True), Enum(("self",))), doc="while: the card it affects is attacking "
           "(true), or its source is (self)", extra={"needs": "while"})
def _attacking(game: "Game", ctx: Context, who: Any) -> bool:
    combat = game.state.combat or {}
    ref = ctx.source if who == "self" else ctx.bindings.get("it")
    return combat.get("attacker") == ref


@M.declare("condition", "attacks", Enum(("self",)), doc="while: the card it affects attacks the effect's source",
           extra={"needs": "while"})
def _attacks(game: "Game", ctx: Context, arg: Any) -> bool:
    combat = game.state.combat or {}
    return combat.get("attacker") == ctx.bindings.get("it") and combat.get("defender") == ctx.source
