"""Choices with too many legal options to list: counted combinatorially, answered by membership, never enumerated.

A choice with at most :data:`ENUMERATE_MAX` options lists them (a tuple, as always). Past that — a discard of
"up to all" of 28 cards has 2**28 options, distributing a million over three targets about 5 * 10**11 — its
options are a :class:`Space`: it knows how many there are, whether an answer is one of them and which is first,
and how a scenario file would write one, so a scripted answer is checked at once. Nothing walks it: strict mode
names it, and branch mode refuses to explore it.
"""

from __future__ import annotations

import math
import sys
from typing import Any, Iterator

ENUMERATE_MAX = 10_000  # the most options a choice lists (and the most runs `--branches` may make)


class Space:
    """The legal options of one choice, described rather than listed."""

    count: int

    def __len__(self) -> int:
        return min(self.count, sys.maxsize)  # len() must fit a machine word; `count` is exact

    def __bool__(self) -> bool:
        return self.count > 0

    def __iter__(self) -> Iterator[Any]:
        raise TypeError(f"{self.count} options are too many to list")

    def __getitem__(self, index: int) -> Any:
        if index != 0:
            raise IndexError("only the first option of a space can be taken")
        return self.first()

    def __contains__(self, option: object) -> bool:
        return self.find(option) == option

    def first(self) -> Any:
        raise NotImplementedError

    def find(self, answer: Any) -> Any | None:
        """The option ``answer`` names (in any order where order does not matter), or None."""
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        """What an answer looks like, in the words of a scenario file."""
        raise NotImplementedError


class Subsets(Space):
    """Sorted tuples of distinct ``items`` whose size is in ``sizes``; optionally with exactly ``exact`` of
    ``required`` ([target.magnet]: as many magnets as the link can take)."""

    def __init__(self, items: tuple[Any, ...], sizes: range, required: tuple[Any, ...] = (), exact: int = 0) -> None:
        self.items = tuple(sorted(items))
        self.sizes = sizes
        self.required = frozenset(required)
        self.exact = exact if required else 0
        n, m = len(self.items), len(self.required)
        self.count = sum(math.comb(m, self.exact) * math.comb(n - m, k - self.exact) for k in sizes if k >= self.exact) \
            if required else sum(math.comb(n, k) for k in sizes)

    def find(self, answer: Any) -> Any | None:
        picked = [answer] if isinstance(answer, (str, int)) else list(answer) if isinstance(answer, (list, tuple)) else None
        if picked is None or len(set(picked)) != len(picked) or len(picked) not in self.sizes:
            return None
        if any(p not in self.items for p in picked):  # items are few (cards, modes): a linear test is fine
            return None
        if self.required and sum(p in self.required for p in picked) != self.exact:
            return None
        return tuple(sorted(picked))

    def first(self) -> Any:
        k = next(k for k in self.sizes if k >= self.exact)
        mine = sorted(i for i in self.items if i in self.required)[: self.exact]
        rest = sorted(i for i in self.items if i not in self.required)[: k - self.exact]
        return tuple(sorted(mine + rest))

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"options": self.count, "choose": [self.sizes.start, self.sizes.stop - 1], "of": list(self.items)}
        if self.required:
            out["including_exactly"] = {"count": self.exact, "of": sorted(self.required)}
        return out


class Compositions(Space):
    """[target.distribute]: ``total`` split over ``ids`` (in order), each a positive whole amount: ``((id, amount), …)``."""

    def __init__(self, ids: tuple[str, ...], total: int) -> None:
        self.ids = ids
        self.total = total
        self.count = math.comb(total - 1, len(ids) - 1) if ids and total >= len(ids) else 0

    def find(self, answer: Any) -> Any | None:
        try:
            amounts = dict(answer)
        except (TypeError, ValueError):
            return None
        if set(amounts) != set(self.ids) or not all(isinstance(a, int) and not isinstance(a, bool) and a > 0 for a in amounts.values()):
            return None
        if sum(amounts.values()) != self.total:
            return None
        return tuple((i, amounts[i]) for i in self.ids)

    def first(self) -> Any:
        return tuple(zip(self.ids, [1] * (len(self.ids) - 1) + [self.total - len(self.ids) + 1]))

    def summary(self) -> dict[str, Any]:
        return {"options": self.count, "distribute": self.total, "over": list(self.ids), "each_at_least": 1}


class Orderings(Space):
    """Every order of ``names`` ([trigger.order]: the order of one player's waiting triggers)."""

    def __init__(self, names: list[str]) -> None:
        self.names = tuple(names)
        self.count = math.factorial(len(names))

    def find(self, answer: Any) -> Any | None:
        if not isinstance(answer, (list, tuple)) or sorted(answer) != sorted(self.names):
            return None
        return tuple(answer)

    def first(self) -> Any:
        return self.names

    def summary(self) -> dict[str, Any]:
        return {"options": self.count, "order": list(self.names)}


def subsets(items: tuple[Any, ...], sizes: range) -> Any:
    """Every combination of ``items`` with a size in ``sizes``: listed (as ``itertools.combinations`` orders them)
    when there are at most ENUMERATE_MAX, else a :class:`Subsets`."""
    from itertools import combinations

    space = Subsets(items, sizes)
    if space.count > ENUMERATE_MAX:
        return space
    return tuple(tuple(c) for k in sizes for c in combinations(items, k))

