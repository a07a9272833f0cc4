"""The loop detector (803) fed repeating states directly.

803.5 cannot arise from a scenario in this engine's model: the detector only watches `resolve_all`, where every
player passes, and without triggered abilities or effects nothing adds a link while players pass, so each resolution
makes the chain one link shorter and no state can repeat. These tests feed the detector a repeating state by hand.
"""

from __future__ import annotations

import pytest

from judge.engine.choice import Choice, FirstOption
from judge.engine.mechanisms.loops import Detector, GameOver
from judge.engine.refs import PlayerRef
from judge.engine.trace import LinkInfo
from judge.scenario.loader import load_text
from judge.scenario.runner import build_game

BOARD = """game: rise
title: t
players: [{id: you}, {id: opp}]
turn: you
cards:
  a: {name: A, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
  b: {name: B, owner: opp, zone: units, type: reinforcement, power: 1, health: 1}
expect: [{result: none}]
"""


class Recorder(FirstOption):
    def __init__(self) -> None:
        self.asked: list[Choice] = []

    def choose(self, choice: Choice) -> object:
        self.asked.append(choice)
        return choice.options[0]


def _cycle(kinds: list[str], optional: bool = False) -> tuple[object, Recorder, Detector]:
    """A game whose state is seen, then one cycle of links of these kinds resolves and the same state comes back."""
    chooser = Recorder()
    game = build_game(load_text(BOARD, "<loop>"), chooser)
    det = Detector(game)
    assert det.step() is False  # the state is seen for the first time
    for uid, kind in enumerate(kinds, start=100):
        source = "a" if uid % 2 == 0 else "b"
        game.trace.links[uid] = LinkInfo(uid, kind, source, "you" if source == "a" else "opp")
        game.resolved.append((uid, source, "resolved"))
        if optional:
            game.trace.add("may_yes", (), player=PlayerRef("you"))
    return game, chooser, det


def test_803_5_a_loop_without_optional_actions_or_triggers_is_a_draw() -> None:
    game, chooser, det = _cycle(["ability", "card"])
    with pytest.raises(GameOver):
        det.step()  # the same state again: a loop of mandatory actions only
    assert game.state.result == "draw"
    assert "803.5" in game.trace.cited() and game.trace.steps[-1].kind == "game_drawn"
    assert not chooser.asked  # nobody names a number: the game simply ends
    assert "803.3" not in game.trace.cited() and "803.2" not in game.trace.cited()


def test_a_loop_with_a_triggered_effect_is_not_a_draw_but_803_3() -> None:
    game, chooser, det = _cycle(["ability", "trigger"])
    assert det.step() is True
    assert game.state.result is None and "803.5" not in game.trace.cited()
    assert "803.3" in game.trace.cited()
    assert [c.kind for c in chooser.asked] == ["loop"] and chooser.asked[0].player == "opp"  # the trigger's controller
    assert 1_000_000 not in chooser.asked[0].options and 1_000_001 in chooser.asked[0].options  # 803.3: over a million


def test_a_loop_with_an_optional_action_is_not_a_draw_but_803_2() -> None:
    game, chooser, det = _cycle(["ability", "card"], optional=True)
    assert det.step() is True
    assert game.state.result is None and "803.5" not in game.trace.cited()
    assert "803.2" in game.trace.cited()
