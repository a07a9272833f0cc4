"""Scenarios for tests: build one from YAML card snippets (any of the three games), load it, run it, and read or
assert what the run gave.

A test writes its board as YAML snippets, the way a scenario file writes it::

    res = ENGINE.run("u: {name: U, owner: opp, zone: units, type: reinforcement, health: 3}\\n", "- {pass: you}\\n")
    assert_passes(res)
    assert zone(res, "u") == "units"

A :class:`Board` holds what stays the same across a file's scenarios (the game, the players, whose turn, the seed,
the card library, the file name it is loaded as); :meth:`Board.text` writes the scenario, :meth:`Board.load` checks
it, :meth:`Board.run` runs it.  Any field can be changed for one call (``ENGINE.run(cards, actions, turn="opp")``).
The presets below are the boards the test files share.  The readers and asserts at the end say what they check, and
fail with what the run did instead.
"""

from __future__ import annotations

import dataclasses
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Literal

import pytest
import yaml

from judge.scenario.loader import Scenario, ScenarioError, load_file, load_text
from judge.scenario.runner import Result, run

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Card, GameState

GameName = Literal["rise", "sanguo", "riftbound"]
REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"
BLOCKS = ("cards", "actions", "choices", "expect")  # the parts a test writes, in the order a scenario file has them


# --- writing a scenario -----------------------------------------------------------------------------------------------
def block(name: str, body: str, keep_blank: bool = False) -> str:
    """``name:`` with the YAML snippet ``body`` dedented and indented under it; '' for a blank body unless ``keep_blank``."""
    if not body.strip() and not keep_blank:
        return ""
    return f"{name}:\n" + textwrap.indent(textwrap.dedent(body), "  ")


@dataclass(frozen=True)
class Board:
    """What a file's small scenarios share: the game, the two players (``you`` and ``opp``: the inside of each
    player's mapping, ``more_players``: further ``, {id: …}`` entries), whose turn, the seed, the card library, the
    file name the text is loaded as, the blocks written even when blank, and the status every run must end with."""

    game: GameName = "rise"
    you: str = "resources: 9"
    opp: str = "resources: 9"
    more_players: str = ""
    turn: str = "you"
    seed: int | None = None
    library: str | None = None
    title: str = "t"
    file: str = "<test>"
    always: tuple[str, ...] = ("cards", "actions")  # these blocks are written even when blank ("cards:" alone)
    status: str | None = None  # when set, run() asserts the run ended so (pass | fail | stopped)

    def but(self, **changes: Any) -> Board:
        """This board with some fields changed."""
        return dataclasses.replace(self, **changes) if changes else self

    def text(self, cards: str = "", actions: str = "", choices: str = "", expect: str = "", **changes: Any) -> str:
        """The scenario's YAML: the header, then the cards, actions, choices and expectations snippets."""
        b = self.but(**changes)
        head = [f"game: {b.game}", f"title: {b.title}"]
        if b.library is not None:
            head.append(f"library: {b.library}")
        if b.seed is not None:
            head.append(f"seed: {b.seed}")
        head += [f"players: [{{id: you, {b.you}}}, {{id: opp, {b.opp}}}{b.more_players}]", f"turn: {b.turn}"]
        bodies = dict(zip(BLOCKS, (cards, actions, choices, expect)))
        return "\n".join(head) + "\n" + "".join(block(name, bodies[name], name in b.always) for name in BLOCKS)

    def load(self, cards: str = "", actions: str = "", choices: str = "", expect: str = "", **changes: Any) -> Scenario:
        """The scenario, checked by the loader (a ScenarioError when it refuses it)."""
        b = self.but(**changes)
        return load(b.text(cards, actions, choices, expect), b.file)

    def run(self, cards: str = "", actions: str = "", choices: str = "", expect: str = "", **changes: Any) -> Result:
        """The scenario, loaded and run; with ``status`` set, asserted to have ended so."""
        b = self.but(**changes)
        res = run(b.load(cards, actions, choices, expect))
        if b.status is not None:
            assert_status(res, b.status)
        return res


# The boards the test files share.
ENGINE = Board("rise", you="resources: 5", opp="resources: 5", seed=0)  # tests/test_engine_*: 崛起, 5 resources each
REVIEW = Board("rise", always=(), status="pass")  # the rules review's rulings: 9 each, blank blocks left out, must pass
SANGUO = Board("sanguo")  # the Three-Kingdoms TCG, 9 resources each
VENDETTA = Board("riftbound", library="vendetta.cards", file=str(SCENARIOS / "riftbound" / "<test>.yaml"))  # its cards


def load(text: str, file: str = "<test>") -> Scenario:
    """``text`` checked by the loader as if read from ``file``."""
    return load_text(text, file)


def run_text(text: str, file: str = "<test>") -> Result:
    """``text`` loaded (as ``file``) and run."""
    return run(load_text(text, file))


def run_path(path: str | Path) -> Result:
    """The scenario file at ``path`` loaded and run."""
    return run(load_file(path))


