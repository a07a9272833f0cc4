"""`judge coverage` and `judge rule`'s scenario list, checked against the scenarios' own runs."""

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from judge.report.coverage import in_scope

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def in_ranges(rid: str) -> bool:
    n = int(rid.split(".")[0])
    return 706 <= n <= 719 or 802 <= n <= 803


def expected_coverage(folder: Path) -> dict[str, list[str]]:
    """From `judge run --json` over every file: rule id → files whose steps cite it."""
    files = sorted(folder.rglob("*.yaml"))
    runs = json.loads(run("run", *map(str, files), "--json").output) if files else []
    out: dict[str, list[str]] = {}
    by_file = {r["file"]: r for r in runs}
    for f in files:
        r = by_file[str(f)]
        for rid in sorted({c for s in r["steps"] for c in s["cites"]}):
            out.setdefault(rid, []).append(f.relative_to(folder).as_posix())
    return out


def test_scope_is_706_to_719_and_802_to_803() -> None:
    assert [in_scope(i, "rise") for i in ("705.9", "706", "706.1c", "719.3", "720", "801.1", "802.1", "803.5", "804")] == [
        False, True, True, True, False, False, True, True, False,
    ]


def test_coverage_matches_the_scenarios_runs() -> None:
    res = run("coverage", "--game", "rise", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    (game,) = data["games"]
    rules = json.loads(run("rules", "--game", "rise", "--json").output)
    scope = [r["id"] for r in rules if in_ranges(r["id"]) and r["text"].strip()]  # headings without text not counted
    assert [r["id"] for r in game["by_rule"]] == scope  # every rule of the ranges, natural order
    expected = expected_coverage(SCENARIOS)
    for r in game["by_rule"]:
        assert sorted(r["scenarios"]) == sorted(expected.get(r["id"], [])), r["id"]
    covered = sum(1 for rid in scope if rid in expected)
    assert (game["covered"], game["rules"]) == (covered, len(scope))
    assert game["percent"] == round(100 * covered / len(scope), 1)
    assert data["errors"] == [] and data["scenarios"] == len(list((SCENARIOS / "rise").rglob("*.yaml")))
    # read from the scenario's trace: 709_2b_example resolves its link under 709.2b
    by_id = {r["id"]: r["scenarios"] for r in game["by_rule"]}
    assert "rise/709_2b_example.yaml" in by_id["709.2b"]


def test_coverage_of_one_scenario_is_exactly_what_its_steps_cite(tmp_path: Path) -> None:
    folder = tmp_path / "sc"
    folder.mkdir()
    shutil.copy(SCENARIOS / "rise" / "713_2_draw_until.yaml", folder / "one.yaml")
    cited = {s for s in expected_coverage(folder)}
    res = run("coverage", "--json", "--scenarios", str(folder))
    game = json.loads(res.output)["games"][0]
    assert {r["id"] for r in game["by_rule"] if r["scenarios"]} == {c for c in cited if in_ranges(c)}
    assert all(r["scenarios"] in ([], ["one.yaml"]) for r in game["by_rule"])
    text = run("coverage", "--scenarios", str(folder)).output
    assert f"崛起：1 个场景覆盖了 {game['rules']} 条规则中的 {game['covered']} 条（{game['percent']:.1f}%）" in text


def test_an_invalid_scenario_is_listed_not_counted(tmp_path: Path) -> None:
    folder = tmp_path / "sc"
    folder.mkdir()
    (folder / "bad.yaml").write_text("game: rise\ntitle: x\n", encoding="utf-8")
    data = json.loads(run("coverage", "--json", "--scenarios", str(folder)).output)
    assert data["scenarios"] == 0 and data["games"][0]["covered"] == 0
    assert len(data["errors"]) == 1 and data["errors"][0].startswith("bad.yaml: ")


def test_rule_shows_the_scenarios_whose_steps_cite_it() -> None:
    expected = expected_coverage(SCENARIOS)["709.2b"]
    res = run("rule", "709.2b", "--game", "rise")
    assert res.exit_code == 0, res.output
    data = json.loads(run("rule", "709.2b", "--game", "rise", "--json").output)
    assert [s["file"] for s in data["scenarios"]] == sorted(expected)  # JSON: every citing scenario
    decisive = [s["file"] for s in data["scenarios"] if s["decisive"]]
    block = res.output.split("裁定取决于此条的场景")[1].strip().splitlines()[1:]  # text: those resting on it in full
    assert [line.split()[0] for line in block[:len(decisive)]] == decisive
    assert block[len(decisive)].startswith(f"另有 {len(expected) - len(decisive)} 个场景的步骤顺带引用此条")
    assert all(s["status"] == "pass" for s in data["scenarios"] if s["file"] == "rise/709_2b_example.yaml")


def test_rule_of_a_game_without_scenarios_says_so() -> None:
    res = run("rule", "820.4", "--game", "riftbound")
    assert res.exit_code == 0
    assert "场景：没有场景的步骤引用此条" in res.output
    assert json.loads(run("rule", "820.4", "--game", "riftbound", "--json").output)["scenarios"] == []


def test_each_game_counts_its_own_scenarios_and_is_named_as_a_judge_calls_it() -> None:
    """A game's figure counts the scenario files of that game, not every file that ran."""
    import yaml

    per_game: dict[str, int] = {}
    for f in SCENARIOS.rglob("*.yaml"):
        game = yaml.safe_load(f.read_text(encoding="utf-8"))["game"]
        per_game[game] = per_game.get(game, 0) + 1
    data = json.loads(run("coverage", "--json").output)
    assert {g["game"]: g["scenarios"] for g in data["games"]} == per_game
    text = CliRunner().invoke(cli, ["coverage", "--lang", "zh"]).output
    assert f"崛起：{per_game['rise']} 个场景" in text and "[rise]" not in text
