"""Every decision a player makes is a request to a chooser: a kind, a player, and the legal options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# Kinds of choice, in the words a scenario's `choices:` entries use.
CHOICE_KINDS = (
    "target",      # 706.1, 707.1d: the targets of one target slot
    "count",       # 707.1d: how many targets, for a variable count
    "distribute",  # 707.1d: how a positive amount is spread over the targets
    "mode",        # 707.1b
    "x",           # 707.1c
    "alt_cost",    # 707.1e: use the alternative cost or not
    "cost_card",   # 707.1e: which card pays a cost (e.g. "destroy one of your ready reinforcements")
    "pay",         # an optional cost of a triggered ability, paid when it is added (708.1a example)
    "may",         # 708.3, 712.7: an optional part, decided on resolution
    "order",       # 708.1a: the order of one player's waiting triggers
    "discard",     # which cards to discard
    "new_target",  # 706.2
    "unique",      # 710.1e: which card to keep
    "replacement", # 716.1b, 717.3: which replacement effect applies next (by its source card id; "none" for armor)
    "loop",        # 803.2, 803.3: the number of times a loop repeats
    "timestamps",  # 718.3: the order of one player's continuous effects that started at the same time
)


@dataclass(frozen=True)
class Choice:
    """One open decision: who decides, for which card's link or ability, and the legal options."""

    kind: str
    player: str
    source: str | None
    options: tuple[Any, ...]
    slot: str | None = None
    note: str = ""
    labels: tuple[str, ...] = field(default_factory=tuple)

    def describe(self) -> str:
        where = f" for {self.source}" if self.source else ""
        slot = f" [{self.slot}]" if self.slot else ""
        return f"{self.kind}{slot}{where} by {self.player}"


class Chooser(Protocol):
    """Answers choices: scripted, strict (stop at an unanswered one) or branching."""

    def choose(self, choice: Choice) -> Any:
        """Return one of ``choice.options``."""
        ...


class FirstOption:
    """A chooser that always takes the first legal option (for quick tests and benchmarks)."""

    def choose(self, choice: Choice) -> Any:
        return choice.options[0]


def scenario_names(source_ids: list[str]) -> list[str]:
    """How a scenario names things that come from cards (waiting triggers, replacement or continuous
    effects): the source card id, with ``#2``, ``#3``… when one card has several."""
    out: list[str] = []
    for sid in source_ids:
        name, k = sid, 2
        while name in out:
            name, k = f"{sid}#{k}", k + 1
        out.append(name)
    return out
