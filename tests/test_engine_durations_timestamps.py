"""Durations and timestamps: 714.2, 714.3b, 714.3e (except), 715.1, 718.2a/c/f/g, 719.3, and `--explain` rows.

Every expected value below comes from the rule quoted next to it and arithmetic on the inline board, not from the
engine's output.
"""

from __future__ import annotations

import pytest
from builder import ENGINE, all_checks_ok, health, power

from judge.engine.mechanisms.continuous import explain
from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import Result


def _kill(cid: str) -> str:
    return (f"{cid}: {{name: {cid}, owner: you, zone: hand, type: ability, "
            "play: {targets: [{filter: {type: unit}}], do: [{destroy: target}]}}\n")


# --- 714.2 ----------------------------------------------------------------------------------------------------------
LORD_BOARD = """
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
lord: {name: Lord, owner: you, zone: ZONE, type: reinforcement, power: 1, health: 3, play: {do: []},
       abilities: [{kind: continuous, text: 你的援军战斗力+1, affects: {each: {type: reinforcement, controller: you}}, power: 1}]}
"""


def test_714_2_a_continuous_ability_applies_only_while_its_card_is_on_the_field() -> None:
    # 714.2: the effect of a continuous ability lasts "直到该卡牌不再处于相应区域" — it applies from the field only.
    # Lord in hand: U keeps its printed power 1. Lord on the field: U has 1 + 1 = 2 (and Lord itself 1 + 1 = 2).
    in_hand = ENGINE.run(LORD_BOARD.replace("ZONE", "hand"), "- {pass: you}\n")
    assert in_hand.status == "pass"
    assert power(in_hand, "u") == 1
    on_field = ENGINE.run(LORD_BOARD.replace("ZONE", "units"), "- {pass: you}\n")
    assert power(on_field, "u") == 2
    # Played from hand, it enters the field and starts to apply (710.1c): 1 + 1 = 2.
    played = ENGINE.run(LORD_BOARD.replace("ZONE", "hand"), "- {check: {card: u, power: 1}}\n- {play: lord}\n- resolve_all\n")
    assert played.game is not None and played.game.state.cards["lord"].zone == "units"
    assert all_checks_ok(played) and power(played, "u") == 2


# --- 714.3b ---------------------------------------------------------------------------------------------------------
HOLD = """
hold:
  name: Hold
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{modify: {cards: target, power: 3, as_long_as: {card: target, exhausted: true}}}]
"""
TIRE = "tire: {name: Tire, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{exhaust: target}]}}\n"
TIRE2 = TIRE.replace("tire:", "tire2:").replace("Tire", "Tire2")
WAKE = "wake: {name: Wake, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{ready: target}]}}\n"


