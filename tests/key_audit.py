"""Instruments for the tests about the keys of the scenario language: mappings that record which keys the program
reads, and the language's shapes recording, as they check a file, which declared key stands where and which other
keys would be accepted in its place."""

from __future__ import annotations

import copy
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pytest

from judge.engine.language import shapes, words
from judge.engine.mechanisms import replacement, triggers

Where = tuple[Any, ...]  # the file's name, then the path of a key in it
READS: set[Where] = set()

# Code that looks through a whole text without acting on its keys (does it mention a name? dump it as JSON to show
# it): a mapping looped over there is not read. Any other loop over a mapping counts as reading each of its keys.
WALKERS = {
    ("judge/engine/game.py", "walk"),  # does any card have a state trigger?
    ("judge/engine/mechanisms/triggers.py", "_mentions"),  # does a text refer to a name?
    ("judge/engine/mechanisms/triggers.py", "_mentions_event"),
    ("judge/engine/mechanisms/steps.py", "walk"),  # which target names does a step refer to?
    ("judge/scenario/runner.py", "_describe_exp"),  # an expectation shown as written
    ("json/encoder.py", "iterencode"), ("json/encoder.py", "_iterencode_dict"), ("json/__init__.py", "dumps"),
}


def _walking() -> bool:
    frame = sys._getframe(3)  # _walking <- _all <- items()/keys()/… <- the code looping
    for _ in range(3):
        if frame is None:
            return False
        code = frame.f_code
        if any(code.co_filename.endswith(f) and code.co_name == name for f, name in WALKERS):
            return True
        frame = frame.f_back
    return False


class Tracked(dict):  # type: ignore[type-arg]
    """A mapping of the file that records each key the program reads (by name, with ``in``, or by looping)."""

    __slots__ = ("path",)

    def _read(self, key: Any) -> None:
        READS.add(self.path + (key,))

    def __eq__(self, other: object) -> bool:  # comparing a mapping reads all of its keys
        self._all()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self._all()
        return dict.__ne__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def _all(self) -> None:
        if _walking():
            return
        for k in dict.keys(self):
            self._read(k)

    def __getitem__(self, key: Any) -> Any:
        self._read(key)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._read(key)
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._read(key)
        return dict.__contains__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        self._read(key)
        return dict.pop(self, key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._read(key)
        return dict.setdefault(self, key, default)

    def __iter__(self) -> Iterator[Any]:
        self._all()
        return dict.__iter__(self)

    def keys(self) -> Any:
        self._all()
        return dict.keys(self)

    def items(self) -> Any:
        self._all()
        return dict.items(self)

    def values(self) -> Any:
        self._all()
        return dict.values(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Tracked":  # a copy (a snapshot) is no reading
        new = Tracked((k, copy.deepcopy(v, memo)) for k, v in dict.items(self))
        new.path = self.path
        return new

    def copy(self) -> "Tracked":
        new = Tracked(dict.items(self))
        new.path = self.path
        return new


def tracked(x: Any, path: Where = ()) -> Any:
    """``x`` with every mapping in it a :class:`Tracked` one knowing its path."""
    if isinstance(x, dict):
        out = Tracked((k, tracked(v, path + (k,))) for k, v in x.items())
        out.path = path
        return out
    if isinstance(x, list):
        return [tracked(v, path + (i,)) for i, v in enumerate(x)]
    return x


@dataclass
class Declared:
    """What the shapes saw: each context's places (``field 'until' of a continuous effect`` -> where it stands), and
    for each place the keys that would have been accepted instead of the one there."""

    contexts: dict[tuple[Any, ...], set[Where]] = field(default_factory=lambda: defaultdict(set))
    labels: dict[tuple[Any, ...], str] = field(default_factory=dict)
    accepted: dict[Where, frozenset[str]] = field(default_factory=dict)

    def places(self, label: str) -> set[Where]:
        """Every place of the contexts shown as ``label``."""
        return set().union(*(p for k, p in self.contexts.items() if self.labels[k] == label))


def _label(shape: Any) -> str:
    return shape.doc or type(shape).__name__


def record_declared_keys(monkeypatch: pytest.MonkeyPatch, seen: Declared, tag: str) -> None:
    """Make the shapes' checks record each declared key they accept in the file named ``tag``."""

    def keep(label: str, at: Any, key: Any, accepted: Any, shape: Any = None) -> None:
        place = (tag, *at.path, key)
        context = (label, id(shape))  # a field of this very mapping shape; a word of a place is one handler
        seen.contexts[context].add(place)
        seen.labels[context] = label
        seen.accepted[place] = frozenset(accepted)

    def wrap(cls: type, record: Callable[[Any, dict[str, Any], Any], None]) -> None:
        original = cls.check

        def checked(self: Any, value: Any, at: Any) -> None:
            if isinstance(value, dict):
                record(self, value, at)
            original(self, value, at)

        monkeypatch.setattr(cls, "check", checked)

    def in_map(self: Any, value: dict[str, Any], at: Any) -> None:
        if self.values is not None:  # a dictionary (card ids, counters …): its keys are names, not words
            return
        fields = self.all_fields(at.scope) if self.more_from else self.fields
        for k in value:
            if k in fields:
                keep(f"field {k!r} of {_label(self)}", at, k, fields, self)

    def in_one_key(self: Any, value: dict[str, Any], at: Any) -> None:
        names = self.words(at.scope)
        place = at.scope.vocab.place(self.place)
        word = [k for k in value if k in names]
        siblings = {**place.common, **(names[word[0]].extra.get("siblings", {}) if word else {})}
        for more in names[word[0]].extra.get("sibling_places", ()) if word else ():
            siblings.update(at.scope.vocab.words(more))
        for k in value:
            if k in names:
                keep(f"{self.place} word {k!r}", at, k, {*names, *siblings})
            elif k in siblings:
                keep(f"{k!r} beside {self.place} word {word[0]!r}", at, k, {*names, *siblings})

    def in_fields(self: Any, value: dict[str, Any], at: Any) -> None:
        names = {*self.words(at.scope), *self.more}
        for k in value:
            if k in names:
                keep(f"{self.place} word {k!r}", at, k, names)

    def keyed(place: str, tags: tuple[str, ...]) -> Callable[[Any, dict[str, Any], Any], None]:
        def record(self: Any, value: dict[str, Any], at: Any) -> None:  # a mapping whose keys are words of ``place``
            names = {*at.scope.vocab.words(place), *tags}
            for k in value:
                if k in names:
                    keep(f"{place} word {k!r}", at, k, names)
        return record

    wrap(shapes.Map, in_map)
    wrap(words.OneKey, in_one_key)
    wrap(words.Fields, in_fields)
    wrap(triggers.WhenShape, keyed("when", ("event", "state", "becomes")))
    wrap(replacement.SpecShape, keyed("replace_key", ("event",)))
