"""Where the bundled data lives: inside the installed package, or beside it in a checkout."""

from __future__ import annotations

from pathlib import Path

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
