"""714.3b with an exhaust cost, 719.1 dependencies (judged on the values so far, no ghost dependencies, value
dependencies), amounts reading the card's own values, counters, 717.3a "increases", 717.4 batches and `--explain`.

Every expected value below comes from the rule quoted next to it and arithmetic on the inline board, not from the
engine's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from builder import ENGINE, failed, health, power

from judge.engine.mechanisms.continuous import explain
from judge.scenario.commands import run_cmd
from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import Result, run


def _link(cid: str, modify: str) -> str:
    """An ability card whose resolution creates one continuous effect (714.3, timestamped as it resolves: 718.2d)."""
    return f"{cid}: {{name: {cid.upper()}, owner: you, zone: hand, type: ability, play: {{do: [{{modify: {{{modify}}}}}]}}}}\n"


def _plays(*cids: str) -> str:
    return "".join(f"- {{play: {c}}}\n- resolve_all\n" for c in cids)


def _deps(res: Result, cid: str, char: str) -> list[tuple[str, list[tuple[str, str]], str]]:
    """(source, [(depends-on source, kind)], reason) of each effect applied to that characteristic, in order."""
    assert res.game is not None
    rows = explain(res.game).get(cid, {}).get(char, [])
    return [(a.source.id, [(d.source.id, d.kind) for d in a.depends_on], a.reason) for a in rows]


def _dependency_steps(res: Result) -> list:
    assert res.game is not None
    return [s for s in res.game.trace.steps if s.kind in ("dependency", "dependency_loop")]


# --- 714.3b: exhausting the card as the cost is not "stopping" ----------------------------------------------------------
BRACE = """
g:
  name: G
  owner: you
  zone: units
  type: reinforcement
  power: 1
  health: 3
  abilities:
    - {kind: activated, name: brace, cost: {exhaust: true}, text: "【横置】：只要G持续横置，G战斗力+2",
       do: [{modify: {cards: self, power: 2, as_long_as: {card: self, exhausted: true}}}]}
