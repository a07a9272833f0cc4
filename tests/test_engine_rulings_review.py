"""Rulings a rules review found wrong or could not write (issue 16), beyond the scenarios under scenarios/rise/.

Each test quotes the rule its expectation comes from; the expectations were written from the rules text before the
engine was run.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest
from builder import REVIEW, refused

from judge.games import games_with_engine, load_game
from judge.scenario.loader import ScenarioError, load_file, load_text
from judge.scenario.runner import Result, run, run_branches

ROOT = Path(__file__).resolve().parents[1]
RISE = sorted((ROOT / "scenarios" / "rise").glob("*.yaml"))


# --- 709.2f / 417.5b: "if you do" after a replaced action ---------------------------------------------------------
SANGUO_DISCARD = """
    study: {name: 苦讀, owner: you, zone: hand, type: tactic,
            play: {do: [{discard: {player: you, count: 1}, if_you_do: [{draw: {player: you, count: 1}}]}]}}
    ward: {name: 封印, owner: you, zone: battlefield, type: troop, power: 1, health: 1,
           abilities: [{kind: replacement, text: 若你將棄牌，改為將其放逐, replace: {event: discard, to: {owner: you}, zone: exile}}]}
    h1: {name: 手牌, owner: you, zone: hand, type: troop}
    d1: {name: 牌庫, owner: you, zone: deck, type: troop}
"""


def test_in_sanguo_if_you_do_refers_to_the_event_that_replaced_the_action() -> None:
    """417.5b: 「其中「若你如此作」一詞系指是否要作Y事件，并不去考慮該決定實際上會引致哪個事件。若Y又被另一事件完全替代或
    部分替代，則「若你如此作」一詞將指代替了Y的事件。」 The discard is replaced (the card is exiled): you still draw."""
    res = REVIEW.run(SANGUO_DISCARD, "- {play: study}\n- resolve_all\n", game="sanguo")
    assert res.game is not None
    st = res.game.state
    assert st.cards["h1"].zone == "exile"
    assert st.cards["d1"].zone == "hand"
    assert [s.kind for s in res.game.trace.steps if s.kind.startswith("if_you_do")] == ["if_you_do_follows"]
    assert any("417.5b" in s.cites for s in res.game.trace.steps if s.kind == "if_you_do_follows")


def test_in_rise_a_replaced_damage_packet_is_an_action_not_done() -> None:
    """709.2f: 「如果其中一个或数个动作被替代，这些动作便算是未被执行。」 717.2: a prevention effect is a kind of replacement
    effect. 2 damage, 1 of it prevented by a shield: the damage was replaced, so "if you do, draw" draws nothing."""
    cards = """
    zap: {name: 电弧, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
          do: [{damage: {to: target, amount: 2}, if_you_do: [{draw: {player: you, count: 1}}]}]}}
    foe: {name: 敌兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 5,
          abilities: [{kind: replacement, text: 防止将对其造成的1点损伤, replace: {event: damage, to: self, prevent: 1}}]}
    d1: {name: 卡组, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: zap}\n- resolve_all\n", "- {for: zap, target: foe}\n")
    assert res.game is not None
    assert res.game.state.cards["foe"].damage == 1
    assert res.game.state.cards["d1"].zone == "deck"
    assert "if_you_do_replaced" in [s.kind for s in res.game.trace.steps]


def test_a_replaced_discard_is_not_counted_as_discarded() -> None:
    """709.2f: a replaced action is not done; 709.2b's example counts "每弃一张手牌" — a card sent elsewhere instead was not
    discarded, so `store` counts only the discard that happened."""
    cards = """
    purge: {name: 清洗, owner: you, zone: hand, type: ability,
            play: {do: [{discard: {player: you, count: 2, store: n}}, {draw: {player: you, count: {var: n}}}]}}
    anchor: {name: 虚空锚, owner: you, zone: commander, type: ability,
             abilities: [{kind: replacement, text: 如果你将弃置手牌1，改为将其置入星系漩涡, replace: {event: discard, to: {type: vehicle}, zone: vortex}}]}
    h1: {name: 手牌1, owner: you, zone: hand, type: vehicle}
    h2: {name: 手牌2, owner: you, zone: hand, type: reinforcement}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    d2: {name: 卡组2, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: purge}\n- resolve_all\n")
    assert res.game is not None
    st = res.game.state
    assert (st.cards["h1"].zone, st.cards["h2"].zone) == ("vortex", "salvage")
    assert [st.cards[d].zone for d in ("d1", "d2")] == ["hand", "deck"]
    step = next(s for s in res.game.trace.steps if s.kind == "discard")
    assert [r.id for r in step.args["cards"]] == ["h2"]


# --- discarding is its own event; moves name their zones -----------------------------------------------------------
def test_a_replacement_of_moves_into_a_zone_and_a_trigger_on_returning_to_hand() -> None:
    """716.1: 「替代性影响会以一项或数项改动后的事件替代所注明的事件。」 "如果一张卡牌将置入救助基地，改为将其置入星系漩涡"
    replaces a destruction (it would go to the salvage base) but not a return to the hand; "每当一张卡牌返回手牌时，你抓一张牌"
    (a move to the hand) triggers on the return, not on the destruction."""
    cards = """
    rift: {name: 裂隙, owner: you, zone: commander, type: ability,
           abilities: [{kind: replacement, text: 如果一张卡牌将置入救助基地，改为将其置入星系漩涡,
                        replace: {event: move, entering: salvage, leaving: units, zone: vortex}}]}
    echo: {name: 回响, owner: you, zone: commander, type: ability,
           abilities: [{kind: triggered, text: 每当一张卡牌返回手牌时，你抓一张牌, when: {event: moved, to: hand, from: units},
                        do: [{draw: {player: you, count: 1}}]}]}
    kill: {name: 歼灭, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{destroy: target}]}}
    bounce: {name: 弹回, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
             do: [{move: {card: target, to: hand}}]}}
    a: {name: 甲, owner: opp, zone: units, type: reinforcement, power: 1, health: 1}
    b: {name: 乙, owner: opp, zone: units, type: reinforcement, power: 1, health: 1}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    d2: {name: 卡组2, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: kill}\n- resolve_all\n- {play: bounce}\n- resolve_all\n",
                     "- {for: kill, target: a}\n- {for: bounce, target: b}\n")
    assert res.game is not None
    st = res.game.state
    assert st.cards["a"].zone == "vortex"  # destroyed: it would have gone to the salvage base
    assert st.cards["kill"].zone == "salvage"  # the ability card left the chain, not the unit zone: not replaced
    assert st.cards["b"].zone == "hand"
    assert [st.cards[d].zone for d in ("d1", "d2")] == ["hand", "deck"]  # one return to the hand, one draw


