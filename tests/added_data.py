"""What the tests of added documents share: a fresh data folder for each test, and `judge` run in-process."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from judge import paths
from judge.cli import cli
from judge.corpus.store import load_corpus


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty data folder (and no corpus remembered from another test in this process)."""
    d = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_ENV, str(d))
    load_corpus.cache_clear()
    yield d
    load_corpus.cache_clear()


def judge(*args: str) -> tuple[int, str]:
    """Run ``judge ARGS…`` in-process: its exit status and output (a crash fails the test)."""
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.output


def squeeze(text: str) -> str:
    """Text without whitespace: where a PDF's line ended inside a paragraph is not something a parse can know."""
    return "".join(text.split())
