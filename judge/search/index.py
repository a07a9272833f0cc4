"""The Whoosh index of the corpus: schema, building, and its cache life cycle.

Indexes live in ``<cache>/search/`` where ``<cache>`` is ``$JUDGE_CACHE_DIR`` or the per-user
cache folder (``platformdirs.user_cache_dir("judge")``).  An index is keyed by a hash of the
corpus files, the glossary and :data:`ANALYSIS_VERSION`.  ``<key>.current`` names the live
index folder.  A build writes into a fresh temporary folder, renames it into place and then
atomically replaces the pointer, so readers that already opened an older folder keep
answering; unreferenced folders are removed only after a grace period.  A missing, stale or
unreadable index is rebuilt on first use.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import hashlib
import json
import os
import shutil
import tempfile
import time
import uuid
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from whoosh import fields, index as windex
from whoosh.filedb.filestore import FileStorage

from judge import paths
from judge.corpus.model import Rule
from judge.corpus.store import Corpus, corpus_hash, read_corpus
from judge.faq.model import FaqEntry, faq_dir, load_faq
from judge.search.analysis import ANALYSIS_VERSION, analyzer, fold
from judge.search.glossary import Glossary, glossary_path, load_glossary

CACHE_ENV = paths.CACHE_ENV
GRACE_SECONDS = 600  # an unreferenced index folder is deleted only when older than this
STALE_POINTER_SECONDS = 14 * 24 * 3600
INDEX_PREFIX = "ix-"
TEMP_PREFIX = ".tmp-"
POINTER_SUFFIX = ".current"
TEXT_FIELDS = ("text", "examples")


def schema() -> fields.Schema:
    """Stored ids and titles for display; analysed text (own heading + rule text, or a FAQ entry's
    question, answer and explanation) and examples with positions; the concepts a rule defines;
    the glossary spellings it contains."""
    return fields.Schema(
        key=fields.ID(stored=True, unique=True),
        kind=fields.ID(stored=True),  # "rule" or "faq"
        game=fields.ID(stored=True),
        id=fields.ID(stored=True),
        label=fields.STORED(),
        title=fields.STORED(),
        text=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        examples=fields.TEXT(analyzer=analyzer(), phrase=True, stored=True),
        concepts=fields.KEYWORD(),
        terms=fields.KEYWORD(scorable=True),
    )


@dataclass(frozen=True)
class Source:
    """What an index is built from: a corpus folder (default: the bundled one) or a loaded corpus."""

    corpus_root: Path | None = None
    corpus: Corpus | None = None
    glossary_file: Path | None = None

    def glossary_path(self) -> Path:
        return self.glossary_file or glossary_path(self.corpus_root)

    def load_corpus(self) -> Corpus:
        """The corpus as it is now on disk (not ``load_corpus``'s per-process copy)."""
        return self.corpus if self.corpus is not None else read_corpus(self.corpus_root)

    def load_glossary(self) -> Glossary:
        return load_glossary(self.glossary_path())

    def faq_files(self) -> list[Path]:
        """The parsed FAQ files indexed with the corpus (none for an in-memory corpus)."""
        if self.corpus is not None:
            return []
        return sorted(faq_dir(self.corpus_root).glob("*.yaml"))

    def load_faq(self) -> list[FaqEntry]:
        """The FAQ entries indexed with the corpus (none for an in-memory corpus)."""
        return load_faq(self.corpus_root) if self.corpus is None else []


def _corpus_digest(corpus: Corpus) -> str:
    h = hashlib.sha256()
    for r in corpus.all_rules():
        h.update(json.dumps(r.to_dict(), ensure_ascii=False, sort_keys=True).encode())
    return h.hexdigest()


def index_key(source: Source) -> str:
    """Hash of the corpus (files, or content when given in memory), the glossary and the analysis."""
    import whoosh

    h = hashlib.sha256()
    h.update(f"analysis={ANALYSIS_VERSION};whoosh={whoosh.versionstring()}\n".encode())
    h.update((_corpus_digest(source.corpus) if source.corpus is not None else corpus_hash(source.corpus_root)).encode())
    g = source.glossary_path()
    h.update(g.read_bytes() if g.exists() else b"")
    for f in source.faq_files():
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:32]


def cache_dir() -> Path:
    """``$JUDGE_CACHE_DIR/search`` or the per-user cache's ``search`` folder."""
    return paths.cache_dir() / "search"


def display_title(corpus: Corpus, rule: Rule) -> str:
    """The rule's own title, else its nearest titled ancestor's, else its section path."""
    current: Rule | None = rule
    while current is not None:
        if current.title:
            return current.title
        current = corpus.rules.get(rule.game, {}).get(current.parent) if current.parent else None
    return " › ".join(rule.section)


def own_title(corpus: Corpus, rule: Rule) -> str:
    """The heading the rule itself carries (not one inherited from its parent), or its section."""
    parent = corpus.rules.get(rule.game, {}).get(rule.parent) if rule.parent else None
    if rule.title and (parent is None or parent.title != rule.title):
        return rule.title
    return "" if rule.title else " › ".join(rule.section)