def test_a_discard_triggers_discarded_and_a_play_from_the_hand_does_not() -> None:
    """Discarding is its own event: "每当对手弃一张牌时，你抓一张牌" triggers on the opponent's discard, not on their playing a
    card from the hand (707.1a puts it on the chain), nor on your own discard."""
    cards = """
    spy: {name: 间谍, owner: you, zone: commander, type: ability,
          abilities: [{kind: triggered, text: 每当对手弃一张牌时，你抓一张牌, when: {event: discarded, player: opponent},
                       do: [{draw: {player: you, count: 1}}]}]}
    loot: {name: 搜刮, owner: opp, zone: hand, type: ability, play: {do: [{discard: {player: you, count: 1}}]}}
    mine: {name: 自弃, owner: you, zone: hand, type: ability, play: {do: [{discard: {player: you, count: 1}}]}}
    oh: {name: 对手手牌, owner: opp, zone: hand, type: reinforcement}
    yh: {name: 你的手牌, owner: you, zone: hand, type: reinforcement}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    d2: {name: 卡组2, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: mine}\n- resolve_all\n- {play: loot, by: opp}\n- resolve_all\n", "- {for: mine, discard: [yh]}\n")
    assert res.game is not None
    st = res.game.state
    assert (st.cards["oh"].zone, st.cards["yh"].zone) == ("salvage", "salvage")
    assert [st.cards[d].zone for d in ("d1", "d2")] == ["hand", "deck"]  # one draw: the opponent's discard


def test_a_card_entering_from_a_zone_triggers_an_ability_that_names_that_zone() -> None:
    """710.1d: 「触发‘当【该卡牌】进场时’触发的异能」 — `from:` on `enters` names the zone it came from."""
    cards = """
    scout: {name: 斥候, owner: you, zone: hand, type: reinforcement, power: 1, health: 1, play: {do: []},
            abilities: [{kind: triggered, text: 当斥候从手牌进场时，你抓一张牌, when: {event: enters, card: self, from: chain},
                         do: [{draw: {player: you, count: 1}}]}]}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: scout}\n- resolve_all\n")
    assert res.game is not None
    assert res.game.state.cards["d1"].zone == "hand"


@pytest.mark.parametrize("bad, key", [
    ("when: {event: damaged, to: hand}", "to"),
    ("when: {event: destroyed, player: you}", "player"),
    ("when: {event: draw, source: self}", "source"),
    ("when: {event: targeted, link_kind: card}", "link_kind"),
    ("when: {event: moved, card: {type: unit, zone: units}}", "zone"),
])
def test_a_trigger_key_its_event_does_not_carry_is_a_load_error_naming_it(bad: str, key: str) -> None:
    """Issue 16: a filter key the engine does not honour in that place is a load error naming the key."""
    text = REVIEW.text(f"""
    c: {{name: c, owner: you, zone: units, type: reinforcement, power: 1, health: 1,
        abilities: [{{kind: triggered, {bad}, do: [{{draw: {{player: you, count: 1}}}}]}}]}}
    """, "- resolve_all\n")
    e = refused(text, lang="en")
    assert f"`{key}`" in e.message
    assert e.line == next(i for i, line in enumerate(text.splitlines(), 1) if "abilities:" in line)


@pytest.mark.parametrize("bad, key", [
    ("{event: draw, to: self, skip: true}", "to"),
    ("{event: move, damage_type: 病毒, zone: vortex}", "damage_type"),
    ("{event: discard, prevent: 1}", "prevent"),
    ("{event: damage, entering: hand, prevent: 1}", "entering"),
])
def test_a_replacement_key_its_event_does_not_have_is_a_load_error_naming_it(bad: str, key: str) -> None:
    text = REVIEW.text(f"""
    c: {{name: c, owner: you, zone: units, type: reinforcement, power: 1, health: 1,
        abilities: [{{kind: replacement, replace: {bad}}}]}}
    """, "- resolve_all\n")
    e = refused(text, lang="en")
    assert f"`{key}`" in e.message


def test_a_replacement_ability_naming_a_card_by_id_and_a_zone_in_a_target_description_are_load_errors() -> None:
    """An ability's replacement has no targets to bind: `to: guard` would never match; a target slot names its zones
    with `zones:` — a `zone:` in its description would be ignored."""
    e = refused(REVIEW.text("""
    c: {name: c, owner: you, zone: units, type: reinforcement, abilities: [{kind: replacement, replace: {to: guard, prevent: 1}}]}
    guard: {name: g, owner: you, zone: units, type: reinforcement}
    """, "- resolve_all\n"), lang="en")
    assert "`to: guard`" in e.message
    e = refused(REVIEW.text("""
    c: {name: c, owner: you, zone: hand, type: ability, play: {targets: [{filter: {zone: salvage}}], do: [{destroy: target}]}}
    """, "- resolve_all\n"), lang="en")
    assert "`zone`" in e.message and "zones:" in e.message


# --- 712.3b / 709.2d: a card's own trigger after it left -----------------------------------------------------------
LEFT = """
    veteran: {name: 老兵, owner: you, zone: units, type: reinforcement, power: 2, health: 2,
              abilities: [{kind: triggered, text: 当该援军被摧毁时，如果该援军的战斗力为3或以上，你抓一张牌,
                           when: {event: destroyed, card: self, if: {matches: {card: self, filter: {power: {gte: 3}}}}},
                           do: [{draw: {player: you, count: 1}}]}]}
    banner: {name: 战旗, owner: you, zone: commander, type: ability,
             abilities: [{kind: continuous, text: 你队伍中的援军具有战斗力+1, affects: {each: {type: reinforcement, controller: you}}, power: 1}]}
    watcher: {name: 观察者, owner: you, zone: commander, type: ability,
              abilities: [{kind: triggered, text: 每当你的一个战斗力3或以上的援军被摧毁时，你抓一张牌,
                           when: {event: destroyed, card: {type: reinforcement, controller: you, power: {gte: 3}}},
                           do: [{draw: {player: you, count: 1}}]}]}
    purge: {name: 清除, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: reinforcement}}], do: [{destroy: target}]}}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    d2: {name: 卡组2, owner: you, zone: deck, type: reinforcement}
    d3: {name: 卡组3, owner: you, zone: deck, type: reinforcement}
"""


def test_a_card_that_left_is_read_with_the_effects_that_applied_to_it_then() -> None:
    """712.3b: 「如果信息是从‘该援军’……上读取，该信息便会相应地对该卡牌最后一次在场时进行读取。」 老兵 has power 2 + 1 from
    战旗 on the field. Its own "if 该援军's power is 3 or more" condition and 观察者's trigger on "a reinforcement with
    power 3 or more is destroyed" both read power 3: two cards are drawn (with printed power 2, none would be)."""
    res = REVIEW.run(LEFT, "- {play: purge}\n- resolve_all\n", "- {for: purge, target: veteran}\n- {by: you, order: [veteran, watcher]}\n")
    assert res.game is not None
    st = res.game.state
    assert st.cards["veteran"].zone == "salvage"
    assert [st.cards[d].zone for d in ("d1", "d2", "d3")] == ["hand", "hand", "deck"]


