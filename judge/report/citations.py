"""Which scenarios cite which rules, cached so that ``judge rule`` does not rerun every scenario.

The cache file lives in the per-user cache (``$JUDGE_CACHE_DIR``) and is keyed by everything a
run depends on: the scenario files, the engine, game and scenario code and data, and the corpus.
Change any of them and the next lookup runs the scenarios again; a damaged cache file is ignored.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from judge import filesig, paths
from judge.datafile import MAX_DATA_BYTES, read_bounded
from judge.report.files import write_atomic

CACHE_VERSION = "2"
KEYS_MEMO = "keys.json"  # beside the cache files: input signatures -> content key
_PKG = Path(__file__).resolve().parents[1]
# The code and data a scenario run depends on (relative to the package).
_RUN_INPUTS = ("engine", "games", "scenario")


def _inputs(root: Path) -> list[Path]:
    """The files a run of the scenarios under ``root`` reads: code and data of the engine, the games and the
    scenario layer, the scenario files and the corpus (the user's added documents included)."""
    from judge.corpus.store import game_files
    from judge.scenario.files import scenario_files

    code = [
        p for folder in _RUN_INPUTS for p in sorted((_PKG / folder).rglob("*"))
        if p.suffix in (".py", ".yaml", ".json") and p.is_file()
    ]
    return [*code, *scenario_files(root), *game_files().values()]


def _content_key(root: Path, game: str, files: list[Path]) -> str:
    """A hash of every input's bytes."""
    h = hashlib.sha256(f"v{CACHE_VERSION}\0{game}\0".encode())
    for p in files:
        name = p.relative_to(_PKG).as_posix() if p.is_relative_to(_PKG) else str(p.resolve())
        h.update(name.encode() + b"\0" + read_bounded(p, MAX_DATA_BYTES))
    return h.hexdigest()[:32]


def _key(root: Path, game: str) -> str:
    """The content key of ``game``'s runs under ``root``, found by the inputs' signature when known (:mod:`judge.filesig`)."""
    files = _inputs(root)
    sig = filesig.signature(files, f"v{CACHE_VERSION}\0{game}")
    return filesig.memo_key(paths.cache_dir() / "citations" / KEYS_MEMO, sig, lambda: _content_key(root, game, files))


def _compute(root: Path, game: str) -> dict[str, list[dict[str, str]]]:
    from judge.report.runs import citing_index, run_all

    return {
        rid: [{"file": r.name, "title": r.title, "status": r.status} for r in runs]
        for (g, rid), runs in citing_index(run_all(root, game)).items()
        if g == game
    }


def _well_formed(data: object) -> bool:
    """A cache file of the expected shape: rule id → ``[{file, title, status}]`` with text values."""
    return isinstance(data, dict) and all(
        isinstance(k, str) and isinstance(v, list)
        and all(isinstance(s, dict) and all(isinstance(s.get(f), str) for f in ("file", "title", "status")) for s in v)
        for k, v in data.items()
    )


def citing(game: str, root: Path | None = None) -> dict[str, list[dict[str, str]]]:
    """Rule id → the scenarios of ``game`` whose steps cite it (``[{file, title, status}]``)."""
    root = root or paths.scenarios_dir()
    path = paths.cache_dir() / "citations" / f"{game}-{_key(root, game)}.json"
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
        if _well_formed(cached):
            return cached
    except (OSError, ValueError):
        pass  # missing or damaged: computed again and rewritten
    data = _compute(root, game)
    try:  # atomic: a concurrent reader sees the old file or the new one
        write_atomic(path, json.dumps(data, ensure_ascii=False))
    except OSError:
        pass  # a read-only cache only costs speed
    return data