wake: {name: Wake, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{ready: target}]}}
"""


def test_714_3b_exhausting_the_card_to_pay_the_cost_is_not_stopping_and_readying_it_ends_the_effect() -> None:
    # 714.3b: only "在连结创造与该连结解析期间停止拥有该【特别方式】" breaks it. G becomes exhausted paying the cost (it
    # starts having the state; it never stops having it) and is still exhausted at resolution: 1 + 2 = 3.
    # "如果确实曾停止拥有该【特别方式】，便不会产生相应的影响": Wake readies G, the effect is over: back to 1.
    res = ENGINE.run(BRACE, "- {use: g, ability: brace}\n- resolve_all\n- {check: {card: g, power: 3}}\n"
                      "- {play: wake}\n- resolve_all\n", "- {for: wake, target: g}\n")
    assert res.status == "pass", (res.open_choice, res.unused, failed(res))
    assert [c.ok for c in res.game.checks] == [True]
    assert not any(s.kind == "as_long_as_broken" for s in res.game.trace.steps)
    assert any(s.kind == "cont_effect" and "714.3b" in s.cites for s in res.game.trace.steps)
    assert not res.game.state.cards["g"].exhausted
    assert power(res, "g") == 1


# --- 719.1 judged on the values so far ------------------------------------------------------------------------------
def test_719_1_dependency_is_judged_on_the_values_the_earlier_effects_produced() -> None:
    # T: power 1, health 3. C (+1 power, earliest), A ("units with power ≥ 3 get +1 health", re-checked, 714.3e),
    # B (+1 power, latest). On printed values B changes nothing for A (1 → 2: still < 3), but after C T has 2, and
    # B takes it to 3: B changes whether A applies (719.1), so A depends on B and applies right after it (719.2):
    # power 1 + 1 + 1 = 3, then A: health 3 + 1 = 4. (In timestamp order A would see power 2: health 3.)
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _link("c", "cards: t, power: 1")
             + _link("a", "cards: {each: {type: unit, power: {gte: 3}}}, health: 1")
             + _link("b", "cards: t, power: 1"))
    res = ENGINE.run(cards, _plays("c", "a", "b"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert (power(res, "t"), health(res, "t")) == (3, 4)
    rows = _deps(res, "t", "health")
    assert [r[0] for r in rows] == ["a"]
    assert ("b", "applies") in rows[0][1] and rows[0][2] == "dependency"


# --- no ghost dependencies ------------------------------------------------------------------------------------------
GHOST = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
         + _link("b", "cards: {each: {type: unit, health: {gte: 3}}}, power: 1")
         + _link("c", "cards: {each: {type: reinforcement}}, lock: true, health: -1")
         + _link("e", "cards: {each: {type: reinforcement}}, lock: true, power: 1"))


def test_719_1_an_effect_that_ends_up_not_applying_is_not_named_as_a_dependency() -> None:
    # B ("health ≥ 3: +1 power", earliest) applies on T's printed health, but C (−1 health) changes whether it applies
    # (719.1), so B goes after C and then does not apply (health 2). E (+1 power) would have acted on B's result, but B
    # changed nothing on T: FORMAT.md, "`--explain` and the trace name only dependencies on effects that did apply".
    # T: power 1 + 1 (E) = 2, health 3 − 1 = 2.
    res = ENGINE.run(GHOST, _plays("b", "c", "e"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert (power(res, "t"), health(res, "t")) == (2, 2)
    assert _deps(res, "t", "power") == [("e", [], "timestamp")]  # 718.1: plain timestamp order
    assert _deps(res, "t", "health") == [("c", [], "timestamp")]
    assert not _dependency_steps(res)


def test_719_1_an_effect_that_never_applies_does_not_hide_the_one_that_does() -> None:
    # A (+1 power) then N ("health ≥ 10: +1 power": never T, health 3) then E (+1 power). E raises a value A was already
    # changing (FORMAT.md, 719.1 second part): E depends on A. N is not on T at all, so it neither stands in between nor
    # is named. Power 1 + 1 + 1 = 3.
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _link("a", "cards: t, power: 1")
             + _link("n", "cards: {each: {type: unit, health: {gte: 10}}}, power: 1")
             + _link("e", "cards: t, power: 1"))
    res = ENGINE.run(cards, _plays("a", "n", "e"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "t") == 3
    assert _deps(res, "t", "power") == [("a", [], "timestamp"), ("e", [("a", "value")], "dependency")]
    assert all("n" not in [o.id for o in s.args["on"]] for s in _dependency_steps(res))


# --- value dependencies are only for raising / lowering ---------------------------------------------------------------
def test_719_1_a_set_effect_gets_no_value_dependency_on_an_earlier_raise() -> None:
    # FORMAT.md (719.1 second part): an effect that "raises or lowers a value" depends on those already changing it. A
    # "becomes 5" does neither: it just applies after the +1 by timestamp (718.1). 1 + 1 = 2, then 5.
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _link("plus", "cards: t, power: 1") + _link("five", "cards: t, set: {power: 5}"))
    res = ENGINE.run(cards, _plays("plus", "five"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "t") == 5
    assert _deps(res, "t", "power") == [("plus", [], "timestamp"), ("five", [], "timestamp")]
    assert not _dependency_steps(res)


def test_719_1_a_later_effect_depends_on_the_whole_earlier_timestamp_group() -> None:
    # A (+1, its own link) then ONE link creating B and C (+1 each): one timestamp for both (718.2d, "连结解析时"). Each
    # raises a value A was already changing, so each depends on A (value); effects of one timestamp are not "already"
    # there for each other (718.3 orders them; with two +1s every order is the same, so nothing is asked).
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _link("a", "text: A, cards: t, power: 1")
             + "bc: {name: BC, owner: you, zone: hand, type: ability, play: {do: [{modify: {text: B, cards: t, power: 1}}, "
               "{modify: {text: C, cards: t, power: 1}}]}}\n")
    res = ENGINE.run(cards, _plays("a", "bc"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "t") == 1 + 1 + 1 + 1
    assert not any(s.kind == "timestamps_order" for s in res.game.trace.steps)
    rows = explain(res.game)["t"]["power"]
    assert [a.text.zh for a in rows] == ["A", "B", "C"]
    assert rows[1].ts == rows[2].ts > rows[0].ts
    for row in rows[1:]:
        assert [(d.text.zh, d.kind, d.char) for d in row.depends_on] == [("A", "value", "power")], row.text.zh


def test_719_1_a_power_change_has_no_result_on_a_card_without_power() -> None:
    # 719.1: "增加或减少一张卡牌战斗力的影响只会对具有战斗力数值（包括0）的卡牌的结果产生影响". W has health but no
    # power. P ("+X power, X = its health", earlier) would read the health H (+1 health, later) changes, but on W it has
    # no result either way, so H does not change what P does to W: no dependency. W: no power, health 3 + 1 = 4.
    cards = ("w: {name: W, owner: you, zone: units, type: reinforcement, health: 3}\n"
             + _link("p", "cards: w, power: {health: it}") + _link("h", "cards: w, health: 1"))
    res = ENGINE.run(cards, _plays("p", "h"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "w") is None and health(res, "w") == 4
    assert not _dependency_steps(res)
    assert "power" not in explain(res.game)["w"]


def test_719_1_an_effect_that_does_not_apply_to_the_card_cannot_make_another_depend_on_it() -> None:
    # 719.1: B must "改变另一个持续性影响能够产生效果的卡牌" — on this card, so B must apply to it. Start of the game
    # (718.2a): your Cap ("your units with power ≤ 2: health becomes 5") and the opponent's Grow ("every unit +1 health")
    # share a timestamp; on your turn yours is first (718.3): T (power 2, health 3) → 5 → 6.
    # Later, Pump gives the opponent's units +1 power: not T, so it cannot change whether Cap applies to T.
    # (Were Cap made to wait for Pump, Grow would go first: 3 → 4 → 5.)
    cards = """
