"""The engine speaks no language: it raises a message key with values (judge.engine.errors.Msg), and judge/scenario
says it in the judge's language, with the game's own word for the chain; the engine never imports the locale."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.engine.errors import InvalidInput, Msg
from judge.games import load_game
from judge.locale import words
from judge.scenario.messages import engine_message

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "judge" / "engine"


def test_the_engine_does_not_import_the_locale() -> None:
    for path in sorted([*ENGINE.rglob("*.py"), *(REPO / "judge" / "games").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert [n for n in names if n.startswith(("judge.locale", "judge.report", "judge.cli"))] == [], path


def _keys_raised() -> set[str]:
    """Every literal message key of an InvalidInput / WorkLimit / Msg in the engine and the scenario layer."""
    keys: set[str] = set()
    for path in [*ENGINE.rglob("*.py"), *(REPO / "judge" / "games").rglob("*.py"), *(REPO / "judge" / "scenario").glob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("InvalidInput", "WorkLimit", "Msg"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    keys.add(first.value)
                elif isinstance(first, ast.JoinedStr):  # Msg(f"limit_{limit}"): each value it takes
                    head = "".join(v.value for v in first.values if isinstance(v, ast.Constant))
                    keys |= {head + tail for tail in ("work", "resolutions")}
    return keys


def test_every_key_the_engine_raises_has_words_in_both_languages() -> None:
    keys = _keys_raised()
    assert {"not_legal", "not_in_hand", "resolve_empty", "runaway_loop", "limit_work", "done_resolutions"} <= keys
    for lang in ("zh", "en"):
        assert sorted(k for k in keys if f"msg.engine.{k}" not in words(lang)) == [], lang


def test_a_message_is_said_in_the_judges_language_with_the_games_chain() -> None:
    e = InvalidInput("resolve_empty", ("actions", 0))
    assert e.path == ("actions", 0) and e.msg.key == "resolve_empty"
    assert engine_message(e.msg, load_game("rise"), "zh") == "resolve：响应链是空的"
    assert engine_message(e.msg, load_game("sanguo"), "zh") == "resolve：堆疊是空的"
    assert engine_message(e.msg, load_game("sanguo"), "en") == "`resolve`: the stack is empty"
    nested = Msg("runaway", limit=Msg("limit_work"), done=Msg("done_work", resolutions=3, events=4, cards=5, limit="20,000"))
    said = engine_message(nested, load_game("rise"), "zh")
    assert said.startswith("运行停在工作量上限（响应链顶端处理了 3 次，4 个事件，5 张卡牌") and "不会结束" in said
    assert engine_message(Msg("a plain sentence"), None, "zh") == "a plain sentence"  # a key no locale knows: as is


@pytest.mark.parametrize("lang, said", [("zh", "不在手牌中：不能使用它"), ("en", "not in a hand: it cannot be played")])
def test_run_reports_an_engine_error_in_the_language_asked(lang: str, said: str, tmp_path: Path) -> None:
    text = (REPO / "tests" / "data" / "inline" / "rise" / "708_1a_your_turn.yaml").read_text(encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("    zone: hand\n", "    zone: units\n", 1), encoding="utf-8")  # 毁灭打击 not in hand
    res = CliRunner().invoke(cli, ["--lang", lang, "run", str(path)])
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "{play: strike, by: you}" in l)
    assert res.exit_code == 2 and f"{path}:{line}:" in res.output and said in res.output
