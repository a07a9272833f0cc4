"""English that reads as English: every phrase of every game, and every bundled scenario's trace in English."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from judge.games import games_with_engine, load_game
from judge.locale.english import agree, base_form, tidy
from judge.scenario.runner import render_text

REPO = Path(__file__).resolve().parents[1]
SUBJECTS = ("player", "turn")  # the placeholders that name a player at the head of a clause
CJK = re.compile(r"[\u3400-\u9fff]")


def phrases(lang: str) -> list[tuple[str, str, str]]:
    return [(g, kind, str(p[lang])) for g in games_with_engine() for kind, p in load_game(g).phrases.items()]


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("base, verb", [
    ("receive", "receives"), ("pass", "passes"), ("choose", "chooses"), ("ready", "readies"), ("have", "has"),
    ("reach", "reaches"), ("finalize", "finalizes"), ("lose", "loses"), ("do", "does"), ("discard", "discards"),
])
def test_base_forms_of_the_verbs_the_phrases_use(base: str, verb: str) -> None:
    assert base_form(verb) == base


def test_a_second_person_subject_agrees() -> None:
    assert agree("{player} receives priority", {"player": "you"}) == "{player} receive priority"
    assert agree("Start: {turn}'s turn, seats {seats}", {"turn": "you"}) == "Start: your turn, seats {seats}"
    assert agree("{player} orders {player:their} triggered effects", {"player": "you"}) == "{player} order your triggered effects"
    assert agree("{player} orders {player:their} triggered effects", {}) == "{player} orders their triggered effects"
    assert agree("{player} already meets the limit", {"player": "you"}) == "{player} already meet the limit"
    assert agree("{player} announces {link} and {player:puts} it on top", {"player": "you"}) == "{player} announce {link} and put it on top"
    assert agree("{player} announces {link} and {player:puts} it on top", {}) == "{player} announces {link} and puts it on top"
    assert tidy("you deal 4  damage , then pass") == "You deal 4 damage, then pass"


@pytest.mark.parametrize("game, kind, template", phrases("en"), ids=lambda x: x if isinstance(x, str) else "")
def test_every_english_phrase_agrees_with_you(game: str, kind: str, template: str) -> None:
    second = {s: "you" for s in SUBJECTS if "{" + s + "}" in template}
    filled = agree(template, second)
    for s in second:
        for m in re.finditer(r"\{" + s + r"\} ([a-z]+)", template):
            verb = m.group(1)
            if verb.endswith("s") and not verb.endswith("ss") and verb not in ("always",):
                assert "{" + s + "} " + verb not in filled, f"{game}.{kind}: “you {verb}”"
        assert "{" + s + "}'s" not in filled and "{" + s + "}’s" not in filled, f"{game}.{kind}: “you's”"
    assert not re.search(r"\{[a-z_]+:", filled), f"{game}.{kind}: a grammar mark left: {filled}"
    values = {f: "X" for f in fields(filled)}
    text = tidy(filled.format(**values))
    assert "  " not in text and not CJK.search(text), f"{game}.{kind}: {text}"


@pytest.mark.parametrize("game, kind, template", phrases("zh"), ids=lambda x: x if isinstance(x, str) else "")
def test_every_chinese_phrase_is_chinese(game: str, kind: str, template: str) -> None:
    assert not re.search(r"\{[a-z_]+:", template), f"{game}.{kind}: an English grammar mark in Chinese"
    words = re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", template))
    assert not words, f"{game}.{kind}: English words {words} in {template}"


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_the_english_traces_of_the_bundled_scenarios_read_as_english(bundled_run) -> None:
    """No "you's", no "you receives", no doubled space, no lowercase start, and no Chinese but the names the file
    gives only in Chinese (a card without an English name, a card name a player names in its choices)."""
    bad = []
    for path in sorted((REPO / "scenarios").rglob("*.yaml")):
        res = bundled_run(path)
        if res.game is None:
            continue
        own = sorted({c.name["zh"] for c in res.game.state.cards.values() if c.name.get("en") in (None, "", c.name["zh"])}
                     | set(_strings(res.scenario.data.get("choices"))), key=len, reverse=True)
        for line in render_text(res, "en").splitlines():
            step = re.match(r"\s*\d+\. (.*?)(  \[[^]]*\])?$", line)  # a numbered step, without its citations
            said = step.group(1) if step else ""
            for name in own:
                said = said.replace(name, "NAME")
            if step and re.search(r"\byou'?s\b|\b[Yy]ou (receives|passes|chooses|announces|orders|pays|draws|has|adds|"
                                  r"plays|puts|loses|gets|decides)\b|  |^[a-z]|" + CJK.pattern, said):
                bad.append(f"{path.name}: {step.group(1)}")
    assert not bad, "\n".join(bad[:20])
