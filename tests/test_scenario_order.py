"""Ordering checks (`step:` with `after:`): 715.1's target is chosen only once the triggered effect triggers."""

from __future__ import annotations

from pathlib import Path

import pytest
from builder import edited, run_text

from judge.scenario.loader import ScenarioError

ROOT = Path(__file__).resolve().parent / "data" / "inline" / "rise"  # written inline (tests/data/inline/README.md)
TEXT = (ROOT / "715_1_example.yaml").read_text(encoding="utf-8")


def test_715_1_the_trigger_target_is_chosen_after_it_fires_not_when_created() -> None:
    # 715.1: "在触发性影响被触发之前，不必为该影响作出选择（包括目标）": the second `targets` step (for the created
    # trigger) comes after the trigger fires and before it is announced on the chain.
    res = run_text(edited(TEXT, expect=[{"step": "targets", "after": "trigger_effect_fires", "count": 1},
                                        {"step": "targets", "after": "announce_trigger", "count": 0}]), "o.yaml")
    assert res.status == "pass", res.checked  # type: ignore[attr-defined]
    steps = [s.kind for s in res.game.trace.steps]  # type: ignore[attr-defined]
    created, fired = steps.index("create_trigger"), steps.index("trigger_effect_fires")
    targets = [i for i, k in enumerate(steps) if k == "targets"]
    assert len(targets) == 2 and targets[0] < created < fired < targets[1] < steps.index("announce_trigger")


def test_after_counts_only_later_steps() -> None:
    # both targets steps exist, but only one follows the trigger firing: `count: 2` with `after:` must fail
    res = run_text(edited(TEXT, expect=[{"step": "targets", "after": "trigger_effect_fires", "count": 2}]), "o.yaml")
    assert res.status != "pass" and res.checked[0].actual == 1  # type: ignore[attr-defined]
    # a step kind no trace has would make `count: 0` always hold: it is refused as the file is loaded
    with pytest.raises(ScenarioError) as info:
        run_text(edited(TEXT, expect=[{"step": "targets", "after": "no_such_step", "count": 0}]), "o.yaml")
    assert "no_such_step" in info.value.message and info.value.line > 1


def test_715_1_the_only_legal_target_exists_only_after_the_effect_is_created() -> None:
    # b is not on the field when the attack effect resolves; it enters before the damage triggers the effect
    # (a `move` step between creating the trigger and dealing the damage): the target can only be chosen later.
    def edit(d: dict) -> None:
        d["cards"]["b"]["zone"] = "hand"
        steps = d["cards"]["wind"]["abilities"][0]["do"]
        steps.insert(1, {"move": {"card": "b", "to": "units"}})
    res = run_text(edited(TEXT, edit, expect=[{"card": "b", "damage": 2},
                                          {"step": "targets", "after": "trigger_effect_fires", "count": 1}]), "o.yaml")
    assert res.status == "pass", res.checked  # type: ignore[attr-defined]


def test_reta_draws_for_the_same_player_in_both_files() -> None:
    # 709.2a example: Reta's effect interrupted -> "你的对手不能抓牌" where the opponent controls Reta: the player who
    # draws for Reta ("目标牌手便抓一张牌") is Reta's controller. Both files must read it that way: without the
    # interruption (709.2a) or the prevention (717.2b), Reta's controller draws one card and the other player none.
    def run_edit(name: str, edit) -> object:  # type: ignore[no-untyped-def]
        return run_text(edited((ROOT / name).read_text(encoding="utf-8"), edit, expect=[]), name).game

    def no_heroes(d: dict) -> None:
        d["actions"] = [{"use": "reta", "by": "opp"}, "resolve_all"]
        d["choices"] = [{"for": "reta", "target": "guard"}]
        d["cards"]["yd"] = {"name": "yd", "owner": "you", "zone": "deck", "type": "reinforcement"}

    def no_shield(d: dict) -> None:
        d["actions"] = [{"use": "reta", "by": "you"}, "resolve_all"]
        d["cards"]["yd"] = {"name": "yd", "owner": "you", "zone": "deck", "type": "reinforcement"}

    g = run_edit("709_2a_example.yaml", no_heroes)
    hands = {p: len(g.state.in_zone("hand", p)) for p in ("you", "opp")}  # type: ignore[attr-defined]
    assert hands == {"you": 0, "opp": 1}  # Reta (opp) dealt 1 damage: its controller draws 1
    g = run_edit("717_2b_example.yaml", no_shield)
    decks = {p: len(g.state.in_zone("deck", p)) for p in ("you", "opp")}  # type: ignore[attr-defined]
    assert decks == {"you": 0, "opp": 1}  # Reta (you) dealt 1 damage: its controller draws 1 (opp keeps od1)
