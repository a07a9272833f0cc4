"""`judge run` and `judge scenario schema` through click: strict mode, branches, JSON, languages, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from builder import edited
from click.testing import CliRunner

from judge.scenario.library import LIBRARY_ONLY
from judge.scenario.commands import COMMANDS, run_cmd, scenario_group

REPO = Path(__file__).resolve().parents[1]
ROOT = Path(__file__).resolve().parent / "data" / "inline" / "rise"  # written inline (tests/data/inline/README.md)
YOURS = ROOT / "708_1a_your_turn.yaml"


def invoke(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(run_cmd, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


def variant(tmp_path: Path, name: str, edit: callable) -> Path:  # type: ignore[valid-type]
    out = tmp_path / name
    out.write_text(edited(YOURS.read_text(encoding="utf-8"), edit), encoding="utf-8")
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
    # the open target choice has 2 answers: a bound of 2 runs explores one of them (the first run stops at the choice)
    path = variant(tmp_path, "open.yaml", lambda d: d.__setitem__("choices", []))
    code, out = invoke(str(path), "--branches", "--max-branches", "2")
    assert "已达到 2 次运行的上限" in out


def test_branch_mode_refuses_a_choice_larger_than_the_bound_at_once(tmp_path: Path) -> None:
    path = variant(tmp_path, "open.yaml", lambda d: d.__setitem__("choices", []))
    code, out = invoke(str(path), "--branches", "--max-branches", "1")
    assert code == 1 and "共有 2 种完整的回答，多于 --max-branches 1 允许的运行次数" in out


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
    assert f"bad.yaml:{line}:" in res.output and "未知的卡牌编号“nosuch”" in res.output
    assert "Traceback" not in res.output
    code, js = invoke(str(bad), "--json")
    assert code == 2 and json.loads(js)[0]["error"]["line"] == line


def test_several_files_worst_status_wins(tmp_path: Path) -> None:
    bad = tmp_path / "empty.yaml"
    bad.write_text("", encoding="utf-8")
    code, _ = invoke(str(YOURS), str(bad))
    assert code == 2


def test_schema_command_prints_the_schema_and_it_validates_the_scenarios() -> None:
    """The schema is written from the games' vocabularies: the command prints the shipped copy's bytes, it is a valid
    JSON Schema, and every bundled scenario validates against it (its library cards merged in, as the loader does)."""
    res = CliRunner().invoke(scenario_group, ["schema"])
    shipped = (REPO / "judge/scenario/scenario.schema.json").read_text(encoding="utf-8")
    assert res.output == shipped, "judge/scenario/scenario.schema.json is stale: run `judge scenario schema` into it"
    schema = json.loads(res.output)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    checked = 0
    for path in sorted((REPO / "scenarios").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "library" in data:  # a card that `uses:` a library card has its printed fields once merged: merge them
            lib = yaml.safe_load((path.parent / data.pop("library")).read_text(encoding="utf-8"))["cards"]
            data["cards"] = {cid: {**{k: v for k, v in lib[c["uses"]].items() if k not in LIBRARY_ONLY},
                                   **{k: v for k, v in c.items() if k != "uses"}} if "uses" in c else c
                             for cid, c in data["cards"].items()}
        validator.validate(data)
        checked += 1
    assert checked > 180


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


# --- writing scenarios: every error at once, folders, standard input, totals, what branches differ in -------------
# One file, eight mistakes a writer makes (each named with where it is and, for a misspelling, the name meant):
MISTAKES = {
    "turn: you": ("turn: yuo", "未知的玩家“yuo”（是不是“you”？）"),
    "    zone: hand\n": ("    zone: hnad\n", "“hnad”不是可用的值（是不是“hand”？）"),
    "    health: 2\n": ("    helth: 2\n", "未知的字段“helth”（是不是“health”？）"),
    "  - {play: strike, by: you}": ("  - {paly: strike, by: you}", "未知的行动“paly”（是不是“play”？）"),
    "- {for: alberto, pay: true}": ("- {for: albert, pay: true}", "未知的卡牌编号“albert”（是不是“alberto”？）"),
    "do: [{destroy: target}]": ("do: [{destory: target}]", "效果语言中没有步骤“destory”（是不是“destroy”？）"),
    "  - {card: alberto, zone: vortex": ("  - {card: alberto, zone: votrex", "“votrex”不是可用的值（是不是“vortex”？）"),
    "  - {cites: \"708.1a\"}": ("  - {cite: \"708.1a\"}", "未知的预期“cite”（是不是“cites”？）"),
}


def mistaken(tmp_path: Path, name: str = "bad.yaml") -> tuple[Path, str]:
    text = YOURS.read_text(encoding="utf-8")
    for old, (new, _) in MISTAKES.items():
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path, text


def errors_of(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("错误：")]


def test_every_error_of_a_file_is_reported_at_once_with_its_place_and_the_name_meant(tmp_path: Path) -> None:
    path, text = mistaken(tmp_path)
    res = CliRunner().invoke(scenario_group, ["check", str(path)])
    assert res.exit_code == 2
    errors = errors_of(res.output)
    assert len(errors) == len(MISTAKES), "\n".join(errors)
    lines = text.splitlines()
    for (new, said) in MISTAKES.values():
        hit = [e for e in errors if said in e]
        assert len(hit) == 1, (said, errors)
        line = next(i for i, l in enumerate(lines, 1) if new.strip().split(":")[0] in l and new.strip() in l)
        assert f"{path}:{line}:" in hit[0]
    # in file order, each place once
    places = [tuple(map(int, e.split(f"{path}:")[1].split(":")[:2])) for e in errors]
    assert places == sorted(places) and len(set(places)) == len(places)
    # `run` reports the same errors (and runs nothing); --json lists them all
    run_errors = errors_of(CliRunner().invoke(run_cmd, [str(path)]).output)
    assert run_errors == errors
    code, js = invoke(str(path), "--json")
    data = json.loads(js)[0]
    assert code == 2 and len(data["errors"]) == len(MISTAKES) and data["error"] == data["errors"][0]


def test_the_errors_of_a_file_stop_at_a_limit(tmp_path: Path) -> None:
    from judge.scenario.problems import MAX_ERRORS

    cards = "".join(f"  c{i}: {{name: C{i}, owner: you, zone: units, type: reinforcement, colour: red}}\n" for i in range(30))
    path = tmp_path / "many.yaml"
    path.write_text(f"game: rise\ntitle: t\nplayers: [{{id: you}}]\nturn: you\ncards:\n{cards}", encoding="utf-8")
    res = CliRunner().invoke(scenario_group, ["check", str(path)])
    assert res.exit_code == 2 and len(errors_of(res.output)) == MAX_ERRORS == 20
    assert f"只列出前 {MAX_ERRORS} 个错误" in res.output


def test_run_a_folder_and_print_one_line_of_totals(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.yaml").write_bytes(YOURS.read_bytes())
    (folder / "sub" / "b.yaml").write_bytes((ROOT / "709_2b_example.yaml").read_bytes())
    mistaken(folder, "c.yaml")
    variant(folder, "d.yaml", lambda d: d["choices"].pop())  # 708.3: alberto's payment unanswered: stops
    (folder / "notes.txt").write_text("not a scenario", encoding="utf-8")
    res = CliRunner().invoke(run_cmd, [str(folder)])
    assert res.exit_code == 2  # the worst: an invalid file
    assert res.output.count("== ") == 3  # a.yaml, b.yaml and d.yaml run; c.yaml is invalid; notes.txt is no scenario
    assert res.output.rstrip().splitlines()[-1] == "共 4 个文件：通过 2，未通过 0，停在未作出的选择处 1，无效 1"
    one = CliRunner().invoke(run_cmd, [str(YOURS)])
    assert "共 " not in one.output  # one file: no totals
    from judge.cli import cli

    assert CliRunner().invoke(cli, ["run", "--lang", "en", str(folder)]).output.rstrip().splitlines()[-1] == \
        "4 files: 2 passed, 0 failed, 1 stopped at an open choice, 1 invalid"


def test_run_a_scenario_from_standard_input(tmp_path: Path) -> None:
    res = CliRunner().invoke(run_cmd, ["-"], input=YOURS.read_bytes())
    assert res.exit_code == 0 and "被游戏打断" in res.output and "(<stdin>)" in res.output
    path, text = mistaken(tmp_path)
    res = CliRunner().invoke(run_cmd, ["-"], input=text.encode("utf-8"))
    assert res.exit_code == 2 and len(errors_of(res.output)) == len(MISTAKES)
    assert all(e.startswith("错误：<stdin>:") for e in errors_of(res.output))
    check = CliRunner().invoke(scenario_group, ["check", "-"], input=text.encode("utf-8"))
    assert errors_of(check.output) == errors_of(res.output)
    # bounded like a file: more than 256 KB is refused without being parsed
    res = CliRunner().invoke(run_cmd, ["-"], input=b"# " + b"x" * (256 * 1024) + b"\n")
    assert res.exit_code == 2 and "<stdin>:1:1:" in res.output and "超过 262,144 字节" in res.output


def test_branches_show_only_the_steps_where_the_outcomes_differ(tmp_path: Path) -> None:
    # 毁灭打击's target unanswered: destroying 逝者阿尔贝托 or 窥视者奥萨罗 (707.1d: the player chooses) are two outcomes;
    # they share the opening steps (the setup, announcing the strike, paying for it) and part ways at the target.
    path = variant(tmp_path, "open.yaml", lambda d: d.__setitem__("choices", [c for c in d["choices"] if "target" not in c]))
    code, out = invoke(str(path), "--branches")
    parts = out.split("-- 结局 ")[1:]
    assert len(parts) == 2
    for part in parts:
        differ = part[part.index("与其他结局不同的步骤："):part.index("最终状态")]
        assert "对局开始" not in differ and "宣告" not in differ  # shared by both: not repeated
        target = "逝者阿尔贝托" if '"alberto"' in part.split("\n")[1] else "窥视者奥萨罗"
        assert f"你为[#1 毁灭打击]选择目标：{target}" in differ
        other = "窥视者奥萨罗" if target == "逝者阿尔贝托" else "逝者阿尔贝托"
        assert f"你为[#1 毁灭打击]选择目标：{other}" not in differ
        assert "经由选择：{for: \"strike\", slot: \"target\", target: [" in part  # as the file's choices: would say it


def test_a_bundled_scenario_named_without_its_game_is_suggested_with_it() -> None:
    code, out = invoke("708_1a_your_turn")
    assert code == 2 and "找不到此文件" in out and "rise/708_1a_your_turn" in out
    for name in ("no_such_scenario_anywhere", "*", "7*"):  # a name, never a pattern over the bundled scenarios
        code, out = invoke(name)
        assert code == 2 and "找不到此文件" in out and "随附的场景中有" not in out


def test_a_yaml_error_says_what_the_parser_found_where(tmp_path: Path) -> None:
    from judge.scenario.loader import ScenarioError, load_text

    with pytest.raises(ScenarioError) as listed:  # a problem the locale words: said in Chinese, at its place
        load_text("game: rise\ntitle: [a, b\nplayers: x\n", "y.yaml")
    assert "y.yaml:3:8:" in str(listed.value) and "缺少“,”或“]”" in str(listed.value)
    with pytest.raises(ScenarioError) as other:  # one it does not: the parser's own words, never dropped
        load_text("game: rise\ntitle: !!binary x\n", "y.yaml")
    assert "y.yaml:2:8:" in str(other.value) and "YAML 解析器说：failed to decode base64" in str(other.value)


def test_an_illegal_answer_is_said_in_a_sentence_with_the_options_by_name(tmp_path: Path) -> None:
    path = variant(tmp_path, "ill.yaml", lambda d: d["choices"][0].__setitem__("target", "strike"))
    code, out = invoke(str(path))
    assert code == 2
    assert "“strike”不是you为“strike”选择目标的合法回答；合法的选项：alberto；osaro" in out
    assert "[[" not in out and "target[target]" not in out


def test_a_text_word_written_on_the_card_is_told_where_it_goes(tmp_path: Path) -> None:
    def move_targets(d: dict) -> None:
        d["cards"]["strike"]["targets"] = d["cards"]["strike"]["play"].pop("targets")

    code, out = invoke("--lang", "zh", str(variant(tmp_path, "t.yaml", move_targets)))
    assert code == 2 and "卡牌“strike”上不写“targets”：它属于卡牌的文字，写在 play:" in out
    assert "是不是“status”" not in out  # once: "did you mean status?"
