"""Shared helpers for corpus tests: the repository paths, the bundled corpus, and `judge corpus` run in-process
against a fresh data folder."""

from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from judge import paths
from judge.corpus.store import Corpus, load_corpus

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
GAMES = ("rise", "sanguo", "riftbound")


def corpus() -> Corpus:
    """The bundled corpus (rules_corpus/<game>.yaml)."""
    return load_corpus()


def expected_ids(game: str) -> list[str]:
    """The hand-verified id list of a game's source document, in document order."""
    return (DATA / f"ids_{game}.txt").read_text(encoding="utf-8").split()



@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty data folder for each test (a module that imports this fixture uses it for every test)."""
    d = tmp_path / "data"
    monkeypatch.setenv(paths.DATA_ENV, str(d))
    yield d


def corpus_cli(*args: str) -> tuple[int, str]:
    """``judge corpus ARGS`` in this process: its exit code and output (an exception other than an exit fails)."""
    from judge.corpus_commands import corpus_group

    res = CliRunner().invoke(corpus_group, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.output
