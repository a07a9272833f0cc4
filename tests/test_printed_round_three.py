"""Printed texts read in the third round of templates (issue 22), each run from its text alone: the expectations are
the rules' and the cards' words, not the engine's output."""

from __future__ import annotations

import pytest

from judge.cards.readable import quoted
from judge.printed.reader import Unreadable, read
from judge.scenario.loader import load_text
from judge.scenario.problems import ScenarioError
from judge.scenario.runner import run

HEAVENS = """\
game: riftbound
title: 霹天雳地的费用减去你所控制单位中的最高战力值
players:
  - {{id: you, resources: {pool}}}
  - {{id: opp}}
turn: you
cards:
  heavens: {{name: 霹天雳地, text: "将此牌的法力费用减去你所控制单位中的最高战力值，即为打出此法术所需的法力。", owner: you,
            zone: hand, type: spell, cost: 8}}
  small: {{name: 小兵, owner: you, zone: base, type: unit, power: 3}}
  big: {{name: 大兵, owner: you, zone: base, type: unit, power: 5}}
  theirs: {{name: 敌兵, owner: opp, zone: base, type: unit, power: 7}}
actions:
  - {{play: heavens, by: you}}
  - resolve_all
expect:
  - {{player: you, resources: 0}}
"""


def test_a_cost_less_the_highest_might_of_your_units_counts_your_highest_not_a_named_unit_nor_the_opponents() -> None:
    # 206 example 1: 「将此牌的法力费用减去你所控制单位中的最高战力值」: [8] − 5 (the larger of your 3 and 5; the
    # opponent's 7 is not yours) = [3]
    assert run(load_text(HEAVENS.format(pool=3), "h.yaml")).status == "pass"
    short = run(load_text(HEAVENS.format(pool=2), "h.yaml"))  # [2] is not enough for [3]: the play is rewound
    assert short.status == "fail" and short.game is not None
    assert "rewind" in [s.kind for s in short.game.trace.steps]


EVADE = """\
game: rise
title: 闪避（不能被攻击。）
players: [{{id: you}}, {{id: opp}}]
turn: opp
cards:
  reta: {{name: 教官雷塔, owner: you, zone: units, type: reinforcement, power: 1, health: 5{kw}}}
  raider: {{name: 突袭者, owner: opp, zone: units, type: reinforcement, power: 3, health: 3}}
actions:
  - {{attack: raider, target: reta}}
"""


def test_a_unit_with_evade_cannot_be_attacked_and_one_without_it_can() -> None:
    # 717.2b's example prints the keyword's reminder: 「闪避（不能被攻击。）」
    res = run(load_text(EVADE.format(kw=", keywords: [闪避]"), "e.yaml"))
    assert res.game is not None
    kinds = [s.kind for s in res.game.trace.steps]
    assert "attacked_forbidden" in kinds and "attack" not in kinds
    assert res.game.state.combat is None
    plain = run(load_text(EVADE.format(kw=""), "e.yaml"))
    assert plain.game is not None
    assert "attack" in [s.kind for s in plain.game.trace.steps]


def test_the_rise_keywords_read_from_a_text_and_an_unknown_one_is_refused() -> None:
    fields = read("领航 你队伍中的援军具有战斗力+1。", "rise", "reinforcement", "克多恩").fields
    assert fields["keywords"] == ["领航"]
    with pytest.raises(Unreadable) as e:  # 光学迷彩: no rule or example says what it does
        read("亢奋 光学迷彩。", "rise", "reinforcement", "古拉")
    assert "亢奋" in e.value.clause


SHOVE = """\
game: riftbound
title: 将一名单位移动到另一个战场
players: [{{id: you}}, {{id: opp}}]
turn: you
cards:
  field_a: {{name: 战场甲, owner: opp, zone: battlefield, type: battlefield}}
  unit: {{name: 单位, owner: opp, zone: base, type: unit, power: 2}}
  shove: {{name: 推, text: 将一名单位移动到另一个战场。, owner: you, zone: hand, type: spell, cost: 0}}
actions:
  - {{play: shove, by: you}}
  - resolve_all
choices:
  - {{for: shove, target: unit}}
  - {{for: shove, card: {where}}}
expect:
  - {{card: unit, at: field_a}}
"""


def test_another_battlefield_is_a_battlefield_never_base() -> None:
    assert run(load_text(SHOVE.format(where="field_a"), "s.yaml")).status == "pass"
    with pytest.raises(ScenarioError):  # base is not a battlefield: not among the choices
        run(load_text(SHOVE.format(where="base"), "s.yaml"))


def test_a_replacement_of_what_the_step_before_does_is_in_place_before_that_step() -> None:
    # 417.6c: 「消滅目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。」: the replacement must exist when the
    # destruction happens, so it is created before it
    play = read("消滅目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。", "sanguo", "tactic").fields["play"]
    assert [next(iter(s)) for s in play["do"]] == ["replace", "destroy"]
    assert play["do"][0]["replace"]["zone"] == "exile"


def test_a_reading_that_differs_from_the_hand_written_abilities_says_why() -> None:
    steelarm = next(q for q in quoted("rise") if q.name == "游击前卫钢臂")
    assert steelarm.status == "differs" and "708.3" in steelarm.why
