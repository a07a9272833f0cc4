"""Reading printed card texts (judge/printed/): each expectation is what the printed words say, in the scenario
language of judge/scenario/FORMAT.md, written before the reader ran; the shown words (``text``) are set aside."""

from __future__ import annotations

import time

import pytest

from judge.printed.compare import canonical, differences
from judge.printed.numbers import number as _number
from judge.printed.reader import MAX_TEXT, Unreadable, read
from judge.printed.templates import TemplateError, compile_language


def fields(text: str, game: str, card_type: str, name: str | None = None) -> dict:
    return canonical(read(text, game, card_type, name).fields)


# -- 崛起 -----------------------------------------------------------------------------------------------------------

def test_rise_a_damage_ability_card_targets_a_unit_and_deals_its_number() -> None:
    assert fields("对目标单位造成3点损伤。", "rise", "ability") == {
        "play": {"targets": [{"filter": {"type": "unit"}}], "do": [{"damage": {"amount": 3, "to": "target"}}]}}


def test_rise_a_damage_type_is_kept_when_printed() -> None:
    got = fields("对目标对方单位造成2点电磁损伤。", "rise", "ability")
    assert got["play"]["targets"] == [{"filter": {"type": "unit", "controller": "opponent"}}]
    assert got["play"]["do"] == [{"damage": {"amount": 2, "to": "target", "type": "电磁"}}]


def test_rise_when_destroyed_is_a_triggered_ability_of_the_card_itself() -> None:
    assert fields("当该援军被摧毁时，你抓一张牌。", "rise", "reinforcement") == {"abilities": [
        {"kind": "triggered", "when": {"card": "self", "event": "destroyed"}, "do": [{"draw": {"count": 1, "player": "you"}}]}]}


def test_rise_the_card_is_named_by_the_end_of_its_name() -> None:
    got = fields("当阿尔贝托被摧毁时，抓两张牌。", "rise", "reinforcement", name="逝者阿尔贝托")
    assert got["abilities"][0]["when"] == {"card": "self", "event": "destroyed"}
    assert got["abilities"][0]["do"] == [{"draw": {"count": 2, "player": "you"}}]
    with pytest.raises(Unreadable):  # another card's name is not this card
        read("当奥萨罗被摧毁时，抓两张牌。", "rise", "reinforcement", name="逝者阿尔贝托")


def test_rise_if_you_do_completes_the_step_before_it_across_a_full_stop() -> None:
    assert fields("弃一张手牌。如果你如此做，抓一张牌。", "rise", "ability")["play"]["do"] == [
        {"discard": {"count": 1, "player": "you"}, "if_you_do": [{"draw": {"count": 1, "player": "you"}}]}]


def test_rise_two_targets_are_named_in_text_order() -> None:
    got = fields("对目标单位和另一个目标单位各造成1点损伤。", "rise", "ability")
    assert got["play"]["targets"] == [{"filter": {"type": "unit"}, "name": "t1"}, {"filter": {"type": "unit"}, "name": "t2"}]
    assert got["play"]["do"] == [{"damage": {"amount": 1, "to": ["t1", "t2"]}}]


def test_rise_continuous_stays_on_the_field_with_its_ability() -> None:
    # 709.2g: a 持续 ability card stays on the field as it resolves; its ability is the sentence after 持续：
    assert fields("持续：你队伍中的援军具有战斗力+1。", "rise", "ability") == {
        "play": {"continuous": True, "do": []},
        "abilities": [{"kind": "continuous", "affects": {"each": {"controller": "you", "type": "reinforcement"}}, "power": 1}]}


def test_rise_a_granted_ability_is_read_inside_its_quotes_with_its_own_target() -> None:
    got = fields("目标援军本回合具有“[消耗]->对目标单位造成1点射击损伤。”", "rise", "ability")
    assert got["play"]["targets"] == [{"filter": {"type": "reinforcement"}}]
    grant = got["play"]["do"][0]["grant"]
    assert grant["to"] == "target" and grant["until"] == "turn"
    assert grant["ability"] == {"kind": "activated", "cost": {"exhaust": True}, "targets": [{"filter": {"type": "unit"}}],
                                "do": [{"damage": {"amount": 1, "to": "target", "type": "射击"}}]}


