"""The index of where the cards are (GameState.place/add/to_bottom) stays true through every bundled scenario, and an
event costs what is on the field, not every card of the game."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from judge.engine.state import Card, GameState
from judge.scenario.runner import Result

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").rglob("*.yaml"))


def index_ok(st: GameState) -> bool:
    """Does the index agree with the cards themselves (their zones, and their order in the file)?"""
    zones: dict[str, list[int]] = {}
    for i, c in enumerate(st.cards.values()):
        zones.setdefault(c.zone, []).append(i)
    return ({z: v for z, v in st.zone_pos.items() if v} == zones and st.by_pos == list(st.cards)
            and st.pos == {c: i for i, c in enumerate(st.cards)})


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_zone_index_agrees_with_the_cards_after_every_bundled_scenario(path: Path, bundled_run: Callable[[str], Result]) -> None:
    """Every zone change goes through the index: after the run (moves, draws, tokens, Riftbound's relocations and
    deck reordering) it says the same as the cards themselves."""
    res = bundled_run(str(path))
    assert res.game is not None
    assert index_ok(res.game.state), f"{path}: the zone index disagrees with the cards"


def _card(cid: str, zone: str, owner: str = "you") -> Card:
    return Card(id=cid, name={"zh": cid}, text="", owner=owner, controller=owner, zone=zone, type="unit")


def test_cards_in_a_zone_come_in_file_order_and_the_deck_top_is_the_first_of_the_owners() -> None:
    cards = {c.id: c for c in (_card("a", "deck", "opp"), _card("b", "deck"), _card("c", "hand"), _card("d", "deck"))}
    st = GameState(players=["you", "opp"], turn="you", cards=cards, pools={}, field_zones=frozenset({"units"}))
    assert st.top_of("deck", "you") is cards["b"] and st.top_of("deck", "opp") is cards["a"]
    st.place(cards["b"], "units")
    assert st.top_of("deck", "you") is cards["d"]
    assert [c.id for c in st.field_cards()] == ["b"]
    st.place(cards["d"], "hand")
    assert st.top_of("deck", "you") is None
    assert [c.id for c in st.in_zone("hand")] == ["c", "d"]  # file order, not the order they arrived in
    st.place(cards["b"], "deck")
    st.to_bottom("a")
    assert [c.id for c in st.in_zone("deck")] == ["b", "a"] and index_ok(st)
    st.add(_card("t", "units"))
    assert [c.id for c in st.field_cards()] == ["t"] and index_ok(st)
