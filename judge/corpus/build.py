"""Parsing the raw documents listed in a ``sources.yaml`` into ``<game>.yaml`` files (``judge corpus build``)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge import paths
from judge.corpus.decode import check_plain, decode
from judge.corpus.formats import FORMATS, get_parser
from judge.corpus.link import link
from judge.corpus.model import ParsedRule, Source
from judge.corpus.store import GAMES, write_game
from judge.datafile import DataError, expect_mapping, read_bounded, read_yaml
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


MAX_DOCUMENT_BYTES = 8 * 1024 * 1024  # the bundled documents are under 60 KB; a whole comprehensive rules book fits


@dataclass
class Document:
    """One rules document as read: its bytes, its text and the encoding the text was read in."""

    name: str
    raw: bytes
    text: str
    encoding: str


def read_document(path: Path, encoding: str | None = None, label: str | None = None) -> Document:
    """Read a rules document: a regular file of bounded size, decoded (detected or ``encoding``), plain text."""
    label = label or str(path)
    raw = read_bounded(path, MAX_DOCUMENT_BYTES, "rules document")
    text, used = decode(raw, label, encoding)
    check_plain(text, label)
    return Document(path.name, raw, text.replace("\r\n", "\n").replace("\r", "\n"), used)


def parse_document(root: Path, doc: dict[str, Any]) -> tuple[Document, list[ParsedRule]]:
    """Read one listed document (in the encoding the list names, else detected) and parse it with its format."""
    path = root / doc["file"]
    try:
        read = read_document(path, doc.get("encoding"))
    except DataError as e:
        raise SourceError(t("msg.source.listed", error=e, sources=root / SOURCES)) from e
    return read, get_parser(doc["format"])(read.text)


def build_game(game: str, docs: list[tuple[Path, dict[str, Any]]], out: Path) -> BuildResult:
    """Parse and link one game's documents (each with the folder its ``file`` is relative to); write ``<game>.yaml``."""
    parsed: list[ParsedRule] = []
    meta = []
    files = []
    origin: dict[str, str] = {}  # rule id → the document it comes from (ids are unique in a game: link checks)
    for root, doc in docs:
        read, rules = parse_document(root, doc)
        files.append(read.name)
        parsed += rules
        origin.update((r.id, read.name) for r in rules)
        meta.append(
            {
                "file": read.name,
                "sha256": hashlib.sha256(read.raw).hexdigest(),
                "title": doc.get("title"),
                "format": doc["format"],
                "script": doc.get("script"),
            }
        )
    linked = link(game, " + ".join(files), parsed)
    for r in linked:
        r.source = Source(origin[r.id], r.source.line)
    path = write_game(game, meta, linked, out)
    return BuildResult(
        game=game,
        path=path,
        rules=len(linked),
        damaged=sum(r.damaged for r in linked),
        unresolved=sum(not ref.resolved for r in linked for ref in r.refs),
    )


def documents_by_game(root: Path) -> dict[str, list[tuple[Path, dict[str, Any]]]]:
    """The documents listed in ``<root>/sources.yaml``, by game (bundled games first, in their order)."""
    by_game: dict[str, list[tuple[Path, dict[str, Any]]]] = {}
    for doc in read_sources(root).get("documents") or []:
        by_game.setdefault(str(doc["game"]), []).append((root, doc))
    order = sorted(by_game, key=lambda g: (GAMES.index(g) if g in GAMES else len(GAMES), g))
    return {g: by_game[g] for g in order}


def build(root: Path | None = None, out: Path | None = None) -> list[BuildResult]:
    """Parse every document and write ``<game>.yaml`` files; byte-identical for the same input."""
    root = root or paths.corpus_dir()
    out = out or root
    return [build_game(game, docs, out) for game, docs in documents_by_game(root).items()]
