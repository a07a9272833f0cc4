"""The ``judge`` command line: a group that imports a command's module only when that command runs.

Each command lives beside the layer it serves (``judge/<layer>/commands.py``); this file only names them, so
``judge --help`` and ``judge rule`` do not import search, the engine or the report machinery.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

# command name -> (module, attribute); the order is the order `judge --help` lists them in
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "rule": ("judge.corpus.commands", "rule_cmd"),
    "rules": ("judge.corpus.commands", "rules_cmd"),
    "search": ("judge.search.commands", "search_cmd"),
    "define": ("judge.search.commands", "define_cmd"),
    "index": ("judge.search.commands", "index_cmd"),
    "run": ("judge.scenario.commands", "run_cmd"),
    "scenario": ("judge.scenario.commands", "scenario_group"),
    "report": ("judge.report.commands", "report_cmd"),
    "coverage": ("judge.report.commands", "coverage_cmd"),
    "site": ("judge.report.commands", "site_cmd"),
    "faq": ("judge.faq.commands", "faq_group"),
    "corpus": ("judge.corpus.commands", "corpus_group"),
}


class JudgeGroup(click.Group):
    """Commands load on first use; a damaged data file or an unwritable path is an error message, not a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(LAZY_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        spec = LAZY_COMMANDS.get(cmd_name)
        if spec is None:
            return None
        module, attr = spec
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command

    def invoke(self, ctx: click.Context) -> object:
        from judge.datafile import DataError

        try:
            return super().invoke(ctx)
        except DataError as e:
            click.echo(f"error: {e}", err=True)
            ctx.exit(2)
        except BrokenPipeError:  # the reader stopped early (`judge rules | head`): not an error to report
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(1)
        except OSError as e:
            where = f": {e.filename}" if e.filename else ""
            click.echo(f"error: {e.strerror or e}{where}", err=True)
            ctx.exit(2)


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="judge")
def cli() -> None:
    """A ruling assistant for judges of 崛起 TCG, 符文战场 Riftbound and a Three-Kingdoms TCG."""


def main() -> None:
    """Console-script entry point."""
    cli()
