"""`judge run` and `judge scenario schema` through click: strict mode, branches, JSON, languages, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import yaml
from click.testing import CliRunner

from judge.scenario.commands import COMMANDS, run_cmd, scenario_group

ROOT = Path(__file__).resolve().parent.parent / "scenarios" / "rise"
YOURS = ROOT / "708_1a_your_turn.yaml"


def invoke(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(run_cmd, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


def variant(tmp_path: Path, name: str, edit: callable) -> Path:  # type: ignore[valid-type]
    data = yaml.safe_load(YOURS.read_text(encoding="utf-8"))
    edit(data)
    out = tmp_path / name
    out.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return out


def test_commands_are_exported() -> None:
    assert {c.name for c in COMMANDS} == {"run", "scenario"}


def test_passing_file_exits_0_with_numbered_cited_steps() -> None:
    code, out = invoke(str(YOURS))
    assert code == 0
    assert "  1. " in out and "[708.1a, 802.1]" in out and "✓" in out and "被游戏打断" in out


def test_english_trace() -> None:
    code, out = invoke(str(YOURS), "--lang", "en")
    assert code == 0 and "interrupted by the game" in out and "galactic vortex" in out


def test_failing_expectation_exits_1(tmp_path: Path) -> None:
    path = variant(tmp_path, "wrong.yaml", lambda d: d["expect"].__setitem__(0, {"card": "alberto", "zone": "resources"}))
    code, out = invoke(str(path))
    assert code == 1 and "✗" in out


def test_strict_mode_stops_at_an_unanswered_choice_and_names_its_options(tmp_path: Path) -> None:
    path = variant(tmp_path, "open.yaml", lambda d: d["choices"].pop())
    code, out = invoke(str(path))
    assert code == 1
    assert "pay" in out and "alberto" in out and "false; true" in out
    code, js = invoke(str(path), "--json")
    data = json.loads(js)[0]
    assert data["status"] == "stopped" and data["open_choice"]["options"] == [False, True]


def test_branch_mode_reports_each_distinct_outcome_with_its_choices(tmp_path: Path) -> None:
    path = variant(tmp_path, "open.yaml", lambda d: d["choices"].pop())
    code, js = invoke(str(path), "--branches", "--json")
    data = json.loads(js)[0]
    answers = sorted(o["paths"][0][0]["answer"] for o in data["outcomes"])
    assert answers == [False, True]
    zones = {o["paths"][0][0]["answer"]: o["result"]["final_state"]["cards"]["alberto"]["zone"] for o in data["outcomes"]}
    assert zones == {True: "vortex", False: "vortex"}
    pools = {o["paths"][0][0]["answer"]: o["result"]["final_state"]["players"]["you"]["resources"] for o in data["outcomes"]}
    assert pools == {True: 0, False: 1}
    assert code == 1  # the unpaid branch fails the "resources: 0" expectation
    code, text = invoke(str(path), "--branches")
    assert "via" in text or "经由选择" in text


def test_branch_mode_bound_is_reported(tmp_path: Path) -> None:
    path = variant(tmp_path, "open.yaml", lambda d: d.__setitem__("choices", []))
    code, out = invoke(str(path), "--branches", "--max-branches", "1")
    assert "bound of 1 runs reached" in out


def test_json_output_is_byte_identical_and_complete() -> None:
    code1, a = invoke(str(YOURS), "--json")
    code2, b = invoke(str(YOURS), "--json")
    assert code1 == code2 == 0 and a == b
    data = json.loads(a)[0]
    assert data["status"] == "pass" and all(e["pass"] for e in data["expectations"])
    assert all(s["n"] == i for i, s in enumerate(data["steps"], 1))
    assert "final_state" in data and data["final_state"]["cards"]["alberto"]["zone"] == "vortex"


def test_invalid_file_exits_2_with_file_line_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(YOURS.read_text(encoding="utf-8").replace("{play: strike, by: you}", "{play: nosuch, by: you}"), encoding="utf-8")
    res = CliRunner().invoke(run_cmd, [str(bad)])
    assert res.exit_code == 2
    line = next(i for i, l in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if "nosuch" in l)
    assert f"bad.yaml:{line}:" in res.output and "unknown card id 'nosuch'" in res.output
    assert "Traceback" not in res.output
    code, js = invoke(str(bad), "--json")
    assert code == 2 and json.loads(js)[0]["error"]["line"] == line


def test_several_files_worst_status_wins(tmp_path: Path) -> None:
    bad = tmp_path / "empty.yaml"
    bad.write_text("", encoding="utf-8")
    code, _ = invoke(str(YOURS), str(bad))
    assert code == 2


def test_schema_command_prints_the_schema_and_it_validates_the_scenarios() -> None:
    res = CliRunner().invoke(scenario_group, ["schema"])
    schema = json.loads(res.output)
    for path in sorted(ROOT.glob("*.yaml")):
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")), schema)


def test_check_command() -> None:
    res = CliRunner().invoke(scenario_group, ["check", str(YOURS)])
    assert res.exit_code == 0 and f"通过：{YOURS}" in res.output


def test_bundled_scenarios_are_listed_and_run_by_name() -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from judge.cli import cli

    bundled = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "scenarios" / "rise").glob("*.yaml"))
    res = CliRunner().invoke(cli, ["scenario", "list", "--game", "rise"])
    assert res.exit_code == 0
    assert [line.split()[0] for line in res.output.splitlines()] == [f"rise/{s}" for s in bundled]
    res = CliRunner().invoke(cli, ["run", "rise/708_1a_your_turn"])
    assert res.exit_code == 0 and "708.1a" in res.output
