"""What can stop the engine: a bad scenario, an unanswered choice, an addition that cannot finish."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class of the engine's own exceptions."""


class Msg:
    """A message the engine gives without speaking a language: a key (``msg.engine.<key>`` of the judge's locale)
    and the values that fill it; a value may itself be a Msg. judge/scenario/messages.py says it to the judge."""

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values

    def __repr__(self) -> str:
        return f"{self.key}{self.values!r}" if self.values else self.key


class InvalidInput(EngineError):
    """The scenario asks for something the rules or the file do not allow; ``path`` points into the file. What is
    wrong is a :class:`Msg` (``InvalidInput("not_in_hand", path, card=…, zone=…)``); a key the locale does not know
    is shown as it stands, so plain text still reads."""

    def __init__(self, key: str | Msg, path: tuple[Any, ...] = (), **values: Any) -> None:
        self.msg = key if isinstance(key, Msg) else Msg(key, **values)
        super().__init__(self.msg.key)
        self.path = path

    @property
    def message(self) -> str:
        """The key and its values (for logs and tests; the judge reads judge/scenario/messages.py's wording)."""
        return repr(self.msg)

    def __str__(self) -> str:
        return self.message


class OpenChoice(EngineError):
    """A choice that no scripted answer covers (strict mode stops here; branch mode forks here)."""

    def __init__(self, choice: Any) -> None:
        super().__init__(f"unanswered choice: {choice.kind}")
        self.choice = choice


class CannotAdd(EngineError):
    """Adding a link cannot be finished (the whole action is rewound [chain.rewind]). ``reason`` names a word of the
    game's data (``why_<reason>``), filled with ``args``."""

    def __init__(self, reason: str, **args: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.args_ = args
