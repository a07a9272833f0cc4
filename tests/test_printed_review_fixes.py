"""What a review of the third round of printed-text templates found, each written as the rule or the card says it
should go: a clause that would read to something it does not say is refused, and engine words do what their rule
says in the cases the first tests missed."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.printed.reader import Unreadable, read
from judge.scenario.loader import load_text
from judge.scenario.problems import ScenarioError
from judge.scenario.runner import run

LIBRARY = Path(__file__).resolve().parents[1] / "scenarios" / "rise" / "rise.cards"


def _refused(text: str, game: str, card_type: str, reason: str = "no_template") -> Unreadable:
    with pytest.raises(Unreadable) as e:
        read(text, game, card_type, "某卡")
    assert e.value.reason == reason, e.value.reason
    return e.value


@pytest.mark.parametrize(("text", "game", "card_type"), [
    # 因此 (417.6c) is of the step before, and only a destruction puts a unit into the graveyard
    ("消滅目標部隊，摸1張牌。若該部隊將因此被置入墳場，改為將其置入放逐區。", "sanguo", "tactic"),
    ("重置目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。", "sanguo", "tactic"),
    # the Riftbound replacement is of a spell leaving the chain: only a counter does that
    ("摧毁一个单位。若其因此将被置入弃牌堆，改为使其返回其拥有者的手牌。", "riftbound", "spell"),
    # X=… fills an X; it never replaces a number the text printed
    ("【启动】->对目标单位造成3点损伤。X=该援军的战斗力。", "rise", "reinforcement"),
    # a branch of 依据所弃置的卡牌类型 goes on a list of branches, not on any step
    ("抽1张牌。法术——抽1张牌。", "riftbound", "spell"),
    # [或] is one more mode of a modal card: alone, or after plain steps, it is not
    ("[或]抽1张牌。", "riftbound", "spell"),
    ("抽1张牌。[或]抽2张牌。", "riftbound", "spell"),
    ("选择一个效果 — 抽1张牌。抽2张牌。", "riftbound", "spell"),
    # two additional costs of one kind: never one of them dropped
    ("作为打出我的额外费用，弃置1张手牌。作为打出我的额外费用，弃置2张手牌。对一名单位造成2点伤害。", "riftbound", "spell"),
])
def test_a_clause_that_would_read_to_something_else_is_refused(text: str, game: str, card_type: str) -> None:
    _refused(text, game, card_type)


def test_a_self_replacement_lasts_only_while_its_card_resolves() -> None:
    play = read("消滅目標部隊。若該部隊將因此被置入墳場，改為將其置入放逐區。", "sanguo", "tactic").fields["play"]
    assert play["do"][0]["replace"]["until"] == "resolution"  # 因此: this effect's destruction, no later one


@pytest.mark.parametrize("text", [
    "打出我时，对该战场造成3点伤害。",  # a unit is no battlefield: 该战场 names none
    "选择一个敌方单位与一个战场，对其造成2点伤害。",  # 其 could be either
    "选择一个单位，然后选择一个战场，将其移动到该战场。",
])
def test_a_word_for_a_target_that_names_none_or_could_be_two_is_refused(text: str) -> None:
    _refused(text, "riftbound", "unit" if text.startswith("打出我时") else "spell", reason="no_antecedent")


def test_every_unit_chosen_is_the_units_only() -> None:
    play = read("选择一个战场，然后选择单位2次（可以重复选择同一单位），对每次所选的单位造成1点伤害。", "riftbound", "spell").fields["play"]
    kinds = {t["name"]: t["filter"]["type"] for t in play["targets"]}
    assert sorted(kinds[n] for n in play["do"][0]["damage"]["to"]) == ["unit", "unit"]


def test_a_sentence_that_goes_on_keeps_what_its_ability_says_it_and_this_battlefield_are() -> None:
    moved = read("当一个单位因我而移动时，抽1张牌。然后晕眩该单位。", "riftbound", "unit", "某单位").fields["abilities"][0]
    assert moved["do"][-1] == {"stun": "event"}  # the unit that moved, as in one sentence
    held = read("当我据守时，抽1张牌。然后对此战场的所有敌方单位造成1点伤害。", "riftbound", "unit", "某单位").fields["abilities"][0]
    assert held["do"][-1]["damage"]["to"]["each"]["at"] == {"event": "where"}  # FAQ vendetta-02: the battlefield held


def test_messages_name_the_clause_and_the_limit() -> None:
    assert _refused("选择单位30次（可以重复选择同一单位）。对每次所选的单位造成1点伤害。", "riftbound", "spell",
                    reason="too_many_choices").clause.startswith("选择单位30次")
    assert _refused("然后", "riftbound", "spell").clause == "然后"  # not an empty clause past the end
    assert _refused("闪避5 你队伍中的援军具有战斗力+1。", "rise", "reinforcement", reason="number").clause == "闪避5"


WILSON = f"""\
game: rise
title: 失去异能的威尔逊舰长
library: {LIBRARY}
players: [{{id: you}}, {{id: opp}}]
turn: you
cards:
  wilson: {{uses: captain_martin_wilson, owner: you, zone: units}}
  plate: {{uses: shield_plate, owner: opp, zone: commander}}
  guard: {{name: 卫兵, owner: opp, zone: units, type: reinforcement, power: 0, health: 9}}
  hush: {{name: 噤声, owner: you, zone: hand, type: ability,
         play: {{do: [{{modify: {{cards: {{each: {{type: reinforcement}}}}, lose_abilities: true, until: turn}}}}]}}}}