def glossary_occurrences(spellings: list[str], title: str, body: str) -> str:
    """Every glossary spelling in the rule, once per occurrence, for the ``terms`` field.

    Occurrences overlap freely (持续性影响 also counts 影响), so a spelling's count equals what a
    phrase search for it would find; concept queries then read one short posting list per spelling.
    """
    t, b = fold(title).lower(), fold(body).lower()
    out: list[str] = []
    for s in spellings:
        n = t.count(s) + b.count(s)
        out += [s.replace(" ", "_")] * n
    return " ".join(out)


def rule_documents(corpus: Corpus, glossary: Glossary) -> Iterator[dict[str, Any]]:
    """One Whoosh document per rule."""
    defines: dict[tuple[str, str], list[str]] = {}
    for c in glossary.concepts:
        for game, ids in c.rules.items():
            for rid in ids:
                defines.setdefault((game, rid), []).append(c.id)
    spellings = glossary.spellings()
    for r in corpus.all_rules():
        examples = "\n".join(
            "\n".join([e.text, *(f"{c.name}\n{c.text}" for c in e.cards)]) for e in r.examples
        )
        title = own_title(corpus, r)
        yield {
            "key": f"{r.game}:{r.id}",
            "kind": "rule",
            "game": r.game,
            "id": r.id,
            "label": display_title(corpus, r),
            "title": title,
            "text": f"{title}\n{r.text}" if title else r.text,
            "_stored_text": r.text,
            "examples": examples,
            "concepts": " ".join(defines.get((r.game, r.id), [])),
            "terms": glossary_occurrences(spellings, title, f"{r.text}\n{examples}"),
        }


def faq_documents(entries: list[FaqEntry], glossary: Glossary) -> Iterator[dict[str, Any]]:
    """One Whoosh document per FAQ entry (key ``faq:<id>``): question, answer and explanation."""
    spellings = glossary.spellings()
    for e in entries:
        label = f"FAQ {e.set}" + (f" ({e.set_en})" if e.set_en else "")
        yield {
            "key": f"faq:{e.id}",
            "kind": "faq",
            "game": e.game,
            "id": e.id,
            "label": label,
            "title": e.question,
            "text": e.text,
            "_stored_text": e.text,
            "examples": "",
            "concepts": "",
            "terms": glossary_occurrences(spellings, "", e.text),
        }


def build_index(source: Source, dest: Path) -> int:
    """Write a complete index of ``source`` into the empty folder ``dest``; return the document count."""
    ix = windex.create_in(str(dest), schema())
    writer = ix.writer(limitmb=256)
    n = 0
    glossary = source.load_glossary()
    try:
        for doc in rule_documents(source.load_corpus(), glossary):
            writer.add_document(**doc)
            n += 1
        for doc in faq_documents(source.load_faq(), glossary):
            writer.add_document(**doc)
            n += 1
    except BaseException:
        writer.cancel()
        raise
    writer.commit()
    return n


@dataclass
class OpenIndex:
    """An opened index and where it lives."""

    index: Any  # whoosh.index.FileIndex
    path: Path
    key: str
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


def _open(path: Path) -> Any:
    ix = FileStorage(str(path), readonly=True).open_index()
    ix.doc_count()  # reads the table of contents and segment list: fails on garbage
    return ix


def _write_pointer(root: Path, key: str, name: str) -> None:
    tmp = root / f".ptr-{uuid.uuid4().hex}"
    tmp.write_text(name, encoding="utf-8")
    os.replace(tmp, _pointer(root, key))


def _prune(root: Path) -> None:
    """Remove index folders no pointer names (after the grace period), old temp folders and pointers."""
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
    tmp = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=root))
    try:
        n = build_index(source, tmp)
        final = root / f"{INDEX_PREFIX}{key[:16]}-{uuid.uuid4().hex[:12]}"
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _write_pointer(root, key, final.name)
    _prune(root)
    return OpenIndex(_open(final), final, key, time.perf_counter() - start, n)


def open_index(source: Source | None = None, *, force: bool = False) -> OpenIndex:
    """The index of ``source``, built first when missing, stale, unreadable or ``force``d."""
    source = source or Source()
    root = cache_dir()
    key = index_key(source)
    tried: set[Path] = set()
    while not force:  # a concurrent rebuild may move the pointer while we open: follow it
        path = current_path(root, key)
        if path is None or path in tried:
            break
        tried.add(path)
        with discarding_broken_readers() as failed:
            try:
                return OpenIndex(_open(path), path, key)
            except Exception:  # any unreadable index is rebuilt below
                failed.append(True)
    try:
        return rebuild(source, root, key)
    except OSError:  # the cache cannot be written (read-only, full): work without it, in a private temporary folder
        private = Path(tempfile.mkdtemp(prefix="judge-index-"))
        atexit.register(shutil.rmtree, private, True)
        return rebuild(source, private, key)
