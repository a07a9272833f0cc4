"""Which scenarios cite which rules, for the "cited by" list of ``judge rule``, from the scenario catalogue.

The catalogue (:mod:`judge.scenario.catalogue`) keeps each file's outcome in the per-user cache, keyed by the file,
its card library, the engine and the corpus: a lookup reruns only what changed, and a damaged cache is rebuilt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def citing(game: str, root: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Rule id → the scenarios of ``game`` whose steps cite it (``[{file, title, status, decisive}]``, in path order;
    ``decisive``: the file says its ruling rests on the rule — an expectation asserts it is cited, or the file
    encodes its worked example)."""
    from judge.scenario.catalogue import catalogue

    out: dict[str, list[dict[str, str]]] = {}
    for s in catalogue(root, run=lambda s: s.game == game):
        if s.game != game or not s.ran:
            continue
        for rid in s.cites:
            out.setdefault(rid, []).append({"file": s.name, "title": s.title or s.name, "status": s.status,
                                            "decisive": rid in s.decisive})
    return out
