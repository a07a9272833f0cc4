"""Riftbound's own board errors (where a unit is, where it moves, what it conquers) reach the judge as a located
message in the judge's language, never English inside Chinese and never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

BASE = """game: riftbound
title: t
players: [{id: you}, {id: opp}]
turn: you
cards:
  arena: {name: 竞技场, owner: you, zone: battlefield, type: battlefield}
  hero: {name: 英雄, owner: you, zone: %s, type: unit, power: 2}
actions:
  - %s
"""

CASES = {  # what is wrong -> (hero's zone and place, the action, words the Chinese message must hold)
    "a unit in zone battlefield without at:": ("battlefield", "{pass: you}", "请用 at: 写明"),
    "at: naming a card that is not a battlefield": ("battlefield, at: hero", "{pass: you}", "不是区域 battlefield 中的战场卡牌"),
    "moving a card that is not on the board": ("hand", "{move: hero, to: arena, by: you}", "不在场上"),
    "moving to a place that is neither base nor a battlefield": ("base", "{move: hero, to: nowhere, by: you}", "base（基地）或一张战场卡牌"),
    "conquering a card that is not a battlefield": ("base", "{conquer: hero, by: you}", "不是战场"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_riftbound_board_error_is_located_and_in_chinese(case: str, tmp_path: Path) -> None:
    zone, action, words = CASES[case]
    path = tmp_path / "bad.yaml"
    path.write_text(BASE % (zone, action), encoding="utf-8")
    res = CliRunner().invoke(cli, ["run", str(path)], env={"LC_ALL": None, "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"})
    assert res.exit_code == 2, res.output
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), repr(res.exception)
    assert words in res.output and "bad.yaml:" in res.output, res.output
    assert "Traceback" not in res.output and "must be" not in res.output and "is not" not in res.output
