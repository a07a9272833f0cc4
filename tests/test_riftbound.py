"""The Riftbound model's mechanisms on boards the Vendetta FAQ does not show (variants): each expectation is written
from the FAQ entry (or rule) quoted in the test's docstring, and would fail if the mechanism broke.

The FAQ scenarios themselves (scenarios/riftbound/) are run by tests/test_faq_bundled.py and the per-scenario tests.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
from builder import VENDETTA, card, might, own, steps

from judge.corpus.store import load_corpus
from judge.engine.mechanisms.expectations import check
from judge.games import load_game
from judge.scenario.loader import ScenarioError, load_file, load_text
from judge.scenario.runner import Result, run_branches

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "scenarios" / "riftbound"
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_faq_scenario_reproduces_its_ruling_and_cites_only_known_rules(path: Path, bundled_run: Callable[[Path], Result]) -> None:
    """Issue 11: each encoded entry reproduces the published answer; a step cites a Riftbound rule of the corpus, or
    one the FAQ names (listed in the game data as outside the corpus)."""
    res = bundled_run(path)
    assert res.status == "pass", [c.expect for c in res.checked if not c.ok]
    known = {r.id for r in load_corpus().all_rules("riftbound")} | set(load_game("riftbound").raw["rules_outside_corpus"])
    assert res.game is not None
    for step in res.game.trace.steps:
        assert set(step.cites) <= known, (step.kind, step.cites)


def test_every_scenario_quotes_its_faq_entry_or_rule() -> None:
    """The notes quote the question and the answer (問：… 答：…) or the explanation they rest on (說明); a worked
    example's, the rule's example (示例)."""
    for p in FILES:
        sc = load_file(p)
        notes = sc.data["notes"]
        source = sc.data["source"]
        if source["kind"] == "example":
            assert "示例" in notes, p.name
        elif source["kind"] == "variant" and not str(source["of"]).startswith("vendetta-"):
            assert f"{source['of']}：“" in notes, p.name  # a variant of a rule quotes that rule
        else:
            assert ("問：" in notes and "答：" in notes) or "說明" in notes, p.name


# --- might changes (FAQ vendetta-03, -04, -20, -22) -------------------------------------------------------------
def test_the_floor_binds_only_when_it_must() -> None:
    """vendetta-04: Mel makes Stupefy's −1 a −2, 「最低為1 [M]」 kept: a 5 [M] unit is 3 (the floor does not bind)."""
    res = VENDETTA.run("""
    mel: {uses: mel_newly_awakened, owner: you, zone: base, empowered: 1}
    u: {name: u, owner: opp, zone: base, type: unit, power: 5}
    s: {uses: stupefy, owner: you, zone: hand}
    """, "- {play: s}\n- resolve_all\n", "- {for: s, target: u}\n")
    assert might(res, "u") == 3 and "might_floor" not in steps(res)


def test_without_an_empowered_mel_stupefy_takes_one_and_stops_at_one() -> None:
    """vendetta-04/-22: −1, to a minimum of 1: a 2 [M] unit becomes 1; a 1 [M] unit gets −0, which is no event."""
    res = VENDETTA.run("""
    mel: {uses: mel_newly_awakened, owner: you, zone: base}
    two: {name: two, owner: opp, zone: base, type: unit, power: 2}
    one: {name: one, owner: opp, zone: base, type: unit, power: 1}
    s1: {uses: stupefy, owner: you, zone: hand}
    s2: {uses: stupefy, owner: you, zone: hand}
    """, "- {play: s1}\n- resolve_all\n- {play: s2}\n- resolve_all\n", "- {for: s1, target: two}\n- {for: s2, target: one}\n")
    assert (might(res, "two"), might(res, "one")) == (1, 1)
    assert "replaced" not in steps(res) and steps(res).count("might_zero") == 1


def test_moonfall_without_mel_gives_every_enemy_unit_there_minus_two() -> None:
    """vendetta-03: without Mel's replacement the chosen unit's event is an ordinary −2 like the others'."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: you, zone: battlefield, type: battlefield}
    a: {name: a, owner: opp, zone: battlefield, at: arena, type: unit, power: 5}
    b: {name: b, owner: opp, zone: battlefield, at: arena, type: unit, power: 4}
    m: {uses: moonfall, owner: you, zone: hand}
    """, "- {play: m}\n- resolve_all\n", "- {for: m, slot: place, target: arena}\n- {for: m, slot: target, target: a}\n")
    assert (might(res, "a"), might(res, "b")) == (3, 2)


def test_switcheroo_without_gangplank_swaps() -> None:
    """vendetta-20: the difference is computed, one increase and one decrease: 2 and 6 become 6 and 2."""
    res = VENDETTA.run("""
    a: {name: a, owner: opp, zone: base, type: unit, power: 2}
    b: {name: b, owner: you, zone: base, type: unit, power: 6}
    s: {uses: switcheroo, owner: you, zone: hand}
    """, "- {play: s}\n- resolve_all\n", "- {for: s, target: [a, b]}\n")
    assert (might(res, "a"), might(res, "b")) == (6, 2)


def test_gangplank_is_not_replaced_when_not_empowered_or_not_chosen() -> None:
    """vendetta-20: the replacement is Gangplank's [Empowered] ability; vendetta-03: only a spell or ability that
    chooses him — Moonfall's −2 to the other enemy units there does not choose him."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
    gp: {uses: gangplank_naval, owner: you, zone: battlefield, at: arena, empowered: 1}
    foe: {name: foe, owner: you, zone: battlefield, at: arena, type: unit, power: 3}
    m: {uses: moonfall, owner: opp, zone: hand}
    """, "- {play: m, by: opp}\n- resolve_all\n", "- {for: m, slot: place, target: arena}\n- {for: m, slot: target, target: foe}\n",
        turn="opp")
    assert (might(res, "gp"), might(res, "foe")) == (4, 1)


# --- stun (vendetta-21) --------------------------------------------------------------------------------------------
def test_back_off_on_an_empowered_gangplank_not_yet_stunned_is_replaced() -> None:
    """vendetta-21: 「如要剛普朗克的替換效果成功替換他被暈眩的事件，則必須實際執行暈眩遊戲行動」 — here it is performed,
    and he is chosen: +3 [M] instead of being stunned."""
    res = VENDETTA.run("""
    gp: {uses: gangplank_naval, owner: you, zone: base, empowered: 1}
    b: {uses: back_off, owner: opp, zone: hand}
    """, "- {play: b, by: opp}\n- resolve_all\n", "- {for: b, target: gp}\n", turn="opp")
    assert might(res, "gp") == 9 and own(res, "gp", "stunned") is False


# --- Empower (vendetta-15, -16, -28, -31) ---------------------------------------------------------------------------
def test_an_ordinary_card_is_empowered_once() -> None:
    """vendetta-15: 「除了凱爾以外……獲得賦能是一種二元狀態」: empowering an Empowered Mel again does nothing; one
    disempower removes it all."""
    res = VENDETTA.run("""
    mel: {uses: mel_newly_awakened, owner: you, zone: base}
    """, "- {use: mel, ability: 赋能}\n- resolve_all\n- {use: mel, ability: 赋能}\n- resolve_all\n")
    assert own(res, "mel", "empowered") == 1 and steps(res).count("negated") == 1


def test_renekton_below_ten_becomes_ten_and_triggers() -> None:
    """vendetta-31: 「如要滿足「……為10以上」的條件，之前他的戰力必須少於10」: from 9, his +1 makes him become 10 or
    more, so it triggers (and empowers him)."""
    res = VENDETTA.run("""
    r: {uses: renekton_brute, owner: you, zone: base, power: 9}
    """, "- {use: r, ability: 0}\n- resolve_all\n")
    assert might(res, "r") == 10 and own(res, "r", "empowered") == 1