t: {name: T, owner: you, zone: units, type: reinforcement, power: 2, health: 3}
cap: {name: Cap, owner: you, zone: commander, type: equipment,
      abilities: [{kind: continuous, text: 战力≤2的单位生命变为5, affects: {each: {type: unit, controller: you, power: {lte: 2}}}, set: {health: 5}}]}
grow: {name: Grow, owner: opp, zone: commander, type: equipment,
       abilities: [{kind: continuous, text: 所有单位生命+1, affects: {each: {type: unit}}, health: 1}]}
""" + _link("pump", "cards: {each: {type: unit, controller: opponent}}, power: 1")
    res = ENGINE.run(cards, "- {check: {card: t, health: 6}}\n" + _plays("pump"))
    assert res.status == "pass", (res.open_choice, res.unused, failed(res))
    assert power(res, "t") == 2
    assert health(res, "t") == 6
    assert [r[0] for r in _deps(res, "t", "health")] == ["cap", "grow"]


# --- amounts reading the card's own values ---------------------------------------------------------------------------
MIRROR = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
          + _link("eq", "cards: t, set: {power: {health: it}}")
          + "grow: {name: Grow, owner: you, zone: hand, type: ability, play: {do: [{counters: {card: t, kind: health, amount: 2}}]}}\n")


def test_an_amount_reading_the_cards_own_value_is_updated_after_the_value_changes() -> None:
    # 714.2: the amount "always uses the current game state". Eq: "T's power becomes its health": 3. Two +1 health
    # counters go on T (an event): health 3 + 2 = 5, and power follows: 5 (the counters' effect changes what Eq does,
    # 719.1, so Eq applies after them).
    res = ENGINE.run(MIRROR, _plays("eq") + "- {check: {card: t, power: 3}}\n" + _plays("grow"))
    assert res.status == "pass", (res.open_choice, res.unused, failed(res))
    assert (power(res, "t"), health(res, "t")) == (5, 5)


def test_computing_a_cards_values_leaves_it_not_marked_as_being_computed() -> None:
    # The same board, read through `explain` (which computes T's values directly) before the counters arrive: T must
    # not stay "being computed", or its later values would be the stale ones (power 3 or printed 1, not 5).
    res = ENGINE.run(MIRROR, _plays("eq"))
    game = res.game
    assert res.status == "pass" and game is not None
    t = game.state.cards["t"]
    assert [(a.before, a.after) for a in explain(game)["t"]["power"]] == [(1, 3)]
    assert not game.computing and not game.partial
    assert game.chars(t)["power"] == 3
    assert not game.computing and not game.partial
    game.act({"play": "grow"}, ("actions", 90))
    game.act({"resolve_all": True}, ("actions", 91))
    assert game.state.cards["t"].counters == {"health": 2}
    assert explain(game)["t"]["power"][-1].after == 5
    assert (game.chars(t)["power"], game.chars(t)["health"]) == (5, 5)
    assert not game.computing and not game.partial


def test_a_card_stays_being_computed_until_its_computation_ends() -> None:
    # E1 (earlier): "T's power becomes its health". E2 (later): "units with power ≥ N get +1 health", N = the number of
    # units with health ≥ 1 — T and O, 2, whatever the effects do (health 3 or 4). Counting N reads T's own health
    # while T's values are being worked out, after E1's amount has read them: that read must see T as still being
    # computed (the values so far), not start T's computation over again.
    # E1 changes whether E2 applies to T (power 1 → 3 ≥ 2), so E2 applies after it (719.1, 719.2): power 3, then
    # health 3 + 1 = 4. O (power 1 < 2): unchanged.
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             "o: {name: O, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _link("e1", "cards: t, set: {power: {health: it}}")
             + _link("e2", "cards: {each: {type: unit, power: {gte: {count: {zone: units, type: unit, health: {gte: 1}}}}}}, "
                           "health: 1"))
    res = ENGINE.run(cards, _plays("e1", "e2"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert (power(res, "t"), health(res, "t")) == (3, 4)
    assert (power(res, "o"), health(res, "o")) == (1, 3)
    rows = explain(res.game)["t"]
    assert [(a.source.id, a.before, a.after) for a in rows["power"]] == [("e1", 1, 3)]
    assert [(a.source.id, a.before, a.after) for a in rows["health"]] == [("e2", 3, 4)]
    assert not res.game.computing and not res.game.partial


# --- counters ---------------------------------------------------------------------------------------------------------
def _counter_card(cid: str, amount: int) -> str:
    return (f"{cid}: {{name: {cid.upper()}, owner: you, zone: hand, type: ability, "
            f"play: {{do: [{{counters: {{card: t, kind: power, amount: {amount}}}}}]}}}}\n")


def test_taking_off_more_counters_than_the_card_has_removes_only_those_it_has() -> None:
    # Only counters that are there can be taken off: T (power 2, no counters) loses none and keeps 2; with one +1
    # counter on it (3), taking off 2 removes that one: 2 again, never below printed + 0.
    res = ENGINE.run("t: {name: T, owner: you, zone: units, type: reinforcement, power: 2, health: 3}\n" + _counter_card("minus", -1),
                     _plays("minus"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert power(res, "t") == 2
    assert not {k: v for k, v in res.game.state.cards["t"].counters.items() if v}
    two = ENGINE.run("t: {name: T, owner: you, zone: units, type: reinforcement, power: 2, health: 3}\n"
                     + _counter_card("plus", 1) + _counter_card("minus2", -2),
                     _plays("plus") + "- {check: {card: t, power: 3}}\n" + _plays("minus2"))
    assert two.status == "pass", (two.open_choice, two.unused, failed(two))
    assert power(two, "t") == 2


def test_taking_counters_off_removes_the_most_recently_placed_first() -> None:
    # FORMAT.md: "taking counters off removes the most recently placed first"; 718.2g: each placement has its own
    # timestamp. T (power 1): +1 counter (2), Zero's link "power becomes 0" (0), +1 counter (1), −1 counter: the later
    # counter goes, the remaining one is older than Zero: 1 + 1 → 0. (Removing the oldest would leave 0 + 1 = 1.)
    cards = ("t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}\n"
             + _counter_card("c1", 1) + _link("zero", "cards: t, set: {power: 0}") + _counter_card("c2", 1)
             + _counter_card("take", -1))
    res = ENGINE.run(cards, _plays("c1") + "- {check: {card: t, power: 2}}\n" + _plays("zero", "c2")
                     + "- {check: {card: t, power: 1}}\n" + _plays("take"), you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused, failed(res))
    assert [c.ok for c in res.game.checks] == [True, True]
    assert res.game.state.cards["t"].counters == {"power": 1}
    assert power(res, "t") == 0
    assert [a.source.id for a in explain(res.game)["t"]["power"]] == ["t", "zero"]


def test_counters_written_with_a_bare_on_key_is_rejected_naming_card() -> None:
    text = """
