"""Fuzzing with hostile values: scenario files (huge and negative numbers, control characters, aliases, keys in
any order, runaway counts) and `judge corpus add` arguments (game ids, titles, encodings, formats, file bytes).
Every case ends cleanly: a result or a located error, never a traceback or a hang. The README states the counts."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hostile_run import deadline
from judge import paths
from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import render_text, run, run_branches

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").glob("*/*.yaml")) + sorted((REPO / "tests" / "hostile").glob("*.yaml"))
TEXTS = [p.read_text(encoding="utf-8") for p in SCENARIOS]
SCENARIO_CASES = 1000  # quoted in the README
CORPUS_CASES = 500  # quoted in the README

HOSTILE_VALUES = [
    "1000001", "-1000001", "1000000000000000000", "-1000000000000000000", "1" + "0" * 100, "0", "-1", "3.5", "1e400",
    ".nan", ".inf", "null", "true", "[]", "{}", "''", '"\\e[2J\\u202e"', '"\\x00"', "*a", "&a x", "!!python/object:os.system x",
    "[*a, *a]", "{max: 1000000000000000000}", "{up_to: all}", "{resolve: 1000000}", "resolve_all", "all",
    "2024-13-45", "[{}]", "{each: unit}", "{up_to: 40}", "{bar: opp}", "next_round", "a1", "self", "'\f'",
    "{mul: [1000000, 1000000, 1000000, 1000000]}", "{var: nope}", "[" * 30 + "]" * 30, "you", "opp", "units", "hand",
]
SCALAR = re.compile(r"(?<=: )[^{}\[\],\n#]+")


def mutate(data: st.DataObject) -> str:
    """A bundled or hostile scenario with a few of its values replaced, keys of flow mappings reordered,
    or lines dropped."""
    text = data.draw(st.sampled_from(TEXTS))
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["value", "value", "reorder", "drop", "action"]))
        spots = list(SCALAR.finditer(text))
        if kind == "value" and spots:
            m = spots[data.draw(st.integers(0, len(spots) - 1))]
            text = text[:m.start()] + data.draw(st.sampled_from(HOSTILE_VALUES)) + text[m.end():]
        elif kind == "reorder":
            flows = list(re.finditer(r"\{([^{}\n]*)\}", text))
            if flows:
                m = flows[data.draw(st.integers(0, len(flows) - 1))]
                parts = m.group(1).split(", ")
                parts = data.draw(st.permutations(parts))
                text = text[:m.start()] + "{" + ", ".join(parts) + "}" + text[m.end():]
        elif kind == "drop":
            lines = text.split("\n")
            del lines[data.draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        elif "actions:\n" in text:
            act = data.draw(st.sampled_from(["{resolve: 1000000}", "resolve_all", "{by: you, play: strike}",
                                             "{draw: you, count: 1000000}", "{pass: opp}", "end_turn"]))
            text = text.replace("actions:\n", f"actions:\n  - {act}\n", 1)
    return text


@settings(max_examples=SCENARIO_CASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_hostile_scenarios_end_cleanly(data: st.DataObject) -> None:
    text = mutate(data)
    branch = data.draw(st.booleans())
    with deadline(15):  # one case: a hang fails here
        try:
            sc = load_text(text, "f.yaml")
            res = run(sc)
            render_text(res, "zh")
            if res.status == "stopped" and branch:
                run_branches(sc, 8)
        except ScenarioError as e:
            assert e.file == "f.yaml" and e.line >= 1 and e.column >= 1 and e.message
            return
    assert res.status in ("pass", "fail", "stopped")


def tree(root: Path) -> dict[str, str]:
    if not root.exists():
        return {}
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


RULES = "100. 总则\n100.1 第一条，参见规则100.2。\n100.2 第二条。\n"
texts = st.one_of(st.sampled_from(["demo", "rise", "riftbound", "sources", "glossary", "cards", "con", "demo\n",
                                   "Demo", "a" * 40, "x\x1b[2J", "d\udcff", "", "-", "new-game", "g_1"]),
                  st.text(max_size=12))
bodies = st.one_of(
    st.sampled_from([RULES, "820.1 重复。\n", "no rules\n", "100.1 a\x1b[31m\n", "\ufeff" + RULES, ""]).map(lambda t: t.encode("utf-8")),
    st.sampled_from([RULES]).map(lambda t: t.encode("gb18030")),
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogateescape")),
)


@settings(max_examples=CORPUS_CASES, deadline=None, suppress_health_check=list(HealthCheck))
@given(game=texts, new=st.booleans(), fmt=st.sampled_from(["plain", "rise-forum", "sanguo-damaged", "riftbound-search", "nope", ""]),
       title=st.one_of(st.none(), texts, st.text(max_size=300)), encoding=st.one_of(st.none(), st.sampled_from(
           ["utf-8", "gb18030", "big5", "GBK", "utf-16", "rot13", "latin-1", ""])), body=bodies,
       name=st.sampled_from(["doc.txt", ".hidden", "a\udcff.txt", "x" * 130 + ".txt", "sources.yaml", "000_85166b5fbc181240.txt"]))
def test_corpus_add_arguments_end_cleanly(tmp_path_factory: pytest.TempPathFactory, game: str, new: bool, fmt: str,
                                          title: str | None, encoding: str | None, body: bytes, name: str) -> None:
    from judge.corpus_commands import corpus_group

    work = tmp_path_factory.mktemp("fuzz")
    data = work / "data"
    data.mkdir()
    # a layer that already holds a document: a failed add must leave it byte for byte
    (work / "first.txt").write_text(RULES, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp, deadline(15):
        mp.setenv(paths.DATA_ENV, str(data))
        runner = CliRunner()
        assert runner.invoke(corpus_group, ["add", str(work / "first.txt"), "--new-game", "first"]).exit_code == 0
        before = tree(data)
        doc = work / name
        doc.write_bytes(body)
        args = ["add", str(doc), "--new-game" if new else "--game", game, "--format", fmt]
        args += ["--title", title] if title is not None else []
        args += ["--encoding", encoding] if encoding is not None else []
        res = runner.invoke(corpus_group, args)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code in (0, 2), res.output
    if res.exit_code == 2:
        assert res.output.strip(), "an error without a message"
        assert tree(data) == before, "a failed add changed the corpus"
