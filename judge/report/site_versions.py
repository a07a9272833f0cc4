"""The versions of a game's rules as the site shows them: which version a page is from, the versions each rule
exists in, and what each version did to it (added, changed with the words marked, removed).

Built from the consecutive differences :func:`judge.corpus.changes.between` gives (what ``judge corpus diff`` lists),
so a game with one version costs nothing and one with several costs one comparison per pair of versions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.corpus import changes
from judge.corpus.store import Corpus, find_version

ADDED, CHANGED, REMOVED = "added", "changed", "removed"


@dataclass(frozen=True)
class Event:
    """What version ``version`` did to a rule; ``pieces`` (for a change) are :func:`changes.pieces`'s runs."""

    version: str
    kind: str  # ADDED | CHANGED | REMOVED
    pieces: tuple[tuple[str, str], ...] = ()


@dataclass
class GameVersions:
    """A game's versions (labels, oldest first), the one the site shows, and each rule's versions and events."""

    labels: list[str]
    shown: str
    holding: dict[str, list[str]] = field(default_factory=dict)  # rule id → the versions that have it
    events: dict[str, list[Event]] = field(default_factory=dict)  # rule id → what each version did to it

    @property
    def newest(self) -> bool:
        return self.shown == self.labels[-1]


def game_versions(full: Corpus, game: str, wanted: str | None = None) -> GameVersions | None:
    """``game``'s versions with ``wanted`` (default: the newest) as the one shown; None when it has one version.
    ``full`` is the corpus as lookups see it (the newest version of every game)."""
    versions = full.versions.get(game) or []
    if len(versions) < 2:
        return None
    labels = [str(v["version"]) for v in versions]
    shown = find_version(full, game, wanted)["version"] if wanted else labels[-1]
    out = GameVersions(labels, shown)
    ids = list(full.rules[game])  # the newest version's; the older ones by undoing each difference in turn
    held: list[list[str]] = [ids]
    for old, new in reversed(list(zip(labels, labels[1:]))):
        d = changes.between(full, game, old, new)
        for rid in d.added:
            out.events.setdefault(rid, []).append(Event(new, ADDED))
        for rid in d.removed:
            out.events.setdefault(rid, []).append(Event(new, REMOVED))
        for c in d.changed:
            out.events.setdefault(c.id, []).append(Event(new, CHANGED, tuple(changes.pieces(c.old, c.new))))
        added = set(d.added)
        held.insert(0, [i for i in held[0] if i not in added] + d.removed)
    for label, have in zip(labels, held):
        for rid in have:
            out.holding.setdefault(rid, []).append(label)
    order = {label: i for i, label in enumerate(labels)}
    for evs in out.events.values():
        evs.sort(key=lambda e: order[e.version])
    return out
