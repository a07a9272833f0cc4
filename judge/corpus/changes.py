"""What changed between two versions of a game's rules (``judge corpus diff``), and whether a rule a FAQ cites
changed after the FAQ was published.

Versions are those :mod:`judge.corpus.versions` composed and the corpus stores (``versions:`` in a game's file);
a rule changed when its text or its examples differ (not its title alone, which a rule may take from a parent). Changed words are marked as ``[-deleted-]`` and
``{+inserted+}``, compared character by character so Chinese text is marked where it changed.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from judge.corpus.store import Corpus
from judge.locale import join, t


class NoVersionsError(ValueError):
    """The game has one version only: nothing to compare."""


@dataclass
class Changed:
    """A rule whose text (or title) differs between two versions, with the changed words marked."""

    id: str
    title: str | None
    old: str
    new: str
    marked: str  # the new text with deletions as [-…-] and insertions as {+…+}

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "old": self.old, "new": self.new, "marked": self.marked}


@dataclass
class Diff:
    """What changed from one version of a game's rules to another."""

    game: str
    old: str
    new: str
    added: list[str]
    removed: list[str]
    changed: list[Changed]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "old": self.old, "new": self.new, "added": self.added, "removed": self.removed,
                "changed": [c.to_dict() for c in self.changed]}


def pieces(old: str, new: str) -> list[tuple[str, str]]:
    """``new`` as runs of characters kept from ``old`` (``same``), taken out (``del``) and put in (``ins``), in
    reading order (character runs, so Chinese words are marked where they changed)."""
    out = []
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("same", new[b1:b2]))
            continue
        if a2 > a1:
            out.append(("del", old[a1:a2]))
        if b2 > b1:
            out.append(("ins", new[b1:b2]))
    return out


def mark(old: str, new: str) -> str:
    """``new`` with what changed from ``old`` marked: ``[-deleted-]`` and ``{+inserted+}`` (see :func:`pieces`)."""
    marks = {"same": "{}", "del": "[-{}-]", "ins": "{{+{}+}}"}
    return "".join(marks[kind].format(text) for kind, text in pieces(old, new))


def rule_text(rule: dict[str, Any]) -> str:
    """What a rule says, for comparing versions: its text and its examples."""
    return "\n".join([rule.get("text") or "", *((e.get("text") or "") for e in rule.get("examples") or [])])


def diff(game: str, old_label: str, new_label: str, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> Diff:
    """Compare two versions' stored rules (``Rule.to_dict`` form), in natural id order."""
    before = {r["id"]: r for r in old}
    after = {r["id"]: r for r in new}
    changed = []
    for rid, r in after.items():
        o = before.get(rid)
        if o is not None and rule_text(o) != rule_text(r):
            changed.append(Changed(rid, r.get("title"), rule_text(o), rule_text(r), mark(rule_text(o), rule_text(r))))
    return Diff(game, old_label, new_label, [i for i in after if i not in before], [i for i in before if i not in after], changed)


def _rules_of(corpus: Corpus, game: str, v: dict[str, Any]) -> list[dict[str, Any]]:
    if v.get("file") is None:
        return [r.to_dict() for r in corpus.rules[game].values()]
    import marshal

    from judge.corpus.cache import cached_game

    return [marshal.loads(b) for b in cached_game(corpus.files[game].parent / v["file"]).rules.values()]


def between(corpus: Corpus, game: str, old: str | None = None, new: str | None = None) -> Diff:
    """The difference between two versions of ``game`` (default: the two newest; NEW alone defaults to the newest).
    Unknown versions raise :class:`judge.corpus.store.UnknownVersionError`."""
    from judge.corpus.store import find_version

    versions = corpus.versions.get(game) or []
    if len(versions) < 2:
        raise NoVersionsError(t("msg.corpus.diff.one_version", game=game))
    a = find_version(corpus, game, old) if old else versions[-2]
    b = find_version(corpus, game, new) if new else versions[-1]
    return diff(game, a["version"], b["version"], _rules_of(corpus, game, a), _rules_of(corpus, game, b))


def render(d: Diff) -> str:
    """The difference as text in the judge's language."""
    out = [t("msg.corpus.diff.head", game=d.game, old=d.old, new=d.new, added=len(d.added), removed=len(d.removed),
             changed=len(d.changed))]
    if d.added:
        out.append(t("msg.corpus.diff.added", ids=join(d.added)))
    if d.removed:
        out.append(t("msg.corpus.diff.removed", ids=join(d.removed)))
    for c in d.changed:
        out.append("")
        out.append(t("msg.corpus.diff.changed", id=c.id, title=c.title or ""))
        out += ["    " + line for line in c.marked.split("\n")]
    return "\n".join(out)


@dataclass
class Since:
    """Whether a rule changed after a date (a FAQ's), and how: ``change`` is None when it did not."""

    version: str  # the version in force on that date
    change: Changed | None

    def to_dict(self) -> dict[str, Any]:
        return {"since": self.version, "changed": self.change is not None,
                "marked": self.change.marked if self.change else None}


def changed_since(corpus: Corpus, game: str, rule_id: str, date: str | None) -> Since | None:
    """How rule ``rule_id`` changed from the version in force on ``date`` (a FAQ's) to the newest; None when that
    cannot be told (no date, one version only, no version dated on or before it, or no such rule now)."""
    versions = corpus.versions.get(game) or []
    now = corpus.rules.get(game, {}).get(rule_id)
    dated = [v for v in versions if date and v.get("date") and v["date"] <= date]
    if len(versions) < 2 or not dated or now is None:
        return None
    then = {r["id"]: r for r in _rules_of(corpus, game, dated[-1])}.get(rule_id)
    old_text, new_text = (rule_text(then) if then else ""), rule_text(now.to_dict())
    if old_text == new_text:
        return Since(dated[-1]["version"], None)
    return Since(dated[-1]["version"], Changed(rule_id, now.title, old_text, new_text, mark(old_text, new_text)))
