"""One language at a time: Chinese by default, English with --lang en or an en locale; help from the locale data."""

from __future__ import annotations

import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner

from judge.cli import LAZY_COMMANDS, cli
from judge.locale import from_args, from_locale, has, set_lang
from judge.locale.help import wrap
from judge.locale.width import display_width

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "judge" / "locale"
CJK = re.compile(r"[\u4e00-\u9fff]")
# The locale is set explicitly in every test here: no LC_ALL/LC_MESSAGES, and LANG as named.
CHINESE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"}
ENGLISH_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}


def run(args: list[str], env: dict[str, str | None]) -> str:
    res = CliRunner().invoke(cli, args, env=env, prog_name="judge")
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.output


def root_context() -> click.Context:
    return click.Context(cli, info_name="judge", **cli.context_settings)


def command_paths() -> list[list[str]]:
    """Every command of the CLI as the words that name it: ["rule"], ["faq", "check"], …"""
    out: list[list[str]] = []
    ctx = root_context()
    for name in LAZY_COMMANDS:
        cmd = cli.get_command(ctx, name)
        out.append([name])
        if isinstance(cmd, click.Group):
            out += [[name, sub] for sub in cmd.commands]
    return out


def help_rows(text: str) -> list[tuple[str, str]]:
    """The (term, description) rows of the options and commands sections of a help page."""
    rows: list[tuple[str, str]] = []
    for line in text.splitlines():
        m = re.match(r"^  (\S.*?)\s{2,}(\S.*)$", line)
        if m and m.group(1).startswith(("-", *string.ascii_lowercase)):
            rows.append((m.group(1), m.group(2)))
    return rows


