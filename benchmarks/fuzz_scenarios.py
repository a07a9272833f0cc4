"""The long mutation fuzzer over the bundled scenarios (pytest runs a short one: tests/test_fuzz_hostile.py).

Each case takes a bundled scenario of any game, changes one to three of its lines (a line dropped or repeated, a
character inserted, a value replaced by a hostile one, a key renamed to another word of the language), then loads
and runs it — and, for one case in ten, explores its open choices (``--branches``). A case must end in a result or
a located :class:`ScenarioError`; anything else (another exception, a case over ``--budget`` seconds) is counted
and printed with the seed that makes it again.

    python benchmarks/fuzz_scenarios.py [--cases 20000] [--seed 0] [--budget 10] [--only N …]

``--only`` runs again the cases a run printed (by number, same seed) and prints how each changed its scenario.

Prints the number of cases, how many loaded, ran and were refused, the slowest case and the failures.
"""

from __future__ import annotations

import argparse
import random
import re
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from judge.scenario.loader import ScenarioError, load_text  # noqa: E402
from judge.scenario.runner import render_text, run, run_branches  # noqa: E402

JUNK = [":", "-", "{", "}", "[", "]", "#", "&", "*", "!", "|", ">", "'", '"', " ", "\t", "\f", "\x00", "\x1b", "\u202e",
        "abc", "1", "è", "null", "true", "-1", "[]", "{}", "x"]
VALUES = ["-1", "x", "[]", "{}", "[{}]", "null", "true", "3.5", "1e400", ".nan", "opp", "you", "self", "target",
          "[1, 2]", "{a: 1}", "0", "999999999", "1000000000000000000", "2024-13-45", "{each: unit}", "{up_to: 40}",
          "{bar: opp}", "next_round", "'\\x00'", "*a", "&a x", "!!python/object:os.system x"]
WORDS = ["card", "to", "player", "amount", "count", "filter", "type", "zone", "until", "when", "do", "targets", "cost",
         "event", "source", "from", "kind", "name", "attached_to", "life", "keywords", "each", "slot", "with"]


class Budget(Exception):
    """A case that ran past its time budget."""


def mutate(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        kind = rng.choice(["delete", "repeat", "chars", "value", "value", "key"])
        if kind == "delete":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "chars":
            at = rng.randint(0, len(lines[i]))
            lines[i] = lines[i][:at] + rng.choice(JUNK) + lines[i][at:]
        elif kind == "value" and ":" in lines[i]:
            spots = list(re.finditer(r"(?<=: )[^{}\[\],\n#]+", lines[i]))
            if spots:
                m = rng.choice(spots)
                lines[i] = lines[i][:m.start()] + rng.choice(VALUES) + lines[i][m.end():]
        elif kind == "key":
            keys = re.findall(r"(\w+):", lines[i])
            if keys:
                lines[i] = lines[i].replace(rng.choice(keys) + ":", rng.choice(WORDS) + ":", 1)
    return "\n".join(lines)


def one(text: str, name: str, branches: bool) -> str:
    """``loaded``/``ran`` or ``refused``: what became of one case (raises on anything else)."""
    try:
        sc = load_text(text, name)
    except ScenarioError:
        return "refused"
    try:
        res = run(sc)
        render_text(res, "zh")
        if branches:
            run_branches(sc, 16)
    except ScenarioError:
        return "refused at run"
    return "ran"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=10.0, help="seconds one case may take")
    ap.add_argument("--only", type=int, nargs="+", help="run only these cases again")
    args = ap.parse_args()
    files = sorted((REPO / "scenarios").glob("*/*.yaml"))
    texts = [(p.relative_to(REPO).as_posix(), p.read_text(encoding="utf-8")) for p in files]

    def expired(*_: Any) -> None:
        raise Budget()

    signal.signal(signal.SIGALRM, expired)
    counts: dict[str, int] = {}
    failures: list[str] = []
    slowest = (0.0, "")
    started = time.perf_counter()
    for n in args.only or range(args.cases):
        rng = random.Random(f"{args.seed}:{n}")
        name, text = rng.choice(texts)
        case = mutate(rng, text)
        if args.only:
            import difflib

            print(f"case {n}: {name}" + (" (with --branches)" if n % 10 == 0 else ""))
            print("".join(difflib.unified_diff(text.splitlines(True), case.splitlines(True), n=0)))
        t0 = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.budget)
        try:
            what = one(case, name, branches=n % 10 == 0)
        except Budget:
            what = "over budget"
            failures.append(f"case {n} (seed {args.seed}, from {name}): over {args.budget} s")
        except Exception:  # noqa: BLE001 — the bug this script looks for
            what = "traceback"
            failures.append(f"case {n} (seed {args.seed}, from {name}):\n{traceback.format_exc(limit=6)}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        took = time.perf_counter() - t0
        slowest = max(slowest, (took, f"case {n} from {name}"))
        counts[what] = counts.get(what, 0) + 1
    total = time.perf_counter() - started
    print(f"{len(args.only) if args.only else args.cases} cases (seed {args.seed}) in {total:.0f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"slowest: {slowest[0]:.2f} s ({slowest[1]})")
    for f in failures:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
