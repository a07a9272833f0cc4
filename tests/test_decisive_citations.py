"""Decisive and routine citations: a scenario's ruling rests on the rules it asserts are cited (or whose worked
example it encodes); every other rule its steps cite is cited in passing. `judge rule` and `judge coverage` say which."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from judge.cli import cli

REPO = Path(__file__).resolve().parents[1]


def declared(game: str) -> dict[str, set[str]]:
    """File (relative to scenarios/) → the rules it says its ruling rests on, read from the YAML here."""
    out = {}
    for f in sorted((REPO / "scenarios" / game).glob("*.yaml")):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        src = data.get("source")
        sources = src if isinstance(src, list) else [src] if src else []
        rules = {str(s["rule"]) for s in sources if isinstance(s, dict) and s.get("kind") == "example"}
        rules |= {str(e["cites"]) for e in data.get("expect") or [] if isinstance(e, dict) and "cites" in e}
        out[f"{game}/{f.name}"] = rules
    return out


def invoke(*args: str) -> str:
    res = CliRunner().invoke(cli, [*args, "--lang", "zh"])
    assert res.exit_code == 0, res.output
    return res.output


def test_rule_lists_the_scenarios_resting_on_it_first_and_counts_the_rest() -> None:
    data = json.loads(invoke("rule", "709.2b", "--game", "rise", "--json"))
    found = data[0]["scenarios"] if isinstance(data, list) else data["scenarios"]
    rests = declared("rise")
    assert found, "709.2b is cited by every resolution"
    for s in found:
        assert s["decisive"] == ("709.2b" in rests[s["file"]]), s["file"]
    decisive = [s["file"] for s in found if s["decisive"]]
    routine = [s for s in found if not s["decisive"]]
    assert decisive and len(routine) > 10
    text = invoke("rule", "709.2b", "--game", "rise")
    block = text[text.index("裁定取决于此条的场景"):]
    assert all(f in block for f in decisive)
    assert f"另有 {len(routine)} 个场景的步骤顺带引用此条" in block
    assert len(block.strip().splitlines()) == len(decisive) + 2  # the heading, each decisive file, one line of the rest


def test_a_rule_no_ruling_rests_on_says_so() -> None:
    text = invoke("rule", "707.1a", "--game", "rise")
    rests = declared("rise")
    assert not any("707.1a" in r for r in rests.values())
    assert "没有场景的裁定取决于此条" in text and "个场景的步骤顺带引用此条" in text


def test_coverage_separates_the_rules_a_ruling_rests_on() -> None:
    data = json.loads(invoke("coverage", "--game", "rise", "--json"))
    game = data["games"][0]
    rests = declared("rise")
    for r in game["by_rule"]:
        assert set(r["decided_by"]) <= set(r["scenarios"])
        assert r["decided_by"] == [f for f in r["scenarios"] if r["id"] in rests[f]], r["id"]
    assert game["decided"] == sum(1 for r in game["by_rule"] if r["decided_by"]) < game["covered"]
    text = invoke("coverage", "--game", "rise")
    line = next(x for x in text.splitlines() if " 707.1a " in x)
    assert line.lstrip().startswith("○") and "顺带引用" in line and ".yaml" not in line  # counted, not listed
    assert f"其中 {game['decided']} 条" in text
