"""崛起 TCG's own rules where the engine's shared behaviour is not enough: continuous effects in timestamp order
with dependency (718, 719), who orders replacement effects on damage packets (717.3), armor (717.2c), and the
lethal-damage check before priority."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import dependency, triggers
from judge.engine.replacement import PACKETS, ReplEffect
from judge.engine.ruleset import Cites, Ruleset

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game
    from judge.engine.state import Card


class RiseRules(Ruleset):
    """崛起 TCG 综合性规则 1.00 版."""

    def order_continuous(self, game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
        # 718.1: timestamp order; 718.3: effects with one timestamp; 719.1–719.3: dependency
        return dependency.order_effects(game, effs, card, base)

    def replacement_chooser(self, game: "Game", ev: "Event", cands: list[ReplEffect]) -> tuple[str, list[ReplEffect], Cites]:
        if ev.kind not in PACKETS:
            return super().replacement_chooser(game, ev, cands)  # 716.1b: the affected side
        up = [r for r in cands if r.increases(ev)]
        if len(up) >= 2:  # 717.3a: effects that would increase the packet: its controller picks among them
            return str(ev.player), up, self.cite("replacement.increase_chooser")
        assert ev.card is not None
        dest, _ = game.state.view(ev.card)
        return dest.controller, cands, self.cite("replacement.packet_chooser")  # 717.3b: the destination's controller

    def implicit_replacements(self, game: "Game") -> list[ReplEffect]:
        """717.2c: an armor value prevents damage: an equipment's (not exhausted) for the character it is attached to,
        exhausted to use it; a unit's own armor for itself."""
        from judge.engine import continuous

        st = game.state
        out: list[ReplEffect] = []
        armor_changed = any("armor" in e.writes() for e in continuous.in_force(game))
        for card in st.field_cards():
            if card.armor and not self.is_unit(card.type) and card.attached_to:
                host = st.cards.get(card.attached_to)
                # 717.2c: "除非特别说明，所有指挥官（且仅有指挥官）可以装备护甲"; an armor not exhausted, value ≥ 1
                if host is not None and host.type in card.armor_for and not card.exhausted and game.chars(card)["armor"]:
                    out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "attached"},
                                          self.text("armor_value", n=game.chars(card)["armor"]), optional=True, ts=card.ts))
            elif self.is_unit(card.type) and (card.armor is not None or armor_changed) and (game.chars(card)["armor"] or 0) >= 1:
                out.append(ReplEffect(f"armor:{card.id}", card.ref, card.controller, {"event": "damage", "to": "self"},
                                      self.text("armor_value", n=game.chars(card)["armor"]), ts=card.ts))
        return out

    def state_checks(self, game: "Game") -> bool:
        # Units with lethal damage are destroyed: a rule outside this document (the rules of damage are not in it)
        return triggers.lethal_check(game, self.cite("state.lethal"))


RULESET = RiseRules
