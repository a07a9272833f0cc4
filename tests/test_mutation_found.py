"""Tests the mutation review (tests/mutation/mutants.py) called for: each guards a rule a surviving mutant broke
without any other test failing. Each docstring names the rule and where it is written; the expectation comes from
that text (the rules, the FAQ, or — for the scenario language's strictness — judge/scenario/FORMAT.md, which says what
a file may write and that the loader refuses the rest "with file:line:column, what is wrong and the nearest valid
word, never run as something else")."""

from __future__ import annotations

import textwrap

import pytest

from builder import bolt_card
from judge.scenario.loader import ScenarioError, load_text


def scenario(cards: str) -> str:
    """A small 崛起 file: two players, an opposing unit `a`, and the cards given (YAML indented under `cards:`)."""
    return ("game: rise\ntitle: t\nplayers: [{id: you, resources: 5}, {id: opp, resources: 5}]\nturn: you\ncards:\n"
            "  a: {name: A, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}\n"
            + textwrap.indent(textwrap.dedent(cards), "  "))


def bolt(step: str) -> str:
    """An ability card that targets a unit and does one step."""
    return scenario(bolt_card(step))


def unit_with(ability: str) -> str:
    """A unit of yours with one ability (the ability's mapping as YAML lines)."""
    lines = textwrap.dedent(ability).strip().splitlines()
    body = "\n".join(["      - " + lines[0], *("        " + l for l in lines[1:])])
    return scenario("g:\n  name: G\n  owner: you\n  zone: units\n  type: reinforcement\n  power: 1\n  health: 3\n"
                    "  abilities:\n" + body + "\n")


def refused(text: str, needle: str) -> ScenarioError:
    """The file is refused at the line holding ``needle``; the good twin of each test loads (so the refusal is the
    rule's, not another problem of the file)."""
    with pytest.raises(ScenarioError) as info:
        load_text(text, "f.yaml")
    e = info.value
    line = next(i for i, l in enumerate(text.splitlines(), 1) if needle in l)
    assert e.line == line, e.message
    return e


def loads(text: str) -> None:
    load_text(text, "f.yaml")


def test_a_misspelled_field_of_a_step_is_refused_naming_the_field_meant() -> None:
    """FORMAT.md: "an unknown or misspelled key at any depth" is refused, with the nearest valid word; the `damage`
    step takes {to, amount, type?, from?, combat?, unpreventable?, store?}. Kills "map: an unknown field accepted"."""
    loads(bolt("{damage: {to: target, amount: 1}}"))
    e = refused(bolt("{damage: {to: target, amount: 1, amuont: 2}}"), "amuont")
    assert "amuont" in e.message and "amount" in e.message


def test_a_step_missing_a_field_it_needs_is_refused() -> None:
    """FORMAT.md's table of steps: `damage` takes {to, amount, …} — `to` and `amount` are not optional (no `?`): a
    damage step without its amount says nothing the rules can do. Kills "map: a required field may be missing"."""
    e = refused(bolt("{damage: {to: target}}"), "damage")
    assert "amount" in e.message


def test_a_step_with_two_operations_is_refused() -> None:
    """FORMAT.md, "Steps": "Each step is a mapping with one operation" (steps run in text order, 712.3, so two in one
    mapping have no order). Kills "one key: two words in one mapping"."""
    loads(bolt("{damage: {to: target, amount: 1}}"))
    e = refused(bolt("{damage: {to: target, amount: 1}, draw: {player: you, count: 1}}"), "draw")
    assert "damage" in e.message and "draw" in e.message


def test_a_card_reference_that_names_no_card_is_refused_naming_the_one_meant() -> None:
    """FORMAT.md: "a name that names nothing here (a card reference, a target slot …)" is refused with the nearest
    valid word; REF is self, a target slot name, that, attached, event, a card id … Kills "card reference: any name
    accepted"."""
    loads(bolt("{destroy: target}"))
    e = refused(bolt("{destroy: tagret}"), "tagret")
    assert "tagret" in e.message and "target" in e.message


def test_event_outside_a_trigger_is_refused() -> None:
    """FORMAT.md: `event` outside a trigger is a key "not read where it stands" and is refused; REF `event` is "the
    card a trigger is about" — a card played from the hand has no such event. Kills "card reference: event and it only
    where bound"."""
    e = refused(bolt("{destroy: event}"), "event")
    assert "event" in e.message


def test_a_player_reference_that_names_no_player_is_refused() -> None:
    """FORMAT.md: P (players) is you, opponent, each, {controller_of: REF}, {owner_of: REF} or a player id; a name
    that names nothing here is refused. Kills "player reference: any name accepted"."""
    loads(bolt("{draw: {player: opp, count: 1}}"))
    e = refused(bolt("{draw: {player: nobody, count: 1}}"), "nobody")
    assert "nobody" in e.message


def test_if_targeted_outside_the_steps_of_a_link_is_refused() -> None:
    """FORMAT.md's conditions: `targeted` — "the resolving link legally targets the card [effect.if_targeted] (in the
    steps of a link only)"; a trigger condition is checked as the ability triggers, when no link is resolving. Kills
    "condition: a resolving-only word refused elsewhere"."""
    trig = """
        kind: triggered
        when: {event: destroyed, card: self, if: %s}
        do: [{draw: {player: you, count: 1}}]
        """
    loads(unit_with(trig % "{hand_empty: you}"))
    e = refused(unit_with(trig % "{targeted: self}"), "targeted")
    assert "targeted" in e.message


def test_a_trigger_event_the_game_does_not_have_is_refused() -> None:
    """FORMAT.md, "Triggers": "an event no mechanism of the game makes is refused as unknown". Kills "when: an event
    the game does not have"."""
    trig = """
        kind: triggered
        when: {event: %s, card: self}
        do: [{draw: {player: you, count: 1}}]
        """
    loads(unit_with(trig % "destroyed"))
    e = refused(unit_with(trig % "exploded"), "exploded")
    assert "exploded" in e.message and "destroyed" in e.message  # the events it has are listed


def test_a_duration_on_a_replacement_ability_is_refused() -> None:
    """FORMAT.md: a key "that exists but is not read where it stands (a duration a step does not support …)" is
    refused. A replacement *ability* is part of its card's text (716.1: the card's effect replaces the event while
    the card is there); `until:` is the duration of an effect a resolving link creates (`replace:`/`prevent:` steps),
    so on an ability it would be ignored. Kills "replace: keys only a step's replacement reads"."""
    repl = """
        kind: replacement
        replace: {event: draw, player: you, skip: true%s}
        """
    loads(unit_with(repl % ""))
    e = refused(unit_with(repl % ", until: turn"), "until")
    assert "until" in e.message


def test_a_merge_key_is_refused_as_a_merge_key_where_it_stands() -> None:
    """FORMAT.md: a scenario file is plain YAML — no aliases, no merge keys (``<<:``), no tags. A merge key is named as
    such (not as a tag the file never wrote), at its own line and column."""
    text = scenario("") + "  b:\n    <<: {name: B}\n    owner: you\n"
    with pytest.raises(ScenarioError) as e:
        load_text(text, "merge.yaml")
    assert (e.value.line, e.value.column) == (text.count("\n", 0, text.index("<<")) + 1, 5)
    assert "<<" in e.value.message and "!" not in e.value.message
