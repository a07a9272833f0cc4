"""Damage packets (717.2a, 717.2c, 717.3a, 717.4, 717.5), simultaneous packets (802.2) and loops (803.1, 803.2, 803.4).

Each test builds a small board inline; the expected numbers come from the rule quoted next to them and the board.
"""

from __future__ import annotations

import textwrap

import pytest

from judge.engine.choice import FirstOption
from judge.engine.mechanisms.loops import signature
from judge.scenario.loader import ScenarioError, load_text
from judge.scenario.runner import Result, build_game, run
from builder import ENGINE, OPTIONAL


def _bolt(cid: str, amount: int, extra: str = "") -> str:
    """An ability card: `amount` damage to one target unit."""
    return (f"{cid}: {{name: {cid}, owner: you, zone: hand, type: ability, play: {{targets: [{{filter: {{type: unit}}}}], "
            f"do: [{{damage: {{to: target, amount: {amount}{extra}}}}}]}}}}\n")


def _field_repl(cid: str, owner: str, replace: str) -> str:
    """A continuous ability card on the field with one replacement/prevention ability."""
    return (f"{cid}: {{name: {cid}, owner: {owner}, zone: commander, type: ability, play: {{continuous: true, do: []}}, "
            f"abilities: [{{kind: replacement, replace: {{{replace}}}}}]}}\n")


def _damage_steps(res: Result) -> list[tuple[str, str, int]]:
    """(source, destination, amount) of every damage dealt, in the order it was dealt."""
    return [(s.args["source"].id, s.args["card"].id, s.args["amount"]) for s in res.game.trace.steps if s.kind == "damage"]


