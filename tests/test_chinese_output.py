"""No English phrases in the Chinese output of `run`, `faq check`, `coverage` and the errors of `rule`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.yaml"))
CHINESE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"}

# Two or more English words in a row: a phrase or sentence, not a code such as FAQ, TCG or a game id.
ENGLISH_PHRASE = re.compile(r"[A-Za-z]{2,}(?:[ '’-]+[A-Za-z]{2,})+")
# What may be ASCII inside Chinese text: a command the message tells the judge to type, a path, a file name.
COMMAND = re.compile(r"judge(?: -{0,2}[\w./-]+)+")
PATH = re.compile(r"\S*[/\\]\S*|[\w.-]+\.(?:yaml|yml|txt|json|html|md|xml)\b")


def english_phrases(text: str) -> list[str]:
    return ENGLISH_PHRASE.findall(PATH.sub("", COMMAND.sub("", text)))


def test_the_detector_finds_english_inside_chinese() -> None:
    assert english_phrases("你无法完成添加新星爆发（cannot pay 4 (has 2)）") == ["cannot pay"]
    assert english_phrases("706 是崛起的规则：judge rule 706 --game rise") == []
    assert english_phrases("FAQ riftbound-vendetta.yaml：日期 文件未注明") == []


def output(*args: str) -> str:
    res = CliRunner().invoke(cli, list(args), env=CHINESE_ENV, prog_name="judge")
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.output


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_run_speaks_chinese(scenario: Path) -> None:
    assert english_phrases(output("run", str(scenario))) == []
    assert english_phrases(output("run", "--explain", str(scenario))) == []


def test_faq_check_speaks_chinese() -> None:
    text = output("faq", "check")
    assert "已发布的裁定" in text
    assert english_phrases(text) == []


def test_coverage_speaks_chinese() -> None:
    text = output("coverage")
    assert "个场景覆盖了" in text
    assert english_phrases(text) == []


@pytest.mark.parametrize(
    "args",
    [["rule", "abc"], ["rule", "  "], ["rule", "709.2z", "--game", "rise"], ["rule", "709.2z"],
     ["rule", "706", "--game", "sanguo"], ["rule", "999"], ["rule", "706", "--game", "mtg"], ["rule", "709.2b"],
     ["rule", "820.2", "--game", "riftbound"], ["rule", "--game"], ["rule"]],
)
def test_rule_and_its_errors_speak_chinese(args: list[str]) -> None:
    text = output(*args)
    assert re.search(r"[\u4e00-\u9fff]", text)
    assert english_phrases(text) == []
