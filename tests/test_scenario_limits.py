"""Input the loader must reject (or the runner answer instantly) rather than hang, recurse or run meaninglessly."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from builder import yaml_text
from click.testing import CliRunner

from judge.scenario.commands import run_cmd, scenario_group

ROOT = Path(__file__).resolve().parent / "data" / "inline" / "rise"  # written inline (tests/data/inline/README.md)
LOOP = (ROOT / "803_3_example.yaml").read_text(encoding="utf-8")
YOURS = (ROOT / "708_1a_your_turn.yaml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _deadline() -> Iterator[None]:
    """A hang (walking 10**12 loop options) fails the test instead of stalling the suite."""
    def boom(*_: Any) -> None:
        raise TimeoutError("took more than 20 s")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def write(tmp_path: Path, text: str, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def cli(cmd: Any, *args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cmd, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output + (res.stderr if hasattr(res, "stderr") and res.stderr_bytes is not None else "")


def line_col(text: str, needle: str, skip: str = "") -> str:
    """line:column of ``needle`` (plus the length of the ``skip`` prefix it starts with) in ``text``."""
    n, line = next((i, l) for i, l in enumerate(text.splitlines(), 1) if needle in l)
    return f"{n}:{line.index(needle) + len(skip) + 1}"


# --- 1. loop answers (803.3: "选择一个大于一百万的数字") ---------------------------------------------------------
def test_803_3_a_huge_legal_number_is_accepted_at_once(tmp_path: Path) -> None:
    x = 900_000_000_000
    data = yaml.safe_load(LOOP)
    data["choices"] = [{"for": "wilson_you", "by": "you", "loop": x}]
    # 803.3: X extra cycles, each one guard for each player, after the one demonstrated cycle
    data["expect"] = [{"step": "loop_mandatory", "with": {"player": "you", "amount": x}},
                      {"player": "you", "units": 1 + (1 + x)}, {"player": "opp", "units": 2 + (1 + x)}]
    code, out = cli(run_cmd, str(write(tmp_path, yaml_text(data))))
    assert code == 0, out


def test_803_3_loader_rejects_a_mandatory_loop_number_not_over_one_million(tmp_path: Path) -> None:
    for n in (5, 1_000_000):
        text = LOOP.replace("loop: 2000000", f"loop: {n}")
        path = write(tmp_path, text)
        for cmd, args in ((scenario_group, ["check", str(path)]), (run_cmd, [str(path)])):
            code, out = cli(cmd, *args)
            assert code == 2, out
            assert f"{path}:{line_col(text, f'loop: {n}', 'loop: ')}" in out and "大于一百万" in out


def test_803_3_boundary_1000001_is_legal(tmp_path: Path) -> None:
    path = write(tmp_path, LOOP.replace("loop: 2000000", "loop: 1000001"))
    code, out = cli(scenario_group, "check", str(path))
    assert code == 0, out


def test_out_of_range_loop_answers_name_the_legal_range(tmp_path: Path) -> None:
    # without `for:` the loader cannot tell 803.2 (any number) from 803.3; the runner rejects it at once
    text = LOOP.replace("{for: wilson_you, by: you, loop: 2000000}", "{by: you, loop: 5}")
    code, out = cli(run_cmd, str(write(tmp_path, text)))
    assert code == 2 and "不是" in out and "合法回答" in out and "1000001" in out and f":{line_col(text, 'loop: 5}', 'loop: ')}:" in out
    code, out = cli(run_cmd, str(write(tmp_path, LOOP.replace("loop: 2000000", f"loop: {10**12}"))))
    assert code == 2 and "合法回答" in out and "合法的选项" in out


# --- 2. nesting ------------------------------------------------------------------------------------------------
def nested(n: int) -> str:
    inner = "{destroy: target}"
    for _ in range(n):
        inner = "{may: [" + inner + "]}"
    return YOURS.replace("do: [{destroy: target}]", f"do: [{inner}]")


@pytest.mark.parametrize("n", [100, 400])
def test_deep_nesting_is_a_located_error_not_a_traceback(tmp_path: Path, n: int) -> None:
    path = write(tmp_path, nested(n))
    code, out = cli(scenario_group, "check", str(path))
    assert code == 2 and "Traceback" not in out and "RecursionError" not in out
    assert f"{path}:31:" in out and "嵌套太深" in out


def test_moderate_nesting_still_loads(tmp_path: Path) -> None:
    code, out = cli(scenario_group, "check", str(write(tmp_path, nested(20))))
    assert code == 0, out


def test_recursion_error_while_checking_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.scenario import loader

    def deep(*args: Any) -> None:
        raise RecursionError
    monkeypatch.setattr(loader, "check", deep)
    with pytest.raises(loader.ScenarioError) as info:
        loader.load_text(YOURS, "f.yaml")
    assert "嵌套太深" in str(info.value) and str(info.value).startswith("f.yaml:")


# --- 3. numbers and ability indices ----------------------------------------------------------------------------
CASES = {
    "unknown operator": ("do: [{destroy: target}]", "do: [{destroy: target}, {draw: {player: you, count: {div: [1, 0]}}}]",
                         "div", "未知的数字运算“div”"),
    "undefined variable": ("do: [{destroy: target}]", "do: [{destroy: target}, {draw: {player: you, count: {var: nope}}}]",
                           "nope}", "未定义的变量“nope”"),
    "negative amount": ("do: [{destroy: target}]", "do: [{damage: {to: target, amount: -5}}]", "-5", "-5 小于允许的最小值 0"),
    "negative x max": ("      do: [{destroy: target}]", "      x: {max: -3}\n      do: [{destroy: target}]", "-3", "小于允许的最小值 0"),
    "ability index": ("  - {play: strike, by: you}", "  - {use: alberto, by: you, ability: 7}", "7}", "没有第 7 个可使用的能力"),
    "ability name": ("  - {play: strike, by: you}", "  - {use: alberto, by: you, ability: nope}", "nope}", "没有名为“nope”的可使用的能力"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_check_rejects_what_the_engine_cannot_run(tmp_path: Path, case: str) -> None:
    old, new, at, words = CASES[case]
    assert old in YOURS
    text = YOURS.replace(old, new, 1)
    path = write(tmp_path, text)
    code, out = cli(scenario_group, "check", str(path))
    assert code == 2, out
    assert words in out and f"{path}:{line_col(text, at)}" in out


def test_stored_variables_and_expressions_still_pass(tmp_path: Path) -> None:
    text = YOURS.replace("do: [{destroy: target}]",
                         "do: [{damage: {to: target, amount: {add: [1, {power: self}]}, store: dealt}}, "
                         "{draw: {player: you, count: {min: [{var: dealt}, 2]}}}]")
    code, out = cli(scenario_group, "check", str(write(tmp_path, text)))
    assert code == 0, out
