"""Triggers (708), resolution (709), entering the field (710), interrupting (711), effects (712), one-shot (713), 802.1."""

from __future__ import annotations

from builder import BOLT, ENGINE, UNITS, options

DECK = "yd1: {name: YD1, owner: you, zone: deck, type: reinforcement}\nyd2: {name: YD2, owner: you, zone: deck, type: reinforcement}\n"


def _two_triggers(order: str) -> object:
    cards = BOLT + """
a:
  name: A
  owner: opp
  zone: units
  type: reinforcement
  health: 3
w1:
  name: W1
  owner: you
  zone: units
  type: reinforcement
  health: 3
  abilities: [{kind: triggered, when: {event: used, player: you}, do: []}]
w2:
  name: W2
  owner: you
  zone: units
  type: reinforcement
  health: 3
  abilities: [{kind: triggered, when: {event: used, player: you}, do: []}]
"""
    return ENGINE.run(cards, "- {play: bolt}\n", "- {for: bolt, target: a}\n" + order)


def test_a_player_orders_their_own_waiting_triggers() -> None:
    res = _two_triggers("")
    assert res.open_choice.kind == "order" and options(res) == [("w1", "w2"), ("w2", "w1")]
    ordered = _two_triggers("- {order: [w2, w1]}\n")
    assert [l.source.id for l in ordered.game.state.chain] == ["bolt", "w2", "w1"]


def test_the_turn_player_gets_priority_after_a_resolution() -> None:
    res = ENGINE.run(UNITS + BOLT.replace("owner: you", "owner: opp"), "- {play: bolt, by: opp}\n- resolve\n", "- {target: a}\n")
    assert res.game.state.priority == "you"  # opp added and resolved it; you are the turn player (709.2h)
    assert "709.2h" in res.game.trace.cited()


def test_if_you_do_checks_the_actions_were_done() -> None:
    cards = DECK + """
loot:
  name: Loot
  owner: you
  zone: hand
  type: ability
  play:
    do: [{discard: {player: you, count: 1}, if_you_do: [{draw: {player: you, count: 2}}]}]
"""
    empty = ENGINE.run(cards, "- {play: loot}\n- resolve_all\n")
    assert empty.status == "pass" and len(empty.game.state.in_zone("hand", "you")) == 0
    assert any(s.kind == "if_you_do_no" for s in empty.game.trace.steps)
    full = ENGINE.run(cards + "h1: {name: H1, owner: you, zone: hand, type: reinforcement}\n", "- {play: loot}\n- resolve_all\n")
    assert len(full.game.state.in_zone("hand", "you")) == 2 and "709.2f" in full.game.trace.cited()


def test_may_is_only_offered_if_all_of_it_can_be_done() -> None:
    cards = DECK + """
opt:
  name: Opt
  owner: you
  zone: hand
  type: ability
  play:
    do: [{may: [{discard: {player: you, count: 2}}, {draw: {player: you, count: 2}}]}]
h1: {name: H1, owner: you, zone: hand, type: reinforcement}
"""
    res = ENGINE.run(cards, "- {play: opt}\n- resolve_all\n")
    assert res.status == "pass"  # no `may` question: one card cannot pay a discard of two (712.7)
    assert any(s.kind == "may_unable" for s in res.game.trace.steps)


def test_entering_the_field_status_counters_and_zone_by_type() -> None:
    cards = """
gear:
  name: Gear
  owner: you
  zone: hand
  type: equipment
  play: {}
brute:
  name: Brute
  owner: you
  zone: hand
  type: reinforcement
  health: 3
  enters: {exhausted: true, counters: {power: 2}}
  play: {}
"""
    res = ENGINE.run(cards, "- {play: gear}\n- resolve\n- {play: brute}\n- resolve\n")
    st = res.game.state
    assert st.cards["gear"].zone == "commander"  # 710.1b: equipment goes to the commander zone
    assert st.cards["brute"].zone == "units" and st.cards["brute"].exhausted and st.cards["brute"].counters == {"power": 2}
    assert {"710.1", "710.1b", "709.2g"} <= res.game.trace.cited()


