"""Click commands for official FAQ rulings: ``judge faq list | show | check``.

Only click is imported at module level; everything else is imported inside the commands so
that ``judge --help`` stays fast. Help and messages are the locale data's.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.clitools import GAME, dump_json, echo, error_text, fail
from judge.locale import join, t


def _entries():  # type: ignore[no-untyped-def]
    from judge.faq.model import load_faq

    entries = load_faq()
    if not entries:
        fail(t("msg.faq.none"))
    return entries


def _labels(entry) -> str:  # type: ignore[no-untyped-def]
    """Which labels an entry is shown with: those of its document's script (問／答 for a Traditional FAQ, 问／答 for
    a Simplified one; the locale's ``msg.faq.show`` and ``msg.faq.show_hans``)."""
    from judge.locale.folding import script_of

    return "msg.faq.show_hans" if script_of(entry.question + entry.answer) == "hans" else "msg.faq.show"


def _render(entry) -> str:  # type: ignore[no-untyped-def]
    k = _labels(entry)
    head = f"[{entry.game}] {entry.id} · {entry.set}" + (f" ({entry.set_en})" if entry.set_en else "")
    out = [head, t(f"{k}.date", date=entry.date or t(f"{k}.undated")), "",
           t(f"{k}.question", text=entry.question), "", t(f"{k}.answer", text=entry.answer)]
    if entry.explanation:
        out += ["", t(f"{k}.explanation")] + [f"  {p}" for p in entry.explanation]
    if entry.cites:
        out += ["", t(f"{k}.cites", ids=join(entry.cites))]
    if entry.cards:
        out += [t(f"{k}.cards", cards=join([c.full for c in entry.cards]))]
    out += ["", t(f"{k}.source", file=entry.file, line=entry.line)]
    return "\n".join(out)


@click.group("faq")
def faq_group() -> None:
    """Official FAQ rulings: list them, show one, check them against the corpus and scenarios."""


@faq_group.command("list")
@click.option("--json", "as_json", is_flag=True)
def list_cmd(as_json: bool) -> None:
    """List every FAQ entry: id, game, question."""
    entries = _entries()
    if as_json:
        dump_json([e.to_dict() for e in entries])
        return
    for e in entries:
        echo(f"{e.id:<13} {e.game:<9} {e.question}")


@faq_group.command("show")
@click.argument("entry_id")
@click.option("--json", "as_json", is_flag=True)
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
        fail(t("msg.faq.unknown", id=entry_id, near=join(near[:5]), count=len(ids)), 1)
    encoded, needs = _status(entry.id)
    if as_json:
        dump_json({**entry.to_dict(), "scenarios": [p.as_posix() for p in encoded], **({"needs": needs} if needs else {})})
        return
    echo(_render(entry))
    if encoded:  # which scenarios encode the ruling (`judge faq check` runs them), or what it still needs
        echo(t("msg.faq.pending.show_encoded", paths=join([p.as_posix() for p in encoded])))
    elif needs:
        from judge.locale import current

        echo(t("msg.faq.pending.show_pending", text=needs.get(current()) or next(iter(needs.values()))))


def _status(entry_id: str):  # type: ignore[no-untyped-def]
    """The bundled scenario files encoding this entry, and (none) what it still needs (judge/faq/pending.yaml)."""
    from judge import paths
    from judge.faq.check_notes import pending
    from judge.faq.check_scenarios import find_faq_scenarios

    root = paths.scenarios_dir()
    encoded = sorted(p.relative_to(root) for p in find_faq_scenarios(root).get(entry_id, []))
    return encoded, (None if encoded else pending().get(entry_id))


@faq_group.command("check")
@click.option("--json", "as_json", is_flag=True)
@click.option("--junit", "junit", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--html", "html", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--scenarios", "scenarios_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
def check_cmd(as_json: bool, junit: Path | None, html: Path | None, scenarios_dir: Path | None) -> None:
    """Check every published ruling (FAQ entries and the rules' worked examples) and the FAQ's cited rules."""
    from judge import paths
    from judge.corpus.store import read_corpus
    from judge.datafile import write_output
    from judge.faq import check
    from judge.faq.check_junit import junit_xml
    from judge.faq.check_render import html_report, render_text
    from judge.faq.model import load_documents

    root = paths.corpus_dir()
    documents = load_documents()  # the bundled FAQs and those the user added, against the user's corpus
    if not documents:
        fail(t("msg.faq.none"))
    scenarios = scenarios_dir or paths.scenarios_dir()
    try:
        report = check.check(documents, read_corpus(), root, scenarios_root=scenarios, runner=check.default_runner(scenarios))
    except check.CheckError as e:
        fail(t("msg.error", message=e))
    if junit:
        write_output(junit, junit_xml(report))
    if html:
        write_output(html, html_report(report))
    if as_json:
        dump_json(report.to_dict())
    else:
        echo(render_text(report))
    sys.exit(0 if report.holds else 1)  # exit 1: something checked failed ("ok" also needs every ruling checked)


@faq_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "-g", type=GAME, required=True)
@click.option("--date")
@click.option("--title")
@click.option("--set", "set_id")
@click.option("--encoding")
@click.option("--json", "as_json", is_flag=True)
def add_cmd(file: Path, game: str, date: str | None, title: str | None, set_id: str | None, encoding: str | None,
            as_json: bool) -> None:
    """Add a publisher's FAQ document FILE (text or PDF) for GAME: its entries, citations and earlier edition."""
    from judge.faq import add

    try:
        added = add.add(file, game, date=date, title=title, set_id=set_id, encoding=encoding)
    except (ValueError, OSError) as e:
        fail(t("msg.error", message=error_text(e)))
    if as_json:
        dump_json(added.to_dict())
        return
    for line in add.render(added):
        echo(line)


COMMANDS: list[click.Command] = [faq_group]
