"""Reading the project's YAML data files with errors that name the file, line and column."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, Callable

from judge.locale import os_reason, t


class DataError(ValueError):
    """A data file (corpus, glossary, FAQ, sources) is missing, unreadable or not in the expected shape."""


TEMP_SUFFIX = ".tmp"


def read_bounded(path: Path, limit: int, what: str = "file") -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``limit`` bytes.

    A FIFO, a device (``/dev/zero``), a folder or a larger file is a :class:`DataError`, never a hang or an
    unbounded read: the file is opened without blocking and at most ``limit + 1`` bytes are read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as e:
        raise DataError(t("msg.data.not_found", path=path)) from e
    except IsADirectoryError as e:
        raise DataError(t("msg.data.is_folder", path=path)) from e
    except OSError as e:
        raise DataError(t("msg.data.unreadable", path=path, reason=os_reason(e))) from e
    except ValueError as e:  # a NUL in the path: no file can have that name
        raise DataError(t("msg.data.bad_path", path=repr(str(path)))) from e
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DataError(t("msg.data.is_folder", path=path))
        if not stat.S_ISREG(mode):
            raise DataError(t("msg.data.not_regular", path=path))
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as e:
        raise DataError(t("msg.data.unreadable", path=path, reason=os_reason(e))) from e
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataError(t("msg.data.too_large", path=path, limit=f"{limit:,}"))
    return data


def write_cache(path: Path, data: bytes) -> None:
    """Replace a per-user cache file at once (a temporary file beside it, renamed), making its folder. Best effort: a
    cache that cannot be written is done without (it only costs speed), and nothing is flushed to disk — a reader
    checks what it reads."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.parent / f".{path.name}-{os.urandom(8).hex()}{TEMP_SUFFIX}"
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError:
        pass


def prune_cache(folder: Path, suffix: str, keep: int, max_bytes: int) -> None:
    """Keep at most ``keep`` entries (``*suffix``) and ``max_bytes`` in a per-user cache folder: past either, the
    least recently used (by modification time, which a hit renews) are removed down to three quarters of both.
    Best effort: what cannot be listed or removed stays."""
    try:
        entries = []
        for e in os.scandir(folder):
            if e.name.endswith(suffix):
                st = e.stat(follow_symlinks=False)
                entries.append((st.st_mtime_ns, e.name, st.st_size, e.path))
    except OSError:
        return
    total = sum(size for _, _, size, _ in entries)
    if len(entries) <= keep and total <= max_bytes:
        return
    count = len(entries)
    for _, _, size, path in sorted(entries):
        if count <= keep * 3 // 4 and total <= max_bytes * 3 // 4:
            break
        try:
            os.unlink(path)
        except OSError:
            continue
        count, total = count - 1, total - size


