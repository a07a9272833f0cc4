"""What each scenario file of a folder says of itself and how its run comes out, kept in the per-user cache.

``judge scenario list``, ``judge faq show|check``, ``judge coverage`` and the "cited by" links of ``judge rule`` all
need, for every scenario file, either what it declares (game, title, the rulings it encodes) or how its run ends
(status, the rules its steps cite, why it failed). :func:`catalogue` gives both without rerunning a file whose
outcome cannot have changed: each file's entry is keyed by the file's bytes, the bytes of the card library it names,
and the *engine key* — the content of every file of the ``judge`` package and of the corpus the run reads. A
changed byte in any of them gives another key, so the file is read (and, when its outcome is asked for, run) again;
an entry is never stale. A file is recognised unchanged by its ``stat`` data (size, times, inode), as
:mod:`judge.filesig` does, unless it changed within :data:`~judge.filesig.RACY_SECONDS`; then its bytes are hashed.
A damaged or unwritable cache only costs speed.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from judge import filesig, paths

VERSION = "3"  # of the entries' shape; another value leaves the old cache unread
_PKG = Path(__file__).resolve().parents[1]
_CODE_SUFFIXES = (".py", ".yaml", ".json", ".txt", ".md")


@dataclass
class Summary:
    """One scenario file: what it declares, and (when asked for) how its run ended."""

    path: Path
    name: str  # relative to the scenarios folder when inside it, else the path as given
    game: str | None = None
    title: str = ""
    sources: list[dict[str, Any]] = field(default_factory=list)  # the file's `source:` (FAQ entries, worked examples)
    readable: bool = False  # its YAML could be read (a file refused by the loader may still be readable)
    ran: bool = False  # the engine ran it (a valid file); False for an invalid file or an engine failure
    status: str = ""  # pass / fail / stopped …, or invalid / engine-error
    passed: bool = False
    detail: str = ""  # why it did not pass, in the judge's language
    error: str = ""  # why it could not run (the loader's messages with their places, or the engine's failure)
    message: str = ""  # an invalid file's first problem, without its place
    crashed: bool = False  # the engine failed on a valid file (a bug to report)
    cites: list[str] = field(default_factory=list)  # every rule a step cites, first appearance first
    decisive: list[str] = field(default_factory=list)  # the rules the file says its ruling rests on (see _decisive)
    cards: list[dict[str, Any]] = field(default_factory=list)  # its cards: {id, zh, en, text, uses} as the file writes them
    library: str | None = None  # the card library it names (resolved path)

    def cited_rules(self) -> list[str]:
        return list(self.cites)


def engine_key() -> str:
    """A hash of every code and data file of the ``judge`` package and of the corpus files a run reads (found by
    their signature when known, :mod:`judge.filesig`)."""
    from judge.corpus.store import game_files

    code = []
    for folder, dirs, files in os.walk(_PKG):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        code += [Path(folder) / f for f in sorted(files) if f.endswith(_CODE_SUFFIXES)]
    inputs = [*code, *game_files().values()]
    salt = f"catalogue-v{VERSION}\0{sys.version_info[0]}.{sys.version_info[1]}"

    def content() -> str:
        from judge.datafile import MAX_DATA_BYTES, read_bounded

        h = filesig.sha256(salt.encode())
        for p in inputs:
            name = p.relative_to(_PKG).as_posix() if p.is_relative_to(_PKG) else str(p.resolve())
            try:
                h.update(name.encode() + b"\0" + read_bounded(p, MAX_DATA_BYTES) + b"\0")
            except ValueError:  # a corpus file gone or unreadable since it was listed: its run fails the same way
                h.update(name.encode() + b"\0missing\0")
        return h.hexdigest()[:32]

    return filesig.memo_key(paths.cache_dir() / "catalogue" / "keys.json", filesig.signature(inputs, salt), content)


def _stat(path: Path | str) -> list[int] | None:
    """``path``'s size, times and inode, or None when they cannot be trusted (missing, or changed just now)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if time.time() - st.st_mtime < filesig.RACY_SECONDS:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _bytes(path: Path) -> bytes | None:
    from judge.datafile import DataError, read_bounded
    from judge.scenario.loader import MAX_BYTES

    try:
        return read_bounded(path, MAX_BYTES, "scenario file")
    except DataError:
        return None


