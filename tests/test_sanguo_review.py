"""Rulings of the Three-Kingdoms review (407.1d, 408.1e, 417.6b) checked at the edges the scenario files do not reach.

Every expectation is written from the rule quoted in the test's docstring, before the engine was run.
"""

from __future__ import annotations

import textwrap

from builder import SANGUO

DRAW = """
study: {name: 讀書, owner: you, zone: hand, type: tactic, cost: 1, play: {do: [{draw: {player: you, count: 1}}]}}
top: {name: 牌庫頂, owner: you, zone: deck, type: tactic}
"""


def test_a_slow_tactic_cannot_be_used_in_the_opponents_turn_even_with_the_stack_empty() -> None:
    """407.1d 「快速技能（錦囊）以外的卡牌只能在玩家的行動階段，該玩家有優先權，且堆疊空著時使用」: the stack being empty is not
    enough; in the opponent's turn the play is rewound (419), in one's own turn it is used."""
    theirs = SANGUO.run(DRAW, "- {pass: opp}\n- {play: study, by: you}\n", turn="opp")
    assert theirs.status == "pass" and theirs.game is not None
    st = theirs.game.state
    assert st.cards["study"].zone == "hand" and st.pools["you"] == 9
    rewinds = [s for s in theirs.game.trace.steps if s.kind == "rewind"]
    assert len(rewinds) == 1 and "407.1d" in rewinds[0].cites
    mine = SANGUO.run(DRAW, "- {play: study, by: you}\n- resolve_all\n")
    assert mine.game is not None and mine.game.state.cards["top"].zone == "hand"


def test_a_passive_ability_still_triggers_in_the_opponents_turn() -> None:
    """409.1 「因為無人能「使用」被動技能，所以即使在不能使用卡牌或技能的時候，此類技能仍然可以觸發」: 407.1d does not hold back
    a slow card's triggered ability — it goes on the stack in the opponent's turn, with the stack not empty."""
    cards = DRAW + textwrap.dedent("""
    scribe:
      name: 書記
      owner: you
      zone: battlefield
      type: troop
      power: 1
      health: 1
      abilities: [{kind: triggered, text: 每當對手使用錦囊時，摸一張牌。, when: {event: used, player: opponent}, do: [{draw: {player: you, count: 1}}]}]
    plan: {name: 計策, owner: opp, zone: hand, type: tactic, cost: 1, play: {do: []}}
    """)
    res = SANGUO.run(cards, "- {play: plan, by: opp}\n- resolve_all\n", turn="opp")
    assert res.status == "pass" and res.game is not None
    assert res.game.state.cards["top"].zone == "hand"


SPLIT = """
volley: {name: 連弩, owner: you, zone: hand, type: tactic, cost: 1, play: {targets: [{filter: {type: unit, controller: opponent}, count: 2, distribute: 3}], do: [{damage: {to: target, amount: 0}}]}}
a: {name: 甲, owner: opp, zone: battlefield, type: troop, power: 1, health: 5}
b: {name: 乙, owner: opp, zone: battlefield, type: troop, power: 1, health: 5}
"""


def test_the_division_is_not_asked_as_the_card_is_used_but_as_it_resolves() -> None:
    """408.1e 「若卡牌或技能需要玩家分配或分發效果（例如傷害或指示物），則玩家需在結算時，宣告如何分配（至少一個）」: with the
    card on the stack nothing about the division has been asked; on resolution both targets are legal and each gets
    at least one."""
    used = SANGUO.run(SPLIT, "- {play: volley}\n", "- {target: [a, b]}\n")
    assert used.status == "pass" and used.game is not None
    assert [link.source.id for link in used.game.state.chain] == ["volley"]
    assert not any(s.kind == "distribute" for s in used.game.trace.steps)
    done = SANGUO.run(SPLIT, "- {play: volley}\n- resolve_all\n", "- {target: [a, b]}\n- {distribute: {a: 1, b: 2}}\n")
    assert done.status == "pass" and done.game is not None
    assert (done.game.state.cards["a"].damage, done.game.state.cards["b"].damage) == (1, 2)


REDIRECT = """
double:
  name: 替身
  owner: you
  zone: hand
  type: tactic
  status: [quick]
  cost: 1
  play:
    targets: [{name: protect, filter: {type: unit, controller: you}}, {name: decoy, filter: {type: unit, controller: you}}]
    do: [{replace: {event: damage, to: protect, until: turn, instead: [{damage: {to: decoy, amount: {event: amount}}}]}}]
disguise: {name: 偽裝, owner: you, zone: hand, type: tactic, status: [quick], cost: 1, play: {targets: [{filter: {type: unit}}], do: [{modify: {cards: target, type: equipment}}]}}
fire: {name: 火攻, owner: opp, zone: hand, type: tactic, status: [quick], cost: 1, play: {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 2}}]}}
lord: {name: 大將, owner: you, zone: battlefield, type: troop, power: 3, health: 3}
guard: {name: 親兵, owner: you, zone: battlefield, type: troop, power: 1, health: 3}
"""


def test_damage_is_not_redirected_to_what_is_no_longer_a_unit() -> None:
    """417.6b 「將要轉嫁傷害時，若其中一個部隊已不在場上，或不再是一個部隊，則此效果便無效」: the bodyguard is still on the
    battlefield but has become an equipment: the 2 damage stays with the commander."""
    actions = "- {play: double}\n- resolve_all\n- {play: disguise}\n- resolve_all\n- {play: fire, by: opp}\n- resolve_all\n"
    choices = "- {for: double, slot: protect, target: lord}\n- {for: double, slot: decoy, target: guard}\n" \
              "- {for: disguise, target: guard}\n- {for: fire, target: lord}\n"
    res = SANGUO.run(REDIRECT, actions, choices)
    assert res.status == "pass" and res.game is not None
    st = res.game.state
    assert st.cards["guard"].zone == "battlefield" and res.game.chars(st.cards["guard"])["type"] == "equipment"
    assert (st.cards["lord"].damage, st.cards["guard"].damage) == (2, 0)
