"""Engine benchmarks: the 803.3 two-million-iteration loop, one damage event's cost vs effects in force, and a
whole run that draws a deck of 1,000 / 3,000 / 9,000 cards (linear: an event costs what is on the field).

Usage: python benchmarks/bench_engine.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _board(n: int) -> str:
    """A unit, and ``n`` continuous effects plus ``n`` replacement effects in force (each its own card)."""
    lines = ["game: rise", "title: bench", "players: [{id: you}, {id: opp}]", "turn: you", "cards:",
             "  u: {name: U, owner: opp, zone: units, type: reinforcement, power: 1, health: 1000000}"]
    for i in range(n):
        if i % 2:
            lines.append(f"  c{i}: {{name: C, owner: you, zone: units, type: reinforcement, power: 1, health: 5, abilities: "
                         f"[{{kind: continuous, affects: {{each: {{type: unit, controller: you}}}}, power: 1}}]}}")
        else:
            lines.append(f"  c{i}: {{name: C, owner: you, zone: commander, type: ability, abilities: "
                         f"[{{kind: replacement, replace: {{event: damage, damage_type: 热能, add: 1}}}}]}}")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (the best is reported)")
    args = parser.parse_args()
    from judge.engine import events
    from judge.engine.choice import FirstOption
    from judge.scenario.loader import load_file, load_text
    from judge.scenario.runner import build_game, run

    sc = load_file(ROOT / "scenarios" / "rise" / "803_3_example.yaml")
    best = min(_time(lambda: run(sc)) for _ in range(args.repeat))
    res = run(sc)
    print(f"803.3 example (2,000,000 extra loop iterations): best {best * 1000:.1f} ms, status {res.status}")
    prev = None
    for n in (100, 1_000, 10_000):
        game = build_game(load_text(_board(n), "<bench>"), FirstOption())
        u = game.state.cards["u"]

        def one() -> None:
            events.emit(game, events.Event("damage", u.ref, player="you", data={"amount": 1, "type": "射击", "source": u.ref}))
            game.chars(u)

        t = min(_time(one) for _ in range(args.repeat))
        growth = f"  (×{t / prev:.1f} for ×10 effects)" if prev else ""
        print(f"one damage event + current characteristics, {n:>6} effects in force: {t * 1000:8.2f} ms{growth}")
        prev = t
    prev = None
    for n in (100, 200, 400):  # the dependency worst case: every effect's filter reads the value it changes (719.1)
        game = build_game(load_text(_reading_board(n), "<bench>"), FirstOption())
        u = game.state.cards["u"]

        def chars() -> None:
            game.chars_cache.clear()
            game.chars(u)

        t = min(_time(chars) for _ in range(args.repeat))
        growth = f"  (×{t / prev:.1f} for ×2 effects)" if prev else ""
        print(f"one card's characteristics, {n:>4} effects whose filter reads the power they change: {t * 1000:8.2f} ms{growth}")
        prev = t
    prev = None
    for n in (1_000, 3_000, 9_000):  # each card drawn is its own event: the cost of an event must not grow with the deck
        draw = load_text(_draw_board(n), "<bench>")
        t = min(_time(lambda: run(draw)) for _ in range(max(1, args.repeat // 2)))
        growth = f"  (×{t / prev:.1f} for ×3 cards)" if prev else ""
        print(f"a spell drawing all {n:>5} cards of a {n}-card deck, whole run: {t * 1000:8.1f} ms{growth}")
        prev = t
    return 0 if res.status == "pass" else 1


def _draw_board(n: int) -> str:
    """A spell that draws ``n`` cards, and a deck of ``n`` plain cards."""
    lines = ["game: rise", "title: bench", "players: [{id: you}, {id: opp}]", "turn: you", "cards:",
             f"  spell: {{name: S, owner: you, zone: hand, type: ability, play: {{do: [{{draw: {{player: you, count: {n}}}}}]}}}}"]
    lines += [f"  d{i}: {{name: D, owner: you, zone: deck, type: reinforcement}}" for i in range(n)]
    return "\n".join(lines) + "\nactions: [{play: spell, by: you}, resolve_all]\n"


def _reading_board(n: int) -> str:
    """A unit, and ``n`` cards each with "units with power ≥ 0 get +1 power" (each its own timestamp group: they
    are all on the field from the start, so one timestamp; the dependency checks run between every pair)."""
    lines = ["game: rise", "title: bench", "players: [{id: you}, {id: opp}]", "turn: you", "cards:",
             "  u: {name: U, owner: you, zone: units, type: reinforcement, power: 1, health: 5}"]
    for i in range(n):
        lines.append(f"  r{i}: {{name: R, owner: you, zone: commander, type: equipment, abilities: "
                     f"[{{kind: continuous, affects: {{each: {{type: unit, power: {{gte: 0}}}}}}, power: 1}}]}}")
    return "\n".join(lines) + "\n"


def _time(fn) -> float:  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


if __name__ == "__main__":
    sys.exit(main())
