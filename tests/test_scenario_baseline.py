"""Every bundled scenario gives the same outcome and the same citations as when this baseline was recorded.

``tests/data/scenario_baseline.json`` pins, for each scenario of the three games (by its path under ``scenarios/``),
its status, its steps as (kind, cited rule ids), its final state and its expectations. Its 崛起 entries are the
earlier ``rise_baseline.json`` (recorded before the engine became per-game, commit ccab0fa), unchanged; the
Three-Kingdoms and Riftbound entries were recorded before the scenario language was declared in one registry. A
change that alters a ruling or a citation on purpose regenerates the file and says why in its commit; any other
difference is a regression.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from judge.scenario.runner import Result
from recorded import BASELINE, assert_recorded

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(BASELINE))
def test_scenario_matches_the_recorded_outcome_and_citations(name: str, bundled_run: Callable[[str], Result]) -> None:
    assert_recorded(bundled_run(str(ROOT / "scenarios" / name)), BASELINE[name])


def test_every_bundled_scenario_is_in_the_baseline() -> None:
    files = sorted(str(p.relative_to(ROOT / "scenarios")) for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert files == sorted(BASELINE)
