"""`judge faq check` on the bundled corpus and scenarios: every encoded published ruling holds."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import yaml
from click.testing import CliRunner

from judge.cli import cli

REPO = Path(__file__).resolve().parents[1]


def _encoded_examples() -> set[str]:
    """The worked examples the bundled scenario files say they encode (read from the files, not the check)."""
    out = set()
    for path in (REPO / "scenarios").rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        src = data.get("source") or {}
        if src.get("kind") == "example":
            out.add(f"{data['game']}:{src['rule']}#{src.get('example', 1)}")
    return out


def test_bundled_rulings_are_all_reproduced_and_the_junit_file_is_valid(tmp_path: Path) -> None:
    junit = tmp_path / "faq.xml"
    res = CliRunner().invoke(cli, ["faq", "check", "--json", "--junit", str(junit)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    reproduced = {e["id"] for e in data["examples"] if e["ruling"] == "reproduced"}
    assert reproduced == _encoded_examples()
    assert len(reproduced) >= 17  # the 706.1c, 708.1a, 708.3, 709.2a/b/d … and 714.2 … 803.3 examples
    assert not [e for e in data["examples"] if e["ruling"] == "regressed"]
    assert len(data["entries"]) == 34
    root = ET.parse(junit).getroot()
    cases = root.findall(".//testcase")
    assert len(cases) == 34 + len(data["examples"])
    assert not root.findall(".//failure")
