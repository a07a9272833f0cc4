"""What can stop the engine: a bad scenario, an unanswered choice, an addition that cannot finish."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class of the engine's own exceptions."""


class InvalidInput(EngineError):
    """The scenario asks for something the rules or the file do not allow; ``path`` points into the file."""

    def __init__(self, message: str, path: tuple[Any, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


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
