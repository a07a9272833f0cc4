"""崛起 TCG's own policies where the shared mechanisms leave a decision to the game: continuous effects in timestamp
order with dependency (718, 719) and who orders replacement effects on damage packets (717.3). Its armor (717.2c) and
its lethal-damage check are mechanisms it lists in its data (``armor``, ``lethal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.mechanisms import dependency
from judge.engine.mechanisms.replacement import PACKETS, ReplEffect
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


RULESET = RiseRules
