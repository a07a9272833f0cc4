"""Printed texts read in the third round of templates (issue 22), each run from its text alone: the expectations are
the rules' and the cards' words, not the engine's output."""

from __future__ import annotations

import pytest

from judge.cards.readable import quoted
from judge.printed.reader import Unreadable, read
from judge.scenario.loader import load_text
from judge.scenario.problems import ScenarioError
from judge.scenario.runner import run

HEAVENS = """\
game: riftbound
title: 霹天雳地的费用减去你所控制单位中的最高战力值
players:
  - {{id: you, resources: {pool}}}
  - {{id: opp}}
turn: you
cards:
  heavens: {{name: 霹天雳地, text: "将此牌的法力费用减去你所控制单位中的最高战力值，即为打出此法术所需的法力。", owner: you,
            zone: hand, type: spell, cost: 8}}
  small: {{name: 小兵, owner: you, zone: base, type: unit, power: 3}}
  big: {{name: 大兵, owner: you, zone: base, type: unit, power: 5}}
  theirs: {{name: 敌兵, owner: opp, zone: base, type: unit, power: 7}}
actions:
  - {{play: heavens, by: you}}
  - resolve_all
expect:
  - {{player: you, resources: 0}}
"""


def test_a_cost_less_the_highest_might_of_your_units_counts_your_highest_not_a_named_unit_nor_the_opponents() -> None:
    # 206 example 1: 「将此牌的法力费用减去你所控制单位中的最高战力值」: [8] − 5 (the larger of your 3 and 5; the
    # opponent's 7 is not yours) = [3]
    assert run(load_text(HEAVENS.format(pool=3), "h.yaml")).status == "pass"
    short = run(load_text(HEAVENS.format(pool=2), "h.yaml"))  # [2] is not enough for [3]: the play is rewound
    assert short.status == "fail" and short.game is not None
    assert "rewind" in [s.kind for s in short.game.trace.steps]


EVADE = """\
game: rise
title: 闪避（不能被攻击。）
players: [{{id: you}}, {{id: opp}}]
turn: opp
cards:
  reta: {{name: 教官雷塔, owner: you, zone: units, type: reinforcement, power: 1, health: 5{kw}}}
  raider: {{name: 突袭者, owner: opp, zone: units, type: reinforcement, power: 3, health: 3}}
actions:
  - {{attack: raider, target: reta}}
"""


def test_a_unit_with_evade_cannot_be_attacked_and_one_without_it_can() -> None:
    # 717.2b's example prints the keyword's reminder: 「闪避（不能被攻击。）」
    res = run(load_text(EVADE.format(kw=", keywords: [闪避]"), "e.yaml"))
    assert res.game is not None
    kinds = [s.kind for s in res.game.trace.steps]
    assert "attacked_forbidden" in kinds and "attack" not in kinds
    assert res.game.state.combat is None
    plain = run(load_text(EVADE.format(kw=""), "e.yaml"))
    assert plain.game is not None
    assert "attack" in [s.kind for s in plain.game.trace.steps]


def test_the_rise_keywords_read_from_a_text_and_an_unknown_one_is_refused() -> None:
    fields = read("领航 你队伍中的援军具有战斗力+1。", "rise", "reinforcement", "克多恩").fields
    assert fields["keywords"] == ["领航"]
    with pytest.raises(Unreadable) as e:  # 光学迷彩: no rule or example says what it does
        read("亢奋 光学迷彩。", "rise", "reinforcement", "古拉")
    assert "亢奋" in e.value.clause


SHOVE = """\
game: riftbound
title: 将一名单位移动到另一个战场
players: [{{id: you}}, {{id: opp}}]
turn: you
cards:
  field_a: {{name: 战场甲, owner: opp, zone: battlefield, type: battlefield}}
  field_b: {{name: 战场乙, owner: you, zone: battlefield, type: battlefield}}
  unit: {{name: 单位, owner: opp, zone: battlefield, at: field_b, type: unit, power: 2}}
  shove: {{name: 推, text: 将一名单位移动到另一个战场。, owner: you, zone: hand, type: spell, cost: 0}}
actions:
  - {{play: shove, by: you}}
  - resolve_all
choices:
  - {{for: shove, target: unit}}
  - {{for: shove, card: {where}}}
expect:
  - {{card: unit, at: field_a}}
"""


def test_another_battlefield_is_a_battlefield_never_base() -> None:
    # 「将一名单位移动到另一个战场」: from battlefield B, to battlefield A — base is no battlefield, nor is B "another"
    assert run(load_text(SHOVE.format(where="field_a"), "s.yaml")).status == "pass"
    for where in ("base", "field_b"):
        with pytest.raises(ScenarioError):  # not among the choices
            run(load_text(SHOVE.format(where=where), "s.yaml"))