def test_rise_its_controller_in_a_granted_ability_is_the_card_that_has_it() -> None:
    grant = fields("目标援军本回合具有“[消耗]->其操控者抓一张牌。”", "rise", "ability")["play"]["do"][0]["grant"]
    assert grant["ability"]["do"] == [{"draw": {"count": 1, "player": {"controller_of": "self"}}}]


# -- 三國 -----------------------------------------------------------------------------------------------------------

def test_sanguo_a_quick_tactic_mark_gives_the_status_and_the_rest_is_what_it_does() -> None:
    assert fields("（快速錦囊）消滅目標部隊。", "sanguo", "tactic") == {
        "status": ["quick"], "play": {"targets": [{"filter": {"type": "unit"}}], "do": [{"destroy": "target"}]}}


def test_sanguo_keywords_take_their_number() -> None:
    assert fields("【裝甲1】", "sanguo", "troop") == {"keywords": [{"裝甲": 1}]}
    assert fields("【嘲諷】", "sanguo", "troop") == {"keywords": ["嘲諷"]}


def test_sanguo_a_may_then_if_you_do_sentence_goes_on_with_the_same_ability() -> None:
    got = fields("每當你的部隊被消滅時，你可以棄一張手牌。若你如此作，摸兩張牌。", "sanguo", "hero")
    assert got == {"abilities": [{"kind": "triggered", "when": {"event": "destroyed", "card": {"type": "unit", "controller": "you"}},
                                  "do": [{"may": [{"discard": {"count": 1, "player": "you"},
                                                   "if_you_do": [{"draw": {"count": 2, "player": "you"}}]}]}]}]}


def test_sanguo_then_it_recovers_names_the_target_already_chosen() -> None:
    got = fields("對目標部隊造成3點傷害，然後該部隊恢復3點生命。", "sanguo", "tactic")
    assert got["play"]["targets"] == [{"filter": {"type": "unit"}}]
    assert got["play"]["do"] == [{"damage": {"amount": 3, "to": "target"}}, {"repair": {"amount": 3, "to": "target"}}]


def test_sanguo_up_to_one_target() -> None:
    got = fields("對至多一個目標部隊造成2點傷害。你摸一張牌。", "sanguo", "tactic")
    assert got["play"]["targets"] == [{"filter": {"type": "unit"}, "count": {"up_to": 1}}]
    assert got["play"]["do"][1] == {"draw": {"count": 1, "player": "you"}}


# -- 符文战场 --------------------------------------------------------------------------------------------------------

def test_riftbound_choose_then_it_refers_to_the_chosen_unit() -> None:
    assert fields("选择一个单位。本回合防止接下来将对其造成的7点伤害。", "riftbound", "spell") == {"play": {
        "targets": [{"filter": {"type": "unit"}}],
        "do": [{"prevent": {"event": "damage", "shield": 7, "to": "target", "until": "turn"}}]}}


def test_riftbound_keyword_lines_and_an_unnumbered_deflect() -> None:
    assert fields("〔赋能〕[3]", "riftbound", "unit") == {"keywords": [{"赋能": 3}]}
    assert fields("〔法盾〕", "riftbound", "unit") == {"keywords": [{"法盾": 1}]}  # one 法盾 (vendetta-32)


def test_riftbound_a_fact_of_the_card_is_a_field_not_an_ability() -> None:
    r = read("我最多可以获得赋能3次。\n〔赋能〕[1]", "riftbound", "unit")
    assert r.fields == {"empower_max": 3, "keywords": [{"赋能": 1}], "play": {}}  # a unit is played to do nothing more


# -- refusals ---------------------------------------------------------------------------------------------------------

def test_a_number_the_template_cannot_place_is_refused_with_its_clause() -> None:
    with pytest.raises(Unreadable) as e:
        read("对目标单位造成X点损伤。", "rise", "ability")
    assert (e.value.clause, e.value.offset) == ("对目标单位造成X点损伤", 0)


def test_an_unknown_clause_is_named_where_it_stands_with_the_nearest_templates() -> None:
    with pytest.raises(Unreadable) as e:
        read("抓一张牌。然后跳舞。", "rise", "ability")
    # 然后 joins the sentence to the one before: the clause no template reads is what follows it
    assert (e.value.clause, e.value.offset) == ("跳舞", 7)
    with pytest.raises(Unreadable) as e:
        read("对目标单位造成一点五损伤。", "rise", "ability")
    assert e.value.nearest[0] == "对{target}造成{n}点{dtype}损伤"


