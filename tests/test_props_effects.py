"""Property tests over generated boards: invariants after every action, replacement at most once, same trace twice."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.engine.errors import OpenChoice
from judge.engine.choice import FirstOption
from judge.scenario.loader import load_text
from judge.scenario.runner import build_game, to_json, Result

ZONES = {"hand", "deck", "units", "commander", "resources", "salvage", "vortex", "chain"}


@st.composite
def boards(draw: st.DrawFn) -> str:
    lines = ["game: rise", "title: p", "players: [{id: you, resources: 20}, {id: opp, resources: 20}]", "turn: you", "cards:"]
    n = draw(st.integers(1, 3))
    for i in range(n):
        armor = draw(st.sampled_from(["", ", armor: 1"]))
        lines.append(f"  u{i}: {{name: U{i}, owner: opp, zone: units, type: reinforcement, power: 1, health: {draw(st.integers(2, 8))}{armor}}}")
    for j in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["add: 1", "prevent: 1", "shield: 2", "first_each_turn: 2"]))
        lines.append(f"  r{j}: {{name: R{j}, owner: opp, zone: commander, type: ability, abilities: [{{kind: replacement, replace: {{event: damage, {kind}}}}}]}}")
    acts = []
    for k in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["damage", "repair", "counters"]))
        amount = draw(st.integers(1, 4))
        body = {"damage": f"damage: {{to: {{each: {{type: unit}}}}, amount: {amount}}}",
                "repair": f"repair: {{to: {{each: {{type: unit}}}}, amount: {amount}}}",
                "counters": f"counters: {{'on': {{each: {{type: unit}}}}, kind: health, amount: {amount}}}"}[op]
        lines.append(f"  a{k}: {{name: A{k}, owner: you, zone: hand, type: ability, play: {{do: [{{{body}}}]}}}}")
        acts.append(f"  - {{play: a{k}}}\n  - resolve_all")
    lines.append("actions:")
    lines += acts
    return "\n".join(lines) + "\n"


def _invariants(game: object) -> None:
    g = game  # type: ignore[assignment]
    for c in g.state.cards.values():  # type: ignore[attr-defined]
        assert c.zone in ZONES  # one zone per card, a known one
        assert c.damage >= 0 and all(v >= 0 for v in c.counters.values())
    seen: set[tuple[object, str]] = set()
    for s in g.trace.steps:  # type: ignore[attr-defined]
        if s.kind in ("replaced", "prevented", "replaced_instead"):
            key = (s.args["eid"], s.args["rid"])
            assert key not in seen, key  # 716.1e: never twice to one event
            seen.add(key)


def _play(text: str) -> str:
    sc = load_text(text, "<prop>")
    game = build_game(sc, FirstOption())
    game.give_priority("you", ())
    for i, a in enumerate(sc.data["actions"]):
        try:
            game.act({a: True} if isinstance(a, str) else a, ("actions", i))
        except OpenChoice:
            break
        _invariants(game)
    return json.dumps(to_json(Result(sc, game, "pass"), "en"), ensure_ascii=False, sort_keys=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_invariants_hold_after_every_action_and_runs_repeat(text: str) -> None:
    assert _play(text) == _play(text)
