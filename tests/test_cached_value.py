"""The per-user cache of a value worked out from files (judge.corpus.cache.cached_value): kept while the files and
the key are unchanged, worked out again when either changes, never trusted when damaged."""

from __future__ import annotations

import os
from pathlib import Path

from judge.corpus.cache import cached_value


def _old(path: Path) -> None:
    t = path.stat().st_mtime - 10  # older than the racy window, so the copy is kept
    os.utime(path, (t, t))


def test_a_value_is_kept_while_its_files_and_key_are_the_same_and_worked_out_again_otherwise(tmp_path: Path) -> None:
    src = tmp_path / "templates.yaml"
    src.write_text("a", encoding="utf-8")
    _old(src)
    calls: list[int] = []

    def compute() -> dict[str, int]:
        calls.append(1)
        return {"n": len(calls)}

    name = tmp_path / "scenario.yaml"
    assert cached_value(name, "differing", ["k"], [src], compute) == {"n": 1}
    assert cached_value(name, "differing", ["k"], [src], compute) == {"n": 1}  # kept
    assert len(calls) == 1
    assert cached_value(name, "differing", ["other"], [src], compute) == {"n": 2}  # another key
    src.write_text("ab", encoding="utf-8")
    _old(src)
    assert cached_value(name, "differing", ["other"], [src], compute) == {"n": 3}  # the file changed
    assert cached_value(name, "differing", ["other"], [tmp_path / "gone.yaml"], compute) == {"n": 4}  # a file gone


def test_a_damaged_copy_only_costs_the_work(tmp_path: Path) -> None:
    from judge.corpus.cache import _cache_file

    src = tmp_path / "t.yaml"
    src.write_text("a", encoding="utf-8")
    _old(src)
    name = tmp_path / "s.yaml"
    assert cached_value(name, "differing", 1, [src], lambda: "first") == "first"
    _cache_file(name, "differing").write_bytes(b"\x00garbage")
    assert cached_value(name, "differing", 1, [src], lambda: "again") == "again"
