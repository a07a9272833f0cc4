"""The Whoosh index of the corpus: its cache life cycle (building is :mod:`judge.search.build`).

Indexes live in ``<cache>/search/`` where ``<cache>`` is ``$JUDGE_CACHE_DIR`` or the per-user
cache folder (``platformdirs.user_cache_dir("judge")``).  An index is keyed by a hash of the
corpus files, the FAQ, the glossary, the question words and :data:`ANALYSIS_VERSION`; the hash
is computed when the index is built and remembered against the files' sizes, times and inodes
(``keys.json``), so a query stats the files instead of hashing them.  ``<key>.current`` names
the live index folder, which also holds ``query.json``: the glossary and question words
compiled for the query side, so a query reads neither YAML nor the glossary's source (and
imports neither PyYAML nor the corpus store).  A build writes into a fresh temporary folder,
renames it into place and then atomically replaces the pointer, so readers that already opened
an older folder keep answering; unreferenced folders are removed only after a grace period.
A missing, stale or unreadable index is rebuilt on first use.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple

from judge import filesig, paths
from judge.search.analysis import ANALYSIS_VERSION
from judge.search.concepts import glossary_path
from judge.search.english import ENGLISH_WORDS_PATH, EnglishWords
from judge.search.everyday import EVERYDAY_WORDS_PATH, EverydayWords
from judge.search.question import QUESTION_WORDS_PATH, QuestionWords
from judge.search.mapped import MappedStorage
from judge.search.whoosh_api import VERSION as WHOOSH_VERSION

if TYPE_CHECKING:
    from judge.corpus.store import Corpus
    from judge.faq.model import FaqEntry
    from judge.search.concepts import Glossary

CACHE_ENV = paths.CACHE_ENV
GRACE_SECONDS = 600  # an unreferenced index folder is deleted only when older than this
STALE_POINTER_SECONDS = 14 * 24 * 3600
INDEX_PREFIX = "ix-"
TEMP_PREFIX = ".tmp-"
POINTER_SUFFIX = ".current"
TEXT_FIELDS = ("text", "examples")
QUERY_DATA = "query.json"  # in the index folder: what the query side needs, compiled at build time
KEYS_MEMO = "keys.json"  # in the cache folder: file signatures -> index key


class Source(NamedTuple):
    """What an index is built from: a corpus folder (default: the bundled one) or a loaded corpus."""

    corpus_root: Path | None = None
    corpus: Corpus | None = None
    glossary_file: Path | None = None
    question_words_file: Path = QUESTION_WORDS_PATH
    english_words_file: Path = ENGLISH_WORDS_PATH
    everyday_words_file: Path = EVERYDAY_WORDS_PATH
    with_faq: bool = False  # an in-memory corpus indexed with the FAQ entries of ``corpus_root`` (a site of an older version)

    def glossary_path(self) -> Path:
        return self.glossary_file or glossary_path(self.corpus_root)

    def corpus_dir(self) -> Path:
        return self.corpus_root or paths.corpus_dir()

    def corpus_files(self) -> list[Path]:
        """The parsed ``<game>.yaml`` files, the user's added documents included for the bundled corpus
        (none for an in-memory corpus)."""
        if self.corpus is not None:
            return []
        from judge.corpus.store import game_files

        return list(game_files(self.corpus_root).values())

    def user_glossary(self) -> list[Path]:
        """The judge's additions to the glossary in their data folder, for the bundled glossary."""
        from judge.search.concepts import user_glossary_path

        return [user_glossary_path()] if self.corpus_root is None and self.glossary_file is None else []

    def load_glossary(self) -> Glossary:
        from judge.search.glossary import load_glossary

        return load_glossary(self.glossary_path(), *self.user_glossary())

    def load_question_words(self) -> QuestionWords:
        return QuestionWords.from_yaml(self.question_words_file)

    def load_english_words(self) -> EnglishWords:
        return EnglishWords.from_yaml(self.english_words_file)

    def load_everyday_words(self) -> EverydayWords:
        return EverydayWords.from_yaml(self.everyday_words_file)

    def faq_files(self) -> list[Path]:
        """The parsed FAQ files indexed with the corpus (none for an in-memory corpus, unless ``with_faq``)."""
        if self.corpus is not None and not self.with_faq:
            return []
        from judge.faq.model import faq_dir

        added: list[Path] = []
        if self.corpus_root is None:  # and the FAQs the user added (judge faq add)
            from judge.corpus.layer import faq_files

            added = faq_files()
        return sorted(faq_dir(self.corpus_root).glob("*.yaml")) + added

    def load_faq(self) -> list[FaqEntry]:
        """The FAQ entries indexed with the corpus (none for an in-memory corpus, unless ``with_faq``)."""
        from judge.faq.model import load_faq

        return load_faq(self.corpus_root) if self.corpus is None or self.with_faq else []


