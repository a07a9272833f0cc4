"""Property tests over generated boards: invariants after every action, replacement at most once, same trace twice."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from builder import Board, load

from judge.engine.errors import OpenChoice
from judge.engine.choice import FirstOption
from judge.scenario.runner import build_game, to_json, Result

BOARD = Board("rise", you="resources: 20", opp="resources: 20", title="p")  # rich enough to play every card
ZONES = {"hand", "deck", "units", "commander", "resources", "salvage", "vortex", "chain"}


@st.composite
def boards(draw: st.DrawFn) -> str:
    cards = []
    n = draw(st.integers(1, 3))
    for i in range(n):
        armor = draw(st.sampled_from(["", ", armor: 1"]))
        cards.append(f"u{i}: {{name: U{i}, owner: opp, zone: units, type: reinforcement, power: 1, health: {draw(st.integers(2, 8))}{armor}}}")
    for j in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["add: 1", "prevent: 1", "shield: 2", "first_each_turn: 2"]))
        cards.append(f"r{j}: {{name: R{j}, owner: opp, zone: commander, type: ability, abilities: [{{kind: replacement, replace: {{event: damage, {kind}}}}}]}}")
    acts = []
    for k in range(draw(st.integers(1, 5))):
        op = draw(st.sampled_from(["damage", "repair", "counters", "move", "destroy"]))
        amount = draw(st.integers(1, 10))  # up to 10: enough to kill any generated unit (health ≤ 8)
        unit = f"u{draw(st.integers(0, n - 1))}"
        counters = draw(st.sampled_from([-3, -2, -1, 1, 2, 3]))  # counters may also take health away
        to = draw(st.sampled_from(["hand", "salvage", "vortex", "resources", "units", "deck"]))
        body = {"damage": f"damage: {{to: {{each: {{type: unit}}}}, amount: {amount}}}",
                "repair": f"repair: {{to: {{each: {{type: unit}}}}, amount: {amount}}}",
                "counters": f"counters: {{card: {{each: {{type: unit}}}}, kind: {draw(st.sampled_from(['health', 'power']))}, amount: {counters}}}",
                "move": f"move: {{card: {unit}, to: {to}}}",
                "destroy": f"destroy: {unit}"}[op]
        cards.append(f"a{k}: {{name: A{k}, owner: you, zone: hand, type: ability, play: {{do: [{{{body}}}]}}}}")
        acts.append(f"- {{play: a{k}}}")
        if draw(st.booleans()):  # sometimes stack a second card on the chain before it resolves
            acts.append("- resolve_all")
    acts.append("- resolve_all")
    return BOARD.text("\n".join(cards) + "\n", "\n".join(acts) + "\n")


def _invariants(game: object, settled: bool) -> None:
    g = game  # type: ignore[assignment]
    st_ = g.state  # type: ignore[attr-defined]
    on_chain = {l.source.id for l in st_.chain if l.kind == "card"}
    for c in st_.cards.values():
        assert c.zone in ZONES  # one zone per card, a known one
        assert c.damage >= 0
        assert (c.zone == "chain") == (c.id in on_chain), (c.id, c.zone)  # a card is in zone chain iff it is a link
        if not g.is_field(c.zone):  # type: ignore[attr-defined]
            assert c.damage == 0 and not c.counters, c.id  # leaving the field clears damage and counters
        elif settled and c.attached_to is None and g.chars(c)["health"] is not None:  # type: ignore[attr-defined]
            assert c.damage < g.chars(c)["health"], c.id  # lethal damage never stays on the field once priority is given
    seen: set[tuple[object, str]] = set()
    for s in g.trace.steps:  # type: ignore[attr-defined]
        if s.kind in ("replaced", "prevented", "replaced_instead"):
            key = (s.args["eid"], s.args["rid"])
            assert key not in seen, key  # 716.1e: never twice to one event
            seen.add(key)


def _play(text: str) -> str:
    sc = load(text, "<prop>")
    game = build_game(sc, FirstOption())
    game.give_priority("you", ())
    for i, a in enumerate(sc.data["actions"]):
        try:
            game.act({a: True} if isinstance(a, str) else a, ("actions", i))
        except OpenChoice:
            break
        _invariants(game, settled=a == "resolve_all")
    return json.dumps(to_json(Result(sc, game, "pass"), "en"), ensure_ascii=False, sort_keys=True)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_invariants_hold_after_every_action_and_runs_repeat(text: str) -> None:
    assert _play(text) == _play(text)
