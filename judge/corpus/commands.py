"""Click commands over the parsed corpus: ``rule``, ``rules`` and the ``corpus`` group (build, add)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from judge.clitools import dump_json


@click.command("rule")
@click.argument("rule_id")
@click.option("--game", "-g", help="Game id: rise, sanguo or riftbound (default: every game that has the id).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def rule_cmd(rule_id: str, game: str | None, as_json: bool) -> None:
    """Show rule RULE_ID: breadcrumb, text, examples, children, references and cited-by."""
    from judge.corpus import lookup
    from judge.corpus.ruleid import normalize

    corpus = lookup.corpus_or_exit(game)
    if not normalize(rule_id):
        click.echo("error: empty rule id; give a number such as 706.1a, 409.10 or 820.1.c.3", err=True)
        sys.exit(2)
    found = corpus.find(rule_id, game)
    if not found:
        near = corpus.nearest(rule_id, game)
        where = f" in game {game}" if game else ""
        hint = ", ".join(f"{r.id} ({r.game})" for r in near)
        click.echo(f"error: no rule {rule_id!r}{where}. Nearest existing ids: {hint}", err=True)
        sys.exit(1)
    if as_json:
        items = [{**lookup.rule_json(corpus, r), "scenarios": lookup.citing_scenarios(r)} for r in found]
        dump_json(items if len(items) > 1 else items[0])
        return
    click.echo("\n\n".join(
        lookup.render_rule(corpus, r) + "\n\n" + lookup.render_scenarios(lookup.citing_scenarios(r)) for r in found
    ))


@click.command("rules")
@click.option("--game", "-g", help="Only this game.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def rules_cmd(game: str | None, as_json: bool) -> None:
    """List every rule (id, title, first words), games in turn, ids in natural order."""
    from judge.corpus import lookup

    corpus = lookup.corpus_or_exit(game)
    rules = list(corpus.all_rules(game))
    if as_json:
        dump_json([lookup.rule_json(corpus, r) for r in rules])
        return
    for r in rules:
        click.echo(lookup.render_line(r))


@click.group("corpus")
def corpus_group() -> None:
    """Build the parsed corpus from the raw documents, or add a document."""


@corpus_group.command("build")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Write the <game>.yaml files here instead of rules_corpus/.")
def corpus_build(out: Path | None) -> None:
    """Parse every document listed in rules_corpus/sources.yaml into rules_corpus/<game>.yaml
    (rules) and rules_corpus/faq/ (FAQ entries)."""
    from judge.corpus import build
    from judge.faq.parse import build_faq

    try:
        if out:
            out.mkdir(parents=True, exist_ok=True)
        results = build.build(out=out)
        faq_files = build_faq(out=out)
    except ValueError as e:  # SourceError, FaqError, a duplicate rule number …
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    for r in results:
        click.echo(f"{r.game}: {r.rules} rules, {r.damaged} damaged, {r.unresolved} unresolved references -> {r.path}")
    for path in faq_files:
        click.echo(f"faq -> {path}")


@corpus_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "-g", required=True, help="Game id the document belongs to.")
@click.option("--format", "fmt", default="plain", show_default=True, help="Document format (rise-forum, sanguo-damaged, riftbound-search, plain).")
@click.option("--title", help="The document's title.")
def corpus_add(file: Path, game: str, fmt: str, title: str | None) -> None:
    """Copy FILE into rules_corpus/raw/, list it in sources.yaml, and rebuild the corpus."""
    from judge.corpus import build

    try:
        results = build.add(file, game, fmt, title)
    except (build.SourceError, KeyError, ValueError) as e:
        click.echo(f"error: {e.args[0] if isinstance(e, KeyError) else e}", err=True)
        sys.exit(2)
    for r in results:
        click.echo(f"{r.game}: {r.rules} rules -> {r.path}")


COMMANDS: list[click.Command] = [rule_cmd, rules_cmd, corpus_group]
