"""The recorded outcomes of the bundled scenarios (tests/data/scenario_baseline.json) and the check that a run gives
its recorded one: status, steps as (kind, cited rules), final state, expectations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BASELINE: dict[str, Any] = json.loads((Path(__file__).resolve().parent / "data" / "scenario_baseline.json")
                                      .read_text(encoding="utf-8"))


def assert_recorded(res: Any, want: dict[str, Any]) -> None:
    """The run ``res`` gives the recorded outcome ``want``."""
    from judge.scenario.runner import final_state

    assert res.status == want["status"]
    assert res.game is not None
    assert [[s.kind, list(s.cites)] for s in res.game.trace.steps] == want["steps"]
    assert json.loads(json.dumps(final_state(res.game))) == want["final_state"]
    got = [[c.ok, c.expect, c.actual] for c in res.checked]
    assert json.loads(json.dumps(got, ensure_ascii=False)) == want["expectations"]
