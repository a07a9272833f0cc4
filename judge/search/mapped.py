"""Reading an index through memory maps, without copying its files.

Each segment of the index is one compound file (see ``judge.search.build``).  Whoosh's own way of mapping
one (``FileStorage(supports_mmap=True)``) copies every file it holds into an ``io.BytesIO`` when the file
is opened: the whole index, at every search (about 3 MB for the bundled corpus, hundreds for a large one).
:class:`MappedStorage` maps the file instead and hands Whoosh views of the map: a term lookup reads a slice
of memory, and only the pages a search touches are read from the disk.  It only reads; the index is
written by Whoosh's own ``FileStorage``.
"""

from __future__ import annotations

import mmap
from typing import Any

from judge.search.whoosh_api import BufferFile, FileStorage


class _ViewFile:
    """A read-only file over a memoryview: seek, tell, read, peek and readline (what Whoosh and pickle ask of a
    file), each a copy of only the bytes read."""

    def __init__(self, view: memoryview) -> None:
        self._view = view
        self._pos = 0

    def seek(self, pos: int, whence: int = 0) -> int:
        to = pos if whence == 0 else self._pos + pos if whence == 1 else len(self._view) + pos
        if to < 0:  # as io.BytesIO: a damaged file's offsets must not wrap round to its end
            raise ValueError(f"negative seek value {to}")
        self._pos = to
        return self._pos

    def tell(self) -> int:
        return self._pos

    def read(self, n: int | None = -1) -> bytes:
        end = len(self._view) if n is None or n < 0 else min(self._pos + n, len(self._view))
        data = bytes(self._view[self._pos : end])
        self._pos = max(self._pos, end)
        return data

    def peek(self, n: int = 0) -> bytes:
        """Some bytes from the position on (up to 4 KB), not advancing: pickle reads ahead with it instead of
        asking for each field of a small pickle."""
        return bytes(self._view[self._pos : self._pos + 4096])

    def readline(self, limit: int = -1) -> bytes:
        rest = self._view[self._pos :] if limit < 0 else self._view[self._pos : self._pos + limit]
        at = _find_newline(rest)
        return self.read(len(rest) if at < 0 else at + 1)

    def close(self) -> None:
        pass  # the map belongs to the file it came from


def _find_newline(view: memoryview) -> int:
    """The first newline in ``view`` (looked for a block at a time, not copying the whole view)."""
    for start in range(0, len(view), 4096):
        at = bytes(view[start : start + 4096]).find(b"\n")
        if at >= 0:
            return start + at
    return -1


class _View(BufferFile):
    """Whoosh's in-memory file (slices for ``get``), over a view of a map rather than a copy of it; the view of a
    whole file owns its map and closes it (once no view of it is left, should some still be in use)."""

    def __init__(self, buf: memoryview, name: str | None = None, owned: mmap.mmap | None = None) -> None:
        self._buf = buf
        self._name = name
        self.file = _ViewFile(buf)
        self.onclose = None
        self.is_real = False
        self.is_closed = False
        self._map = owned

    def subset(self, position: int, length: int, name: str | None = None) -> "_View":
        return _View(self._buf[position : position + length], name=name or self._name)

    def close(self) -> None:
        super().close()
        if self._map is not None:
            try:
                self._map.close()
            except BufferError:  # views of it are still in use: it goes with the last of them
                pass
            self._map = None


class MappedStorage(FileStorage):
    """A read-only folder of index files, each mapped into memory and read through views of the map; no file
    stays open (a map does not need its file descriptor)."""

    supports_mmap = False  # Whoosh then asks a compound file for its members (``subset``) instead of mapping it itself

    def __init__(self, path: str) -> None:
        super().__init__(path, supports_mmap=False, readonly=True)

    def open_file(self, name: str, **kwargs: Any) -> BufferFile:
        with open(self._fpath(name), "rb") as f:
            try:
                whole = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file cannot be mapped
                return BufferFile(b"", name=name)
        return _View(memoryview(whole), name=name, owned=whole)
