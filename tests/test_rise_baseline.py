"""崛起's scenarios give the same outcomes and the same citations after the engine became per-game.

``tests/data/rise_baseline.json`` was recorded from the bundled 崛起 scenarios with the engine as it stood before its
rule citations moved into per-game data (commit ccab0fa): each file's status, its steps as (kind, cited rule ids),
its final state and its expectations. A change that alters a 崛起 ruling or citation on purpose regenerates the file
and says why in its commit; any other difference is a regression of the refactor.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.scenario.runner import final_state, run_file

ROOT = Path(__file__).resolve().parents[1]
BASELINE = json.loads((ROOT / "tests/data/rise_baseline.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(BASELINE))
def test_rise_scenario_matches_the_recorded_outcome_and_citations(name: str) -> None:
    want = BASELINE[name]
    res = run_file(str(ROOT / "scenarios/rise" / name))
    assert res.status == want["status"]
    assert res.game is not None
    assert [[s.kind, list(s.cites)] for s in res.game.trace.steps] == want["steps"]
    assert json.loads(json.dumps(final_state(res.game))) == want["final_state"]
    got = [[c.ok, c.expect, c.actual] for c in res.checked]
    assert json.loads(json.dumps(got, ensure_ascii=False)) == want["expectations"]


def test_every_bundled_rise_scenario_is_in_the_baseline() -> None:
    assert sorted(p.name for p in (ROOT / "scenarios/rise").glob("*.yaml")) == sorted(BASELINE)
