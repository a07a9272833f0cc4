"""Continuous (714), replacement and prevention (716–717), timestamps and dependency (718–719), loops (803)."""

from __future__ import annotations

from builder import ENGINE, OPTIONAL

CMD = "ycmd: {name: YC, owner: you, zone: commander, type: commander, power: 2, health: 30}\n"


def _bolt(name: str = "bolt", amount: int = 2, extra: str = "") -> str:
    return f"""
{name}:
  name: {name}
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{{filter: {{type: unit}}}}]
    do: [{{damage: {{to: target, amount: {amount}{extra}}}}}]
"""


def _shield(amount: int, rid: str = "sh", owner: str = "opp") -> str:
    return f"""
{rid}:
  name: {rid}
  owner: {owner}
  zone: commander
  type: ability
  play: {{continuous: true, do: []}}
  abilities: [{{kind: replacement, replace: {{event: damage, to: {{type: unit, controller: you}}, shield: {amount}}}}}]
"""


UNIT = "u: {name: U, owner: opp, zone: units, type: reinforcement, power: 1, health: 9}\n"


def test_prevention_shield_shrinks_by_each_packet_and_then_vanishes() -> None:
    # 717.2a: X-point packet vs Y shield: packet −Y, shield −X; below 1 it is gone.
    res = ENGINE.run(UNIT + _shield(3) + _bolt() + _bolt("bolt2"), "- {play: bolt}\n- resolve_all\n- {play: bolt2}\n- resolve_all\n",
                     "- {for: bolt, target: u}\n- {for: bolt2, target: u}\n")
    assert res.status == "pass", res.checked
    # 2 vs 3: the packet vanishes, the shield goes down by 2; 2 vs 1: 1 prevented, 1 dealt, the shield is gone
    assert res.game.state.cards["u"].damage == 1
    assert any(s.kind == "shield_gone" for s in res.game.trace.steps)


