"""Progress of a long task on the judge's terminal: a line on standard error, rewritten in place, once the task has
run for :data:`AFTER_SECONDS`; nothing at all when standard error is not a terminal (piped or redirected)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from judge.locale import t

AFTER_SECONDS = 1.0  # a task done sooner shows nothing
EVERY_SECONDS = 0.1  # the line is rewritten at most this often


class Progress:
    """``with Progress("msg.progress.scenarios", total) as p: … p.step()``: "运行场景 12/159" while it runs."""

    def __init__(self, key: str, total: int, stream: TextIO | None = None) -> None:
        self.key, self.total, self.done = key, total, 0
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False
        self._start = self._last = time.monotonic()
        try:
            self.live = self.stream.isatty()
        except (AttributeError, ValueError):
            self.live = False

    def step(self, n: int = 1) -> None:
        """``n`` more items done; the line is drawn when the task has run long enough."""
        self.done += n
        if not self.live:
            return
        now = time.monotonic()
        if now - self._start < AFTER_SECONDS or (self.shown and now - self._last < EVERY_SECONDS):
            return
        self._last, self.shown = now, True
        self._write(f"\r{t(self.key, done=self.done, total=self.total)}\x1b[K")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.live = False

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self.shown:  # the line is cleared: what the command prints next starts at the left margin
            self._write("\r\x1b[K")
