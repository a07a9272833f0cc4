"""Adding a link (707): modes, X, variable targets and distribution, total cost, triggers on use, rewind, 707.3."""

from __future__ import annotations

from builder import BOLT, ENGINE, UNITS, options

DECK = "yd1: {name: YD1, owner: you, zone: deck, type: reinforcement}\nyd2: {name: YD2, owner: you, zone: deck, type: reinforcement}\n"


def test_modes_only_need_targets_for_the_modes_chosen() -> None:
    cards = UNITS + DECK + """
modal:
  name: Modal
  owner: you
  zone: hand
  type: ability
  play:
    modes:
      choose: [1, 2]
      options:
        - {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 1}}]}
        - {do: [{draw: {player: you, count: 1}}]}
"""
    res = ENGINE.run(cards, "- {play: modal}\n")
    assert options(res) == [(0,), (1,), (0, 1)]
    draw_only = ENGINE.run(cards, "- {play: modal}\n- resolve_all\n", "- {for: modal, mode: 2}\n")
    assert draw_only.status == "pass" and not any(s.kind == "targets" for s in draw_only.game.trace.steps)
    both = ENGINE.run(cards, "- {play: modal}\n- resolve_all\n", "- {for: modal, mode: [1, 2]}\n- {for: modal, target: b}\n")
    assert both.game.state.cards["b"].damage == 1 and len(both.game.state.in_zone("hand", "you")) == 1


XDRAW = """
xdraw:
  name: XDraw
  owner: you
  zone: hand
  type: ability
  cost: X
  play:
    x: {max: 3}
    do: [{draw: {player: you, count: X}}]
"""


def test_x_is_chosen_and_paid() -> None:
    res = ENGINE.run(DECK + XDRAW, "- {play: xdraw}\n- resolve_all\n", "- {for: xdraw, x: 2}\n")
    assert res.status == "pass"
    assert len(res.game.state.in_zone("hand", "you")) == 2 and res.game.state.pools["you"] == 3


def test_x_is_zero_when_played_without_paying() -> None:
    res = ENGINE.run(DECK + XDRAW, "- {play: xdraw, free: true}\n- resolve_all\n")
    assert res.status == "pass"  # strict mode: no X choice was asked
    assert len(res.game.state.in_zone("hand", "you")) == 0 and res.game.state.pools["you"] == 5
    assert "707.1c" in res.game.trace.cited()


SPLIT = """
split:
  name: Split
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}, count: {up_to: 3}, distribute: 3}]
    do: [{damage: {to: target, amount: 0}}]
"""


def test_variable_count_is_decided_before_targets_and_amounts_are_positive() -> None:
    cards = UNITS + "c: {name: C, owner: opp, zone: units, type: reinforcement, health: 5}\n" + SPLIT
    res = ENGINE.run(cards, "- {play: split}\n")
    assert res.open_choice.kind == "count" and options(res) == [0, 1, 2, 3]
    two = ENGINE.run(cards, "- {play: split}\n", "- {count: 2}\n- {target: [a, c]}\n")
    dist = [dict(o) for o in options(two)]
    assert dist == [{"a": 1, "c": 2}, {"a": 2, "c": 1}]  # every target gets a positive amount
    done = ENGINE.run(cards, "- {play: split}\n- resolve_all\n", "- {count: 2}\n- {target: [a, c]}\n- {distribute: {a: 2, c: 1}}\n")
    st = done.game.state
    assert (st.cards["a"].damage, st.cards["b"].damage, st.cards["c"].damage) == (2, 0, 1)


def test_a_non_zero_amount_cannot_go_over_zero_targets_so_the_addition_rewinds() -> None:
    cards = UNITS + SPLIT
    res = ENGINE.run(cards, "- {play: split}\n", "- {count: 0}\n")
    st = res.game.state
    assert res.status == "pass"
    assert st.cards["split"].zone == "hand" and not st.chain and st.priority == "you"
    assert any(s.kind == "rewind" for s in res.game.trace.steps) and "707.2" in res.game.trace.cited()


def test_locked_information_for_the_amount() -> None:
    cards = "tank: {name: Tank, owner: opp, zone: units, type: reinforcement, health: 9}\n" + DECK + "h1: {name: H1, owner: you, zone: hand, type: reinforcement}\nh2: {name: H2, owner: you, zone: hand, type: reinforcement}\n" + """
spray:
  name: Spray
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}, distribute: {hand: you}}]
    do: [{damage: {to: target, amount: 0}}]
quick:
  name: Quick
  owner: you
  zone: hand
  type: ability
  play:
    do: [{draw: {player: you, count: 2}}]
"""
    res = ENGINE.run(cards, "- {play: spray}\n- {play: quick}\n- resolve_all\n", "- {for: spray, target: tank}\n")
    # hand when Spray was added: h1, h2, quick = 3 (Spray itself is on the chain); the draw does not change it
    assert res.status == "pass" and res.game.state.cards["tank"].damage == 3
    assert "707.1d" in res.game.trace.cited()