game: rise
title: t
players: [{id: you, resources: 5}, {id: opp, resources: 5}]
turn: you
cards:
  t: {name: T, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
  s: {name: S, owner: you, zone: hand, type: ability, play: {do: [{counters: {on: t, kind: power, amount: 1}}]}}
actions: [{play: s}, resolve_all]
"""
    with pytest.raises(ScenarioError) as err:
        load_text(text, "<test>")
    assert "card:" in err.value.message
    ok = load_text(text.replace("{on: t,", "{card: t,"), "<test>")  # the documented key loads and works
    res = run(ok)
    assert res.status == "pass" and power(res, "t") == 2


# --- 717.3a: what "increases" / "changes" means ---------------------------------------------------------------------
U20 = "u: {name: U, owner: opp, zone: units, type: reinforcement, power: 1, health: 20}\n"
BOLT2 = ("bolt: {name: Bolt, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], "
         "do: [{damage: {to: target, amount: 2, type: 能量}}]}}\n")


def _changer(cid: str, change: str) -> str:
    return (f"{cid}: {{name: {cid}, owner: you, zone: commander, type: ability, play: {{continuous: true, do: []}}, "
            f"abilities: [{{kind: replacement, replace: {{event: damage, controller: you, {change}}}}}]}}\n")


@pytest.mark.parametrize("same", ["set_amount: 2", "type: 能量"])
def test_717_3a_setting_the_same_amount_or_the_same_type_is_no_increase_or_change(same: str) -> None:
    # 717.3a covers effects that "增加损伤包的数量" or "改变其损伤类型". The packet is 2 能量: making it 2 does not
    # increase it, making it 能量 does not change it. With +1 there is one such effect, not "数个": 717.3b, the
    # destination's controller (opp) picks.
    res = ENGINE.run(U20 + _changer("inc", "add: 1") + _changer("same", same) + BOLT2, "- {play: bolt}\n- resolve_all\n",
                     "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.kind == "replacement"
    assert res.open_choice.player == "opp"
    assert set(res.open_choice.options) == {"inc", "same"}
    # two such effects and no increase at all: still opp
    both = ENGINE.run(U20 + _changer("s1", "set_amount: 2") + _changer("s2", "type: 能量") + BOLT2,
                      "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert both.status == "stopped" and both.open_choice.player == "opp"


# --- 717.4: a lethal-damage check is its own batch ---------------------------------------------------------------------
NEXT_DESTROY = """
u1: {name: U1, owner: opp, zone: units, type: reinforcement, power: 1, health: 2}
u2: {name: U2, owner: opp, zone: units, type: reinforcement, power: 1, health: 2}
u3: {name: U3, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
save:
  name: Save
  owner: you
  zone: hand
  type: ability
  play: {do: [{replace: {text: 下一次单位将被摧毁时改为置入星系漩涡, event: destroyed, to: {type: unit}, zone: vortex, next: true}}]}
quake: {name: Quake, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 2}}]}}
kill: {name: Kill, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{destroy: target}]}}
"""


def test_717_4_the_destructions_of_one_lethal_damage_check_are_one_next_time_and_it_is_spent_after() -> None:
    # Quake (top) deals 2 to each of opp's units: U1 and U2 (health 2) have lethal damage and are destroyed together by
    # one check — one "next time" (FORMAT.md: "the destructions of one lethal-damage check"), so both go to the vortex.
    # The effect is then spent: Kill (below on the chain, same resolve_all) destroys U3 afterwards: salvage.
    res = ENGINE.run(NEXT_DESTROY, "- {play: save}\n- resolve_all\n- {play: kill}\n- {play: quake}\n- resolve_all\n",
                     "- {for: kill, target: u3}\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused)
    zones = {c: res.game.state.cards[c].zone for c in ("u1", "u2", "u3")}
    assert zones == {"u1": "vortex", "u2": "vortex", "u3": "salvage"}
    assert sum(1 for s in res.game.trace.steps if s.kind == "replaced" and "717.4" in s.cites) == 2
    assert not res.game.state.repl_effects


def test_717_4_a_next_time_effect_used_in_one_action_is_not_used_in_a_later_one() -> None:
    # Kill destroys U3 (the next time: vortex); Quake's lethal damage later destroys U1 and U2 normally: salvage.
    res = ENGINE.run(NEXT_DESTROY, "- {play: save}\n- resolve_all\n- {play: kill}\n- resolve_all\n- {play: quake}\n- resolve_all\n",
                     "- {for: kill, target: u3}\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused)
    zones = {c: res.game.state.cards[c].zone for c in ("u1", "u2", "u3")}
    assert zones == {"u1": "salvage", "u2": "salvage", "u3": "vortex"}


def test_717_4_a_destruction_that_follows_from_the_first_is_not_the_same_next_time() -> None:
    # "下一次" is one event, or the several packets one resolving link creates at once (717.4); FORMAT.md extends that
    # to what the rules do "at once" outside a link. Sac's cost destroys F1 (the next time: vortex). F1 leaving then
    # triggers W, whose cost — paid as W's trigger is put on the chain (708.1, after Sac was added) — destroys F2.
    # That is a later destruction, not one happening at once with F1's: the effect is spent, F2 goes to salvage.
    cards = """