def _facts(path: Path, raw: bytes | None) -> dict[str, Any]:
    """What a file declares (read as the loader reads it, without loading it): game, title, sources, library."""
    from judge.scenario.files import read_data

    data = read_data(path) if raw is not None else None
    if not isinstance(data, dict):
        return {"readable": False}
    sources = sources_of(data)
    lib = data.get("library")
    return {
        "readable": True,
        "decisive": _decisive(data, sources),
        "cards": _cards(data.get("cards")),
        "game": str(data["game"]) if "game" in data else None,
        "title": str(data.get("title") or ""),
        "sources": json.loads(json.dumps(sources, ensure_ascii=False, default=str)),
        "library": str((path.parent / lib).resolve()) if isinstance(lib, str) else None,
    }


def _cards(cards: Any) -> list[dict[str, Any]]:
    """The cards a file writes: id, name in each language, printed text, the library card it uses (each a text or
    None)."""
    out = []
    for cid, c in (cards or {}).items() if isinstance(cards, dict) else []:
        if not isinstance(c, dict):
            continue
        name = c.get("name")
        zh, en = (name.get("zh"), name.get("en")) if isinstance(name, dict) else (name, None)
        out.append({k: (str(v) if isinstance(v, (str, int)) else None) for k, v in
                    (("id", cid), ("zh", zh), ("en", en), ("text", c.get("text")), ("uses", c.get("uses")))})
    return out


def sources_of(data: Any) -> list[dict[str, Any]]:
    """A scenario file's ``source:`` as a list of its mappings (one source, a list of them, or none)."""
    src = data.get("source") if isinstance(data, dict) else None
    return [s for s in (src if isinstance(src, list) else [src]) if isinstance(s, dict)]


def decisive_rules(data: Any) -> list[str]:
    """The rules a scenario file's data says its ruling rests on (see :func:`_decisive`)."""
    return _decisive(data, sources_of(data)) if isinstance(data, dict) else []


def _decisive(data: dict[str, Any], sources: list[dict[str, Any]]) -> list[str]:
    """The rules a file's ruling rests on, as the file says: each rule an expectation asserts a step cites
    (``{cites: RULE}``), and the rule whose worked example it encodes (``source: {kind: example, rule: …}``).
    Every other rule its steps cite is a routine citation (priority, announcing, resolving …)."""
    out: list[str] = []
    for s in sources:
        if s.get("kind") == "example" and isinstance(s.get("rule"), (str, int)):
            out.append(str(s["rule"]))
    for exp in data.get("expect") or [] if isinstance(data.get("expect"), list) else []:
        if isinstance(exp, dict) and isinstance(exp.get("cites"), (str, int)):
            out.append(str(exp["cites"]))
    return list(dict.fromkeys(out))


def _cache_file(root: Path) -> Path:
    return paths.cache_dir() / "catalogue" / f"{filesig.sha256(os.path.abspath(root).encode()).hexdigest()[:24]}.json"


def _read_cache(file: Path) -> dict[str, Any]:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not (isinstance(data, dict) and data.get("version") == VERSION and isinstance(data.get("files"), dict)):
        return {}
    return {k: v for k, v in data["files"].items() if _well_formed(v)}


_FACTS = {"readable": bool, "game": (str, type(None)), "title": str, "sources": list, "library": (str, type(None)),
          "decisive": list, "cards": list}
_OUTCOME = {"status": str, "ran": bool, "passed": bool, "detail": str, "error": str, "message": str, "crashed": bool,
            "cites": list}


def _typed(values: dict[str, Any], types: dict[str, Any]) -> bool:
    return all(isinstance(values[k], kind) for k, kind in types.items() if k in values)