def test_a_card_that_left_keeps_the_effects_of_its_own_abilities_as_it_was_then() -> None:
    """712.3b and 714.2 (a static ability's effect lasts "直到该卡牌不再处于相应区域"): 老兵's own "该援军具有战斗力+1" applied
    to it on the field (power 3) and applies no more in the salvage base (power 2). 观察者 ("每当你的一个战斗力3或以上的援军
    被摧毁时，你抓一张牌") reads it as it last was on the field: power 3, so it triggers."""
    cards = LEFT.replace("if: {matches: {card: self, filter: {power: {gte: 3}}}}", "if: {matches: {card: self, filter: {power: {gte: 9}}}}")
    cards = cards.replace("""    banner: {name: 战旗, owner: you, zone: commander, type: ability,
             abilities: [{kind: continuous, text: 你队伍中的援军具有战斗力+1, affects: {each: {type: reinforcement, controller: you}}, power: 1}]}
""", "")
    cards = cards.replace("abilities: [{kind: triggered, text: 当该援军被摧毁时", "abilities: [{kind: continuous, text: 该援军具有战斗力+1, affects: self, power: 1},\n                          {kind: triggered, text: 当该援军被摧毁时")
    res = REVIEW.run(cards, "- {play: purge}\n- resolve_all\n", "- {for: purge, target: veteran}\n")
    assert res.game is not None
    st = res.game.state
    assert res.game.chars(st.cards["veteran"])["power"] == 2
    assert [st.cards[d].zone for d in ("d1", "d2")] == ["hand", "deck"]


def test_named_by_its_card_id_the_card_is_read_where_it_is_now() -> None:
    """712.3b distinguishes "该援军" (as it last was on the field) from "该卡牌" (the card now): named by its id, 老兵 in
    the salvage base has its printed power 2, so "draw cards equal to its power" draws 2 (not 3)."""
    cards = LEFT.replace("do: [{draw: {player: you, count: 1}}]}]}\n    banner", "do: [{draw: {player: you, count: {power: veteran}}}]}]}\n    banner")
    cards = cards.replace(", if: {matches: {card: self, filter: {power: {gte: 3}}}}", "")
    cards = cards.replace("watcher: {name: 观察者, owner: you, zone: commander", "watcher: {name: 观察者, owner: you, zone: salvage")
    res = REVIEW.run(cards, "- {play: purge}\n- resolve_all\n", "- {for: purge, target: veteran}\n")
    assert res.game is not None
    assert [res.game.state.cards[d].zone for d in ("d1", "d2", "d3")] == ["hand", "hand", "deck"]


# --- 707.1e: cost reductions in any order ----------------------------------------------------------------------------
def test_branches_explore_both_orders_of_the_cost_reductions() -> None:
    """707.1e: 「再依任意顺序减去减少的费用……如果某个减少的部分具有限制（类似‘最少为（1）’），该限制便只会对该减少的部分
    生效。」 Cost 5, reductions "−2, minimum 2" and "−2": in one order 1, in the other 2 — two outcomes, 4 and 3 resources left."""
    sc = load_file(ROOT / "scenarios/rise/707_1e_reduction_order.yaml")
    sc.data["choices"] = [c for c in sc.data["choices"] if c.get("slot") != "reductions"]
    strict = run(sc)
    assert strict.status == "stopped" and strict.open_choice is not None and strict.open_choice.slot == "reductions"
    br = run_branches(sc)
    left = sorted(r.game.state.pools["you"] for r, _ in br.outcomes if r.game is not None)
    assert left == [3, 4]


def test_no_order_is_asked_when_every_order_gives_the_same_total() -> None:
    """707.1e: two reductions without a limit give the same total in any order: nothing to choose."""
    cards = """
    blast: {name: 轰击, owner: you, zone: hand, type: ability, cost: 5, play: {do: []}}
    a: {name: 甲, owner: you, zone: commander, type: ability, abilities: [{kind: cost_modifier, applies: {type: ability}, reduce: 1}]}
    b: {name: 乙, owner: you, zone: commander, type: ability, abilities: [{kind: cost_modifier, applies: {type: ability}, reduce: 2}]}
    """
    res = REVIEW.run(cards, "- {play: blast}\n")
    assert res.status == "pass" and res.game is not None
    assert res.game.state.pools["you"] == 9 - 2


# --- expectations a judge needs ---------------------------------------------------------------------------------------
# (bundled scenarios do not use `refused`, `shield`, `applied` or `illegal:` answers until the report speaks them)
REFUSED = """
    bolt: {name: 电击, owner: you, zone: hand, type: ability,
           play: {targets: [{filter: {type: unit, controller: opponent}}], do: [{damage: {to: target, amount: 2}}]}}
    ghost: {name: 幽灵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3, status: [untargetable]}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    ogre: {name: 食人魔, owner: opp, zone: units, type: reinforcement, power: 4, health: 5}
"""


def test_an_answer_the_rules_refuse_is_expected_with_the_legal_options() -> None:
    """706.1: 「不能选择不符合目标说明，或是场上具有‘不能被指定’的卡牌为目标。」 Targeting 幽灵 is refused; the legal options
    of "目标对方单位" are 步兵 and 食人魔; the next answer (步兵) is used."""
    choices = "- {for: bolt, target: ghost, illegal: true}\n- {for: bolt, target: grunt}\n"
    res = REVIEW.run(REFUSED, "- {play: bolt}\n- resolve_all\n", choices,
                     expect="- {refused: bolt, legal: [grunt, ogre]}\n- {card: grunt, damage: 2}\n- {card: ghost, damage: 0}\n")
    assert res.status == "pass", [(c.expect, c.actual) for c in res.checked if not c.ok]
    res = REVIEW.run(REFUSED, "- {play: bolt}\n- resolve_all\n", choices, expect="- {refused: bolt, legal: [grunt, ghost, ogre]}\n",
                     status=None)
    assert res.status == "fail"
    res = REVIEW.run(REFUSED, "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: grunt}\n", expect="- {refused: bolt}\n",
                     status=None)
    assert res.status == "fail"  # nothing was refused


def test_what_a_shield_has_left() -> None:
    """717.2a: 「该影响可防止的数量减少X。如果数量少于1，该影响便会消失。」 A shield of 3: 3 left before any damage, 2 after a
    packet of 1, 0 (gone) after a packet of 3."""
    sc = load_file(ROOT / "scenarios/rise/717_2a_shield_used_up.yaml")
    acts = sc.data["actions"]
    acts.insert(2, {"check": {"shield": "barrier", "left": 3}})
    acts.insert(5, {"check": {"shield": "barrier", "left": 2}})
    sc.data["expect"] = [{"shield": "barrier", "left": 0}]
    res = run(sc)
    assert res.status == "pass", [(c.expect, c.actual) for c in res.checked if not c.ok]
    sc.data["expect"] = [{"shield": "barrier", "left": 1}]
    assert run(sc).status == "fail"


def test_the_order_replacement_effects_applied_in() -> None:
    """717.3b: the destination's controller picks which applies first: 守护结界, then 护盾甲."""
    sc = load_file(ROOT / "scenarios/rise/717_3b_replacement_order.yaml")
    sc.data["expect"] = [{"applied": ["ward", "plate"], "to": "guard"}]
    assert run(sc).status == "pass"
    sc.data["expect"] = [{"applied": ["plate", "ward"], "to": "guard"}]
    assert run(sc).status == "fail"
    sc = load_file(ROOT / "scenarios/rise/709_2f_replaced_discard.yaml")
    sc.data["expect"] = [{"applied": ["anchor"], "to": "h1"}, {"applied": [], "to": "recycle"}]
    assert run(sc).status == "pass"