def test_as_it_enters_effects_apply_without_the_chain() -> None:
    cards = DECK + """
seer:
  name: Seer
  owner: you
  zone: hand
  type: reinforcement
  health: 2
  play: {}
  abilities: [{kind: as_enters, text: 进场时抓一张牌, do: [{draw: {player: you, count: 1}}]}]
"""
    res = ENGINE.run(cards, "- {play: seer}\n- resolve\n")
    assert len(res.game.state.in_zone("hand", "you")) == 1 and not res.game.state.chain
    assert "710.1a" in res.game.trace.cited()


def test_uniqueness_conflict_on_entering() -> None:
    cards = """
cap1: {name: Captain, owner: you, zone: units, type: reinforcement, health: 3, status: [unique]}
cap2: {name: Captain, owner: you, zone: hand, type: reinforcement, health: 3, status: [unique], play: {}}
"""
    res = ENGINE.run(cards, "- {play: cap2}\n- resolve\n", "- {unique: cap2}\n")
    st = res.game.state
    assert st.cards["cap2"].zone == "units" and st.cards["cap1"].zone == "salvage"
    assert "710.1e" in res.game.trace.cited()


NEGATE = """
negate:
  name: Negate
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{on_chain: true}]
    do: [{interrupt: target}]
"""


def test_interrupting_a_card_link_puts_it_into_the_salvage_base_without_refund() -> None:
    cards = UNITS + BOLT.replace("  play:\n", "  cost: 2\n  play:\n") + NEGATE
    res = ENGINE.run(cards, "- {play: bolt}\n- {play: negate, by: opp}\n- resolve_all\n", "- {for: bolt, target: a}\n")
    st = res.game.state
    assert st.cards["bolt"].zone == "salvage" and st.cards["a"].damage == 0 and st.pools["you"] == 3
    assert {"711.1", "711.2"} <= res.game.trace.cited()


def test_effects_on_the_chain_can_only_be_interrupted_when_the_text_says_so() -> None:
    cards = """
pinger:
  name: Pinger
  owner: you
  zone: units
  type: reinforcement
  health: 3
  abilities: [{kind: activated, do: [{draw: {player: you, count: 1}}]}]
""" + NEGATE + NEGATE.replace("negate:", "negate_all:").replace("{on_chain: true}", "{on_chain: true, effects: true}").replace("owner: opp", "owner: opp\n  cost: 0") + DECK
    plain = ENGINE.run(cards, "- {use: pinger}\n- {play: negate, by: opp}\n- resolve_all\n")
    assert plain.game.state.cards["negate"].zone == "hand"  # no legal target: rewound (711.3, 707.2)
    assert len(plain.game.state.in_zone("hand", "you")) == 1
    wide = ENGINE.run(cards, "- {use: pinger}\n- {play: negate_all, by: opp}\n- resolve_all\n")
    assert len(wide.game.state.in_zone("hand", "you")) == 0


def test_effects_touch_only_field_cards_unless_stated() -> None:
    cards = """
sweep:
  name: Sweep
  owner: you
  zone: hand
  type: ability
  play:
    do: [{damage: {to: {each: {type: unit}}, amount: 1}}]
a: {name: A, owner: opp, zone: units, type: reinforcement, health: 3}
h: {name: H, owner: opp, zone: hand, type: reinforcement, health: 3}
"""
    res = ENGINE.run(cards, "- {play: sweep}\n- resolve\n")
    assert res.game.state.cards["a"].damage == 1 and res.game.state.cards["h"].damage == 0


def test_draw_until_a_limit() -> None:
    cards = DECK + "yd3: {name: YD3, owner: you, zone: deck, type: reinforcement}\n" + """
refill:
  name: Refill
  owner: you
  zone: hand
  type: ability
  play:
    do: [{draw_until: {player: you, hand: 2}}]
"""
    drew = ENGINE.run(cards, "- {play: refill}\n- resolve\n")
    assert len(drew.game.state.in_zone("hand", "you")) == 2
    met = ENGINE.run(cards + "h1: {name: H1, owner: you, zone: hand, type: reinforcement}\nh2: {name: H2, owner: you, zone: hand, type: reinforcement}\n",
                     "- {play: refill}\n- resolve\n")
    assert len(met.game.state.in_zone("hand", "you")) == 2 and any(s.kind == "draw_until_met" for s in met.game.trace.steps)
    assert "713.2" in met.game.trace.cited()


