"""Every decision a player makes is a request to a chooser: a kind, a player, and the legal options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

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
    answers: int | None = None  # the complete answers this choice opens, when more than its options (an "up to" count)

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
