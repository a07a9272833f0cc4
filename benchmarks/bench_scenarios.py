"""Time to run every scenario under scenarios/ in one process: per game, and per scenario.

Usage: python benchmarks/bench_scenarios.py [--repeat N] [--game G]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (the best round is reported)")
    parser.add_argument("--game", help="only this game's scenarios (scenarios/<game>/)")
    args = parser.parse_args()
    t0 = time.perf_counter()
    from judge.scenario.loader import load_file
    from judge.scenario.runner import render_text, run

    import_s = time.perf_counter() - t0
    files = sorted((ROOT / "scenarios").glob(f"{args.game or '*'}/*.yaml"))
    games = sorted({f.parent.name for f in files})
    per: dict[str, list[float]] = {f"{f.parent.name}/{f.name}": [] for f in files}
    rounds: dict[str, list[float]] = {g: [] for g in games}
    failed = 0
    for _ in range(args.repeat):
        for game in games:
            start = time.perf_counter()
            for f in (f for f in files if f.parent.name == game):
                t = time.perf_counter()
                res = run(load_file(f))
                render_text(res, "zh")
                per[f"{game}/{f.name}"].append(time.perf_counter() - t)
                failed += res.status != "pass"
            rounds[game].append(time.perf_counter() - start)
    print(f"imports: {import_s * 1000:.1f} ms")
    for game in games:
        n = sum(1 for f in files if f.parent.name == game)
        print(f"{game}: all {n} scenarios in one process: best {min(rounds[game]) * 1000:.1f} ms, "
              f"median {statistics.median(rounds[game]) * 1000:.1f} ms over {args.repeat} rounds")
    for name, times in per.items():
        print(f"  {name:50s} best {min(times) * 1000:7.2f} ms  median {statistics.median(times) * 1000:7.2f} ms")
    if failed:
        print(f"{failed} scenario run(s) did not pass", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
