"""Parsing the raw documents listed in a ``sources.yaml`` into ``<game>.yaml`` files (``judge corpus build``)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge import paths
from judge.corpus import dates
from judge.corpus.decode import check_plain, decode
from judge.corpus.formats import FORMATS, get_parser
from judge.corpus.link import DuplicateRuleError, link
from judge.corpus.model import ParsedRule, Rule, Source
from judge.corpus.store import GAMES, VERSIONS, write_game
from judge.corpus.versions import Placed, SameVersionError, View, compose, slug
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
    documents: list[dict[str, Any]] = field(default_factory=list)  # each document's meta: file, date, role …
    versions: list[dict[str, Any]] = field(default_factory=list)  # [{version, date, documents, rules, file}]
    linked: list[Rule] = field(default_factory=list, repr=False)  # the newest version's rules


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
MAX_PDF_BYTES = 64 * 1024 * 1024  # a PDF carries its fonts and pictures


@dataclass
class Document:
    """One rules document as read: its bytes, its text and the encoding the text was read in (``pdf`` for a PDF,
    whose text is its pages' joined by form feeds)."""

    name: str
    raw: bytes
    text: str
    encoding: str

    @property
    def pages(self) -> int:
        return self.text.count("\f") + 1 if self.encoding == "pdf" else 0


def read_document(path: Path, encoding: str | None = None, label: str | None = None) -> Document:
    """Read a rules document: a regular file of bounded size, a PDF (its text) or text decoded (detected or
    ``encoding``)."""
    from judge.corpus import pdf

    label = label or str(path)
    raw = read_bounded(path, MAX_PDF_BYTES, "rules document")
    if pdf.is_pdf(raw):
        text, used = pdf.to_text(raw, label), "pdf"
    else:
        if len(raw) > MAX_DOCUMENT_BYTES:
            read_bounded(path, MAX_DOCUMENT_BYTES, "rules document")  # raises the message naming the limit
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


def _placed(order: int, read: Document, rules: list[ParsedRule], doc: dict[str, Any]) -> Placed:
    """A parsed document with its version: the date and version given in the list, else those it states."""
    check_unique(read.name, rules)
    stated = dates.read(read.text)
    return Placed(read.name, order, doc.get("date") or stated.date, doc.get("version") or stated.version, rules)


def check_unique(file: str, rules: list[ParsedRule]) -> None:
    """A DuplicateRuleError naming the file and both lines when one document holds a rule number twice."""
    seen: dict[str, int] = {}
    for p in rules:
        if p.id in seen:
            raise DuplicateRuleError(t("msg.corpus.err.duplicate_rule", file=file, id=p.id, first=seen[p.id], second=p.line))
        seen[p.id] = p.line


def _link_view(game: str, view: View) -> list[Rule]:
    """Link the rules as of one version, each keeping the document it comes from."""
    linked = link(game, " + ".join(view.files), [p for p, _ in view.rules.values()])
    for r in linked:
        r.source = Source(view.rules[r.id][1], r.source.line)
    return linked


def build_game(game: str, docs: list[tuple[Path, dict[str, Any]]], out: Path) -> BuildResult:
    """Parse one game's documents (each with the folder its ``file`` is relative to) and compose their versions
    (:mod:`judge.corpus.versions`); write ``<game>.yaml`` (the newest) and ``versions/<game>/<version>.yaml``
    (the older ones, when there are several)."""
    placed: list[Placed] = []
    meta = []
    for order, (root, doc) in enumerate(docs):
        read, rules = parse_document(root, doc)
        placed.append(_placed(order, read, rules, doc))
        meta.append(
            {
                "file": read.name,
                "sha256": hashlib.sha256(read.raw).hexdigest(),
                "title": doc.get("title"),
                "format": doc["format"],
                "script": doc.get("script"),
            }
        )
    try:
        views = compose(placed)
    except SameVersionError as e:
        rid, first, first_line, second, second_line, version = e.args
        raise DuplicateRuleError(t("msg.corpus.err.same_version", id=rid, first=first, first_line=first_line,
                                   second=second, second_line=second_line, version=version)) from None
    for m, p in zip(meta, placed):
        m.update({"date": p.date, "version": p.version, "role": p.role})
    version_list: list[dict[str, Any]] = []
    folder = out / VERSIONS / game
    for v in views[:-1]:
        path = write_game(game, meta, _link_view(game, v), folder, name=slug(v.label), version=v.label)
        version_list.append({"version": v.label, "date": v.date, "documents": v.files, "rules": len(v.rules),
                             "file": path.relative_to(out).as_posix()})
    newest = views[-1]
    linked = _link_view(game, newest)
    if len(views) > 1:
        version_list.append({"version": newest.label, "date": newest.date, "documents": newest.files,
                             "rules": len(newest.rules), "file": None})
    path = write_game(game, meta, linked, out, versions=version_list or None)
    return BuildResult(
        game=game,
        path=path,
        rules=len(linked),
        damaged=sum(r.damaged for r in linked),
        unresolved=sum(not ref.resolved for r in linked for ref in r.refs),
        documents=meta,
        versions=version_list,
        linked=linked,
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