def test_714_3b_exhausted_before_the_link_was_created_and_still_at_resolution_gets_the_effect() -> None:
    # 714.3b: the card must keep the state "在连结创造与该连结解析期间". Tired is exhausted by Tire *before* Hold is
    # played and stays exhausted until Hold resolves: it kept the state, so it has 1 + 3 = 4.
    cards = HOLD + TIRE + "tired: {name: Tired, owner: you, zone: units, type: reinforcement, power: 1, health: 1}\n"
    res = ENGINE.run(cards, "- {play: tire}\n- resolve_all\n- {play: hold}\n- resolve_all\n",
                     "- {for: tire, target: tired}\n- {for: hold, target: tired}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["tired"].exhausted
    assert power(res, "tired") == 4


def test_714_3b_readied_and_exhausted_again_between_creation_and_resolution_gets_nothing() -> None:
    # 714.3b: "如果该【卡牌】在连结创造与该连结解析期间停止拥有该【特别方式】，便不算是持续该【特别方式】。"
    # Tired is exhausted when Hold is played; Wake (in response) readies it, Tire exhausts it again, then Hold
    # resolves. Exhausted at resolution, but it stopped being so in between: no effect, power stays 1.
    cards = HOLD + WAKE + TIRE + \
        "tired: {name: Tired, owner: you, zone: units, type: reinforcement, power: 1, health: 1, exhausted: true}\n"
    res = ENGINE.run(cards, "- {play: hold}\n- {play: wake}\n- resolve\n- {play: tire}\n- resolve\n"
                      "- {check: {chain: [hold]}}\n- resolve\n",
               "- {for: hold, target: tired}\n- {for: wake, target: tired}\n- {for: tire, target: tired}\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert res.game.state.cards["tired"].exhausted and not res.game.state.chain
    assert power(res, "tired") == 1
    # "便不会产生相应的影响": no effect is produced at all — the resolution says so, citing 714.3b, and creates none.
    steps = res.game.trace.steps
    assert any(s.kind == "as_long_as_broken" and "714.3b" in s.cites for s in steps)
    assert not any(s.kind == "cont_effect" for s in steps)
    # Control: without the Wake/Tire pair it would have 4.
    kept = ENGINE.run(cards, "- {play: hold}\n- resolve_all\n", "- {for: hold, target: tired}\n")
    assert power(kept, "tired") == 4


def test_714_3b_once_readied_the_effect_is_over_even_if_exhausted_again() -> None:
    # 714.3b: "如果确实曾停止拥有该【特别方式】，便不会产生相应的影响。" Hold resolves on an exhausted card: 1 + 3 = 4.
    # Wake readies it: the effect ends (1). Tire exhausts it again: the effect does not come back (still 1).
    cards = HOLD + WAKE + TIRE + \
        "tired: {name: Tired, owner: you, zone: units, type: reinforcement, power: 1, health: 1, exhausted: true}\n"
    res = ENGINE.run(cards, "- {play: hold}\n- resolve_all\n- {check: {card: tired, power: 4}}\n"
                      "- {play: wake}\n- resolve_all\n- {check: {card: tired, power: 1}}\n"
                      "- {play: tire}\n- resolve_all\n",
               "- {for: hold, target: tired}\n- {for: wake, target: tired}\n- {for: tire, target: tired}\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res) and len(res.game.checks) == 2
    assert res.game.state.cards["tired"].exhausted
    assert power(res, "tired") == 1


def test_714_3b_a_card_that_left_the_field_and_came_back_is_another_card() -> None:
    # 714.3b: "如果【卡牌】成为了另一张卡牌（章节405.9a），则也不算是持续该【特别方式】。" A group effect ("your
    # reinforcements get +3 as long as Tired stays exhausted") gives Tired and Other 1 + 3 = 4. Blink moves Tired to
    # the hand and back onto the field exhausted: a new card, so the effect is over — Other (never moved) is back to 1,
    # and so is the new Tired.
    cards = """
rally:
  name: Rally
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{modify: {cards: {each: {type: reinforcement, controller: you}}, power: 3, as_long_as: {card: target, exhausted: true}}}]
blink:
  name: Blink
  owner: you
  zone: hand
  type: ability
  play: {do: [{move: {card: tired, to: hand}}, {move: {card: tired, to: units, exhausted: true}}]}
tired: {name: Tired, owner: you, zone: units, type: reinforcement, power: 1, health: 1, exhausted: true}
other: {name: Other, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
"""
    res = ENGINE.run(cards, "- {play: rally}\n- resolve_all\n- {check: [{card: other, power: 4}, {card: tired, power: 4}]}\n"
                      "- {play: blink}\n- resolve_all\n", "- {for: rally, target: tired}\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res)
    tired = res.game.state.cards["tired"]
    assert tired.zone == "units" and tired.exhausted and tired.inc > 0  # back, exhausted, as another object
    assert power(res, "other") == 1
    assert power(res, "tired") == 1


def test_714_3b_as_long_as_with_another_key_is_rejected_by_the_loader() -> None:
    text = """
game: rise
title: t
players: [{id: you, resources: 5}, {id: opp, resources: 5}]
turn: you
cards:
  hold:
    name: Hold
    owner: you
    zone: hand
    type: ability
    play:
      targets: [{filter: {type: unit}}]
      do: [{modify: {cards: target, power: 3, as_long_as: {card: target, damaged: true}}}]
  u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
actions: [{play: hold}]
"""
    with pytest.raises(ScenarioError) as err:
        load_text(text, "<test>")
    assert "as_long_as" in err.value.message
    # the same file with the key the engine follows loads
    load_text(text.replace("damaged: true", "exhausted: true"), "<test>")


# --- 714.3e with except -----------------------------------------------------------------------------------------------
def test_714_3e_a_rechecked_group_effect_does_not_apply_to_the_excepted_card() -> None:
    # "Your other reinforcements get +2" (target excepted), re-checked continuously (714.3e: no lock). U1 is the
    # target: stays 1. U2: 1 + 2 = 3. Late enters afterwards: the group is re-checked, so it gets it too: 1 + 2 = 3.
    cards = """
rally:
  name: Rally
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{modify: {cards: {each: {type: reinforcement, controller: you}}, except: target, power: 2}}]
u1: {name: U1, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
u2: {name: U2, owner: you, zone: units, type: reinforcement, power: 1, health: 1}
late: {name: Late, owner: you, zone: hand, type: reinforcement, power: 1, health: 1, play: {do: []}}
"""
    res = ENGINE.run(cards, "- {play: rally}\n- resolve_all\n- {play: late}\n- resolve_all\n", "- {for: rally, target: u1}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert (power(res, "u1"), power(res, "u2"), power(res, "late")) == (1, 3, 3)
    assert "u1" not in explain(res.game)


# --- 715.1 ------------------------------------------------------------------------------------------------------------
def _watch(extra: str = "") -> str:
    return f"""
watch:
  name: Watch
  owner: you
  zone: hand
  type: ability
  play:
    do:
      - create_trigger:
          text: 每当一个单位被摧毁时，抓一张牌
          when: {{event: destroyed, card: {{type: unit}}}}
          do: [{{draw: {{player: you, count: 1}}}}]
          {extra}
""" + _kill("k1") + _kill("k2") + """
v1: {name: V1, owner: opp, zone: units, type: reinforcement, power: 1, health: 1}
v2: {name: V2, owner: opp, zone: units, type: reinforcement, power: 1, health: 1}
d1: {name: D1, owner: you, zone: deck, type: reinforcement}
d2: {name: D2, owner: you, zone: deck, type: reinforcement}
"""


KILLS = "- {for: k1, target: v1}\n- {for: k2, target: v2}\n"


def _drawn(res: Result) -> int:
    assert res.game is not None
    return sum(1 for d in ("d1", "d2") if res.game.state.cards[d].zone == "hand")


def test_715_1_a_triggered_effect_without_duration_lasts_until_the_game_ends() -> None:
    # 715.1: "此类影响通常具有有效期，或是注明它会于“下一次”所注明事件发生时触发。否则，它会持续作用直到游戏结束。"
    # Neither: it triggers on V1's destruction and again two turns later on V2's: two cards drawn.
    res = ENGINE.run(_watch(), "- {play: watch}\n- resolve_all\n- {play: k1}\n- resolve_all\n"
                         "- end_turn\n- end_turn\n- {play: k2}\n- resolve_all\n", KILLS)
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.turn == "you"
    assert _drawn(res) == 2


def test_715_1_a_next_time_triggered_effect_triggers_only_once() -> None:
    # 715.1: "下一次" (once): two destructions in the same turn, only the first triggers it: one card drawn.
    res = ENGINE.run(_watch("once: true"), "- {play: watch}\n- resolve_all\n- {play: k1}\n- resolve_all\n"
                                     "- {play: k2}\n- resolve_all\n", KILLS)
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["v2"].zone == "salvage"
    assert _drawn(res) == 1


def test_715_1_a_this_turn_triggered_effect_ends_with_the_turn() -> None:
    # 715.1: it triggers only "在它的有效期内". Until the end of the turn: V1 in this turn draws one; after end_turn,
    # V2's destruction does not trigger it. Control: the same two kills in one turn draw two.
    after = ENGINE.run(_watch("until: turn"), "- {play: watch}\n- resolve_all\n- {play: k1}\n- resolve_all\n"
                                        "- end_turn\n- {play: k2}\n- resolve_all\n", KILLS)
    assert after.status == "pass", (after.open_choice, after.unused)
    assert after.game.state.cards["v2"].zone == "salvage"
    assert _drawn(after) == 1
    same_turn = ENGINE.run(_watch("until: turn"), "- {play: watch}\n- resolve_all\n- {play: k1}\n- resolve_all\n"
                                            "- {play: k2}\n- resolve_all\n", KILLS)
    assert _drawn(same_turn) == 2


def test_715_1_a_this_combat_triggered_effect_ends_at_end_combat() -> None:
    # 715.1 with the duration "this combat": V1 destroyed during the combat draws one; after end_combat, V2's
    # destruction (same turn) draws nothing.
    cards = _watch("until: combat") + "att: {name: Att, owner: you, zone: units, type: reinforcement, power: 1, health: 5}\n" \
        + "foe: {name: Foe, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}\n"
    res = ENGINE.run(cards, "- {attack: att, target: foe}\n- {play: watch}\n- resolve_all\n- {play: k1}\n- resolve_all\n"
                      "- {check: {player: you, deck: 1}}\n- end_combat\n- {play: k2}\n- resolve_all\n", KILLS)
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res)
    assert res.game.state.cards["v2"].zone == "salvage"
    assert _drawn(res) == 1


# --- 718.2a / 718.2c: a card that enters again, tokens ----------------------------------------------------------------
# Zero (the opponent's, on the field from the start): "reinforcements' power becomes 0". Plus (yours, from the
# start): "+2 power". Same timestamp (718.2a: the start of the game); 718.3: on your turn yours is earlier, so
# Plus then Zero: U (power 1) → 3 → 0.
ZERO_PLUS = """
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
zero: {name: Zero, owner: opp, zone: commander, type: equipment, abilities: [{kind: continuous, text: 援军战力变为0, affects: {each: {type: reinforcement}}, set: {power: 0}}]}
plus: {name: Plus, owner: you, zone: commander, type: equipment, abilities: [{kind: continuous, text: 援军战力+2, affects: {each: {type: reinforcement}}, power: 2}]}
blink:
  name: Blink
  owner: you
  zone: hand
  type: ability
  play: {do: [{move: {card: plus, to: hand}}, {move: {card: plus, to: commander}}]}
"""


def test_718_2a_a_card_that_enters_again_takes_the_time_it_entered() -> None:
    # 718.2a: "场上的卡牌的时间印记为该卡牌进场的时间". After Blink, Plus entered after the start of the game, so its
    # effect is later than Zero's: Zero then Plus, 1 → 0 → 2.
    res = ENGINE.run(ZERO_PLUS, "- {check: {card: u, power: 0}}\n- {play: blink}\n- resolve_all\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res)
    assert res.game.state.cards["plus"].zone == "commander"
    assert power(res, "u") == 2
    rows = explain(res.game)["u"]["power"]
    assert [a.source.id for a in rows] == ["zero", "plus"]
    assert rows[0].ts == 0 and rows[1].ts > 0 and rows[1].ts_rule == "718.2f"


def test_718_2a_a_token_has_the_timestamp_of_when_it_entered() -> None:
    # 718.2a: a card on the field has the time it entered; only one there since the start has the start of the game.
    # The token (power 1, printed "+2 power to itself", 718.2f: the card's timestamp) enters on Spawn's resolution:
    # Zero (start of the game) then its +2: 1 → 0 → 2. Had it the start-of-game timestamp, 718.3 on your turn would
    # put your +2 first: 1 → 3 → 0.
    cards = """
zero: {name: Zero, owner: opp, zone: commander, type: equipment, abilities: [{kind: continuous, text: 援军战力变为0, affects: {each: {type: reinforcement}}, set: {power: 0}}]}
spawn:
  name: Spawn
  owner: you
  zone: hand
  type: ability
  play:
    do:
      - create:
          under: you
          token: {name: G, type: reinforcement, power: 1, health: 1,
                  abilities: [{kind: continuous, text: 战力+2, affects: self, power: 2}]}
"""
    res = ENGINE.run(cards, "- {play: spawn}\n- resolve_all\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    tokens = [c for c in res.game.state.cards.values() if c.token]
    assert len(tokens) == 1 and tokens[0].zone == "units"
    assert power(res, tokens[0].id) == 2
    rows = explain(res.game)[tokens[0].id]["power"]
    assert [a.source.id for a in rows] == ["zero", tokens[0].id]
    assert rows[1].ts > 0


# --- 718.2f: granted abilities ----------------------------------------------------------------------------------------
def test_718_2f_a_granted_ability_has_the_timestamp_of_when_it_was_granted() -> None:
    # 718.2f: the timestamp of an effect of a continuous ability is the card's (printed) or "该异能加入该卡牌的时间"
    # (not printed). U (power 1, on the field from the start) is granted "+2 power to itself" by Empower: later than
    # Zero (start of the game), so Zero then +2: 1 → 0 → 2. Printed (Printed, same board): the card's timestamp, the
    # start of the game, shared with Zero; 718.3 on your turn puts yours first: 1 → 3 → 0.
    cards = """
zero: {name: Zero, owner: opp, zone: commander, type: equipment, abilities: [{kind: continuous, text: 援军战力变为0, affects: {each: {type: reinforcement}}, set: {power: 0}}]}
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
printed: {name: Printed, owner: you, zone: units, type: reinforcement, power: 1, health: 5,
          abilities: [{kind: continuous, text: 战力+2, affects: self, power: 2}]}
empower:
  name: Empower
  owner: you
  zone: hand
  type: ability
  play:
    targets: [{filter: {type: unit}}]
    do: [{grant: {to: target, ability: {kind: continuous, text: 战力+2, affects: self, power: 2}}}]
"""
    res = ENGINE.run(cards, "- {check: {card: u, power: 0}}\n- {play: empower}\n- resolve_all\n", "- {for: empower, target: u}\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res)
    assert len(res.game.state.cards["u"].granted) == 1
    assert power(res, "u") == 2
    assert power(res, "printed") == 0
    rows = explain(res.game)["u"]["power"]
    assert [a.source.id for a in rows] == ["zero", "u"]
    assert rows[1].ts > rows[0].ts == 0 and rows[1].ts_rule == "718.2f"


# --- 718.2g: counters -------------------------------------------------------------------------------------------------
def test_718_2g_each_counter_has_the_time_it_was_put_on_the_card() -> None:
    # 718.2g: "其时间印记为在该卡牌上放置该指示物的时间". U (power 1): C1 puts +1 (2), Zero's link sets power 0 (later
    # than that counter: 0), C2 puts +1 (later than Zero): 0 + 1 = 1.
    counter = "{name: NAME, owner: you, zone: hand, type: ability, " \
              "play: {targets: [{filter: {type: unit}}], do: [{counters: {card: target, kind: power, amount: 1}}]}}\n"
    cards = "c1: " + counter.replace("NAME", "C1") + "c2: " + counter.replace("NAME", "C2") + """
zero:
  name: Zero
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{modify: {cards: target, set: {power: 0}}}]}
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
"""
    res = ENGINE.run(cards, "- {play: c1}\n- resolve_all\n- {check: {card: u, power: 2}}\n- {play: zero}\n- resolve_all\n"
                      "- {check: {card: u, power: 0}}\n- {play: c2}\n- resolve_all\n",
               "- {for: c1, target: u}\n- {for: zero, target: u}\n- {for: c2, target: u}\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert all_checks_ok(res) and len(res.game.checks) == 2
    assert res.game.state.cards["u"].counters == {"power": 2}
    assert power(res, "u") == 1
    rows = explain(res.game)["u"]["power"]
    assert [a.source.id for a in rows] == ["u", "zero", "u"]
    assert rows[0].ts < rows[1].ts < rows[2].ts and rows[0].ts_rule == rows[2].ts_rule == "718.2g"


def test_718_2g_counters_a_card_has_at_the_start_of_the_game_take_timestamp_0() -> None:
    # U starts with one +1 power counter; Zero (the opponent's, on the field from the start) sets power 0. Both have
    # the start of the game (718.2a, 718.2g): 718.3 puts the turn player's first. Your turn: counter then Zero,
    # 2 → 0. The opponent's turn: Zero then counter, 0 → 1. (A later counter timestamp would give 1 on both.)
    cards = """
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 3, counters: {power: 1}}
zero: {name: Zero, owner: opp, zone: commander, type: equipment, abilities: [{kind: continuous, text: 援军战力变为0, affects: {each: {type: reinforcement}}, set: {power: 0}}]}
"""
    mine = ENGINE.run(cards, "- {pass: you}\n")
    theirs = ENGINE.run(cards, "- {pass: opp}\n", turn="opp")
    assert mine.status == "pass" and theirs.status == "pass"
    assert (power(mine, "u"), power(theirs, "u")) == (0, 1)
    rows = explain(theirs.game)["u"]["power"]
    assert [(a.source.id, a.ts) for a in rows] == [("zero", 0), ("u", 0)] and rows[1].ts_rule == "718.2g"


# --- 719.3 ------------------------------------------------------------------------------------------------------------
def test_719_3_a_loop_starts_from_its_earliest_member_not_from_an_earlier_effect_waiting_for_it() -> None:
    # X (start of the game): "power ≥ 3: +5 health". LA (link, later): "health ≥ 3: +1 power". LB (link, latest):
    # "power ≤ 2: −1 health". T: 2 power / 3 health. LA and LB depend on each other (each changes whether the other
    # applies, 719.1): a loop. X depends on LA (LA changes whether X applies) but nothing in the loop depends on X
    # (X does not apply to T before LA), so X is not in the loop. 719.3: "由循环中具最早的时间印记之影响开始生效":
    # LA first (health 3 → power 3), then LB (power 3 is not ≤ 2: nothing), then X (power 3: health 3 + 5 = 8).
    # Starting from X instead would give X nothing (power 2), LA → power 3, LB nothing: health 3.
    cards = """
xcard: {name: X, owner: you, zone: commander, type: equipment,
        abilities: [{kind: continuous, text: 战力≥3的单位生命+5, affects: {each: {type: unit, power: {gte: 3}}}, health: 5}]}
la: {name: LA, owner: you, zone: hand, type: ability,
     play: {do: [{modify: {text: 生命≥3的单位战力+1, cards: {each: {type: unit, health: {gte: 3}}}, power: 1}}]}}
lb: {name: LB, owner: you, zone: hand, type: ability,
     play: {do: [{modify: {text: 战力≤2的单位生命-1, cards: {each: {type: unit, power: {lte: 2}}}, health: -1}}]}}
t: {name: T, owner: opp, zone: units, type: reinforcement, power: 2, health: 3}
"""
    res = ENGINE.run(cards, "- {play: la}\n- resolve_all\n- {check: {card: t, power: 3}}\n- {play: lb}\n- resolve_all\n")
    assert res.status == "pass", (res.open_choice, res.unused, [c.actual for c in res.checked if not c.ok])
    assert (power(res, "t"), health(res, "t")) == (3, 8)
    ex = explain(res.game)["t"]
    assert [(a.source.id, a.reason) for a in ex["power"]] == [("la", "loop")]
    assert [a.source.id for a in ex["health"]] == ["xcard"]
    loops = [s for s in res.game.trace.steps if s.kind == "dependency_loop"]
    assert loops and loops[0].cites == ("719.3",) and loops[0].args["source"].id == "la"


# --- --explain --------------------------------------------------------------------------------------------------------
def test_explain_lists_a_set_effect_that_leaves_the_value_unchanged() -> None:
    # FORMAT.md: `--explain` lists "the effects applied in order". Same sets U's power to 1, which it already was:
    # it is applied all the same, so it is listed, with before == after == 1.
    cards = """
u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
same:
  name: Same
  owner: you
  zone: hand
  type: ability
  play: {targets: [{filter: {type: unit}}], do: [{modify: {cards: target, set: {power: 1}}}]}
"""
    res = ENGINE.run(cards, "- {play: same}\n- resolve_all\n", "- {for: same, target: u}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "u") == 1
    rows = explain(res.game).get("u", {}).get("power", [])
    assert [(a.source.id, a.before, a.after) for a in rows] == [("same", 1, 1)]