def test_the_locale_decides_when_no_lang_is_given() -> None:
    assert from_locale({"LANG": "en_US.UTF-8"}) == "en"
    assert from_locale({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert from_locale({"LANG": "C.UTF-8"}) == "zh"
    assert from_locale({}) == "zh"
    assert from_locale({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}) == "zh"  # LC_ALL comes first (POSIX)
    assert from_locale({"LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "zh_CN"}) == "en"
    assert from_args(["rule", "706", "--lang", "en"]) == "en" and from_args(["--lang=zh"]) == "zh"
    assert from_args(["search", "--", "--lang", "en"]) is None and from_args(["--lang", "fr"]) is None


def test_both_languages_have_every_phrase_with_the_same_fields() -> None:
    def flat(tree: dict, prefix: str = "") -> dict[str, str]:
        out: dict[str, str] = {}
        for k, v in tree.items():
            out.update(flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {f"{prefix}{k}": v})
        return out

    zh, en = (flat(json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))) for lang in ("zh", "en"))
    ours = lambda d: {k for k in d if k.startswith(("help.", "msg.")) and not k.endswith("_about")}  # noqa: E731
    assert ours(zh) == ours(en)
    fields = lambda s: sorted(re.findall(r"\{(\w+)", s))  # noqa: E731
    assert [k for k in ours(zh) if fields(zh[k]) != fields(en[k])] == []
    assert [k for k in ours(zh) if not CJK.search(zh[k]) and k.startswith("help.") and ".var." not in k
            and k not in ("help.options_metavar", "help.colon")] == []


def test_every_command_and_option_has_help_in_both_languages() -> None:
    for lang, env in (("zh", CHINESE_ENV), ("en", ENGLISH_ENV)):
        for path in command_paths():
            page = run([*path, "--help"], env)
            rows = help_rows(page)
            assert rows, (path, page)
            for term, description in rows:
                if lang == "zh":
                    assert CJK.search(description), (path, term, description)
                else:
                    assert description[0].isupper() or description[0].isdigit(), (path, term, description)


def test_the_locale_data_covers_every_command_and_parameter() -> None:
    """A command or option added without its words in both languages would show English (or nothing) in Chinese."""
    ctx = root_context()
    for path in command_paths():
        command = cli.get_command(ctx, path[0])
        if len(path) > 1:
            assert isinstance(command, click.Group)
            command = command.commands[path[1]]
        key = " ".join(path)
        for lang in ("zh", "en"):
            assert has(f"help.{key}.text", lang) and has(f"help.{key}.short", lang), (key, lang)
            for param in command.params:
                if getattr(param, "hidden", False):
                    continue
                assert has(f"help.{key}.param.{param.name}", lang) or has(f"help.common.param.{param.name}", lang), \
                    (key, param.name, lang)


def test_help_is_chinese_by_default_and_english_on_request() -> None:
    zh = run(["--help"], CHINESE_ENV)
    assert zh.startswith("用法：judge [选项] 命令 [参数]...") and "\n选项：\n" in zh and "\n命令：\n" in zh
    assert "显示此帮助并退出。" in zh and "Usage" not in zh and "Show this message" not in zh
    for english in (run(["--lang", "en", "--help"], CHINESE_ENV), run(["--help", "--lang", "en"], CHINESE_ENV),
                    run(["--help"], ENGLISH_ENV)):
        assert english.startswith("Usage: judge [OPTIONS] COMMAND [ARGS]...") and "\nOptions:\n" in english
        assert "Show this message and exit." in english and "用法" not in english and "选项" not in english
    assert run(["--lang", "zh", "--help"], ENGLISH_ENV).startswith("用法：")


def test_subcommand_help_follows_lang_wherever_it_is_typed() -> None:
    assert run(["rule", "--help"], CHINESE_ENV).startswith("用法：judge rule [选项] 规则编号")
    assert run(["rule", "--help", "--lang", "en"], CHINESE_ENV).startswith("Usage: judge rule [OPTIONS] RULE_ID")
    assert run(["--lang", "en", "faq", "check", "-h"], CHINESE_ENV).startswith("Usage: judge faq check [OPTIONS]")
    assert run(["run", "--lang", "en", "--help"], CHINESE_ENV).startswith("Usage: judge run")
    assert run(["faq", "check", "-h"], ENGLISH_ENV).startswith("Usage: judge faq check [OPTIONS]")


def test_the_command_list_is_the_same_as_each_commands_own_short_help() -> None:
    for lang, env in (("zh", CHINESE_ENV), ("en", ENGLISH_ENV)):
        listed = dict(help_rows(run(["--help"], env)))
        assert list(listed)[-len(LAZY_COMMANDS):] == list(LAZY_COMMANDS)
        set_lang(lang)
        try:
            for name in LAZY_COMMANDS:
                command = cli.get_command(root_context(), name)
                assert command is not None and command.get_short_help_str(200) == listed[name]
        finally:
            set_lang(None)


def test_judge_help_imports_no_command_module() -> None:
    code = (
        "import sys\nfrom judge.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "print([m for m in sys.modules if m.startswith('judge.') and m.endswith('commands')], file=sys.stderr)"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "LANG": "zh_CN.UTF-8"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert "rule" in out.stdout and "查看一条规则" in out.stdout
    assert out.stderr.strip() == "[]"


def test_click_messages_are_in_the_language_in_use() -> None:
    res = CliRunner().invoke(cli, ["nosuch"], env=CHINESE_ENV)
    assert res.exit_code == 2 and "错误：没有命令“nosuch”。" in res.output and "Error" not in res.output
    res = CliRunner().invoke(cli, ["nosuch"], env=ENGLISH_ENV)
    assert res.exit_code == 2 and "Error: No such command 'nosuch'." in res.output
    res = CliRunner().invoke(cli, ["search", "x", "--limit", "0"], env=CHINESE_ENV)
    assert res.exit_code == 2 and "的值无效" in res.output


def test_messages_follow_the_locale_and_lang() -> None:
    assert "没有名为“mtg”的游戏" in run(["rule", "706", "--game", "mtg"], CHINESE_ENV)
    assert "unknown game 'mtg'" in run(["rule", "706", "--game", "mtg"], ENGLISH_ENV)
    assert "unknown game 'mtg'" in run(["rule", "706", "--game", "mtg", "--lang", "en"], CHINESE_ENV)
    assert "没有名为“mtg”的游戏" in run(["--lang", "zh", "rule", "706", "--game", "mtg"], ENGLISH_ENV)


def test_chinese_help_wraps_by_terminal_columns() -> None:
    text = "显示规则编号所指的规则：所在章节路径、正文、示例（及其引用的卡牌）、子条目、它引用的规则 706.1a。"
    lines = wrap(text, 30)
    assert "".join(lines) == text.replace(" ", "")  # the one space fell at a line break
    assert all(display_width(line) <= 30 for line in lines)
    assert not any(line.startswith(("，", "、", "）", "。")) for line in lines)  # no line opens with a closing mark
    page = CliRunner().invoke(cli, ["rule", "--help"], env=CHINESE_ENV, terminal_width=60).output
    assert max(display_width(line) for line in page.splitlines()) in range(50, 61)