def _corpus_digest(corpus: Corpus) -> str:
    import hashlib  # here and in index_key: a query finds the key by the files' signature (start-up time)

    h = hashlib.sha256()
    for r in corpus.all_rules():
        h.update(json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True).encode())
    return h.hexdigest()


def _version() -> bytes:
    return f"analysis={ANALYSIS_VERSION};whoosh={WHOOSH_VERSION}\n".encode()


def _inputs(source: Source) -> list[Path]:
    """Every file the index is built from, in a fixed order (a missing glossary counts as empty)."""
    return [*source.corpus_files(), source.glossary_path(), *source.user_glossary(), *source.faq_files(),
            source.question_words_file, source.english_words_file, source.everyday_words_file]


def index_key(source: Source) -> str:
    """Hash of the corpus (files, or content when given in memory), the FAQ, the glossary, the
    question words and the analysis."""
    import hashlib

    h = hashlib.sha256(_version())
    if source.corpus is not None:
        h.update(_corpus_digest(source.corpus).encode())
    from judge.datafile import MAX_DATA_BYTES, read_bounded

    for f in _inputs(source):
        h.update(f.name.encode() + b"\0")
        # bounded: the judge's own glossary is among them (a link to /dev/zero is an error, never a hang)
        h.update(read_bounded(f, MAX_DATA_BYTES) if f.exists() else b"")
    return h.hexdigest()[:32]


def _watched(source: Source) -> list[Path]:
    """The files whose signature stands for the inputs: every YAML file in the corpus folder and its
    subfolders (a superset of the game and FAQ files, found without reading or importing anything),
    the glossary and the question words; for the bundled corpus also the pointer to the user's live
    generation of added documents (generations never change once live, :mod:`judge.corpus.layer`)."""
    files = sorted(source.corpus_dir().rglob("*.yaml"))
    if source.corpus_root is None:
        from judge.corpus.layer import POINTER, layer_dir

        files.append(layer_dir() / POINTER)
    return list(dict.fromkeys([*files, source.glossary_path(), *source.user_glossary(), source.question_words_file,
                                  source.english_words_file, source.everyday_words_file]))


def current_key(source: Source, root: Path | None = None) -> str:
    """:func:`index_key`, looked up by the input files' signature when it was computed before
    (:mod:`judge.filesig`; an in-memory corpus is always hashed)."""
    sig = None if source.corpus is not None else filesig.signature(_watched(source), _version().decode())
    return filesig.memo_key((root or cache_dir()) / KEYS_MEMO, sig, lambda: index_key(source))


def cache_dir() -> Path:
    """``$JUDGE_CACHE_DIR/search`` or the per-user cache's ``search`` folder."""
    return paths.cache_dir() / "search"


class OpenIndex(NamedTuple):
    """An opened index and where it lives."""

    index: Any  # whoosh.index.FileIndex
    reader: Any  # whoosh.reading.IndexReader: opened (and so checked) once, the caller's to use and close
    path: Path
    key: str
    data: dict[str, Any]  # query.json: the compiled glossary and question words
    built_seconds: float | None = None  # set when this call built it
    rules: int | None = None


