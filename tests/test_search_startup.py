"""Start-up: each command imports only what it needs (checked in a fresh process through sys.modules).

Times are never asserted here; benchmarks/bench_startup.py measures them.  Each check runs the
command twice in one private cache folder and inspects the second run: the first may fill the
caches a command reads (the parsed corpus, the search index, the scenario citations, the
scenarios that passed the schema check), as it does once after an install.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

RUN = """
import json, sys
from judge.cli import cli
before = set(sys.modules)
try:
    cli(sys.argv[1:])
except SystemExit:
    pass
print("\\n" + json.dumps(sorted(set(sys.modules) - before)))
"""

HEAVY = ("whoosh", "opencc", "jsonschema")
UNUSED_BY_SEARCH = ("judge.engine", "judge.scenario", "jsonschema", "asyncio", "ssl", "http", "email",
                    "urllib.request", "cached_property", "whoosh.lang", "html", "whoosh.util.times", "calendar",
                    "tempfile", "shutil", "random", "pickle", "queue", "hashlib", "_hashlib", "whoosh.automata.lev",
                    "whoosh.support.levenshtein", "judge.corpus.gamenames", "yaml",
                    "whoosh.highlight", "whoosh.collectors", "whoosh.sorting")  # judge ranks and marks hits itself


def imported(args: list[str], cache: Path) -> list[str]:
    """The modules a second run of ``judge ARGS`` imports (the first fills the caches)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "JUDGE_CACHE_DIR": str(cache)}
    for _ in range(2):
        out = subprocess.run([sys.executable, "-W", "error", "-c", RUN, *args], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.rstrip().rsplit("\n", 1)[-1])


def under(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)]


@pytest.mark.parametrize("args", [["rule", "709.2b"], ["rule", "709.2b", "--json"], ["--help"]])
def test_rule_and_help_import_neither_whoosh_opencc_nor_jsonschema(args: list[str], tmp_path: Path) -> None:
    modules = imported(args, tmp_path / "cache")
    assert under(modules, HEAVY) == []
    if args[0] == "rule":
        assert "judge.corpus.store" in modules  # the check ran the command, not just the group


def test_search_imports_neither_the_engine_nor_what_whoosh_does_not_need(tmp_path: Path) -> None:
    modules = imported(["search", "两个触发同时发生谁先上链"], tmp_path / "cache")
    assert "whoosh.searching" in modules  # it did search
    assert under(modules, UNUSED_BY_SEARCH) == []


@pytest.mark.parametrize("args", [["search", "两个触发同时发生谁先上链"], ["search", "本回合的效果什么时候结束", "--json"],
                                  ["search", "堆疊", "--game", "rise"]])
def test_search_without_a_character_t2s_converts_in_context_does_not_load_opencc(args: list[str], tmp_path: Path) -> None:
    # the first question's hits include Traditional rules of sanguo: their snippets come from the folded text stored
    # in the index; 堆疊's 疊 is converted the same way wherever it stands (judge/locale/t2s_changes.txt)
    modules = imported(args, tmp_path / "cache")
    assert "whoosh.searching" in modules and "judge.search.snippet" in modules  # it searched and showed hits
    assert under(modules, ("opencc",)) == []


def test_search_for_a_character_converted_in_context_loads_opencc(tmp_path: Path) -> None:
    modules = imported(["search", "觸發"], tmp_path / "cache")  # 發: 发 or 髮 by its neighbours (頭髮)
    assert "opencc" in modules


def test_search_in_one_game_reads_the_games_names_without_yaml_or_openssl(tmp_path: Path) -> None:
    modules = imported(["search", "堆疊", "--game", "rise"], tmp_path / "cache")
    assert "judge.corpus.gamenames" in modules and "whoosh.searching" in modules  # it checked the game and searched
    assert under(modules, ("yaml", "hashlib", "_hashlib", "judge.engine", "jsonschema")) == []