def test_an_illegal_answer_the_rules_accept_fails_the_run() -> None:
    """706.1 forbids targeting a card with “不能被指定”; a card without it can be targeted, so an answer marked `illegal`
    that names it is accepted — the run must fail, not pass."""
    cards = """
    bolt: {name: 电击, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 1}}]}}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    ogre: {name: 食人魔, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    """
    res = REVIEW.run(cards, "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: grunt, illegal: true}\n",
                     expect="- {card: grunt, damage: 1}\n", status=None)
    assert res.status == "fail"
    assert [c.actual for c in res.checked if not c.ok] == ["accepted: the rules allow this answer"]


def test_cites_counts_what_explain_shows_and_not_cites_too() -> None:
    """718.1 is cited by no step of 718_1_explain_cites.yaml, only by `--explain` (timestamp order): `cites` finds it and
    `not_cites` fails on it; checking leaves the trace as it was."""
    sc = load_file(ROOT / "scenarios/rise/718_1_explain_cites.yaml")
    res = run(sc)
    assert res.game is not None and "718.1" not in res.game.trace.cited()
    n = len(res.game.trace.steps)
    sc.data["expect"] = [{"not_cites": "718.1"}]
    assert run(sc).status == "fail"
    assert len(res.game.trace.steps) == n


# --- trace fidelity ---------------------------------------------------------------------------------------------------
UNCITED = {"setup", "initial_link", "initial_trigger"}  # the file's starting position, not a step of the game


@pytest.mark.parametrize("path", RISE, ids=[p.stem for p in RISE])
def test_every_step_cites_its_rule_or_says_no_rule_of_the_document_governs_it(path: Path, bundled_run: Callable[[Path], Result]) -> None:
    """Issue 16: steps governed by a rule in the corpus cite it; steps governed by none say so (lethal damage, attack
    declarations, passing and receiving priority, the turn's draw are outside 崛起's 706–719 and 802–803)."""
    res = bundled_run(path)
    assert res.game is not None
    bare = [s.kind for s in res.game.trace.steps if not s.cites and not s.outside and s.kind not in UNCITED]
    assert not bare


def test_moves_to_the_vortex_cite_their_rule() -> None:
    """708.1a example: 奥萨罗's effect "将其从游戏中移除，置入星系漩涡" — the move cites the one-shot effect rules."""
    res = run(load_file(ROOT / "scenarios/rise/708_1a_your_turn.yaml"))
    assert res.game is not None
    moves = [s for s in res.game.trace.steps if s.kind == "move" and s.args["zone"].zone == "vortex"]
    assert moves and all("713.1" in s.cites for s in moves)


# --- the format: opponents, documentation ----------------------------------------------------------------------------
THREE = ", {id: third, resources: 9}"


@pytest.mark.parametrize("step", ["{draw: {player: opponent, count: 1}}", "{create: {token: {name: t}, under: opponent}}"])
def test_opponent_naming_one_player_with_three_players_is_a_load_error(step: str) -> None:
    text = REVIEW.text(f"c: {{name: c, owner: you, zone: hand, type: ability, play: {{do: [{step}]}}}}\n", "- {play: c}\n", more_players=THREE)
    e = refused(text, lang="en")
    assert "opponent" in e.message and "which" in e.message
    load_text(REVIEW.text(f"c: {{name: c, owner: you, zone: hand, type: ability, play: {{do: [{step}]}}}}\n", "- {play: c}\n"), "f.yaml")


def test_a_mode_chosen_by_the_opponent_with_three_players_is_a_load_error() -> None:
    text = REVIEW.text("""
    c: {name: c, owner: you, zone: hand, type: ability,
        play: {modes: {choose: 1, chooser: opponent, options: [{do: []}, {do: []}]}}}
    """, "- {play: c}\n", more_players=THREE)
    assert "chooser" in refused(text, lang="en").message


def test_opponent_as_a_description_stays_valid_with_three_players() -> None:
    """`controller: opponent` in a description and a trigger's `player: opponent` mean any opponent."""
    text = REVIEW.text("""
    c: {name: c, owner: you, zone: hand, type: ability, play: {targets: [{filter: {controller: opponent}}], do: [{destroy: target}]}}
    w: {name: w, owner: you, zone: units, type: reinforcement, abilities: [{kind: triggered, when: {event: draw, player: opponent}, do: []}]}
    """, "- resolve_all\n", more_players=THREE)
    load_text(text, "f.yaml")


def test_the_engine_refuses_an_ambiguous_opponent_too() -> None:
    """Past the loader (a file built in code), the engine still refuses to pick one of several opponents."""
    sc = load_text(REVIEW.text("c: {name: c, owner: you, zone: hand, type: ability, play: {do: [{draw: {player: opponent}}]}}\n",
                               "- {play: c}\n- resolve_all\n"), "f.yaml")
    sc.data["players"].append({"id": "third"})
    with pytest.raises(ScenarioError, match="opp、third"):  # the message lists the opponents
        run(sc)


# --- ways into a rule no test guarded (found by the mutation review, tests/mutation/mutants.py) ------------------------
BOLT = """
    bolt: {name: 电击, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 2}}]}}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
"""


def test_a_target_that_left_and_came_back_is_another_card() -> None:
    """709.2a: 「如果目标……成为了另一张卡牌（章节405.9a）……该目标便是非法的。」 In response, 步兵 is returned to the hand and put
    back onto the field: it is a new card there, so 电击's only target is illegal and the game interrupts it."""
    cards = BOLT + """
    blink: {name: 闪回, owner: opp, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
            do: [{move: {card: target, to: hand}}, {move: {card: grunt, to: units}}]}}
    """
    res = REVIEW.run(cards, "- {play: bolt}\n- {play: blink, by: opp}\n- resolve_all\n", "- {for: bolt, target: grunt}\n- {for: blink, target: grunt}\n")
    assert res.game is not None
    assert res.game.state.cards["grunt"].zone == "units" and res.game.state.cards["grunt"].damage == 0
    assert ("bolt", "interrupted") in [(src, o) for _, src, o in res.game.resolved]


def test_the_number_of_targets_offered_is_at_most_the_legal_targets() -> None:
    """707.1d: 「你需先决定目标数量然后再选择目标……除非连结所有的目标选择均合法，否则该连结便不能加入响应链。」 "Up to 3 target
    units" with one unit on the field: the numbers a player can legally decide are 0 and 1."""
    cards = """
    volley: {name: 齐射, owner: you, zone: hand, type: ability,
             play: {targets: [{filter: {type: unit}, count: {up_to: 3}}], do: [{damage: {to: target, amount: 1}}]}}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    """
    res = REVIEW.run(cards, "- {play: volley}\n", status="stopped")
    assert res.status == "stopped" and res.open_choice is not None
    assert (res.open_choice.kind, tuple(res.open_choice.options)) == ("count", (0, 1))


