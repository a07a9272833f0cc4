"""The Three-Kingdoms TCG's own rules where the engine's shared behaviour is not enough: continuous effects apply in
the layers of 416.5a; an effect a resolving card or ability creates fixes the set of objects whose characteristics it
changes (416.3b); self-replacement effects apply first, then the affected side chooses (417.6c, 417.9a); redirected
damage does nothing when the other unit has gone (417.6b); only quick cards are used outside one's own turn or in
response (407.1d); the state-based effects of 418.5."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import cards
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.loops import GameOver
from judge.engine.mechanisms.replacement import ReplEffect, instead_context
from judge.engine.refs import PlayerRef
from judge.engine.ruleset import Cites, Ruleset

if TYPE_CHECKING:
    from judge.engine.mechanisms.continuous import ContEffect
    from judge.engine.events import Event
    from judge.engine.game import Game
    from judge.engine.state import Card

TYPE_LAYER, OTHER_LAYER, POWER_LAYER = 4, 5, 6  # 416.5a (4) 類別、副類別、所屬, (5) 其它, (6) 戰力或生命
_CHARACTERISTICS = ("power", "health", "armor", "set", "type", "subtypes", "add_subtypes", "lose_abilities")


def _parts(eff: "ContEffect") -> list[tuple[int, "ContEffect"]]:
    """The effect split into the layers it acts in (416.5a): each part does only that layer's changes."""
    out: list[tuple[int, "ContEffect"]] = []
    if eff.kinds.get("type") or "subtypes" in eff.kinds or "add_subtypes" in eff.kinds:
        out.append((TYPE_LAYER, replace(eff, add={}, set={}, cannot=[],
                                        kinds={k: v for k, v in eff.kinds.items() if k != "lose_abilities"})))
    if eff.kinds.get("lose_abilities") or eff.cannot:
        out.append((OTHER_LAYER, replace(eff, add={}, set={}, kinds={"lose_abilities": True} if eff.kinds.get("lose_abilities") else {})))
    if eff.add or eff.set:
        out.append((POWER_LAYER, replace(eff, cannot=[], kinds={})))
    return out


def _rank(layer: int, eff: "ContEffect") -> tuple[int, int]:
    """Within a layer, effects of characteristic-defining abilities first; within the power/health layer, changes
    from counters last (416.5a); the rest in the order they began."""
    if eff.cda:
        return (0, 0)
    if layer == POWER_LAYER and eff.origin == "counters":
        return (2, 0)
    return (1, 0)