def test_simultaneous_choices_turn_player_first() -> None:
    cards = """
purge:
  name: Purge
  owner: you
  zone: hand
  type: ability
  play:
    do: [{each_player: [{discard: {player: you, count: 1}}]}]
y1: {name: Y1, owner: you, zone: hand, type: reinforcement}
y2: {name: Y2, owner: you, zone: hand, type: reinforcement}
o1: {name: O1, owner: opp, zone: hand, type: reinforcement}
o2: {name: O2, owner: opp, zone: hand, type: reinforcement}
"""
    mine = ENGINE.run(cards, "- {play: purge}\n- resolve\n", turn="you")
    assert mine.open_choice.player == "you"
    theirs = ENGINE.run(cards.replace("owner: you\n  zone: hand\n  type: ability", "owner: opp\n  zone: hand\n  type: ability"),
                        "- {play: purge, by: opp}\n- resolve\n", turn="opp")
    assert theirs.open_choice.player == "opp"  # 802.1: the turn player decides first
    assert "802.1" in theirs.game.trace.cited()


def test_that_refers_to_the_last_mentioned_card() -> None:
    cards = UNITS + """
mark:
  name: Mark
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{damage: {to: target, amount: 1}}, {exhaust: that}]
"""
    res = ENGINE.run(cards, "- {play: mark}\n- resolve\n", "- {target: b}\n")
    st = res.game.state
    assert st.cards["b"].exhausted and not st.cards["a"].exhausted and "712.3a" in res.game.trace.cited()


def _bundled(name: str) -> object:
    from pathlib import Path

    from judge.scenario.loader import load_file
    from judge.scenario.runner import run

    res = run(load_file(Path(__file__).resolve().parent.parent / "scenarios" / "rise" / name))
    assert res.status == "pass", res.checked
    return res.game


def test_707_1e_cost_steps_cite_paying_costs() -> None:
    # 707.1e: "然后玩家依任意顺序支付全部费用": destroying a unit or exhausting as a cost is paying it
    g = _bundled("709_2a_example.yaml")
    destroyed = [s for s in g.trace.steps if s.kind == "destroyed"]  # type: ignore[attr-defined]
    assert destroyed and "707.1e" in destroyed[0].cites and "713.1" not in destroyed[0].cites
    g = _bundled("706_1c_granted_target.yaml")
    exhaust = [s for s in g.trace.steps if s.kind == "exhaust"]  # type: ignore[attr-defined]
    assert exhaust and all("707.1e" in s.cites for s in exhaust)


def test_713_1_a_move_step_is_a_one_shot_effect() -> None:
    # 713.1: "一次性影响只会影响游戏一次…它们由解析的连结…创造": Osaro's effect moving Alberto into the vortex
    g = _bundled("708_1a_your_turn.yaml")
    moves = [s for s in g.trace.steps if s.kind == "move" and s.args["zone"].zone == "vortex"]  # type: ignore[attr-defined]
    assert moves and "713.1" in moves[0].cites


def test_709_2a_recheck_says_targeted_only_for_targets() -> None:
    # Alberto's trigger has no target (it refers to Alberto); Strike targets Osaro
    from judge.scenario.loader import load_file
    from judge.scenario.runner import render_text, run
    from pathlib import Path

    res = run(load_file(Path(__file__).resolve().parent.parent / "scenarios" / "rise" / "708_1a_your_turn.yaml"))
    text = render_text(res, "zh")
    assert "[#1 毁灭打击]所指定的 窥视者奥萨罗" in text
    assert "逝者阿尔贝托的触发式效果]所涉及的 逝者阿尔贝托" in text
    assert "逝者阿尔贝托的触发式效果]所指定的" not in text