# --- countering (vendetta-05, -01, -06) -----------------------------------------------------------------------------
def test_abandon_without_mel_returns_the_countered_spell_to_hand() -> None:
    """vendetta-05: Abandon replaces the countered card's move to the trash with a return to its owner's hand; here
    nothing protects the spell, so the counter happens and the replacement applies."""
    res = VENDETTA.run("""
    s: {name: s, owner: you, zone: hand, type: spell, play: {do: []}}
    a: {uses: abandon, owner: opp, zone: hand}
    t: {name: t, owner: opp, zone: deck, type: spell}
    """, "- {play: s}\n- {play: a, by: opp}\n- resolve_all\n", "- {for: a, target: s}\n- {for: a, slot: predict, may: false}\n")
    assert card(res, "s").zone == "hand"


def test_abandons_replacement_ends_with_its_resolution() -> None:
    """vendetta-05: 「這替換效果只會在該技能結算時生效」: a spell countered later by the rules goes to the trash."""
    res = VENDETTA.run("""
    mel: {uses: mel_newly_awakened, owner: you, zone: base, empowered: 1}
    s: {name: s, owner: you, zone: hand, type: spell, play: {do: []}}
    a: {uses: abandon, owner: opp, zone: hand}
    t: {name: t, owner: opp, zone: deck, type: spell}
    """, "- {play: s}\n- {play: a, by: opp}\n- resolve_all\n", "- {for: a, target: s}\n- {for: a, slot: predict, may: false}\n")
    assert res.game is not None and not [r for r in res.game.state.repl_effects if r.until == "resolution"]
    assert card(res, "s").zone == "trash"


def test_flow_banishes_in_either_order_of_the_two_replacements() -> None:
    """vendetta-01: Abandon's replacement applies only to the move to the trash, Flow's to any leaving of the Chain not
    by its own execution: whichever its controller applies first, the spell is banished."""
    sc = load_file(HERE / "vendetta_01_flow_abandon.yaml")
    sc.data["choices"] = [c for c in sc.data["choices"] if "replacement" not in c]
    br = run_branches(sc)
    assert len(br.outcomes) == 1  # one outcome …
    res, paths = br.outcomes[0]
    assert sorted(answer for path in paths for choice, answer in path if choice.kind == "replacement") == ["abandon", "flowing"]
    assert card(res, "flowing").zone == "banishment"


def test_a_flow_spell_that_resolves_goes_to_the_trash() -> None:
    """vendetta-01: 「除了因執行自身效果以外……就會被放逐」: leaving the Chain as its own resolution ends is not banished."""
    res = VENDETTA.run("""
    f: {name: f, owner: you, zone: hand, type: spell, keywords: [{川流: 1}], cost: 3, play: {do: []}}
    """, "- {play: f}\n- resolve_all\n", "- {for: f, alt_cost: true}\n")
    assert card(res, "f").zone == "trash"


def test_rebuttal_not_paid_counters_an_unprotected_spell() -> None:
    """vendetta-06: 「否則，反制它」 — without a "can't be countered" effect, not paying counters the spell."""
    res = VENDETTA.run("""
    s: {name: s, owner: you, zone: hand, type: spell, play: {do: []}}
    r: {uses: rebuttal, owner: opp, zone: hand}
    """, "- {play: s}\n- {play: r, by: opp}\n- resolve_all\n", "- {for: r, target: s}\n- {for: r, may: false}\n")
    assert [o for _, src, o in res.game.resolved if src == "s"] == ["interrupted"]  # type: ignore[union-attr]


# --- ignored vs negated, Repeat (vendetta-34) ------------------------------------------------------------------------
def test_repeat_with_two_different_units_kills_both_and_both_controllers_draw() -> None:
    """vendetta-34 / 820.2.a: the second execution makes its own choice; a unit still legal is killed and its
    controller draws 2 — 4 in all when both are the opponent's."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
    a: {name: a, owner: opp, zone: battlefield, at: arena, type: unit, power: 2}
    b: {name: b, owner: opp, zone: battlefield, at: arena, type: unit, power: 2}
    blade: {uses: hidden_blade, owner: you, zone: hand, keywords: [{回响: 1}]}
    d1: {name: d1, owner: opp, zone: deck, type: spell}
    d2: {name: d2, owner: opp, zone: deck, type: spell}
    d3: {name: d3, owner: opp, zone: deck, type: spell}
    d4: {name: d4, owner: opp, zone: deck, type: spell}
    """, "- {play: blade}\n- resolve_all\n", """
    - {for: blade, slot: repeat, pay: true}
    - {for: blade, slot: target, target: a}
    - {for: blade, slot: "target#2", target: b}
    """)
    assert card(res, "a").zone == card(res, "b").zone == "trash"
    assert res.game is not None and len(res.game.state.in_zone("hand", "opp")) == 4
    assert "ignored" not in steps(res)


def test_a_unit_moved_to_another_battlefield_is_still_a_legal_choice() -> None:
    """vendetta-34: an instruction is ignored only when its target is no longer legal: Hidden Blade chooses a unit
    at a battlefield, and one still at a battlefield is killed, its controller drawing 2."""
    res = VENDETTA.run("""
    here: {name: here, owner: opp, zone: battlefield, type: battlefield}
    there: {name: there, owner: opp, zone: battlefield, type: battlefield}
    u: {name: u, owner: opp, zone: battlefield, at: here, type: unit, power: 2}
    blade: {uses: hidden_blade, owner: you, zone: hand}
    wind: {uses: ride_the_wind, owner: opp, zone: hand}
    d1: {name: d1, owner: opp, zone: deck, type: spell}
    d2: {name: d2, owner: opp, zone: deck, type: spell}
    """, "- {play: blade}\n- {play: wind, by: opp}\n- resolve_all\n",
        "- {for: blade, target: u}\n- {for: wind, target: u}\n- {for: wind, slot: location, card: there}\n")
    assert card(res, "u").zone == "trash"
    assert res.game is not None and len(res.game.state.in_zone("hand", "opp")) == 2


# --- trigger information, untargetable (vendetta-23, -17) ------------------------------------------------------------
def test_akali_moving_to_base_reads_the_battlefield_she_left() -> None:
    """vendetta-23: 「我移動前往或離開的戰場」: moving to base, it is the battlefield she moved from."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: you, zone: battlefield, type: battlefield}
    akali: {uses: akali_deadly_weapon, owner: you, zone: battlefield, at: arena}
    foe: {name: foe, owner: opp, zone: battlefield, at: arena, type: unit, power: 4}
    """, "- {move: akali, to: base}\n- resolve_all\n", "- {for: akali, target: foe}\n")
    assert card(res, "foe").damage == 2


def test_akali_out_of_combat_cannot_be_chosen_by_an_enemy_but_by_her_controller() -> None:
    """vendetta-17: not in combat she is 「無法被指定」 — not a legal target of enemy spells; her own player's are not
    enemy spells."""
    cards = """
    akali: {uses: akali_silent, owner: opp, zone: base}
    mine: {uses: star_crossed, owner: you, zone: hand}
    theirs: {uses: star_crossed, owner: opp, zone: hand}
    """
    res = VENDETTA.run(cards, "- {play: mine}\n")
    assert "rewind" in steps(res) and card(res, "mine").zone == "hand"
    res = VENDETTA.run(cards, "- {play: theirs, by: opp}\n- resolve_all\n", "- {for: theirs, target: akali}\n", turn="opp")
    assert card(res, "akali").zone == "hand"


# --- play history, the next card, conquering (vendetta-13, -25, -19) ------------------------------------------------
def test_crumbling_sands_has_nothing_to_counter_after_one_spell() -> None:
    """vendetta-13: it needs an opponent to have played another spell; after a single spell there is no legal
    target, and playing it is rewound."""
    res = VENDETTA.run("""
    s: {name: s, owner: opp, zone: hand, type: spell, play: {do: []}}
    sands: {uses: crumbling_sands, owner: you, zone: hand}
    """, "- {play: s, by: opp}\n- {play: sands}\n", turn="opp")
    assert "rewind" in steps(res) and card(res, "sands").zone == "hand"


