"""Input typed the way judges type it: rule numbers with 第…条, spaces, brackets, full-width forms; games by name."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus.gamenames import resolve
from judge.corpus.ruleid import normalize, spellings

CHINESE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"}
ENGLISH_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "en_US.UTF-8"}


def run(*args: str, env: dict[str, str | None] = CHINESE_ENV):
    res = CliRunner().invoke(cli, list(args), env=env)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output
    return res


@pytest.mark.parametrize(
    "typed",
    ["709.2b", "第709.2b条", "第709.2b條", "第 709.2b 条", "709.2 b", "709.2(b)", "规则709.2(b)", "規則 709.2(b)",
     "709.2（b）", "７０９．２ｂ", "７０９．２（ｂ）", "709.2B", "709.2.b", "rule 709.2b", "709.2b。",
     "cr 709.2b", "CR709.2B", "Comprehensive Rules 709.2b", "709 2b", "709 2 b"],
)
def test_rule_number_forms_name_the_same_rule(typed: str) -> None:
    res = run("rule", typed, "--game", "rise")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0].endswith("› 709.2b")  # the breadcrumb ends with the rule itself


@pytest.mark.parametrize("typed", ["820.1.c.3", "820.1(c)(3)", "820.1.c(3)", "820.1c.3", "第820.1.c.3条", "820.1c3",
                                   "820 1 c 3", "cr 820.1.c.3"])
def test_riftbound_numbers_with_letter_parts_in_either_spelling(typed: str) -> None:
    res = run("rule", typed, "--json")
    assert res.exit_code == 0, res.output
    assert (json.loads(res.output)["game"], json.loads(res.output)["id"]) == ("riftbound", "820.1.c.3")


def test_normalize_and_spellings() -> None:
    assert normalize("第709.2b条") == normalize("规则709.2(b)") == normalize("709.2 b") == "709.2b"
    assert normalize("cr 709 2b") == "709.2b" and normalize("135.2b3") == "135.2b.3"
    assert normalize("820.1(c)(3)") == "820.1c.3" and "820.1.c.3" in spellings("820.1c.3")
    assert spellings("709.2.b") == ["709.2.b", "709.2b"] and spellings("706") == ["706"]


@pytest.mark.parametrize(
    ("typed", "game"),
    [("崛起", "rise"), ("RISE", "rise"), ("Rise", "rise"), ("ＲＩＳＥ", "rise"), ("崛起 TCG", "rise"), ("rise", "rise"),
     ("三国", "sanguo"), ("三國", "sanguo"), ("Three Kingdoms", "sanguo"), ("sanguo", "sanguo"),
     ("符文战场", "riftbound"), ("符文戰場", "riftbound"), ("Riftbound", "riftbound"), ("RIFTBOUND", "riftbound")],
)
def test_game_names_resolve_to_the_game(typed: str, game: str) -> None:
    assert resolve(typed) == game


@pytest.mark.parametrize(
    ("args", "game"),
    [(["rule", "706", "--game", "崛起"], "rise"), (["rule", "409.10", "-g", "三國"], "sanguo"),
     (["rule", "820.1", "-g", "符文战场"], "riftbound"), (["rule", "706", "-g", "RISE"], "rise")],
)
def test_rule_takes_game_names(args: list[str], game: str) -> None:
    res = run(*args, "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["game"] == game


def test_every_command_with_game_takes_names() -> None:
    rules = run("rules", "--game", "三國", "--json")
    assert rules.exit_code == 0 and {r["game"] for r in json.loads(rules.output)} == {"sanguo"}
    listed = run("scenario", "list", "--game", "崛起")
    assert listed.exit_code == 0 and listed.output.startswith("rise/")
    coverage = run("coverage", "--game", "Rise", "--json")
    assert coverage.exit_code == 0 and [g["game"] for g in json.loads(coverage.output)["games"]] == ["rise"]
    found = run("search", "响应链", "--game", "符文戰場", "--json")
    assert found.exit_code == 0 and {h["game"] for h in json.loads(found.output)} == {"riftbound"}


def test_an_id_of_another_game_is_named_as_such() -> None:
    res = run("rule", "706", "--game", "sanguo")
    assert res.exit_code == 1
    assert "706 是崛起的规则" in res.output and "--game rise" in res.output
    assert "406" not in res.output  # no "nearest" guess in the wrong game
    res = run("rule", "706", "--game", "三國", env=ENGLISH_ENV)
    assert "Three Kingdoms has no rule 706" in res.output and "706 is a rule of Rise" in res.output


def test_nearest_ids_are_only_from_the_same_chapter() -> None:
    res = run("rule", "709.2z", "--game", "rise")
    assert res.exit_code == 1
    near = res.output.splitlines()[-1].split("：", 1)[1].split("、")
    assert near[0] == "709.2" and all(i.startswith("709.2") for i in near)


def test_garbage_gets_no_suggestions() -> None:
    res = run("rule", "abc")
    assert res.exit_code == 2
    assert "“abc”不是规则编号" in res.output
    assert "最接近" not in res.output and not any(ch.isdigit() for ch in res.output.split("。")[0])


def test_a_chapter_the_game_lacks_lists_its_chapters_instead_of_guessing() -> None:
    res = run("rule", "999", "--game", "sanguo")
    assert res.exit_code == 1
    lines = res.output.splitlines()
    assert lines[0] == "错误：三国没有规则 999。"
    assert lines[1].startswith("三国的规则分布在这些章：400") and len(lines) == 2


def test_the_nearest_ids_are_the_nearest_by_number() -> None:
    # 三國 has 409.1 to 409.10: for 409.99 the closest numbers are 409.10 and 409.9, not 409.1 …
    res = run("rule", "409.99")
    assert res.exit_code == 1, res.output
    line = next(line for line in res.output.splitlines() if "最接近" in line)
    assert line.index("409.10") < line.index("409.9") < line.index("409.8")
    assert "409.1（" not in line


def test_a_heading_says_it_is_one_and_lists_its_children_with_their_words() -> None:
    res = run("rule", "706", "--game", "rise")
    assert res.exit_code == 0, res.output
    assert "（无正文）" not in res.output and "（标题，无正文：内容见下列子条目）" in res.output
    lines = res.output.splitlines()
    first = lines.index("子条目：")
    assert lines[first + 1].startswith("  706.1  某些连结需要一个或数个目标")  # 706.1's first words, under its id
    assert [ln.split()[0] for ln in lines[first + 1:first + 6]] == ["706.1", "706.2", "706.3", "706.4", "706.5"]
