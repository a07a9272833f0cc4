"""A card whose play text says ``attach: <slot>`` enters attached to that slot's target (崛起 710.1b: "结附物进场时会
结附在场上的卡牌上"; "装备以及非结附的持续性能力进场时会放置在其操控者的指挥官栏"). No bundled scenario resolves such a card
(709.2d's Erosion is bounced first), so this is where the key ``attach`` is reached."""

from __future__ import annotations

from judge.scenario.loader import load_text
from judge.scenario.runner import run

FILE = """game: rise
title: attach
players:
  - {id: you, name: {zh: 你, en: you}, resources: 3}
  - {id: opp, name: {zh: 对手, en: opponent}}
turn: you
cards:
  erosion:
    name: {zh: 侵蚀, en: Erosion}
    text: 结附目标援军。
    owner: you
    zone: hand
    type: ability
    cost: 2
    play:
      continuous: true
      ATTACH
      targets: [{filter: {type: reinforcement}}]
  victim: {name: {zh: 援军, en: Victim}, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
  other: {name: {zh: 另一援军, en: Other}, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
actions:
  - {play: erosion, by: you}
  - resolve_all
choices:
  - {for: erosion, target: victim}
expect:
  EXPECT
"""


def test_an_attachment_enters_attached_to_its_target() -> None:
    text = FILE.replace("ATTACH", "attach: target").replace(
        "EXPECT", "- {card: erosion, attached_to: victim}\n  - {cites: \"710.1b\"}")
    res = run(load_text(text, "attach.yaml"))
    assert res.status == "pass", [c for c in res.checked if not c.ok]
    assert res.game.state.cards["erosion"].attached_to == "victim"


def test_a_continuous_ability_that_does_not_attach_enters_unattached() -> None:
    text = FILE.replace("      ATTACH\n", "").replace("EXPECT", "- {card: erosion, attached_to: null}")
    res = run(load_text(text, "plain.yaml"))
    assert res.status == "pass", [c for c in res.checked if not c.ok]
    assert res.game.state.cards["erosion"].attached_to is None