def atomic_write(path: Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` all at once: a temporary file in the same folder, flushed to disk, renamed.

    A reader (or a process killed half-way) sees the old file or the new one, never a mix or an empty file. Only a
    regular file or a missing path is ever replaced (a link is followed to what it names): a folder, a device, a
    FIFO or a socket there is a :class:`DataError`, as is a failed write (naming ``path``, not the temporary file).
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = replaceable(path)
    folder = target.parent
    import tempfile  # here, not at the top: only writers need it (start-up time)

    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=TEMP_SUFFIX)
    except OSError as e:
        raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
    try:
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
        raise
    fsync_dir(folder)


def replaceable(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or what its links name; a :class:`DataError` when
    that exists and is not a regular file (a folder, a device such as ``/dev/null``, a FIFO, a socket)."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    except OSError as e:
        raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
    if stat.S_ISDIR(mode):
        raise DataError(t("msg.data.is_folder", path=path))
    if not stat.S_ISREG(mode):
        raise DataError(t("msg.data.not_replaceable", path=path))
    return target


def write_output(path: Path, data: bytes | str) -> None:
    """Write a file the user named on the command line: into it when it is a pipe or this session's terminal
    (``-o /dev/stdout``, a FIFO someone reads), else :func:`atomic_write` (which refuses any other kind of file);
    a missing folder is made."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is not None and (stat.S_ISFIFO(st.st_mode) or (stat.S_ISCHR(st.st_mode) and st.st_rdev in _terminals())):
        _write_into(path, raw)
        return
    try:
        Path(os.path.realpath(path)).parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
    atomic_write(path, raw)


def _terminals() -> set[int]:
    """The device numbers of the terminals this process's standard streams are on (no other device is opened)."""
    out = set()
    for fd in (0, 1, 2):
        try:
            if os.isatty(fd):
                out.add(os.fstat(fd).st_rdev)
        except OSError:
            pass
    return out


def _write_into(path: Path, raw: bytes) -> None:
    """Write ``raw`` into a pipe or terminal; a FIFO nobody reads is an error at once (opened without blocking)."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
    try:
        os.set_blocking(fd, True)
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
    except OSError as e:
        raise DataError(t("msg.data.unwritable", path=path, reason=os_reason(e))) from e
    finally:
        os.close(fd)


def _mode_for(path: Path) -> int:
    """The permissions a replaced file keeps; a new file gets what the umask gives (not mkstemp's 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


MAX_DATA_BYTES = 64 * 1024 * 1024  # a data file (parsed corpus, glossary, FAQ); the largest bundled one has 150 KB


def read_text(path: Path) -> str:
    """The UTF-8 text of ``path`` (line ends as ``\\n``); a missing, unreadable, non-regular, oversized or non-UTF-8
    file is a :class:`DataError`."""
    raw = read_bounded(path, MAX_DATA_BYTES, "data file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(t("msg.data.not_utf8", path=path, byte=e.start)) from e
    return text.replace("\r\n", "\n").replace("\r", "\n")


_STRICT: Any = None


def _strict_loader(yaml: Any) -> Any:
    """PyYAML's safe loader (the C one where built) that refuses a key given twice in one mapping, where PyYAML
    would keep the last silently: a data file says each thing once."""
    global _STRICT
    if _STRICT is None:
        base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

        class Strict(base):  # type: ignore[misc, valid-type]
            def construct_mapping(self, node: Any, deep: bool = False) -> Any:
                seen: set[Any] = set()
                for knode, _ in node.value:
                    if knode.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(knode, deep=True)
                    try:
                        fresh = key not in seen
                        seen.add(key)
                    except TypeError:  # an unhashable key: PyYAML's own construct_mapping says so
                        continue
                    if not fresh:
                        raise yaml.constructor.ConstructorError(
                            None, None, t("msg.data.duplicate_key", key=key), knode.start_mark)
                return super().construct_mapping(node, deep=deep)

        _STRICT = Strict
    return _STRICT


def read_yaml(path: Path) -> Any:
    """Parse ``path``; any failure becomes a :class:`DataError` saying which file and where."""
    import yaml  # here, not at the top: most commands never parse YAML (start-up time)

    text = read_text(path)
    try:
        return yaml.load(text, Loader=_strict_loader(yaml))
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise DataError(t("msg.data.not_yaml", path=f"{path}{where}", problem=e.problem or e.context)) from e
    except yaml.YAMLError as e:
        raise DataError(t("msg.data.not_yaml", path=path, problem=e)) from e


def expect_mapping(path: Path, data: Any, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` as a mapping holding ``keys``, or a DataError naming the file and what is missing."""
    if not isinstance(data, dict):
        raise DataError(t("msg.data.not_mapping", path=path, found=type(data).__name__))
    missing = [k for k in keys if k not in data]
    if missing:
        raise DataError(t("msg.data.missing", path=path, keys=", ".join(missing)))
    return data


def read_word_map(path: Path, is_word: Callable[[Any], bool], what: str, entry: str) -> dict[str, tuple[str, ...]]:
    """A ``words:`` mapping of a word list file (everyday English or Chinese): each word (``is_word``) with a non-empty
    list of the rules' words, all stripped, folded to Simplified and lower-cased; ``what`` and ``entry`` word the errors."""
    from judge.locale.folding import fold

    data = expect_mapping(path, read_yaml(path), ("version", "words"))
    words = data["words"]
    if not isinstance(words, dict):
        raise DataError(f"{path}: 'words' must map {what} to lists of the rules' words")
    out: dict[str, tuple[str, ...]] = {}
    for said, rules in words.items():
        if not (is_word(said) and isinstance(rules, list) and rules and all(isinstance(r, str) and r.strip() for r in rules)):
            raise DataError(f"{path}: {said!r}: {entry} with a list of the rules' words")
        out[fold(said.strip()).lower()] = tuple(fold(r.strip()).lower() for r in rules)
    return out