def test_partial_prevention_triggers_when_prevented_and_damaged() -> None:
    # 717.2d: partly prevented: "when prevented" triggers; the rest is dealt.
    watcher = """
w:
  name: W
  owner: opp
  zone: units
  type: reinforcement
  health: 5
  abilities: [{kind: triggered, when: {event: prevented, card: {type: reinforcement, controller: you}}, do: [{draw: {player: you, count: 1}}]}]
od: {name: OD, owner: opp, zone: deck, type: reinforcement}
"""
    res = ENGINE.run(UNIT + watcher + _shield(1) + _bolt(amount=3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.game.state.cards["u"].damage == 2
    assert res.game.state.cards["od"].zone == "hand"


def test_fully_prevented_packet_does_not_trigger_damaged() -> None:
    watcher = """
w:
  name: W
  owner: opp
  zone: units
  type: reinforcement
  health: 5
  abilities: [{kind: triggered, when: {event: damaged, card: {type: reinforcement, controller: you}}, do: [{draw: {player: you, count: 1}}]}]
od: {name: OD, owner: opp, zone: deck, type: reinforcement}
"""
    res = ENGINE.run(UNIT + watcher + _shield(5) + _bolt(), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.game.state.cards["u"].damage == 0 and res.game.state.cards["od"].zone == "deck"
    unshielded = ENGINE.run(UNIT + watcher + _bolt(), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert unshielded.game.state.cards["od"].zone == "hand"  # the trigger itself works


def test_unpreventable_packet_ignores_prevention() -> None:
    res = ENGINE.run(UNIT + _shield(5) + _bolt(extra=", unpreventable: true"), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.game.state.cards["u"].damage == 2


PLUS = """
amp:
  name: Amp
  owner: you
  zone: commander
  type: ability
  play: {continuous: true, do: []}
  abilities: [{kind: replacement, replace: {event: damage, controller: you, add: 1}}]
"""


def test_717_3b_destination_controller_orders_increase_and_shield() -> None:
    # One increase and one prevention: 717.3b, the destination's controller (opp) picks; shield first = all prevented.
    res = ENGINE.run(UNIT + PLUS + _shield(2) + _bolt(), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.kind == "replacement" and res.open_choice.player == "opp"
    first = ENGINE.run(UNIT + PLUS + _shield(2) + _bolt(), "- {play: bolt}\n- resolve_all\n",
                       "- {for: bolt, target: u}\n- {by: opp, replacement: sh}\n")
    assert first.game.state.cards["u"].damage == 0
    second = ENGINE.run(UNIT + PLUS + _shield(2) + _bolt(), "- {play: bolt}\n- resolve_all\n",
                        "- {for: bolt, target: u}\n- {by: opp, replacement: amp}\n")
    assert second.game.state.cards["u"].damage == 1


def test_717_3a_packet_controller_picks_among_increases() -> None:
    amp2 = PLUS.replace("amp:", "amp2:").replace("name: Amp", "name: Amp2")
    res = ENGINE.run(UNIT + PLUS + amp2 + _bolt(), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.player == "you" and set(res.open_choice.options) == {"amp", "amp2"}


MOVES = """
v:
  name: V
  owner: opp
  zone: units
  type: reinforcement
  abilities: [{kind: replacement, replace: {event: destroyed, to: {type: unit}, zone: vortex}}]
h:
  name: H
  owner: opp
  zone: units
  type: reinforcement
  abilities: [{kind: replacement, replace: {event: destroyed, to: {type: unit}, zone: hand}}]
kill:
  name: Kill
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{destroy: target}]}
"""


def test_716_1b_affected_cards_controller_picks_and_the_first_changes_the_event() -> None:
    res = ENGINE.run(UNIT + MOVES, "- {play: kill}\n- resolve_all\n", "- {for: kill, target: u}\n")
    assert res.status == "stopped" and res.open_choice.player == "opp"
    a = ENGINE.run(UNIT + MOVES, "- {play: kill}\n- resolve_all\n", "- {for: kill, target: u}\n- {replacement: v}\n")
    b = ENGINE.run(UNIT + MOVES, "- {play: kill}\n- resolve_all\n", "- {for: kill, target: u}\n- {replacement: h}\n")
    assert a.game.state.cards["u"].zone == "vortex" and b.game.state.cards["u"].zone == "hand"


def test_716_1d_replaced_even_if_the_new_event_is_impossible_and_716_1a_no_draw_trigger() -> None:
    skip = """
sk:
  name: SK
  owner: you
  zone: commander
  type: ability
  play: {continuous: true, do: []}
  abilities: [{kind: replacement, replace: {event: draw, player: opponent, instead: [{discard: {player: opponent, count: 1}}]}}]
od: {name: OD, owner: opp, zone: deck, type: reinforcement}
dw:
  name: DW
  owner: you
  zone: units
  type: reinforcement
  abilities: [{kind: triggered, when: {event: draw, player: opponent}, do: [{draw: {player: you, count: 1}}]}]
yd: {name: YD, owner: you, zone: deck, type: reinforcement}
"""
    res = ENGINE.run(skip, "- {draw: opp}\n")
    st = res.game.state
    assert st.cards["od"].zone == "deck"  # the draw never happened (its hand is empty, so nothing was discarded)
    assert st.cards["yd"].zone == "deck"  # 716.1a: nothing triggered on a draw that did not happen
    assert "716.1d" in res.game.trace.cited()


def test_716_1c_an_effect_created_after_the_event_does_not_replace_it() -> None:
    late = """
late:
  name: Late
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{damage: {to: target, amount: 2}}, {prevent: {to: target}}, {damage: {to: target, amount: 2}}]
"""
    res = ENGINE.run(UNIT + late, "- {play: late}\n- resolve_all\n", "- {for: late, target: u}\n")
    assert res.game.state.cards["u"].damage == 2


ARMORED = """
acmd: {name: AC, owner: opp, zone: commander, type: commander, power: 1, health: 20}
plate: {name: Plate, owner: opp, zone: commander, type: equipment, armor: 2, attached_to: acmd}
tank: {name: Tank, owner: opp, zone: units, type: reinforcement, power: 1, health: 9, armor: 1}
"""


def test_717_2c_armor_equipment_is_exhausted_to_prevent_and_armored_characters_need_nothing() -> None:
    res = ENGINE.run(ARMORED + _bolt(amount=3) + _bolt("bolt2", 3), "- {play: bolt}\n- resolve_all\n- {play: bolt2}\n- resolve_all\n",
                     "- {for: bolt, target: acmd}\n- {by: opp, replacement: plate}\n- {for: bolt2, target: tank}\n")
    st = res.game.state
    assert res.status == "pass", res.open_choice
    assert st.cards["acmd"].damage == 1 and st.cards["plate"].exhausted
    assert st.cards["tank"].damage == 2
    declined = ENGINE.run(ARMORED + _bolt(amount=3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: acmd}\n- {by: opp, replacement: none}\n")
    assert declined.game.state.cards["acmd"].damage == 3 and not declined.game.state.cards["plate"].exhausted


NEXT_TIME = """
att: {name: Att, owner: you, zone: units, type: reinforcement, power: 1, health: 10}
att2: {name: Att2, owner: you, zone: units, type: reinforcement, power: 1, health: 10}
foe: {name: Foe, owner: opp, zone: units, type: reinforcement, power: 1, health: 10}
boost:
  name: Boost
  owner: you
  zone: hand
  type: ability
  play: {do: [{replace: {text: 下一次损伤+1, event: damage, add: 1, next: true}}]}
bolt:
  name: Bolt
  owner: you
  zone: hand
  type: ability
  play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 1}}]}
bolt2:
  name: Bolt
  owner: you
  zone: hand
  type: ability
  play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 1}}]}
"""


def test_717_4_next_time_covers_one_combat_damage_step_then_is_spent() -> None:
    # The two packets of one combat damage step are dealt at once: both are "the next time" (717.4's reading for
    # packets of one resolution, applied to what the rules deal at once); a later combat's packets are not.
    res = ENGINE.run(NEXT_TIME, "- {play: boost}\n- resolve_all\n- {attack: att, target: foe}\n- combat_damage\n- end_combat\n"
                          "- {attack: att2, target: foe}\n- combat_damage\n- end_combat\n")
    st = res.game.state
    assert res.status == "pass", (res.open_choice, res.unused)
    assert {c: st.cards[c].damage for c in ("att", "att2", "foe")} == {"att": 1 + 1, "att2": 1, "foe": (1 + 1) + 1}
    assert not st.repl_effects  # spent


def test_717_4_next_time_is_spent_when_the_resolution_that_used_it_ends() -> None:
    res = ENGINE.run(NEXT_TIME, "- {play: boost}\n- resolve_all\n- {play: bolt}\n- resolve_all\n"
                          "- {check: {card: foe, damage: 2}}\n- {play: bolt2}\n- resolve_all\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["foe"].damage == 2 + 1 and not res.game.state.repl_effects


def test_717_5_first_damage_each_turn() -> None:
    first = """
fw:
  name: FW
  owner: opp
  zone: units
  type: reinforcement
  health: 9
  abilities: [{kind: replacement, replace: {event: damage, to: self, first_each_turn: 3}}]
"""
    res = ENGINE.run(first + _bolt(amount=2) + _bolt("bolt2", 2), "- {play: bolt}\n- resolve_all\n- {play: bolt2}\n- resolve_all\n",
                     "- {for: bolt, target: fw}\n- {for: bolt2, target: fw}\n")
    assert res.game.state.cards["fw"].damage == 1  # 2 prevented, then 3 − 2 = 1 left of the 2


def test_717_6_split_is_chosen_by_the_effects_controller() -> None:
    split = """
sp:
  name: SP
  owner: opp
  zone: units
  type: reinforcement
  health: 9
  abilities: [{kind: replacement, replace: {event: damage, to: self, split: {among: {controller: you}}}}]
u2: {name: U2, owner: opp, zone: units, type: reinforcement, health: 9}
"""
    res = ENGINE.run(split + _bolt(amount=3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: sp}\n- {by: opp, distribute: {sp: 1, u2: 2}}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["sp"].damage == 1 and res.game.state.cards["u2"].damage == 2
    assert "717.6" in res.game.trace.cited()


def test_802_2_turn_player_orders_packets_to_their_own_characters() -> None:
    sweep = """
sweep:
  name: Sweep
  owner: you
  zone: hand
  type: ability
  play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 2}}]}
u2: {name: U2, owner: opp, zone: units, type: reinforcement, health: 9}
"""
    res = ENGINE.run(UNIT + sweep + _shield(2), "- {play: sweep}\n- resolve_all\n", turn="opp")
    assert res.status == "stopped" and res.open_choice.kind == "order" and res.open_choice.player == "opp"
    done = ENGINE.run(UNIT + sweep + _shield(2), "- {play: sweep}\n- resolve_all\n", "- {by: opp, order: [u2, u]}\n", turn="opp")
    assert done.game.state.cards["u2"].damage == 0 and done.game.state.cards["u"].damage == 2



def _numbers(chars: dict) -> dict:  # type: ignore[type-arg]
    """Power, health and armor of a card's current characteristics."""
    return {k: chars[k] for k in ("power", "health", "armor")}


MODIFY = """
buff:
  name: Buff
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{modify: {cards: target, power: 2, until: turn}}, {modify: {cards: target, health: 2}}]
mine: {name: Mine, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
"""


def test_714_3c_separate_durations_and_714_3d_independent_of_source() -> None:
    res = ENGINE.run(MODIFY, "- {play: buff}\n- resolve_all\n- {check: {card: mine, power: 3, health: 3}}\n- end_turn\n",
                     "- {for: buff, target: mine}\n")
    st = res.game.state
    assert all(c.ok for c in res.game.checks)
    assert st.cards["buff"].zone == "salvage"  # 714.3d: the source is gone; the effect stays
    assert _numbers(res.game.chars(st.cards["mine"])) == {"power": 1, "health": 3, "armor": None}


GROUP = """
rally:
  name: Rally
  owner: you
  zone: hand
  type: ability
  play: {do: [{modify: {cards: {each: {type: unit, controller: you}}, power: 1, until: turn}}]}
lock:
  name: Lock
  owner: you
  zone: hand
  type: ability
  play: {do: [{modify: {cards: {each: {type: unit, controller: you}}, lock: true, power: 1, until: turn}}]}
mine: {name: Mine, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
late: {name: Late, owner: you, zone: hand, type: reinforcement, power: 1, health: 1, play: {do: []}}
"""


def test_714_3e_group_rechecked_versus_714_3f_locked() -> None:
    group = ENGINE.run(GROUP, "- {play: rally}\n- resolve_all\n- {play: late}\n- resolve_all\n")
    locked = ENGINE.run(GROUP, "- {play: lock}\n- resolve_all\n- {play: late}\n- resolve_all\n")
    assert group.game.chars(group.game.state.cards["late"])["power"] == 2
    assert locked.game.chars(locked.game.state.cards["late"])["power"] == 1
    assert locked.game.chars(locked.game.state.cards["mine"])["power"] == 2


def test_714_3b_as_long_as_it_stays_exhausted() -> None:
    cards = """
hold:
  name: Hold
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{modify: {cards: target, power: 3, as_long_as: {card: target, exhausted: true}}}]
wake:
  name: Wake
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{ready: target}]}
tired: {name: Tired, owner: you, zone: units, type: reinforcement, power: 1, health: 1, exhausted: true}
"""
    kept = ENGINE.run(cards, "- {play: hold}\n- resolve_all\n", "- {for: hold, target: tired}\n")
    assert kept.game.chars(kept.game.state.cards["tired"])["power"] == 4
    readied = ENGINE.run(cards, "- {play: hold}\n- {play: wake}\n- resolve_all\n", "- {for: hold, target: tired}\n- {for: wake, target: tired}\n")
    assert readied.game.chars(readied.game.state.cards["tired"])["power"] == 1  # it stopped being so before resolution
    assert "714.3b" in readied.game.trace.cited()


def test_714_3a_condition_only_while_attacking() -> None:
    cards = """
spirit:
  name: Spirit
  owner: you
  zone: hand
  type: ability
  play: {do: [{modify: {cards: {each: {type: unit, controller: you}}, power: 1, while: {attacking: true}, until: turn}}]}
a1: {name: A1, owner: you, zone: units, type: reinforcement, power: 2, health: 2}
a2: {name: A2, owner: you, zone: units, type: reinforcement, power: 2, health: 2}
foe: {name: Foe, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
"""
    res = ENGINE.run(cards, "- {play: spirit}\n- resolve_all\n- {attack: a1, target: foe}\n"
                      "- {check: [{card: a1, power: 3}, {card: a2, power: 2}]}\n- end_combat\n- {check: {card: a1, power: 2}}\n")
    assert res.status == "pass" and len(res.game.checks) == 3 and all(c.ok for c in res.game.checks)


DEP = """
big:
  name: Big
  owner: you
  zone: units
  type: reinforcement
  abilities: [{kind: continuous, affects: {each: {type: unit, power: {gte: 3}}}, health: 2}]
pump:
  name: Pump
  owner: you
  zone: hand
  type: ability
  play: {do: [{modify: {cards: {each: {type: reinforcement, controller: you}}, power: 1}}]}
x: {name: X, owner: you, zone: units, type: reinforcement, power: 2, health: 2}
"""


def test_719_2_dependent_effect_applies_after_what_it_depends_on() -> None:
    # "units with power ≥ 3 get +2 health" (earlier) depends on "+1 power" (later): applied after it.
    from judge.engine.mechanisms.continuous import explain

    res = ENGINE.run(DEP, "- {play: pump}\n- resolve_all\n")
    x = res.game.state.cards["x"]
    assert _numbers(res.game.chars(x)) == {"power": 3, "health": 4, "armor": None}
    health = explain(res.game)["x"]["health"]
    assert health[0].reason == "dependency" and health[0].source.id == "big"


LOOP = """
a:
  name: A
  owner: you
  zone: units
  type: reinforcement
  abilities: [{kind: continuous, affects: {each: {type: unit, health: {gte: 3}}}, power: 1}]
b:
  name: B
  owner: you
  zone: units
  type: reinforcement
  abilities: [{kind: continuous, affects: {each: {type: unit, power: {lte: 2}}}, health: -1}]
t: {name: T, owner: opp, zone: units, type: reinforcement, power: 2, health: 3}
"""


def test_719_3_dependency_loop_starts_from_the_earliest_timestamp() -> None:
    # A ("health ≥ 3: +1 power") and B ("power ≤ 2: −1 health") depend on each other. Both are on the field from the
    # start (718.2a): the same timestamp, so their controller chooses which is earlier (718.3); the loop starts there.
    from judge.engine.mechanisms.continuous import explain

    a_first = ENGINE.run(LOOP, "- {pass: you}\n", "- {by: you, timestamps: [a, b]}\n")
    assert a_first.status == "pass", a_first.open_choice
    assert _numbers(a_first.game.chars(a_first.game.state.cards["t"])) == {"power": 3, "health": 3, "armor": None}
    b_first = ENGINE.run(LOOP, "- {pass: you}\n", "- {by: you, timestamps: [b, a]}\n")
    assert _numbers(b_first.game.chars(b_first.game.state.cards["t"])) == {"power": 2, "health": 2, "armor": None}
    assert any(a.reason == "loop" for rows in explain(b_first.game)["t"].values() for a in rows)


# 719.1, second part, in the reading its example supports (scenarios/rise/719_1_example.yaml says why): a change to a
# value acts on the value the effects already changing it produced, so it depends on them.
LORD = """
lord: {name: Lord, owner: you, zone: units, type: reinforcement, power: 1, health: 3,
       abilities: [{kind: continuous, text: 你的援军战斗力+1, affects: {each: {type: reinforcement, controller: you}}, power: 1}]}
zero: {name: Zero, owner: you, zone: units, type: reinforcement, power: 0, health: 3}
blank: {name: Blank, owner: you, zone: units, type: reinforcement, health: 3}
shrink:
  name: Shrink
  owner: opp
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{modify: {cards: target, power: -1, until: turn}}]}
"""


def test_719_1_a_later_change_to_a_value_depends_on_the_effect_already_changing_it() -> None:
    from judge.engine.mechanisms.continuous import explain

    res = ENGINE.run(LORD, "- {pass: you}\n- {play: shrink, by: opp}\n- resolve_all\n", "- {for: shrink, target: lord}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    lord = res.game.state.cards["lord"]
    assert res.game.chars(lord)["power"] == 1  # 1 + 1 − 1
    rows = explain(res.game)["lord"]["power"]
    assert [(a.source.id, a.reason) for a in rows] == [("lord", "timestamp"), ("shrink", "dependency")]
    assert [(d.source.id, d.kind, d.char) for d in rows[1].depends_on] == [("lord", "value", "power")]
    dep = [s for s in res.game.trace.steps if s.kind == "dependency"]
    assert len(dep) == 1 and dep[0].cites == ("719.1", "719.2") and dep[0].args["source"].id == "shrink"


def test_719_1_a_power_of_0_is_a_value_and_no_power_is_none() -> None:
    # "增加或减少一张卡牌战斗力的影响只会对具有战斗力数值（包括0）的卡牌的结果产生影响"
    from judge.engine.mechanisms.continuous import explain

    zero = ENGINE.run(LORD, "- {pass: you}\n- {play: shrink, by: opp}\n- resolve_all\n", "- {for: shrink, target: zero}\n")
    assert zero.game.chars(zero.game.state.cards["zero"])["power"] == 0  # 0 + 1 − 1
    assert [d.kind for d in explain(zero.game)["zero"]["power"][1].depends_on] == ["value"]
    blank = ENGINE.run(LORD, "- {pass: you}\n- {play: shrink, by: opp}\n- resolve_all\n", "- {for: shrink, target: blank}\n")
    assert blank.game.chars(blank.game.state.cards["blank"])["power"] is None
    assert "blank" not in explain(blank.game)
    assert not any(s.kind == "dependency" and s.args["card"].id == "blank" for s in blank.game.trace.steps)


def test_719_1_effects_that_started_together_do_not_depend_on_each_other_by_value() -> None:
    # Both on the field from the start (one timestamp): neither was "already" changing the value; 718.3 orders them.
    from judge.engine.mechanisms.continuous import explain

    board = LORD + "lord2: {name: Lord2, owner: you, zone: commander, type: equipment, abilities: " \
                   "[{kind: continuous, affects: {each: {type: reinforcement, controller: you}}, power: 2}]}\n"
    res = ENGINE.run(board, "- {pass: you}\n")
    rows = explain(res.game)["zero"]["power"]
    assert res.game.chars(res.game.state.cards["zero"])["power"] == 3
    assert [a.reason for a in rows] == ["simultaneous", "simultaneous"] and all(not a.depends_on for a in rows)


FIRST_PART = """
cap: {name: Cap, owner: you, zone: commander, type: equipment,
      abilities: [{kind: continuous, text: 战斗力≤2的单位+1, affects: {each: {type: unit, power: {lte: 2}}}, power: 1}]}
t: {name: T, owner: opp, zone: units, type: reinforcement, power: 2, health: 3}
pump:
  name: Pump
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{modify: {cards: target, power: 1}}]}
"""


def test_719_1_the_value_reading_does_not_override_the_first_part() -> None:
    # Cap ("units with power ≤ 2 get +1") depends on Pump ("+1 to T") by the first part: Pump changes whether Cap
    # applies to T. Pump acting on the value Cap was already changing would make the two a loop (719.3) started
    # from Cap, giving T 2 + 1 + 1 = 4 while Cap's condition (power ≤ 2) is false; the first part stands instead:
    # Pump first (2 → 3), then Cap no longer applies. T has 3.
    from judge.engine.mechanisms.continuous import explain

    before = ENGINE.run(FIRST_PART, "- {pass: you}\n")
    assert before.game.chars(before.game.state.cards["t"])["power"] == 3  # 2 + Cap's 1
    res = ENGINE.run(FIRST_PART, "- {play: pump}\n- resolve_all\n", "- {for: pump, target: t}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.chars(res.game.state.cards["t"])["power"] == 3
    assert [(a.source.id, a.reason) for a in explain(res.game)["t"]["power"]] == [("pump", "timestamp")]
    assert not any(s.kind == "dependency_loop" for s in res.game.trace.steps)


OWN_VALUE = """
t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
hp:
  name: HP
  owner: you
  zone: hand
  type: ability
  play: {do: [{modify: {cards: {each: {type: reinforcement, controller: you}}, health: 2}}]}
eq: {name: Eq, owner: you, zone: commander, type: equipment,
     abilities: [{kind: continuous, text: 战斗力等于其生命值, affects: {each: {type: reinforcement, controller: you}}, set: {power: {health: it}}}]}
"""


def test_719_1_an_amount_reading_the_cards_own_value_depends_on_what_changes_that_value() -> None:
    # Eq (earlier): "power equal to its health". HP (later): +2 health. Applying HP changes what Eq does (3 → 5), so
    # Eq depends on HP (719.1) and applies after it (719.2): T has 5 health and 5 power, not the printed health 3.
    from judge.engine.mechanisms.continuous import explain

    before = ENGINE.run(OWN_VALUE, "- {pass: you}\n")
    assert before.game.chars(before.game.state.cards["t"])["power"] == 3
    res = ENGINE.run(OWN_VALUE, "- {play: hp}\n- resolve_all\n")
    assert _numbers(res.game.chars(res.game.state.cards["t"])) == {"power": 5, "health": 5, "armor": None}
    row = explain(res.game)["t"]["power"][0]
    assert row.reason == "dependency" and [(d.source.id, d.kind) for d in row.depends_on] == [("hp", "amount")]


def test_718_2g_counters_have_their_own_timestamp_in_explain() -> None:
    from judge.engine.mechanisms.continuous import explain

    res = ENGINE.run("c: {name: C, owner: you, zone: units, type: reinforcement, power: 1, health: 1, counters: {power: 2}}\n", "- {pass: you}\n")
    lines = explain(res.game)["c"]["power"]
    assert lines[0].ts_rule == "718.2g" and res.game.chars(res.game.state.cards["c"])["power"] == 3


WILSONS = """
w1:
  name: W
  owner: you
  zone: units
  type: reinforcement
  abilities:
    - {kind: triggered, when: {event: enters, card: {type: unit, controller: opponent}}, do: [{create: {token: {name: G, power: 1, health: 1}, under: you}}]}
w2:
  name: W
  owner: opp
  zone: units
  type: reinforcement
  abilities:
    - {kind: triggered, when: {event: enters, card: {type: unit, controller: opponent}}, do: [{create: {token: {name: G, power: 1, health: 1}, under: you}}]}
r: {name: R, owner: opp, zone: hand, type: reinforcement, power: 1, health: 1, play: {do: []}}
kill:
  name: Kill
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{destroy: target}]}
"""


def test_803_3_mandatory_loop_shortcut_without_iterating() -> None:
    res = ENGINE.run(WILSONS, "- {play: r, by: opp}\n- resolve_all\n", "- {for: w1, loop: 5000000}\n", turn="opp")
    assert res.status == "pass", res.open_choice
    st = res.game.state
    # 803.3: one complete demonstration (one token each), then X = 5,000,000 more cycles (one token each per cycle);
    # it ends when w1 would trigger again, and it does not: 1 + X tokens for each of the two players.
    assert sum(c.copies for c in st.cards.values() if c.token) == 2 * (1 + 5_000_000)
    assert len(res.game.trace.steps) < 200 and not st.chain
    assert sum(1 for s in res.game.trace.steps if s.kind == "resolve") == 3  # r, then one cycle: w1, w2
    assert st.priority == "opp" and res.game.trace.steps[-1].kind == "priority" and "803.3" in res.game.trace.steps[-1].cites
    stopped = ENGINE.run(WILSONS, "- {play: r, by: opp}\n- resolve_all\n", turn="opp")
    assert stopped.open_choice.kind == "loop" and stopped.open_choice.player == "you"
    assert 1_000_000 not in stopped.open_choice.options and 1_000_001 in stopped.open_choice.options


def test_803_4_a_player_breaks_the_loop() -> None:
    res = ENGINE.run(WILSONS, "- {play: r, by: opp}\n- {resolve: 2}\n- {play: kill, by: you}\n- resolve_all\n",
                     "- {for: kill, target: w2}\n", turn="opp")
    assert res.status == "pass", res.open_choice
    assert "803.3" not in res.game.trace.cited()
    # 803.4: after the break the triggers already waiting still resolve (you, opp, you), then nothing loops
    assert sum(c.copies for c in res.game.state.cards.values() if c.token) == 3


def test_803_2_optional_loop_smallest_number_and_no_continuing() -> None:
    # 803.2: one complete demonstration (you may, opp may: two answers), the numbers, then the loop ends before opp's
    # optional action: your trigger already on the chain still asks you (a third answer); opp cannot continue it.
    may = "- {may: true}\n" * 3
    res = ENGINE.run(OPTIONAL, "- {play: r, by: opp}\n- resolve_all\n", may + "- {by: you, loop: 10}\n- {by: opp, loop: 3}\n", turn="opp")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert "803.2" in res.game.trace.cited()
    step = next(s for s in res.game.trace.steps if s.kind == "loop_optional")
    assert step.args["amount"] == 3 and step.args["player"].id == "opp"
    assert any(s.kind == "loop_refused" for s in res.game.trace.steps)
    mine = sum(c.copies for c in res.game.state.cards.values() if c.token and c.controller == "you")
    theirs = sum(c.copies for c in res.game.state.cards.values() if c.token and c.controller == "opp")
    assert (mine, theirs) == (1 + 3 + 1, 1 + 3)  # demonstration + X = 3 cycles; then yours, not theirs


def test_716_1e_an_event_an_instead_replacement_produced_is_not_replaced_by_it_again() -> None:
    # 716.1e: "由替代性影响创造，且已经受到该影响而产生效果的事件，不会再次受到该影响产生的效果". "If a unit of yours would be
    # dealt damage, it is dealt 1 damage instead": the new 1-damage packet matches the same replacement, which does
    # not apply to it again: the unit ends with 1 damage and the replacement acts exactly once. A second copy of
    # the same replacement from a different card may still replace it (the rule's "另一个不同事物").
    soft = """
soft:
  name: Soft
  owner: opp
  zone: commander
  type: ability
  play: {continuous: true, do: []}
  abilities: [{kind: replacement, replace: {event: damage, to: {type: unit, controller: you}, instead: [{damage: {to: event, amount: 1}}]}}]
"""
    res = ENGINE.run(UNIT + soft + _bolt(amount=3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "pass", res.checked
    assert res.game.state.cards["u"].damage == 1
    assert [s.kind for s in res.game.trace.steps].count("replaced_instead") == 1
