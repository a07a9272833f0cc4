"""Click commands for official FAQ rulings: ``judge faq list | show | check``.

Only click is imported at module level; everything else is imported inside the commands so
that ``judge --help`` stays fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.clitools import dump_json


def _entries():  # type: ignore[no-untyped-def]
    from judge.faq.model import load_faq

    entries = load_faq()
    if not entries:
        click.echo("error: no parsed FAQ under rules_corpus/faq/; rebuild it with judge.faq.parse.build_faq()", err=True)
        sys.exit(2)
    return entries


def _render(entry) -> str:  # type: ignore[no-untyped-def]
    head = f"[{entry.game}] {entry.id} · {entry.set}" + (f" ({entry.set_en})" if entry.set_en else "")
    out = [head, f"日期: {entry.date or '文件未註明'}", "", f"問: {entry.question}", "", f"答: {entry.answer}"]
    if entry.explanation:
        out += ["", "說明:"] + [f"  {p}" for p in entry.explanation]
    if entry.cites:
        out += ["", "相關規則: " + ", ".join(entry.cites)]
    if entry.cards:
        out += ["卡牌: " + ", ".join(c.full for c in entry.cards)]
    out += ["", f"來源: {entry.file}:{entry.line}"]
    return "\n".join(out)


@click.group("faq")
def faq_group() -> None:
    """Official FAQ rulings: list them, show one, check them against the corpus and scenarios."""


@faq_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def list_cmd(as_json: bool) -> None:
    """List every FAQ entry: id, game, question."""
    entries = _entries()
    if as_json:
        dump_json([e.to_dict() for e in entries])
        return
    for e in entries:
        click.echo(f"{e.id:<13} {e.game:<9} {e.question}")


@faq_group.command("show")
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def show_cmd(entry_id: str, as_json: bool) -> None:
    """Show FAQ entry ENTRY_ID (e.g. vendetta-02): question, answer, explanation, cited rules, cards."""
    import difflib
    import re

    entries = _entries()
    by_id = {e.id: e for e in entries}
    wanted = entry_id.strip().lower()
    entry = by_id.get(wanted)
    if entry is None:
        ids = list(by_id)
        # same number first (vendeta-5 → vendetta-05), then containing it, then by similarity
        num = re.search(r"(\d+)$", wanted)
        near = [i for i in ids if num and re.search(r"(\d+)$", i) and int(i.rsplit("-", 1)[-1]) == int(num.group(1))]
        near += [i for i in ids if wanted and wanted in i and i not in near]
        near += [i for i in difflib.get_close_matches(wanted, ids, n=5, cutoff=0.0) if i not in near]
        click.echo(
            f"error: no FAQ entry {entry_id!r}. Nearest ids: {', '.join(near[:5])} "
            f"(`judge faq list` shows all {len(ids)})",
            err=True,
        )
        sys.exit(1)
    if as_json:
        dump_json(entry.to_dict())
        return
    click.echo(_render(entry))


@faq_group.command("check")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--junit", "junit", type=click.Path(dir_okay=False, path_type=Path), help="Also write a JUnit XML report here.")
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path), help="Also write an HTML report here.")
@click.option(
    "--scenarios",
    "scenarios_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Scenario folder to search for FAQ-sourced scenarios (default: the bundled scenarios/).",
)
def check_cmd(as_json: bool, junit: Path | None, html: Path | None, scenarios_dir: Path | None) -> None:
    """Check every published ruling (FAQ entries and the rules' worked examples): reproduced /
    regressed / not yet encoded, and the FAQ entries' cited rules.

    Exit status 1 on any regression (a FAQ- or example-sourced scenario failing, a scenario naming an
    unknown entry or rule, a FAQ file out of date with its raw document); 2 when the check cannot run.
    Cited rules missing from the corpus and entries flagged for review are reported, not failures.
    """
    from judge import paths
    from judge.corpus.store import load_corpus
    from judge.datafile import atomic_write
    from judge.faq import check
    from judge.faq.model import load_documents

    root = paths.corpus_dir()
    documents = load_documents(root)
    if not documents:
        click.echo("error: no parsed FAQ under rules_corpus/faq/; rebuild it with judge.faq.parse.build_faq()", err=True)
        sys.exit(2)
    try:
        report = check.check(
            documents,
            load_corpus(root),
            root,
            scenarios_root=scenarios_dir or paths.scenarios_dir(),
            runner=check.default_runner(),
        )
    except check.CheckError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if junit:
        junit.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(junit, check.junit_xml(report))
    if html:
        html.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(html, check.html_report(report))
    if as_json:
        dump_json(report.to_dict())
    else:
        click.echo(check.render_text(report))
    sys.exit(0 if report.ok else 1)


COMMANDS: list[click.Command] = [faq_group]
