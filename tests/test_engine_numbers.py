"""The arithmetic number expressions (FORMAT.md "N": the sum, the first less the others, the product, the largest, the
smallest of a list), each as the count of a draw, so the number of cards drawn is the expression's value. No bundled
scenario evaluates add, sub, max or min (a test's file only checked them)."""

from __future__ import annotations

import pytest

from judge.scenario.loader import load_text
from judge.scenario.runner import run

DECK = "".join(f"  d{i}: {{name: {{zh: 牌{i}, en: card {i}}}, owner: you, zone: deck, type: ability}}\n" for i in range(9))
FILE = """game: rise
title: numbers
players:
  - {id: you, name: {zh: 你, en: you}}
  - {id: opp, name: {zh: 对手, en: opponent}}
turn: you
cards:
  study: {name: {zh: 研习, en: Study}, owner: you, zone: hand, type: ability, cost: 0,
          play: {do: [{draw: {player: you, count: COUNT}}]}}
  o1: {name: {zh: 对手手牌一, en: opp card 1}, owner: opp, zone: hand, type: ability}
  o2: {name: {zh: 对手手牌二, en: opp card 2}, owner: opp, zone: hand, type: ability}
""" + DECK + """actions:
  - {play: study, by: you}
  - resolve_all
expect:
  - {player: you, hand: DRAWN}
"""


@pytest.mark.parametrize(("count", "drawn"), [
    ("{add: [1, 2, {hand: opponent}]}", 5),  # 1 + 2 + the opponent's 2 cards in hand
    ("{sub: [7, 1, {hand: opponent}]}", 4),  # 7 − 1 − 2
    ("{mul: [2, {hand: opponent}]}", 4),  # 2 × 2
    ("{max: [1, 3, {hand: opponent}]}", 3),
    ("{min: [3, {hand: opponent}]}", 2),
    ("{min: [{max: [1, 6]}, {add: [2, 2]}]}", 4),  # nested: min(6, 4)
])
def test_each_arithmetic_expression_is_its_value(count: str, drawn: int) -> None:
    res = run(load_text(FILE.replace("COUNT", count).replace("DRAWN", str(drawn)), "numbers.yaml"))
    assert res.status == "pass", [c for c in res.checked if not c.ok]
    assert len(res.game.state.in_zone("hand", "you")) == drawn


@pytest.mark.parametrize(("life", "drawn"), [(8, 2), (10, 2), (11, 1)])
def test_a_condition_reads_a_players_life(life: int, drawn: int) -> None:
    # 「若你的生命為10或更少，摸兩張牌；否則摸一張牌。」: the player's life read when the instruction is carried out
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "inline" / "sanguo" / "life_total_condition.yaml"
    text = path.read_text(encoding="utf-8").replace("resources: 2, life: 8}", f"resources: 2, life: {life}}}")
    sc = load_text(text, "life.yaml")
    sc.data["actions"] = sc.data["actions"][:2]
    sc.data["expect"] = [{"player": "you", "hand": 1 + drawn}]  # the hand keeps 狙擊
    assert run(sc).status == "pass"
