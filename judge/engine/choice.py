"""Every decision a player makes is a request to a chooser: a kind, a player, and the legal options."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

# Kinds of choice, in the words a scenario's `choices:` entries use.
CHOICE_KINDS = (
    "target",      # [target.choose]: the targets of one target slot
    "count",       # [target.count]: how many targets, for a variable count
    "distribute",  # [target.distribute]: how a positive amount is spread over the targets
    "mode",        # [chain.mode]
    "x",           # [chain.x]
    "alt_cost",    # [cost.total]: use the alternative cost or not
    "cost_card",   # [cost.total]: which card pays a cost (e.g. "destroy one of your ready units")
    "pay",         # an optional cost of a triggered ability, paid when it is added [trigger.to_chain]
    "may",         # [trigger.may], [effect.may]: an optional part, decided on resolution
    "order",       # [trigger.order]: the order of one player's waiting triggers
    "discard",     # which cards to discard
    "new_target",  # [target.change]
    "unique",      # [enter.unique]: which card to keep
    "replacement", # [replacement.chooser]: which replacement effect applies next (by its source card id; "none" for armor)
    "loop",        # [loop.optional], [loop.mandatory]: the number of times a loop repeats
    "timestamps",  # [timestamp.simultaneous]: the order of one player's continuous effects that started at the same time
    "sacrifice",   # [effect.sacrifice]: which of their cards a player sacrifices
    "name",        # [effect.name]: the word a player names (a card type …)
    "card",        # a card a step lets its controller choose as it happens (not a target)
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
