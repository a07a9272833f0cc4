"""`judge run --ask` under a real pseudo-terminal: the judge answers each open choice, and the answers are written
back into the file's `choices:` so that it then runs to the same resolution without asking."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.scenario.writeback import with_choices

REPO = Path(__file__).resolve().parents[1]
PROMPT_ENDS = ("q 退出）：", "[y/N]: ")
OPEN = """  - {for: strike, target: osaro}
  - {for: alberto, pay: true}
"""


def open_file(tmp_path: Path) -> Path:
    """708.1a's worked example with its two answers taken out: the target of 毁灭打击 and whether Alberto pays (1)."""
    text = (REPO / "tests/data/inline/rise/708_1a_your_turn.yaml").read_text(encoding="utf-8")
    assert OPEN in text
    text = text.replace("choices:\n" + OPEN, "# the choices are answered with --ask\n")
    f = tmp_path / "ask.yaml"
    f.write_text(text, encoding="utf-8")
    return f


def session(args: list[str], answers: list[str], timeout: float = 60) -> tuple[str, int]:
    """Run judge on a pseudo-terminal, typing each answer when a prompt is shown; the screen and the exit status."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: judge on the terminal
        os.environ.update(LANG="zh_CN.UTF-8", COLUMNS="120")
        os.environ.pop("LC_ALL", None)
        os.execv(sys.executable, [sys.executable, "-c", "from judge.cli import main; main()", *args])
    screen, typed, start = b"", 0, time.monotonic()
    while time.monotonic() - start < timeout:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        screen += chunk
        if typed < len(answers) and screen.decode("utf-8", "replace").endswith(PROMPT_ENDS):
            os.write(fd, (answers[typed] + "\n").encode())
            typed += 1
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return screen.decode("utf-8", "replace").replace("\r\n", "\n"), os.waitstatus_to_exitcode(status)


def test_the_judge_answers_each_choice_and_the_answers_become_the_files(tmp_path: Path) -> None:
    f = open_file(tmp_path)
    # 7 is no option; 2 = 窥视者奥萨罗; b takes it back; 2 again; 2 = pay (是); y = write them into the file
    screen, code = session(["run", str(f), "--ask"], ["7", "2", "b", "2", "2", "y"])
    assert "第 1 个选择：你为“毁灭打击”选择目标" in screen
    assert "1. 逝者阿尔贝托 [alberto]" in screen and "2. 窥视者奥萨罗 [osaro]" in screen
    assert "部队栏：逝者阿尔贝托（你）、窥视者奥萨罗（对手）" in screen  # the board, in a line
    assert "“7”不是选项" in screen
    assert screen.count("第 1 个选择") == 2  # asked again after going back
    assert "第 2 个选择：你为“逝者阿尔贝托”选择是否支付" in screen
    assert "结果: 通过" in screen and code == 0  # the example's ruling: Alberto's paid effect is interrupted
    assert "已写入" in screen
    text = f.read_text(encoding="utf-8")
    assert "# the choices are answered with --ask" in text  # the rest of the file as it was
    assert text.endswith('choices:\n  - {for: "strike", slot: "target", target: ["osaro"]}\n  - {for: "alberto", pay: true}\n')
    res = CliRunner().invoke(cli, ["run", str(f), "--lang", "zh"])
    assert res.exit_code == 0 and "结果: 通过" in res.output  # a regression now, without --ask


def test_a_different_answer_is_a_different_ruling_and_is_written_as_given(tmp_path: Path) -> None:
    f = open_file(tmp_path)
    screen, code = session(["run", str(f), "--ask"], ["2", "1", "y"])  # Alberto does not pay
    assert code == 1 and "结果: 失败" in screen
    assert '{for: "alberto", pay: false}' in f.read_text(encoding="utf-8")
    assert CliRunner().invoke(cli, ["run", str(f)]).exit_code == 1  # the same ruling without asking


def test_quitting_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    f = open_file(tmp_path)
    before = f.read_bytes()
    screen, code = session(["run", str(f), "--ask"], ["2", "q"])
    assert code == 1 and "已退出" in screen
    assert f.read_bytes() == before


def test_declining_to_write_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    f = open_file(tmp_path)
    before = f.read_bytes()
    _, code = session(["run", str(f), "--ask"], ["2", "2", "n"])
    assert code == 0 and f.read_bytes() == before


def test_ask_needs_a_terminal_and_one_file(tmp_path: Path) -> None:
    f = open_file(tmp_path)
    res = CliRunner().invoke(cli, ["run", str(f), "--ask", "--lang", "zh"])  # no terminal here
    assert res.exit_code == 2 and "需要在终端上运行" in res.output
    res = CliRunner().invoke(cli, ["run", str(f), str(f), "--ask", "--lang", "zh"])
    assert res.exit_code == 2 and "只用于一个场景文件" in res.output


BLOCK = """game: rise
choices:
  # the first answer
  - {for: a, target: x}
  - {for: b,
     pay: true}   # a flow mapping over two lines

expect: []
"""


@pytest.mark.parametrize("text, expected", [
    (BLOCK, BLOCK.replace("pay: true}   # a flow mapping over two lines\n",
                          "pay: true}   # a flow mapping over two lines\n  - {for: c, pay: false}\n")),
    ("game: rise\nchoices: [{for: a, target: x}]  # one line\nexpect: []\n",
     "game: rise\nchoices: [{for: a, target: x}, {for: c, pay: false}]  # one line\nexpect: []\n"),
    ("game: rise\nchoices: []\n", "game: rise\nchoices: [{for: c, pay: false}]\n"),
    ("game: rise\nchoices:\n- {for: a, target: x}\nexpect: []\n",
     "game: rise\nchoices:\n- {for: a, target: x}\n- {for: c, pay: false}\nexpect: []\n"),
    ("game: rise\n", "game: rise\nchoices:\n  - {for: c, pay: false}\n"),
    ("game: rise", "game: rise\nchoices:\n  - {for: c, pay: false}\n"),
])
def test_answers_are_added_keeping_the_files_layout(text: str, expected: str) -> None:
    assert with_choices(text, ["{for: c, pay: false}"]) == expected


@pytest.mark.parametrize("text", [
    "game: rise\nchoices: {for: a}\n",  # not a list
    "game: rise\nchoices: [{for: a,\n  target: x}]\n",  # a flow list over several lines: not edited as text
    "game: [\n",  # not YAML
])
def test_a_choices_that_cannot_be_extended_as_text_is_left_alone(text: str) -> None:
    assert with_choices(text, ["{for: c, pay: false}"]) is None
