"""718.3: continuous effects that start at the same time: the turn player orders theirs first, then clockwise.

Expected values come from 718.3's text and plain arithmetic on the board below, not from the engine:
U has printed power 1. You control Zero ("power becomes 0") and Plus ("+2 power"); the opponent controls OPlus
("+10 power" on your reinforcements). All three are on the field from the start of the game (718.2a: one timestamp).
"""

from __future__ import annotations

from builder import ENGINE, power

BOARD = """
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
zero: {name: Zero, owner: you, zone: commander, type: equipment, abilities: [{kind: continuous, text: 战力变为0, affects: {each: {type: reinforcement, controller: you}}, set: {power: 0}}]}
plus: {name: Plus, owner: you, zone: commander, type: equipment, abilities: [{kind: continuous, text: 战力+2, affects: {each: {type: reinforcement, controller: you}}, power: 2}]}
oplus: {name: OPlus, owner: opp, zone: commander, type: equipment, abilities: [{kind: continuous, text: 对方援军战力+10, affects: {each: {type: reinforcement, controller: opponent}}, power: 10}]}
"""


def test_the_turn_player_chooses_the_order_of_their_simultaneous_effects_both_ways() -> None:
    # Your turn: your two effects first, in the order you choose, then the opponent's (718.3).
    # zero, plus, oplus: 0 → 2 → 12.   plus, zero, oplus: 3 → 0 → 10.
    # (Were OPlus first, the results would be 2 and 0; between yours, 12 and 0: only "after both" gives 12 and 10.)
    a = ENGINE.run(BOARD, "- {pass: you}\n", "- {by: you, timestamps: [zero, plus]}\n")
    b = ENGINE.run(BOARD, "- {pass: you}\n", "- {by: you, timestamps: [plus, zero]}\n")
    assert a.status == "pass" and b.status == "pass", (a.open_choice, b.open_choice, a.unused, b.unused)
    assert (power(a, "u"), power(b, "u")) == (12, 10)
    for res in (a, b):
        steps = [s for s in res.game.trace.steps if s.kind == "timestamps_order"]
        assert len(steps) == 1 and steps[0].cites == ("718.3",) and steps[0].args["player"].id == "you"
        assert any(s.kind == "timestamps_seats" and "718.3" in s.cites for s in res.game.trace.steps)


def test_on_the_opponents_turn_their_effect_comes_first() -> None:
    # The opponent's turn: OPlus first, then yours in your order. oplus, zero, plus: 11 → 0 → 2; oplus, plus, zero: 0.
    a = ENGINE.run(BOARD, "- {pass: opp}\n", "- {by: you, timestamps: [zero, plus]}\n", turn="opp")
    b = ENGINE.run(BOARD, "- {pass: opp}\n", "- {by: you, timestamps: [plus, zero]}\n", turn="opp")
    assert a.status == "pass" and b.status == "pass", (a.open_choice, b.open_choice)
    assert (power(a, "u"), power(b, "u")) == (2, 0)


def test_strict_mode_stops_at_the_unanswered_order_with_both_options() -> None:
    res = ENGINE.run(BOARD, "- {pass: you}\n")
    assert res.status == "stopped"
    c = res.open_choice
    assert c.kind == "timestamps" and c.player == "you"
    assert set(c.options) == {("zero", "plus"), ("plus", "zero")}


def test_the_choice_is_kept_as_turns_pass() -> None:
    # A timestamp does not move: the order taken on your turn still holds on the opponent's, with no new question.
    res = ENGINE.run(BOARD, "- {pass: you}\n- end_turn\n- {check: {card: u, power: 12}}\n", "- {by: you, timestamps: [zero, plus]}\n")
    assert res.status == "pass", (res.open_choice, [c.actual for c in res.checked if not c.ok])
    assert res.game.state.turn == "opp"
    assert sum(1 for s in res.game.trace.steps if s.kind == "timestamps_order") == 1


def test_no_question_when_every_order_gives_the_same_result() -> None:
    # Two additions commute: 1 + 2 + 3 = 6 in either order; and one effect per player needs no choice.
    adds = BOARD.replace("set: {power: 0}", "power: 3")
    res = ENGINE.run(adds, "- {pass: you}\n")
    assert res.status == "pass", res.open_choice
    assert power(res, "u") == 1 + 3 + 2 + 10
    assert not any(s.kind == "timestamps_order" for s in res.game.trace.steps)
    without_plus = "".join(line + "\n" for line in BOARD.splitlines() if not line.startswith("plus:"))
    single = ENGINE.run(without_plus, "- {pass: you}\n")
    assert single.status == "pass", single.open_choice
    assert power(single, "u") == 10  # your Zero (0), then the opponent's OPlus (+10): the turn player's first
    assert not any(s.kind == "timestamps_order" for s in single.game.trace.steps)
    assert "718.3" in single.game.trace.cited()  # the seat order between the two players is a 718.3 ruling


TWO_ON_ATTACK = """
att:
  name: Att
  owner: you
  zone: units
  type: reinforcement
  power: 1
  health: 5
  abilities:
    - {kind: continuous, text: 攻击时战斗力+2, when: {event: attacks, card: self}, affects: self, power: 2, until: combat}
    - {kind: continuous, text: 攻击时战斗力变为0, when: {event: attacks, card: self}, affects: self, set: {power: 0}, until: combat}
foe: {name: Foe, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
"""


def test_718_2e_effects_created_on_one_event_share_its_timestamp() -> None:
    # 718.2e: both effects take the time of the attack, so they started at the same time and their controller
    # orders them (718.3): +2 then "becomes 0" → 0; "becomes 0" then +2 → 2. Were they timestamped one after the
    # other, the text order would decide (0) and nothing would be asked.
    def att(res):  # type: ignore[no-untyped-def]
        return res.game.chars(res.game.state.cards["att"])["power"]

    open_run = ENGINE.run(TWO_ON_ATTACK, "- {attack: att, target: foe}\n- {check: {card: att, power: 0}}\n")
    assert open_run.status == "stopped" and open_run.open_choice.kind == "timestamps"
    plus_first = ENGINE.run(TWO_ON_ATTACK, "- {attack: att, target: foe}\n", "- {by: you, timestamps: [att, att#2]}\n")
    zero_first = ENGINE.run(TWO_ON_ATTACK, "- {attack: att, target: foe}\n", "- {by: you, timestamps: [att#2, att]}\n")
    assert (plus_first.status, zero_first.status) == ("pass", "pass")
    assert (att(plus_first), att(zero_first)) == (0, 2)
    effs = [e for e in zero_first.game.state.cont_effects if e.source.id == "att"]
    assert len(effs) == 2 and effs[0].ts == effs[1].ts and zero_first.game.data.cite(effs[0].ts_rule) == ("718.2e",)
