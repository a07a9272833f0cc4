"""The scenario builder (tests/builder.py) writes exactly the texts the test files wrote by hand: a change here
changes the input of several hundred tests, so the header and block forms of each shared board are pinned."""

from __future__ import annotations

import pytest
from builder import ENGINE, REVIEW, SANGUO, VENDETTA, Board, assert_passes, cited, edited, refused, steps, zone

from judge.scenario.loader import ScenarioError

CARD = "u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"


def test_each_shared_board_writes_its_header_and_blocks() -> None:
    assert ENGINE.text(CARD, "- {pass: you}\n") == (
        "game: rise\ntitle: t\nseed: 0\nplayers: [{id: you, resources: 5}, {id: opp, resources: 5}]\nturn: you\n"
        "cards:\n  " + CARD + "actions:\n  - {pass: you}\n")
    assert REVIEW.text(CARD, "- {pass: you}\n", expect="- {card: u, zone: units}\n", more_players=", {id: third}") == (
        "game: rise\ntitle: t\nplayers: [{id: you, resources: 9}, {id: opp, resources: 9}, {id: third}]\nturn: you\n"
        "cards:\n  " + CARD + "actions:\n  - {pass: you}\nexpect:\n  - {card: u, zone: units}\n")
    assert SANGUO.text("", "", turn="opp") == (
        "game: sanguo\ntitle: t\nplayers: [{id: you, resources: 9}, {id: opp, resources: 9}]\nturn: opp\ncards:\nactions:\n")
    assert VENDETTA.text("", "- {pass: you}\n").startswith("game: riftbound\ntitle: t\nlibrary: vendetta.cards\nplayers:")
    assert VENDETTA.file.endswith("scenarios/riftbound/<test>.yaml")  # the card library is found beside it


def test_snippets_are_dedented_then_indented_and_blank_blocks_left_out_unless_kept() -> None:
    board = Board("rise", always=())
    indented = "\n    u: {name: U, owner: you, zone: units, type: reinforcement}\n"
    assert board.text(indented, "- {pass: you}\n", "  \n") == (
        "game: rise\ntitle: t\nplayers: [{id: you, resources: 9}, {id: opp, resources: 9}]\nturn: you\n"
        "cards:\n\n  u: {name: U, owner: you, zone: units, type: reinforcement}\nactions:\n  - {pass: you}\n")


def test_a_run_is_read_and_asserted_through_the_typed_helpers() -> None:
    res = REVIEW.run(CARD, "- {pass: you}\n", expect="- {priority: opp}\n")
    assert_passes(res)
    assert zone(res, "u") == "units" and "priority" in steps(res) and isinstance(cited(res), set)
    with pytest.raises(AssertionError):
        REVIEW.run(CARD, "- {pass: you}\n", expect="- {priority: you}\n")  # REVIEW asserts every run passes


def test_refused_returns_the_load_error_and_fails_when_the_text_loads() -> None:
    e = refused(REVIEW.text(CARD.replace("zone: units", "zone: nowhere"), "- {pass: you}\n"), lang="en")
    assert isinstance(e, ScenarioError) and "nowhere" in e.message
    with pytest.raises(pytest.fail.Exception):
        refused(REVIEW.text(CARD, "- {pass: you}\n"))


def test_edited_replaces_fields_then_applies_the_edit() -> None:
    text = REVIEW.text(CARD, "- {pass: you}\n")
    out = edited(text, lambda d: d["cards"]["u"].update(power=2), turn="opp")
    assert "turn: opp" in out and "power: 2" in out and out.index("game:") < out.index("turn:") < out.index("cards:")
