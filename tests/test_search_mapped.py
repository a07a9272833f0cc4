"""Reading the index through memory maps (judge.search.mapped): the same answers as Whoosh's own file storage,
no copy of the index in memory, no file left open, and a view that reads as a file does."""

from __future__ import annotations

import gc
import io
import os
import random
import tracemalloc
from pathlib import Path

import pytest

from judge.search.index import Source, open_index
from judge.search.mapped import MappedStorage, _ViewFile
from judge.search.query import SearchSession
from judge.search.whoosh_api import FileStorage, query as wq
from search_fixtures import cache, real_corpus_root  # noqa: F401  (pytest fixture)

QUERIES = ["堆疊", "两个触发同时发生谁先上链", "目标不合法了还结算吗", "prevention", "\"响应链\"", "709.2b"]


def test_the_mapped_index_answers_as_whoosh_s_file_storage_does(cache: Path) -> None:
    path = open_index(Source(real_corpus_root())).path
    with SearchSession(Source(real_corpus_root())) as session:
        mapped = [[(h.game, h.id, h.score, h.snippet) for h in session.search(q).hits] for q in QUERIES]
        # the same searcher over Whoosh's own storage: every term's postings and every stored field agree
        plain = FileStorage(str(path), readonly=True).open_index().searcher()
        reader = session._searcher.reader()
        for field, text in [("text", "触发"), ("terms", "响应链"), ("heading", "目标"), ("examples", "伤害")]:
            ours = list(session._searcher.postings(field, text).all_items())
            assert ours and ours == list(plain.postings(field, text).all_items())
        assert [reader.stored_fields(d) for d in range(0, reader.doc_count_all(), 37)] == \
               [plain.reader().stored_fields(d) for d in range(0, reader.doc_count_all(), 37)]
        plain.close()
    with SearchSession(Source(real_corpus_root())) as again:  # a second session reads the same
        assert [[(h.game, h.id, h.score, h.snippet) for h in again.search(q).hits] for q in QUERIES] == mapped
    assert all(mapped)


def test_opening_the_index_copies_none_of_it_and_leaves_no_file_open(cache: Path) -> None:
    src = Source(real_corpus_root())
    path = open_index(src).path
    segment = max(f.stat().st_size for f in path.iterdir() if f.suffix == ".seg")
    with SearchSession(src) as warm:  # what any first search loads once (the script converter) is not measured
        warm.search("两个触发同时发生谁先上链")
    fds = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    tracemalloc.start()
    session = SearchSession(src)
    session.search("两个触发同时发生谁先上链")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # Whoosh's own mmap storage copies each member file (BytesIO): the segment's size at least. What a session holds
    # is the query data it parses (glossary, words: a few hundred KB) and the postings it reads.
    assert segment > 1_000_000 and peak < segment / 2
    session.close()
    del session
    gc.collect()
    if fds is not None:  # a map holds a descriptor of its own while it lives; none is left behind
        assert len(os.listdir("/proc/self/fd")) == fds


def test_a_mapped_index_reads_postings_through_views(cache: Path) -> None:
    path = open_index(Source(real_corpus_root())).path
    ix = MappedStorage(str(path)).open_index()
    with ix.searcher() as s:
        assert len(list(s.docs_for_query(wq.Term("game", "rise")))) > 50


@pytest.mark.parametrize("seed", range(5))
def test_a_view_reads_seeks_and_reads_lines_as_a_file_does(seed: int) -> None:
    import pickle

    objs = [{"a": [1, 2.5, "字"]}, list(range(300)), ("x" * 5000, b"\n" * 10)]
    blob = b"".join(pickle.dumps(o, protocol=p) for o, p in zip(objs, (0, 2, 5)))  # protocol 0 reads lines
    view = _ViewFile(memoryview(blob))
    assert [pickle.load(view) for _ in objs] == objs and view.tell() == len(blob)  # pickle reads ahead by peek
    rnd = random.Random(seed)
    data = bytes(rnd.choice(b"ab\ncd") for _ in range(10_000))
    ours, real = _ViewFile(memoryview(data)), io.BytesIO(data)
    for _ in range(300):
        op = rnd.choice(["read", "readline", "seek", "seek_cur", "seek_end", "read_all", "peek", "seek_negative"])
        if op == "read":
            n = rnd.randrange(-1, 50)
            assert ours.read(n) == real.read(n)
        elif op == "readline":
            limit = rnd.choice([-1, rnd.randrange(0, 20)])
            assert ours.readline(limit) == real.readline(limit)
        elif op == "seek":
            pos = rnd.randrange(0, 10_050)
            assert ours.seek(pos) == real.seek(pos)
        elif op == "seek_cur":
            off = rnd.randrange(0, 100)
            assert ours.seek(off, 1) == real.seek(off, 1)
        elif op == "seek_end":
            off = -rnd.randrange(0, 100)
            assert ours.seek(off, 2) == real.seek(off, 2)
        elif op == "seek_negative":  # a damaged offset: refused, the position kept
            with pytest.raises(ValueError):
                ours.seek(-rnd.randrange(1, 50))
            with pytest.raises(ValueError):
                real.seek(-1)
        elif op == "peek":  # what is ahead, not advancing
            ahead = ours.peek()
            assert data[real.tell():].startswith(ahead) and (ahead or real.tell() >= len(data))
        else:
            assert ours.read() == real.read()
        assert ours.tell() == real.tell()