f1: {name: F1, owner: you, zone: units, type: reinforcement, power: 1, health: 2}
f2: {name: F2, owner: you, zone: units, type: reinforcement, power: 1, health: 2}
w:
  name: W
  owner: you
  zone: commander
  type: equipment
  abilities:
    - {kind: triggered, when: {event: leaves, card: {type: reinforcement, controller: you}},
       cost: {destroy: {type: reinforcement, controller: you}}, do: []}
save:
  name: Save
  owner: you
  zone: hand
  type: ability
  play: {do: [{replace: {text: 下一次单位将被摧毁时改为置入星系漩涡, event: destroyed, to: {type: unit}, zone: vortex, next: true}}]}
sac: {name: Sac, owner: you, zone: hand, type: ability, play: {cost: {destroy: {type: reinforcement, controller: you}}, do: []}}
"""
    res = ENGINE.run(cards, "- {play: save}\n- resolve_all\n- {play: sac}\n",
                     "- {for: sac, cost_card: f1}\n- {for: w, pay: true}\n- {for: w, pay: false}\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["f1"].zone == "vortex"
    assert res.game.state.cards["f2"].zone == "salvage"


# --- judge run --explain ---------------------------------------------------------------------------------------------
# 718.3: your two effects with the start-of-game timestamp whose order changes U's power (0 → 2 or 3 → 0), no answer.
ORDER_ME = """
  unit: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
  zero: {name: Zero, owner: you, zone: commander, type: equipment,
         abilities: [{kind: continuous, text: 援军战力变为0, affects: {each: {type: reinforcement, controller: you}}, set: {power: 0}WHILE}]}
  boost: {name: Boost, owner: you, zone: commander, type: equipment,
          abilities: [{kind: continuous, text: 援军战力+2, affects: {each: {type: reinforcement, controller: you}}, power: 2WHILE}]}
