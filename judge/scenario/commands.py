"""Click commands for scenarios: ``judge run`` and ``judge scenario schema|check``. Heavy imports stay lazy;
help and messages are the locale data's."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from judge.clitools import echo, game_option, json_text  # user data (card names, texts, file names) is shown neutralised
from judge.locale import current, t


def resolve(name: str) -> str:
    """A scenario path as given, or a bundled scenario (or folder of them) by name (``rise/708_1a_your_turn``,
    ``sanguo``)."""
    if not name.strip() or name == "-" or Path(name).exists():
        return name
    from judge import paths

    for candidate in (paths.scenarios_dir() / name, paths.scenarios_dir() / f"{name}.yaml"):
        if candidate.is_file() or (candidate.is_dir() and candidate.name == Path(name).name):
            return str(candidate)
    return name  # the loader reports it missing


def expand(names: tuple[str, ...]) -> list[str]:
    """The scenarios the arguments name, in order: a file (or a bundled name) as itself, ``-`` for standard input,
    a folder as every ``*.yaml``/``*.yml`` under it (sorted by path)."""
    out: list[str] = []
    for name in map(resolve, names):
        if name.strip() and name != "-" and Path(name).is_dir():  # ("" is no name, not the current folder)
            from judge.scenario.files import scenario_files  # only for a folder (start-up time)

            unreadable: list[Path] = []
            files = [str(p) for p in scenario_files(Path(name), unreadable)]
            out += files + [str(p) for p in unreadable] if files or unreadable else [name]  # load() says why
        else:
            out.append(name)
    return out


def load(name: str) -> Any:
    """Load one scenario: a file, or standard input (``-``: at most MAX_BYTES read, called ``<stdin>``)."""
    from judge.scenario import loader

    if name == "-":
        return loader.load_bytes(sys.stdin.buffer.read(loader.MAX_BYTES + 1), loader.STDIN)
    if not name.strip():  # an empty argument names nothing (it is not the current folder)
        raise loader.ScenarioError(repr(name), 1, 1, t("msg.run.empty_name"))
    if Path(name).is_dir():  # a folder that holds no scenario, or one that cannot be listed (expand() kept it)
        import os

        try:
            os.listdir(name)
        except OSError as e:
            from judge.locale import os_reason

            raise loader.ScenarioError(name, 1, 1, t("msg.run.unlistable", reason=os_reason(e))) from None
        raise loader.ScenarioError(name, 1, 1, t("msg.run.no_scenarios"))
    return loader.load_file(name)


def shown(name: str) -> str:
    """How messages name a scenario argument."""
    from judge.scenario.loader import STDIN

    return STDIN if name == "-" else name


def report_invalid(e: Any) -> None:
    """Every problem of an invalid file, one per line, each with its file:line:column."""
    from judge.scenario.problems import MAX_ERRORS

    for one in e.errors:
        echo(t("msg.error", message=one), err=True)
    if e.truncated:
        echo(t("msg.run.more_errors", limit=MAX_ERRORS), err=True)


def invalid_json(name: str, e: Any) -> dict[str, Any]:
    """An invalid file in ``--json``: its first problem (``error``) and all of them (``errors``), each with the file it
    is in (the scenario, or the card library it names)."""
    errors = [{"file": shown(one.file), "line": one.line, "column": one.column, "message": one.message} for one in e.errors]
    return {"file": shown(name), "status": "invalid", "error": errors[0], "errors": errors, "truncated": e.truncated}


@click.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--json", "as_json", is_flag=True)
@click.option("--lang", type=click.Choice(["zh", "en"]))
@click.option("--branches", is_flag=True)
@click.option("--max-branches", type=click.IntRange(1, 10_000), default=64, show_default=True)
@click.option("--explain", is_flag=True)
@click.option("--ask", is_flag=True)
def run_cmd(files: tuple[str, ...], as_json: bool, lang: str | None, branches: bool, max_branches: int, explain: bool,
            ask: bool) -> None:
    """Run scenario FILES (a file, a folder of them, or - for standard input): numbered steps with their rule ids,
    the final state, each expectation; after several files, one line with the totals."""

    from judge.scenario import runner
    from judge.scenario.loader import ScenarioError

    lang = lang or current()
    if ask:
        sys.exit(_ask(files, lang, as_json or branches, explain))
    worst = 0
    results: list[object] = []
    texts: list[str] = []
    names = expand(files)
    totals = {"pass": 0, "fail": 0, "stopped": 0, "invalid": 0}
    games: set[str] = set()
    for f in names:
        try:
            sc = load(f)
            games.add(str(sc.data["game"]))
            if branches:
                br = runner.run_branches(sc, max_branches)
                ok = all(r.status == "pass" for r, _ in br.outcomes) and not br.refused
                worst = max(worst, 0 if ok else 1)
                totals["pass" if ok else "fail"] += 1
                results.append(runner.branches_json(br, lang))
                texts.append(runner.render_branches(br, lang))
            else:
                res = runner.run(sc)
                worst = max(worst, 0 if res.status == "pass" else 1)
                totals[res.status] += 1
                results.append(runner.to_json(res, lang, explain=explain))
                texts.append(runner.render_text(res, lang, explain=explain))
        except ScenarioError as e:
            worst = 2
            totals["invalid"] += 1
            results.append(invalid_json(f, e))
            if not as_json:
                report_invalid(e)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
            # A file the loader accepted but the engine could not run: still a bad-input report, not a traceback.
            worst = 2
            totals["invalid"] += 1
            message = t("msg.scenario.engine_failed", kind=type(e).__name__, error=e)
            results.append({"file": shown(f), "status": "invalid", "error": {"line": 1, "column": 1, "message": message}})
            if not as_json:
                echo(t("msg.error", message=f"{shown(f)}:1:1: {message}"), err=True)
    if as_json:
        click.echo(json_text(results))
    else:
        if texts:
            echo("\n\n".join(texts))
        if len(names) > 1:
            echo(_totals(games, lang, files=len(names), **totals))
    sys.exit(worst)


def _ask(files: tuple[str, ...], lang: str, other_mode: bool, explain: bool) -> int:
    """``--ask``: one file, on a terminal; its open choices asked as the run reaches them, the answers then offered
    for the file's ``choices:``. The exit status is the run's (0 pass, 1 fail or not finished, 2 bad input)."""
    from judge import paths
    from judge.clitools import fail
    from judge.scenario import ask, runner
    from judge.scenario.loader import ScenarioError

    names = expand(files)
    if other_mode or len(names) != 1 or names[0] == "-" or Path(names[0]).is_dir():
        fail(t("msg.ask.one_file"))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(t("msg.ask.no_terminal"))
    name = names[0]
    try:
        sc = load(name)
    except ScenarioError as e:
        report_invalid(e)
        return 2

    def prompt(text: str) -> str | None:
        try:
            return click.prompt(text, default="", show_default=False, prompt_suffix="")
        except click.exceptions.Abort:  # Ctrl-D or Ctrl-C: the same as quitting
            return None

    try:
        asked = ask.ask(sc, lang, prompt, echo)
    except ScenarioError as e:
        report_invalid(e)
        return 2
    if asked is None:
        echo(t("msg.ask.quit"))
        return 1
    res, answers = asked
    echo(runner.render_text(res, lang, explain=explain))
    if not answers:
        return 0 if res.status == "pass" else 1
    path = Path(name)
    entries = ask.answer_lines(res)
    bundled = path.resolve().is_relative_to(paths.scenarios_dir().resolve())
    if bundled:  # the package's own files are never changed: the judge copies one to change it
        echo(t("msg.ask.bundled", entries="\n".join(f"  - {e}" for e in entries)))
    elif click.confirm(t("msg.ask.write", count=len(entries), file=shown(name)), default=False):
        written, entries = ask.write_back(path, path.read_text(encoding="utf-8"), res)
        echo(t("msg.ask.written", file=shown(name)) if written
             else t("msg.ask.not_written", entries="\n".join(f"  - {e}" for e in entries)))
    return 0 if res.status == "pass" else 1


def _totals(games: set[str], lang: str, **values: int) -> str:
    """The totals line: in the words (and script) of the game when every file was of one game, else the judge's."""
    if len(games) == 1:
        from judge.games import load_game

        data = load_game(next(iter(games)))
        if "run_total" in data.words:
            return data.word("run_total", lang).format(**values)
    return t("msg.run.total", **values)


