"""Click commands for search: ``search``, ``define`` and ``index``.

Only click is imported here; Whoosh and OpenCC are imported inside the commands so that
``judge --help`` and ``judge rule`` start fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from judge.clitools import dump_json, unknown_game

MARK_OPEN, MARK_CLOSE = "⟦", "⟧"  # the same as judge.search.snippet (not imported: it pulls in OpenCC)
BOLD, RESET = "\x1b[1m", "\x1b[0m"

_corpus_option = click.option(
    "--corpus",
    "corpus_root",
    type=click.Path(file_okay=False, path_type=Path),
    hidden=True,
    help="Use the <game>.yaml files and glossary.yaml of this folder (tests, benchmarks).",
)


def _source(corpus_root: Path | None) -> Any:
    from judge.search.index import Source

    return Source(corpus_root=corpus_root)


def _unknown_game(err: KeyError) -> None:
    game, *rest = err.args
    unknown_game(game, rest[0] if rest and rest[0] else [])


def _render_marks(snippet: str) -> str:
    """ANSI bold for hits on a terminal; the ⟦ ⟧ marks as they are otherwise."""
    if sys.stdout.isatty():
        return snippet.replace(MARK_OPEN, BOLD).replace(MARK_CLOSE, RESET)
    return snippet


@click.command("search")
@click.argument("query", nargs=-1, required=True)
@click.option("--game", "-g", help="Only this game (rise, sanguo or riftbound).")
@click.option("--limit", "-n", type=click.IntRange(1, 1000), default=10, show_default=True, help="At most this many results.")
@click.option(
    "--kind",
    type=click.Choice(["all", "rule", "faq"]),
    default="all",
    show_default=True,
    help="Search rules, FAQ entries, or both.",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@_corpus_option
def search_cmd(query: tuple[str, ...], game: str | None, limit: int, kind: str, as_json: bool, corpus_root: Path | None) -> None:
    """Full-text search of the rules and FAQ entries, in Simplified or Traditional (folded together).

    QUERY words must all match (if no rule has them all, rules with any are shown, and the
    output says so). Put a phrase in double quotes ('"响应链"'). A rule number anywhere in
    the query (717.2a, 規則 409.9a, 820.1.c.3) puts that rule first, and a FAQ entry id
    (vendetta-03) that entry. Glossary terms match every game's word for the concept (see
    `judge define`).

    Output: one result per entry with game, id (FAQ entries marked FAQ), title and a snippet;
    hits are shown in bold on a terminal and between ⟦ and ⟧ otherwise. With --json: a list of
    {game, id, title, score, snippet, kind}, kind "rule" or "faq", hits in the snippet between
    ⟦ and ⟧; notes go to stderr.
    Exit status: 0 with results, 1 when nothing matches, 2 on bad input.
    """
    from judge.search.query import EmptyIndexError, QueryError, search

    text = " ".join(query)
    try:
        result = search(text, game=game, limit=limit, source=_source(corpus_root), kind=kind)
    except KeyError as e:
        from judge.corpus.store import UnknownGameError  # imported only now: the store pulls in PyYAML

        if not isinstance(e, UnknownGameError):
            raise
        _unknown_game(e)
        return
    except (QueryError, EmptyIndexError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    for note in result.notes:
        click.echo(f"note: {note}", err=as_json)
    if not result.hits:
        where = f" in game {game}" if game else ""
        if as_json:
            dump_json([])
        what = {"all": "rule or FAQ entry", "rule": "rule", "faq": "FAQ entry"}[kind]
        click.echo(f"no {what} matches {text!r}{where}", err=True)
        sys.exit(1)
    if as_json:
        dump_json([h.to_json() for h in result.hits])
        return
    for h in result.hits:
        title = f"  {h.title}" if h.title else ""
        label = f"FAQ {h.id}" if h.kind == "faq" else h.id
        click.echo(f"{h.game} {label}{title}  ({h.score:g})")
        click.echo(f"    {_render_marks(h.snippet)}")


@click.command("define")
@click.argument("term")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@_corpus_option
def define_cmd(term: str, as_json: bool, corpus_root: Path | None) -> None:
    """Show the glossary concept for TERM: its words in each game and the rules defining it.

    TERM may be any game's word or an alias (either script), an English term (singular or
    plural), a concept id, or part of one of those words (替代 finds 替代性影响); the output says
    which concept and which word it matched.  Exit status 1, with the nearest concepts, when no
    word of the glossary matches.
    """
    from judge.corpus.store import load_corpus
    from judge.search.build import display_title
    from judge.search.glossary import glossary_path, load_glossary

    glossary = load_glossary(glossary_path(corpus_root))
    resolved = glossary.resolve(term)
    if resolved is None:
        near = glossary.nearest(term)
        hint = "; ".join(f"{c.id} ({', '.join(c.all_terms()[:4])})" for c in near) or "none"
        click.echo(f"error: no glossary concept for {term!r}. Nearest: {hint}", err=True)
        sys.exit(1)
    concept = resolved.concept
    corpus = load_corpus(corpus_root)

    def rule_title(game: str, rid: str) -> str | None:
        rule = corpus.rules.get(game, {}).get(rid)
        return display_title(corpus, rule) if rule else None

    games = list(dict.fromkeys([*concept.terms, *concept.rules]))
    data = {
        "id": concept.id,
        "matched": {
            "term": term,
            "word": resolved.word,
            "as": resolved.kind,
            "exact": resolved.exact,
            "others": [c.id for c in resolved.others],
        },
        "en": list(concept.en),
        "aliases": list(concept.aliases),
        "games": {
            g: {
                "terms": list(concept.terms.get(g, ())),
                "rules": [{"id": rid, "title": rule_title(g, rid)} for rid in concept.rules.get(g, ())],
            }
            for g in games
        },
    }
    if as_json:
        dump_json(data)
        return
    click.echo(f"{concept.id}: {', '.join(concept.en)}")
    how = f"the {resolved.kind} {resolved.word}" if resolved.exact else f"part of the {resolved.kind} {resolved.word}"
    also = f"; also: {', '.join(c.id for c in resolved.others)}" if resolved.others else ""
    click.echo(f"  matched {term!r} as {how}{also}")
    for g in games:
        info = data["games"][g]
        click.echo(f"  {g}: {', '.join(info['terms']) or '(no term of its own)'}")
        for r in info["rules"]:
            click.echo(f"    {r['id']}  {r['title'] or '(not in the corpus)'}")
    if concept.aliases:
        click.echo(f"  also searched as: {', '.join(concept.aliases)}")


@click.command("index")
@click.option("--rebuild", is_flag=True, help="Build a fresh index even if the cached one is current.")
@_corpus_option
def index_cmd(rebuild: bool, corpus_root: Path | None) -> None:
    """Build the search index if needed (or always, with --rebuild); print where and how long it took.

    The index lives in the per-user cache (or $JUDGE_CACHE_DIR) and is rebuilt automatically
    whenever the corpus, the glossary or the analysis changes.
    """
    from judge.search.index import open_index

    oi = open_index(_source(corpus_root), force=rebuild)
    count = oi.index.doc_count()
    if oi.built_seconds is None:
        click.echo(f"index: {oi.path} is up to date ({count} rules)")
    else:
        click.echo(f"index: built {oi.path} ({count} rules) in {oi.built_seconds:.2f} s")


COMMANDS: list[click.Command] = [search_cmd, define_cmd, index_cmd]