def test_the_heron_does_nothing_from_base() -> None:
    """vendetta-25: 「若我身處戰場」: in base, the first card played does not make the next one cheaper."""
    res = VENDETTA.run("""
    heron: {uses: astral_heron, owner: you, zone: base}
    c1: {name: c1, owner: you, zone: hand, type: spell, cost: 3}
    c2: {name: c2, owner: you, zone: hand, type: spell, cost: 3}
    """, "- {play: c1}\n- resolve_all\n- {play: c2}\n- resolve_all\n", you="resources: 6")
    assert res.game is not None and res.game.state.pools["you"] == 0 and "next_cost_used" not in steps(res)


def test_swain_scores_nothing_without_a_spell_played() -> None:
    """vendetta-19: Swain checks for a non-token unit, a non-token gear and a spell: the Porobot alone is not enough
    (the conquest still scores its own point)."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
    swain: {uses: swain_visionary, owner: you, zone: battlefield, at: arena}
    p: {uses: patched_porobot, owner: you, zone: hand}
    """, "- {play: p}\n- resolve_all\n- {conquer: arena, by: you}\n- resolve_all\n")
    assert res.game is not None and "score" not in steps(res)
    assert check(res.game, {"player": "you", "points": 1}).ok


# --- Deflect (vendetta-32) --------------------------------------------------------------------------------------------
def test_deflect_is_paid_for_each_choice_when_nothing_lets_it_be_ignored() -> None:
    """vendetta-32 (766, 767): with no chosen unit at the World's Shell, each of the six choices of Irelia pays her
    Deflect; with too little power the play is rewound."""
    cards = """
    irelia: {uses: irelia_fervent, owner: opp, zone: base}
    rain: {uses: icathian_rain, owner: you, zone: hand}
    """
    choices = "".join(f"- {{for: rain, slot: t{n}, target: irelia}}\n" for n in range(1, 7))
    res = VENDETTA.run(cards, "- {play: rain}\n", choices, you="resources: 2, power: 6")
    assert res.game is not None and steps(res).count("deflect") == 6
    assert check(res.game, {"player": "you", "power": 0}).ok
    res = VENDETTA.run(cards, "- {play: rain}\n", choices, you="resources: 2, power: 5")
    assert "rewind" in steps(res)


# --- naming (vendetta-14) ---------------------------------------------------------------------------------------------
def test_feline_restricts_only_opponents() -> None:
    """vendetta-14: 「對手便無法打出指定的法術」: the Feline's controller may still play a card of that name."""
    res = VENDETTA.run("""
    feline: {uses: fallen_feline, owner: opp, zone: hand}
    s1: {name: 同名法术, owner: opp, zone: hand, type: spell, play: {do: []}}
    s2: {name: 同名法术, owner: you, zone: hand, type: spell, play: {do: []}}
    """, "- {play: feline, by: opp}\n- resolve_all\n- {play: s1, by: opp}\n- resolve_all\n- {play: s2}\n",
        "- {for: feline, name: 同名法术}\n", turn="opp")
    assert [o for _, src, o in res.game.resolved if src == "s1"] == ["resolved"]  # type: ignore[union-attr]
    assert card(res, "s2").zone == "hand"


# --- layers, becomes (vendetta-29) -------------------------------------------------------------------------------------
def test_dragon_form_alone_makes_five_and_fiora_triggers() -> None:
    """vendetta-29: the trait layer sets base might 5; with no −1 in the arithmetic layer the unit becomes 5, which
    is what Fiora's 'becomes 5 or more' watches."""
    res = VENDETTA.run("""
    fiora: {uses: fiora_grand_duelist, owner: you, zone: legend}
    u: {name: u, owner: you, zone: base, type: unit, power: 3}
    form: {uses: dragon_form, owner: you, zone: hand}
    d: {name: d, owner: you, zone: deck, type: spell}
    """, "- {play: form}\n- resolve_all\n", "- {for: form, target: u}\n")
    assert might(res, "u") == 5 and res.game is not None and len(res.game.state.in_zone("hand", "you")) == 1


# --- kill attribution, abilities of others, reflexive triggers (vendetta-33, -24, -12) ---------------------------------
def test_an_opponents_spell_kill_does_not_trigger_my_phoenix() -> None:
    """vendetta-33: one of the three conditions is that the player who made the kill is the Phoenix's: here the
    Decree is the opponent's."""
    res = VENDETTA.run("""
    decree: {uses: imperial_decree, owner: opp, zone: hand}
    ray: {uses: hextech_ray, owner: opp, zone: hand}
    phoenix: {uses: immortal_phoenix, owner: you, zone: trash}
    dragon: {uses: elder_dragon, owner: you, zone: base}
    """, "- {play: decree, by: opp}\n- resolve_all\n- {play: ray, by: opp}\n- resolve_all\n", "- {for: ray, target: dragon}\n",
        turn="opp")
    assert card(res, "dragon").zone == "trash" and "permit_play" not in steps(res)


def test_heimerdinger_gets_only_abilities_with_exhaust_in_their_cost() -> None:
    """vendetta-24: 「全部費用中有[E]符號的主動技能」: an activated ability without [E] is not his."""
    with pytest.raises(ScenarioError, match="没有可使用的能力"):
        VENDETTA.run("""
        heimer: {uses: heimerdinger_inventor, owner: you, zone: base, empowered: 1}
        r: {uses: renekton_brute, owner: you, zone: base}
        """, "- {use: heimer, ability: 0}\n")


def test_hwei_discarding_a_spell_makes_one_reflexive_trigger() -> None:
    """vendetta-12: one reflexive trigger for each type the discarded card has: a spell gives only 「法術——抽1張牌」."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: you, zone: battlefield, type: battlefield}
    hwei: {uses: hwei_brooding_painter, owner: you, zone: base}
    s: {name: s, owner: you, zone: hand, type: spell}
    d1: {name: d1, owner: you, zone: deck, type: spell}
    d2: {name: d2, owner: you, zone: deck, type: spell}
    """, "- {move: hwei, to: arena}\n- resolve_all\n", "- {for: hwei, discard: [s]}\n")
    assert res.status == "pass" and might(res, "hwei") == 5
    assert res.game is not None and len(res.game.state.in_zone("hand", "you")) == 2  # d1 (moved), then d2 (spell)


# --- replacement order in combat (vendetta-11) ---------------------------------------------------------------------------
def test_the_affected_units_controller_orders_even_the_opponents_effects() -> None:
    """vendetta-11: 「套用到你單位的替換效果順序由你選擇」 — both effects cast by the opponent, the choice is still mine."""
    res = VENDETTA.run("""
    arena: {name: arena, owner: you, zone: battlefield, type: battlefield}
    mine: {name: mine, owner: you, zone: battlefield, at: arena, type: unit, power: 4}
    theirs: {name: theirs, owner: opp, zone: battlefield, at: arena, type: unit, power: 4}
    kb: {uses: ki_barrier, owner: opp, zone: hand}
    lt: {uses: lotus_trap, owner: opp, zone: hand}
    """, "- {play: kb, by: opp}\n- resolve_all\n- {play: lt, by: opp}\n- resolve_all\n- {attack: mine, target: theirs}\n- combat_damage\n",
        "- {for: kb, target: mine}\n- {for: lt, target: mine}\n- {by: you, replacement: lt}\n")
    assert res.status == "pass" and card(res, "mine").damage == 1


# --- play locations (vendetta-26, -27, -30) ---------------------------------------------------------------------------
def test_temporal_breach_on_my_own_unit_brings_it_back_to_my_base() -> None:
    """vendetta-30: the owner plays it to the same location; it stays banished only because that base is not its
    controller's — for my own unit in my base, the play is legal and it comes back."""
    res = VENDETTA.run("""
    u: {name: u, owner: you, zone: base, type: unit, power: 3, play: {}}
    breach: {uses: temporal_breach, owner: you, zone: hand}
    """, "- {play: breach}\n- resolve_all\n", "- {for: breach, target: u}\n")
    assert card(res, "u").zone == "base" and "play_location_illegal" not in steps(res)


