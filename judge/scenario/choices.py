"""Choosers: scripted answers from the file, strict stops at an unanswered choice, branch mode forks there."""

from __future__ import annotations

from typing import Any

from judge.engine.choice import Choice
from judge.engine.errors import InvalidInput, OpenChoice
from judge.engine.options import Space


def canon(kind: str, value: Any) -> Any:
    """A comparable form of an answer or an option (order does not matter for sets of cards)."""
    if kind in ("target", "discard", "remake"):
        items = [value] if isinstance(value, str) else list(value)
        return tuple(sorted(items))
    if kind == "distribute":
        return frozenset(dict(value).items())
    if kind == "mode":
        items = [value] if isinstance(value, int) else list(value)
        return tuple(sorted(items))
    if kind in ("order", "timestamps"):
        return tuple(value)
    return value


def show_space(kind: str, space: Space) -> dict[str, Any]:
    """A choice's options that are too many to list, in the words a scenario file would use (modes from 1)."""
    out = space.summary()
    if kind == "mode":
        out["of"] = [m + 1 for m in out["of"]]
    return out


def show(kind: str, option: Any) -> Any:
    """An option in the words a scenario file would use to pick it."""
    if kind == "mode":
        return [m + 1 for m in option]
    if kind == "distribute":
        return dict(option)
    if isinstance(option, tuple):
        return list(option)
    return option


class ScriptedChooser:
    """Answers from the file's ``choices:``; each entry answers the first matching request, once.

    With ``strict`` an unanswered choice raises :class:`OpenChoice`; ``forced`` answers open choices in order
    (how branch mode replays a path).
    """

    def __init__(self, entries: list[dict[str, Any]], forced: list[Any] | None = None, kinds: tuple[str, ...] = ()) -> None:
        self.entries = entries
        self.kinds = kinds  # the game's kinds of choice (the words of its `choice` place)
        self.used = [False] * len(entries)
        self.forced = list(forced or [])
        self.forced_used = 0
        self.open_path: list[tuple[Choice, Any]] = []

    def _kind(self, entry: dict[str, Any]) -> str:
        return next(k for k in entry if k in self.kinds)

    def _match(self, choice: Choice) -> int | None:
        for i, entry in enumerate(self.entries):
            if self.used[i] or self._kind(entry) != choice.kind:
                continue
            if "for" in entry and entry["for"] != choice.source:
                continue
            if "by" in entry and entry["by"] != choice.player:
                continue
            if "slot" in entry and entry["slot"] != choice.slot:
                continue
            return i
        return None

    def has_answer(self, choice: Choice) -> bool:
        """True if a scripted entry answers this choice (so even a one-option choice consumes it)."""
        return self._match(choice) is not None

    def choose(self, choice: Choice) -> Any:
        i = self._match(choice)
        if i is not None:
            entry = self.entries[i]
            self.used[i] = True
            raw = entry[choice.kind]
            if choice.kind == "mode":
                raw = [m - 1 for m in ([raw] if isinstance(raw, int) else raw)]
            want = canon(choice.kind, raw)
            if isinstance(choice.options, range):
                # a number range (803 loops: up to 10**12 options): test membership, never walk it
                if isinstance(want, int) and not isinstance(want, bool) and want in choice.options:
                    return want
                legal: list[Any] = [{"min": choice.options.start, "max": choice.options.stop - 1}]
                raise InvalidInput("not_legal", ("choices", i, choice.kind), answer=entry[choice.kind], choice=choice, legal=legal)
            if isinstance(choice.options, Space):  # too many to list: the answer is checked against the description
                found = choice.options.find(raw)
                if found is not None:
                    return found
                raise InvalidInput("not_legal_space", ("choices", i, choice.kind), answer=entry[choice.kind], choice=choice,
                                   legal=show_space(choice.kind, choice.options))
            for opt in choice.options:
                if canon(choice.kind, opt) == want:
                    return opt
            legal = [show(choice.kind, o) for o in choice.options]
            raise InvalidInput("not_legal", ("choices", i, choice.kind), answer=entry[choice.kind], choice=choice, legal=legal)
        if self.forced_used < len(self.forced):
            answer = self.forced[self.forced_used]
            self.forced_used += 1
            self.open_path.append((choice, answer))
            return answer
        raise OpenChoice(choice)

    def unused(self) -> list[int]:
        return [i for i, u in enumerate(self.used) if not u]
