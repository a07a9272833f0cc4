"""Search benchmark: index build time and peak memory, in-process and whole-command query latency, quality.

Runs on the bundled corpus and on a synthetic corpus 100× larger, generated deterministically
from the real rules with renumbered ids.  Each index is built in a process of its own, which
reports its peak resident memory and that of the largest worker process it started (see
``judge.search.build``).  Uses a private cache (``JUDGE_CACHE_DIR`` in a temp folder).

Then the site's search in Debian's headless Chromium (when Playwright and Chromium are there): the engine built from
the page's index, and each labelled query's time.

    python benchmarks/bench_search.py [--scale 100] [--runs 20] [--rounds 5] [--site-runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
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
from common import judge_command, machine  # noqa: E402  (benchmarks/common.py)
from search_fixtures import HELD_OUT, HELD_OUT_2, HELD_OUT_3, HELD_OUT_4, HELD_OUT_5, HELD_OUTS, evaluate, load_queries, real_corpus_root  # noqa: E402


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


# The building process's peak is VmHWM (ru_maxrss would include the benchmark's own memory, which a
# child inherits across exec on Linux); its workers are forked after exec, so RUSAGE_CHILDREN holds.
BUILD = """
import json, resource, sys, time
from pathlib import Path
from judge.search.index import Source, rebuild
start = time.perf_counter()
built = rebuild(Source(Path(sys.argv[1])))
seconds = time.perf_counter() - start
try:
    hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")) / 1024
except (OSError, StopIteration):
    hwm = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
print(json.dumps({"rules": built.rules, "seconds": seconds, "peak_mb": hwm,
                  "cpu_seconds": sum(u.ru_utime + u.ru_stime for u in usage),
                  "worker_peak_mb": usage[1].ru_maxrss / 1024}))