# --- 717.2a: "prevent N" of each packet ---------------------------------------------------------------------
def test_717_2a_prevent_n_prevents_at_most_n_of_each_packet() -> None:
    # 717.2a: "如果某个具X点可被防止损伤的损伤包被防止Y点损伤的影响替代：该损伤包数量会减少Y。如果它的数量少于1，该损伤包便会
    # 消失。" PV prevents 2 of each packet to opp's units: 5 → 5 − 2 = 3, again for a second 5-packet (it is not a
    # shield that runs out), and a 1-point packet loses only the 1 it has (at most N) and vanishes.
    cards = ("u: {name: U, owner: opp, zone: units, type: reinforcement, power: 1, health: 20}\n"
             + _field_repl("pv", "opp", "event: damage, to: {type: unit, controller: you}, prevent: 2")
             + _bolt("b1", 5) + _bolt("b2", 5) + _bolt("b3", 1))
    res = ENGINE.run(cards, "- {play: b1}\n- resolve_all\n- {check: {card: u, damage: 3}}\n- {play: b2}\n- resolve_all\n"
                      "- {play: b3}\n- resolve_all\n",
               "- {for: b1, target: u}\n- {for: b2, target: u}\n- {for: b3, target: u}\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused, res.checked)
    assert all(c.ok for c in res.game.checks)
    assert res.game.state.cards["u"].damage == 3 + 3 + 0
    assert _damage_steps(res) == [("b1", "u", 3), ("b2", "u", 3)]
    prevented = [(s.args["amount"], s.args["left"]) for s in res.game.trace.steps if s.kind == "prevented"]
    assert prevented == [(2, 3), (2, 3), (1, 0)]  # the 1-point packet: 1 prevented, not 2


# --- 717.2c: armor --------------------------------------------------------------------------------------------
ARMOR_CMD = """
acmd: {name: AC, owner: opp, zone: commander, type: commander, power: 1, health: 20}
tired: {name: Tired, owner: opp, zone: commander, type: equipment, armor: 2, attached_to: acmd, exhausted: true}
"""


def test_717_2c_an_exhausted_armor_cannot_prevent() -> None:
    # 717.2c: "每个未消耗的具有1或更高护甲值的护甲……皆可以产生防止性影响……你可以消耗一个此类防具": an exhausted armor offers
    # nothing: no question is asked and all 3 damage is dealt.
    res = ENGINE.run(ARMOR_CMD + _bolt("bolt", 3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: acmd}\n")
    assert res.status == "pass", res.open_choice
    assert res.game.state.cards["acmd"].damage == 3
    assert not any(s.kind == "prevented" for s in res.game.trace.steps)
    # with a ready armor next to it, only the ready one is offered (or none)
    ready = "fresh: {name: Fresh, owner: opp, zone: commander, type: equipment, armor: 1, attached_to: acmd}\n"
    asked = ENGINE.run(ARMOR_CMD + ready + _bolt("bolt", 3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: acmd}\n")
    assert asked.status == "stopped" and asked.open_choice.kind == "replacement"
    assert asked.open_choice.player == "opp" and set(asked.open_choice.options) == {"fresh", "none"}


REINF_ARMOR = """
grunt: {name: Grunt, owner: opp, zone: units, type: reinforcement, power: 1, health: 9}
plate: {name: Plate, owner: opp, zone: units, type: equipment, armor: 2, attached_to: grunt}
"""


def test_717_2c_armor_on_a_reinforcement_prevents_nothing() -> None:
    # 717.2c: "除非特别说明，所有指挥官（且仅有指挥官）可以装备护甲": Plate says nothing special, so on a reinforcement it is
    # no armor: 3 damage, Plate stays ready, nobody is asked.
    res = ENGINE.run(REINF_ARMOR + _bolt("bolt", 3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: grunt}\n")
    assert res.status == "pass", res.open_choice
    assert res.game.state.cards["grunt"].damage == 3
    assert not res.game.state.cards["plate"].exhausted


def test_717_2c_armor_whose_text_allows_reinforcements_prevents_for_them() -> None:
    # "除非特别说明": an armor whose text lets reinforcements equip it works there: opp may exhaust it; 3 − 2 = 1 damage.
    board = REINF_ARMOR.replace("armor: 2,", "armor: 2, armor_for: [reinforcement],")
    asked = ENGINE.run(board + _bolt("bolt", 3), "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: grunt}\n")
    assert asked.status == "stopped" and asked.open_choice.player == "opp"
    assert set(asked.open_choice.options) == {"plate", "none"}
    res = ENGINE.run(board + _bolt("bolt", 3), "- {play: bolt}\n- resolve_all\n",
                     "- {for: bolt, target: grunt}\n- {by: opp, replacement: plate}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert res.game.state.cards["grunt"].damage == 3 - 2
    assert res.game.state.cards["plate"].exhausted  # "你可以消耗一个此类防具"


# --- 717.3a: who picks among changes to a packet --------------------------------------------------------------
U20 = "u: {name: U, owner: opp, zone: units, type: reinforcement, power: 1, health: 20}\n"


def _changer(cid: str, change: str) -> str:
    return _field_repl(cid, "you", f"event: damage, controller: you, {change}")


@pytest.mark.parametrize("change", ["type: 电磁", "combat: true", "preventable: false"])
def test_717_3a_type_combat_mark_and_preventability_changes_are_chosen_by_the_packets_controller(change: str) -> None:
    # 717.3a: "如果数个影响试图同时增加损伤包的数量，或改变其战斗损伤标记，或改变其损伤类型，或是改变其能否被防止的属性，由该
    # 损伤包的操控者选择哪一个影响生效。" An amount increase plus one of the other three changes: the packet's controller
    # (you, who deals it) picks, not the destination's controller (opp, 717.3b).
    res = ENGINE.run(U20 + _changer("inc", "add: 1") + _changer("chg", change) + _bolt("bolt", 2), "- {play: bolt}\n- resolve_all\n",
                     "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.kind == "replacement"
    assert res.open_choice.player == "you" and set(res.open_choice.options) == {"inc", "chg"}


def test_717_3a_two_non_amount_changes_are_chosen_by_the_packets_controller() -> None:
    # 717.3a with no amount change at all: a damage-type change and a combat-mark change; you pick, both apply.
    res = ENGINE.run(U20 + _changer("typ", "type: 电磁") + _changer("cmb", "combat: true") + _bolt("bolt", 2),
                     "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.player == "you"
    done = ENGINE.run(U20 + _changer("typ", "type: 电磁") + _changer("cmb", "combat: true") + _bolt("bolt", 2),
                      "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n- {by: you, replacement: cmb}\n")
    assert done.status == "pass", (done.open_choice, done.unused)
    dealt = [s for s in done.game.trace.steps if s.kind == "damage"]
    assert len(dealt) == 1 and dealt[0].args["kind"] == "电磁" and dealt[0].args["combat"] is True  # both applied
    order = [s for s in done.game.trace.steps if s.kind == "replacement_order"]
    assert order and "717.3a" in order[0].cites


def test_717_3b_a_decrease_is_not_an_increase_so_the_destinations_controller_picks() -> None:
    # "增加损伤包的数量" only: −1 does not increase it, so there are not "数个" effects of 717.3a's kind; 717.3b: "否则，由该
    # 损伤包目的角色的操控者选择" — opp, whose unit it is.
    res = ENGINE.run(U20 + _changer("inc", "add: 1") + _changer("dec", "add: -1") + _bolt("bolt", 2),
                     "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.player == "opp"
    assert set(res.open_choice.options) == {"inc", "dec"}


def test_717_3a_setting_a_larger_amount_increases_the_packet() -> None:
    # "试图同时增加损伤包的数量": making a 2-point packet a 5-point one increases its amount just as +1 does, so the two
    # are chosen between by the packet's controller (you).
    res = ENGINE.run(U20 + _changer("inc", "add: 1") + _changer("big", "set_amount: 5") + _bolt("bolt", 2),
                     "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: u}\n")
    assert res.status == "stopped" and res.open_choice.kind == "replacement"
    assert res.open_choice.player == "you"


# --- 717.4: "the next time" is one resolution ---------------------------------------------------------------
NEXT = """
f1: {name: F1, owner: opp, zone: units, type: reinforcement, power: 1, health: 20}
f2: {name: F2, owner: opp, zone: units, type: reinforcement, power: 1, health: 20}
boost:
  name: Boost
  owner: you
  zone: hand
  type: ability
  play: {do: [{replace: {text: 下一次损伤+1, event: damage, add: 1, next: true}}]}
low:
  name: Low
  owner: you
  zone: hand
  type: ability
  play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 1}}]}
high:
  name: High
  owner: you
  zone: hand
  type: ability
  play: {do: [{damage: {to: {each: {type: unit, controller: opponent}}, amount: 2}}]}
"""


def test_717_4_next_time_is_used_by_the_first_of_two_resolutions_in_one_resolve_all() -> None:
    # 717.4: "如果在此类影响生效期间，解析的连结将创造数个（该类别）的损伤损伤包，所有这些损伤包都会被视为‘下一次’". Low then High
    # are on the chain; High (top) resolves first: both its packets are "the next time" (2 + 1 each); Low resolves
    # next, in the same `resolve_all`, and its packets stay at 1.
    res = ENGINE.run(NEXT, "- {play: boost}\n- resolve_all\n- {play: low}\n- {play: high}\n- resolve_all\n", you="resources: 10")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert _damage_steps(res) == [("high", "f1", 3), ("high", "f2", 3), ("low", "f1", 1), ("low", "f2", 1)]
    assert {c: res.game.state.cards[c].damage for c in ("f1", "f2")} == {"f1": 3 + 1, "f2": 3 + 1}
    assert not res.game.state.repl_effects  # spent


# --- 717.5: "the first X each turn" ---------------------------------------------------------------------------
FIRST3 = """
fw:
  name: FW
  owner: opp
  zone: units
  type: reinforcement
  health: 20
  abilities: [{kind: replacement, replace: {event: damage, to: self, first_each_turn: 3}}]
"""


def test_717_5_damage_already_dealt_this_turn_counts_and_the_count_starts_again_next_turn() -> None:
    # 717.5: "该角色在本回合第一次将要受到损伤时，每受过1点损伤，或是每防止过1点损伤，此类影响能防止的损伤数量便会减少1……如果
    # 该影响被减少至0或更少，该影响便不会对该回合余下部分产生影响。" X = 3.
    # Turn 1: an unpreventable 2 is dealt (3 − 2 = 1 left); a 2-packet: 1 prevented, 1 dealt (3 − 2 − 1 = 0 left).
    # Turn 2 ("在每个回合中"): a 4-packet: 3 prevented, 1 dealt.
    cards = FIRST3 + _bolt("hard", 2, ", unpreventable: true") + _bolt("b2", 2) + _bolt("b3", 2) + _bolt("b4", 4)
    res = ENGINE.run(cards, "- {play: hard}\n- resolve_all\n- {play: b2}\n- resolve_all\n- {check: {card: fw, damage: 3}}\n"
                      "- {play: b3}\n- resolve_all\n- {check: {card: fw, damage: 5}}\n"
                      "- end_turn\n- {play: b4, by: you}\n- resolve_all\n",
               "- {for: hard, target: fw}\n- {for: b2, target: fw}\n- {for: b3, target: fw}\n- {for: b4, target: fw}\n",
               you="resources: 20")
    assert res.status == "pass", (res.open_choice, res.unused, res.checked)
    assert [c.ok for c in res.game.checks] == [True, True]  # 2 + 1 = 3; then b3 is not prevented at all: 3 + 2 = 5
    assert res.game.state.turn == "opp"
    assert res.game.state.cards["fw"].damage == 5 + (4 - 3)
    assert _damage_steps(res) == [("hard", "fw", 2), ("b2", "fw", 1), ("b3", "fw", 2), ("b4", "fw", 1)]


# --- 802.2: simultaneous packets ------------------------------------------------------------------------------
SPLASH = """
y1: {name: Y1, owner: you, zone: units, type: reinforcement, health: 9}
o1: {name: O1, owner: opp, zone: units, type: reinforcement, health: 9}
wall: {name: Wall, owner: you, zone: commander, type: ability, play: {continuous: true, do: []},
       abilities: [{kind: replacement, replace: {event: damage, to: {type: unit}, shield: 2}}]}
quake: {name: Quake, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: {each: {type: unit}}, amount: 2}}]}}
"""


@pytest.mark.parametrize("turn", ["you", "opp"])
def test_802_2_the_turn_players_packets_come_first_even_when_another_player_controls_the_link(turn: str) -> None:
    # 802.2: "由回合玩家为将影响它队伍中的角色的损伤包作出选择，这些损伤包产生影响的处理顺序……然后是顺时针方向下一位玩家".
    # Quake (yours) deals 2 to each unit; one shield of 2 protects every unit (717.2a: it is gone after one packet).
    # The turn player's unit's packet is handled first and is the one prevented — also on opp's turn.
    res = ENGINE.run(SPLASH, "- {play: quake, by: you}\n- resolve_all\n", turn=turn)
    assert res.status == "pass", (res.open_choice, res.unused)
    other = "o1" if turn == "you" else "y1"
    mine = "y1" if turn == "you" else "o1"
    assert res.game.state.cards[mine].damage == 0 and res.game.state.cards[other].damage == 2
    assert _damage_steps(res) == [("quake", other, 2)]


def test_802_2_order_questions_start_with_the_turn_player_not_the_links_controller() -> None:
    # Opp's turn, your Quake hits two units of each player, each player has a shield that runs out: opp (the turn
    # player) orders theirs first, then you (clockwise); their packets are handled in that order.
    cards = """
y1: {name: Y1, owner: you, zone: units, type: reinforcement, health: 9}
y2: {name: Y2, owner: you, zone: units, type: reinforcement, health: 9}
o1: {name: O1, owner: opp, zone: units, type: reinforcement, health: 9}
o2: {name: O2, owner: opp, zone: units, type: reinforcement, health: 9}
quake: {name: Quake, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: {each: {type: unit}}, amount: 2}}]}}
""" + _field_repl("ys", "you", "event: damage, to: {type: unit, controller: you}, shield: 2") \
        + _field_repl("os", "opp", "event: damage, to: {type: unit, controller: you}, shield: 2")
    first = ENGINE.run(cards, "- {play: quake, by: you}\n- resolve_all\n", turn="opp")
    assert first.status == "stopped" and first.open_choice.kind == "order" and first.open_choice.player == "opp"
    second = ENGINE.run(cards, "- {play: quake, by: you}\n- resolve_all\n", "- {by: opp, order: [o2, o1]}\n", turn="opp")
    assert second.status == "stopped" and second.open_choice.kind == "order" and second.open_choice.player == "you"
    done = ENGINE.run(cards, "- {play: quake, by: you}\n- resolve_all\n", "- {by: opp, order: [o2, o1]}\n- {by: you, order: [y1, y2]}\n",
                      turn="opp")
    assert done.status == "pass", (done.open_choice, done.unused)
    assert [s.args["player"].id for s in done.game.trace.steps if s.kind == "packet_order"] == ["opp", "you"]
    handled = [s.args["target"].id if s.kind == "prevented" else s.args["card"].id
               for s in done.game.trace.steps if s.kind in ("prevented", "damage")]
    assert handled == ["o2", "o1", "y1", "y2"]
    assert {c: done.game.state.cards[c].damage for c in ("o1", "o2", "y1", "y2")} == {"o1": 2, "o2": 0, "y1": 0, "y2": 2}


def test_802_2_clockwise_from_the_turn_player_with_three_players() -> None:
    # Seats you → opp → third (clockwise); opp's turn; your Quake; one shield of 4 for every unit takes two 2-packets.
    # Order: opp (turn player), then third (next clockwise), then you: opp's and third's packets are prevented.
    cards = """
y1: {name: Y1, owner: you, zone: units, type: reinforcement, health: 9}
o1: {name: O1, owner: opp, zone: units, type: reinforcement, health: 9}
t1: {name: T1, owner: third, zone: units, type: reinforcement, health: 9}
wall: {name: Wall, owner: you, zone: commander, type: ability, play: {continuous: true, do: []},
       abilities: [{kind: replacement, replace: {event: damage, to: {type: unit}, shield: 4}}]}
quake: {name: Quake, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: {each: {type: unit}}, amount: 2}}]}}
"""
    text = ("game: rise\ntitle: t\nplayers: [{id: you, resources: 5}, {id: opp}, {id: third}]\nturn: opp\ncards:\n"
            + textwrap.indent(textwrap.dedent(cards), "  ") + "actions:\n  - {play: quake, by: you}\n  - resolve_all\n")
    res = run(load_text(text, "<three>"))
    assert res.status == "pass", (res.open_choice, res.unused)
    assert {c: res.game.state.cards[c].damage for c in ("o1", "t1", "y1")} == {"o1": 0, "t1": 0, "y1": 2}
    assert [s.args["target"].id for s in res.game.trace.steps if s.kind == "prevented"] == ["o1", "t1"]


COMBAT = """
att: {name: Att, owner: you, zone: units, type: reinforcement, power: 3, health: 10}
foe: {name: Foe, owner: opp, zone: units, type: reinforcement, power: 2, health: 10}
wall: {name: Wall, owner: you, zone: commander, type: ability, play: {continuous: true, do: []},
       abilities: [{kind: replacement, replace: {event: damage, to: {type: unit}, shield: 2}}]}
"""


@pytest.mark.parametrize("turn", ["you", "opp"])
def test_802_2_combat_damage_packets_follow_the_same_order(turn: str) -> None:
    # Combat damage is dealt at once (Att 3 power, Foe 2); the packet to the turn player's character (the attacker)
    # is handled first and meets the shield of 2 (717.2a: gone after it); the other packet is dealt in full.
    attacker, defender = ("att", "foe") if turn == "you" else ("foe", "att")
    res = ENGINE.run(COMBAT, f"- {{attack: {attacker}, target: {defender}}}\n- combat_damage\n- end_combat\n", turn=turn)
    assert res.status == "pass", (res.open_choice, res.unused)
    first = next(s for s in res.game.trace.steps if s.kind in ("prevented", "damage"))
    assert first.kind == "prevented" and first.args["target"].id == attacker
    power = {"att": 3, "foe": 2}
    assert res.game.state.cards[attacker].damage == max(0, power[defender] - 2)  # the shield's 2 off the first packet
    assert res.game.state.cards[defender].damage == power[attacker]  # the shield is gone: in full
    assert all(s.args["combat"] for s in res.game.trace.steps if s.kind == "damage")


# --- 803.2: optional loops -------------------------------------------------------------------------------------
# OPTIONAL (tests/builder.py): each player's P: "when a unit of your opponent enters, you may put a 1/1 token G
# onto the field": you and opp take turns.
LOOP_ACTIONS = "- {play: r, by: opp}\n- resolve_all\n"


def test_803_2_the_player_who_chose_x_receives_priority() -> None:
    # 803.2: "被选择的最小数字（X）便是该死循环额外重复的次数……然后，选择了X的玩家获得优先权". Your turn; you made the first
    # optional action and name 10, opp names 3: opp chose X, so opp — neither the turn player nor the first chooser —
    # receives priority right after the loop.
    res = ENGINE.run(OPTIONAL, LOOP_ACTIONS, "- {may: true}\n" * 3 + "- {by: you, loop: 10}\n- {by: opp, loop: 3}\n", turn="you")
    assert res.status == "pass", (res.open_choice, res.unused)
    steps = res.game.trace.steps
    i = next(n for n, s in enumerate(steps) if s.kind == "loop_optional")
    assert steps[i].args["player"].id == "opp" and steps[i].args["amount"] == 3
    after = steps[i + 1]
    assert after.kind == "priority" and after.args["player"].id == "opp" and "803.2" in after.cites


def test_803_2_later_players_may_only_name_a_number_not_larger_than_the_current_one() -> None:
    # 803.2: "自顺时针方向下一位玩家开始，在此死循环中执行可选动作的其他玩家可以依次选择一个较小的数字": after you name 10, opp's
    # choice runs up to 10 (keeping 10 means naming no smaller number) and nothing above it.
    res = ENGINE.run(OPTIONAL, LOOP_ACTIONS, "- {may: true}\n" * 2 + "- {by: you, loop: 10}\n", turn="opp")
    assert res.status == "stopped" and res.open_choice.kind == "loop" and res.open_choice.player == "opp"
    offered = res.open_choice.options
    assert 10 in offered and 3 in offered and 11 not in offered and max(offered) == 10
    with pytest.raises(ScenarioError, match="合法回答"):
        ENGINE.run(OPTIONAL, LOOP_ACTIONS, "- {may: true}\n" * 3 + "- {by: you, loop: 10}\n- {by: opp, loop: 11}\n", turn="opp")


# --- 803.1 / 803.4: what counts as the same state -------------------------------------------------------------
SELF_HURT = """
wall:
  name: Wall
  owner: opp
  zone: units
  type: reinforcement
  health: 4
  abilities: [{kind: triggered, when: {event: damaged, card: self}, do: [{damage: {to: self, amount: 1}}]}]
""" + _bolt("bolt", 1)


def test_803_1_a_cycle_that_adds_damage_to_a_card_is_not_a_repeating_state() -> None:
    # "当 Wall 受到损伤时，对自己造成1点损伤": each resolution leaves the same chain (one Wall trigger) but one more damage on
    # Wall, so no state repeats (803.1: a loop is "一组动作不断反复的状态"); it ends by itself when Wall has 4 damage
    # (its health) and is destroyed: 1 from the bolt + 3 from its own triggers, no loop number asked.
    res = ENGINE.run(SELF_HURT, "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: wall}\n")
    assert res.status == "pass", (res.open_choice, res.unused)
    assert not any(s.kind.startswith("loop") for s in res.game.trace.steps)
    assert _damage_steps(res) == [("bolt", "wall", 1)] + [("wall", "wall", 1)] * 3
    assert res.game.state.cards["wall"].zone == "salvage" and not res.game.state.chain


BOARD = """game: rise
title: t
players: [{id: you}, {id: opp}]
turn: you
cards:
  a: {name: A, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
  b: {name: B, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
"""


def test_803_loop_signature_includes_the_damage_on_non_token_cards() -> None:
    game = build_game(load_text(BOARD, "<sig>"), FirstOption())
    before = signature(game)
    assert signature(game) == before  # the same state is the same state
    game.state.cards["b"].damage += 1
    assert signature(game) != before
