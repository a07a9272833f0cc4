"""A game's vocabulary: the words, places, named shapes and hooks of the mechanisms its data lists.

A mechanism is a module with a ``MECHANISM`` (:class:`judge.engine.language.words.Mechanism`): a shared one is named by
its module under ``judge/engine/mechanisms/`` (``damage``), a game's own by ``<game>.<module>`` under
``judge/games/`` (``riftbound.board``). What a mechanism ``requires`` comes with it, before it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, Iterable

from judge.engine.language.shapes import Shape
from judge.engine.language.words import Mechanism, Place, Word

if TYPE_CHECKING:
    from judge.engine.ruleset import Ruleset


def module_of(name: str) -> str:
    """The module a mechanism name stands for."""
    return f"judge.games.{name}" if "." in name else f"judge.engine.mechanisms.{name}"


def mechanism(name: str) -> Mechanism:
    """The declarations of one mechanism (its module imported)."""
    found = getattr(importlib.import_module(module_of(name)), "MECHANISM", None)
    if not isinstance(found, Mechanism):
        raise LookupError(f"{module_of(name)} declares no MECHANISM")
    return found


class Vocabulary:
    """Everything a game's scenario files may say, and what carries each word out."""

    def __init__(self, names: Iterable[str], game: "Ruleset | None" = None) -> None:
        self.game = game
        self.mechanisms: list[Mechanism] = []
        seen: set[str] = set()

        def add(name: str) -> None:
            if name in seen:
                return
            seen.add(name)
            m = mechanism(name)
            for req in m.requires:
                add(req)
            self.mechanisms.append(m)

        for n in names:
            add(n)
        self._places: dict[str, Place] = {}
        self._words: dict[str, dict[str, Word]] = {}
        self._defs: dict[str, Shape] = {}
        hooks: dict[str, list[tuple[int, int, Callable[..., Any]]]] = {}
        for i, m in enumerate(self.mechanisms):
            for p in m.places:
                if p.name in self._places:
                    raise ValueError(f"place {p.name!r} declared by {self._places[p.name].mechanism} and {m.name}")
                self._places[p.name] = p
                self._words.setdefault(p.name, {})
            for k, s in m.defs.items():
                if k in self._defs:
                    raise ValueError(f"shape {k!r} defined twice (mechanism {m.name})")
                self._defs[k] = s
            for point, order, fn in m.hooks:
                hooks.setdefault(point, []).append((order, i, fn))
        for m in self.mechanisms:
            for w in m.words:
                if w.place not in self._places:
                    raise ValueError(f"{m.name}: word {w.name!r} stands in {w.place!r}, a place no mechanism of the game declares")
                here = self._words[w.place]
                if w.name in here and not w.overrides:
                    raise ValueError(f"{w.place} word {w.name!r} declared by {here[w.name].mechanism} and {m.name}")
                here[w.name] = w
        self._order: dict[str, dict[str, int]] = {}
        self._hooks = {p: tuple(fn for _, _, fn in sorted(v, key=lambda x: (x[0], x[1]))) for p, v in hooks.items()}

    # --- reading it ---------------------------------------------------------------------------------------------
    def place(self, name: str) -> Place:
        return self._places[name]

    def places(self) -> dict[str, Place]:
        return dict(self._places)

    def words(self, place: str) -> dict[str, Word]:
        return self._words.get(place, {})

    def word(self, place: str, name: str) -> Word | None:
        return self._words.get(place, {}).get(name)

    def handler(self, place: str, name: str) -> Any:
        """What carries out ``name`` in ``place`` (KeyError: no such word in this game)."""
        return self._words[place][name].handler

    def define(self, name: str) -> Shape:
        return self._defs[name]

    def defs(self) -> dict[str, Shape]:
        return dict(self._defs)

    def hooks(self, point: str) -> tuple[Callable[..., Any], ...]:
        return self._hooks.get(point, ())

    def order(self, place: str) -> dict[str, int]:
        """Each word of ``place`` and its place in the declarations (the order a description's keys are tried in)."""
        found = self._order.get(place)
        if found is None:
            found = self._order[place] = {name: i for i, name in enumerate(self.words(place))}
        return found

    def all_words(self) -> list[Word]:
        return [w for place in self._words.values() for w in place.values()]

    def mechanism_names(self) -> list[str]:
        return [m.name for m in self.mechanisms]