def _well_formed(entry: Any) -> bool:
    """An entry of the shape this module writes (anything else in the cache file is read as no entry)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
        return False
    facts, outcomes = entry.get("facts"), entry.get("outcome", {})
    if not (isinstance(facts, dict) and "readable" in facts and _typed(facts, _FACTS)
            and all(isinstance(s, dict) for s in facts.get("sources", []))
            and all(isinstance(c, dict) and all(v is None or isinstance(v, str) for v in c.values())
                    for c in facts.get("cards", []))):
        return False
    return isinstance(outcomes, dict) and all(
        isinstance(o, dict) and _typed(o, _OUTCOME) and all(isinstance(r, str) for r in o.get("cites", []))
        for o in outcomes.values())


def _key(engine: str, path: Path, raw: bytes | None, library: str | None) -> str:
    h = filesig.sha256(f"{engine}\0{os.path.abspath(path)}\0".encode())
    h.update(b"missing" if raw is None else raw)
    if library is not None:
        lib = _bytes(Path(library))
        h.update(b"\0library\0" + (b"missing" if lib is None else lib))
    return h.hexdigest()[:32]


def display_name(path: Path, root: Path | None) -> str:
    """``rise/709_2b_example.yaml`` for a file under the scenarios folder ``root``, else the path as given."""
    if root is None:
        return path.as_posix()
    try:
        return path.relative_to(root).as_posix()  # as listed under the folder
    except ValueError:
        pass
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()  # a link into it, a path with ".." …
    except ValueError:
        return path.as_posix()


def catalogue(
    root: Path | None = None,
    files: Iterable[Path] | None = None,
    run: bool | Callable[[Summary], bool] = True,
) -> list[Summary]:
    """A summary of each scenario file under ``root`` (the bundled scenarios by default), or of ``files``, in path
    order; with ``run`` (true, or a test of a file's summary, such as its game), its outcome too, in
    the language in use (outcomes are kept per language: their messages are the judge's)."""
    from judge.datafile import write_cache
    from judge.progress import Progress
    from judge.scenario.files import scenario_files

    root = root or paths.scenarios_dir()
    chosen = sorted(Path(p) for p in files) if files is not None else scenario_files(root)
    cache_file = _cache_file(root)
    stored = _read_cache(cache_file)
    engine = engine_key()
    out: list[Summary] = []
    kept: dict[str, Any] = {}
    changed = False
    with Progress("msg.progress.scenarios", len(chosen)) as progress:  # on a terminal, when files run for a while
        for path in chosen:
            name = os.path.abspath(path)
            summary, kept[name], fresh = _summary(path, display_name(path, root), stored.get(name) or {}, engine, run)
            changed |= fresh
            out.append(summary)
            progress.step()
    if files is not None:  # a partial listing keeps the other files' entries
        kept = {**stored, **kept}
    if changed or set(kept) != set(stored):
        write_cache(cache_file, json.dumps({"version": VERSION, "files": kept}, ensure_ascii=False, sort_keys=True).encode())
    return out


def _summary(path: Path, name: str, entry: dict[str, Any], engine: str,
             run: bool | Callable[[Summary], bool]) -> tuple[Summary, dict[str, Any], bool]:
    """One file's summary from its cache ``entry`` when that still holds (else read, and run when asked), the entry
    to keep, and whether it changed."""
    from judge.locale import current

    changed = False
    facts = entry.get("facts") if isinstance(entry.get("facts"), dict) else None
    library = facts.get("library") if facts else None
    sig, lib_sig = _stat(path), _stat(Path(library)) if library else None
    same = (entry.get("engine") == engine and facts is not None and sig is not None and entry.get("stat") == sig
            and (not library or (lib_sig is not None and entry.get("lib_stat") == lib_sig)))
    if not same:
        raw = _bytes(path)
        raw_key = "missing" if raw is None else filesig.sha256(raw).hexdigest()[:32]
        if facts is None or entry.get("raw") != raw_key or entry.get("engine") != engine:
            facts = _facts(path, raw)
        key = _key(engine, path, raw, facts.get("library"))
        if key != entry.get("key"):
            entry = {"key": key, "outcome": {}}
        entry.update(engine=engine, stat=sig, raw=raw_key, facts=facts,
                     lib_stat=_stat(Path(facts["library"])) if facts.get("library") else None)
        changed = True
    assert facts is not None
    s = Summary(path, name, facts.get("game"), facts.get("title") or "", list(facts.get("sources") or []),
                bool(facts.get("readable")), decisive=[str(r) for r in facts.get("decisive") or []],
                cards=[c for c in facts.get("cards") or [] if isinstance(c, dict)], library=facts.get("library"))
    if not (run(s) if callable(run) else run):
        return s, entry, changed
    lang = current()
    outcomes = entry.setdefault("outcome", {})
    if not isinstance(outcomes.get(lang), dict):
        from judge.scenario.runner import outcome  # the engine, imported only when a file must run

        outcomes[lang] = outcome(str(path))
        changed = True
    got = outcomes[lang]
    s.status, s.ran, s.passed = str(got.get("status", "")), bool(got.get("ran")), bool(got.get("passed"))
    s.detail, s.error, s.crashed = str(got.get("detail", "")), str(got.get("error", "")), bool(got.get("crashed"))
    s.message = str(got.get("message", ""))
    s.cites = [str(r) for r in got.get("cites") or []]
    return s, entry, changed
