"""Small pieces the command modules share: JSON output, the ``--game`` type and the unknown-game message.

Only the standard library, click and the locale loader are imported here, so every command module may use
it without slowing ``judge --help``.
"""

from __future__ import annotations

import json
import sys
from typing import Iterable, NoReturn

import click

from judge.locale import join, t


def dump_json(data: object) -> None:
    """Print ``data`` as indented JSON, Chinese text as is."""
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` (already in the language in use) on standard error and exit with ``code``."""
    click.echo(message, err=True)
    sys.exit(code)


class GameName(click.ParamType):
    """A game as judges type it (崛起, RISE, 三國, Riftbound, rise), given to the command as its id.

    A name no game has is passed on as typed, for the command to refuse with the games it knows."""

    name = "game"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from judge.corpus.gamenames import resolve

        return resolve(str(value)) or str(value)


GAME = GameName()


def game_label(game: str) -> str:
    """A game's name and id for messages: 崛起（rise）."""
    from judge.corpus.gamenames import display_name

    return t("msg.game.item", name=display_name(game), id=game)


def unknown_game(game: str, valid: Iterable[str]) -> NoReturn:
    """Say the game is unknown and which are valid (in the corpus's order, by name and id); exit 2."""
    known = join([game_label(g) for g in valid]) or t("msg.game.none")
    fail(t("msg.game.unknown", game=game, known=known))
