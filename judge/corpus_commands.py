"""Click commands over the parsed corpus: ``rule``, ``rules`` and the ``corpus`` group (list, add, remove, build).

Their help and messages are the locale data's (``help.rule``, ``msg.rule`` …). They live beside the package's
subpackages, not in ``judge/corpus/``, because they draw on layers above the corpus: ``judge rule`` lists the
scenarios whose steps cite the rule (:mod:`judge.report.citations`) and ``judge corpus build --out`` writes the
bundled FAQ with the bundled corpus (:func:`judge.faq.parse.build_faq`). Only click and the shared command pieces
are imported at module level; the rest inside the commands, so that ``judge rule`` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from judge.clitools import GAME, corpus_or_exit, dump_json, echo, error_text, fail, game_option, version_or_exit
from judge.locale import t

if TYPE_CHECKING:
    from judge.corpus.model import Rule


@click.command("rule")
@click.argument("rule_id")
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
@click.option("--version", "version")
@click.option("--json", "as_json", is_flag=True)
@click.option("--quote", is_flag=True)
def rule_cmd(rule_id: str, game: str | None, version: str | None, as_json: bool, quote: bool) -> None:
    """Show one rule with its breadcrumb, text, examples, references and cited-by; with ``--quote``, one line to
    paste into a chat (the site's link too when ``$JUDGE_SITE_URL`` says where the site is)."""
    from judge.corpus import lookup
    from judge.corpus.ruleid import normalize

    corpus = corpus_or_exit(game)
    if version is not None:
        corpus, game = version_or_exit(corpus, game, version)
    if not normalize(rule_id):
        fail(t("msg.rule.empty"))
    found = lookup.find(corpus, rule_id, game)
    if not found:
        fail(*lookup.not_found(corpus, rule_id, game))
    if quote:
        import os

        from judge.corpus.gamenames import display_name

        for r in found:
            echo(lookup.quote_line(corpus, r, display_name(r.game), os.environ.get("JUDGE_SITE_URL") or None))
        return
    if as_json:
        items = [{**lookup.rule_json(corpus, r), "scenarios": citing_scenarios(r)} for r in found]
        dump_json(items if len(items) > 1 else items[0])
        return
    echo("\n\n".join(
        lookup.render_rule(corpus, r) + "\n\n" + lookup.render_scenarios(citing_scenarios(r)) for r in found
    ))


def citing_scenarios(rule: Rule) -> list[dict[str, str]]:
    """The bundled scenarios (of the rule's game) with a step citing ``rule``: ``[{file, title, status}]``, by path."""
    from judge.report.citations import citing

    return citing(rule.game).get(rule.id, [])


@click.command("rules")
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
@click.option("--version", "version")
@click.option("--json", "as_json", is_flag=True)
def rules_cmd(game: str | None, version: str | None, as_json: bool) -> None:
    """List every rule (id, title, first words), games in turn, ids in natural order; with ``--version``, the
    rules of that version of the game it belongs to."""
    from judge.corpus import lookup

    corpus = corpus_or_exit(game)
    if version is not None:
        corpus, game = version_or_exit(corpus, game, version)
    rules = list(corpus.all_rules(game))
    if as_json:
        dump_json([lookup.rule_json(corpus, r) for r in rules])
        return
    for r in rules:
        echo(lookup.render_line(r))


@click.group("corpus")
def corpus_group() -> None:
    """The corpus's documents: list them, add one, take one out, build the parsed files."""


def _fail(e: Exception) -> NoReturn:
    fail(t("msg.error", message=error_text(e)))


def _leftovers(names: list[str]) -> None:
    if names:
        echo(t("msg.corpus.leftovers", names=", ".join(names)), err=True)


@corpus_group.command("build")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path))
def corpus_build(out: Path | None) -> None:
    """Parse the documents you added again (with --out DIR: the bundled documents into DIR)."""
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
                echo(t("msg.corpus.nothing_added"))
    except (ValueError, OSError) as e:  # SourceError, FaqError, a duplicate rule number, an unwritable folder …
        _fail(e)
    for r in results:
        echo(t("msg.corpus.built", game=r.game, rules=r.rules, damaged=r.damaged, unresolved=r.unresolved, path=r.path))
    for path in faq_files:
        echo(t("msg.corpus.faq_built", path=path))


