"""Each kind of wrong file issue 21 lists is refused, in each of the three games, by ``judge scenario check`` and by
``judge run`` alike: exit status 2 and a message naming the file, the line and column of the wrong word, and what
would be valid. The same file without the one wrong word passes (so the refusal is the word's, not the base's)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import cli

GAMES = {  # each game's words for the same small board: a one-target spell in hand, an enemy unit, a deck card
    "rise": {"unit": "reinforcement", "spell": "ability", "field": "units", "unit_more": "damage_type: 射击\n    health: 3"},
    "sanguo": {"unit": "troop", "spell": "tactic", "field": "battlefield", "unit_more": "health: 3"},
    "riftbound": {"unit": "unit", "spell": "spell", "field": "base", "unit_more": ""},
}
OTHER_GAMES_CARD_FIELD = {"rise": "empowered: 1", "sanguo": "armor: 1", "riftbound": "armor: 1"}
OTHER_GAMES_PLAYER_FIELD = {"rise": "life: 20", "sanguo": "points: 3", "riftbound": "life: 20"}


def board(game: str, *, do: str = "[{draw: {player: you, count: 1}}]", play_more: str = "", unit_more: str = "",
          player_more: str = "", choices: str = "", expect: str = "  - {card: d1, zone: hand}") -> str:
    """The base file of ``game`` with one part replaced."""
    g = GAMES[game]
    return f"""game: {game}
title: refusal probe
players:
  - {{id: you, name: {{zh: 你, en: you}}, resources: 3{player_more}}}
  - {{id: opp, name: {{zh: 对手, en: opponent}}}}
turn: you
cards:
  bolt:
    name: {{zh: 闪电, en: Bolt}}
    owner: you
    zone: hand
    type: {g['spell']}
    cost: 1
    play:
      targets: [{{filter: {{type: unit}}}}]
      do: {do}{play_more}
  guard:
    name: {{zh: 卫兵, en: Guard}}
    owner: opp
    zone: {g['field']}
    type: {g['unit']}
    power: 2
    {g['unit_more']}
{unit_more}
  d1: {{name: {{zh: 牌一, en: card 1}}, owner: you, zone: deck, type: {g['spell']}}}
actions:
  - {{play: bolt, by: you}}
  - resolve_all
choices:
  - {{for: bolt, target: guard}}
{choices}
expect:
{expect}
"""


@dataclass(frozen=True)
class Wrong:
    """One wrong file: what it changes in the base, where the wrong word is (``at``: unique text, ``offset`` into it)
    and a part of the message that says what would be valid."""

    name: str
    parts: dict[str, str]
    at: str
    offset: int = 0
    hint: str = ""
    by_game: dict[str, dict[str, str]] = field(default_factory=dict)


TRIGGER = "    abilities: [{{kind: triggered, when: {when}, do: [{{draw: {{player: opp, count: 1}}}}]}}]\n"
WRONG = [
    Wrong("a typo in a trigger's card reference", {"unit_more": TRIGGER.format(when="{event: destroyed, card: sefl}")},
          "sefl", hint="self"),
    Wrong("an unknown key in a card reference", {"do": "[{damage: {to: target, from: {leeder: you}, amount: 3}}]"},
          "leeder", hint="leader"),
    Wrong("an unknown key in a player reference", {"do": "[{draw: {player: {bar: opp}, count: 1}}]"}, "bar",
          hint="owner_of"),
    Wrong("a misspelt player reference", {"do": "[{draw: {player: {ownr_of: self}, count: 1}}]"}, "ownr_of",
          hint="owner_of"),
    Wrong("a printed cost repeated as play.cost", {"play_more": "\n      cost: {resources: 2}"}, "resources: 2",
          hint="cost:"),
    Wrong("a field a step does not have", {"do": "[{modify: {cards: target, controller: you}}]"}, "controller",
          hint="power"),
    Wrong("a duration no step has", {"do": "[{modify: {cards: target, power: 1, until: next_round}}]"}, "next_round",
          hint="turn"),
    Wrong("a key of another step where it is not honoured", {"do": "[{draw: {player: you, count: 1, until: turn}}]"},
          "until", hint="count"),
    Wrong("another game's card field", {}, "", by_game={g: {"unit_more": f"    {f}\n"}
                                                         for g, f in OTHER_GAMES_CARD_FIELD.items()}),
    Wrong("another game's player field", {}, "", by_game={g: {"player_more": f", {f}"}
                                                           for g, f in OTHER_GAMES_PLAYER_FIELD.items()}),
    Wrong("a typo inside an if: condition",
          {"unit_more": TRIGGER.format(when="{event: destroyed, card: self, if: {lte: [{hnad: you}, 1]}}")}, "hnad",
          hint="hand"),
    Wrong("a typo in a number expression", {"do": "[{damage: {to: target, amount: {powr: self}}}]"}, "powr",
          hint="power"),
    Wrong("a choice's slot that does not exist", {"choices": "  - {for: bolt, slot: tagret, target: guard}"}, "tagret",
          hint="target"),
    Wrong("a choice for a card that does not exist", {"choices": "  - {for: blot, target: guard}"}, "blot",
          hint="bolt"),
    Wrong("an unknown card inside an expectation's with:",
          {"expect": "  - {step: trigger_fires, with: {card: gaurd}, count: 0}"}, "gaurd", hint="guard"),
    Wrong("an unknown card in an expectation", {"expect": "  - {card: d2, zone: hand}"}, "d2", hint="d1"),
    Wrong("a rule no step of the game cites", {"expect": '  - {not_cites: "100.9"}'}, '"100.9"', hint="not_cites"),
    Wrong("a player given where a card is asked", {"choices": "  - {for: bolt, target: opp}"}, "target: opp", 8),
    Wrong("the same key twice in one mapping", {"unit_more": "    power: 3\n"}, "    power: 3", 4, hint="power"),
]
CASES = [pytest.param(game, w, id=f"{game}-{w.name}") for w in WRONG for game in GAMES]


def where(text: str, at: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of the unique ``at`` in ``text`` (plus ``offset`` characters)."""
    assert text.count(at) == 1, f"{at!r} must appear once in the file"
    i = text.index(at) + offset
    return text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)


def invoke(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.output


@pytest.mark.parametrize("game", GAMES)
def test_the_base_file_passes_in_each_game(tmp_path: Path, game: str) -> None:
    path = tmp_path / "base.yaml"
    path.write_text(board(game), encoding="utf-8")
    assert invoke("scenario", "check", str(path))[0] == 0
    status, out = invoke("run", str(path))
    assert status == 0, out


@pytest.mark.parametrize(("game", "wrong"), CASES)
def test_each_wrong_file_is_refused_at_the_wrong_word_by_check_and_run(tmp_path: Path, game: str,
                                                                         wrong: Wrong) -> None:
    parts = {**wrong.parts, **wrong.by_game.get(game, {})}
    text = board(game, **parts)
    at = wrong.at or next(iter(parts.values())).strip(" ,\n")
    line, column = where(text, at, wrong.offset)
    path = tmp_path / "wrong.yaml"
    path.write_text(text, encoding="utf-8")
    for args in (("scenario", "check", str(path)), ("run", str(path))):
        status, out = invoke(*args)
        assert status == 2, (args, out)
        located = [m for m in out.splitlines() if f"wrong.yaml:{line}:{column}:" in m]
        assert located, f"{args}: nothing at {line}:{column}\n{out}"
        assert wrong.hint in located[0], located[0]
