"""Small pieces the command modules share: JSON output, the ``--game`` type, the unknown-game message, the corpus
a command reads (or exit when there is none) and terminal-safe text.

Only the standard library, click and the locale loader are imported at module level, so every command module may
use it without slowing ``judge --help``; the game names and the corpus are imported by the functions that read
them. That places it above the corpus and below every other room with commands (``tests/test_architecture.py``).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, Callable, Iterable, NoReturn

import click

from judge.locale import join, t
from judge.locale.visible import UNSAFE, neutral

if TYPE_CHECKING:
    from judge.corpus.store import Corpus


def dump_json(data: object) -> None:
    """Print ``data`` as indented JSON, Chinese text as is (control and bidirectional characters escaped)."""
    click.echo(json_text(data))


def json_text(data: object) -> str:
    """``data`` as indented JSON, Chinese text as is; characters that could drive or reorder a terminal (and bytes
    that were not UTF-8) as ``\\uXXXX`` escapes, which JSON readers turn back into the same text."""
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(data, ensure_ascii=False, indent=2))


def error_text(e: BaseException) -> str:
    """What went wrong, in the judge's language: an operating-system error as its reason and the path (never
    Python's English ``[Errno 28] No space left on device``), a KeyError's message without its quotes."""
    if isinstance(e, OSError):
        from judge.locale import os_reason

        return f"{os_reason(e)}: {e.filename}" if e.filename else os_reason(e)
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    return str(e)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` (already in the language in use) on standard error and exit with ``code``."""
    echo(message, err=True)
    sys.exit(code)


class GameName(click.ParamType):
    """A game as judges type it (崛起, RISE, 三國, Riftbound, rise), given to the command as its id.

    A name no game has is passed on as typed, for the command to refuse with the games it knows."""

    name = "game"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from judge.corpus.gamenames import resolve

        return resolve(str(value)) or str(value)


GAME = GameName()
GAME_ENV = "JUDGE_GAME"  # the game lookups default to (a judge at one game's event sets it once)


def default_game() -> str | None:
    """The game a lookup takes without ``--game`` and ``$JUDGE_GAME`` (click reads that first): ``game`` in the data
    folder's ``settings.toml`` (:mod:`judge.settings`), else None; a bad settings file is an error (exit 2)."""
    from judge.datafile import DataError
    from judge.settings import read_settings

    try:
        return read_settings().get("game")
    except DataError as e:
        fail(str(e))


class GameOption(click.Option):
    """``--game`` of a lookup: its help ends with where the default comes from and what it is now."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        import os

        from judge.settings import settings_path

        record = super().get_help_record(ctx)
        if record is None:
            return None
        from judge.datafile import DataError
        from judge.settings import read_settings

        env = os.environ.get(GAME_ENV, "").strip()
        try:
            game, source = (env, f"${GAME_ENV}") if env else (read_settings().get("game"), str(settings_path()))
        except DataError:  # a bad settings file: the help still shows; running a command says what is wrong
            game, source = None, ""
        now = (t("help.game_default_now", game=game_label(GAME.convert(game, self, ctx)), source=source) if game
               else t("help.game_default_none"))
        sep = "" if record[1].endswith(("。", "）", "；")) else " "  # sentences of Chinese text join without a space
        return record[0], f"{record[1]}{sep}{t('help.game_default', path=settings_path(), now=now)}".strip()


def game_option() -> Callable[[Any], Any]:
    """``--game`` / ``-g`` with the default game (``$JUDGE_GAME``, else the settings file's)."""
    return click.option("--game", "-g", cls=GameOption, type=GAME, envvar=GAME_ENV, default=default_game)


def game_label(game: str) -> str:
    """A game's name and id for messages: 崛起（rise）."""
    from judge.corpus.gamenames import display_name

    return t("msg.game.item", name=display_name(game), id=game)


def unknown_game(game: str, valid: Iterable[str]) -> NoReturn:
    """Say the game is unknown and which are valid (in the corpus's order, by name and id); exit 2."""
    known = join([game_label(g) for g in valid]) or t("msg.game.none")
    fail(t("msg.game.unknown", game=game, known=known))


def corpus_or_exit(game: str | None) -> Corpus:
    """The bundled corpus; exit 2 with the valid ids when ``game`` is unknown."""
    from judge.corpus.store import load_corpus

    corpus = load_corpus()
    if not corpus.games:
        click.echo(t("msg.corpus.empty"), err=True)
        sys.exit(2)
    if game is not None and game not in corpus.games:
        unknown_game(game, corpus.games)
    return corpus


def version_or_exit(corpus: Corpus, game: str | None, wanted: str) -> tuple[Corpus, str]:
    """The corpus with a game's rules as of version ``wanted``, and that game: ``game``, else the one game that has
    such a version. Exit 2 saying which versions there are when none (or several games) match."""
    from judge.corpus.lookup import unknown_version
    from judge.corpus.store import UnknownVersionError, find_version, with_version

    if game is None:
        having = []
        for g in corpus.games:
            try:
                find_version(corpus, g, wanted)
                having.append(g)
            except UnknownVersionError:
                continue
        if len(having) != 1:
            listed = join([f"{g} {v['version']}" for g in corpus.games for v in corpus.versions.get(g) or []])
            fail(t("msg.rule.version.game", version=wanted, versions=listed or t("msg.rule.version.none")))
        game = having[0]
    try:
        return with_version(corpus, game, wanted), game
    except UnknownVersionError as e:
        fail(unknown_version(*e.args))


def echo(text: str, err: bool = False) -> None:
    """``click.echo`` of text that may hold user data, neutralised (:func:`neutral`)."""
    click.echo(neutral(text), err=err)