def test_whoosh_stand_ins_are_gone_once_whoosh_is_imported() -> None:
    code = (
        "import functools, sys\n"
        "import judge.search.whoosh_api, whoosh.reading, whoosh.compat\n"
        "assert whoosh.reading.cached_property is functools.cached_property\n"
        "assert not {'urllib.request', 'html', 'tempfile', 'random', 'whoosh.util.times', 'pickle', 'queue', 'hashlib',\n"
        "            'whoosh.automata.lev', 'whoosh.support.levenshtein'} & set(sys.modules)\n"
        "import _pickle\n"
        "assert whoosh.compat.loads is _pickle.loads and whoosh.compat.loads(whoosh.compat.dumps([1, 'a'])) == [1, 'a']\n"
        "import whoosh.filedb.filetables as ft, hashlib\n"
        "assert ft.md5_hash(b'key') == int(hashlib.md5(b'key').hexdigest(), 16) & 0xFFFFFFFF  # the index's hash tables\n"
        "assert whoosh.reading.distance('abc', 'abd') == 1\n"
        "import whoosh.codec.base, queue, pickle\n"
        "assert whoosh.codec.base.lev.levenshtein_automaton and whoosh.compat.queue.Queue is queue.Queue\n"
        "assert whoosh.compat.pickle.HIGHEST_PROTOCOL == pickle.HIGHEST_PROTOCOL\n"
        "import urllib.request, html, tempfile\n"
        "assert urllib.request.urlopen and html.unescape('&amp;') == '&' and type(tempfile).__name__ == 'module'\n"
        "import whoosh.filedb.filestore, whoosh.fields, datetime\n"
        "assert whoosh.filedb.filestore.tempfile.gettempdir() == tempfile.gettempdir()  # Whoosh's name forwards\n"
        "import whoosh.util.times\n"
        "day = datetime.datetime(1970, 1, 1)\n"
        "assert whoosh.fields.datetime_to_long(day) == whoosh.util.times.datetime_to_long(day)\n"
        "assert whoosh.compat.htmlescape('<b>') == '&lt;b&gt;'\n"
        "import whoosh.searching\n"
        "assert 'whoosh.highlight' not in sys.modules and whoosh.searching.highlight.Highlighter().fragmenter\n"
        "from whoosh.lang.porter import stem\n"
        "assert stem('prevented') == 'prevent'\n"
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "ok"


def test_game_data_is_read_from_the_cache_without_yaml(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    imported(["run", "rise/708_1a_your_turn"], cache)  # fills the cache of the games' parsed data
    code = ("import sys\nfrom judge.games import load_game\nrise = load_game('rise')\n"
            "assert 'yaml' not in sys.modules, 'game.yaml parsed again'\nprint(rise.game, len(rise.zones) > 0)\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "JUDGE_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["rise", "True"]


@pytest.mark.parametrize("args", [["run", "rise/708_1a_your_turn"], ["run", "rise/708_1a_your_turn", "--json"],
                                  ["--lang", "en", "run", "sanguo/401_2_example"],
                                  ["run", "riftbound/vendetta_21_cannot_be_stunned"]])  # its cards come from a card library
def test_run_of_a_scenario_read_before_imports_neither_yaml_nor_jsonschema(args: list[str], tmp_path: Path) -> None:
    modules = imported(args, tmp_path / "cache")  # the first run parsed the file and checked it against the schema
    assert "judge.engine.game" in modules  # it ran the scenario
    assert under(modules, ("yaml", "jsonschema", "hashlib", "_hashlib")) == []
    # the schema's digest is remembered: no other game's Ruleset is built
    game = next(a for a in args if "/" in a).split("/")[0]
    assert [m for m in modules if m.startswith("judge.games.") and not m.startswith(f"judge.games.{game}")] == []


def test_run_skips_jsonschema_for_a_file_that_passed_the_check_and_still_rejects_a_bad_one(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert under(imported(["run", "rise/708_1a_your_turn"], cache), ("jsonschema",)) == []
    bad = tmp_path / "bad.yaml"
    good = (REPO / "tests" / "data" / "inline" / "rise" / "708_1a_your_turn.yaml").read_text(encoding="utf-8")
    bad.write_text(good.replace("game: rise", "game: rise\nwhat: 1", 1), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO), "JUDGE_CACHE_DIR": str(cache)}
    for _ in range(2):  # a file that failed is checked again, and fails again
        out = subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", "run", str(bad)],
                             capture_output=True, text=True, env=env)
        assert out.returncode == 2 and "“what”" in out.stderr


def test_commands_import_pathlib_without_urllib_parse_and_as_uri_still_works(tmp_path: Path) -> None:
    modules = imported(["search", "堆疊", "--game", "rise"], tmp_path / "cache")
    assert "pathlib" in modules and "whoosh.searching" in modules
    assert under(modules, ("urllib.parse", "ipaddress")) == []
    code = ("import sys\nfrom judge.leanimport import import_pathlib\nimport_pathlib()\n"
            "assert 'urllib.parse' not in sys.modules\nimport pathlib, urllib.parse\n"
            "assert type(urllib.parse).__name__ == 'module' and urllib.parse.quote('a b') == 'a%20b'  # the real module\n"
            "print(pathlib.PurePosixPath('/a b/規則').as_uri())\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "file:///a%20b/%E8%A6%8F%E5%89%87"
