"""Click commands over the parsed corpus: ``rule``, ``rules`` and the ``corpus`` group (build, add).

Their help and messages are the locale data's (``help.rule``, ``msg.rule`` …)."""

from __future__ import annotations

from pathlib import Path

import click

from judge.clitools import GAME, dump_json, fail
from judge.locale import t


@click.command("rule")
@click.argument("rule_id")
@click.option("--game", "-g", type=GAME)
@click.option("--json", "as_json", is_flag=True)
def rule_cmd(rule_id: str, game: str | None, as_json: bool) -> None:
    """Show one rule with its breadcrumb, text, examples, references and cited-by."""
    from judge.corpus import lookup
    from judge.corpus.ruleid import normalize

    corpus = lookup.corpus_or_exit(game)
    if not normalize(rule_id):
        fail(t("msg.rule.empty"))
    found = lookup.find(corpus, rule_id, game)
    if not found:
        fail(*lookup.not_found(corpus, rule_id, game))
    if as_json:
        items = [{**lookup.rule_json(corpus, r), "scenarios": lookup.citing_scenarios(r)} for r in found]
        dump_json(items if len(items) > 1 else items[0])
        return
    click.echo("\n\n".join(
        lookup.render_rule(corpus, r) + "\n\n" + lookup.render_scenarios(lookup.citing_scenarios(r)) for r in found
    ))


@click.command("rules")
@click.option("--game", "-g", type=GAME)
@click.option("--json", "as_json", is_flag=True)
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
@click.option("--out", type=click.Path(file_okay=False, path_type=Path))
def corpus_build(out: Path | None) -> None:
    """Parse every document listed in sources.yaml into rules_corpus/<game>.yaml and rules_corpus/faq/."""
    from judge.corpus import build
    from judge.faq.parse import build_faq

    try:
        if out:
            out.mkdir(parents=True, exist_ok=True)
        results = build.build(out=out)
        faq_files = build_faq(out=out)
    except ValueError as e:  # SourceError, FaqError, a duplicate rule number …
        fail(t("msg.error", message=e))
    for r in results:
        click.echo(t("msg.corpus.built", game=r.game, rules=r.rules, damaged=r.damaged, unresolved=r.unresolved,
                     path=r.path))
    for path in faq_files:
        click.echo(t("msg.corpus.faq_built", path=path))


@corpus_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "-g", required=True, type=GAME)
@click.option("--format", "fmt", default="plain", show_default=True)
@click.option("--title")
def corpus_add(file: Path, game: str, fmt: str, title: str | None) -> None:
    """Copy FILE into rules_corpus/raw/, list it in sources.yaml, and rebuild the corpus."""
    from judge.corpus import build

    try:
        results = build.add(file, game, fmt, title)
    except (build.SourceError, KeyError, ValueError) as e:
        fail(t("msg.error", message=e.args[0] if isinstance(e, KeyError) else e))
    for r in results:
        click.echo(t("msg.corpus.added", game=r.game, rules=r.rules, path=r.path))


COMMANDS: list[click.Command] = [rule_cmd, rules_cmd, corpus_group]