"""


def _stopping_file(tmp_path: Path) -> Path:
    path = tmp_path / "stop.yaml"
    path.write_text("game: rise\ntitle: t\nplayers: [{id: you}, {id: opp}]\nturn: you\ncards:"
                    + ORDER_ME.replace("WHILE", "") + "actions:\n  - {pass: you}\n  - {check: {card: unit, power: 2}}\n",
                    encoding="utf-8")
    return path


def test_explain_on_a_run_stopped_at_an_open_718_3_choice_exits_1_and_says_why(tmp_path: Path) -> None:
    # FORMAT.md: strict mode "stops at a choice no entry answers … (exit status 1)"; --explain cannot show final values
    # without asking that question again, so it says so instead of failing.
    path = _stopping_file(tmp_path)
    res = CliRunner().invoke(run_cmd, ["--explain", "--lang", "en", str(path)])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert res.exit_code == 1, res.output
    assert "Traceback" not in res.output
    assert "Unanswered choice: timestamps" in res.output
    assert "the run stopped at an open choice" in res.output
    js = CliRunner().invoke(run_cmd, ["--explain", "--json", str(path)])
    assert js.exception is None or isinstance(js.exception, SystemExit), js.exception
    assert js.exit_code == 1
    (entry,) = json.loads(js.output)
    assert entry["status"] == "stopped" and entry["open_choice"]["kind"] == "timestamps"
    assert "explain" in entry and entry["explain"] is None


def test_a_check_on_a_cards_damage_does_not_compute_its_values_for_explain() -> None:
    # The check reads only U's damage. Zero and Boost apply on your turn only (714.3a), so the lethal-damage checks
    # before any priority (which read every field card's values) never meet them; end_turn gives no priority. After
    # it their order would change U's power (718.3), but nothing reads it: the run passes, and the
    # check's `--explain` part is empty rather than asking the 718.3 question.
    cards = ORDER_ME.replace("WHILE", ", while: {your_turn: true}")
    res = ENGINE.run(cards, "- end_turn\n- {check: {card: unit, damage: 0}}\n", turn="opp")
    assert res.status == "pass", (res.open_choice, res.unused, failed(res))
    assert res.game.state.turn == "you"
    assert [c.ok for c in res.game.checks] == [True]
    assert res.game.explained == [(1, {})]
    assert not any(s.kind == "timestamps_order" for s in res.game.trace.steps)
    # control: a check that reads U's power does ask
    asked = ENGINE.run(cards, "- end_turn\n- {check: {card: unit, power: 2}}\n", turn="opp")
    assert asked.status == "stopped" and asked.open_choice.kind == "timestamps"
