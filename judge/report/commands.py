"""Click commands: ``judge report``, ``judge coverage`` and ``judge site``.

Only click is imported at module level; the rest is imported inside the commands so that
``judge --help`` stays fast. Help and messages are the locale data's.
"""

from __future__ import annotations

from pathlib import Path

import click

from judge.clitools import GAME, corpus_or_exit, dump_json, echo, fail, game_option, version_or_exit
from judge.locale import current, has, t


@click.command("report")
@click.argument("file")
@click.option("-o", "--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["html", "md"]), default="html", show_default=True)
@click.option("--lang", type=click.Choice(["zh", "en"]))
def report_cmd(file: str, out: Path, fmt: str, lang: str | None) -> None:
    """Write the ruling report of scenario FILE (a path or a bundled scenario's name)."""
    from judge import paths
    from judge.corpus.store import load_corpus
    from judge.faq.model import load_faq
    from judge.report import report
    from judge.datafile import write_output
    from judge.report.files import same_file
    from judge.report.meta import corpus_meta
    from judge.report.runs import run_one
    from judge.report.words import Words
    from judge.scenario.commands import resolve

    lang = lang or current()
    path = Path(resolve(file))
    if same_file(path, out):
        fail(t("msg.error", message=Words(lang)("err_own_input", file=out)))
    run = run_one(path, paths.scenarios_dir(), lang)
    if run.result is None:  # every problem of an invalid file, one per line, as `judge run` lists them
        fail("\n".join(t("msg.error", message=line) for line in str(run.error).splitlines()))
    corpus = load_corpus()
    faq = {e.id: e for e in load_faq()}
    ctx = report.context(run, corpus, corpus_meta(corpus, game=run.game), faq=faq, lang=lang)
    write_output(out, report.render(ctx, fmt))
    status = t(f"msg.status.{run.status}") if has(f"msg.status.{run.status}") else run.status
    echo(t("msg.report.written", name=run.name, status=status, out=out))


@click.command("coverage")
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
@click.option("--json", "as_json", is_flag=True)
@click.option("--scenarios", "scenarios_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
def coverage_cmd(game: str | None, as_json: bool, scenarios_dir: Path | None) -> None:
    """Each rule of the sections a game's engine covers, with the scenarios whose steps cite it, and the share covered."""
    from judge.report import coverage
    from judge.scenario.catalogue import catalogue

    corpus = corpus_or_exit(game)
    runs = [s for s in catalogue(scenarios_dir, run=lambda s: game is None or s.game == game) if game is None or s.game == game]
    cov = coverage.coverage(corpus, runs, game)
    if as_json:
        dump_json(cov.to_dict())
    else:
        echo(coverage.render_text(cov))


@click.command("site")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--scenarios", "scenarios_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--version", "version")
@click.option("--game", "-g", type=GAME)
@click.option("--lang", type=click.Choice(["zh", "en"]))
def site_cmd(out_dir: Path, scenarios_dir: Path | None, version: str | None, game: str | None, lang: str | None) -> None:
    """Write a static, cross-linked site of the corpus to OUT_DIR, with a search box that works offline; with
    ``--version``, one game's rules as of that version (``--game`` names the game when several have it)."""
    from judge import paths
    from judge.report import site

    chosen = None
    if version is not None:
        _, game = version_or_exit(corpus_or_exit(game), game, version)
        chosen = (game, version)
    elif game is not None:
        fail(t("msg.site.game_needs_version"))
    written = site.build_site(out_dir, scenarios_dir or paths.scenarios_dir(), lang=lang or current(), version=chosen)
    echo(t("msg.site.written", count=sum(1 for p in written if p.suffix == ".html"), index=out_dir / "index.html"))


COMMANDS: list[click.Command] = [report_cmd, coverage_cmd, site_cmd]
