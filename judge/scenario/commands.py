"""Click commands for scenarios: ``judge run`` and ``judge scenario schema|check``. Heavy imports stay lazy;
help and messages are the locale data's."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.clitools import GAME, echo, json_text  # user data (card names, texts, file names) is shown neutralised
from judge.locale import current, t


def resolve(name: str) -> str:
    """A scenario path as given, or a bundled scenario by name (``rise/708_1a_your_turn``)."""
    if Path(name).exists():
        return name
    from judge import paths

    for candidate in (paths.scenarios_dir() / name, paths.scenarios_dir() / f"{name}.yaml"):
        if candidate.is_file():
            return str(candidate)
    return name  # the loader reports it missing


@click.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
@click.option("--lang", type=click.Choice(["zh", "en"]))
@click.option("--branches", is_flag=True)
@click.option("--max-branches", type=click.IntRange(1, 10_000), default=64, show_default=True)
@click.option("--explain", is_flag=True)
def run_cmd(files: tuple[str, ...], as_json: bool, lang: str | None, branches: bool, max_branches: int, explain: bool) -> None:
    """Run scenario FILES: numbered steps with their rule ids, the final state, each expectation."""

    from judge.scenario import runner
    from judge.scenario.loader import ScenarioError, load_file

    lang = lang or current()
    worst = 0
    results: list[object] = []
    texts: list[str] = []
    for f in map(resolve, files):
        try:
            sc = load_file(f)
            if branches:
                br = runner.run_branches(sc, max_branches)
                ok = all(r.status == "pass" for r, _ in br.outcomes) and not br.refused
                worst = max(worst, 0 if ok else 1)
                results.append(runner.branches_json(br, lang))
                texts.append(runner.render_branches(br, lang))
            else:
                res = runner.run(sc)
                worst = max(worst, 0 if res.status == "pass" else 1)
                results.append(runner.to_json(res, lang, explain=explain))
                texts.append(runner.render_text(res, lang, explain=explain))
        except ScenarioError as e:
            worst = 2
            results.append({"file": f, "status": "invalid", "error": {"line": e.line, "column": e.column, "message": e.message}})
            if not as_json:
                echo(t("msg.error", message=e), err=True)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
            # A file the loader accepted but the engine could not run: still a bad-input report, not a traceback.
            worst = 2
            message = t("msg.scenario.engine_failed", kind=type(e).__name__, error=e)
            results.append({"file": f, "status": "invalid", "error": {"line": 1, "column": 1, "message": message}})
            if not as_json:
                echo(t("msg.error", message=f"{f}:1:1: {message}"), err=True)
    if as_json:
        click.echo(json_text(results))
    else:
        if texts:
            echo("\n\n".join(texts))
    sys.exit(worst)


@click.group("scenario")
def scenario_group() -> None:
    """Scenario files: the bundled ones, the JSON Schema, checking files."""


@scenario_group.command("list")
@click.option("--game", "-g", type=GAME)
def list_cmd(game: str | None) -> None:
    """List the bundled scenarios (name and title); `judge run NAME` runs one."""
    from judge import paths
    from judge.report.runs import file_game, scenario_files
    from judge.scenario.loader import ScenarioError, load_file

    root = paths.scenarios_dir()
    for path in scenario_files(root):
        if game and file_game(path) != game:
            continue
        name = path.relative_to(root).with_suffix("").as_posix()
        try:
            title = str(load_file(str(path)).data.get("title", ""))
        except ScenarioError as e:
            title = t("msg.scenario.invalid", message=e.message)
        echo(f"{name}  {title}")


@scenario_group.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of scenario files (for editors)."""
    import json

    from judge.scenario.loader import schema

    click.echo(json.dumps(schema(), ensure_ascii=False, indent=2))


@scenario_group.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def check_cmd(files: tuple[str, ...]) -> None:
    """Check FILES without running them; exit 2 if one is invalid."""
    from judge.scenario.loader import ScenarioError, load_file

    bad = False
    for f in files:
        try:
            load_file(f)
            echo(t("msg.scenario.ok", file=f))
        except ScenarioError as e:
            bad = True
            echo(t("msg.error", message=e), err=True)
    sys.exit(2 if bad else 0)


COMMANDS: list[click.Command] = [run_cmd, scenario_group]
