"""No English phrases in the Chinese output of `run`, `faq check`, `coverage` and the errors of `rule`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from builder import yaml_text
from click.testing import CliRunner

from judge.cli import cli

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.yaml"))
CHINESE_ENV = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": "zh_CN.UTF-8"}

# Two or more English words in a row: a phrase or sentence, not a code such as FAQ, TCG, a game id or a
# hyphenated name (rise-forum, max-branches).
ENGLISH_PHRASE = re.compile(r"[A-Za-z]{2,}(?:['’-][A-Za-z]+)*(?: +[A-Za-z]{2,}(?:['’-][A-Za-z]+)*)+")
# What may be ASCII inside Chinese text: a command the message tells the judge to type, a path, a file name.
COMMAND = re.compile(r"judge(?: -{0,2}[\w./-]+)+")
PATH = re.compile(r"\S*[/\\]\S*|[\w.-]+\.(?:yaml|yml|txt|json|html|md|xml)\b")
OPTION = re.compile(r"--[\w-]+")  # an option to type: --max-branches, --new-game


QUOTED = re.compile(r"“[^”\n]*”")  # what the judge typed, shown back: “Bad Game”
TITLE = re.compile(r"^== .*$", re.M)  # a scenario's own title line (the file's words)


def english_phrases(text: str) -> list[str]:
    for pattern in (TITLE, QUOTED, COMMAND, PATH, OPTION):
        text = pattern.sub("", text)
    return ENGLISH_PHRASE.findall(text)


def test_the_detector_finds_english_inside_chinese() -> None:
    assert english_phrases("你无法完成添加新星爆发（cannot pay 4 (has 2)）") == ["cannot pay"]
    assert english_phrases("错误：bound of 1 runs reached: 2 open path(s) not explored") == ["bound of", "runs reached", "open path", "not explored"]
    assert english_phrases("可用的格式：plain, rise-forum；--max-branches；“Bad Game”") == []
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


# --- the errors a judge meets while writing a scenario, adding a document, exploring branches ---------------------
GOOD = (REPO / "tests" / "data" / "inline" / "rise" / "708_1a_your_turn.yaml").read_text(encoding="utf-8")
HOSTILE = Path(__file__).resolve().parent / "hostile"
BAD_SCENARIOS = {
    "misspellings": GOOD.replace("turn: you", "turn: yuo").replace("    health: 2\n", "    helth: 2\n", 1)
    .replace("{play: strike, by: you}", "{paly: strike, by: you}").replace("do: [{destroy: target}]", "do: [{destory: target}]")
    .replace("- {for: alberto, pay: true}", "- {for: albert, pay: true}"),
    "wrong types": GOOD.replace("    cost: 2\n", "    cost: two\n", 1).replace("turn: you", "turn: [you]"),
    "unclosed bracket": "game: rise\nplayers: [{id: you}\nturn: you\n",
    "tab indent": "game: rise\ncards:\n\ta: 1\n",
    "bad indent": "game: rise\ncards:\n  a: 1\n b: 2\n",
    "missing colon": "game: rise\ntitle\nturn: you\n",
    "unclosed quote": "game: rise\ntitle: 'x\n",
    "control character": "game: rise\ntitle: \x1b[2J\n",
    "tag": "game: rise\ntitle: !foo x\n",
    "not a mapping": "- a\n- b\n",
    "empty": "",
    "duplicate key": GOOD.replace("turn: you", "turn: you\nturn: opp"),
    "illegal answer": GOOD.replace("- {for: strike, target: osaro}", "- {for: strike, target: strike}"),
    "not in hand": GOOD.replace("    zone: hand\n", "    zone: units\n", 1),
    "negative and undefined": GOOD.replace("do: [{destroy: target}]",
                                           "do: [{damage: {to: target, amount: -5}}, {draw: {player: you, count: {var: nope}}}]"),
}


@pytest.mark.parametrize("case", list(BAD_SCENARIOS))
def test_scenario_check_and_run_of_a_bad_file_speak_chinese(case: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(BAD_SCENARIOS[case], encoding="utf-8")
    for args in (["scenario", "check", str(path)], ["run", str(path)]):
        text = output(*args)
        assert f"{path}" in text and english_phrases(text) == [], (args, text)
    assert f"错误：{path}:" in output("run", str(path))  # the run-time ones (an illegal answer …) too


@pytest.mark.parametrize("name", ["alias_bomb.yaml", "x_max_1e18.yaml", "resolve_loop_million.yaml",
                                  "resolve_all_growing.yaml"])
def test_hostile_files_are_refused_in_chinese(name: str) -> None:
    text = output("run", str(HOSTILE / name))
    assert "错误：" in text and english_phrases(text) == []


def test_a_file_that_is_not_utf8_and_a_folder_without_scenarios(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes("title: caf\u00e9\n".encode("latin-1"))
    empty = tmp_path / "nothing"
    empty.mkdir()
    for args in (["scenario", "check", str(bad)], ["run", str(empty)], ["run", str(tmp_path / "missing.yaml")]):
        text = output(*args)
        assert "错误：" in text and english_phrases(text) == [], text


@pytest.mark.parametrize("args", [
    ["--game", "demo"], ["--new-game", "rise"], [], ["--new-game", "Bad Game"], ["--new-game", "sources"],
    ["--new-game", "demo", "--encoding", "rot13"], ["--new-game", "demo", "--title", "two\nlines"],
    ["--new-game", "demo", "--title", "x" * 201], ["--new-game", "demo", "--format", "nope"],
])
def test_corpus_add_errors_speak_chinese(args: list[str], tmp_path: Path) -> None:
    doc = tmp_path / "new.txt"
    doc.write_text("900.1 一条新规则。\n", encoding="utf-8")
    text = output("corpus", "add", str(doc), *args)
    assert "错误：" in text and english_phrases(text) == [], text


@pytest.mark.parametrize("name, content", [
    ("undecodable.txt", None), ("control_characters.txt", None),
    ("clash.txt", "820.1 一条。\n820.1 又一个 820.1。\n".encode("utf-8")),  # 820.1 twice in one document
    ("000_85166b5fbc181240.txt", "900.1 规则。\n".encode("utf-8")),  # the name of a bundled document
])
def test_corpus_add_of_a_bad_document_speaks_chinese(name: str, content: bytes | None, tmp_path: Path) -> None:
    doc = tmp_path / name
    doc.write_bytes(content if content is not None else (HOSTILE / "docs" / name).read_bytes())
    text = output("corpus", "add", str(doc), "--game", "riftbound")
    assert "错误：" in text and english_phrases(text) == [], text
    text = output("corpus", "remove", "nope.txt")
    assert "错误：" in text and english_phrases(text) == [], text


def test_run_branches_speaks_chinese(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load(GOOD)
    data["choices"] = []  # the target and alberto's payment unanswered: several outcomes
    path = tmp_path / "open.yaml"
    path.write_text(yaml_text(data), encoding="utf-8")
    for args in (["run", "--branches", str(path)], ["run", "--branches", "--max-branches", "1", str(path)],
                 ["run", "--branches", str(HOSTILE / "modes_0_to_30.yaml")],
                 ["run", "--branches", str(REPO / "scenarios" / "sanguo" / "409_6_example.yaml")]):
        text = output(*args)
        assert re.search(r"[\u4e00-\u9fff]", text) and english_phrases(text) == [], (args, text)
    text = output("run", "--branches", str(path))
    assert "与其他结局不同的步骤" in text and "（共运行 " in text


def test_the_totals_of_a_folder_of_one_game_are_in_that_games_script() -> None:
    """A judge of the Three-Kingdoms game reads its document's Traditional script everywhere, the totals line too;
    files of several games are totalled in the judge's own words (Simplified)."""
    out = CliRunner().invoke(cli, ["run", str(REPO / "scenarios" / "sanguo")], env=CHINESE_ENV).output
    last = out.strip().splitlines()[-1]
    assert "個檔案" in last and "通過" in last
    assert not set(last) & set("个过选择处无"), last  # no Simplified forms in it
    mixed = CliRunner().invoke(cli, ["run", str(REPO / "scenarios" / "sanguo" / "401_2_example.yaml"),
                                     str(REPO / "scenarios" / "rise" / "708_1a_your_turn.yaml")], env=CHINESE_ENV).output
    assert "个文件" in mixed.strip().splitlines()[-1]
