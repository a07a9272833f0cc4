"""Index life cycle: cache location, reuse, stale and corrupt rebuilds, concurrent processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from judge.search.index import Source, cache_dir, current_path, index_key, open_index
from judge.search.query import search
from search_fixtures import cache, corpus_root  # noqa: F401  (pytest fixtures)

REPO = Path(__file__).resolve().parents[1]


def test_built_on_first_use_in_the_cache_dir_then_reused(corpus_root: Path, cache: Path) -> None:
    assert cache_dir() == cache / "search"
    first = open_index(Source(corpus_root))
    assert first.built_seconds is not None and first.path.parent == cache / "search"
    assert first.index.doc_count() == 21
    again = open_index(Source(corpus_root))
    assert again.built_seconds is None and again.path == first.path


def test_stale_index_is_rebuilt_when_the_corpus_changes(corpus_root: Path) -> None:
    src = Source(corpus_root)
    old_key, old_path = index_key(src), open_index(src).path
    assert search("巧克力", source=src).hits == []
    rise = corpus_root / "rise.yaml"
    rise.write_text(rise.read_text(encoding="utf-8").replace("有时候游戏会", "巧克力游戏会"), encoding="utf-8")
    assert index_key(src) != old_key
    result = search("巧克力", source=src)
    assert [h.id for h in result.hits] == ["803.1"]
    assert open_index(src).path != old_path


def test_glossary_change_makes_index_stale(corpus_root: Path) -> None:
    src = Source(corpus_root)
    old_key = index_key(src)
    g = corpus_root / "glossary.yaml"
    g.write_text(g.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert index_key(src) != old_key


def _garble(path: Path, keep_toc: bool) -> None:
    for f in path.iterdir():
        if f.is_file() and f.stat().st_size and not (keep_toc and f.suffix == ".toc"):
            f.write_bytes(b"\x00garbage\xff" * 64)


def test_corrupt_index_files_are_rebuilt(corpus_root: Path) -> None:
    src = Source(corpus_root)
    path = open_index(src).path
    _garble(path, keep_toc=False)
    result = search("死循环", source=src)
    assert result.hits and result.hits[0].id == "803"
    assert open_index(src).path != path


def test_corrupt_segment_behind_a_good_table_of_contents_is_rebuilt(corpus_root: Path) -> None:
    src = Source(corpus_root)
    path = open_index(src).path
    _garble(path, keep_toc=True)
    result = search("死循环", source=src)
    assert result.hits and result.hits[0].id == "803"
    assert current_path(path.parent, index_key(src)) != path


def test_dangling_pointer_is_rebuilt(corpus_root: Path, cache: Path) -> None:
    src = Source(corpus_root)
    path = open_index(src).path
    (cache / "search" / f"{index_key(src)}.current").write_text("ix-missing", encoding="utf-8")
    assert search("死循环", source=src).hits
    assert open_index(src).path != path


SEARCHER = """
import json, sys
from pathlib import Path
from judge.search.index import Source
from judge.search.query import search
root, rounds = Path(sys.argv[1]), int(sys.argv[2])
ids = []
for _ in range(rounds):
    ids.append([h.id for h in search("死循环", source=Source(root)).hits])
print(json.dumps(ids))
"""

REBUILDER = """
import sys
from pathlib import Path
from judge.search.index import Source, open_index
for _ in range(int(sys.argv[2])):
    open_index(Source(Path(sys.argv[1])), force=True)
print("ok")
"""


def _spawn(code: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-W", "error", "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_two_processes_building_and_searching_at_once(corpus_root: Path) -> None:
    procs = [_spawn(SEARCHER, str(corpus_root), "3") for _ in range(2)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        assert json.loads(out) == [["803", "803.1"]] * 3


def test_searching_while_another_process_rebuilds(corpus_root: Path) -> None:
    open_index(Source(corpus_root))
    rebuilder = _spawn(REBUILDER, str(corpus_root), "15")
    searcher = _spawn(SEARCHER, str(corpus_root), "40")
    out, err = searcher.communicate(timeout=120)
    assert searcher.returncode == 0, err
    assert json.loads(out) == [["803", "803.1"]] * 40
    rout, rerr = rebuilder.communicate(timeout=120)
    assert rebuilder.returncode == 0 and rout.strip() == "ok", rerr


def _age(root: Path, seconds: float = 60.0) -> None:
    """Date every file under ``root`` back, as files written before a session are."""
    then = time.time() - seconds
    for f in root.rglob("*"):
        os.utime(f, (then, then))


def test_the_key_is_not_recomputed_while_the_files_are_unchanged(corpus_root: Path, monkeypatch) -> None:
    import judge.search.index as ix

    _age(corpus_root)
    first = open_index(Source(corpus_root))

    def no_hashing(source: Source) -> str:
        raise AssertionError("the corpus was hashed again")

    monkeypatch.setattr(ix, "index_key", no_hashing)
    assert open_index(Source(corpus_root)).path == first.path  # found by the files' signature
    rise = corpus_root / "rise.yaml"
    rise.write_text(rise.read_text(encoding="utf-8").replace("死循环", "死迴圈"), encoding="utf-8")
    _age(corpus_root, 30)
    monkeypatch.undo()
    assert open_index(Source(corpus_root)).path != first.path  # a changed file: hashed, a new index


def test_a_file_changed_just_now_is_hashed_not_trusted(corpus_root: Path, monkeypatch) -> None:
    import judge.search.index as ix

    open_index(Source(corpus_root))  # the fixture's files are seconds old
    calls: list[bool] = []
    real = ix.index_key
    monkeypatch.setattr(ix, "index_key", lambda s: calls.append(True) or real(s))
    open_index(Source(corpus_root))
    assert calls  # too recent to be trusted by size and time: hashed


def test_a_damaged_query_data_file_makes_the_index_unreadable_and_rebuilt(corpus_root: Path) -> None:
    src = Source(corpus_root)
    path = open_index(src).path
    (path / "query.json").write_text("{not json", encoding="utf-8")
    assert search("死循环", source=src).hits[0].id == "803"
    assert open_index(src).path != path


def test_batches_and_worker_processes_build_the_same_index(corpus_root: Path, tmp_path: Path, monkeypatch) -> None:
    import threading

    from judge.search import build

    src = Source(corpus_root)
    queries = ["死循环", "時間印記", "损伤包 死循环", "replacement effect", "堆疊", '"响应链"']
    one = [[(h.game, h.id, h.score) for h in search(q, source=src).hits] for q in queries]
    writers = tmp_path / "writers"
    writers.mkdir()
    real = build._write_segment

    def recording(dest: str, docs: list) -> object:  # notes which process wrote each segment
        (writers / f"{os.getpid()}-{docs[0]['key'].replace(':', '_')}").touch()
        return real(dest, docs)

    recording.__module__, recording.__qualname__ = real.__module__, real.__qualname__  # the pool sends it by name
    monkeypatch.setattr(build, "_write_segment", recording)
    monkeypatch.setattr(build, "BATCH_DOCS", 4)  # 21 rules: six segments
    monkeypatch.setattr(build, "WORKERS", 2)
    many = open_index(src, force=True)
    assert len(many.index._segments()) == 6 and many.index.doc_count() == 21
    pids = {f.name.split("-")[0] for f in writers.iterdir()}
    if threading.active_count() == 1:  # the build forks only from a single-threaded process
        assert str(os.getpid()) not in pids and len(pids) >= 1
    assert [[(h.game, h.id, h.score) for h in search(q, source=src).hits] for q in queries] == one
