"""The ``judge`` command line: a group that imports a command's module only when that command runs.

Each command lives beside the layer it serves (``judge/<layer>/commands.py``; the corpus's in
``judge/corpus_commands.py``, as they draw on the layers above it); this file only names them, so
``judge --help`` and ``judge rule`` do not import search, the engine or the report machinery. The words shown
(help, messages) come from ``judge/locale/``: Chinese unless ``--lang en`` or an ``en`` locale asks for English.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from judge.leanimport import import_pathlib
from judge.locale import from_args, os_reason, set_lang, t
from judge.locale.help import JudgeContext, click_word, install_click_words, localize

# command name -> (module, attribute); the order is the order `judge --help` lists them in
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "rule": ("judge.corpus_commands", "rule_cmd"),
    "rules": ("judge.corpus_commands", "rules_cmd"),
    "search": ("judge.search.commands", "search_cmd"),
    "define": ("judge.search.commands", "define_cmd"),
    "card": ("judge.cards.commands", "card_cmd"),
    "index": ("judge.search.commands", "index_cmd"),
    "run": ("judge.scenario.commands", "run_cmd"),
    "scenario": ("judge.scenario.commands", "scenario_group"),
    "report": ("judge.report.commands", "report_cmd"),
    "coverage": ("judge.report.commands", "coverage_cmd"),
    "site": ("judge.report.commands", "site_cmd"),
    "faq": ("judge.faq.commands", "faq_group"),
    "corpus": ("judge.corpus_commands", "corpus_group"),
}


class JudgeGroup(click.Group):
    """Commands load on first use, in the language of the run; a damaged data file or an unwritable path is an
    error message, not a traceback."""

    context_class = JudgeContext

    def main(self, *args: object, **kwargs: object) -> object:
        try:
            return super().main(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            set_lang(None)  # the next run (a test's, in the same process) decides its language afresh

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # The language is known before anything is shown: `judge --help --lang en` and `judge run --lang en -h` too.
        set_lang(from_args(args))
        install_click_words()
        localize(self, "judge", ctx)
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(LAZY_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = LAZY_COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module, attr = spec
        import_pathlib()  # every command module reads files; pathlib without urllib.parse (judge.leanimport)
        command: click.Command = getattr(importlib.import_module(module), attr)
        return localize(command, cmd_name, ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the locale data alone: `judge --help` imports no command module."""
        with formatter.section(click_word("Commands")):
            formatter.write_dl([(name, t(f"help.{name}.short")) for name in LAZY_COMMANDS])

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except ValueError as e:
            # A DataError (judge.datafile) can only come from a command that imported it: looking the class up
            # here instead of importing it keeps PyYAML out of `judge rule --help`.
            datafile = sys.modules.get("judge.datafile")
            if datafile is None or not isinstance(e, datafile.DataError):
                raise
            click.echo(t("msg.error", message=e), err=True)
            ctx.exit(2)
        except BrokenPipeError:  # the reader stopped early (`judge rules | head`): not an error to report
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(1)
        except OSError as e:
            where = f": {e.filename}" if e.filename else ""
            click.echo(t("msg.error", message=f"{os_reason(e)}{where}"), err=True)
            ctx.exit(2)


def _show_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    click.echo(t("msg.version", version=version("judge")))
    ctx.exit()


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, is_eager=True, expose_value=False, callback=_show_version)
def cli() -> None:
    """The ``judge`` command group (its help is the locale data's ``help.judge.text``)."""


def main() -> None:
    """Console-script entry point."""
    cli()
