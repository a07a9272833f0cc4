"""The scenario files of a folder, and the game a file declares, read without loading or running them.

Shared by whatever lists scenarios: ``judge scenario list``, the reports and the site (:mod:`judge.report.runs`),
the FAQ check (which scenarios encode a ruling) and the citation cache (the files a lookup depends on).
"""

from __future__ import annotations

from pathlib import Path


def scenario_files(root: Path) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` file under ``root``, sorted by path."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml"))


def file_game(path: Path) -> str | None:
    """The ``game:`` a scenario file declares (read without running it), or None."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, OSError, UnicodeDecodeError):
        return None
    return str(data["game"]) if isinstance(data, dict) and "game" in data else None
