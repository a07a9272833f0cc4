"""`judge corpus add` killed at every step it takes on disk leaves the corpus as it was (or, past the moment it
commits, as it would be); the next run removes what the killed one left. A reinstall of the package keeps what
was added: the documents live in the data folder, and the package is never written to."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from hostile_run import assert_clean, judge

from judge import paths

REPO = Path(__file__).resolve().parents[1]
FIRST = "100. 总则\n100.1 第一条，参见规则100.2。\n100.2 第二条。\n"
SECOND = "200. 其他\n200.1 又一条，参见规则100.1。\n"

# The child replaces the file-system calls a change makes with ones that count, and SIGKILLs itself at call N:
# a kill between any two steps (folder made, file flushed, file renamed, file linked, pointer swapped).
KILLER = """
import os, shutil, signal, sys
n, calls = int(sys.argv[1]), [0]
def counted(f):
    def g(*a, **k):
        calls[0] += 1
        if calls[0] == n:
            os.kill(os.getpid(), signal.SIGKILL)
        return f(*a, **k)
    return g
for name in ("mkdir", "fsync", "replace", "rename", "link", "unlink", "rmdir"):
    setattr(os, name, counted(getattr(os, name)))
shutil.copyfile = counted(shutil.copyfile)
from judge.cli import main
sys.argv = ["judge", *sys.argv[2:]]
main()
"""


def tree(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def live(data: Path) -> dict[str, str]:
    """The corpus a reader sees: the files of the generation the pointer names."""
    name = (data / "corpus" / "current").read_text(encoding="ascii").split("\n")[0]
    return tree(data / "corpus" / name)


def test_a_killed_add_leaves_the_corpus_as_it_was_or_complete(tmp_path: Path) -> None:
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(FIRST, encoding="utf-8")
    second.write_text(SECOND, encoding="utf-8")
    start = tmp_path / "start"
    assert_clean(judge(["corpus", "add", first, "--new-game", "demo"], env={paths.DATA_ENV: str(start)}), (0,))
    done = tmp_path / "done"
    shutil.copytree(start, done)
    assert_clean(judge(["corpus", "add", second, "--game", "demo"], env={paths.DATA_ENV: str(done)}), (0,))
    before, after = live(start), live(done)
    assert before != after
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    outcomes = []
    for n in range(1, 80):
        data = tmp_path / f"run{n}"
        shutil.copytree(start, data)
        res = subprocess.run([sys.executable, "-c", KILLER, str(n), "corpus", "add", str(second), "--game", "demo"],
                             env={**env, paths.DATA_ENV: str(data)}, capture_output=True, text=True, timeout=30)
        if res.returncode == 0:
            assert live(data) == after
            break
        assert res.returncode == -signal.SIGKILL, res.stderr
        now = live(data)
        assert now in (before, after), f"killed at step {n}: a corpus that is neither the old nor the new one"
        outcomes.append("old" if now == before else "new")
        # the next run removes the leftovers and reads the same corpus
        listed = assert_clean(judge(["corpus", "list"], env={paths.DATA_ENV: str(data)}), (0,))
        names = {p.name for p in (data / "corpus").iterdir()}
        pointer = (data / "corpus" / "current").read_text(encoding="ascii").split()
        assert names <= {"current", ".lock", *pointer}, names
        assert live(data) == now and ("second.txt" in listed) == (now == after)
        rule = judge(["rule", "200.1", "--game", "demo"], env={paths.DATA_ENV: str(data)})
        assert_clean(rule, (0,) if now == after else (1,))
    else:
        raise AssertionError("the add never finished")
    # the kill landed before the commit point several times, and after it at least once
    assert outcomes.count("old") >= 5 and "new" in outcomes, outcomes


def install_copy(site: Path) -> Path:
    """Lay the package out as a wheel does (``judge/`` with its data in ``judge/_data/``) under ``site``."""
    pkg = site / "judge"
    shutil.copytree(REPO / "judge", pkg, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    for folder in ("rules_corpus", "scenarios", "templates"):
        shutil.copytree(paths.data_root() / folder, pkg / "_data" / folder)
    return pkg


def test_reinstalling_the_package_keeps_the_added_document(tmp_path: Path) -> None:
    site = tmp_path / "site"
    pkg = install_copy(site)
    env = {"PYTHONPATH": str(site), paths.DATA_ENV: str(tmp_path / "data"), "PYTHONDONTWRITEBYTECODE": "1"}
    doc = tmp_path / "house.txt"
    doc.write_text(FIRST, encoding="utf-8")
    package = tree(pkg)
    assert_clean(judge(["corpus", "add", doc, "--new-game", "house"], env=env), (0,))
    assert tree(pkg) == package  # the installed package was not written to
    # a reinstall (or an upgrade) replaces the package's files wholesale
    shutil.rmtree(pkg)
    install_copy(site)
    out = assert_clean(judge(["rule", "100.1", "--game", "house"], env=env), (0,), "第一条")
    assert "house.txt" in out
    out = assert_clean(judge(["corpus", "list"], env=env), (0,), "加入       house")
    # adding it again is refused as a duplicate of the kept document, not of a leftover raw copy
    assert_clean(judge(["corpus", "add", doc, "--game", "house"], env=env), (2,), "你加入的文件中已有同名的文件")