def test_a_replacement_of_what_the_step_before_does_is_in_place_before_that_step() -> None:
    # 417.6c: 「消滅目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。」: the replacement must exist when the
    # destruction happens, so it is created before it
    play = read("消滅目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。", "sanguo", "tactic").fields["play"]
    assert [next(iter(s)) for s in play["do"]] == ["replace", "destroy"]
    assert play["do"][0]["replace"]["zone"] == "exile"


def test_a_reading_that_differs_from_the_hand_written_abilities_says_why() -> None:
    steelarm = next(q for q in quoted("rise") if q.name == "游击前卫钢臂")
    assert steelarm.status == "differs" and "708.3" in steelarm.why


LOCK = """\
game: rise
title: 其所在队伍中的其他单位本回合不能攻击或守护
players: [{{id: you, resources: 4}}, {{id: opp}}]
turn: you
cards:
  lockdown: {{name: 电磁封锁, text: 你的指挥官对目标单位造成3点电磁损伤。其所在队伍中的其他单位本回合不能攻击或守护。, owner: you,
             zone: hand, type: ability, cost: 4}}
  cmd: {{name: 指挥官, owner: you, zone: commander, type: commander, power: 1, health: 20}}
  mine: {{name: 我的单位, owner: you, zone: units, type: reinforcement, power: 1, health: 5}}
  mate: {{name: 我的另一单位, owner: you, zone: units, type: reinforcement, power: 1, health: 5}}
  theirs: {{name: 对方单位, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}}
actions:
  - {{play: lockdown, by: you}}
  - resolve_all
  - {{attack: {attacker}, target: {defender}}}
choices:
  - {{for: lockdown, target: {victim}}}
"""


def _attacked(text: str) -> bool:
    res = run(load_text(text, "l.yaml"))
    assert res.game is not None
    return "attack" in [s.kind for s in res.game.trace.steps]


def test_the_lock_falls_on_the_team_of_the_unit_chosen_whichever_side_it_is() -> None:
    # 714.3f: 「其所在队伍中的其他单位本回合不能攻击或守护」 — the chosen unit's own team, not always the opponent's
    assert not _attacked(LOCK.format(victim="mine", attacker="mate", defender="theirs"))
    assert _attacked(LOCK.format(victim="mine", attacker="theirs", defender="mate"))
    assert _attacked(LOCK.format(victim="mine", attacker="mine", defender="theirs"))  # 其他: not the unit itself
    assert _attacked(LOCK.format(victim="theirs", attacker="mate", defender="theirs"))


WILSON = """\
game: rise
title: 威尔逊舰长造成的战斗损伤不能被防止
players: [{{id: you}}, {{id: opp}}]
turn: you
cards:
  wilson: {{name: 马丁·威尔逊舰长, text: "{text}", owner: you, zone: units, type: reinforcement, power: 6, health: 8}}
  plate: {{name: 护盾甲, owner: opp, zone: commander, type: ability, text: 持续：防止将对你的援军造成的1点损伤。}}
  guard: {{name: 守卫, owner: opp, zone: units, type: reinforcement, power: 0, health: 9}}
actions:
  - {{attack: wilson, target: guard}}
  - combat_damage
expect:
  - {{card: guard, damage: {damage}}}
"""


def test_combat_damage_that_cannot_be_prevented_is_dealt_whole_past_a_prevention() -> None:
    # 803.3's example card: 「威尔逊舰长造成的战斗损伤不能被防止」; without it the plate prevents 1 of the 6
    assert run(load_text(WILSON.format(text="威尔逊舰长造成的战斗损伤不能被防止。", damage=6), "w.yaml")).status == "pass"
    assert run(load_text(WILSON.format(text="", damage=5).replace(' text: "",', ""), "w.yaml")).status == "pass"


def test_a_token_has_the_abilities_of_its_keywords() -> None:
    # 803.3's example: the token 「具有守护者」; a token with 闪避 (717.2b: 不能被攻击) cannot be attacked
    fields = read("对方每有一个单位进场时，便放置一个名为舰长护卫队的【格斗损伤类型】2/【生命值】2，且具有守护者的援军替代物进场。",
                  "rise", "reinforcement", "马丁·威尔逊舰长").fields
    token = fields["abilities"][0]["do"][0]["create"]["token"]
    assert (token["keywords"], token["power"], token["health"], token["damage_type"]) == (["守护者"], 2, 2, "格斗")
    src = EVADE.format(kw="").replace("actions:\n  - {attack: raider, target: reta}", """\
  maker: {name: 造物, owner: you, zone: hand, type: ability, play: {do: [{create: {token: {name: 幻影, power: 1, health: 1, keywords: [闪避]}, id: ghost}}]}}
actions:
  - {play: maker, by: opp}
  - resolve_all
  - {attack: raider, target: ghost}""").replace("turn: opp", "turn: you")
    res = run(load_text(src.replace("{play: maker, by: opp}", "{play: maker, by: you}"), "t.yaml"))
    assert res.game is not None
    assert "attacked_forbidden" in [s.kind for s in res.game.trace.steps]


