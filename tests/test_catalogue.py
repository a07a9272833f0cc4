"""The scenario catalogue: each file's outcome reused while nothing it depends on changed, and never stale."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from judge.scenario import catalogue as cat
from judge.scenario import runner

REPO = Path(__file__).resolve().parents[1]
OLD = 1_600_000_000  # a modification time long past: the file is recognised by its stat data, not hashed


@pytest.fixture()
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "scenarios"
    (folder / "rise").mkdir(parents=True)
    (folder / "riftbound").mkdir()
    shutil.copy(REPO / "tests/data/inline/rise/708_1a_your_turn.yaml", folder / "rise")
    shutil.copy(REPO / "scenarios/riftbound/vendetta_01_flow_abandon.yaml", folder / "riftbound")
    shutil.copy(REPO / "scenarios/riftbound/vendetta.cards", folder / "riftbound")
    for p in folder.rglob("*.*"):
        os.utime(p, (OLD, OLD))
    return folder


@pytest.fixture()
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files the engine actually ran (the real runner, counted)."""
    seen: list[str] = []
    real = runner.outcome

    def counted(path: str) -> dict:
        seen.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(runner, "outcome", counted)
    return seen


def by_name(summaries: list[cat.Summary]) -> dict[str, cat.Summary]:
    return {s.name: s for s in summaries}


def test_outcomes_are_run_once_then_reused(root: Path, runs: list[str]) -> None:
    first = by_name(cat.catalogue(root))
    assert first["rise/708_1a_your_turn.yaml"].passed and first["riftbound/vendetta_01_flow_abandon.yaml"].passed
    assert "708.1a" in first["rise/708_1a_your_turn.yaml"].cites
    assert first["rise/708_1a_your_turn.yaml"].game == "rise"
    assert sorted(runs) == ["708_1a_your_turn.yaml", "vendetta_01_flow_abandon.yaml"]
    again = by_name(cat.catalogue(root))
    assert len(runs) == 2, "nothing changed: nothing runs again"
    assert {k: (v.status, v.cites) for k, v in again.items()} == {k: (v.status, v.cites) for k, v in first.items()}


def test_one_changed_byte_of_a_scenario_runs_it_again(root: Path, runs: list[str]) -> None:
    cat.catalogue(root)
    f = root / "rise/708_1a_your_turn.yaml"
    text = f.read_text(encoding="utf-8")
    assert "{player: you, resources: 0," in text
    f.write_text(text.replace("{player: you, resources: 0,", "{player: you, resources: 1,"), encoding="utf-8")
    os.utime(f, (OLD, OLD))  # the same size and modification time: the change time and the bytes tell
    s = by_name(cat.catalogue(root))["rise/708_1a_your_turn.yaml"]
    assert (s.status, s.passed) == ("fail", False)
    assert runs.count("708_1a_your_turn.yaml") == 2 and runs.count("vendetta_01_flow_abandon.yaml") == 1


def test_a_file_changed_just_now_is_hashed_not_trusted(root: Path, runs: list[str]) -> None:
    f = root / "rise/708_1a_your_turn.yaml"
    os.utime(f)  # within the racy window: a change in the same timestamp tick would not show in the stat data
    cat.catalogue(root)
    text = f.read_text(encoding="utf-8")
    f.write_text(text.replace("{player: you, resources: 0,", "{player: you, resources: 1,"), encoding="utf-8")
    assert by_name(cat.catalogue(root))["rise/708_1a_your_turn.yaml"].status == "fail"


def test_a_changed_card_library_runs_the_files_using_it(root: Path, runs: list[str]) -> None:
    cat.catalogue(root)
    lib = root / "riftbound/vendetta.cards"
    lib.write_text(lib.read_text(encoding="utf-8").replace("cards:", "cardz:", 1), encoding="utf-8")
    s = by_name(cat.catalogue(root))
    assert s["riftbound/vendetta_01_flow_abandon.yaml"].status == "invalid"
    assert s["rise/708_1a_your_turn.yaml"].passed and runs.count("708_1a_your_turn.yaml") == 1


def test_a_changed_engine_file_changes_the_engine_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    pkg = tmp_path / "pkg"
    (pkg / "engine").mkdir(parents=True)
    code = pkg / "engine" / "damage.py"
    code.write_text("LETHAL = 1\n", encoding="utf-8")
    os.utime(code, (OLD, OLD))
    monkeypatch.setattr(cat, "_PKG", pkg)
    before = cat.engine_key()
    assert cat.engine_key() == before
    code.write_text("LETHAL = 2\n", encoding="utf-8")
    os.utime(code, (OLD, OLD))
    assert cat.engine_key() != before


def test_a_removed_file_leaves_the_catalogue(root: Path) -> None:
    cat.catalogue(root)
    (root / "rise/708_1a_your_turn.yaml").unlink()
    assert [s.name for s in cat.catalogue(root)] == ["riftbound/vendetta_01_flow_abandon.yaml"]


def test_a_damaged_cache_is_rebuilt(root: Path, tmp_path: Path, runs: list[str]) -> None:
    good = [(s.name, s.status, s.cites) for s in cat.catalogue(root)]
    for f in (tmp_path / "cache" / "catalogue").glob("*.json"):
        f.write_text('{"version": "1", "files": {"x": 3', encoding="utf-8")
    assert [(s.name, s.status, s.cites) for s in cat.catalogue(root)] == good
    assert len(runs) == 4


def test_listing_without_running_reads_what_the_files_declare(root: Path, runs: list[str]) -> None:
    s = by_name(cat.catalogue(root, run=False))
    assert runs == []
    assert s["rise/708_1a_your_turn.yaml"].sources == [{"kind": "example", "rule": "708.1a"}]
    assert s["riftbound/vendetta_01_flow_abandon.yaml"].status == ""  # not run: no outcome claimed


def test_progress_shows_on_a_terminal_after_a_second_and_is_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge import progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    clock = iter([0.0, 0.5, 1.5, 1.7, 1.75])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    term = Terminal()
    with progress.Progress("msg.progress.scenarios", 3, term) as p:
        p.step()  # 0.5 s: too soon
        assert term.getvalue() == ""
        p.step()  # 1.5 s: shown
        p.step()  # 1.7 s: shown again (0.2 s later)
    assert term.getvalue().startswith("\r运行场景 2/3\x1b[K\r运行场景 3/3\x1b[K")
    assert term.getvalue().endswith("\r\x1b[K")


def test_progress_writes_nothing_when_piped(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge import progress

    monkeypatch.setattr(progress, "AFTER_SECONDS", 0.0)
    pipe = io.StringIO()
    with progress.Progress("msg.progress.scenarios", 2, pipe) as p:
        p.step()
        p.step()
    assert pipe.getvalue() == ""