@corpus_group.command("add")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "-g", type=GAME)
@click.option("--new-game")
@click.option("--format", "fmt")
@click.option("--title")
@click.option("--encoding")
@click.option("--version", "version")
@click.option("--force", is_flag=True)
@click.option("--json", "as_json", is_flag=True)
def corpus_add(file: Path, game: str | None, new_game: str | None, fmt: str | None, title: str | None,
               encoding: str | None, version: str | None, force: bool, as_json: bool) -> None:
    """Add the rules document FILE (text or PDF) to your corpus (kept in your data folder), all or nothing."""
    from judge.corpus import ingest, userdata

    try:
        change = userdata.add(file, game=game, new_game=new_game, fmt=fmt, title=title, encoding=encoding,
                              version=version, force=force)
    except (ValueError, OSError) as e:
        _fail(e)
    _leftovers(change.leftovers)
    if as_json:
        dump_json(change.report.to_dict())
        return
    for line in ingest.render(change.report):
        echo(line)
    for r in change.results:
        echo(t("msg.corpus.added", game=r.game, rules=r.rules, path=r.path))


@corpus_group.command("diff")
@click.argument("game", type=GAME)
@click.argument("old", required=False)
@click.argument("new", required=False)
@click.option("--json", "as_json", is_flag=True)
def corpus_diff(game: str, old: str | None, new: str | None, as_json: bool) -> None:
    """List the rules added, removed and changed between two versions of GAME (default: the two newest)."""
    from judge.corpus import changes, lookup

    corpus = corpus_or_exit(game)
    try:
        d = changes.between(corpus, game, old, new)
    except changes.NoVersionsError as e:
        fail(str(e), 1)
    except KeyError as e:
        fail(lookup.unknown_version(*e.args))
    if as_json:
        dump_json(d.to_dict())
        return
    echo(changes.render(d))


@corpus_group.command("check")
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
@click.option("--json", "as_json", is_flag=True)
def corpus_check(game: str | None, as_json: bool) -> None:
    """Report the documents' own errata: references that state a title their rule does not have."""
    import sys

    from judge.corpus import errata, ingest

    corpus = corpus_or_exit(game)
    found = [e for g in ([game] if game else corpus.games) for e in errata.check(corpus.rules[g].values())]
    if as_json:
        dump_json([e.to_dict() for e in found])
    else:
        for g in [game] if game else corpus.games:
            mine = [e for e in found if e.game == g]
            echo(t("msg.corpus.check.game", game=g, count=len(mine)))
            for e in mine:
                echo("  " + ingest.erratum_line(e))
    sys.exit(1 if found else 0)


@corpus_group.command("remove")
@click.argument("name")
def corpus_remove(name: str) -> None:
    """Take the added document NAME out of your corpus."""
    from judge.corpus import userdata

    try:
        change = userdata.remove(name)
    except (ValueError, OSError) as e:
        _fail(e)
    _leftovers(change.leftovers)
    echo(t("msg.corpus.removed", name=change.removed))
    for r in change.results:
        echo(t("msg.corpus.added", game=r.game, rules=r.rules, path=r.path))


@corpus_group.command("list")
@click.option("--json", "as_json", is_flag=True)
def corpus_list(as_json: bool) -> None:
    """List the corpus's documents: the bundled ones and those you added."""
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
        origin = t(f"msg.corpus.origin.{d.origin}")
        echo(f"{origin:<8} {d.game:<10} {d.file}  [{d.format}, {d.encoding}]  {d.title or ''}".rstrip())
    echo(t("msg.corpus.data_folder", path=layer.layer_dir()))


COMMANDS: list[click.Command] = [rule_cmd, rules_cmd, corpus_group]
