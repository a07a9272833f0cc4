"""``judge corpus build`` / ``add``: parse the raw documents listed in ``sources.yaml``."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge import paths
from judge.corpus.formats import FORMATS, get_parser
from judge.corpus.link import link
from judge.corpus.model import ParsedRule
from judge.corpus.store import GAMES, write_game
from judge.datafile import DataError, expect_mapping, read_text, read_yaml
from judge.locale import t

SOURCES = "sources.yaml"


class SourceError(DataError):
    """The sources manifest or a document listed in it is not usable."""


@dataclass
class BuildResult:
    game: str
    path: Path
    rules: int
    damaged: int
    unresolved: int


def read_sources(root: Path) -> dict[str, Any]:
    """``sources.yaml``: ``documents`` (file, game, format) and ``faq`` (file, game) lists, checked."""
    path = root / SOURCES
    data = expect_mapping(path, read_yaml(path) or {})
    for section, keys in (("documents", ("file", "game", "format")), ("faq", ("file", "game"))):
        items = data.get(section) or []
        if not isinstance(items, list):
            raise SourceError(t("msg.source.not_list", path=path, section=section))
        for i, doc in enumerate(items):
            if not isinstance(doc, dict):
                raise SourceError(t("msg.source.not_mapping", path=path, item=f"{section}[{i}]", keys=", ".join(keys)))
            for key in keys:
                if key not in doc:
                    raise SourceError(t("msg.source.no_key", path=path, item=f"{section}[{i}]", key=key, keys=", ".join(keys)))
            if section == "documents" and doc["format"] not in FORMATS:
                unknown = t("msg.source.unknown_format", name=doc["format"], formats=", ".join(sorted(FORMATS)))
                raise SourceError(f"{path}: {section}[{i}]: {unknown}")
    return data


def parse_document(root: Path, doc: dict[str, Any]) -> list[ParsedRule]:
    """Parse one listed document with its format."""
    path = root / doc["file"]
    try:
        text = read_text(path)
    except DataError as e:
        raise SourceError(t("msg.source.listed", error=e, sources=SOURCES)) from e
    return get_parser(doc["format"])(text)


def build(root: Path | None = None, out: Path | None = None) -> list[BuildResult]:
    """Parse every document and write ``<game>.yaml`` files; byte-identical for the same input."""
    root = root or paths.corpus_dir()
    out = out or root
    sources = read_sources(root)
    by_game: dict[str, list[dict[str, Any]]] = {}
    for doc in sources.get("documents") or []:
        by_game.setdefault(doc["game"], []).append(doc)
    results = []
    for game in sorted(by_game, key=lambda g: (GAMES.index(g) if g in GAMES else len(GAMES), g)):
        parsed: list[ParsedRule] = []
        meta = []
        files = []
        for doc in by_game[game]:
            rules = parse_document(root, doc)
            name = Path(doc["file"]).name
            files.append(name)
            parsed += rules
            raw = (root / doc["file"]).read_bytes()
            meta.append(
                {
                    "file": name,
                    "sha256": hashlib.sha256(raw).hexdigest(),
                    "title": doc.get("title"),
                    "format": doc["format"],
                    "script": doc.get("script"),
                }
            )
        linked = link(game, " + ".join(files), parsed) if len(files) > 1 else link(game, files[0], parsed)
        path = write_game(game, meta, linked, out)
        results.append(
            BuildResult(
                game=game,
                path=path,
                rules=len(linked),
                damaged=sum(r.damaged for r in linked),
                unresolved=sum(not ref.resolved for r in linked for ref in r.refs),
            )
        )
    return results


_GAME_ID_RE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")


def add(file: Path, game: str, fmt: str, title: str | None = None, root: Path | None = None) -> list[BuildResult]:
    """Copy a new document into ``raw/``, list it in ``sources.yaml`` and rebuild.

    If the rebuild fails (no rules found, a rule number already in the game …), the manifest and
    ``raw/`` are put back as they were and the error is raised.
    """
    root = root or paths.corpus_dir()
    if not _GAME_ID_RE.match(game):
        raise SourceError(t("msg.source.bad_game", game=game))
    parser = get_parser(fmt)  # unknown format: fail before touching anything
    try:
        text = file.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise SourceError(t("msg.data.not_utf8", path=file, byte=e.start)) from e
    if not parser(text):
        raise SourceError(t("msg.source.no_rules", file=file, format=fmt))
    sources = read_sources(root)
    dest = root / "raw" / file.name
    if f"raw/{file.name}" in {d["file"] for d in sources.get("documents") or []} or dest.exists():
        raise SourceError(t("msg.source.exists", name=file.name, folder=root / "raw"))
    entry = {"file": f"raw/{file.name}", "game": game, "format": fmt}
    if title:
        entry["title"] = title
    manifest = root / SOURCES
    before = manifest.read_text(encoding="utf-8")
    # Append as text so the manifest's comments and layout stay as the user wrote them.
    block = "".join(f"    {k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in entry.items())
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(file, dest)
    manifest.write_text(before + ("" if before.endswith("\n") else "\n") + "  - " + block[4:], encoding="utf-8")
    try:
        return build(root)
    except Exception:
        manifest.write_text(before, encoding="utf-8")
        dest.unlink()
        raise