@click.group("scenario")
def scenario_group() -> None:
    """Scenario files: the bundled ones, the JSON Schema, checking files."""


@scenario_group.command("list")
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
def list_cmd(game: str | None) -> None:
    """List the bundled scenarios (name and title); `judge run NAME` runs one."""
    from judge.scenario.catalogue import catalogue

    for s in catalogue(run=lambda s: not game or s.game == game):  # whether each file is valid: from its last check
        if game and s.game != game:
            continue
        title = t("msg.scenario.invalid", message=s.message) if s.status == "invalid" else s.title
        echo(f"{s.name.rsplit('.', 1)[0]}  {title}")


@scenario_group.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of scenario files (for editors), written from the games' vocabularies."""
    from judge.scenario.schema import text

    click.echo(text(), nl=False)


@scenario_group.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
def check_cmd(files: tuple[str, ...]) -> None:
    """Check FILES (files, folders, or - for standard input) without running them; every problem of a file is
    listed as `judge run` lists it; exit 2 if one is invalid."""
    from judge.scenario.loader import ScenarioError

    names = expand(files)
    bad = 0
    for f in names:
        try:
            load(f)
            echo(t("msg.scenario.ok", file=shown(f)))
        except ScenarioError as e:
            bad += 1
            report_invalid(e)
    if len(names) > 1:
        echo(t("msg.scenario.check_total", files=len(names), ok=len(names) - bad, invalid=bad))
    sys.exit(2 if bad else 0)


COMMANDS: list[click.Command] = [run_cmd, scenario_group]
