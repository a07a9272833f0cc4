"""Which scenario files encode which published rulings: the ``source`` each names (``{kind: faq, entry: …}`` for a
FAQ entry, ``{kind: example, rule: …}`` for a rule's worked examples), read without running them."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _sources(data: Any, kind: str) -> list[dict[str, Any]]:
    from judge.scenario.catalogue import sources_of

    return [s for s in sources_of(data) if s.get("kind") == kind]


def faq_sources(data: Any) -> list[str]:
    """The FAQ entry ids a loaded scenario names as its ``source``: ``{kind: faq, entry: …}`` (the
    scenario schema's key) or ``{kind: faq, id: …}``."""
    return [str(s.get("entry", s.get("id"))) for s in _sources(data, "faq") if "entry" in s or "id" in s]


def example_sources(data: Any) -> list[tuple[str, str, int | None]]:
    """The (game, rule id, example) of each worked example a loaded scenario names: ``{kind: example, rule: …}``,
    with ``example: n`` when it encodes the n-th example of a rule that has several (None: every one)."""
    game = str(data.get("game", "")) if isinstance(data, dict) else ""
    return [(game, str(s["rule"]), s["example"] if isinstance(s.get("example"), int) else None)
            for s in _sources(data, "example") if "rule" in s]


Listed = list[tuple[Path, Any]]  # each scenario file with what it declares (None: not YAML)


def declarations(scenarios_root: Path) -> Listed:
    """Each scenario file under the folder with what it declares (``None`` when it cannot be read as YAML), from the
    scenario catalogue (files read once, then recognised unchanged); the finders below take it, read once."""
    from judge.scenario.catalogue import catalogue

    return [(s.path, {"game": s.game, "source": s.sources} if s.readable else None)
            for s in catalogue(scenarios_root, run=False)]


def unreadable_scenarios(scenarios_root: Path, listed: Listed | None = None) -> list[Path]:
    """Scenario files that are not YAML at all: whatever ruling they encode can no longer be checked."""
    return [p for p, data in (declarations(scenarios_root) if listed is None else listed) if data is None]


def find_example_scenarios(scenarios_root: Path, listed: Listed | None = None) -> dict[tuple[str, str], list[tuple[Path, int | None]]]:
    """(game, rule id) → the scenario files naming an example of that rule as their source, each with the example
    it names (None: all of them)."""
    found: dict[tuple[str, str], list[tuple[Path, int | None]]] = {}
    for path, data in declarations(scenarios_root) if listed is None else listed:
        for game, rid, n in example_sources(data):
            found.setdefault((game, rid), []).append((path, n))
    return found


def find_faq_scenarios(scenarios_root: Path, listed: Listed | None = None) -> dict[str, list[Path]]:
    """FAQ entry id → the scenario files (``*.yaml``/``*.yml`` under ``scenarios_root``) naming it.

    Files that are not YAML at all name nothing; :func:`check` reports them as problems.
    """
    found: dict[str, list[Path]] = {}
    for path, data in declarations(scenarios_root) if listed is None else listed:
        for fid in faq_sources(data):
            found.setdefault(fid, []).append(path)
    return found