def data_of(path: str | Path) -> dict[str, Any]:
    """A scenario file's plain YAML data (what the file says, before the loader's checks)."""
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def yaml_text(data: dict[str, Any]) -> str:
    """Scenario data written back as YAML, keys in their order, Chinese as it is."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def edited(text: str, edit: Callable[[dict[str, Any]], None] | None = None, **fields: Any) -> str:
    """The scenario ``text`` with top-level ``fields`` replaced, then ``edit`` applied to its data, as YAML again."""
    data = yaml.safe_load(text)
    data.update(fields)
    if edit:
        edit(data)
    return yaml_text(data)


# --- reading a run ----------------------------------------------------------------------------------------------------
def game_of(res: Result) -> Game:
    """The run's game (asserting the run built one)."""
    assert res.game is not None, ("the run has no game", res.status)
    return res.game


def state(res: Result) -> GameState:
    """The game state the run ended in."""
    return game_of(res).state


def card(res: Result, cid: str) -> Card:
    """Card ``cid`` as the run left it."""
    return state(res).cards[cid]


def zone(res: Result, cid: str) -> str:
    """The zone card ``cid`` ended in."""
    return card(res, cid).zone


def power(res: Result, cid: str) -> int:
    """Card ``cid``'s current power after the run."""
    g = game_of(res)
    return g.chars(g.state.cards[cid])["power"]


def health(res: Result, cid: str) -> int:
    """Card ``cid``'s current health after the run."""
    g = game_of(res)
    return g.chars(g.state.cards[cid])["health"]


def might(res: Result, cid: str) -> int:
    """A Riftbound unit's current Might (its power), as an int."""
    g = game_of(res)
    return int(g.chars(g.state.cards[cid])["power"])


def own(res: Result, cid: str, key: str) -> object:
    """A game's own state of a card (Riftbound's Empowered, stunned, where it is), as an expectation reads it."""
    from judge.engine.mechanisms.expectations import check

    return check(game_of(res), {"card": cid, key: None}).actual[key]


def steps(res: Result) -> list[str]:
    """The kinds of the run's steps, in order."""
    return [s.kind for s in game_of(res).trace.steps]


def cited(res: Result) -> set[str]:
    """Every rule id a step of the run cites."""
    return game_of(res).trace.cited()


def options(res: Result) -> list[Any]:
    """The legal options of the choice the run stopped at (asserting it stopped at one)."""
    assert res.status == "stopped" and res.open_choice is not None
    return list(res.open_choice.options)


def failed(res: Result) -> list[tuple[Any, Any]]:
    """(expectation, actual value) of each expectation that did not hold."""
    return [(c.expect, c.actual) for c in res.checked if not c.ok]


def all_checks_ok(res: Result) -> bool:
    """Did the run make `check` actions, and did every one hold?"""
    g = game_of(res)
    return bool(g.checks) and all(c.ok for c in g.checks)


# --- asserting --------------------------------------------------------------------------------------------------------
def assert_status(res: Result, status: str) -> None:
    """Assert the run ended with ``status``; else fail with the status, the open choice and the failed expectations."""
    assert res.status == status, (res.status, res.open_choice, failed(res))


def assert_passes(res: Result) -> None:
    """Assert the run passed; else fail with the status, the open choice and the failed expectations."""
    assert_status(res, "pass")


def refused(text: str, file: str = "f.yaml", lang: str | None = None) -> ScenarioError:
    """Assert the loader refuses ``text`` (loaded as ``file``; its messages in ``lang`` when given) and return the error."""
    from judge.locale import set_lang

    if lang is not None:
        set_lang(lang)
    try:
        with pytest.raises(ScenarioError) as info:
            load_text(text, file)
    finally:
        if lang is not None:
            set_lang(None)
    return info.value


# --- card snippets several files use ----------------------------------------------------------------------------------
UNITS = """
a: {name: A, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
b: {name: B, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
"""  # two of the opponent's 1/3 reinforcements


def bolt_card(step: str) -> str:
    """Your ability card `bolt`: it targets a unit and does ``step`` (a step's YAML, flow style)."""
    return ("\nbolt:\n  name: Bolt\n  owner: you\n  zone: hand\n  type: ability\n  play:\n"
            f"    targets: [{{filter: {{type: unit}}}}]\n    do: [{step}]\n")


BOLT = bolt_card("{damage: {to: target, amount: 1}}")  # your ability: 1 damage to a target unit
OPTIONAL = """
p1:
  name: P1
  owner: you
  zone: units
  type: reinforcement
  abilities:
    - {kind: triggered, when: {event: enters, card: {type: unit, controller: opponent}}, do: [{may: [{create: {token: {name: G, power: 1, health: 1}, under: you}}]}]}
p2:
  name: P2
  owner: opp
  zone: units
  type: reinforcement
  abilities:
    - {kind: triggered, when: {event: enters, card: {type: unit, controller: opponent}}, do: [{may: [{create: {token: {name: G, power: 1, health: 1}, under: you}}]}]}
r: {name: R, owner: opp, zone: hand, type: reinforcement, power: 1, health: 1, play: {do: []}}
"""  # each player's P: "when a unit of your opponent enters, you may put a 1/1 token G onto the field"; opp's R enters
