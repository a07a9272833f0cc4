"""Where data lives: the bundled data (inside the installed package, or beside it in a checkout, read only),
the user's own data folder (documents they added; survives reinstalls) and the per-user cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

CACHE_ENV = "JUDGE_CACHE_DIR"
DATA_ENV = "JUDGE_DATA_DIR"

_PKG = Path(__file__).resolve().parent


def data_root() -> Path:
    """The folder holding ``rules_corpus/``, ``scenarios/`` and ``templates/``."""
    installed = _PKG / "_data"
    if (installed / "rules_corpus").is_dir():
        return installed
    return _PKG.parent


def corpus_dir() -> Path:
    return data_root() / "rules_corpus"


def scenarios_dir() -> Path:
    return data_root() / "scenarios"


def templates_dir() -> Path:
    return data_root() / "templates"


def cache_dir() -> Path:
    """The per-user cache folder (``$JUDGE_CACHE_DIR`` when set): search index, scenario citations."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    return _user_dir("cache")


def user_data_dir() -> Path:
    """The user's own data folder (``$JUDGE_DATA_DIR`` when set): the documents they added with ``judge corpus add``.

    It is never inside the installed package, so reinstalling or upgrading ``judge`` keeps it.
    """
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env)
    return _user_dir("data")


_XDG = {"cache": ("XDG_CACHE_HOME", ".cache"), "data": ("XDG_DATA_HOME", ".local/share")}


def _user_dir(kind: str) -> Path:
    """platformdirs' per-user ``cache`` or ``data`` folder for judge; on Linux the XDG rule written out, which is
    what platformdirs does there, without the 5–10 ms its import costs every command."""
    if sys.platform == "linux":
        var, default = _XDG[kind]
        base = os.environ.get(var, "").strip()
        return Path(base or os.path.expanduser(f"~/{default}")) / "judge"
    import platformdirs

    return Path(platformdirs.user_cache_dir("judge") if kind == "cache" else platformdirs.user_data_dir("judge"))
