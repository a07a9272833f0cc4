"""Reading the user's corpus layer: the documents a judge added, kept in their data folder over the bundled corpus.

Layout under ``<data>/corpus/`` (``<data>`` is ``$JUDGE_DATA_DIR`` or the per-user data folder)::

    current        the live generation's folder name (first line) and the one before it (second line)
    g-<id>/        one generation: sources.yaml (the added documents), raw/ (their bytes as given),
                   <game>.yaml (each game with an added document, parsed with that game's bundled documents),
                   versions/<game>/ (a game's older versions), faq/ (the FAQ documents added, parsed)

A generation is never changed once ``current`` names it; a change writes a complete new one and swaps
``current`` (see :mod:`judge.corpus.userdata`). Reading never writes, except to rebuild a game whose bundled
documents changed since its generation was built (an upgrade of ``judge``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from judge import paths
from judge.datafile import DataError, expect_mapping
from judge.locale import os_reason, t

POINTER = "current"
GEN_PREFIX = "g-"
GEN_RE = re.compile(r"g-[0-9a-f]{12}")
MANIFEST = "sources.yaml"
RAW = "raw"
FAQ = "faq"  # the parsed FAQ documents the user added


def layer_dir() -> Path:
    """``<data>/corpus``: the user's layer (it may not exist)."""
    return paths.user_data_dir() / "corpus"


def pointer(layer: Path | None = None) -> tuple[str | None, str | None]:
    """The live generation's name and the previous one's (``None`` when the user added nothing yet)."""
    path = (layer or layer_dir()) / POINTER
    try:
        raw = path.read_bytes()[:200]
    except (FileNotFoundError, NotADirectoryError):  # nothing added (or no data folder can exist there)
        return None, None
    except OSError as e:
        raise DataError(t("msg.data.unreadable", path=path, reason=os_reason(e))) from e
    lines = raw.decode("ascii", "replace").split("\n")
    live = lines[0].strip()
    previous = lines[1].strip() if len(lines) > 1 and GEN_RE.fullmatch(lines[1].strip()) else None
    if not GEN_RE.fullmatch(live) or not (path.parent / live).is_dir():
        raise DataError(t("msg.corpus.err.pointer", path=path, folder=path.parent))
    return live, previous


def live_dir(layer: Path | None = None) -> Path | None:
    """The live generation folder, or ``None`` when the user added nothing."""
    layer = layer or layer_dir()
    live, _ = pointer(layer)
    return layer / live if live else None


def manifest(gen: Path) -> dict[str, Any]:
    """A generation's ``sources.yaml``: ``documents`` (file, game, format, encoding, title) and ``bases``
    (game → the sha256 of the bundled ``<game>.yaml`` its file was built over, or null)."""
    from judge.corpus.cache import cached_yaml  # a lookup reads it from the cache, without PyYAML

    path = gen / MANIFEST
    data = expect_mapping(path, cached_yaml(path) or {})
    docs = data.get("documents") or []
    bases = data.get("bases") or {}
    if not isinstance(docs, list) or not all(isinstance(d, dict) and {"file", "game", "format"} <= set(d) for d in docs):
        raise DataError(t("msg.corpus.err.manifest_documents", path=path))
    if not isinstance(bases, dict):
        raise DataError(t("msg.corpus.err.manifest_bases", path=path))
    faq = data.get("faq") or []
    if not isinstance(faq, list) or not all(isinstance(d, dict) and {"file", "game", "parsed"} <= set(d) for d in faq):
        raise DataError(t("msg.faq.add.err.manifest", path=path))
    return {"documents": docs, "bases": bases, "faq": faq}


def faq_files() -> list[Path]:
    """The parsed FAQ files the user added (``faq/<game>-<set>.yaml`` in the live generation), by name."""
    gen = live_dir()
    return sorted((gen / FAQ).glob("*.yaml")) if gen is not None and (gen / FAQ).is_dir() else []


def bundled_hash(game: str) -> str | None:
    """The sha256 of the bundled ``<game>.yaml`` (``None`` when the game is not bundled)."""
    import hashlib  # here, not at the top: a search imports this module (start-up time)

    try:
        return hashlib.sha256((paths.corpus_dir() / f"{game}.yaml").read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def stale_games(data: dict[str, Any]) -> list[str]:
    """Games of a generation (its manifest) built over bundled documents that have changed since (an upgrade)."""
    return sorted(g for g, h in data["bases"].items() if h != bundled_hash(str(g)))


def game_files() -> dict[str, Path]:
    """Each game with an added document → its parsed file in the live generation (none: an empty mapping).

    A game whose bundled documents changed since it was built is rebuilt first (see the module docstring).
    """
    gen = live_dir()
    if gen is None:
        return {}
    data = manifest(gen)
    if stale_games(data):
        from judge.corpus import userdata

        gen = userdata.refresh()
        data = manifest(gen)
    games = {str(d["game"]) for d in data["documents"]}
    return {g: gen / f"{g}.yaml" for g in sorted(games)}
