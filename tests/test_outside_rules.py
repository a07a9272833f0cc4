"""A step resting on a rule outside the game's document names what it rests on (the concept, and a full document's rule
id where the game's data has one), never only "a rule outside this document"."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from judge.games import games_with_engine, load_game

REPO = Path(__file__).resolve().parents[1]


def test_every_outside_key_a_bundled_trace_rests_on_is_named(bundled_run) -> None:
    missing = set()
    for path in sorted((REPO / "scenarios").rglob("*.yaml")):
        res = bundled_run(path)
        if res.game is None:
            continue
        data = res.game.data
        for step in res.game.trace.steps:
            for key in step.outside:
                concept = data.outside.get(key) or {}
                if not (concept.get("zh") and concept.get("en")):
                    missing.add((res.scenario.data["game"], key))
    assert not missing, sorted(missing)


def test_only_keys_no_rule_of_the_document_governs_are_named_outside() -> None:
    for game in games_with_engine():
        data = load_game(game)
        assert all(not data.rules.get(k) for k in data.outside), game  # a key with rules cites them instead
        assert set(data.outside) <= set(data.rules), game  # and names a key the engine has


def test_the_lethal_damage_step_names_its_rule() -> None:
    res = CliRunner().invoke(cli, ["run", "rise/708_1a_your_turn", "--lang", "zh"])
    line = next(x for x in res.output.splitlines() if "受到致命损伤（3/2）" in x)
    assert line.endswith("[本文件以外的规则：受到致命损伤的单位被摧毁]")
    assert "[本文件以外的规则：获得优先权（412）]" in res.output  # with the full rules' id the game's data gives
    steps = json.loads(CliRunner().invoke(cli, ["run", "rise/708_1a_your_turn", "--json"]).output)[0]["steps"]
    lethal = next(s for s in steps if s["kind"] == "lethal")
    assert lethal["outside"] == ["state.lethal"] and lethal["outside_concepts"] == ["受到致命损伤的单位被摧毁"]