"""


def build(root: Path) -> dict[str, float]:
    """Build the index of ``root`` in a new process: documents, seconds (wall clock, and CPU in all
    processes), peak memory (MB) of the building process and of its largest worker."""
    out = subprocess.run([sys.executable, "-c", BUILD, str(root)], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def bench(name: str, root: Path, runs: int, rounds: int) -> dict[str, float]:
    from judge.search.index import Source
    from judge.search.query import SearchSession

    source = Source(root)
    built = build(root)
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
        "rules": float(built["rules"]),
        "build_s": built["seconds"],
        "build_cpu_s": built["cpu_seconds"],
        "peak_mb": built["peak_mb"],
        "worker_peak_mb": built["worker_peak_mb"],
        "q_median_ms": statistics.median(times),
        "q_p95_ms": percentile(times, 95),
        "cmd_median_ms": statistics.median(cmd_times),
        "cmd_p95_ms": percentile(cmd_times, 95),
    }


SITE_TIMING = """(qs) => {
  const t0 = performance.now();
  const engine = new JudgeSearchEngine.Engine(JUDGE_SEARCH.engine, JUDGE_SEARCH.fold);
  const load = performance.now() - t0;
  const first = [], again = [];
  for (const round of [first, again]) {
    for (const q of qs) {
      const t = performance.now();
      engine.search(q.q, {game: q.game, limit: 30});
      round.push(performance.now() - t);
    }
  }
  const nav = performance.getEntriesByType("navigation")[0];
  return {load, page: nav ? nav.loadEventEnd : -1, first, again};
}"""


def site_search(runs: int) -> dict[str, float] | str:
    """The site's search in Debian's headless Chromium over the labelled queries: building the engine from the page's
    index (ms), then each query's time on the first pass (terms read on first use) and on a second; or why not run."""
    import shutil

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "skipped: the playwright package is not installed (pip install '.[test]')"
    exe = os.environ.get("JUDGE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(exe).is_file():
        return "skipped: no Chromium at /usr/bin/chromium"
    queries = [{"q": str(q["q"]), "game": q.get("game")} for q in [*load_queries(), *load_queries(HELD_OUT), *load_queries(HELD_OUT_2)]]
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        site = Path(tmp) / "site"
        subprocess.run([*judge_command(), "site", str(site)], check=True, stdout=subprocess.DEVNULL)
        loads: list[float] = []
        pages: list[float] = []
        first: list[float] = []
        again: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, headless=True, args=["--no-sandbox", "--disable-gpu"])
            for _ in range(runs):
                page = browser.new_page()
                page.goto((site / "index.html").as_uri())
                out = page.evaluate(SITE_TIMING, queries)
                loads.append(out["load"])
                pages.append(out["page"])
                first += out["first"]
                again += out["again"]
                page.close()
            browser.close()
    return {"queries": float(len(queries)), "load_ms": statistics.median(loads), "page_ms": statistics.median(pages), "first_median_ms": statistics.median(first),
            "first_p95_ms": percentile(first, 95), "first_max_ms": max(first), "median_ms": statistics.median(again),
            "p95_ms": percentile(again, 95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=100, help="Copies in the synthetic corpus (default 100).")
    parser.add_argument("--runs", type=int, default=20, help="Whole-command runs per corpus (default 20).")
    parser.add_argument("--rounds", type=int, default=5, help="Passes over the labelled queries in-process (default 5).")
    parser.add_argument("--site-runs", type=int, default=3, help="Page loads for the site's search in Chromium (default 3).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp:
        os.environ["JUDGE_CACHE_DIR"] = str(Path(tmp) / "cache")
        real = real_corpus_root()
        from judge.search.index import Source
        from judge.search.query import search

        src = Source(real)
        queries = load_queries()

        def run(q: str, g: str | None) -> list[str]:
            return [f"{h.game}:{h.id}" for h in search(q, game=g, limit=10, source=src).hits]

        quality = {
            "all": evaluate(run, queries),
            "questions": evaluate(run, [q for q in queries if q.get("question")]),
            "terms": evaluate(run, [q for q in queries if not q.get("question")]),
            "held-out questions": evaluate(run, load_queries(HELD_OUT)),
            "second held-out set": evaluate(run, load_queries(HELD_OUT_2)),
            "second held-out set, English": evaluate(run, [q for q in load_queries(HELD_OUT_2) if str(q["q"]).isascii()]),
            "third held-out set": evaluate(run, load_queries(HELD_OUT_3)),
            "third held-out set, English": evaluate(run, [q for q in load_queries(HELD_OUT_3) if str(q["q"]).isascii()]),
            "fourth held-out set": evaluate(run, load_queries(HELD_OUT_4)),
            "fourth held-out set, English": evaluate(run, [q for q in load_queries(HELD_OUT_4) if str(q["q"]).isascii()]),
            "fifth held-out set": evaluate(run, load_queries(HELD_OUT_5)),
            "fifth held-out set, English": evaluate(run, [q for q in load_queries(HELD_OUT_5) if str(q["q"]).isascii()]),
            "English, all six sets": evaluate(run, [q for q in [*queries, *(q for held in HELD_OUTS for q in load_queries(held))]
                                                    if str(q["q"]).isascii()]),
        }
        big = synthetic_corpus(real, Path(tmp) / f"x{args.scale}", args.scale)
        load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
        rows = [("bundled", bench("bundled", real, args.runs, args.rounds)), (f"x{args.scale}", bench("big", big, args.runs, args.rounds))]
        load_after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    site = site_search(args.site_runs)
    print(f"machine: {machine()}; load average before the builds: {load_before}, after: {load_after}")
    for name, q in quality.items():
        print(f"labelled set, {name}: {q['n']} queries, recall@5 {q['recall']:.3f}, MRR {q['mrr']:.3f}")
    print()
    header = (f"{'corpus':<8} {'docs':>7} {'build s':>8} {'CPU s':>6} {'peak MB':>8} {'worker MB':>10} {'query median ms':>16} "
              f"{'query p95 ms':>13} {'judge search median ms':>23} {'p95 ms':>7}")
    print(header)
    print("-" * len(header))
    for name, r in rows:
        print(f"{name:<8} {int(r['rules']):>7} {r['build_s']:>8.2f} {r['build_cpu_s']:>6.1f} {r['peak_mb']:>8.0f} {r['worker_peak_mb']:>10.0f} {r['q_median_ms']:>16.2f} "
              f"{r['q_p95_ms']:>13.2f} {r['cmd_median_ms']:>23.0f} {r['cmd_p95_ms']:>7.0f}")
    print()
    if isinstance(site, str):
        print(f"site search in Chromium: {site}")
    else:
        print(f"site search in Chromium (bundled corpus, {int(site['queries'])} labelled queries, {args.site_runs} page loads): "
              f"page loaded (the index read) in {site['page_ms']:.0f} ms, engine built in {site['load_ms']:.0f} ms; first pass median {site['first_median_ms']:.2f} ms, "
              f"p95 {site['first_p95_ms']:.2f} ms, max {site['first_max_ms']:.2f} ms; "
              f"second pass median {site['median_ms']:.2f} ms, p95 {site['p95_ms']:.2f} ms")


if __name__ == "__main__":
    main()