def test_distributing_less_than_one_to_each_target_cannot_be_announced() -> None:
    """707.1d: 「在你进行分配时，每个目标所分配的数量都需为正整数。」 707.2: the play is rewound. 1 damage over two targets."""
    cards = """
    spread: {name: 散射, owner: you, zone: hand, type: ability,
             play: {targets: [{filter: {type: unit}, count: 2, distribute: 1}], do: [{damage: {to: target, amount: 1}}]}}
    a: {name: 甲, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    b: {name: 乙, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    """
    res = REVIEW.run(cards, "- {play: spread}\n", "- {for: spread, target: [a, b]}\n")
    assert res.game is not None
    assert [s.kind for s in res.game.trace.steps if s.kind == "rewind"] == ["rewind"]
    assert res.game.state.cards["spread"].zone == "hand" and not res.game.state.chain


def test_moving_between_zones_of_the_field_is_not_leaving_it() -> None:
    """710.1: 「一张卡牌从其他区域进入场上区域便是进场。」 The 资源栏 is a zone of the field (710.1b); a unit put there from the
    部队栏 neither enters nor leaves the field, so "当该援军离场时" does not trigger (moving it to the hand does)."""
    cards = """
    ward: {name: 守望者, owner: you, zone: units, type: reinforcement, power: 1, health: 1,
           abilities: [{kind: triggered, text: 当该援军离场时，你抓一张牌, when: {event: leaves, card: self}, do: [{draw: {player: you, count: 1}}]}]}
    bury: {name: 埋藏, owner: you, zone: hand, type: ability, play: {do: [{move: {card: ward, to: resources, face: down}}]}}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: bury}\n- resolve_all\n")
    assert res.status == "pass" and res.game is not None
    assert res.game.state.cards["ward"].zone == "resources" and res.game.state.cards["d1"].zone == "deck"
    assert "trigger_fires" not in [s.kind for s in res.game.trace.steps]


def test_a_this_turn_prevention_and_a_this_turn_ability_end_with_the_turn() -> None:
    """714.3: an effect lasts for its duration; 706.1c's example "目标援军本回合具有……". After the turn ends, the "this turn"
    shield no longer prevents and the ability given "this turn" is gone."""
    cards = BOLT + """
    shield: {name: 护罩, owner: opp, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
             do: [{prevent: {to: target, until: turn, text: 本回合防止将对其造成的所有损伤}},
                  {grant: {to: target, until: turn, text: "[消耗]->抓一张牌", ability: {kind: activated, cost: {exhaust: true}, do: [{draw: {player: you}}]}}}]}}
    """
    res = REVIEW.run(cards, "- {play: shield, by: opp}\n- resolve_all\n- end_turn\n- {play: bolt}\n- resolve_all\n",
                     "- {for: shield, target: grunt}\n- {for: bolt, target: grunt}\n")
    assert res.game is not None
    grunt = res.game.state.cards["grunt"]
    assert (grunt.damage, len(grunt.granted)) == (2, 0)


def test_a_group_effect_leaves_cards_off_the_field_alone() -> None:
    """712.4: 「除非影响说明它会影响另一个区域的卡牌……影响只会对场上的卡牌产生影响。」 714.3e: an effect on several cards keeps
    checking which it affects. "本回合，援军失去所有异能" does not take the ability of a reinforcement in the salvage base that
    works from there: it can still be used."""
    cards = """
    hush: {name: 噤声, owner: opp, zone: hand, type: ability,
           play: {do: [{modify: {cards: {each: {type: reinforcement}}, lose_abilities: true, until: turn, text: 援军失去所有异能}}]}}
    ghost: {name: 英灵, owner: you, zone: salvage, type: reinforcement, power: 1, health: 1,
            abilities: [{kind: activated, zones: [salvage], text: 从救助基地：抓一张牌, do: [{draw: {player: you, count: 1}}]}]}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: hush, by: opp}\n- resolve_all\n- {use: ghost}\n- resolve_all\n")
    assert res.game is not None and res.game.state.cards["d1"].zone == "hand"


def test_damage_to_a_card_off_the_field_does_not_happen_and_is_not_prevented() -> None:
    """712.4: 「除非影响说明它会影响另一个区域的卡牌……影响只会对场上的卡牌产生影响。」 Damage named at a card in the hand is
    not dealt, so no prevention effect replaces it either (716.1c: only an event that would happen is replaced)."""
    cards = """
    zap: {name: 电弧, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: lost, amount: 2}}]}}
    lost: {name: 手中的援军, owner: you, zone: hand, type: reinforcement, power: 1, health: 3}
    aegis: {name: 庇护, owner: you, zone: commander, type: ability,
            abilities: [{kind: replacement, text: 防止将对你的援军造成的所有损伤, replace: {event: damage, to: {type: reinforcement, controller: you}, prevent: all}}]}
    """
    res = REVIEW.run(cards, "- {play: zap}\n- resolve_all\n")
    assert res.game is not None
    kinds = [s.kind for s in res.game.trace.steps]
    assert "prevented" not in kinds and "damage" not in kinds and res.game.state.cards["lost"].damage == 0


def test_that_unit_is_the_last_one_mentioned() -> None:
    """712.3a: 「如果异能文字中提及了‘该【事物】’，它便是指该异能文字中最后一次提及的该【事物】」 "就绪目标单位，并在该单位上
    放置一个战斗力指示物": the counter goes on the target."""
    cards = """
    rouse: {name: 激昂, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
            do: [{ready: target}, {counters: {card: that, kind: power, amount: 1}}]}}
    grunt: {name: 步兵, owner: you, zone: units, type: reinforcement, power: 1, health: 3, exhausted: true}
    """
    res = REVIEW.run(cards, "- {play: rouse}\n- resolve_all\n", "- {for: rouse, target: grunt}\n")
    assert res.game is not None
    grunt = res.game.state.cards["grunt"]
    assert (grunt.exhausted, grunt.counters) == (False, {"power": 1})


def test_zero_damage_is_no_damage_and_triggers_nothing() -> None:
    """417.5a: 「若某來源將造成0點傷害，則它根本不會造成傷害。這意味著造成傷害時會觸發的技能并不會因此觸發」."""
    cards = """
    poke: {name: 輕戳, owner: you, zone: hand, type: tactic, play: {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 0}}]}}
    foe: {name: 敵兵, owner: opp, zone: battlefield, type: troop, power: 1, health: 3,
          abilities: [{kind: triggered, text: 本部隊受到傷害時，其操控者摸一張牌, when: {event: damaged, card: self}, do: [{draw: {player: you, count: 1}}]}]}
    od: {name: 對手牌庫, owner: opp, zone: deck, type: troop}
    """
    res = REVIEW.run(cards, "- {play: poke}\n- resolve_all\n", "- {for: poke, target: foe}\n", game="sanguo")
    assert res.game is not None
    assert res.game.state.cards["od"].zone == "deck"
    assert "damage" not in [s.kind for s in res.game.trace.steps]


def test_two_players_may_each_control_a_unique_card_of_one_name() -> None:
    """710.1e checks uniqueness; 803.3's example has "你和对方均操控马丁·威尔逊舰长" (唯一) at once: a conflict is only among the
    cards one player controls. The opponent's copy entering does not send yours away."""
    cards = """
    mine: {name: 马丁·威尔逊舰长, owner: you, zone: units, type: reinforcement, power: 6, health: 8, status: [unique]}
    theirs: {name: 马丁·威尔逊舰长, owner: opp, zone: hand, type: reinforcement, power: 6, health: 8, status: [unique], play: {do: []}}
    """
    res = REVIEW.run(cards, "- {play: theirs, by: opp}\n- resolve_all\n")
    assert res.game is not None
    st = res.game.state
    assert (st.cards["mine"].zone, st.cards["theirs"].zone) == ("units", "units")
    assert "unique_conflict" not in [s.kind for s in res.game.trace.steps]