actions:
  - {{play: hush, by: you}}
  - resolve_all
  - {{attack: wilson, target: guard}}
  - combat_damage
expect:
  - {{card: guard, damage: 5}}
"""


def test_unpreventable_combat_damage_is_an_ability_a_card_can_lose() -> None:
    # 803.3's card: its combat damage cannot be prevented — while it has the ability; blanked, the plate prevents 1
    assert run(load_text(WILSON, "w.yaml")).status == "pass"


LOCK = """\
game: rise
title: 其所在队伍中的其他单位本回合不能攻击（一直查看的效果）
players: [{id: you}, {id: opp}]
turn: you
cards:
  lockdown: {name: 封锁, owner: you, zone: hand, type: ability, cost: 0, play: {targets: [{filter: {type: unit}}],
             do: [{modify: {cards: {each: {type: unit, team_of: target}}, except: target, cannot: [attack], until: turn}}]}}
  mine: {name: 我的单位, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
  mate: {name: 我的另一单位, owner: you, zone: units, type: reinforcement, power: 1, health: 5}
  theirs: {name: 对方单位, owner: opp, zone: units, type: reinforcement, power: 1, health: 5}
actions:
  - {play: lockdown, by: you}
  - resolve_all
  - {attack: mate, target: theirs}
choices:
  - {for: lockdown, target: mine}
"""


def test_the_team_of_a_chosen_unit_is_kept_by_an_effect_that_keeps_looking() -> None:
    res = run(load_text(LOCK, "l.yaml"))
    assert res.game is not None
    assert "attack_forbidden" in [s.kind for s in res.game.trace.steps] and "attack" not in [s.kind for s in res.game.trace.steps]


def test_its_own_team_reads_and_runs() -> None:
    fields = read("当该援军进场时，其所在队伍中的其他单位本回合不能攻击或守护。", "rise", "reinforcement", "某援军").fields
    assert fields["abilities"][0]["do"][0]["modify"]["cards"]["each"]["team_of"] == "self"


REDIRECT = """\
game: rise
title: 攻击改为指向不能被攻击的单位
players: [{id: you}, {id: opp}]
turn: opp
cards:
  reta: {name: 教官雷塔, owner: you, zone: units, type: reinforcement, power: 1, health: 5, keywords: [闪避]}
  wall: {name: 墙, owner: you, zone: units, type: reinforcement, power: 0, health: 9}
  raider: {name: 突袭者, owner: opp, zone: units, type: reinforcement, power: 3, health: 3}
  lure: {name: 诱导, owner: opp, zone: hand, type: ability, play: {do: [{redirect_attack: {attacker: raider, to: reta}}]}}
actions:
  - {attack: raider, target: wall}
  - {play: lure, by: opp}
  - resolve_all
  - combat_damage
expect:
  - {card: reta, damage: 0}
"""


def test_an_attack_is_not_redirected_onto_a_card_that_cannot_be_attacked() -> None:
    # 717.2b's reminder: 闪避（不能被攻击。）
    assert run(load_text(REDIRECT, "r.yaml")).status == "pass"


NAMES = """\
game: riftbound
title: 两个主动技能读出同一个名字
players: [{id: you, resources: 2}, {id: opp}]
turn: you
cards:
  u: {name: 某单位, text: "[1]：抽1张牌。每回合一次 — [2]：抽1张牌。", owner: you, zone: base, type: unit, power: 5}
actions:
  - {use: u, ability: 抽1张牌}
"""


def test_an_ability_name_two_abilities_share_is_refused_not_the_first_taken() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(NAMES, "n.yaml")
    assert "抽1张牌" in str(e.value) and "ability: 0" in str(e.value)


TOKEN = """\
game: sanguo
title: 衍生物的关键词
players: [{{id: you}}, {{id: opp}}]
turn: you
cards:
  maker: {{name: 造物, owner: you, zone: hand, type: tactic, play: {{do: [{{create: {{token: {{name: 兵, type: troop, power: 1,
          health: 1, keywords: {kw}}}}}}}]}}}}
"""


@pytest.mark.parametrize(("kw", "ok"), [("[{沖鋒: 2}]", True), ("[迅捷]", True), ("[沖鋒]", False), ("[{迅捷: 1}]", False),
                                         ("[飞行]", False)])
def test_a_tokens_keywords_are_the_games_with_their_numbers(kw: str, ok: bool) -> None:
    # 500.1 【沖鋒X】 has a number, 500.7 【迅捷】 none; a keyword the rules do not define is no keyword
    text = TOKEN.format(kw=kw)
    if ok:
        load_text(text, "t.yaml")
    else:
        with pytest.raises(ScenarioError):
            load_text(text, "t.yaml")


def test_a_completing_clause_fills_only_what_the_step_leaves_open() -> None:
    from judge.printed.gives import completes

    assert completes({"amount": "X", "to": "target"}, {"amount": 4})  # X is open
    assert not completes({"amount": 3, "to": "target"}, {"amount": 4})  # 3 was printed
    assert completes({"amount": 3}, {"amount": 3, "store": "dealt"})  # adding beside what is there
    assert not completes({"draw": 1}, {"reflexive": [{}]})  # a list joins a list it has …
    assert completes({"discard": 1}, {"if_you_do": [{}]})  # … or stands beside the step (若你如此做)