def test_a_unit_cannot_be_played_to_a_battlefield_its_player_does_not_control() -> None:
    """vendetta-27: the Perch only permits Dragons; any other unit played there (not controlled, not conquered) is
    rewound, while the Grimwyrm may go to a battlefield conquered this turn."""
    res = VENDETTA.run("""
    perch: {uses: dragon_perch, owner: opp, zone: battlefield}
    u: {name: u, owner: you, zone: hand, type: unit, power: 2, play: {}}
    """, "- {play: u, to: perch}\n", you="resources: 5, power: 2")
    assert "rewind" in steps(res) and card(res, "u").zone == "hand"


# --- Legion, Predict (vendetta-18, -05) -------------------------------------------------------------------------------
def test_legion_is_off_when_no_other_card_was_played() -> None:
    """vendetta-18: Legion checks whether its player finalized another card this turn: the first card played has none."""
    res = VENDETTA.run("""
    l: {uses: legion_spell, owner: opp, zone: hand}
    d: {name: d, owner: opp, zone: deck, type: spell}
    """, "- {play: l, by: opp}\n- resolve_all\n", turn="opp")
    assert res.game is not None and len(res.game.state.in_zone("hand", "opp")) == 0


def test_predict_may_put_the_top_card_on_the_bottom() -> None:
    """vendetta-05 names Predict; read here as: look at the top card of your main deck, you may recycle it (put it on
    the bottom) — the next card drawn is then the second one."""
    res = VENDETTA.run("""
    s: {name: s, owner: you, zone: hand, type: spell, play: {do: [{predict: {player: you}}, {draw: {player: you, count: 1}}]}}
    top: {name: top, owner: you, zone: deck, type: spell}
    second: {name: second, owner: you, zone: deck, type: spell}
    """, "- {play: s}\n- resolve_all\n", "- {for: s, slot: predict, may: true}\n")
    assert card(res, "second").zone == "hand" and card(res, "top").zone == "deck"


# --- the card library (scenario files share card texts) --------------------------------------------------------------
def test_a_card_library_error_names_the_library_file_line_and_column(tmp_path: Path) -> None:
    """Bad input gets file:line:column: a field a card took from its library is reported where the library has it."""
    (tmp_path / "lib.cards").write_text("cards:\n  c:\n    name: c\n    type: spell\n    power: lots\n", encoding="utf-8")
    text = ("game: riftbound\ntitle: t\nlibrary: lib.cards\nplayers: [{id: you}, {id: opp}]\nturn: you\n"
            "cards:\n  x: {uses: c, owner: you, zone: hand}\n")
    with pytest.raises(ScenarioError) as e:
        load_text(text, str(tmp_path / "s.yaml"))
    assert (e.value.file, e.value.line, e.value.column) == (str(tmp_path / "lib.cards"), 5, 12)
    with pytest.raises(ScenarioError, match=r"lib.cards 中没有卡牌“d”；其中的卡牌：c") as e:
        load_text(text.replace("uses: c", "uses: d"), str(tmp_path / "s.yaml"))
    assert (e.value.line, e.value.column) == (7, 13)  # the value of the scenario's own `uses:`


def test_a_scenario_card_overrides_the_librarys_field() -> None:
    """A card's own field replaces the library's (Gangplank at 1 [M] in vendetta-22, not his printed 6)."""
    sc = load_file(HERE / "vendetta_22_gangplank_stupefy.yaml")
    assert sc.data["cards"]["gp"]["power"] == 1 and sc.data["cards"]["gp"]["name"]["zh"] == "「海军」刚普朗克"


def test_a_game_cannot_redefine_a_word_of_the_shared_mechanisms_unless_it_says_so() -> None:
    """A game's mechanisms add words; one that gave an existing word another meaning for the shared format without
    saying so (``overrides=True``, as Riftbound's ``move`` and ``play`` do) is refused as the vocabulary is made."""
    import sys
    import types

    from judge.engine.language.shapes import Int
    from judge.engine.language.vocabulary import Vocabulary
    from judge.engine.language.words import Mechanism

    rogue = types.ModuleType("judge.games.rogue.power")
    rogue.MECHANISM = Mechanism("rogue.power", "a field of the shared format meant otherwise")  # type: ignore[attr-defined]
    rogue.MECHANISM.word("characteristic", "power", Int(0))  # type: ignore[attr-defined]
    sys.modules["judge.games.rogue.power"] = rogue
    try:
        with pytest.raises(ValueError, match="characteristic word 'power' declared by continuous and rogue.power"):
            Vocabulary(["continuous", "rogue.power"])
    finally:
        del sys.modules["judge.games.rogue.power"]


# --- Repeat on a card's abilities, and discarding as a cost (820.1.d.1's second example) -----------------------------
REPEAT_UNIT = """
arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
u: {name: u, owner: you, zone: battlefield, at: arena, type: unit, power: 3, abilities: [
  {kind: triggered, text: 当我进攻时造成3点伤害, when: {event: attacks, card: self},
   targets: [{filter: {type: unit, controller: opponent, at: here}}], do: [{damage: {to: target, amount: 3}}]},
  %s]}
foe: {name: foe, owner: opp, zone: battlefield, at: arena, type: unit, power: 9}
spare: {name: spare, owner: you, zone: hand, type: spell}
"""


def test_a_cards_own_repeat_is_not_offered_to_its_abilities() -> None:
    """820.1.d.1: a Repeat on a card is paid as the card is played; a triggered ability of the card has no Repeat of its
    own unless the card gives its abilities one (示例 2: 「我的技能带有[回响]」). With the card's own Repeat only, the
    trigger resolves once, and nothing asks whether to pay a Repeat for it."""
    res = VENDETTA.run(REPEAT_UNIT % "{kind: repeat, cost: {discard: 1}, text: 回响}", "- {attack: u, target: foe}\n- resolve_all\n",
                       "- {for: u, target: foe}\n", status="pass", expect="- {card: foe, damage: 3}\n- {card: spare, zone: hand}\n")
    assert "repeat_paid" not in steps(res)


def test_a_repeat_given_to_the_abilities_is_paid_by_discarding_as_the_trigger_goes_on_the_chain() -> None:
    """820.1.d.1 示例 2: the Repeat its abilities have is paid as the ability is played (here, as the trigger goes on
    the Chain) by discarding a card; its instruction is then carried out twice."""
    res = VENDETTA.run(REPEAT_UNIT % "{kind: repeat, applies_to: abilities, cost: {discard: 1}, text: 回响}",
                       "- {attack: u, target: foe}\n- resolve_all\n",
                       "- {for: u, slot: repeat, pay: true}\n- {for: u, target: foe}\n- {for: u, slot: 'target#2', target: foe}\n"
                       "- {for: u, discard: [spare]}\n", status="pass",
                       expect="- {card: foe, damage: 6}\n- {card: spare, zone: trash}\n")
    assert steps(res).index("discard") < steps(res).index("announce_trigger")  # paid before it is on the Chain


# --- a repeated execution's own modes (820.2.a) ----------------------------------------------------------------------
BARRAGE = """
barrage: {name: 火箭轰击, owner: you, zone: hand, type: spell, cost: 0,
  abilities: [{kind: repeat, cost: {power: 1}, text: "回响[C]"}],
  play: {modes: {options: [
    {text: 对基地中的一名单位造成4点伤害, targets: [{filter: {type: unit, location: base}}], do: [{damage: {to: target, amount: 4}}]},
    {text: 摧毁一件装备, targets: [{filter: {type: gear}}], do: [{destroy: target}]}]}}}
gear: {name: gear, owner: opp, zone: base, type: gear}
foe: {name: foe, owner: opp, zone: base, type: unit, power: 9}
"""
REPEATED = "- {for: barrage, slot: mode, mode: 2}\n- {for: barrage, target: gear}\n- {for: barrage, slot: repeat, pay: true}\n"


