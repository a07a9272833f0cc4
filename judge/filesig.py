"""Content keys found by the files' signatures: hash a set of files once, then recognise it by ``stat``.

A cache keyed by the content of many files (the search index, the scenario citations) would hash
every byte on each command.  :func:`memo_key` instead hashes the files' paths, sizes, modification
and change times and inodes, and looks the content key up in a small memo file beside the cache;
only when the signature is new is the content hashed (and remembered).  A file modified within
:data:`RACY_SECONDS` makes the signature untrustworthy (a change in the same timestamp tick would
not show), so the content is hashed then.  A damaged or unwritable memo only costs speed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Callable, Iterable

try:  # Python's built-in SHA-256: the same digests as hashlib's, without loading OpenSSL (~2 ms of start-up)
    from _sha256 import sha256
except ImportError:
    from hashlib import sha256

RACY_SECONDS = 2.0  # a file changed this recently is hashed, not trusted by its signature
MEMO_MAX = 64  # signatures kept per memo file; the oldest go first


def signature(files: Iterable[Path], salt: str = "") -> str | None:
    """A hash of the files' paths and ``stat`` data (a missing file counts as such); None when one
    was modified within :data:`RACY_SECONDS`."""
    h = sha256(salt.encode() + b"\n")
    now = time.time()
    for f in files:
        try:
            st = f.stat()
        except (FileNotFoundError, NotADirectoryError):
            h.update(f"{f}\0missing\n".encode())
            continue
        if now - st.st_mtime < RACY_SECONDS:
            return None
        h.update(f"{os.path.abspath(f)}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_ino}\n".encode())
    return h.hexdigest()[:32]


def _read(memo: Path) -> dict[str, str]:
    try:
        data = json.loads(memo.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _remember(memo: Path, sig: str, key: str) -> None:
    """Record ``sig -> key`` atomically, keeping the newest :data:`MEMO_MAX` entries."""
    data = _read(memo)
    data.pop(sig, None)
    data[sig] = key
    data = dict(list(data.items())[-MEMO_MAX:])
    from judge.datafile import write_cache

    write_cache(memo, json.dumps(data).encode("utf-8"))  # an unwritable cache only costs speed


def memo_key(memo: Path, sig: str | None, content_key: Callable[[], str]) -> str:
    """The content key for signature ``sig``: from ``memo`` when recorded, else ``content_key()`` (remembered)."""
    if sig is not None:
        key = _read(memo).get(sig)
        if isinstance(key, str):
            return key
    key = content_key()
    if sig is not None:
        _remember(memo, sig, key)
    return key
