"""Session-wide test isolation: no test reads or writes the user's real cache folder."""

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
