"""The scenario files of a folder, and the game a file declares, read without loading or running them.

Shared by whatever lists scenarios: ``judge scenario list``, the reports and the site (:mod:`judge.report.runs`),
the FAQ check (which scenarios encode a ruling) and the citation cache (the files a lookup depends on).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def scenario_files(root: Path, unreadable: list[Path] | None = None) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` file under ``root``, sorted by path; the folders that could not be listed are
    added to ``unreadable`` when given (never skipped silently by a caller that reports them). Links are followed;
    a link that leads back to a folder already walked is walked once."""
    import os

    if not root.is_dir():
        return []
    out: list[str] = []
    seen: set[tuple[int, int]] = set()  # folders by device and inode
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            st = os.stat(folder)
            if (st.st_dev, st.st_ino) in seen:
                continue
            seen.add((st.st_dev, st.st_ino))
            with os.scandir(folder) as entries:  # the entries' types come with the listing: no stat per file
                for e in entries:
                    try:
                        if e.is_dir():
                            stack.append(e.path)
                        elif e.name.endswith((".yaml", ".yml")) and e.is_file():
                            out.append(e.path)
                    except OSError:
                        continue
        except OSError as e:
            if unreadable is not None:
                unreadable.append(Path(folder if e.filename is None else e.filename))
    if unreadable is not None:
        unreadable.sort()
    return [Path(p) for p in sorted(out, key=lambda p: p.split(os.sep))]  # by parts, as paths compare


def read_data(path: Path) -> Any:
    """The data of a scenario file read as the loader reads it (bounded, strict YAML), or None when it is not a
    readable scenario's YAML (too large, not a regular file, not UTF-8, a value that cannot be such as 2024-13-45)."""
    from judge.datafile import DataError, read_bounded
    from judge.scenario.loader import MAX_BYTES
    from judge.scenario.parse import parse, text_of
    from judge.scenario.problems import ScenarioError

    try:
        data, _ = parse(text_of(read_bounded(path, MAX_BYTES, "scenario file"), str(path)), str(path))
    except (DataError, ScenarioError):
        return None
    return data


def file_game(path: Path) -> str | None:
    """The ``game:`` a scenario file declares (read without running it), or None."""
    data = read_data(path)
    return str(data["game"]) if isinstance(data, dict) and "game" in data else None


def bundled_named(name: str) -> list[str]:
    """The bundled scenarios a name that finds no file may mean: those of that file name in any game's folder
    (``708_1a_your_turn`` → ``rise/708_1a_your_turn``)."""
    from judge import paths

    stem = Path(name).name.removesuffix(".yaml").removesuffix(".yml")
    if not stem or "/" in name.strip("/") or "\\" in name:
        return []
    import glob

    root = paths.scenarios_dir()
    found = [*root.glob(f"*/{glob.escape(stem)}.yaml"), *root.glob(f"*/{glob.escape(stem)}.yml")]  # the name as typed
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in found)
