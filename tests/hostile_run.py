"""Running `judge` on hostile input in a child process with a memory limit and a timeout.

A hang or runaway memory then fails the one test (the child is killed) instead of stalling or swapping the whole
suite; nothing asserts wall-clock speed beyond "finished before the timeout".
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

HOSTILE = Path(__file__).resolve().parent / "hostile"
MEMORY = 768 * 1024 * 1024  # address space of the child: a normal command needs well under 200 MB
TIMEOUT = 20.0  # seconds: every hostile case finishes in a few; a hang is killed here and fails its test


def _limit(memory: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def judge(args: Sequence[str | os.PathLike[str]], env: dict[str, str] | None = None, timeout: float = TIMEOUT,
          memory: int = MEMORY, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``judge ARGS`` in a child process (RLIMIT_AS = ``memory``), killed after ``timeout`` seconds."""
    code = "from judge.cli import main; main()"
    argv = [sys.executable, "-c", code, *[os.fsdecode(a) for a in args]]
    return subprocess.run(argv, env={**os.environ, **(env or {})}, timeout=timeout, capture_output=True,
                          text=True, errors="surrogateescape", input=None if stdin is None else stdin.decode(),
                          preexec_fn=lambda: _limit(memory))


def assert_clean(res: subprocess.CompletedProcess[str], codes: Sequence[int] = (0, 1, 2), *words: str) -> str:
    """The child exited with one of ``codes``, printed no traceback, and its output holds every one of ``words``."""
    out = res.stdout + res.stderr
    assert res.returncode in codes, f"exit {res.returncode}: {out[-2000:]}"
    assert "Traceback" not in out and "MemoryError" not in out, out[-2000:]
    for w in words:
        assert w in out, f"{w!r} not in: {out[-2000:]}"
    return out


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Fail (TimeoutError) instead of hanging when the block takes longer than ``seconds`` (in-process cases)."""
    def expired(*_: Any) -> None:
        raise TimeoutError(f"took more than {seconds} s")
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
