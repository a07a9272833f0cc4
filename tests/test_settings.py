"""The judge's settings file (settings.toml in the data folder): the default game, and refusals of what it cannot hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli


@pytest.fixture()
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    return tmp_path / "data" / "settings.toml"


def judge(*args: str):
    res = CliRunner().invoke(cli, [*args, "--lang", "zh"])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res


def test_the_settings_game_is_the_default(settings: Path) -> None:
    settings.write_text('game = "符文战场"\n', encoding="utf-8")
    res = judge("rule", "820.1")
    assert res.exit_code == 0 and res.output.startswith("[riftbound] 820.1")
    res = judge("rule", "709.2b")  # a number 崛起 has: looked up in Riftbound only
    assert res.exit_code == 1 and "符文战场没有规则 709.2b" in res.output.replace("《", "").replace("》", "")


def test_judge_game_and_the_option_win_over_the_settings(settings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.write_text('game = "riftbound"\n', encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAME", "rise")
    assert judge("rule", "709.2b").output.startswith("[rise] ")
    monkeypatch.delenv("JUDGE_GAME")
    assert judge("rule", "709.2b", "--game", "rise").output.startswith("[rise] ")


def test_the_help_says_where_the_default_comes_from(settings: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "现在两者都没有设置" in "".join(judge("rules", "--help").output.split())
    settings.write_text('game = "三国"\n', encoding="utf-8")
    shown = "".join(judge("rules", "--help").output.split())
    assert "现在默认：三国（sanguo）（来自" in shown and "settings.toml）" in shown
    monkeypatch.setenv("JUDGE_GAME", "rise")
    assert "现在默认：崛起（rise）（来自$JUDGE_GAME）" in "".join(judge("search", "--help").output.split())


@pytest.mark.parametrize("text, where, says", [
    ('gmae = "rise"\n', ":1:1", "未知的设置“gmae”（是不是 game？）"),
    ('# the event\n\ngame = 3\n', ":3:1", "设置“game”应为一段文字"),
    ('game = "rise\n', ":1:", "这一处的写法无法解析"),
    ('game = ""\n', ":1:1", "设置“game”应为一段文字"),
])
def test_a_bad_settings_file_is_refused_with_its_place(settings: Path, text: str, where: str, says: str) -> None:
    settings.write_text(text, encoding="utf-8")
    res = judge("rules")
    assert res.exit_code == 2
    assert f"{settings}{where}" in res.output and says in res.output
    assert "Traceback" not in res.output


def test_a_settings_file_that_is_not_utf8_is_refused(settings: Path) -> None:
    settings.write_bytes(b'game = "\xb3\xe7"\n')
    res = judge("rules")
    assert res.exit_code == 2 and "不是 UTF-8" in res.output


def test_an_unknown_game_in_the_settings_is_refused_like_one_typed(settings: Path) -> None:
    settings.write_text('game = "nope"\n', encoding="utf-8")
    res = judge("rule", "709.2b")
    assert res.exit_code == 2 and "nope" in res.output
