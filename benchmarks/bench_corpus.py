"""A full rules document at scale: `corpus add`, the index build, and `judge rule` / `judge search` with it.

The document is the 2,000-rule publisher's layout the tests write (tests/official_doc.py), added to Riftbound (whose
bundled search page then overrides the few rules it holds). `corpus add` and `judge index --rebuild` are timed as
they are (seconds, the median of ``--repeat`` runs, each in a fresh data or cache folder). The lookups are whole
commands in new processes, interleaved with `python -c "import click"` and given as ratios to it, with the caches
warm, twice: over the bundled corpus alone and with the document added. Bytecode is compiled as in an installed
package (``PYTHONPYCACHEPREFIX``).

    python benchmarks/bench_corpus.py [--rules 2000] [--runs 20] [--repeat 3]
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

from common import judge_command, machine  # benchmarks/common.py

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import official_doc  # noqa: E402  (the tests' generator of the publisher's layout)

LOOKUPS: list[tuple[str, list[str] | None]] = [
    ('python -c "import click"', None),
    ("judge rule 709.2b", ["rule", "709.2b"]),
    ("judge rule 820.1 --game riftbound", ["rule", "820.1", "--game", "riftbound"]),
    ("judge search 堆疊 --game rise", ["search", "堆疊", "--game", "rise"]),
    ("judge search 回响 --game riftbound", ["search", "回响", "--game", "riftbound"]),
]


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one run of ``cmd``."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    if status != 0 and cmd[-1] != "click":
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def seconds(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - start


def lookups(env: dict[str, str], runs: int) -> list[tuple[float, float]]:
    """Median wall and CPU milliseconds of each lookup (warm caches), interleaved."""
    judge = judge_command()
    cmds = [[sys.executable, "-c", "import click"] if a is None else [*judge, *a] for _, a in LOOKUPS]
    for cmd in cmds:
        for _ in range(3):
            timed(cmd, env)
    times: list[list[tuple[float, float]]] = [[] for _ in cmds]
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            times[i].append(timed(cmd, env))
    return [(statistics.median(w for w, _ in ts), statistics.median(c for _, c in ts)) for ts in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", type=int, default=2000, help="Rules in the generated document (default 2000).")
    parser.add_argument("--runs", type=int, default=20, help="Timed runs per lookup (default 20).")
    parser.add_argument("--repeat", type=int, default=3, help="Timed `corpus add` and index builds (default 3).")
    args = parser.parse_args()
    judge = judge_command()
    with tempfile.TemporaryDirectory(prefix="bench-corpus-") as tmp:
        root = Path(tmp)
        doc = root / "rules.txt"
        doc.write_text(official_doc.make(args.rules).text, encoding="utf-8")
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        base["PYTHONPYCACHEPREFIX"] = str(root / "pyc")
        bundled = {**base, "JUDGE_DATA_DIR": str(root / "empty"), "JUDGE_CACHE_DIR": str(root / "cache-bundled")}
        added = {**base, "JUDGE_DATA_DIR": str(root / "data"), "JUDGE_CACHE_DIR": str(root / "cache")}
        seconds([*judge, "--help"], added)  # bytecode
        adds = []
        for n in range(args.repeat):
            env = {**added, "JUDGE_DATA_DIR": str(root / f"data-{n}")}
            adds.append(seconds([*judge, "corpus", "add", str(doc), "--game", "riftbound"], env))
        seconds([*judge, "corpus", "add", str(doc), "--game", "riftbound"], added)
        builds = [seconds([*judge, "index", "--rebuild"], added) for _ in range(args.repeat)]
        bundled_builds = [seconds([*judge, "index", "--rebuild"], bundled) for _ in range(args.repeat)]
        before = os.getloadavg()
        plain = lookups(bundled, args.runs)
        big = lookups(added, args.runs)
        after = os.getloadavg()
    print(f"machine: {machine()}")
    print(f"load average before: {before[0]:.2f}, after: {after[0]:.2f}")
    print(f"document: {args.rules} rules in the publisher's layout, added to riftbound\n")
    print(f"judge corpus add (detect, parse, link, write): median {statistics.median(adds):.2f} s of {args.repeat}")
    print(f"judge index --rebuild: median {statistics.median(builds):.2f} s with the document, "
          f"{statistics.median(bundled_builds):.2f} s bundled only\n")
    header = f"{'command':<40} {'bundled: wall':>13} {'ratio':>6} {'CPU ratio':>9}   {'with doc: wall':>14} {'ratio':>6} {'CPU ratio':>9}"
    print(header)
    print("-" * len(header))
    for (label, _), (pw, pc), (bw, bc) in zip(LOOKUPS, plain, big):
        print(f"{label:<40} {pw:>11.0f}ms {pw / plain[0][0]:>5.2f}× {pc / plain[0][1]:>8.2f}×   "
              f"{bw:>12.0f}ms {bw / big[0][0]:>5.2f}× {bc / big[0][1]:>8.2f}×")


if __name__ == "__main__":
    main()
