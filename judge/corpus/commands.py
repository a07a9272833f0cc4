"""Click commands over the parsed corpus: ``rule``, ``rules`` and the ``corpus`` group (list, add, remove, build)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from judge.clitools import dump_json, echo


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
    """The corpus's documents: list them, add one, take one out, build the parsed files.

    Documents you add are kept in your data folder ($JUDGE_DATA_DIR, else the per-user data folder), layered
    over the bundled corpus: reinstalling or upgrading judge keeps them, and the installed package is never
    written to.
    """


def _fail(e: Exception) -> NoReturn:
    echo(f"error: {e}", err=True)
    sys.exit(2)


def _leftovers(names: list[str]) -> None:
    if names:
        echo(f"note: removed what an interrupted run left in your data folder: {', '.join(names)}", err=True)


@corpus_group.command("build")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Build the bundled documents (rules_corpus/sources.yaml) into this folder instead.")
def corpus_build(out: Path | None) -> None:
    """Parse the documents you added again, with their games' bundled documents (after a parser change).

    With --out DIR: parse the bundled documents into DIR/<game>.yaml and DIR/faq/ (byte-identical output for
    the same input); `--out rules_corpus` in a checkout regenerates the bundled corpus.
    """
    from judge.corpus import build, userdata
    from judge.faq.parse import build_faq

    try:
        if out:
            out.mkdir(parents=True, exist_ok=True)
            results = build.build(out=out)
            faq_files = build_faq(out=out)
        else:
            change = userdata.rebuild()
            _leftovers(change.leftovers)
            results, faq_files = change.results, []
            if not results:
                echo("no added documents: the bundled corpus is used as it is (judge corpus add FILE adds one)")
    except (ValueError, OSError) as e:  # SourceError, FaqError, a duplicate rule number, an unwritable folder …
        _fail(e)
    for r in results:
        echo(f"{r.game}: {r.rules} rules, {r.damaged} damaged, {r.unresolved} unresolved references -> {r.path}")
    for path in faq_files:
        echo(f"faq -> {path}")


@corpus_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "-g", help="The game the document belongs to (one the corpus has: see `judge corpus list`).")
@click.option("--new-game", help="Start a new game with this id (lower-case letters, digits, '-', '_').")
@click.option("--format", "fmt", default="plain", show_default=True,
              help="Document format (rise-forum, sanguo-damaged, riftbound-search, plain).")
@click.option("--title", help="The document's title.")
@click.option("--encoding", help="The file's encoding (utf-8, gb18030, gbk, big5, …); default: detected.")
def corpus_add(file: Path, game: str | None, new_game: str | None, fmt: str, title: str | None, encoding: str | None) -> None:
    """Add the rules document FILE to your corpus (kept in your data folder) and parse its game again.

    All or nothing: if the document cannot be read or parsed (a rule number its game already has …), or the
    command is interrupted, the corpus stays as it was.
    """
    from judge.corpus import userdata

    try:
        change = userdata.add(file, game=game, new_game=new_game, fmt=fmt, title=title, encoding=encoding)
    except (ValueError, OSError) as e:
        _fail(e)
    _leftovers(change.leftovers)
    for r in change.results:
        echo(f"{r.game}: {r.rules} rules -> {r.path}")


@corpus_group.command("remove")
@click.argument("name")
def corpus_remove(name: str) -> None:
    """Take the added document NAME (its file name, as `judge corpus list` shows it) out of your corpus."""
    from judge.corpus import userdata

    try:
        change = userdata.remove(name)
    except (ValueError, OSError) as e:
        _fail(e)
    _leftovers(change.leftovers)
    echo(f"removed {change.removed}")
    for r in change.results:
        echo(f"{r.game}: {r.rules} rules -> {r.path}")


@corpus_group.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def corpus_list(as_json: bool) -> None:
    """List the corpus's documents: the bundled ones and those you added (with your data folder)."""
    from judge.corpus import layer, userdata

    try:
        _leftovers(userdata.tidy())
        docs = userdata.documents()
    except (ValueError, OSError) as e:
        _fail(e)
    if as_json:
        dump_json({"data_folder": str(layer.layer_dir()), "documents": [d.to_dict() for d in docs]})
        return
    for d in docs:
        echo(f"{d.origin:<8} {d.game:<10} {d.file}  [{d.format}, {d.encoding}]  {d.title or ''}".rstrip())
    echo(f"data folder: {layer.layer_dir()}")


COMMANDS: list[click.Command] = [rule_cmd, rules_cmd, corpus_group]
