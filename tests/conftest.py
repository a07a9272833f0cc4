"""Session-wide test isolation: no test reads or writes the user's real cache folder, and no test depends on the
machine's locale (judge speaks Chinese unless the locale starts with ``en``: tests that want English say so)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point $JUDGE_CACHE_DIR at a temporary folder for the whole session (tests may override it)."""
    path = tmp_path_factory.mktemp("judge-cache")
    old = os.environ.get("JUDGE_CACHE_DIR")
    os.environ["JUDGE_CACHE_DIR"] = str(path)
    yield path
    if old is None:
        os.environ.pop("JUDGE_CACHE_DIR", None)
    else:
        os.environ["JUDGE_CACHE_DIR"] = old


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
