"""Every key the loader accepts is read by the program: each bundled scenario is checked with the language's shapes
recording which declared key stands where (a field of a mapping, a step's or a reference's word, a filter word, the
fields beside a step, a trigger's or a replacement's keys), then run (and its trace, JSON, report source and FAQ
entry read) with its mappings recording each key the program reads. A declared key that stands somewhere in the
bundled files and is read in none of its places is a key the engine accepts and ignores: the test names it, its
game and a file that has it.

Reading is counted generously (a mapping looped over or tested with ``in`` counts as read for each key), so the test
finds keys no code touches at all: the kind that made a file run as something other than what it says."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from judge.corpus.store import load_corpus
from judge.faq.check_scenarios import example_sources, faq_sources
from judge.report.report import source_info
from judge.scenario import library
from judge.scenario.loader import Scenario, check, load_text
from judge.scenario.parse import parse
from judge.scenario.runner import render_text, run, to_json
from key_audit import READS, Declared, record_declared_keys, tracked

ROOT = Path(__file__).resolve().parents[1] / "scenarios"

# Keys written for the reader of the file or of the ruling (shown in reports), not instructions to the engine.
READER_ONLY = {"text", "text_en", "note", "notes", "title", "title_en", "basis", "name"}

# Keys read only in a situation no bundled file reaches (each is faithful to its card's text, and tests elsewhere
# reach it); the test fails when one of them is read after all, so that the list stays exact.
NOT_REACHED = {
    "field 'attach' of the text used when the card itself is played":
        "709.2d's Erosion is bounced before it resolves; tests/test_engine_attach.py resolves one",
    "field 'effects' of a target slot": "413.6a's Feint retargets a card's link, and effects: lets it take an ability's "
                                        "(tests/test_engine_resolution.py)",
}


def consumed(monkeypatch: pytest.MonkeyPatch) -> Declared:
    """Check and run every bundled file: what the shapes saw; READS holds the places the program read."""
    seen = Declared()
    corpus = load_corpus()
    READS.clear()
    for path in sorted(ROOT.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        data, marks = parse(text, str(path))  # what the loader reads before the check: the card library
        library.resolve(Scenario(str(path), tracked(data, (path.name,)), marks))
        sc = load_text(text, str(path))  # a bundled file is valid
        with monkeypatch.context() as m:
            record_declared_keys(m, seen, path.name)
            assert check(sc) == []
        sc.data = tracked(sc.data, (path.name,))  # (file names are unique across the games' folders)
        res = run(sc)  # the engine, then what a ruling shows: trace, JSON, the report's source, the FAQ's entry
        render_text(res, "zh", explain=True)
        to_json(res, "en", explain=True)
        source_info(sc.data, corpus)
        faq_sources(sc.data), example_sources(sc.data)

    return seen


def test_every_key_a_bundled_file_uses_is_read_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mapping shape's field, or a word of a place, that stands in some bundled file and that the program reads in
    none of them (of any game: one handler serves every game that has the word) is accepted and ignored."""
    seen = consumed(monkeypatch)
    assert len(seen.contexts) > 300, "the shapes recorded too little: the instrument is broken"
    ignored = {}
    for context, places in sorted(seen.contexts.items(), key=lambda kv: seen.labels[kv[0]]):
        if next(iter(places))[-1] in READER_ONLY:
            continue
        if not places & READS:
            example = sorted(places, key=str)[0]
            ignored[seen.labels[context]] = f"{example[0]}: {'.'.join(map(str, example[1:]))}"
    assert set(NOT_REACHED) <= set(ignored), f"read after all (take them off NOT_REACHED): {set(NOT_REACHED) - set(ignored)}"
    ignored = {k: v for k, v in ignored.items() if k not in NOT_REACHED}
    assert not ignored, "accepted and never read:\n" + "\n".join(f"  {k}  (e.g. {v})" for k, v in ignored.items())


def test_the_instrument_sees_a_key_nobody_reads() -> None:
    """A mapping whose one key is never read is seen as unread, one read by name is seen; a snapshot reads nothing."""
    READS.clear()
    d = tracked({"a": {"x": 1, "y": 2}})
    assert d["a"]["x"] == 1
    assert ("a", "x") in READS and ("a", "y") not in READS
    assert copy.deepcopy(d) is not d and ("a", "y") not in READS
    assert d["a"] == {"x": 1, "y": 2} and ("a", "y") in READS  # comparing reads every key


def test_the_shapes_record_where_each_declared_key_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """708.1a's file: Alberto's trigger has a cost ``{resources: 1}`` and a destroyed-trigger on ``card: self``; the
    recorder sees both keys where they stand, and what else would be accepted there."""
    seen = Declared()
    path = ROOT / "rise" / "708_1a_your_turn.yaml"
    sc = load_text(path.read_text(encoding="utf-8"), str(path))
    with monkeypatch.context() as m:
        record_declared_keys(m, seen, path.name)
        check(sc)
    trigger = (path.name, "cards", "alberto", "abilities", 0)
    assert trigger + ("cost",) in seen.places("field 'cost' of a triggered ability")
    assert trigger + ("when", "card") in seen.places("when word 'card'")
    assert "event" in seen.accepted[trigger + ("when", "card")]
    assert "sefl" not in seen.accepted[trigger + ("when", "card")]
