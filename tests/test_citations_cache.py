"""The cached scenario-citation index behind `judge rule`: fresh after changes, robust to damage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.report import citations

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture()
def scenarios(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "scenarios"
    (root / "rise").mkdir(parents=True)
    for name in ("708_1a_your_turn.yaml", "706_1c_example.yaml"):
        shutil.copy(REPO / "tests" / "data" / "inline" / "rise" / name, root / "rise" / name)
    return root


def test_citations_come_from_the_runs_and_are_cached(scenarios: Path, tmp_path: Path) -> None:
    first = citations.citing("rise", scenarios)
    assert [s["file"] for s in first["708.1a"]] == ["rise/708_1a_your_turn.yaml"]
    assert list((tmp_path / "cache" / "catalogue").glob("*.json"))
    assert citations.citing("rise", scenarios) == first


def test_a_changed_scenario_folder_is_seen_at_once(scenarios: Path) -> None:
    assert "708.1a" in citations.citing("rise", scenarios)
    (scenarios / "rise" / "708_1a_your_turn.yaml").unlink()
    assert "708.1a" not in citations.citing("rise", scenarios)


def test_a_damaged_cache_file_is_ignored(scenarios: Path, tmp_path: Path) -> None:
    good = citations.citing("rise", scenarios)
    for f in (tmp_path / "cache" / "catalogue").glob("*.json"):
        f.write_text("{not json", encoding="utf-8")
    assert citations.citing("rise", scenarios) == good
