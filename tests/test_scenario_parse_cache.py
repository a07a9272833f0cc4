"""The per-user cache of parsed scenarios (judge.scenario.parse.parse): the same data, marks and errors as
reading the YAML, a damaged entry read again, a changed file never served from an old entry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.scenario import parse as loader
from judge.scenario.loader import ScenarioError, load_file, load_text

GOOD = (Path(__file__).resolve().parent / "data" / "inline" / "rise" / "708_1a_your_turn.yaml").read_text(encoding="utf-8")


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(folder))
    return folder


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "scenarios").glob("*.marshal")) if (cache / "scenarios").is_dir() else []


def test_a_cached_scenario_has_the_data_and_marks_yaml_gives(cache: Path) -> None:
    fresh_data, fresh_marks = loader._parse_yaml(GOOD, "f.yaml")
    first = load_text(GOOD, "f.yaml")
    assert len(entries(cache)) == 1
    again = load_text(GOOD, "f.yaml")  # from the entry
    assert again.data == first.data and again.data["turn"] == "you"
    assert again.marks.values == fresh_marks.values and again.marks.keys == fresh_marks.keys
    assert list(again.marks.values) == list(fresh_marks.values)  # in file order, as YAML gives them
    assert loader.parse(GOOD, "f.yaml")[0] == fresh_data


def test_an_error_found_after_a_cached_parse_points_where_yaml_would(cache: Path) -> None:
    text = GOOD.replace("turn: you", "turn: nobody", 1)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("turn: nobody"))
    for _ in range(2):  # parsed by YAML, then from the entry
        with pytest.raises(ScenarioError) as info:
            load_text(text, "f.yaml")
        assert f"f.yaml:{line}:7" in str(info.value) and "nobody" in str(info.value)
    assert len(entries(cache)) == 1  # the file parses: its data is cached, its meaning is checked each time


def test_text_that_is_not_yaml_is_never_cached_and_fails_each_time(cache: Path) -> None:
    for _ in range(2):
        with pytest.raises(ScenarioError) as info:
            load_text("game: rise\ncards: [\n", "bad.yaml")
        assert "bad.yaml:3:" in str(info.value)
    assert entries(cache) == []


@pytest.mark.parametrize("damage", ["flip", "truncate", "empty", "foreign"])
def test_a_damaged_entry_is_read_again_from_the_text_and_rewritten(cache: Path, damage: str) -> None:
    expected = load_text(GOOD, "f.yaml").data
    (entry,) = entries(cache)
    good_bytes = entry.read_bytes()
    if damage == "flip":  # one byte of the data changed: the checksum no longer matches
        blob = bytearray(good_bytes)
        blob[len(blob) // 2] ^= 0x55
        entry.write_bytes(bytes(blob))
    elif damage == "truncate":
        entry.write_bytes(good_bytes[: len(good_bytes) // 3])
    elif damage == "empty":
        entry.write_bytes(b"")
    else:  # a well-formed entry for other text under this name
        other = GOOD.replace("turn: you", "turn: opp", 1)
        load_text(other, "g.yaml")
        (other_entry,) = [e for e in entries(cache) if e != entry]
        entry.write_bytes(other_entry.read_bytes())
    assert load_text(GOOD, "f.yaml").data == expected
    assert entry.read_bytes() == good_bytes


def test_a_file_changed_in_place_is_read_again_even_within_the_same_second(cache: Path, tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(GOOD, encoding="utf-8")
    assert load_file(f).data["turn"] == "you"
    st = f.stat()
    f.write_text(GOOD.replace("turn: you", "turn: opp", 1), encoding="utf-8")  # the same size
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same modification time
    assert load_file(f).data["turn"] == "opp"