def test_a_repeated_execution_may_choose_another_mode_and_carries_out_only_that_one() -> None:
    """820.2.a: 「为额外执行所做的选择，不必与为初始执行所做的选择相同」 — the second execution's mode is its own: the
    first destroys the gear, the second deals 4 to the unit; neither carries out the other's mode."""
    res = VENDETTA.run(BARRAGE, "- {play: barrage}\n- resolve_all\n",
                       REPEATED + "- {for: barrage, slot: 'mode#2', mode: 1}\n- {for: barrage, slot: 'target#2', target: foe}\n",
                       you="power: 1", status="pass", expect="- {card: gear, zone: trash}\n- {card: foe, damage: 4}\n"
                                                            "- {player: you, power: 0}\n")
    assert steps(res).count("damage") == 1 and steps(res).count("destroyed") == 1


def test_a_repeated_executions_target_is_checked_against_its_own_modes_description() -> None:
    """820.2.a: a target for the second execution must fit the slot of the mode chosen for it — a unit is no answer for
    "destroy a gear" chosen again, though the first execution's mode could have taken it."""
    with pytest.raises(ScenarioError, match="target#2"):
        VENDETTA.run(BARRAGE, "- {play: barrage}\n- resolve_all\n",
                     REPEATED + "- {for: barrage, slot: 'mode#2', mode: 2}\n- {for: barrage, slot: 'target#2', target: foe}\n",
                     you="power: 1")


def test_the_power_of_a_repeat_cost_is_paid_with_it() -> None:
    """820.1.d: Repeat is an optional additional cost — its [C] is power paid as the card is played: with no power, the
    Repeat cost cannot be paid and playing the card with it is rewound."""
    res = VENDETTA.run(BARRAGE, "- {play: barrage}\n",
                       REPEATED + "- {for: barrage, slot: 'mode#2', mode: 2}\n- {for: barrage, slot: 'target#2', target: gear}\n",
                       you="power: 0", status="pass", expect="- {card: barrage, zone: hand}\n")
    assert "rewind" in steps(res)


def test_a_misspelt_mode_slot_is_refused_with_the_word_it_meant() -> None:
    """A choice's ``slot:`` for a mode names ``mode`` (``mode#2`` for one more execution): ``modes#2`` is refused."""
    with pytest.raises(ScenarioError, match="modes#2.*mode"):
        VENDETTA.run(BARRAGE, "- {play: barrage}\n- resolve_all\n", REPEATED + "- {for: barrage, slot: 'modes#2', mode: 2}\n")


# --- new choices for a chain item one gains control of (vendetta-07) --------------------------------------------------
TAKEN = """
arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
mine: {name: mine, owner: you, zone: battlefield, at: arena, type: unit, power: 2}
theirs: {name: theirs, owner: opp, zone: battlefield, at: arena, type: unit, power: 3}
gear: {name: gear, owner: opp, zone: base, type: gear}
rebuttal: {uses: rebuttal, owner: you, zone: hand}
"""
TWIN = """
twin: {name: twin, owner: opp, zone: hand, type: spell, play: {
  targets: [{name: foe, filter: {type: unit, controller: opponent}}, {name: ally, filter: {type: unit, controller: you}}],
  do: [{damage: {to: foe, amount: 3}}, {might: {cards: ally, amount: 2, until: turn}}]}}
"""
MODAL = """
modal: {name: modal, owner: opp, zone: hand, type: spell, play: {modes: {options: [
  {text: 对一名单位造成3点伤害, targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 3}}]},
  {text: 摧毁一件装备, targets: [{filter: {type: gear}}], do: [{destroy: target}]}]}}}
"""
TAKE = "- {for: rebuttal, may: true}\n"


def test_choosing_again_only_some_choices_is_refused_while_a_kept_one_is_illegal() -> None:
    """vendetta-07: 「以此方式重新選擇時，所有沒重新做出的選擇也必須是合規的選擇」 — with both targets illegal for the new
    controller, choosing only one again would keep the other illegal: the answer is refused, and the legal ones are
    none, or both."""
    with pytest.raises(ScenarioError, match="remake.*ally、foe"):
        VENDETTA.run(TAKEN + TWIN, "- {play: twin, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                     "- {for: twin, slot: foe, target: mine}\n- {for: twin, slot: ally, target: theirs}\n"
                     "- {for: rebuttal, target: twin}\n" + TAKE + "- {for: rebuttal, remake: [foe]}\n",
                     you="resources: 9, power: 1", turn="opp")


def test_one_choice_may_be_made_again_while_the_kept_one_is_legal() -> None:
    """vendetta-07: 「你可以重新選擇任意數量的目標或模式，其餘保持不變」 — a spell that chose any unit and any unit: the new
    controller chooses the first target again (another unit: one spell does not choose one unit twice) and keeps the
    second (still legal)."""
    both = TAKEN + """
third: {name: third, owner: opp, zone: battlefield, at: arena, type: unit, power: 4}
pair: {name: pair, owner: opp, zone: hand, type: spell, play: {
  targets: [{name: a, filter: {type: unit}}, {name: b, filter: {type: unit}}],
  do: [{damage: {to: a, amount: 3}}, {might: {cards: b, amount: 2, until: turn}}]}}
"""
    VENDETTA.run(both, "- {play: pair, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                 "- {for: pair, slot: a, target: mine}\n- {for: pair, slot: b, target: theirs}\n- {for: rebuttal, target: pair}\n"
                 + TAKE + "- {for: rebuttal, remake: [a]}\n- {for: pair, by: you, slot: a, target: third}\n",
                 you="resources: 9, power: 1", turn="opp", status="pass",
                 expect="- {card: mine, damage: 0}\n- {card: third, damage: 3}\n- {card: theirs, damage: 0, power: 5}\n")


def test_a_mode_chosen_again_brings_its_own_targets() -> None:
    """vendetta-07: the modes may be chosen again too — the new mode's target is chosen for it, and the old mode's
    target goes with the old mode (the unit is not dealt damage; the gear is destroyed)."""
    VENDETTA.run(TAKEN + MODAL, "- {play: modal, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                 "- {for: modal, by: opp, mode: 1}\n- {for: modal, by: opp, target: mine}\n- {for: rebuttal, target: modal}\n"
                 + TAKE + "- {for: rebuttal, remake: [mode]}\n- {for: modal, by: you, mode: 2}\n"
                 "- {for: modal, by: you, target: gear}\n",
                 you="resources: 9, power: 1", turn="opp", status="pass",
                 expect="- {card: mine, damage: 0}\n- {card: gear, zone: trash}\n")


def test_without_control_nothing_is_chosen_again() -> None:
    """vendetta-07 rests on gaining control: not paying [A], Rebuttal counters the spell instead and offers no new
    choices (an answer for them is left unused)."""
    res = VENDETTA.run(TAKEN + MODAL, "- {play: modal, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                       "- {for: modal, by: opp, mode: 1}\n- {for: modal, by: opp, target: mine}\n"
                       "- {for: rebuttal, target: modal}\n- {for: rebuttal, may: false}\n",
                       you="resources: 9, power: 1", turn="opp", status="pass", expect="- {card: mine, damage: 0}\n")
    assert "remake" not in steps(res) and "remake_none" not in steps(res)


def test_new_choices_are_only_for_a_chain_item_its_player_controls() -> None:
    """vendetta-07's new choices come with the control of the item: a step that offers them, for an opponent's item it
    did not take, offers nothing — the item keeps its choices (the remake answer is left unused: the run fails)."""
    res = VENDETTA.run(TAKEN + MODAL + """
nudge: {name: nudge, owner: you, zone: hand, type: spell, play: {targets: [{filter: {type: spell}, on_chain: true}],
  do: [{remake_choices: target}]}}
""", "- {play: modal, by: opp}\n- {play: nudge}\n- resolve_all\n",
                       "- {for: modal, by: opp, mode: 1}\n- {for: modal, by: opp, target: mine}\n- {for: nudge, target: modal}\n"
                       "- {for: nudge, remake: [target]}\n", you="resources: 9", turn="opp", status="fail")
    assert res.unused == [3]  # the remake answer: never asked
    assert "remake" not in steps(res) and card(res, "mine").zone == "trash"


