"""A mistyped or misplaced key is refused, never run as something else: in each bundled scenario, keys of the language
(a mapping's field, a step's word, the fields beside it, a filter word, a trigger's or a replacement's key) are
rewritten in the file's text — a typo (two letters swapped, one dropped, one doubled, a capital) or another key of
the language that is not accepted in that place — and the file must either be refused with a message on the
rewritten key's line, or run exactly as before (byte-identical JSON). It must never give a different ruling.

Which keys of a file are rewritten, and how, is drawn from a generator seeded by the file's name (the same every
run): KEYS keys per file, each given a typo or another key; ``JUDGE_MISTYPE_ALL=1`` gives every key of every file
both (a thorough local run of a few minutes)."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Iterator

import pytest

from judge.scenario.loader import ScenarioError, check, load_text
from judge.scenario.runner import run, to_json
from key_audit import Declared, Where, record_declared_keys

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
FILES = sorted(ROOT.glob("*/*.yaml"))
KEYS = 6
EVERY = os.environ.get("JUDGE_MISTYPE_ALL") == "1"


def typos(key: str, rng: random.Random) -> Iterator[str]:
    """The four kinds of typo of ``key``, in an order drawn from ``rng``."""
    i = rng.randrange(len(key))
    j = min(i, len(key) - 2)
    kinds = [
        key[:j] + key[j + 1] + key[j] + key[j + 2:] if len(key) > 1 else key + key,  # two letters swapped
        key[:i] + key[i + 1:] if len(key) > 1 else key + "s",  # one dropped
        key[:i] + key[i] + key[i:],  # one doubled
        key[:1].upper() + key[1:],  # a capital
    ]
    rng.shuffle(kinds)
    yield from kinds


def rewritten(text: str, line: int, column: int, old: str, new: str) -> str | None:
    """``text`` with the key ``old`` at ``line``:``column`` replaced by ``new`` (None: the key is not written there as
    plain text, a quoted key say)."""
    lines = text.split("\n")
    at = column - 1
    row = lines[line - 1]
    if row[at:at + len(old)] != old or (row[at + len(old):at + len(old) + 1] not in (":", "")):
        return None
    lines[line - 1] = row[:at] + new + row[at + len(old):]
    return "\n".join(lines)


def outcome(text: str, name: str) -> str:
    return json.dumps(to_json(run(load_text(text, name)), "en"), ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_mistyped_or_misplaced_key_is_refused_or_changes_nothing(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    name = str(path)
    sc = load_text(text, name)
    seen = Declared()
    with monkeypatch.context() as m:
        record_declared_keys(m, seen, path.name)
        assert check(sc) == []
    places: list[Where] = sorted((p for p in seen.accepted if p[1:] in sc.marks.keys), key=str)
    assert places, "no key of the file was recorded"
    rng = random.Random(path.name)
    if not EVERY:
        places = rng.sample(places, min(KEYS, len(places)))
    language = sorted(set().union(*seen.accepted.values()))
    before: str | None = None
    tried = 0
    for place in places:
        key = place[-1]
        accepted = seen.accepted[place]
        line, column = sc.marks.keys[place[1:]]
        foreign = [k for k in language if k not in accepted]
        candidates = [t for t in typos(key, rng) if t not in accepted][:1] + rng.sample(foreign, min(1, len(foreign)))
        if not EVERY:  # one of the two, drawn
            candidates = [rng.choice(candidates)] if candidates else []
        for new in candidates:
            changed = rewritten(text, line, column, key, new)
            if changed is None:
                continue
            tried += 1
            try:
                sc2 = load_text(changed, name)
            except ScenarioError as e:
                lines = {err.line for err in e.errors}
                assert line in lines, f"{key} -> {new} at {line}:{column} refused elsewhere:\n{e}"
                continue
            before = before or outcome(text, name)
            after = json.dumps(to_json(run(sc2), "en"), ensure_ascii=False, sort_keys=True)
            assert after == before, f"{'.'.join(map(str, place[1:]))}: {key} -> {new} was run as something else"
    assert tried, "no key of the file could be rewritten"
