"""Bad scenario files: every problem is reported with file, line and column, never as a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from builder import refused

from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import run

ROOT = Path(__file__).resolve().parent / "data" / "inline" / "rise"  # written inline (tests/data/inline/README.md)
GOOD = (ROOT / "708_1a_your_turn.yaml").read_text(encoding="utf-8")
LINES = GOOD.splitlines()


def line_of(text: str, needle: str) -> int:
    return next(i for i, l in enumerate(text.splitlines(), 1) if needle in l)


def test_good_file_loads() -> None:
    assert load_text(GOOD, "f.yaml").data["turn"] == "you"


def test_unknown_card_id() -> None:
    text = GOOD.replace("- {for: alberto, pay: true}", "- {for: albert, pay: true}")
    e = refused(text)
    assert "未知的卡牌编号“albert”（是不是“alberto”？）" in e.message and e.line == line_of(text, "albert,")


def test_card_in_two_zones() -> None:
    text = GOOD.replace("actions:", "chain:\n  - {card: alberto, by: you}\nactions:")
    e = refused(text)
    assert "同时在两个区域" in e.message and e.line == line_of(text, "{card: alberto, by: you}")


def test_type_error_names_the_field() -> None:
    text = GOOD.replace("    cost: 2\n", "    cost: two\n", 1)
    e = refused(text)
    assert "cards.alberto.cost" in e.message and "应为整数或X，实际是文字 two" in e.message and e.line == line_of(text, "cost: two")


def test_ability_the_language_cannot_express() -> None:
    text = GOOD.replace("do: [{destroy: target}]", "do: [{banish_forever: target}]")
    e = refused(text)
    assert "效果语言中没有步骤“banish_forever”" in e.message
    assert e.line == line_of(text, "banish_forever")


def test_unknown_field_points_at_the_key() -> None:
    text = GOOD.replace("    health: 2\n", "    health: 2\n    colour: red\n", 1)
    e = refused(text)
    assert "未知的字段“colour”" in e.message and (e.line, e.column) == (line_of(text, "colour"), 5)


def test_duplicate_key_and_yaml_syntax() -> None:
    assert "重复的键“turn”" in refused(GOOD.replace("turn: you", "turn: you\nturn: opp")).message
    e = refused(GOOD.replace("turn: you", "turn: [you"))
    assert "不是有效的 YAML" in e.message and e.line > 1


def test_illegal_scripted_choice_names_the_legal_options() -> None:
    text = GOOD.replace("- {for: strike, target: osaro}", "- {for: strike, target: strike}")
    sc = load_text(text, "f.yaml")
    with pytest.raises(ScenarioError) as info:
        run(sc)
    assert "合法的选项" in info.value.message and info.value.line == line_of(text, "target: strike}")


def _mutate(data: st.DataObject) -> str:
    lines = list(LINES)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["delete", "dup", "swap", "chars", "truncate", "value"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            del lines[i]
        elif kind == "dup":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "chars":
            junk = data.draw(st.text(alphabet=":-{}[]#&*!|>'\" \tabc1è", max_size=6))
            pos = data.draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:pos] + junk + lines[i][pos:]
        elif kind == "truncate":
            lines = lines[:i]
        else:
            if ":" in lines[i]:
                head = lines[i].split(":", 1)[0]
                lines[i] = head + ": " + data.draw(st.sampled_from(["-1", "x", "[]", "{}", "null", "true", "3.5", "opp", "units", "alberto"]))
        if not lines:
            break
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_files_fail_cleanly(data: st.DataObject) -> None:
    text = _mutate(data)
    try:
        sc = load_text(text, "m.yaml")
    except ScenarioError as e:
        assert e.file == "m.yaml" and e.line >= 1 and e.column >= 1 and e.message
        return
    try:
        res = run(sc)
    except ScenarioError as e:
        assert e.line >= 1 and e.message
        return
    assert res.status in ("pass", "fail", "stopped")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_fails_cleanly(text: str) -> None:
    try:
        load_text(text, "t.yaml")
    except ScenarioError as e:
        assert e.line >= 1 and e.column >= 1


DEP_FILE = (ROOT / "719_1_example.yaml").read_text(encoding="utf-8")


def test_explain_expectation_names_known_cards_in_depends_on() -> None:
    text = DEP_FILE.replace("depends_on: [kedorn]", "depends_on: [kedorm]")
    e = refused(text)
    assert "未知的卡牌编号“kedorm”（是不是“kedorn”？）" in e.message and e.line == line_of(text, "kedorm")


def test_explain_expectation_checks_the_reason_it_names() -> None:
    # The 719.1 example passes as written; naming the wrong reason or the wrong dependency makes it fail.
    assert run(load_text(DEP_FILE, "f.yaml")).status == "pass"
    wrong_reason = DEP_FILE.replace("{source: samanye, reason: dependency,", "{source: samanye, reason: timestamp,")
    wrong_why = DEP_FILE.replace("why: value}", "why: applies}")
    for text in (wrong_reason, wrong_why):
        assert text != DEP_FILE
        assert run(load_text(text, "f.yaml")).status == "fail"