COSTLY = """
big:
  name: Big
  owner: you
  zone: hand
  type: ability
  cost: 4
  play:
    cost: {alt: {resources: 1}}
    do: []
"""


def test_total_cost_alternative_additional_reductions_minimum_and_floor() -> None:
    tax = "tax: {name: Tax, owner: opp, zone: units, type: reinforcement, health: 3, abilities: [{kind: cost_modifier, applies: {type: ability}, add: 1}]}\n"
    cut = "cut: {name: Cut, owner: you, zone: units, type: reinforcement, health: 3, abilities: [{kind: cost_modifier, applies: {type: ability, controller: you}, reduce: 3, minimum: 2}]}\n"
    cut2 = "cut2: {name: Cut2, owner: you, zone: units, type: reinforcement, health: 3, abilities: [{kind: cost_modifier, applies: {type: ability}, reduce: 4}]}\n"
    main = ENGINE.run(COSTLY + tax, "- {play: big}\n", "- {alt_cost: false}\n")
    assert main.game.state.pools["you"] == 5 - (4 + 1)  # additional cost adds
    alt = ENGINE.run(COSTLY + tax, "- {play: big}\n", "- {alt_cost: true}\n")
    assert alt.game.state.pools["you"] == 5 - (1 + 1)  # alternative replaces, then additional
    limited = ENGINE.run(COSTLY + tax + cut, "- {play: big}\n", "- {alt_cost: false}\n")
    assert limited.game.state.pools["you"] == 5 - 2  # 5 reduced by 3 but that part not below (2)
    floor = ENGINE.run(COSTLY + cut2, "- {play: big}\n", "- {alt_cost: true}\n")
    assert floor.game.state.pools["you"] == 5  # 1 - 4 < 0 counts as 0
    assert "707.1e" in floor.game.trace.cited()


def test_cannot_pay_rewinds_and_the_player_gets_priority_back() -> None:
    res = ENGINE.run(COSTLY.replace("    cost: {alt: {resources: 1}}\n", ""), "- {play: big}\n", you="resources: 2")
    st = res.game.state
    assert res.status == "pass"
    assert st.cards["big"].zone == "hand" and st.pools["you"] == 2 and not st.chain and st.priority == "you"
    assert [s.kind for s in res.game.trace.steps][-2:] == ["rewind", "priority"]


def test_use_and_target_triggers_go_on_the_chain_before_anyone_gets_priority() -> None:
    cards = BOLT + """
a:
  name: A
  owner: opp
  zone: units
  type: reinforcement
  health: 3
  abilities:
    - {kind: triggered, when: {event: targeted, card: self}, do: [{repair: {to: self, amount: 1}}]}
watcher:
  name: Watcher
  owner: you
  zone: units
  type: reinforcement
  health: 3
  abilities:
    - {kind: triggered, when: {event: used, player: you, link_kind: card}, do: [{draw: {player: you, count: 1}}]}
""" + DECK
    res = ENGINE.run(cards, "- {play: bolt}\n", "- {for: bolt, target: a}\n")
    st = res.game.state
    assert [l.source.id for l in st.chain] == ["bolt", "watcher", "a"]  # you (turn player) first, then opp on top
    kinds = [s.kind for s in res.game.trace.steps]
    last_added = max(i for i, k in enumerate(kinds) if k == "link_added")
    assert kinds[last_added + 1:].count("priority") == 1 and kinds[-1] == "priority"  # 707.1f, 708.1b
    assert st.priority == "you" and "707.1f" in res.game.trace.cited()


def test_effect_is_independent_of_its_source_and_uses_last_known_information() -> None:
    cards = """
reta:
  name: Reta
  owner: opp
  zone: units
  type: reinforcement
  power: 1
  health: 5
  counters: {power: 1}
  abilities:
    - kind: activated
      targets: [{filter: {type: unit, controller: opponent}}]
      do: [{damage: {to: target, amount: {power: self}}}]
guard: {name: Guard, owner: you, zone: units, type: reinforcement, health: 5}
kill:
  name: Kill
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit, controller: opponent}}]
    do: [{destroy: target}]
"""
    res = ENGINE.run(cards, "- {use: reta, by: opp}\n- {play: kill, by: you}\n- resolve_all\n", turn="opp")
    st = res.game.state
    assert res.status == "pass"
    assert st.cards["reta"].zone == "salvage" and st.cards["guard"].damage == 2  # last known power 1+1
    assert {"707.3", "709.2d"} <= res.game.trace.cited()
