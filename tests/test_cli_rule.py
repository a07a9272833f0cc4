"""`judge rule` and `judge rules` through click's CliRunner, including bad input."""

import json

from click.testing import CliRunner

from corpus_helpers import expected_ids
from judge.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_rule_shows_breadcrumb_text_children_refs_and_cited_by() -> None:
    res = run("rule", "706", "--game", "rise")
    assert res.exit_code == 0, res.output
    assert "706 目标" in res.output
    assert "706.1" in res.output  # a child
    res = run("rule", "707.1d", "--game", "rise")
    assert res.exit_code == 0
    first = res.output.splitlines()[0]
    assert first.startswith("[rise] 707") and "707.1" in first and first.endswith("707.1d")
    assert "被引用" in res.output  # 707.1d is cited (by 709.2d, 章节707.1d)


def test_rule_json_has_the_documented_fields() -> None:
    res = run("rule", "820.1.c.3", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    for key in ("game", "id", "parent", "children", "title", "text", "examples", "refs", "cited_by", "damaged", "source"):
        assert key in data
    assert data["game"] == "riftbound" and data["parent"] == "820.1.c" and data["title"] == "回响"
    assert data["source"] == {"file": "001_c404060e52f8fb3e.txt", "line": 24}


def test_unresolved_reference_is_marked_in_both_outputs() -> None:
    text = run("rule", "820.2", "--game", "riftbound").output
    assert "349" in text and "不在语料库中" in text
    refs = json.loads(run("rule", "820.2", "--json").output)["refs"]
    assert {"id": "349", "resolved": False, "title": None} in refs


def test_unknown_id_names_the_nearest_ids_and_exits_1() -> None:
    res = run("rule", "709.2z", "--game", "rise")
    assert res.exit_code == 1
    assert "709.2z" in res.output and "709.2" in res.output
    assert "Traceback" not in res.output


def test_unknown_game_is_refused_with_the_valid_games() -> None:
    res = run("rule", "706", "--game", "mtg")
    assert res.exit_code == 2
    assert "mtg" in res.output and "rise" in res.output and "riftbound" in res.output


def test_rules_lists_every_rule_of_a_game() -> None:
    res = run("rules", "--game", "riftbound", "--json")
    assert res.exit_code == 0
    assert sorted(r["id"] for r in json.loads(res.output)) == sorted(expected_ids("riftbound"))
    lines = run("rules").output.splitlines()
    assert len(lines) == sum(len(expected_ids(g)) for g in ("rise", "sanguo", "riftbound"))


def test_quote_is_one_line_with_the_text_and_where_it_is_written(monkeypatch) -> None:
    from click.testing import CliRunner

    from judge.cli import cli

    monkeypatch.delenv("JUDGE_SITE_URL", raising=False)
    res = CliRunner().invoke(cli, ["rule", "709.2b", "--quote", "--lang", "zh"])
    assert res.exit_code == 0 and len(res.output.strip().splitlines()) == 1
    line = res.output.strip()
    assert line.startswith("崛起 709.2b：「如果连结未被打断，便会解析该连结。") and "」（崛起 TCG 综合性规则 1.00 版，第 75 行）" in line
    monkeypatch.setenv("JUDGE_SITE_URL", "https://judge.example/site/")
    res = CliRunner().invoke(cli, ["rule", "820.1.c.2", "--quote", "--lang", "zh"])
    assert res.output.strip().endswith("（《符文战场》核心规则（规则检索页）（2026-10-10），第 21 行） "
                                       "https://judge.example/site/riftbound/820.1.html#r-820.1.c.2")


def test_a_default_game_from_judge_game(monkeypatch) -> None:
    from click.testing import CliRunner

    from judge.cli import cli

    monkeypatch.setenv("JUDGE_GAME", "符文战场")  # any of the game's names
    res = CliRunner().invoke(cli, ["rule", "820.1", "--lang", "zh"])
    assert res.exit_code == 0 and res.output.startswith("[riftbound] 820.1")
    monkeypatch.setenv("JUDGE_GAME", "rise")
    res = CliRunner().invoke(cli, ["rule", "820.1", "--lang", "zh"])
    assert res.exit_code == 1 and "崛起没有规则 820.1" in res.output  # looked up in 崛起 only, pointing at the other game
    assert CliRunner().invoke(cli, ["rule", "820.1", "--game", "riftbound"]).exit_code == 0  # --game still wins
    monkeypatch.setenv("JUDGE_GAME", "nope")
    assert CliRunner().invoke(cli, ["rule", "820.1"]).exit_code == 2
