"""Search benchmark: index build time, in-process and whole-command query latency, quality.

Runs on the bundled corpus (built into a temp folder if ``rules_corpus/<game>.yaml`` is
missing) and on a synthetic corpus 100× larger, generated deterministically from the real
rules with renumbered ids.  Uses a private cache (``JUDGE_CACHE_DIR`` in a temp folder).

    python benchmarks/bench_search.py [--scale 100] [--runs 20] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from judge.corpus.model import Rule  # noqa: E402
from judge.corpus.store import load_corpus, write_game  # noqa: E402
from search_fixtures import evaluate, load_queries, real_corpus_root  # noqa: E402


def synthetic_corpus(real: Path, dest: Path, scale: int) -> Path:
    """``scale`` renumbered copies of every rule (820.1.c.3 → 820.<900+k>.1.c.3); copy k of rule i
    also carries the first sentence of rule i+k, so postings differ between copies."""
    corpus = load_corpus(real)
    dest.mkdir(parents=True, exist_ok=True)

    def renumber(rid: str | None, k: int) -> str | None:
        if rid is None:
            return None
        head, _, tail = rid.partition(".")
        return f"{head}.{900 + k}" + (f".{tail}" if tail else "")

    for game in corpus.games:
        rules = list(corpus.all_rules(game))
        out: list[Rule] = []
        for k in range(scale):
            for i, r in enumerate(rules):
                extra = rules[(i + k) % len(rules)].text.split("。")[0]
                out.append(
                    Rule(game, renumber(r.id, k) or "", renumber(r.parent, k), [renumber(c, k) or "" for c in r.children],
                         r.title, r.section, f"{r.text}\n{extra}" if k else r.text, r.examples, [], [], r.damaged, r.source, r.raw)
                )
        write_game(game, corpus.documents.get(game, []), out, dest)
    shutil.copy(real / "glossary.yaml", dest / "glossary.yaml")
    return dest


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def judge_command() -> list[str]:
    exe = Path(sys.executable).parent / "judge"
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "from judge.cli import main; main()"]


def bench(name: str, root: Path, runs: int, rounds: int) -> dict[str, float]:
    from judge.search.index import Source, rebuild
    from judge.search.query import SearchSession

    source = Source(root)
    built = rebuild(source)
    queries = load_queries()
    with SearchSession(source) as session:
        for q in queries:  # warm-up
            session.search(str(q["q"]), game=q.get("game"), limit=10)
        times: list[float] = []
        for _ in range(rounds):
            for q in queries:
                t = time.perf_counter()
                session.search(str(q["q"]), game=q.get("game"), limit=10)
                times.append((time.perf_counter() - t) * 1000)
    cmd_times: list[float] = []
    for i in range(runs):
        q = queries[i % len(queries)]
        args = [*judge_command(), "search", str(q["q"]), "--corpus", str(root), "-n", "10"]
        if q.get("game"):
            args += ["--game", q["game"]]
        t = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        cmd_times.append((time.perf_counter() - t) * 1000)
    return {
        "rules": float(built.rules or 0),
        "build_s": built.built_seconds or 0.0,
        "q_median_ms": statistics.median(times),
        "q_p95_ms": percentile(times, 95),
        "cmd_median_ms": statistics.median(cmd_times),
        "cmd_p95_ms": percentile(cmd_times, 95),
    }


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next((line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Model name")), model)
    except (OSError, subprocess.CalledProcessError):
        pass
    return f"{model}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=100, help="Copies in the synthetic corpus (default 100).")
    parser.add_argument("--runs", type=int, default=20, help="Whole-command runs per corpus (default 20).")
    parser.add_argument("--rounds", type=int, default=5, help="Passes over the labelled queries in-process (default 5).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        os.environ["JUDGE_CACHE_DIR"] = str(Path(tmp) / "cache")
        real = real_corpus_root()
        from judge.search.index import Source
        from judge.search.query import search

        src = Source(real)
        quality = evaluate(lambda q, g: [f"{h.game}:{h.id}" for h in search(q, game=g, limit=10, source=src).hits], load_queries())
        big = synthetic_corpus(real, Path(tmp) / f"x{args.scale}", args.scale)
        rows = [("bundled", bench("bundled", real, args.runs, args.rounds)), (f"x{args.scale}", bench("big", big, args.runs, args.rounds))]
    print(f"machine: {machine()}")
    print(f"labelled set: {quality['n']} queries, recall@5 {quality['recall']:.3f}, MRR {quality['mrr']:.3f}")
    print()
    header = f"{'corpus':<8} {'rules':>7} {'build s':>8} {'query median ms':>16} {'query p95 ms':>13} {'judge search median ms':>23} {'p95 ms':>7}"
    print(header)
    print("-" * len(header))
    for name, r in rows:
        print(f"{name:<8} {int(r['rules']):>7} {r['build_s']:>8.2f} {r['q_median_ms']:>16.2f} {r['q_p95_ms']:>13.2f} {r['cmd_median_ms']:>23.0f} {r['cmd_p95_ms']:>7.0f}")


if __name__ == "__main__":
    main()
