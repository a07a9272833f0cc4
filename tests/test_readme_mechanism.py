"""The README's "Adding a mechanism is one file" holds: its module, installed as the mechanism ``mill`` and listed by
三国, makes its scenario pass as the README says, a misspelt field of the new step is refused, and the schema has
the word — with no other module changed."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import Iterator

import pytest

import judge.games
import judge.scenario.runner
from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import render_text, run

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _block(marker: str, lang: str) -> str:
    found = re.search(rf"<!-- mechanism example: {marker} -->\n```{lang}\n(.*?)```", README, re.S)
    assert found, f"the README has no {marker} block"
    return found.group(1)


@pytest.fixture
def with_mill(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The README's module as ``judge.engine.mechanisms.mill``, and 三国 listing it."""
    module = types.ModuleType("judge.engine.mechanisms.mill")
    module.__file__ = "judge/engine/mechanisms/mill.py"
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(_block("module", "python"), module.__file__, "exec"), module.__dict__)
    original = judge.games.load_game
    sanguo = original("sanguo")
    data = {**sanguo.raw, "mechanisms": [*sanguo.raw["mechanisms"], "mill"]}
    with_it = type(sanguo)(data)

    def load_game(game: str) -> object:
        return with_it if game == "sanguo" else original(game)

    monkeypatch.setattr(judge.games, "load_game", load_game)
    monkeypatch.setattr(judge.scenario.runner, "load_game", load_game)
    yield


def test_without_the_mechanism_the_step_is_refused() -> None:
    with pytest.raises(ScenarioError, match="mill"):
        load_text(_block("scenario", "yaml"), "mill.yaml")


def test_the_readme_scenario_passes_with_the_one_new_file(with_mill: None) -> None:
    res = run(load_text(_block("scenario", "yaml"), "mill.yaml"))
    assert res.status == "pass", [c for c in res.checked if not c.ok]
    state = res.game.state.cards
    assert (state["o1"].zone, state["o2"].zone, state["o3"].zone) == ("graveyard", "graveyard", "deck")
    text = render_text(res, "zh")
    assert "牌一從牌庫置入墳場  [415.1]" in text and "牌二從牌庫置入墳場  [415.1]" in text  # as the README quotes


def test_a_misspelt_field_of_the_new_step_is_refused_with_the_nearest(with_mill: None) -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(_block("scenario", "yaml").replace("count: 2", "cuont: 2"), "mill.yaml")
    assert "“cuont”（是不是“count”？）" in str(e.value)


def test_the_schema_has_the_new_word(with_mill: None) -> None:
    from judge.scenario.schema import game_schema

    step = game_schema("sanguo")["$defs"]["sanguo.step"]
    assert "mill" in step["properties"] and {"required": ["mill"]} in step["oneOf"]
