"""Targets (706): legality, cannot-be-targeted, no self/double targeting, off-field zones, 706.2, 706.3, magnets, random."""

from __future__ import annotations

from builder import BOLT, ENGINE, UNITS, options

from judge.scenario.runner import Result


def test_cannot_be_targeted_is_not_an_option() -> None:
    res = ENGINE.run(UNITS + "c: {name: C, owner: opp, zone: units, type: reinforcement, health: 3, status: [untargetable]}\n" + BOLT,
                     "- {play: bolt}\n")
    assert options(res) == [("a",), ("b",)]


def test_off_field_cards_only_when_the_description_names_their_zone() -> None:
    cards = UNITS + "dead: {name: D, owner: opp, zone: salvage, type: reinforcement, health: 3}\n" + """
raise:
  name: Raise
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}, zones: [salvage]}]
    do: [{move: {card: target, to: hand}}]
"""
    assert options(ENGINE.run(cards + BOLT, "- {play: bolt}\n")) == [("a",), ("b",)]
    only = ENGINE.run(cards, "- {play: raise}\n")  # one legal option: it answers itself
    assert only.status == "pass" and only.game.state.chain[0].targets["target"][0].id == "dead"


def test_no_double_targeting_across_slots() -> None:
    cards = UNITS + "c: {name: C, owner: opp, zone: units, type: reinforcement, health: 3}\n" + """
fork:
  name: Fork
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{name: first, filter: {type: unit}}, {name: second, filter: {type: unit}}]
    do: [{damage: {to: first, amount: 1}}, {damage: {to: second, amount: 2}}]
"""
    res = ENGINE.run(cards, "- {play: fork}\n", "- {slot: first, target: a}\n")
    assert options(res) == [("b",), ("c",)]


def test_a_link_cannot_target_itself() -> None:
    cards = UNITS + BOLT + """
negate:
  name: Negate
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{on_chain: true}]
    do: [{interrupt: target}]
"""
    res = ENGINE.run(cards, "- {play: bolt}\n- {play: negate, by: opp}\n", "- {for: bolt, target: a}\n")
    # the only card link it can target is bolt, not itself (706.1)
    assert res.status == "pass"
    assert res.game is not None and res.game.state.cards["bolt"].zone == "chain"
    assert [s.args["targets"] for s in res.game.trace.steps if s.kind == "targets"][-1][0].uid == 1


def test_change_target_uses_the_changed_links_view_and_triggers_on_the_new_target() -> None:
    cards = UNITS + BOLT + """
c:
  name: C
  owner: opp
  zone: units
  type: reinforcement
  health: 3
  abilities:
    - {kind: triggered, when: {event: targeted, card: self}, do: [{draw: {player: you, count: 1}}]}
redirect:
  name: Redirect
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{on_chain: true}]
    do: [{change_target: {link: target}}]
od: {name: OD, owner: opp, zone: deck, type: reinforcement}
"""
    res = ENGINE.run(cards, "- {play: bolt}\n- {play: redirect, by: opp}\n- resolve_all\n",
                     "- {for: bolt, target: a}\n- {for: redirect, new_target: c}\n")
    assert res.status == "pass", res.status
    st = res.game.state
    assert st.cards["c"].damage == 1 and st.cards["a"].damage == 0
    assert len(st.in_zone("hand", "opp")) == 1  # C's "when targeted" ability triggered (706.2)
    assert "706.2" in res.game.trace.cited()


def test_change_target_without_another_legal_target_leaves_it_unchanged() -> None:
    cards = "a: {name: A, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}\n" + BOLT + """
redirect:
  name: Redirect
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{on_chain: true}]
    do: [{change_target: {link: target}}]
"""
    res = ENGINE.run(cards, "- {play: bolt}\n- {play: redirect, by: opp}\n- resolve_all\n")
    assert res.status == "pass"
    assert res.game.state.cards["a"].damage == 1
    assert any(s.kind == "change_target_none" for s in res.game.trace.steps)


IF_TARGETED = """
scout: {name: Scout, owner: opp, zone: units, type: reinforcement, health: 3}
other: {name: Other, owner: opp, zone: units, type: reinforcement, health: 3}
probe:
  name: Probe
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{name: t1, filter: {type: unit}}, {name: t2, filter: {type: unit}}]
    do:
      - damage: {to: [t1, t2], amount: 1}
      - if: {cond: {targeted: scout}, then: [{draw: {player: you, count: 1}}]}
bounce:
  name: Bounce
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit, controller: you}}]
    do: [{move: {card: target, to: hand}}]
yd: {name: YD, owner: you, zone: deck, type: reinforcement}
"""


def test_if_you_targeted_counts_only_a_target_still_legal_and_partial_illegality() -> None:
    choices = "- {for: probe, slot: t1, target: scout}\n- {for: probe, slot: t2, target: other}\n"
    kept = ENGINE.run(IF_TARGETED, "- {play: probe}\n- resolve_all\n", choices)
    assert kept.status == "pass" and len(kept.game.state.in_zone("hand", "you")) == 1
    gone = ENGINE.run(IF_TARGETED, "- {play: probe}\n- {play: bounce, by: opp}\n- resolve_all\n",
                      choices + "- {for: bounce, target: scout}\n")
    st = gone.game.state
    assert gone.status == "pass"
    assert len(st.in_zone("hand", "you")) == 0  # 706.3: scout is no longer legally targeted
    assert st.cards["other"].damage == 1  # 709.2c: the legal target is still affected
    assert {"706.3", "709.2c"} <= gone.game.trace.cited()


