"""The per-user folders: judge's own reading of the XDG rule on Linux agrees with platformdirs."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from judge import paths


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG shortcut applies on Linux only; elsewhere platformdirs is called")
@pytest.mark.parametrize("env", [{}, {"XDG_CACHE_HOME": "/x/cache", "XDG_DATA_HOME": "/x/data"}, {"XDG_CACHE_HOME": "  ", "XDG_DATA_HOME": ""}])
def test_user_folders_match_platformdirs(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    for var in ("XDG_CACHE_HOME", "XDG_DATA_HOME", paths.CACHE_ENV, paths.DATA_ENV):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert paths.cache_dir() == Path(platformdirs.user_cache_dir("judge"))
    assert paths.user_data_dir() == Path(platformdirs.user_data_dir("judge"))


def test_environment_variables_win(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "c"))
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "d"))
    assert paths.cache_dir() == tmp_path / "c"
    assert paths.user_data_dir() == tmp_path / "d"
