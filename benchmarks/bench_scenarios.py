"""Time to run every scenario under scenarios/ in one process, and per scenario.

Usage: python benchmarks/bench_scenarios.py [--repeat N]
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
    args = parser.parse_args()
    t0 = time.perf_counter()
    from judge.scenario.loader import load_file
    from judge.scenario.runner import render_text, run

    import_s = time.perf_counter() - t0
    files = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    per: dict[str, list[float]] = {f.name: [] for f in files}
    rounds: list[float] = []
    failed = 0
    for _ in range(args.repeat):
        start = time.perf_counter()
        for f in files:
            t = time.perf_counter()
            res = run(load_file(f))
            render_text(res, "zh")
            per[f.name].append(time.perf_counter() - t)
            failed += res.status != "pass"
        rounds.append(time.perf_counter() - start)
    print(f"imports: {import_s * 1000:.1f} ms")
    print(f"all {len(files)} scenarios in one process: best {min(rounds) * 1000:.1f} ms, "
          f"median {statistics.median(rounds) * 1000:.1f} ms over {args.repeat} rounds")
    for name, times in per.items():
        print(f"  {name:40s} best {min(times) * 1000:7.2f} ms  median {statistics.median(times) * 1000:7.2f} ms")
    if failed:
        print(f"{failed} scenario run(s) did not pass", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
