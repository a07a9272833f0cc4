"""Every writer replaces only a regular file or a missing path: a FIFO someone reads or this terminal is written
into, and a device, a folder, a socket or a FIFO nobody reads is refused with the path and why — never renamed over
(run as root, ``-o /dev/null`` once replaced the machine's /dev/null)."""

from __future__ import annotations

import os
import socket
import stat
import threading
import time
from pathlib import Path

import pytest

from hostile_run import assert_clean, judge
from judge.datafile import DataError, atomic_write, write_output

SCENARIO = "rise/708_1a_your_turn"


def null_device(tmp_path: Path) -> Path:
    """A character device (the null device, 1:3) made in ``tmp_path``; /dev/null itself when mknod is not allowed
    and the tests do not run as root (a broken writer cannot replace it then, but its message still differs)."""
    node = tmp_path / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        return node
    except (PermissionError, OSError):
        if os.geteuid() == 0:
            pytest.skip("mknod is not allowed here and, as root, /dev/null itself must not be put at risk")
        return Path("/dev/null")


def read_fifo(fifo: Path, into: list[bytes]) -> threading.Thread:
    """A reader of ``fifo``, open before this returns (so a writer finds it), collecting in a thread what is written
    until the writer closes it."""
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)

    def run() -> None:
        chunks = []
        with os.fdopen(fd, "rb", buffering=0) as f:
            while True:
                try:
                    chunk = f.read(1 << 16)
                except BlockingIOError:
                    chunk = None
                if chunk == b"" and chunks:
                    break  # the writer closed it
                if chunk:
                    chunks.append(chunk)
                else:
                    time.sleep(0.01)  # no writer yet, or nothing written yet
        into.append(b"".join(chunks))

    th = threading.Thread(target=run, daemon=True)
    th.start()
    return th


def test_a_device_is_refused_and_stays_a_device(tmp_path: Path) -> None:
    dev = null_device(tmp_path)
    for write in (atomic_write, write_output):
        with pytest.raises(DataError, match="不是普通文件"):
            write(dev, "report")
        assert stat.S_ISCHR(os.stat(dev).st_mode)
    assert not [p for p in dev.parent.iterdir() if p.name.startswith(f".{dev.name}.")]  # no temporary file left


def test_report_to_a_device_exits_2_naming_it(tmp_path: Path) -> None:
    dev = null_device(tmp_path)
    out = assert_clean(judge(["report", SCENARIO, "-o", dev], timeout=60), (2,), str(dev), "不是普通文件")
    assert ".tmp" not in out  # the message names the user's path, not a temporary file
    assert stat.S_ISCHR(os.stat(dev).st_mode)


def fifo_read(tmp_path: Path) -> tuple[Path, list[bytes], threading.Thread]:
    """A FIFO in ``tmp_path`` with a reader already on it: the path, what it will have read, its thread."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    return fifo, got, read_fifo(fifo, got)


def test_a_fifo_with_a_reader_is_written_into(tmp_path: Path) -> None:
    fifo, got, th = fifo_read(tmp_path)
    write_output(fifo, "第一行\n")
    th.join(10)
    assert got == ["第一行\n".encode()]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_report_into_a_fifo_writes_the_report_into_it(tmp_path: Path) -> None:
    fifo, got, th = fifo_read(tmp_path)
    assert_clean(judge(["report", SCENARIO, "-o", fifo, "--format", "md"], timeout=60), (0,))
    th.join(10)
    assert got and got[0].startswith(b"#") and "708.1a".encode() in got[0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_fifo_nobody_reads_is_refused_at_once_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(DataError, match="无法写入"):  # no reader: ENXIO at open, never a wait
        write_output(fifo, "x")
    with pytest.raises(DataError, match="不是普通文件"):  # data files are never written into a FIFO
        atomic_write(fifo, "x")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_junit_and_html_outputs_follow_the_same_policy(tmp_path: Path) -> None:
    dev = null_device(tmp_path)
    for flag in ("--junit", "--html"):
        assert_clean(judge(["faq", "check", flag, dev], timeout=120), (2,), str(dev), "不是普通文件")
        assert stat.S_ISCHR(os.stat(dev).st_mode)


def test_a_folder_and_a_socket_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(DataError, match="是文件夹"):
        write_output(folder, "x")
    sock_path = tmp_path / "s"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(sock_path))
        with pytest.raises(DataError, match="不是普通文件"):
            write_output(sock_path, "x")
        assert stat.S_ISSOCK(os.stat(sock_path).st_mode)
    finally:
        s.close()


def test_a_link_to_a_regular_file_replaces_what_it_names_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.html"
    real.write_text("old", encoding="utf-8")
    os.chmod(real, 0o640)
    link = tmp_path / "link.html"
    link.symlink_to(real)
    write_output(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640  # the replaced file keeps its permissions


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    dev = null_device(tmp_path)
    link = tmp_path / "link"
    link.symlink_to(dev)
    with pytest.raises(DataError, match="不是普通文件"):
        atomic_write(link, "x")
    assert link.is_symlink() and stat.S_ISCHR(os.stat(dev).st_mode)


def test_a_regular_file_and_a_missing_path_are_written(tmp_path: Path) -> None:
    target = tmp_path / "new" / "sub" / "r.md"
    write_output(target, "a")
    assert target.read_text(encoding="utf-8") == "a"
    write_output(target, "b")
    assert target.read_text(encoding="utf-8") == "b"