def test_the_old_modes_targets_go_with_it() -> None:
    """vendetta-07: a mode chosen again brings its own targets, and the old mode's target is no longer one — as the
    spell resolves, its targets are the new mode's only (the unit the old mode chose is not among them)."""
    named = MODAL.replace("targets: [{filter: {type: unit}}], do: [{damage: {to: target,",
                          "targets: [{name: unit, filter: {type: unit}}], do: [{damage: {to: unit,")
    named = named.replace("targets: [{filter: {type: gear}}], do: [{destroy: target}]",
                          "targets: [{name: gear, filter: {type: gear}}], do: [{destroy: gear}]")
    res = VENDETTA.run(TAKEN + named, "- {play: modal, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                       "- {for: modal, by: opp, mode: 1}\n- {for: modal, by: opp, target: mine}\n- {for: rebuttal, target: modal}\n"
                       + TAKE + "- {for: rebuttal, remake: [mode]}\n- {for: modal, by: you, mode: 2}\n"
                       "- {for: modal, by: you, target: gear}\n",
                       you="resources: 9, power: 1", turn="opp", status="pass", expect="- {card: gear, zone: trash}\n")
    assert res.game is not None
    checked = [s for s in res.game.trace.steps if s.kind == "retarget_ok" and s.args["link"].uid == 1]
    assert [t.id for t in checked[0].args["targets"]] == ["gear"]


# --- copy effects (vendetta-08, 206) ---------------------------------------------------------------------------------
def test_a_copy_of_a_copy_takes_the_copied_values() -> None:
    """vendetta-08: 「複製效果會複製單位卡牌上印刷的特性（如已套用另一複製效果，則是其複製的特性）」 — a copies b, which is a copy
    of c: a has c's might and c's name, not b's own."""
    res = VENDETTA.run("""
c: {name: c, owner: you, zone: base, type: unit, power: 5}
b: {name: b, owner: you, zone: base, type: unit, power: 1, copy_of: c}
a: {name: a, owner: you, zone: base, type: unit, power: 2, copy_of: b}
""", "- resolve_all\n", "", expect="- {card: a, power: 5}\n- {card: b, power: 5}\n- {card: c, power: 5}\n", status="pass")
    assert res.game is not None and res.game.state.cards["a"].name["zh"] == "c"
    assert res.game.state.cards["a"].own_name["zh"] == "a"  # the reader still knows it by its own name


def test_a_copy_costs_what_the_copied_card_costs_for_what_checks_a_cost() -> None:
    """206: 「任何需要判定卡牌或指示物费用的效果，一律以该卡牌卡面上印刷或复制（由复制效果复制而来）的费用为准」 — a token with no
    cost of its own that copies a card costing 4 fits "a unit costing 4 or more"; the card itself does too; a 1-cost
    unit does not."""
    res = VENDETTA.run("""
recruit: {name: recruit, owner: you, zone: base, type: unit, power: 2, cost: 4}
mirror: {name: 映像, owner: you, zone: base, type: unit, power: 1, copy_of: recruit}
cheap: {name: cheap, owner: you, zone: base, type: unit, power: 1, cost: 1}
count: {name: count, owner: you, zone: hand, type: spell, cost: 0, play: {do: [
  {draw: {player: you, count: {count: {type: unit, cost: {gte: 4}}}}}]}}
d1: {name: d1, owner: you, zone: deck, type: spell}
d2: {name: d2, owner: you, zone: deck, type: spell}
d3: {name: d3, owner: you, zone: deck, type: spell}
""", "- {play: count}\n- resolve_all\n", "", expect="- {player: you, hand: 2}\n", status="pass")
    assert res.game is not None


def test_a_card_is_not_a_copy_of_itself_nor_in_a_loop_of_copies() -> None:
    """A copy takes another card's values: a card that copies itself, or copies going round (a copies b, b copies a),
    copy nothing — refused where they stand."""
    with pytest.raises(ScenarioError, match=r":7:71: 一张卡牌不能是它自己的复制牌"):
        VENDETTA.load("a: {name: a, owner: you, zone: base, type: unit, power: 1, copy_of: a}\n", "- resolve_all\n")
    with pytest.raises(ScenarioError, match="复制不能绕成一圈（a → b → a）"):
        VENDETTA.load("a: {name: a, owner: you, zone: base, type: unit, power: 1, copy_of: b}\n"
                      "b: {name: b, owner: you, zone: base, type: unit, power: 1, copy_of: a}\n", "- resolve_all\n")


def test_a_copy_has_the_copied_abilities_and_not_its_own() -> None:
    """vendetta-08/-09: a copy takes the copied card's printed text — its abilities; its own printed ones are gone
    while it is a copy (the copy draws as the copied card's ability says; its own ability does not deal damage)."""
    VENDETTA.run("""
arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
model: {name: model, owner: you, zone: base, type: unit, power: 3, abilities: [
  {kind: triggered, text: 我进攻时抽1张牌, when: {event: attacks, card: self}, do: [{draw: {player: you, count: 1}}]}]}
u: {name: u, owner: you, zone: battlefield, at: arena, type: unit, power: 1, copy_of: model, abilities: [
  {kind: triggered, text: 我进攻时造成1点伤害, when: {event: attacks, card: self}, do: [{damage: {to: foe, amount: 1}}]}]}
foe: {name: foe, owner: opp, zone: battlefield, at: arena, type: unit, power: 9}
d1: {name: d1, owner: you, zone: deck, type: spell}
""", "- {attack: u, target: foe}\n- resolve_all\n", "", expect="- {player: you, hand: 1}\n- {card: foe, damage: 0}\n",
                 status="pass")


ATAKHAN = """
atakhan: {name: atakhan, owner: you, zone: hand, type: unit, cost: 6, power: 8,
  play: {cost: {may_destroy: {filter: {type: unit}, less: its_cost}}}}
"""


def test_an_optional_destroy_cost_declined_takes_nothing_off() -> None:
    """206's third example's card: 「你可以选择摧毁一名友方单位，作为打出我的额外费用。若如此做……」 — not destroying one,
    the card costs its full [6] and the unit stays."""
    VENDETTA.run(ATAKHAN + "ally: {name: ally, owner: you, zone: base, type: unit, power: 1, cost: 4}\n",
                 "- {play: atakhan}\n- resolve_all\n", "- {for: atakhan, slot: may_destroy, pay: false}\n",
                 you="resources: 6", status="pass",
                 expect="- {card: ally, zone: base}\n- {card: atakhan, zone: base}\n- {player: you, resources: 0}\n")


def test_an_optional_destroy_cost_is_not_offered_without_a_friendly_unit() -> None:
    """「摧毁一名友方单位」: with no unit of yours on the board there is nothing to destroy — the choice is not asked (an
    answer for it stays unused) and the card costs [6]; an opponent's unit is not one to destroy."""
    res = VENDETTA.run(ATAKHAN + "foe: {name: foe, owner: opp, zone: base, type: unit, power: 1, cost: 4}\n",
                       "- {play: atakhan}\n- resolve_all\n", "", you="resources: 6", status="pass",
                       expect="- {card: foe, zone: base}\n- {player: you, resources: 0}\n")
    assert "cost_destroy_read" not in steps(res)


# --- how often an activated ability may be used (vendetta-10) ----------------------------------------------------------
AZIR = "azir: {uses: azir_ascendant, owner: you, zone: base}\n"
USE = "- {use: azir, ability: 0}\n- resolve_all\n"


def test_a_once_each_turn_ability_used_again_that_turn_is_rewound() -> None:
    """"每回合一次": the second use in one turn cannot be made — it is rewound, its cost unpaid, the +1 [M] once."""
    res = VENDETTA.run(AZIR, USE + USE, "", status="pass", expect="- {card: azir, power: 5}\n- {player: you, resources: 8}\n")
    assert steps(res).count("rewind") == 1


