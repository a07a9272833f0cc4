"""The parsed-corpus cache and the streaming rule reader (judge/corpus/cache.py), which search and `judge rule` read through."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml

from judge import paths
from judge.corpus.cache import cached_yaml, stream_rules
from judge.corpus.store import read_corpus
from judge.datafile import DataError, read_yaml
from search_fixtures import cache, write_corpus  # noqa: F401  (pytest fixture)


def _age(path: Path, seconds: float = 60.0) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_bundled_corpus_reads_the_same_through_the_cache(cache: Path) -> None:
    first = read_corpus()  # parses the YAML and writes the copies (each game's when it is first used)
    first_rules = [r.to_dict() for r in first.all_rules()]
    assert sorted(p.suffix for p in (cache / "parsed").iterdir()) == [".marshal"] * len(first.games)
    again = read_corpus()  # from the copies
    assert [r.to_dict() for r in again.all_rules()] == first_rules
    assert dict(again.documents) == dict(first.documents)


def test_an_unchanged_file_is_not_parsed_again(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "data.yaml"
    f.write_text("rules: [{id: '1'}]\nflag: yes\nline: 3\n", encoding="utf-8")
    _age(f)
    expected = read_yaml(f)
    assert cached_yaml(f) == expected
    monkeypatch.setattr("judge.datafile.read_yaml", lambda p: pytest.fail("parsed again"))
    assert cached_yaml(f) == expected == {"rules": [{"id": "1"}], "flag": True, "line": 3}


def test_a_changed_file_is_parsed_again_even_with_the_same_size(tmp_path: Path, cache: Path) -> None:
    f = tmp_path / "data.yaml"
    f.write_text("a: 1\n", encoding="utf-8")
    _age(f, 120)
    assert cached_yaml(f) == {"a": 1}
    f.write_text("a: 2\n", encoding="utf-8")  # same size; the modification and change times differ
    _age(f, 60)
    assert cached_yaml(f) == {"a": 2}


def test_a_file_changed_just_now_is_not_cached(tmp_path: Path, cache: Path) -> None:
    f = tmp_path / "data.yaml"
    f.write_text("a: 1\n", encoding="utf-8")
    assert cached_yaml(f) == {"a": 1}
    assert not (cache / "parsed").exists()


def test_a_damaged_cache_file_is_ignored_and_replaced(tmp_path: Path, cache: Path) -> None:
    f = tmp_path / "data.yaml"
    f.write_text("a: [1, 2]\n", encoding="utf-8")
    _age(f)
    cached_yaml(f)
    copy = next((cache / "parsed").iterdir())
    copy.write_bytes(b"\x00garbage")
    assert cached_yaml(f) == {"a": [1, 2]}
    assert copy.read_bytes() != b"\x00garbage"


def test_bad_yaml_is_still_a_clear_error(tmp_path: Path, cache: Path) -> None:
    f = tmp_path / "data.yaml"
    f.write_text("a: [1,\n", encoding="utf-8")
    _age(f)
    with pytest.raises(DataError, match=r"data\.yaml:\d+:\d+：不是有效的 YAML"):
        cached_yaml(f)


def test_streamed_rules_are_the_parsed_rules(tmp_path: Path) -> None:
    for path in sorted(paths.corpus_dir().glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "rules" in data:
            assert list(stream_rules(path)) == data["rules"], path.name
    root = write_corpus(tmp_path / "c")
    assert [r["id"] for r in stream_rules(root / "sanguo.yaml")][:2] == ["407.1", "407.1e"]


def test_streaming_falls_back_for_anchors_and_reports_bad_files(tmp_path: Path) -> None:
    f = tmp_path / "rise.yaml"
    f.write_text("game: rise\nrules:\n- &a {id: '1', text: x}\n- *a\n", encoding="utf-8")
    assert list(stream_rules(f)) == [{"id": "1", "text": "x"}, {"id": "1", "text": "x"}]
    f.write_text("game: rise\nrules:\n- {id: '1'}\n- {id: '2', text: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"rise\.yaml:\d+:\d+"):
        list(stream_rules(f))
    f.write_text("game: rise\n", encoding="utf-8")
    with pytest.raises(DataError, match="缺少 rules"):
        list(stream_rules(f))

