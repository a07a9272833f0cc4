"""The corpus version and date stamped on every report and site page (deterministic, never the clock).

* **version**: the first 12 hex digits of :func:`judge.corpus.store.corpus_hash` (the parsed corpus files).
* **date**: ``SOURCE_DATE_EPOCH`` (UTC day) when that variable is set (the reproducible-builds convention);
  otherwise the newest date the corpus's rules documents state in their own headers (``最后更新 …``),
  or ``None`` when none states one.  A report uses only its own game's documents.  Each document's
  own stated date is listed too.  ``date_basis`` says which (``SOURCE_DATE_EPOCH``, ``stated`` or ``none``); the
  words for it are the report's (``basis_*`` in ``words.yaml``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from judge.corpus.store import Corpus, corpus_hash


@dataclass(frozen=True)
class DocumentInfo:
    """A rules document of the corpus and the date it states (``None``: not stated)."""

    game: str
    title: str
    file: str
    date: str | None


@dataclass(frozen=True)
class CorpusMeta:
    """What a report says about the corpus it was built from."""

    version: str
    date: str | None
    date_basis: str  # SOURCE_DATE_EPOCH | stated | none
    documents: list[DocumentInfo] = field(default_factory=list)
    game: str | None = None  # the game whose documents date it (None: every game's)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "date": self.date,
            "date_basis": self.date_basis,
            "game": self.game,
            "documents": [d.__dict__ for d in self.documents],
        }


def _epoch_date() -> str | None:
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw.isdigit():
        return None
    return datetime.fromtimestamp(int(raw), tz=timezone.utc).strftime("%Y-%m-%d")


def corpus_meta(corpus: Corpus, root: Path | None = None, game: str | None = None) -> CorpusMeta:
    """The corpus version, its date and each document's stated date (see the module docstring);
    with ``game``, only that game's documents date it (a 崛起 report is not dated by Riftbound's page)."""
    from judge import paths
    from judge.corpus.dates import rules_document_date

    base = root or paths.corpus_dir()
    docs = [
        DocumentInfo(game, d.get("title") or d["file"], d["file"], rules_document_date(base / "raw" / d["file"]))
        for g, items in corpus.documents.items()
        if game is None or g == game
        for d in items
    ]
    epoch = _epoch_date()
    if epoch:
        date, basis = epoch, "SOURCE_DATE_EPOCH"
    else:
        stated = [d.date for d in docs if d.date]
        date = max(stated) if stated else None
        basis = "stated" if date else "none"
    return CorpusMeta(corpus_hash(root)[:12], date, basis, docs, game)
