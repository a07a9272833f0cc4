"""Session-wide test isolation: no test reads or writes the user's real cache or data folder, and no test depends
on the machine's locale (judge speaks Chinese unless the locale starts with ``en``: tests that want English say so)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest


def _private(variable: str, folder: Path) -> Iterator[Path]:
    old = os.environ.get(variable)
    os.environ[variable] = str(folder)
    yield folder
    if old is None:
        os.environ.pop(variable, None)
    else:
        os.environ[variable] = old


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point $JUDGE_CACHE_DIR at a temporary folder for the whole session (tests may override it)."""
    yield from _private("JUDGE_CACHE_DIR", tmp_path_factory.mktemp("judge-cache"))


@pytest.fixture(autouse=True, scope="session")
def _private_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point $JUDGE_DATA_DIR (documents a judge adds) at an empty temporary folder for the whole session."""
    yield from _private("JUDGE_DATA_DIR", tmp_path_factory.mktemp("judge-data"))


@pytest.fixture(autouse=True, scope="session")
def _neutral_locale() -> Iterator[None]:
    """A locale that is not English (so judge's default, Chinese) for the whole session, subprocesses included."""
    names = ("LC_ALL", "LC_MESSAGES", "LANG")
    old = {name: os.environ.get(name) for name in names}
    os.environ.pop("LC_ALL", None)
    os.environ.pop("LC_MESSAGES", None)
    os.environ["LANG"] = "C.UTF-8"
    yield
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
