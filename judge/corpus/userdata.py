"""Changing the user's corpus layer (:mod:`judge.corpus.layer`): ``judge corpus add``, ``remove`` and ``build``.

Every change is all or nothing, even for a process killed at any point: it builds a complete new generation
folder beside the live one (documents carried over by hard link, the new document's bytes, ``sources.yaml``, the
games it touches parsed anew), flushes it to disk, and only then replaces the ``current`` pointer atomically.
Killed before that, the old generation is still live and the half-built folder is a leftover, removed (and
reported) by the next command that changes or lists the layer. Changes take a lock, so two never interleave.
"""

from __future__ import annotations

import os
import re
import shutil
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from judge import paths
from judge.corpus import layer as layer_mod
from judge.corpus.build import SourceError, BuildResult, build_game, documents_by_game, read_sources
from judge.corpus.layer import FAQ, GEN_PREFIX, GEN_RE, MANIFEST, POINTER, RAW, layer_dir, live_dir, manifest, pointer
from judge.corpus.store import VERSIONS, dump_yaml, game_ids
from judge.datafile import TEMP_SUFFIX, atomic_write, fsync_dir
from judge.locale import join, t

GAME_ID_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")
# names a game may not take: the corpus's other data files, and names Windows reserves for devices
RESERVED_IDS = frozenset(
    {"sources", "glossary", "cards", "faq", "raw", "current", "con", "prn", "aux", "nul"}
    | {f"{dev}{n}" for dev in ("com", "lpt") for n in range(1, 10)}
)
MAX_TITLE = 200
MAX_NAME = 120
_ONE_LINE_BAD = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
LOCK = ".lock"


@dataclass
class Change:
    """What a change of the layer did: the games it parsed, and leftovers of interrupted runs it removed."""

    results: list[BuildResult] = field(default_factory=list)
    leftovers: list[str] = field(default_factory=list)
    removed: str | None = None
    report: Any = None  # what `add` read and what it became (judge.corpus.ingest.AddReport)


@dataclass
class DocInfo:
    """One document of the corpus as ``judge corpus list`` shows it."""

    origin: str  # bundled | added
    game: str
    file: str
    format: str
    title: str | None
    encoding: str | None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