# --- the second batch of the mutation review: more ways into the rules no test guarded --------------------------------
def test_too_few_legal_targets_rewinds_saying_so() -> None:
    """707.1d: 「除非连结所有的目标选择均合法，否则该连结便不能加入响应链。」 707.2: the play is rewound. Two targets wanted, one
    legal: the reason is "合法目标不足" (not "没有合法的目标")."""
    cards = """
    twin: {name: 双击, owner: you, zone: hand, type: ability,
           play: {targets: [{filter: {type: unit}, count: 2}], do: [{damage: {to: target, amount: 1}}]}}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    """
    res = REVIEW.run(cards, "- {play: twin}\n")
    assert res.game is not None
    rewind = [s for s in res.game.trace.steps if s.kind == "rewind"]
    assert len(rewind) == 1 and rewind[0].args["reason"] == load_game("rise").text("why_few_targets")


ATTACHED = """
    mark: {name: 标记, owner: you, zone: commander, type: ability, attached_to: grunt,
           abilities: [{kind: triggered, text: 当被结附者受到损伤或被摧毁时，你抓一张牌, when: {event: damaged, card: attached},
                        do: [{draw: {player: you, count: 1}}]},
                       {kind: triggered, text: 当被结附者被摧毁时，你抓一张牌, when: {event: destroyed, card: attached},
                        do: [{draw: {player: you, count: 1}}]}]}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
    ogre: {name: 食人魔, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
    zap: {name: 电弧, owner: you, zone: hand, type: ability, play: {do: [{damage: {to: ogre, amount: 1}}, {damage: {to: grunt, amount: 1}}]}}
    kill: {name: 歼灭, owner: you, zone: hand, type: ability, play: {do: [{destroy: grunt}]}}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    d2: {name: 卡组2, owner: you, zone: deck, type: reinforcement}
    d3: {name: 卡组3, owner: you, zone: deck, type: reinforcement}
"""


def test_an_ability_on_what_its_card_is_attached_to() -> None:
    """709.2d's example (侵蚀: "被结附者" read from the card it was attached to) — "当被结附者受到损伤时" triggers on damage to
    步兵 (its host), not to 食人魔; "当被结附者被摧毁时" triggers when 步兵 is destroyed, though 标记 falls off it as it goes."""
    res = REVIEW.run(ATTACHED, "- {play: zap}\n- resolve_all\n- {play: kill}\n- resolve_all\n")
    assert res.game is not None
    st = res.game.state
    assert [st.cards[d].zone for d in ("d1", "d2", "d3")] == ["hand", "hand", "deck"]


PACKETS = """
    boost: {name: 增幅器, owner: you, zone: commander, type: ability,
            abilities: [{kind: replacement, text: {text}, replace: {match}}]}
    ray: {name: 射线, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
          do: [{damage: {to: target, amount: 2, type: 能量}}, {damage: {to: b, amount: 1, type: 射击}}]}}
    hit: {name: 反击, owner: opp, zone: hand, type: ability, play: {do: [{damage: {to: mine, amount: 2, type: 能量}}]}}
    a: {name: 甲, owner: opp, zone: units, type: reinforcement, power: 1, health: 9}
    b: {name: 乙, owner: opp, zone: units, type: reinforcement, power: 1, health: 9}
    mine: {name: 我的援军, owner: you, zone: units, type: reinforcement, power: 1, health: 9}
"""


@pytest.mark.parametrize("text, match, damage", [
    # 716.1c's example: "当你使用能力对目标单位造成或修复损伤时，以该数量+1替代" — only packets to targets of that link
    ("当你使用能力对目标单位造成损伤时，以该数量+1替代", "{event: damage, by: {type: ability}, targeted: true, add: 1}", (3, 1, 2)),
    # 716.1e's example: "若你的指挥官将造成能量损伤时，该损伤数量+1" — only 能量 damage
    ("若将造成能量损伤时，该损伤数量+1", "{event: damage, damage_type: 能量, add: 1}", (3, 1, 3)),
    # "你将造成的损伤+1": only the packets you deal, not the opponent's
    ("你将造成的损伤+1", "{event: damage, controller: you, add: 1}", (3, 2, 2)),
])
def test_a_packet_replacement_meets_only_the_packets_it_names(text: str, match: str, damage: tuple[int, int, int]) -> None:
    """717.1: 「它们会改变这些损伤包中一个或数个提及的属性。」 716.1: it replaces "所注明的事件" only. 射线 deals 2 能量 to its
    target 甲 and 1 射击 to 乙 (not a target); the opponent's 反击 deals 2 能量 to your unit."""
    res = REVIEW.run(PACKETS.replace("{text}", text).replace("{match}", match),
                     "- {play: ray}\n- resolve_all\n- end_turn\n- {play: hit, by: opp}\n- resolve_all\n", "- {for: ray, target: a}\n")
    assert res.game is not None
    st = res.game.state
    assert (st.cards["a"].damage, st.cards["b"].damage, st.cards["mine"].damage) == damage


def test_a_player_who_passes_gives_priority_to_the_next_player() -> None:
    """709.1: 「如果所有玩家连续让过优先权……」 — priority passes from player to player; after you pass, the opponent holds it."""
    res = REVIEW.run("g: {name: g, owner: you, zone: units, type: reinforcement}\n", "- {pass: you}\n", expect="- {priority: opp}\n")
    assert res.game is not None and res.game.state.priority == "opp"


# --- the third batch: descriptions, costs, replacements and actions no test guarded ------------------------------------
def options_of(cards: str, play: str, game: str = "rise") -> tuple[object, ...]:
    """The legal options of the first open choice when ``play`` is played (the run stops there)."""
    res = REVIEW.run(cards, f"- {{play: {play}}}\n", game=game, status="stopped")
    assert res.open_choice is not None
    return tuple(res.open_choice.options)


DESCRIBED = """
    lord: {name: 领主, owner: opp, zone: units, type: reinforcement, power: 3, health: 3, status: [unique], subtypes: [人类联邦]}
    hero: {name: 英雄, owner: you, zone: units, type: reinforcement, power: 4, health: 3, status: [unique], subtypes: [人类联邦]}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3, subtypes: [兽人]}
    mine: {name: 我的兵, owner: you, zone: units, type: reinforcement, power: 1, health: 3, subtypes: [兽人]}
"""


