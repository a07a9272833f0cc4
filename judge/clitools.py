"""Small pieces the command modules share: JSON output and the unknown-game message.

Only the standard library and click are imported here, so every command module may use it
without slowing ``judge --help``.
"""

from __future__ import annotations

import json
import sys
from typing import Iterable, NoReturn

import click


def dump_json(data: object) -> None:
    """Print ``data`` as indented JSON, Chinese text as is."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def unknown_game(game: str, valid: Iterable[str]) -> NoReturn:
    """Say the game id is unknown and which are valid (in the corpus's order); exit 2."""
    known = ", ".join(valid) or "(none: run `judge corpus build`)"
    click.echo(f"error: unknown game {game!r}; valid games: {known}", err=True)
    sys.exit(2)