DISDAIN = """\
game: riftbound
title: 无效化一个法术，但其费用不得高于[4]，也不得高于[A]
players: [{{id: you, resources: 4, power: 3}}, {{id: opp, resources: 2}}]
turn: you
cards:
  spell: {{name: 法术, owner: you, zone: hand, type: spell, cost: 4, play: {{cost: {{power: {power}}}}}}}
  disdain: {{name: 蔑视, text: "无效化一个法术，但其费用不得高于[4]，也不得高于[A]。", owner: opp, zone: hand, type: spell, cost: 2}}
actions:
  - {{play: spell, by: you}}
  - {{play: disdain, by: opp}}
"""


def test_a_counter_bounded_by_a_power_cost_reads_the_printed_power_symbols() -> None:
    # 206 example 2: 「但其费用不得高于[4]，也不得高于[A]」: a spell costing [4] and one power can be chosen; one costing
    # two power cannot (蔑视 has no legal target, so it cannot be played)
    play = read("无效化一个法术，但其费用不得高于[4]，也不得高于[A]。", "riftbound", "spell").fields["play"]
    assert play["targets"][0]["filter"] == {"type": "spell", "cost": {"lte": 4}, "power_cost": {"lte": 1}}
    one = run(load_text(DISDAIN.format(power=1), "d.yaml"))
    two = run(load_text(DISDAIN.format(power=2), "d.yaml"))
    assert one.game is not None and two.game is not None
    assert one.game.state.cards["disdain"].zone == "chain"
    assert two.game.state.cards["disdain"].zone == "hand"  # no legal target: the play is rewound
    assert "rewind" in [s.kind for s in two.game.trace.steps]


def test_an_activated_ability_read_from_its_text_is_named_by_what_it_does() -> None:
    # a printed activated ability has no name of its own: actions call it by its words after the colon
    ab = read("[1]：抽1张牌。", "riftbound", "unit", "单位").fields["abilities"][0]
    assert ab["kind"] == "activated" and ab["name"] == "抽1张牌" and ab["cost"] == {"resources": 1}


def test_one_sentence_that_is_two_abilities_reads_as_both() -> None:
    # FAQ vendetta-20/-21: 刚普朗克's one sentence replaces a -[M] and a stun alike
    abilities = read("〔获得赋能〕[>] 若选择我的法术或技能将晕眩我或给予我-[M]，改为本回合给予我+3 [M]。", "riftbound", "unit",
                     "刚普朗克").fields["abilities"]
    assert sorted(a["replace"]["event"] for a in abilities) == ["might", "stun"]
    assert all(a["replace"]["instead"] == [{"might": {"cards": "self", "amount": 3, "until": "turn"}}] for a in abilities)


def test_this_battlefield_of_a_hold_trigger_is_the_battlefield_held_and_of_another_where_the_card_is() -> None:
    # FAQ vendetta-02: 「「婭希拉」延遲觸發效果中的「此戰場」，指的是其據守的戰場」; 「「君主」阿祈爾進攻觸發效果中的「此戰場」，
    # 指的是其位於的戰場」
    hold = read("当我据守时，在本回合结束时，对此战场的所有敌方单位造成1点伤害。", "riftbound", "unit", "娅希拉").fields
    delayed = hold["abilities"][0]["do"][0]["create_trigger"]
    assert delayed["when"] == {"event": "turn_end"}
    assert delayed["do"][0]["damage"]["to"]["each"]["at"] == {"event": "where"}
    moved = read("当我移动时，对此战场的所有敌方单位造成1点伤害。", "riftbound", "unit", "某单位").fields
    assert moved["abilities"][0]["do"][0]["damage"]["to"]["each"]["at"] == "here"


def test_that_battlefield_names_the_battlefield_chosen_wherever_it_stands_among_the_targets() -> None:
    # 月陨: 「选择一个战场与一个敌方单位，将该单位移动到该战场。然后本回合给予该战场上的敌方单位-2 [M]」
    for text in ("选择一个战场与一个敌方单位，将该单位移动到该战场。然后本回合给予该战场上的敌方单位-2 [M]。",
                 "选择一个敌方单位与一个战场，将该单位移动到该战场。然后本回合给予该战场上的敌方单位-2 [M]。"):
        play = read(text, "riftbound", "spell").fields["play"]
        by_name = {t["name"]: t["filter"]["type"] for t in play["targets"]}
        move, might = play["do"][0]["move"], play["do"][1]["might"]
        assert by_name[move["card"]] == "unit" and by_name[move["to"]] == "battlefield"
        assert by_name[might["cards"]["each"]["at"]] == "battlefield" and might["amount"] == -2