def _pointer(root: Path, key: str) -> Path:
    return root / f"{key}{POINTER_SUFFIX}"


def current_path(root: Path, key: str) -> Path | None:
    """The live index folder for ``key``, if the pointer names an existing folder."""
    try:
        name = _pointer(root, key).read_text(encoding="utf-8").strip()
    except (OSError, ValueError):  # missing, unreadable or damaged (not text): rebuilt by the caller
        return None
    path = root / name
    return path if name.startswith(INDEX_PREFIX) and path.is_dir() else None


@contextlib.contextmanager
def discarding_broken_readers() -> Iterator[list[bool]]:
    """Silence the unclosed-file warnings Whoosh leaves when it fails on a damaged index.

    The caller appends to the yielded list when it caught a failure; the broken readers are
    then collected while the warnings are still silenced.
    """
    failed: list[bool] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        yield failed
        if failed:
            gc.collect()


def _open(path: Path, key: str) -> OpenIndex:
    data = json.loads((path / QUERY_DATA).read_text(encoding="utf-8"))
    ix = MappedStorage(str(path)).open_index()
    reader = ix.reader()  # reads the table of contents and the segments: fails on garbage
    try:
        reader.doc_count()
    except BaseException:
        reader.close()
        raise
    return OpenIndex(ix, reader, path, key, data)


def _write_pointer(root: Path, key: str, name: str) -> None:
    tmp = root / f".ptr-{os.urandom(8).hex()}"
    tmp.write_text(name, encoding="utf-8")
    os.replace(tmp, _pointer(root, key))


def _prune(root: Path) -> None:
    """Remove index folders no pointer names (after the grace period), old temp folders and pointers."""
    import shutil

    now = time.time()
    live: set[str] = set()
    for p in root.glob(f"*{POINTER_SUFFIX}"):
        try:
            if now - p.stat().st_mtime > STALE_POINTER_SECONDS:
                p.unlink()
                continue
            live.add(p.read_text(encoding="utf-8").strip())
        except (OSError, ValueError):
            continue
    for d in root.iterdir():
        try:
            old = now - d.stat().st_mtime > GRACE_SECONDS
        except OSError:
            continue
        if d.is_dir() and old and (d.name.startswith(TEMP_PREFIX) or (d.name.startswith(INDEX_PREFIX) and d.name not in live)):
            shutil.rmtree(d, ignore_errors=True)


def rebuild(source: Source, root: Path | None = None, key: str | None = None) -> OpenIndex:
    """Build a fresh index into a temp folder, move it into place and point ``<key>.current`` at it."""
    root = root or cache_dir()
    key = key or index_key(source)
    root.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    import shutil
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=root))
    try:
        from judge.search.build import build_index

        n = build_index(source, tmp)
        final = root / f"{INDEX_PREFIX}{key[:16]}-{os.urandom(6).hex()}"
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _write_pointer(root, key, final.name)
    _prune(root)
    return _open(final, key)._replace(built_seconds=time.perf_counter() - start, rules=n)


def open_index(source: Source | None = None, *, force: bool = False) -> OpenIndex:
    """The index of ``source``, built first when missing, stale, unreadable or ``force``d."""
    source = source or Source()
    root = cache_dir()
    key = current_key(source, root)
    tried: set[Path] = set()
    while not force:  # a concurrent rebuild may move the pointer while we open: follow it
        path = current_path(root, key)
        if path is None or path in tried:
            break
        tried.add(path)
        with discarding_broken_readers() as failed:
            try:
                return _open(path, key)
            except Exception:  # any unreadable index is rebuilt below
                failed.append(True)
    try:
        return rebuild(source, root, key)
    except OSError:  # the cache cannot be written (read-only, full): work without it, in a private temporary folder
        import shutil
        import tempfile  # only here: a query does not otherwise need them (start-up time)

        private = Path(tempfile.mkdtemp(prefix="judge-index-"))
        atexit.register(shutil.rmtree, private, True)
        return rebuild(source, private, key)