def test_the_limit_starts_again_the_next_turn() -> None:
    """"每回合一次" counts this turn's uses only: after the turn ends, the ability can be used again."""
    res = VENDETTA.run(AZIR, USE + "- end_turn\n" + USE, "", status="pass", expect="- {player: you, resources: 7}\n")
    assert "rewind" not in steps(res)


def test_a_card_attached_takes_a_new_timestamp_and_leaves_its_old_host() -> None:
    """Rise 718.2b's rule, the same in the engine for every game that attaches: 「一张结附物卡牌的时间印记为其最后结附的时间」 — a
    gear attached now is later than a card that came before; and it is attached to the new unit only."""
    res = VENDETTA.run("""
a: {name: a, owner: you, zone: base, type: unit, power: 1}
b: {name: b, owner: you, zone: base, type: unit, power: 1}
gear: {name: gear, owner: you, zone: base, type: gear, attached_to: a, abilities: [
  {kind: activated, name: 装配, cost: {resources: 0}, targets: [{filter: {type: unit, controller: you}}], do: [{attach: {card: self, to: target}}]}]}
""", "- {use: gear, ability: 装配}\n- resolve_all\n", "- {for: gear, target: b}\n", status="pass",
                       expect="- {card: gear, attached_to: b}\n")
    assert res.game is not None
    cards = res.game.state.cards
    assert cards["gear"].ts > max(cards["a"].ts, cards["b"].ts)
    assert "attach" in steps(res)


# --- granting to a card not on the board yet (grant_next) -------------------------------------------------------------
ECHO = """
echo: {name: echo, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{grant_next: {applies: {type: spell}, until: turn,
  ability: {kind: repeat, cost: {resources: 1}, text: "[回响][1]"}}}]}}
s1: {name: s1, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{draw: {player: you, count: 1}}]}}
s2: {name: s2, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{draw: {player: you, count: 1}}]}}
u: {name: u, owner: you, zone: hand, type: unit, cost: 0, power: 1}
d1: {name: d1, owner: you, zone: deck, type: spell}
d2: {name: d2, owner: you, zone: deck, type: spell}
d3: {name: d3, owner: you, zone: deck, type: spell}
"""
PLAY = "- {play: %s}\n- resolve_all\n"


def test_the_next_spell_gains_it_once_and_a_unit_played_before_does_not_use_it_up() -> None:
    """"你本回合打出的下一个法术获得[回响]": a unit played first is not a spell (it does not take it); the first spell
    played gains it (and is asked to pay it); the spell after that does not."""
    res = VENDETTA.run(ECHO, PLAY % "echo" + PLAY % "u" + PLAY % "s1" + PLAY % "s2",
                       "- {for: s1, slot: repeat, pay: true}\n", status="pass",
                       expect="- {player: you, hand: 3}\n- {player: you, resources: 8}\n")
    grants = [s for s in res.game.trace.steps if s.kind == "grant"]  # type: ignore[union-attr]
    assert [s.args["card"].id for s in grants] == ["s1"]


def test_the_next_spell_this_turn_is_not_next_turns() -> None:
    """"本回合打出的下一个法术": not played this turn, it is gone — the spell of the next turn gains nothing (no Repeat is
    offered: an answer for one would stay unused)."""
    res = VENDETTA.run(ECHO, PLAY % "echo" + "- end_turn\n- end_turn\n" + PLAY % "s1", "", status="pass",
                       expect="- {player: you, hand: 3}\n- {card: d2, zone: deck}\n")  # s2, u and the one card s1 drew
    assert "grant" not in steps(res) and "repeat_paid" not in steps(res)


def test_the_first_attack_each_combat_triggers_once_a_combat() -> None:
    """vendetta-02: Azir's trigger 「只會檢查阿祈爾在每場戰鬥首次獲得進攻方身分的事件」 — attacking again in the same combat does
    not trigger it; in the next combat his first attack does."""
    res = VENDETTA.run("""
field_a: {name: A, owner: opp, zone: battlefield, type: battlefield}
azir: {uses: azir_sovereign, owner: you, zone: battlefield, at: field_a}
foe: {name: foe, owner: opp, zone: battlefield, at: field_a, type: unit, power: 9}
""", "- {attack: azir, target: foe}\n- resolve_all\n- {attack: azir, target: foe}\n- resolve_all\n- end_combat\n"
     "- {attack: azir, target: foe}\n- resolve_all\n", "", status="pass", expect="- {card: foe, damage: 4}\n")
    assert [s.kind for s in res.game.trace.steps].count("trigger_fires") == 2  # type: ignore[union-attr]


def test_a_spell_taken_on_the_chain_is_a_spell_its_new_controller_controls() -> None:
    """vendetta-06/-07: gaining control of a chain item gives its card a new controller too — the opponent can then
    counter it as "a spell an opponent controls" (theirs a moment ago)."""
    res = VENDETTA.run(TAKEN + """
bolt: {name: bolt, owner: opp, zone: hand, type: spell, cost: 0, play: {targets: [{filter: {type: unit}}], do: [{damage: {to: target, amount: 3}}]}}
nix: {name: nix, owner: opp, zone: hand, type: spell, cost: 0, play: {targets: [{filter: {type: spell, controller: opponent}, on_chain: true}],
  do: [{counter: target}]}}
""", "- {play: bolt, by: opp}\n- {play: rebuttal}\n- resolve\n- {play: nix, by: opp}\n- resolve_all\n",
                       "- {for: bolt, by: opp, target: mine}\n- {for: rebuttal, target: bolt}\n" + TAKE +
                       "- {for: rebuttal, remake: []}\n- {for: nix, target: bolt}\n",
                       you="resources: 9, power: 1", opp="resources: 9", turn="opp", status="pass",
                       expect="- {card: mine, damage: 0}\n- {card: bolt, zone: trash}\n")
    assert "rewind" not in steps(res)


# --- what a hostile review of the new words found ----------------------------------------------------------------------
OWN_LIMIT = """
soldier: {name: Soldier, owner: you, zone: base, type: unit, power: 2, abilities: [
   {kind: activated, name: own, text: 每回合一次 — 抽1张牌, cost: {resources: 0}, limit: {per: turn}, do: [{draw: {player: you, count: 1}}]}]}
azir: {uses: azir_ascendant, owner: you, zone: base}
goggles: {uses: suspicious_goggles, owner: you, zone: base}
unhook: {name: Unhook, owner: you, zone: hand, type: spell, cost: 0, play: {targets: [{filter: {type: gear, controller: you}}], do: [{detach: target}]}}
d1: {name: D1, owner: you, zone: deck, type: spell}
d2: {name: D2, owner: you, zone: deck, type: spell}
"""


def test_a_cards_own_ability_is_not_new_after_a_copy_of_it_ends() -> None:
    """vendetta-10: 「複製的規則說明文字會視為新的技能」 — only the copied text is new. The Soldier's own once-each-turn
    ability, used, then a copy of Azir come and gone: its own ability is the same ability, still used this turn."""
    res = VENDETTA.run(OWN_LIMIT, "- {use: soldier, ability: own}\n- resolve_all\n- {use: goggles, ability: 装配}\n- resolve_all\n"
                       "- {play: unhook}\n- resolve_all\n- {use: soldier, ability: own}\n- resolve_all\n",
                       "- {for: goggles, target: soldier}\n- {for: goggles, card: azir}\n- {for: unhook, target: goggles}\n",
                       status="pass", expect="- {player: you, hand: 1}\n")
    assert steps(res).count("rewind") == 1


