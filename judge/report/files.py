"""Writing report and site files atomically: a temporary file in the same folder, flushed to disk, renamed over
the target, so that a reader (or a process killed mid-write) sees the old file or the new one, never a part."""

from __future__ import annotations

import os
from pathlib import Path

from judge.datafile import atomic_write


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once (:func:`judge.datafile.atomic_write`); the folder is created when missing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)


def same_file(a: Path, b: Path) -> bool:
    """True when ``a`` and ``b`` name one file (through links or relative paths too)."""
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()