class SanguoRules(Ruleset):
    """三國 TCG 綜合規則（四、卡牌、技能、效果）."""

    def order_continuous(self, game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
        # 416.5a: from the object's original state, the effects apply layer by layer; within a layer, those of
        # characteristic-defining abilities first (and, for power and health, counters last); 405.1: where two
        # effects change the same thing, the latest prevails, so the rest apply in the order they began
        parts = [(layer, part) for e in sorted(effs, key=lambda e: (e.ts, e.order)) for layer, part in _parts(e)]
        parts.sort(key=lambda lp: (lp[0], _rank(lp[0], lp[1]), lp[1].ts, lp[1].order))
        from judge.engine.mechanisms.continuous import note_reordered

        # 416.5a, said once per card when the layers change the order; 404.2: a characteristic-defining ability's
        # effect goes first in its layer
        note_reordered(game, card, [p for _, p in parts], base,
                       lambda touching: self.cite("layer.order", *(["layer.cda"] if any(p.cda for p in touching) else [])))
        return [(part, f"layer_{layer}", []) for layer, part in parts]

    def locks_affected(self, spec: dict[str, Any]) -> bool:
        # 416.3b: an effect a card or ability creates as it resolves that changes characteristics (or control) affects
        # only the objects it affected when it began; one that changes no characteristic changes the rules instead,
        # and also applies to objects that come later
        return bool(spec.get("lock")) or any(k in spec for k in _CHARACTERISTICS)

    def replacement_chooser(self, game: "Game", ev: "Event", cands: list[ReplEffect]) -> tuple[str, list[ReplEffect], Cites]:
        # a self-replacement effect: one a card or ability makes for what it itself does (its own event, or an event
        # of the card it is)
        own = [r for r in cands if r.self_replacing and (ev.data.get("by") == r.source
                                                         or (ev.card is not None and r.source.id == ev.card.id))]
        if own:  # 417.6c, 417.9a: self-replacement effects apply before the others
            card, _ = game.state.view(ev.card)  # type: ignore[arg-type]
            return card.controller, own, self.cite("replacement.self_first")
        return super().replacement_chooser(game, ev, cands)  # 417.9a: the affected object's controller, or player


RULESET = SanguoRules

MECHANISM = Mechanism("sanguo.rules", "redirected damage (417.6b), quick cards (407.1d), the state-based effects of 418.5",
                      requires=("replacement", "history", "moves", "life"))
M = MECHANISM


@M.hook("replacement.matches")
def _redirected(game: "Game", r: ReplEffect, ev: "Event") -> bool:
    # 417.6b: 轉嫁傷害 — damage to a unit or hero dealt instead to another one, the same amount: if, as it would be
    # redirected, that one is no longer on the battlefield or no longer a unit (or hero), the effect does nothing
    steps = r.spec.get("instead") or []
    if ev.kind != "damage" or len(steps) != 1 or (steps[0].get("damage") or {}).get("amount") != {"event": "amount"}:
        return True
    takers = cards(instead_context(game, r, ev), steps[0]["damage"]["to"])
    return bool(takers) and all(_takes_damage(game, ref) for ref in takers + [ev.card])


def _takes_damage(game: "Game", ref: Any) -> bool:
    """The object is still on the battlefield and, if it was a unit or a hero, still is one (417.6b; a 主將 the
    damage is redirected from or to is not held to the second part)."""
    if ref is None or not game.state.is_current(ref):
        return False
    card = game.state.cards[ref.id]
    was, now = card.type, game.chars(card)["type"]
    return game.is_field(card.zone) and not ((game.data.is_unit(was) or was == "hero") and not (game.data.is_unit(now) or now == "hero"))


@M.hook("ability.usable")
def _quick_only(game: "Game", card: "Card", ability: dict[str, Any]) -> str | None:
    # 407.1d: a card other than a quick one (快速錦囊) is used only in its player's own turn, with the stack empty
    # (the model has no phases: the turn stands for its action phase); 409.1: triggers are never "used"
    if ability is card.play and card.zone == "chain" and "quick" not in card.status \
            and (game.state.turn != card.controller or game.state.chain):
        return "not_quick"
    return None


@M.hook("state.checks")
def _state_effects(game: "Game") -> bool:
    """418.3: every state-based effect that applies is handled as one event; repeated until none applies."""
    st = game.state
    happened = False
    while True:
        losers = [p for p in st.players if st.life.get(p) is not None and int(st.life[p] or 0) <= 0]
        units = [c for c in st.field_cards() if game.data.is_unit(game.chars(c)["type"])]
        no_health = [c for c in units if game.chars(c)["health"] is not None and game.chars(c)["health"] <= 0]
        lethal = [c for c in units if c not in no_health and game.chars(c)["health"] is not None
                  and c.damage >= game.chars(c)["health"]]
        back = [c for c in st.cards.values() if "reinforcement" in c.status
                and c.zone not in ("chain", "reinforcements") and not game.is_field(c.zone)]
        if not (losers or no_health or lethal or back):
            return happened
        happened = True
        if losers:  # 418.5a: a player with 0 life or less loses the game
            st.result = f"lose:{losers[0]}"
            game.trace.add("player_loses", game.data.cite("state.lose"), player=PlayerRef(losers[0]))
            raise GameOver(st.result)
        with game.batch():  # 418.3: handled as a single event
            for c in no_health:  # 418.5b: a unit with 0 health or less goes to its owner's graveyard
                events.emit(game, events.Event("move", c.ref, data={"to": game.data.graveyard, "cause": "state",
                                                                     "cites": game.data.cite("state.check", "state.zero_health")}))
            for c in lethal:  # 418.5c: a unit with health above 0 and lethal damage is destroyed
                events.emit(game, events.Event("move", c.ref, data={"to": game.data.graveyard, "cause": "lethal",
                                                                     "cites": game.data.cite("state.check", "state.lethal")}))
            for c in back:  # 418.5d: a reinforcement unit that left the battlefield goes back to the pile
                events.emit(game, events.Event("move", c.ref, data={"to": "reinforcements", "cause": "move",
                                                                     "cites": game.data.cite("state.check", "state.reinforcement")}))