ATAKHAN = """\
game: riftbound
title: 厄塔汗：该单位每有1点符能费用，我的符能费用便减少[Y]
players: [{{id: you, resources: 2, power: {power}}}, {{id: opp}}]
turn: you
cards:
  ally: {{name: 友方单位, owner: you, zone: base, type: unit, power: 2, cost: 4, power_cost: {ally}}}
  atakhan:
    name: 厄塔汗
    text: 你可以选择摧毁一名友方单位，作为打出我的额外费用。若如此做，则该单位每有1 点法力费用，我的法力费用便减少[1]，该单位每有1 点符能费用，我的符能费用便减少[Y]。
    owner: you
    zone: hand
    type: unit
    cost: 6
    power: 8
    power_cost: 1
actions:
  - {{play: atakhan, by: you}}
  - resolve_all
choices:
  - {{for: atakhan, slot: may_destroy, pay: true}}
  - {{for: atakhan, slot: may_destroy, cost_card: ally}}
"""


def test_a_cost_less_by_the_destroyed_units_cost_takes_off_its_power_as_well_as_its_energy() -> None:
    # 206 example 3: 「该单位每有1 点法力费用，我的法力费用便减少[1]，该单位每有1 点符能费用，我的符能费用便减少[Y]」:
    # destroying a [4]+1-power unit, Atakhan's [6]+1 power costs [2] and no power; a [4] unit leaves the power to pay
    read_play = read("你可以选择摧毁一名友方单位，作为打出我的额外费用。若如此做，则该单位每有1 点法力费用，我的法力费用便减少[1]，"
                     "该单位每有1 点符能费用，我的符能费用便减少[Y]。", "riftbound", "unit", "厄塔汗").fields["play"]
    assert read_play == {"cost": {"may_destroy": {"filter": {"type": "unit", "controller": "you"}, "less": "its_cost"}}}
    paid = run(load_text(ATAKHAN.format(power=0, ally=1), "a.yaml"))
    unpaid = run(load_text(ATAKHAN.format(power=0, ally=0), "a.yaml"))
    assert paid.game is not None and unpaid.game is not None
    assert paid.game.state.cards["atakhan"].zone == "base" and paid.game.state.cards["ally"].zone == "trash"
    assert unpaid.game.state.cards["atakhan"].zone == "hand"  # one power to pay and none: the play is rewound
    assert "rewind" in [s.kind for s in unpaid.game.trace.steps]


def test_a_power_cost_given_twice_is_refused() -> None:
    src = ATAKHAN.format(power=0, ally=1).replace("    power_cost: 1\n", "    power_cost: 1\n    play: {cost: {power: 1}}\n")
    with pytest.raises(ScenarioError) as e:
        run(load_text(src, "a.yaml"))
    assert "power_cost" in str(e.value) and e.value.line == 15


def test_attack_or_defend_is_two_triggers_each_choosing_its_own_target() -> None:
    # 820.1.d.1 example 2: 「当我进攻或防守时，你可以对此处的一名敌方单位造成等同于我战力的伤害。」
    abilities = read("当我进攻或防守时，你可以对此处的一名敌方单位造成等同于我战力的伤害。\n我的技能带有[回响] — 弃置一张手牌。",
                     "riftbound", "unit", "示例中的单位").fields["abilities"]
    assert [a["when"]["event"] for a in abilities[:2]] == ["attacks", "defends"]
    for a in abilities[:2]:
        assert a["targets"] == [{"filter": {"type": "unit", "controller": "opponent", "at": "here"}}]
        assert a["do"] == [{"may": [{"damage": {"amount": {"power": "self"}, "to": "target"}}]}]
    assert abilities[2] == {"kind": "repeat", "applies_to": "abilities", "cost": {"discard": 1},
                            "text": "我的技能带有[回响] — 弃置一张手牌"}


def test_an_instruction_that_says_when_it_is_carried_out_is_a_part_of_playing_the_card() -> None:
    # 135.2.b.3: 「打出我时，摧毁一名单位作为额外费用。」 is carried out as the card is played, not as it resolves
    play = read("打出我时，摧毁一名单位作为额外费用。抽1张牌。", "riftbound", "spell").fields["play"]
    assert play == {"cost": {"destroy": {"type": "unit"}}, "do": [{"draw": {"count": 1, "player": "you"}}]}
