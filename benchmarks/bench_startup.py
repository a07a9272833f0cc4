"""Start-up benchmark: whole `judge` commands as ratios to `python -c "import click"`, measured in the same run.

Each command runs in a new process, the way a judge types it; the rounds interleave the
commands with the click baseline so a busy machine slows them alike.  Both the wall-clock time
and the CPU time (user + system, from ``wait4``) of each process are measured: on an idle
machine they agree, and on a shared one the CPU time is the figure that does not depend on
what else is running (the load average is printed before and after).  The per-user caches (the
search index, the parsed corpus, the scenario citations, the validated scenario files) live in
a private temporary folder and are filled by warm-up runs first: the figures are for a command
a judge runs again, not the first run after an install.  Bytecode is written to a temporary
folder (``PYTHONPYCACHEPREFIX``) as an installed package has it compiled, even when
``PYTHONDONTWRITEBYTECODE`` is set.

    python benchmarks/bench_startup.py [--runs 30]

Prints one line per command: the median and p90 of the wall-clock time and the median CPU time
in milliseconds; as ratios, the median over the rounds of the command's time divided by the
baseline's in the same round (the baseline runs just before it, so a spell in which a shared
machine runs slow slows both), with the quartiles of the CPU ratio; and the ratio the project
aims for. Then the wall-clock time of writing the whole site (``judge site``), whose goal is in seconds.
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

from common import judge_command, machine  # benchmarks/common.py (this folder is on sys.path when run as a script)

SCENARIO = str(Path(__file__).resolve().parents[1] / "scenarios" / "rise" / "708_1a_your_turn.yaml")

# (label, judge arguments, target ratio); None as arguments is the baseline. The targets are issue 26's: every
# lookup and a bundled run within 2.5×, `coverage` within 4×, `faq check` within 15× (caches warm)
COMMANDS: list[tuple[str, list[str] | None, float | None]] = [
    ('python -c "import click"', None, None),
    ("judge --help", ["--help"], 1.5),
    ("judge rule 709.2b", ["rule", "709.2b"], 2.0),
    ("judge rules --game rise", ["rules", "--game", "rise"], 2.5),
    ("judge search 堆疊 --game rise", ["search", "堆疊", "--game", "rise"], 2.5),
    ("judge search 两个触发同时发生谁先上链", ["search", "两个触发同时发生谁先上链"], 2.5),
    ("judge define 替代效果", ["define", "替代效果"], 2.5),
    ("judge card 凝氣盾", ["card", "凝氣盾"], 2.5),
    ("judge faq list", ["faq", "list"], 2.5),
    ("judge faq show vendetta-11", ["faq", "show", "vendetta-11"], 2.5),
    ("judge scenario list", ["scenario", "list"], 2.5),
    ("judge scenario check rise/708_1a…", ["scenario", "check", SCENARIO], 2.5),
    ("judge run rise/708_1a_your_turn", ["run", "rise/708_1a_your_turn"], 2.5),
    ("judge coverage", ["coverage"], 4.0),
    ("judge faq check", ["faq", "check"], 15.0),
]
SITE_TARGET_SECONDS = 5.0  # `judge site`: the whole site written, caches warm

def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one run of ``cmd``."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    proc.returncode = 0  # reaped by wait4 above
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="Timed runs per command (default 30).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(JUDGE_CACHE_DIR=str(Path(tmp) / "cache"), PYTHONPYCACHEPREFIX=str(Path(tmp) / "pyc"))
        cmds = [[sys.executable, "-c", "import click"] if a is None else [*judge_command(), *a] for _, a, _ in COMMANDS]
        for cmd in cmds:  # warm-up: bytecode, index, parsed corpus, citations, validated scenarios
            for _ in range(3):
                timed(cmd, env)
        before = load()
        times: list[list[tuple[float, float]]] = [[] for _ in cmds]
        for _ in range(args.runs):
            for i, cmd in enumerate(cmds):
                times[i].append(timed(cmd, env))
        after = load()
        site = [timed([*judge_command(), "site", str(Path(tmp) / "site")], env)[0] / 1000 for _ in range(max(3, args.runs // 10))]
    print(f"machine: {machine()}")
    print(f"load average before: {before}, after: {after}")
    print(f"{args.runs} runs each, interleaved; milliseconds\n")
    header = (f"{'command':<40} {'wall median':>11} {'p90':>5} {'ratio':>6}   {'CPU median':>10} {'ratio':>6} "
              f"{'(quartiles)':>13}   {'target':>6}")
    print(header)
    print("-" * len(header))
    for (label, _, target), ts in zip(COMMANDS, times):
        walls = sorted(w for w, _ in ts)
        wall, cpu = statistics.median(walls), statistics.median(c for _, c in ts)
        p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
        # each round's command against the baseline run just before it: a shared machine's slow spells, which
        # last seconds, then slow both alike
        wall_ratio = statistics.median(w / b for (w, _), (b, _) in zip(ts, times[0]))
        cpu_ratios = [c / b for (_, c), (_, b) in zip(ts, times[0])]
        q1, cpu_ratio, q3 = statistics.quantiles(cpu_ratios, n=4) if len(cpu_ratios) > 1 else [cpu_ratios[0]] * 3
        aim = f"≤{target:g}×" if target else ""
        print(f"{label:<40} {wall:>11.0f} {p90:>5.0f} {wall_ratio:>5.2f}×   {cpu:>10.0f} {cpu_ratio:>5.2f}× "
              f"{f'({q1:.2f}–{q3:.2f})':>13}   {aim:>6}")
    print(f"\njudge site (whole site, {len(site)} runs): median {statistics.median(site):.2f} s, "
          f"slowest {max(site):.2f} s; target ≤ {SITE_TARGET_SECONDS:g} s")


if __name__ == "__main__":
    main()