MAGNET = """
decoy: {name: Decoy, owner: opp, zone: units, type: reinforcement, cost: 3, health: 3, status: [magnet]}
plain: {name: Plain, owner: opp, zone: units, type: reinforcement, cost: 1, health: 3}
"""


def test_a_magnet_must_be_targeted() -> None:
    import pytest

    from judge.scenario.loader import ScenarioError

    with pytest.raises(ScenarioError, match="合法回答.*decoy"):
        ENGINE.run(MAGNET + BOLT, "- {play: bolt}\n", "- {for: bolt, target: plain}\n")


def test_a_magnet_restricts_the_options_to_itself() -> None:
    res = ENGINE.run(MAGNET + BOLT, "- {play: bolt}\n")
    assert res.status == "pass"  # the only legal option answers itself
    assert res.game.state.cards["decoy"].damage == 0 and any(s.kind == "magnet_forced" for s in res.game.trace.steps)
    assert res.game.state.chain[0].targets["target"][0].id == "decoy"


def test_magnet_own_cards_are_not_forced() -> None:
    cards = MAGNET.replace("owner: opp", "owner: you") + BOLT
    assert options(ENGINE.run(cards, "- {play: bolt}\n")) == [("decoy",), ("plain",)]


def test_magnet_modes_may_avoid_it() -> None:
    cards = MAGNET + """
modal:
  name: Modal
  owner: you
  zone: hand
  type: ability
  play:
    modes:
      options:
        - {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 1}}]}
        - {do: [{draw: {player: you, count: 1}}]}
yd: {name: YD, owner: you, zone: deck, type: reinforcement}
"""
    res = ENGINE.run(cards, "- {play: modal}\n- resolve_all\n", "- {for: modal, mode: 2}\n")
    assert res.status == "pass" and len(res.game.state.in_zone("hand", "you")) == 1
    forced = ENGINE.run(cards, "- {play: modal}\n- resolve_all\n", "- {for: modal, mode: 1}\n")
    assert forced.game.state.cards["decoy"].damage == 1


def test_magnet_x_may_exclude_it() -> None:
    cards = MAGNET + """
xbolt:
  name: XBolt
  owner: you
  zone: hand
  type: ability
  play:
    x: {max: 5}
    targets: [{filter: {type: unit, cost: {lte: X}}}]
    do: [{damage: {to: target, amount: 1}}]
"""
    low = ENGINE.run(cards, "- {play: xbolt}\n- resolve_all\n", "- {for: xbolt, x: 1}\n")
    assert low.status == "pass" and low.game.state.cards["plain"].damage == 1
    high = ENGINE.run(cards, "- {play: xbolt}\n- resolve_all\n", "- {for: xbolt, x: 3}\n")
    assert high.game.state.cards["decoy"].damage == 1 and high.game.state.cards["plain"].damage == 0


def test_two_magnets_both_must_be_targeted() -> None:
    cards = MAGNET + "decoy2: {name: D2, owner: opp, zone: units, type: reinforcement, health: 3, status: [magnet]}\n" + """
multi:
  name: Multi
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}, count: 2}]
    do: [{damage: {to: target, amount: 1}}]
"""
    res = ENGINE.run(cards, "- {play: multi}\n- resolve_all\n")
    st = res.game.state
    assert (st.cards["decoy"].damage, st.cards["decoy2"].damage, st.cards["plain"].damage) == (1, 1, 0)


RANDOM = """
zap:
  name: Zap
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}, random: true}]
    do: [{damage: {to: target, amount: 1}}]
"""


def _hit(res: Result) -> str:
    return next(c.id for c in res.game.state.cards.values() if c.damage)


def test_random_targets_come_from_the_seed() -> None:
    cards = UNITS + "c: {name: C, owner: opp, zone: units, type: reinforcement, health: 3}\n" + RANDOM
    hits = {seed: _hit(ENGINE.run(cards, "- {play: zap}\n- resolve_all\n", seed=seed)) for seed in range(8)}
    assert hits == {seed: _hit(ENGINE.run(cards, "- {play: zap}\n- resolve_all\n", seed=seed)) for seed in range(8)}
    assert len(set(hits.values())) > 1


def test_random_targets_take_magnets_first() -> None:
    cards = MAGNET + "c: {name: C, owner: opp, zone: units, type: reinforcement, health: 3}\n" + RANDOM
    for seed in range(8):
        assert _hit(ENGINE.run(cards, "- {play: zap}\n- resolve_all\n", seed=seed)) == "decoy"


def test_untargetable_target_becomes_illegal_if_it_moved() -> None:
    res = ENGINE.run(UNITS + BOLT + """
bounce:
  name: Bounce
  owner: opp
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit, controller: you}}]
    do: [{move: {card: target, to: hand}}]
""", "- {play: bolt}\n- {play: bounce, by: opp}\n- resolve_all\n", "- {for: bolt, target: a}\n- {for: bounce, target: a}\n")
    assert res.status == "pass"
    assert ("bolt", "interrupted") in [(s, o) for _, s, o in res.game.resolved]
    assert res.game.state.cards["bolt"].zone == "salvage"  # 711.1: into its owner's salvage base