def test_a_keyword_with_a_number_printed_without_it_is_refused() -> None:
    with pytest.raises(Unreadable) as e:
        read("【裝甲】", "sanguo", "troop")
    assert e.value.reason == "number" and e.value.clause == "【裝甲】"


def test_hostile_texts_are_refused_quickly_and_never_guessed() -> None:
    with pytest.raises(Unreadable) as e:
        read("抓一张牌" * (MAX_TEXT // 4 + 1), "rise", "ability")
    assert e.value.reason == "too_long"
    started = time.process_time()
    for text in ("，" * 1900, "抓一张牌，" * 300, "“" * 1500, "当" * 1999, "对目标单位和" * 300):
        with pytest.raises(Unreadable):
            read(text, "rise", "ability")
    assert time.process_time() - started < 30  # a bound against a hang (exponential splitting), not a speed claim


def test_reading_is_deterministic() -> None:
    text = "每當你的部隊被消滅時，你可以棄一張手牌。若你如此作，摸兩張牌。"
    assert read(text, "sanguo", "hero").fields == read(text, "sanguo", "hero").fields


def test_chinese_numerals() -> None:
    assert [_number(s) for s in ("3", "一", "两", "兩", "十", "十二", "二十", "九十九")] == [3, 1, 2, 2, 10, 12, 20, 99]
    assert _number("一百") is None and _number("五五") is None


def test_malformed_template_data_is_a_data_error() -> None:
    with pytest.raises(TemplateError):
        compile_language("x", {"effects": [{"id": "a", "say": "抓{nope}张牌", "gives": {}}]})
    with pytest.raises(TemplateError):
        compile_language("x", {"slots": {"n": "number"}, "effects": [{"id": "a", "say": "{n}{n}", "gives": {}}]})
    with pytest.raises(TemplateError):  # a misspelt key is refused, not ignored
        compile_language("x", {"effects": [{"id": "a", "say": "抓牌", "gives": {}, "iy": "event"}]})
    with pytest.raises(TemplateError):
        compile_language("x", {"effect": []})


def test_differences_name_the_path_and_set_aside_shown_words_and_target_names() -> None:
    read_ = read("对目标单位造成3点损伤。", "rise", "ability").fields
    hand = {"play": {"targets": [{"name": "foe", "filter": {"type": "unit"}}],
                     "do": [{"damage": {"to": "foe", "amount": 3}, "text": "造成3点损伤"}]}}
    assert differences(read_, hand) == []
    hand["play"]["do"][0]["damage"]["amount"] = 2
    assert differences(read_, hand) == ["play.do[0].damage.amount"]


# -- what a hostile review found ----------------------------------------------------------------------------------

def test_nesting_is_bounded_and_refused_not_a_crash() -> None:
    for text, typ, game in (("你可以" * 300 + "摸1張牌", "tactic", "sanguo"), ("鎖定技能：" * 390 + "你的生命+1", "troop", "sanguo")):
        with pytest.raises(Unreadable) as e:
            read(text, game, typ)
        assert e.value.reason == "too_deep"
    assert fields("你可以你可以摸1張牌。", "sanguo", "tactic")["play"]["do"] == [{"may": [{"may": [{"draw": {"count": 1, "player": "you"}}]}]}]


def test_only_an_if_you_do_sentence_goes_inside_the_may_before_it() -> None:
    got = fields("本部隊進場時，你可以摸1張牌。對手摸1張牌。", "sanguo", "troop")["abilities"][0]["do"]
    assert got == [{"may": [{"draw": {"count": 1, "player": "you"}}]}, {"draw": {"count": 1, "player": "opponent"}}]


def test_a_pronoun_in_a_played_card_with_nothing_named_before_it_is_refused() -> None:
    for text, game, typ in (("其战斗力变为3。", "rise", "ability"), ("将其活化。", "riftbound", "spell"),
                            ("其控制者抽1张牌。", "riftbound", "spell")):
        with pytest.raises(Unreadable) as e:
            read(text, game, typ)
        assert e.value.reason == "no_antecedent", text
    # 该单位 / 本部隊 on a played card is not the played card
    for text, game, typ in (("对目标单位造成等同于该单位战斗力的损伤。", "rise", "ability"),
                            ("對目標部隊造成X點傷害，X等於本部隊的戰力。", "sanguo", "tactic")):
        with pytest.raises(Unreadable):
            read(text, game, typ)


def test_a_card_is_not_named_by_the_card_type_its_name_ends_with() -> None:
    for text, game, typ, name in (("当援军被摧毁时，抓1张牌。", "rise", "reinforcement", "精英援军"),
                                  ("當部隊造成傷害時，摸1張牌。", "sanguo", "troop", "精銳部隊")):
        with pytest.raises(Unreadable):
            read(text, game, typ, name)


def test_here_names_the_card_only_on_a_battlefield() -> None:
    assert fields("单位无法从此处移动到基地。", "riftbound", "battlefield")["abilities"][0]["affects"] == {
        "each": {"type": "unit", "at": "self"}}
    with pytest.raises(Unreadable):
        read("单位无法从此处移动到基地。", "riftbound", "unit")


def test_a_clause_wrapped_after_its_comma_reads_the_same() -> None:
    assert fields("本部隊進場時，\n  摸1張牌。", "sanguo", "troop") == fields("本部隊進場時，摸1張牌。", "sanguo", "troop")


def test_a_bracketed_keyword_ends_at_its_bracket_and_brackets_must_pair() -> None:
    got = fields("【沖鋒1】本部隊進場時，摸2張牌。", "sanguo", "troop")
    assert got["keywords"] == [{"沖鋒": 1}] and got["abilities"][0]["do"] == [{"draw": {"count": 2, "player": "you"}}]
    assert fields("【沖鋒1】【裝甲2】", "sanguo", "troop")["keywords"] == [{"沖鋒": 1}, {"裝甲": 2}]
    with pytest.raises(Unreadable):
        read("【沖鋒1〕", "sanguo", "troop")


def test_an_effect_on_a_card_that_is_not_played_says_it_needs_an_ability() -> None:
    with pytest.raises(Unreadable) as e:
        read("摸1張牌。", "sanguo", "troop")
    assert e.value.reason == "not_an_ability"


def test_numbers_are_read_strictly() -> None:
    assert _number("两十") is None and _number("零十") is None
    assert fields("抓３张牌。", "rise", "ability")["play"]["do"] == [{"draw": {"count": 3, "player": "you"}}]  # full width
    with pytest.raises(Unreadable):
        read("抓٣张牌。", "rise", "ability")  # another script's digit
    with pytest.raises(Unreadable) as e:
        read("摸99999999999999999999999張牌。", "sanguo", "tactic")
    assert e.value.reason == "number" and e.value.offset == 1


def test_a_mark_printed_twice_is_one_status_and_a_text_of_full_stops_is_refused() -> None:
    assert fields("（快速錦囊）（快速錦囊）摸1張牌。", "sanguo", "tactic")["status"] == ["quick"]
    with pytest.raises(Unreadable) as e:
        read("。。。", "rise", "ability")
    assert e.value.reason == "empty"


def test_a_long_refused_clause_is_quoted_short() -> None:
    with pytest.raises(Unreadable) as e:
        read("跳" * 500, "rise", "ability")
    assert len(e.value.shown) <= 61 and e.value.shown.endswith("…")


def test_in_a_trigger_about_another_card_its_pronoun_is_that_card() -> None:
    # FAQ vendetta-21: Blastcone stuns the unit that moved, choosing nothing
    got = fields("当一个单位因我而移动时，你可以将我休眠，以晕眩该单位。", "riftbound", "gear")["abilities"][0]
    assert got == {"kind": "triggered", "when": {"event": "moved", "by": "self"},
                   "do": [{"may": [{"exhaust": "self", "if_you_do": [{"stun": "event"}]}]}]}
    got = fields("每當一個敵方部隊進場時，若其戰力為3或更多，對其造成1點傷害。", "sanguo", "hero")["abilities"][0]
    assert got["when"] == {"event": "enters", "card": {"type": "unit", "controller": "opponent"},
                           "if": {"gte": [{"power": "event"}, 3]}}
    assert got["do"] == [{"damage": {"amount": 1, "to": "event"}}]
