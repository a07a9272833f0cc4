"""Click commands: ``judge report``, ``judge coverage`` and ``judge site``.

Only click is imported at module level; the rest is imported inside the commands so that
``judge --help`` stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.clitools import dump_json


@click.command("report")
@click.argument("file")
@click.option("-o", "--out", "out", required=True, type=click.Path(dir_okay=False, path_type=Path), help="Write the report here.")
@click.option("--format", "fmt", type=click.Choice(["html", "md"]), default="html", show_default=True, help="Output format.")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="Language of the report.")
def report_cmd(file: str, out: Path, fmt: str, lang: str) -> None:
    """Write the ruling report of scenario FILE: boards, plays, steps with the rules they cite, expectations.

    FILE may name a bundled scenario (see `judge scenario list`), e.g. rise/708_1a_your_turn.
    Exit status 2 when FILE is not a valid scenario; the report is written whether the run passes or not.
    """
    from judge import paths
    from judge.corpus.store import load_corpus
    from judge.faq.model import load_faq
    from judge.report import report
    from judge.report.files import same_file, write_atomic
    from judge.report.meta import corpus_meta
    from judge.report.runs import run_one
    from judge.report.words import Words
    from judge.scenario.commands import resolve

    path = Path(resolve(file))
    if same_file(path, out):
        click.echo(f"error: {Words(lang)('err_own_input', file=out)}", err=True)
        sys.exit(2)
    run = run_one(path, paths.scenarios_dir(), lang)
    if run.result is None:
        click.echo(f"error: {run.error}", err=True)
        sys.exit(2)
    corpus = load_corpus()
    faq = {e.id: e for e in load_faq()}
    ctx = report.context(run, corpus, corpus_meta(corpus, game=run.game), faq=faq, lang=lang)
    write_atomic(out, report.render(ctx, fmt))
    click.echo(f"{run.name}: {run.status} -> {out}")


@click.command("coverage")
@click.option("--game", "-g", help="Only this game (default: every game with rules in the ranges).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--scenarios", "scenarios_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Scenario folder (default: the bundled scenarios/).")
def coverage_cmd(game: str | None, as_json: bool, scenarios_dir: Path | None) -> None:
    """Each rule of 706–719 and 802–803 with the scenarios whose steps cite it, and the share covered."""
    from judge import paths
    from judge.corpus import lookup
    from judge.report import coverage
    from judge.report.runs import run_all

    corpus = lookup.corpus_or_exit(game)
    runs = run_all(scenarios_dir or paths.scenarios_dir(), game)
    cov = coverage.coverage(corpus, runs, game)
    if as_json:
        dump_json(cov.to_dict())
    else:
        click.echo(coverage.render_text(cov))


@click.command("site")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--scenarios", "scenarios_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Scenario folder (default: the bundled scenarios/).")
@click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True, help="Language of the site.")
def site_cmd(out_dir: Path, scenarios_dir: Path | None, lang: str) -> None:
    """Write a static, cross-linked site of the corpus to OUT_DIR: sections, scenarios and their reports, glossary, FAQ,
    and a search box that works offline."""
    from judge import paths
    from judge.report import site

    written = site.build_site(out_dir, scenarios_dir or paths.scenarios_dir(), lang=lang)
    click.echo(f"{sum(1 for p in written if p.suffix == '.html')} pages -> {out_dir / 'index.html'}")


COMMANDS: list[click.Command] = [report_cmd, coverage_cmd, site_cmd]
