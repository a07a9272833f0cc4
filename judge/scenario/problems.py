"""The problems of a scenario file: each located at ``file:line:column`` and worded in the judge's language
(``msg.scenario.err.*`` of judge/locale), with a "did you mean" where a name is misspelled, and collected so that a
file's problems are reported at once (up to :data:`MAX_ERRORS`, one per place, in file order)."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

from judge.locale import join, t

Path_ = tuple[Any, ...]
MAX_ERRORS = 20  # problems reported for one file; past them the file is not checked further


def msg(key: str, /, **values: Any) -> str:
    """A loader message (``msg.scenario.err.<key>``) in the language in use, its values shown as a judge reads
    them: text as it stands (control characters escaped), anything else as JSON."""
    return t(f"msg.scenario.err.{key}", **{k: show(v) for k, v in values.items()})


def show(value: Any) -> str:
    """A value of the file inside a one-line message."""
    if isinstance(value, str):
        return "".join(c if c.isprintable() else repr(c)[1:-1] for c in value)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return join([show(v) for v in value]) if value else t("msg.scenario.none")
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return show(repr(value))


def did_you_mean(word: Any, names: Iterable[Any]) -> str:
    """`` (did you mean 'play'?)`` for a misspelled name close to one of ``names`` (difflib), else nothing."""
    if not isinstance(word, str):
        return ""
    import difflib  # only a file with a mistake needs it

    near = difflib.get_close_matches(word, [str(n) for n in names], n=1, cutoff=0.6)
    return t("msg.scenario.did_you_mean", name=near[0]) if near and near[0] != word else ""


class ScenarioError(Exception):
    """A scenario file that cannot be run: names the file, line and column and what is wrong. ``errors``: every
    problem found in the file (this one first); ``truncated``: more were found than :data:`MAX_ERRORS`."""

    def __init__(self, file: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{file}:{line}:{column}: {message}")
        self.file, self.line, self.column, self.message = file, line, column, message
        self.errors: list[ScenarioError] = [self]
        self.truncated = False
        self.path: Path_ | None = None  # where in the data, when known

    @classmethod
    def of(cls, found: list["ScenarioError"], truncated: bool = False) -> "ScenarioError":
        """One error standing for all of ``found`` (in file order): the first one's place, every line in its text."""
        first = found[0]
        err = cls(first.file, first.line, first.column, first.message)
        err.errors, err.truncated = list(found), truncated
        err.args = ("\n".join(str(e.args[0]) for e in found),)
        return err


def _related(a: Path_, b: Path_) -> bool:
    """True when one path lies inside the other (or they are the same)."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]


class TooMany(Exception):
    """MAX_ERRORS problems found: stop checking."""


class Problems:
    """The problems found in one file, in the order of the file, each place once."""

    def __init__(self) -> None:
        self.found: list[ScenarioError] = []
        self.refused: list[Path_] = []  # the places the schema refused
        self.lenient = False  # the schema refused something: a meaning check that trips over it is skipped

    def add(self, err: ScenarioError) -> None:
        if any((e.line, e.column) == (err.line, err.column) for e in self.found):
            return  # one message per place: the first (the schema's, or the most specific) says it
        if self.lenient and err.path is not None and any(_related(err.path, r) for r in self.refused):
            return  # the schema's message about this part says what is wrong with it
        self.found.append(err)
        if len(self.found) >= MAX_ERRORS:
            raise TooMany

    def check(self, fn: Any, *args: Any) -> None:
        """``fn(*args)`` as one part (see :meth:`each`); ``args`` are read before, so they must exist."""
        with self.each():
            fn(*args)

    @contextmanager
    def each(self) -> Iterator[None]:
        """Check one part: a problem in it is recorded and the next part is checked."""
        try:
            yield
        except ScenarioError as e:
            for one in e.errors:
                self.add(one)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError):
            if not self.lenient:
                raise  # on a file the schema accepts, a check that fails is a bug to see
            # the part is malformed and the schema says how: nothing more to say about it

    def error(self) -> ScenarioError | None:
        """All the problems as one error, or None."""
        if not self.found:
            return None
        found = sorted(self.found, key=lambda e: (e.line, e.column))
        return ScenarioError.of(found, truncated=len(found) >= MAX_ERRORS)