def test_a_copy_is_of_a_card_that_stays_on_the_field_and_is_one() -> None:
    """A copy effect makes a card on the field a copy of a unit or gear: a spell (it does not stay on the field) is
    nothing to copy — the step cannot be done and the unit stays itself — and a file that starts a copy off the field
    or of a spell is refused where it says so."""
    res = VENDETTA.run("""
u: {name: u, owner: you, zone: base, type: unit, power: 2}
s: {name: s, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{become_copy: {card: {each: {type: unit}}, of: self}}]}}
""", "- {play: s}\n- resolve_all\n", "", status="pass", expect="- {card: u, type: unit, power: 2}\n")
    assert "copy" not in steps(res) and "cannot" in steps(res)
    with pytest.raises(ScenarioError, match="不在场上：复制牌是场上的卡牌"):
        VENDETTA.load("a: {name: a, owner: you, zone: trash, type: unit, power: 1, copy_of: b}\n"
                      "b: {name: b, owner: you, zone: base, type: unit, power: 1}\n", "- resolve_all\n")
    with pytest.raises(ScenarioError, match="不会留在场上"):
        VENDETTA.load("a: {name: a, owner: you, zone: base, type: unit, power: 1, copy_of: b}\n"
                      "b: {name: b, owner: you, zone: hand, type: spell}\n", "- resolve_all\n")


def test_attachments_do_not_go_round_as_the_game_goes() -> None:
    """The loader refuses a file whose attachments go round; the attach step does not make them go round either: a gear
    is not attached to a gear attached to it."""
    res = VENDETTA.run("""
g: {name: G, owner: you, zone: base, type: gear}
h: {name: H, owner: you, zone: base, type: gear, attached_to: g}
s: {name: s, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{attach: {card: g, to: h}}]}}
""", "- {play: s}\n- resolve_all\n", "", status="pass", expect="- {card: g, attached_to: null}\n- {card: h, attached_to: g}\n")
    assert "attach" not in steps(res)


def test_then_cannot_stand_with_instead_or_skip_and_a_run_number_is_from_2() -> None:
    """A replacement either lets its event happen (then:) or replaces it (instead:/skip:), not both; a choice's slot
    names an extra execution by its number, 2 or more (mode#2)."""
    with pytest.raises(ScenarioError, match="then:.*不能与 instead: 或 skip: 同用"):
        VENDETTA.load("g: {name: G, owner: you, zone: base, type: gear, abilities: [{kind: replacement, replace: "
                      "{event: attach, to: self, skip: true, then: [{draw: {player: you, count: 1}}]}}]}\n", "- resolve_all\n")
    with pytest.raises(ScenarioError, match="从 2 起"):
        VENDETTA.load(BARRAGE, "- {play: barrage}\n- resolve_all\n", REPEATED + "- {for: barrage, slot: 'mode#1', mode: 2}\n")


def test_a_battlefield_off_the_board_is_not_held_and_a_source_named_twice_deals_once() -> None:
    """Holding is of a battlefield on the board (a refusal naming where it is); a damage step naming the same source
    twice has one packet from it."""
    with pytest.raises(ScenarioError, match="不在盘面上"):
        VENDETTA.run("gone: {name: gone, owner: you, zone: trash, type: battlefield}\n", "- {hold: gone}\n")
    VENDETTA.run("""
a: {name: a, owner: you, zone: base, type: unit, power: 2}
foe: {name: foe, owner: opp, zone: base, type: unit, power: 9}
s: {name: s, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{damage: {to: foe, from: [a, a], amount: {power: it}}}]}}
""", "- {play: s}\n- resolve_all\n", "", status="pass", expect="- {card: foe, damage: 2}\n")


def test_a_limit_holds_on_an_ability_lent_by_another_card_and_one_the_next_card_gained() -> None:
    """"每回合一次" holds however the card has the ability: lent by the game's rules (abilities_of) it is used once this
    turn; given by grant_next to the unit played next, the file may name it (use: … ability: pull) and it is used once."""
    PULL = "{kind: activated, name: pull, text: 抽1张牌, cost: {resources: 0}, limit: {per: turn}, do: [{draw: {player: you, count: 1}}]}"
    DECK = "".join(f"d{i}: {{name: d{i}, owner: you, zone: deck, type: spell}}\n" for i in range(1, 4))
    USE_X = "- {use: x, ability: pull}\n- resolve_all\n"
    res = VENDETTA.run(f"y: {{name: Y, owner: you, zone: base, type: unit, power: 1, abilities: [{PULL}]}}\n"
                       "x: {name: X, owner: you, zone: base, type: unit, power: 1, abilities: [{kind: continuous, "
                       "abilities_of: {filter: {controller: you, type: unit}}, text: 我拥有友方单位的主动技能}]}\n" + DECK,
                       USE_X * 3, "", status="pass", expect="- {player: you, hand: 1}\n")
    assert steps(res).count("rewind") == 2
    res = VENDETTA.run("echo: {name: Echo, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{grant_next: "
                       f"{{applies: {{type: unit}}, ability: {PULL}}}}}]}}}}\n"
                       "u: {name: U, owner: you, zone: hand, type: unit, cost: 0, power: 2}\n" + DECK,
                       "- {play: echo}\n- resolve_all\n- {play: u}\n- resolve_all\n" + USE_X.replace("x", "u") * 2, "",
                       status="pass", expect="- {player: you, hand: 1}\n")
    assert steps(res).count("rewind") == 1


# --- what a review of the code found --------------------------------------------------------------------------------
def test_a_choice_made_again_with_no_legal_target_leaves_every_choice_as_it_was() -> None:
    """vendetta-07: the new choices must all be legal — choosing a target again when none is legal now cannot be
    done: the item keeps its choices (the run goes on; nothing is refused midway)."""
    res = VENDETTA.run("""
arena: {name: arena, owner: opp, zone: battlefield, type: battlefield}
mine: {name: mine, owner: you, zone: battlefield, at: arena, type: unit, power: 2}
rebuttal: {uses: rebuttal, owner: you, zone: hand}
bolt: {name: bolt, owner: opp, zone: hand, type: spell, cost: 0, play: {targets: [{filter: {type: unit, controller: opponent}}],
  do: [{damage: {to: target, amount: 3}}]}}
""", "- {play: bolt, by: opp}\n- {play: rebuttal}\n- resolve_all\n",
                       "- {for: bolt, by: opp, target: mine}\n- {for: rebuttal, target: bolt}\n" + TAKE + "- {for: rebuttal, remake: [target]}\n",
                       you="resources: 9, power: 1", turn="opp", status="pass", expect="- {card: mine, damage: 0}\n")
    assert "remake_none" in steps(res)


def test_a_unit_that_moves_in_combat_has_still_attacked_in_it() -> None:
    """Azir's 「每場戰鬥首次獲得進攻方身分」: moving between locations does not start a new combat — attacking again in
    the same combat after a move does not trigger it again."""
    res = VENDETTA.run("""
field_a: {name: A, owner: opp, zone: battlefield, type: battlefield}
field_b: {name: B, owner: opp, zone: battlefield, type: battlefield}
azir: {uses: azir_sovereign, owner: you, zone: battlefield, at: field_a}
foe: {name: foe, owner: opp, zone: battlefield, at: field_b, type: unit, power: 9}
""", "- {attack: azir, target: foe}\n- resolve_all\n- {move: azir, to: field_b}\n- {attack: azir, target: foe}\n- resolve_all\n",
                       "", status="pass")
    assert steps(res).count("trigger_fires") == 1


def test_every_next_card_ability_goes_to_that_card_and_it_keeps_them() -> None:
    """Two "the next unit you play this turn gains …" effects both go to the next unit; the unit keeps what it gained
    after the turn ("this turn" limits which card, not how long it has it)."""
    res = VENDETTA.run("""
e1: {name: e1, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{grant_next: {applies: {type: unit}, until: turn,
  ability: {kind: continuous, text: a1, power: 1}}}]}}
e2: {name: e2, owner: you, zone: hand, type: spell, cost: 0, play: {do: [{grant_next: {applies: {type: unit}, until: turn,
  ability: {kind: continuous, text: a2, power: 2}}}]}}
u: {name: u, owner: you, zone: hand, type: unit, cost: 0, power: 1}
""", "- {play: e1}\n- resolve_all\n- {play: e2}\n- resolve_all\n- {play: u}\n- resolve_all\n- end_turn\n", "",
                       status="pass", expect="- {card: u, power: 4, granted: 2}\n")
    assert steps(res).count("grant") == 2