@pytest.mark.parametrize("flt, legal", [
    ("{type: unit, status: unique}", [("hero",), ("lord",)]),
    ("{type: unit, subtype: 兽人}", [("grunt",), ("mine",)]),
    ("{type: unit, owner: opponent}", [("grunt",), ("lord",)]),
    ("{type: unit, power: {gte: 3}}", [("hero",), ("lord",)]),
])
def test_a_target_description_allows_only_what_fits_it(flt: str, legal: list[tuple[str, ...]]) -> None:
    """706.1: 「不能选择不符合目标说明……的卡牌为目标。」 The legal targets of each description."""
    cards = DESCRIBED + f"""
    pick: {{name: 点名, owner: you, zone: hand, type: ability, play: {{targets: [{{filter: {flt}}}], do: [{{destroy: target}}]}}}}
    """
    assert sorted(options_of(cards, "pick")) == legal


def test_another_target_unit_is_not_the_source_itself() -> None:
    """"对另一个目标单位造成1点损伤" (`not: self`): the unit whose ability it is cannot be its target (706.1)."""
    cards = """
    gunner: {name: 炮手, owner: you, zone: units, type: reinforcement, power: 1, health: 3,
             abilities: [{kind: activated, targets: [{filter: {type: unit, not: self}}], do: [{damage: {to: target, amount: 1}}]}]}
    grunt: {name: 步兵, owner: opp, zone: units, type: reinforcement, power: 1, health: 3}
    """
    res = REVIEW.run(cards, "- {use: gunner}\n- resolve_all\n")  # one legal target: chosen without asking
    assert res.game is not None
    assert (res.game.state.cards["grunt"].damage, res.game.state.cards["gunner"].damage) == (1, 0)


def test_target_opponent_is_not_yourself() -> None:
    """706.1: a player target that fits "目标对手" is an opponent of the link's controller (706.2: from its view)."""
    cards = """
    taunt: {name: 挑衅, owner: you, zone: hand, type: ability,
            play: {targets: [{player: true, filter: {controller: opponent}}], do: [{draw: {player: target, count: 1}}]}}
    """
    cards += "od: {name: 对手卡组, owner: opp, zone: deck, type: reinforcement}\n"
    res = REVIEW.run(cards, "- {play: taunt}\n- resolve_all\n")  # one legal target: chosen without asking
    assert res.game is not None and res.game.state.cards["od"].zone == "hand"


def test_an_interrupt_whose_target_left_the_chain_is_interrupted_by_the_game() -> None:
    """709.2a: 「如果一个连结的所有目标都不合法，它便会被游戏打断。」 711.3: an interrupt targets a link on the chain. Two
    interrupts target 电击; the later one resolves first and interrupts it, so the earlier one's target has left the
    chain: it is interrupted by the game."""
    cards = BOLT + """
    no1: {name: 否决一, owner: opp, zone: hand, type: ability, play: {targets: [{on_chain: true}], do: [{interrupt: target}]}}
    no2: {name: 否决二, owner: you, zone: hand, type: ability, play: {targets: [{on_chain: true}], do: [{interrupt: target}]}}
    """
    res = REVIEW.run(cards, "- {play: bolt}\n- {play: no1, by: opp}\n- {play: no2, by: you}\n- resolve_all\n",
                     "- {for: bolt, target: grunt}\n- {for: no1, target: bolt}\n- {for: no2, target: bolt}\n")
    assert res.game is not None
    assert {src: o for _, src, o in res.game.resolved} == {"no2": "resolved", "bolt": "interrupted", "no1": "interrupted"}
    assert res.game.state.cards["grunt"].damage == 0


def test_a_declined_optional_cost_removes_the_trigger() -> None:
    """708.1a's example: 阿尔贝托 "当阿尔贝托被摧毁时，你可以，支付(1)->将阿尔贝托以面朝下的状态置入你的资源栏"; 708.2: a
    triggered effect that cannot be (or is not) announced leaves without effect. Declining to pay: it stays in the
    salvage base and the resource is not spent."""
    sc = load_file(ROOT / "scenarios/rise/708_1a_your_turn.yaml")
    sc.data["choices"] = [{"pay": False, **{k: v for k, v in c.items() if k != "pay"}} if "pay" in c else c for c in sc.data["choices"]]
    sc.data["expect"] = [{"card": "alberto", "zone": "vortex"}, {"player": "you", "resources": sc.data["players"][0].get("resources", 0) - 0},
                         {"link": "alberto", "outcome": "removed"}]
    res = run(sc)
    assert res.game is not None and res.status == "pass", [(c.expect, c.actual) for c in res.checked if not c.ok]
    assert "trigger_declined" in [s.kind for s in res.game.trace.steps]


def test_a_destroy_cost_with_nothing_to_destroy_rewinds() -> None:
    """709.2a's example card 毒液峡谷的两位英雄: "摧毁你队伍中的一个就绪状态的援军或载具，支付3X完成此命令" — with no ready
    reinforcement the cost cannot be paid: 707.2, the play is rewound."""
    cards = """
    heroes: {name: 毒液峡谷的两位英雄, owner: you, zone: hand, type: command,
             play: {cost: {destroy: {type: [reinforcement, vehicle], controller: you, exhausted: false}}, do: [{draw: {player: you, count: 1}}]}}
    tired: {name: 疲兵, owner: you, zone: units, type: reinforcement, power: 1, health: 1, exhausted: true}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: heroes}\n")
    assert res.game is not None
    assert "rewind" in [s.kind for s in res.game.trace.steps]
    assert (res.game.state.cards["heroes"].zone, res.game.state.cards["tired"].zone, res.game.state.cards["d1"].zone) == ("hand", "units", "deck")


def test_a_skipped_draw_does_not_happen_and_triggers_nothing() -> None:
    """716.1a: 「如果特别指明的事件从未发生，就不会触发因此事件触发的异能或影响……此外，替代事件本身也可能会触发异能或影响（例
    如，略过一次抓牌）。」 "你可以略过此次抓牌" as a replacement: the draw never happens; "当你抓牌时" does not trigger."""
    cards = """
    fast: {name: 斋戒, owner: you, zone: commander, type: ability,
           abilities: [{kind: replacement, text: 如果你将抓牌，改为略过此次抓牌, replace: {event: draw, player: you, skip: true}}]}
    scribe: {name: 书记, owner: you, zone: commander, type: ability,
             abilities: [{kind: triggered, text: 当你抓牌时，对手抓一张牌, when: {event: draw, player: you}, do: [{draw: {player: opponent, count: 1}}]}]}
    study: {name: 研读, owner: you, zone: hand, type: ability, play: {do: [{draw: {player: you, count: 1}}]}}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    od: {name: 对手卡组, owner: opp, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: study}\n- resolve_all\n")
    assert res.game is not None
    assert (res.game.state.cards["d1"].zone, res.game.state.cards["od"].zone) == ("deck", "deck")


def test_a_replacement_setting_the_amount() -> None:
    """717.1: 「某些替代性影响会替代将要造成损伤……的损伤包。它们会改变这些损伤包中一个或数个提及的属性。」 "将对你的援军造成的
    损伤改为1点": 4 damage becomes 1."""
    cards = BOLT.replace("amount: 2", "amount: 4") + """
    ward: {name: 结界, owner: opp, zone: commander, type: ability,
           abilities: [{kind: replacement, text: 将对你的援军造成的损伤改为1点, replace: {event: damage, to: {type: reinforcement, controller: you}, set_amount: 1}}]}
    """
    res = REVIEW.run(cards, "- {play: bolt}\n- resolve_all\n", "- {for: bolt, target: grunt}\n")
    assert res.game is not None and res.game.state.cards["grunt"].damage == 1