# --- checking what the user gives --------------------------------------------------------------------------
def _text_problem(value: str) -> str | None:
    """Why ``value`` cannot be kept as one line of text, or None."""
    bad = next((c for c in value if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:  # a byte that is not UTF-8, passed through from the command line
        return t("msg.corpus.err.not_utf8", byte=f"0x{ord(bad) - 0xDC00:02x}") if ord(bad) >= 0xDC80 else t("msg.corpus.err.not_text")
    m = _ONE_LINE_BAD.search(value)
    if m:
        return t("msg.corpus.err.control", code=f"U+{ord(m.group()):04X}")
    return None


def check_game_id(game: str) -> str:
    """``game`` if it is a valid game id: lower-case letters, digits, '-' or '_', a letter first, not reserved."""
    if not GAME_ID_RE.fullmatch(game):
        shown = game.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
        raise SourceError(t("msg.corpus.err.game_id", game=repr(shown)[1:-1]))  # one line: a newline shown as \n
    if game in RESERVED_IDS:
        raise SourceError(t("msg.corpus.err.game_reserved", game=game, reserved=join(sorted(RESERVED_IDS)[:6])))
    return game


def check_title(title: str | None) -> str | None:
    """The document title if it is one line of text of at most MAX_TITLE characters."""
    if title is None:
        return None
    problem = _text_problem(title)
    if problem:
        raise SourceError(t("msg.corpus.err.title_text", problem=problem))
    if not title.strip() or len(title) > MAX_TITLE:
        raise SourceError(t("msg.corpus.err.title_length", limit=MAX_TITLE))
    return title


def check_document_name(name: str) -> str:
    """The name a document is kept under (its file name): text, no control characters, not hidden, not too long."""
    problem = _text_problem(name)
    if problem:
        raise SourceError(t("msg.corpus.err.name_text", name=repr(name.encode('utf-8', 'surrogateescape')), problem=problem))
    if name.startswith(".") or len(name) > MAX_NAME:
        raise SourceError(t("msg.corpus.err.name_length", name=name, limit=MAX_NAME))
    return name


# --- the lock and leftovers ---------------------------------------------------------------------------------
@contextmanager
def locked(layer: Path, wait: bool = True) -> Iterator[bool]:
    """Hold the layer's lock (yields False when ``wait`` is off and another process holds it)."""
    try:
        import fcntl
    except ImportError:  # no advisory locks on this platform: changes are still atomic, only not serialised
        yield True
        return
    with open(layer / LOCK, "a") as f:
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def clean_leftovers(layer: Path) -> list[str]:
    """Remove what interrupted runs left (generations the pointer never named, temporary files); hold the lock."""
    live, previous = pointer(layer)
    removed = []
    for p in sorted(layer.iterdir()):
        if p.name.startswith(GEN_PREFIX) and p.name not in (live, previous):
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p.name)
        elif p.name.startswith(f".{POINTER}.") and p.name.endswith(TEMP_SUFFIX):
            p.unlink(missing_ok=True)
            removed.append(p.name)
    return removed


# --- building a generation ----------------------------------------------------------------------------------
def _carry(src: Path, dest: Path) -> None:
    """Put an unchanged file of the live generation into the new one (a hard link, else a flushed copy)."""
    try:
        os.link(src, dest)
    except OSError:
        shutil.copyfile(src, dest)
        with open(dest, "rb+") as f:
            os.fsync(f.fileno())


def _commit(layer: Path, old: Path | None, bases: dict[str, Any], docs: list[dict[str, Any]],
            new_raw: dict[str, bytes], rebuild: set[str], faq: list[dict[str, Any]] | None = None,
            new_faq: dict[str, str] | None = None) -> list[BuildResult]:
    """Write a complete generation holding ``docs`` and the FAQ documents ``faq`` (default: the old generation's)
    and make it the live one; parse the games in ``rebuild`` (and any game the old generation has no file for),
    write the parsed FAQ files in ``new_faq`` (name → YAML) and carry the others; on any failure the new folder is
    removed."""
    faq = faq if faq is not None else (manifest(old)["faq"] if old else [])
    new_faq = new_faq or {}
    gen = layer / f"{GEN_PREFIX}{uuid.uuid4().hex[:12]}"
    assert GEN_RE.fullmatch(gen.name)
    (gen / RAW).mkdir(parents=True)
    results: list[BuildResult] = []
    try:
        for d in docs + faq:
            name = Path(d["file"]).name
            if name in new_raw:
                atomic_write(gen / RAW / name, new_raw[name])
            else:
                assert old is not None
                _carry(old / RAW / name, gen / RAW / name)
        bundled = documents_by_game(paths.corpus_dir())
        new_bases: dict[str, Any] = {}
        for game in sorted({str(d["game"]) for d in docs}):
            if game in rebuild or old is None or not (old / f"{game}.yaml").is_file() or game not in bases:
                mine = [(gen, d) for d in docs if d["game"] == game]
                results.append(build_game(game, bundled.get(game, []) + mine, gen))
                new_bases[game] = layer_mod.bundled_hash(game)
            else:
                _carry(old / f"{game}.yaml", gen / f"{game}.yaml")
                if (old / VERSIONS / game).is_dir():  # its older versions, unchanged too
                    (gen / VERSIONS / game).mkdir(parents=True)
                    for f in sorted((old / VERSIONS / game).iterdir()):
                        _carry(f, gen / VERSIONS / game / f.name)
                new_bases[game] = bases[game]
        if faq:
            (gen / FAQ).mkdir()
        for f in faq:
            if f["parsed"] in new_faq:
                atomic_write(gen / FAQ / f["parsed"], new_faq[f["parsed"]])
            else:
                assert old is not None
                _carry(old / FAQ / f["parsed"], gen / FAQ / f["parsed"])
        if faq:
            fsync_dir(gen / FAQ)
        atomic_write(gen / MANIFEST, dump_yaml({"documents": docs, "bases": new_bases, **({"faq": faq} if faq else {})}))
        fsync_dir(gen / RAW)
        if (gen / VERSIONS).is_dir():
            for folder in sorted((gen / VERSIONS).iterdir()):
                fsync_dir(folder)
            fsync_dir(gen / VERSIONS)
        fsync_dir(gen)
    except BaseException:
        shutil.rmtree(gen, ignore_errors=True)
        raise
    _, before = pointer(layer)
    atomic_write(layer / POINTER, f"{gen.name}\n{old.name if old else ''}\n")  # the moment the change happens
    if before and (old is None or before != old.name):
        shutil.rmtree(layer / before, ignore_errors=True)  # two changes old: no reader can still be in it
    return results


def _current(layer: Path) -> tuple[Path | None, dict[str, Any]]:
    old = live_dir(layer)
    return old, (manifest(old) if old else {"documents": [], "bases": {}, "faq": []})


@contextmanager
def _changing(layer: Path) -> Iterator[tuple[list[str], Path | None, dict[str, Any]]]:
    """The layer locked for one change: what interrupted runs left removed, then its live generation and manifest."""
    with locked(layer):
        leftovers = clean_leftovers(layer)
        yield (leftovers, *_current(layer))


def _check_name_free(name: str, data: dict[str, Any]) -> None:
    """A SourceError when a document (or FAQ document) of that file name is already added or bundled."""
    taken = {Path(d["file"]).name: t("msg.corpus.err.in_added") for d in data["documents"] + data["faq"]}
    bundled = read_sources(paths.corpus_dir())
    taken.update({Path(d["file"]).name: t("msg.corpus.err.in_bundled") for d in (bundled.get("documents") or []) + (bundled.get("faq") or [])})
    if name in taken:
        added = taken[name] != t("msg.corpus.err.in_bundled")
        raise SourceError(t("msg.corpus.err.name_taken_added" if added else "msg.corpus.err.name_taken", name=name, where=taken[name]))


# --- the changes --------------------------------------------------------------------------------------------
def add(file: Path, *, game: str | None = None, new_game: str | None = None, fmt: str | None = None,
        title: str | None = None, encoding: str | None = None, version: str | None = None,
        force: bool = False) -> Change:
    """Add a rules document (text or PDF) to the user's layer: to a known ``game``, or to a ``new_game`` started
    with it. Without ``fmt`` the format is detected; a parse that keeps too little is refused unless ``force``d.
    ``version`` is the document's date or version label when it states none (or another).

    Everything is checked before anything is written; a rebuild that fails changes nothing.
    """
    from judge.corpus import ingest

    if (game is None) == (new_game is None):
        raise SourceError(t("msg.corpus.err.game_or_new"))
    gid = check_game_id(new_game if new_game is not None else str(game))
    known = game_ids()
    if game is not None and gid not in known:
        raise SourceError(t("msg.corpus.err.unknown_game", game=gid, known=join(known)))
    if new_game is not None and gid in known:
        raise SourceError(t("msg.corpus.err.game_exists", game=gid))
    name = check_document_name(file.name)
    title = check_title(title)
    examined = ingest.examine(file, fmt, encoding, version, force)
    overrode = ingest.check_game(examined, gid, *_known_games(), force) if game is not None else None
    doc = examined.document
    layer = layer_dir()
    layer.mkdir(parents=True, exist_ok=True)
    with _changing(layer) as (leftovers, old, data):
        _check_name_free(name, data)
        entry: dict[str, Any] = {"file": f"{RAW}/{name}", "game": gid, "format": examined.format, "encoding": doc.encoding}
        if title is not None:
            entry["title"] = title
        if examined.date:
            entry["date"] = examined.date
        if examined.version:
            entry["version"] = examined.version
        results = _commit(layer, old, data["bases"], data["documents"] + [entry], {name: doc.raw}, {gid})
    built = next(r for r in results if r.game == gid)
    role = next((d.get("role") for d in built.documents if d["file"] == name), None)
    report = ingest.finish(ingest.AddReport(examined, gid, overrode=overrode), built.linked, built.versions, role)
    return Change(results, leftovers, report=report)


def _known_games() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Each game of the corpus as it is now (rule id → heading and text), and each game's name for messages."""
    from judge.corpus.gamenames import game_names
    from judge.corpus.store import read_corpus

    corpus = read_corpus()
    games = {g: {r.id: f"{r.title or ''} {r.text}" for r in corpus.all_rules(g)} for g in corpus.games}
    return games, {g: n.zh for g, n in game_names().items()}


def add_faq(name: str, raw: bytes, entry: dict[str, Any], parsed: str) -> Change:
    """Add a FAQ document (its bytes as given, its manifest ``entry`` and its parsed YAML) to the user's layer, all
    or nothing (:mod:`judge.faq.add` parses and checks it first)."""
    name = check_document_name(name)
    layer = layer_dir()
    layer.mkdir(parents=True, exist_ok=True)
    with _changing(layer) as (leftovers, old, data):
        _check_name_free(name, data)
        if any(f["parsed"] == entry["parsed"] for f in data["faq"]):
            raise SourceError(t("msg.faq.add.err.set_taken", parsed=entry["parsed"]))
        results = _commit(layer, old, data["bases"], data["documents"], {name: raw}, set(),
                          data["faq"] + [{**entry, "file": f"{RAW}/{name}"}], {entry["parsed"]: parsed})
    return Change(results, leftovers)


def remove(name: str) -> Change:
    """Take an added document out of the user's layer (its game is parsed again without it)."""
    layer = layer_dir()
    if not live_dir(layer):
        raise SourceError(t("msg.corpus.err.nothing_added"))
    with _changing(layer) as (leftovers, old, data):
        wanted = Path(name).name
        faq = [f for f in data["faq"] if Path(f["file"]).name == wanted]
        if faq:  # an added FAQ document
            results = _commit(layer, old, data["bases"], data["documents"], {}, set(), [f for f in data["faq"] if f is not faq[0]])
            return Change(results, leftovers, removed=wanted)
        found = [d for d in data["documents"] if Path(d["file"]).name == wanted]
        if not found:
            bundled = {Path(d["file"]).name for d in read_sources(paths.corpus_dir()).get("documents") or []}
            if wanted in bundled:
                raise SourceError(t("msg.corpus.err.is_bundled", name=wanted))
            added = join([Path(d["file"]).name for d in data["documents"]]) or t("msg.scenario.none")
            raise SourceError(t("msg.corpus.err.no_such_added", name=wanted, added=added))
        game = str(found[0]["game"])
        docs = [d for d in data["documents"] if d is not found[0]]
        results = _commit(layer, old, data["bases"], docs, {}, {game})
    return Change(results, leftovers, removed=wanted)


def rebuild() -> Change:
    """Parse every game of the user's layer again (after a parser change or an upgrade); nothing added: no-op."""
    layer = layer_dir()
    if not live_dir(layer):
        return Change()
    with _changing(layer) as (leftovers, old, data):
        results = _commit(layer, old, data["bases"], data["documents"], {}, {str(d["game"]) for d in data["documents"]})
    return Change(results, leftovers)


def refresh() -> Path:
    """Parse again the games whose bundled documents changed since they were built; the live generation after."""
    layer = layer_dir()
    try:
        with locked(layer):
            old, data = _current(layer)
            stale = set(layer_mod.stale_games(data))
            if stale and old is not None:
                _commit(layer, old, data["bases"], data["documents"], {}, stale)
    except (OSError, ValueError) as e:
        raise SourceError(t("msg.corpus.err.refresh", error=e)) from e
    gen = live_dir(layer)
    assert gen is not None
    return gen


def documents() -> list[DocInfo]:
    """Every document of the corpus: the bundled ones, then those the user added."""
    out = []
    for game, docs in documents_by_game(paths.corpus_dir()).items():
        out += [DocInfo("bundled", game, Path(d["file"]).name, d["format"], d.get("title"), d.get("encoding", "utf-8"))
                for _, d in docs]
    gen = live_dir()
    if gen is not None:
        out += [DocInfo("added", str(d["game"]), Path(d["file"]).name, str(d["format"]), d.get("title"), d.get("encoding"))
                for d in manifest(gen)["documents"]]
    return out


def tidy() -> list[str]:
    """Remove leftovers of interrupted runs if no other process is changing the layer now; what was removed."""
    layer = layer_dir()
    if not layer.is_dir():
        return []
    try:
        with locked(layer, wait=False) as got:
            return clean_leftovers(layer) if got else []
    except OSError:
        return []  # a read-only data folder: nothing to tidy from here
