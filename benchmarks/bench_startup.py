"""Start-up benchmark: whole commands as ratios to ``python -c "import click"``, measured in the same run.

Each command and the yardstick run in turn (A B A B …) so a drift in the machine's speed affects both;
the ratio quoted is the median of the per-pair ratios. Uses a private cache (``JUDGE_CACHE_DIR`` in a temp
folder, warmed first) and the Chinese default (``LANG=C.UTF-8``).

    python benchmarks/bench_startup.py [--runs 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS: list[list[str]] = [
    ["--help"],
    ["--lang", "en", "--help"],
    ["rule", "--help"],
    ["rule", "709.2b"],
    ["rule", "第709.2b条", "--game", "崛起"],
]


def judge_command() -> list[str]:
    exe = Path(sys.executable).parent / "judge"
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "from judge.cli import main; main()"]


def wall(args: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=30)
    opts = parser.parse_args()
    yardstick = [sys.executable, "-c", "import click"]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "JUDGE_CACHE_DIR": cache, "LANG": "C.UTF-8"}
        env.pop("LC_ALL", None)
        env.pop("LC_MESSAGES", None)
        for args in COMMANDS:  # warm the cache (the citing-scenarios list of `judge rule`) and the file cache
            wall(judge_command() + args, env)
        base = [wall(yardstick, env) for _ in range(opts.runs)]
        print(f"python -c 'import click': median {statistics.median(base) * 1000:.1f} ms ({opts.runs} runs)")
        for args in COMMANDS:
            ratios, times = [], []
            for _ in range(opts.runs):
                a, b = wall(judge_command() + args, env), wall(yardstick, env)
                times.append(a)
                ratios.append(a / b)
            print(f"judge {' '.join(args):<32} median {statistics.median(times) * 1000:6.1f} ms  "
                  f"×{statistics.median(ratios):.2f} of import click")


if __name__ == "__main__":
    main()