def test_a_replacement_of_your_draws_leaves_the_opponents_alone() -> None:
    """716.1: it replaces "所注明的事件" only — "如果你将抓牌" (`player: you`) does not replace the opponent's draw."""
    cards = """
    fast: {name: 斋戒, owner: you, zone: commander, type: ability,
           abilities: [{kind: replacement, text: 如果你将抓牌，改为略过此次抓牌, replace: {event: draw, player: you, skip: true}}]}
    gift: {name: 馈赠, owner: you, zone: hand, type: ability, play: {do: [{draw: {player: opponent, count: 1}}]}}
    od: {name: 对手卡组, owner: opp, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: gift}\n- resolve_all\n")
    assert res.game is not None and res.game.state.cards["od"].zone == "hand"


def test_you_may_ready_only_a_unit_that_can_be_readied() -> None:
    """712.7: 「该玩家仅有在能够执行全部动作时，才可以作出执行这些【动作】的选择。」 "你可以就绪目标单位。如果你如此做，抓一张
    牌": the target is already ready, so the player cannot choose to, and nothing is drawn."""
    cards = """
    rally: {name: 集结, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: unit}}],
            do: [{may: [{ready: target}], if_you_do: [{draw: {player: you, count: 1}}]}]}}
    grunt: {name: 步兵, owner: you, zone: units, type: reinforcement, power: 1, health: 3}
    d1: {name: 卡组1, owner: you, zone: deck, type: reinforcement}
    """
    res = REVIEW.run(cards, "- {play: rally}\n- resolve_all\n", "- {for: rally, target: grunt}\n")
    assert res.game is not None
    assert "may_unable" in [s.kind for s in res.game.trace.steps] and res.game.state.cards["d1"].zone == "deck"


def test_a_token_put_onto_the_field_under_the_opponent() -> None:
    """710.1: 「替代物放置进入场上区域时，也算是进场。」 "对手放置一个1/1的援军替代物进场": it enters under the opponent's control."""
    cards = """
    gift: {name: 赠礼, owner: you, zone: hand, type: ability, play: {do: [{create: {id: pup, token: {name: 幼兽, power: 1, health: 1}, under: opponent}}]}}
    """
    res = REVIEW.run(cards, "- {play: gift}\n- resolve_all\n", expect="- {card: pup, zone: units, controller: opp}\n- {player: opp, units: 1}\n")
    assert res.game is not None


def test_drawing_from_an_empty_deck_draws_nothing() -> None:
    """709.2f: "抓一张牌。如果你如此做，……" — with an empty deck nothing is drawn, so the action was not done."""
    cards = """
    study: {name: 研读, owner: you, zone: hand, type: ability,
            play: {do: [{draw: {player: you, count: 1}, if_you_do: [{draw: {player: you, count: 1}}]}]}}
    """
    res = REVIEW.run(cards, "- {play: study}\n- resolve_all\n")
    assert res.game is not None
    kinds = [s.kind for s in res.game.trace.steps]
    assert "draw_none" in kinds and "if_you_do_no" in kinds


def test_sacrificing_more_than_you_have_cannot_be_done() -> None:
    """411.2c: 「若須滿足某些條件才能執行某個可選的動作，而玩家無法完全達成這些條件，則他就不能執行此動作，并且必須承擔不執行
    此動作的后果」 "犧牲兩個部隊，若無法執行則你生命-4" with one troop: nothing is sacrificed and you lose 4 life."""
    cards = """
    oath: {name: 血誓, owner: you, zone: hand, type: tactic,
           play: {do: [{sacrifice: {player: you, filter: {type: unit}, count: 2}, if_not_done: [{lose_life: {player: you, amount: 4}}]}]}}
    one: {name: 步兵, owner: you, zone: battlefield, type: troop, power: 1, health: 1}
    """
    res = run(load_text(REVIEW.text(cards, "- {play: oath}\n- resolve_all\n", game="sanguo", you="resources: 9, life: 20"), "<t>"))
    assert res.game is not None and res.status == "pass"
    assert (res.game.state.cards["one"].zone, res.game.state.life["you"]) == ("battlefield", 16)


# --- the index of where the cards are: what the mutation review of issue 16 found unguarded -----------------------
def test_a_tokens_ability_that_works_in_the_graveyard_works_there() -> None:
    """Sanguo 401.7: 「若某物體注明它在其它區域也可以作用，或此技能只會在戰場之外的區域中觸發或使用，便可以于不在場時起作用。」
    A reinforcement token whose ability works from the graveyard is destroyed; in the graveyard, the opponent's discard
    triggers it and you draw (nothing in the sanguo rules takes a token out of the game when it leaves the battlefield)."""
    cards = """
    call: {name: 召集, owner: you, zone: hand, type: tactic, play: {do: [{create: {id: ghost, token: {name: 亡魂, type: troop,
           power: 1, health: 1, abilities: [{kind: triggered, zones: [graveyard], text: 本卡牌在墳場時，每當對手棄一張牌，你抽一張牌,
           when: {event: discarded, player: opponent}, do: [{draw: {player: you, count: 1}}]}]}}}]}}
    slay: {name: 斬殺, owner: you, zone: hand, type: tactic, play: {targets: [{filter: {type: troop}}], do: [{destroy: target}]}}
    loot: {name: 棄牌, owner: opp, zone: hand, type: tactic, status: [quick], play: {do: [{discard: {player: you, count: 1}}]}}
    oh: {name: 對手手牌, owner: opp, zone: hand, type: troop}
    d1: {name: 牌庫1, owner: you, zone: deck, type: troop}
    """
    actions = "- {play: call}\n- resolve_all\n- {play: slay}\n- resolve_all\n- {play: loot, by: opp}\n- resolve_all\n"
    res = REVIEW.run(cards, actions, game="sanguo")  # the token is the only troop: the one legal target
    assert res.game is not None
    st = res.game.state
    assert (st.cards["ghost"].zone, st.cards["oh"].zone) == ("graveyard", "graveyard")
    assert st.cards["d1"].zone == "hand"


def test_a_players_units_are_those_they_control() -> None:
    """An expectation `{player: P, units: N}` counts the units P controls on the field (712.3b's stolen unit: the
    opponent controls the courier there); once it left, it is its owner's, on no one's field."""
    cards = """
    courier: {name: 信使, owner: you, controller: opp, zone: units, type: reinforcement, power: 1, health: 1}
    purge: {name: 清除, owner: you, zone: hand, type: ability, play: {targets: [{filter: {type: reinforcement}}], do: [{destroy: target}]}}
    """
    before = REVIEW.run(cards, "- {play: purge}\n", "- {for: purge, target: courier}\n",
                        expect="- {player: opp, units: 1}\n- {player: you, units: 0}\n")
    assert before.status == "pass"
    after = REVIEW.run(cards, "- {play: purge}\n- resolve_all\n", "- {for: purge, target: courier}\n",
                       expect="- {player: opp, units: 0}\n- {player: you, units: 0}\n- {card: courier, zone: salvage, controller: you}\n")
    assert after.status == "pass"
