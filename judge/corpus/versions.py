"""Versions of a game's rules: composing its documents into one set of rules per version.

Each document of a game has a version: the date it states or was given (``--date``), else it is undated. The
versions are ordered: undated documents first, in the order they were added (the bundled ones before yours),
then dated ones by date. Documents of the same date are one version. The rules *as of* a version are built by
laying each document, oldest first, over the rules so far; what a document does to them depends on how it
overlaps them (its **role**, reported by ``judge corpus add``):

* ``base`` — the first document;
* ``part`` — it shares no chapter with the rules so far (more chapters): its rules are added;
* ``edition`` — it holds at least half the rules so far in its chapters, and covers at least half the chapters:
  a new complete edition, which replaces them all (a rule it no longer has is removed);
* ``chapters`` — it holds at least half the rules so far in its chapters, but covers fewer chapters: it
  replaces those chapters;
* ``update`` — it holds less than half of them (a search page holding a few updated rules): it replaces
  only the rules it has, and adds its new ones.

So the newest version is what lookups use, a newer partial document overrides only the rules it has, and an
older version stays readable (``--version``). Two documents of the same version may not hold the same rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.corpus.model import ParsedRule
from judge.corpus.ruleid import chapter

BASE, PART, EDITION, CHAPTERS, UPDATE = "base", "part", "edition", "chapters", "update"


class SameVersionError(ValueError):
    """Two documents of one version hold the same rule."""


@dataclass
class Placed:
    """A document's parsed rules with what places it among the versions."""

    file: str
    order: int  # the order documents were listed in (bundled first, then added)
    date: str | None
    version: str | None  # a version label the document states or was given (1.00)
    rules: list[ParsedRule]
    role: str = ""

    @property
    def key(self) -> tuple[Any, ...]:
        return (1, self.date, self.order) if self.date else (0, self.order)


@dataclass
class View:
    """The rules as of one version: label, date, its documents and each rule with the file it comes from."""

    label: str
    date: str | None
    files: list[str]
    rules: dict[str, tuple[ParsedRule, str]] = field(default_factory=dict)


def label_of(doc: Placed) -> str:
    """How a version is named: its date, else its version label, else its document's file name."""
    return doc.date or (doc.version and f"v{doc.version}") or doc.file


def compose(docs: list[Placed]) -> list[View]:
    """The rules as of each version, oldest first (see the module docstring); sets each document's ``role``."""
    ordered = sorted(docs, key=lambda d: d.key)
    groups: list[list[Placed]] = []
    for d in ordered:
        if groups and d.date and groups[-1][0].date == d.date:
            groups[-1].append(d)
        else:
            groups.append([d])
    views: list[View] = []
    current: dict[str, tuple[ParsedRule, str]] = {}
    labels: set[str] = set()
    for group in groups:
        placed_here: dict[str, tuple[str, int]] = {}
        for d in group:
            for p in d.rules:
                if p.id in placed_here:
                    other, line = placed_here[p.id]
                    raise SameVersionError(p.id, other, line, d.file, p.line, label_of(d))
                placed_here[p.id] = (d.file, p.line)
            d.role = _role(d, current)
            current = _apply(d, current)
        label = label_of(group[0])
        if label in labels:
            label = f"{label} ({group[0].file})"
        labels.add(label)
        views.append(View(label, group[0].date, [d.file for d in group], dict(current)))
    return views


def _role(doc: Placed, current: dict[str, tuple[ParsedRule, str]]) -> str:
    if not current:
        return BASE
    ids = {p.id for p in doc.rules}
    mine = {chapter(i) for i in ids}
    inside = [i for i in current if chapter(i) in mine]
    if not inside:
        return PART
    if len(ids.intersection(inside)) * 2 < len(inside):
        return UPDATE
    all_chapters = {chapter(i) for i in current}
    return EDITION if len(mine & all_chapters) * 2 >= len(all_chapters) else CHAPTERS


def _apply(doc: Placed, current: dict[str, tuple[ParsedRule, str]]) -> dict[str, tuple[ParsedRule, str]]:
    """The rules after laying ``doc`` (its role set) over ``current``: replaced in place, new ones appended."""
    if doc.role == EDITION:
        return {p.id: (p, doc.file) for p in doc.rules}
    out = dict(current)
    if doc.role == CHAPTERS:
        mine = {chapter(p.id) for p in doc.rules}
        out = {i: v for i, v in out.items() if chapter(i) not in mine}
    for p in doc.rules:
        out[p.id] = (p, doc.file)
    return out


def slug(label: str) -> str:
    """A file name for a version's label."""
    return re.sub(r"[^0-9A-Za-z._-]+", "_", label).strip("_") or "version"
