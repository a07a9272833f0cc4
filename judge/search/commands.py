"""Click commands for search: ``search``, ``define`` and ``index``.

Only click is imported here; Whoosh and OpenCC are imported inside the commands so that
``judge --help`` and ``judge rule`` start fast. Help and messages are the locale data's.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from judge.clitools import dump_json, echo, fail, game_option, neutral, unknown_game
from judge.locale import join, t

MARK_OPEN, MARK_CLOSE = "⟦", "⟧"  # the same as judge.search.snippet (not imported: it pulls in OpenCC)
BOLD, RESET = "\x1b[1m", "\x1b[0m"

_corpus_option = click.option(
    "--corpus",
    "corpus_root",
    type=click.Path(file_okay=False, path_type=Path),
    hidden=True,  # for tests and benchmarks: the <game>.yaml files and glossary.yaml of this folder
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
@game_option()  # a default game: $JUDGE_GAME, else the settings file's
@click.option("--limit", "-n", type=click.IntRange(1, 1000), default=10, show_default=True)
@click.option("--kind", type=click.Choice(["all", "rule", "faq"]), default="all", show_default=True)
@click.option("--json", "as_json", is_flag=True)
@_corpus_option
def search_cmd(query: tuple[str, ...], game: str | None, limit: int, kind: str, as_json: bool, corpus_root: Path | None) -> None:
    """Full-text search of the rules and FAQ entries, in Simplified or Traditional (folded together)."""
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
    except EmptyIndexError:
        fail(t("msg.corpus.empty"))
    except QueryError:
        fail(t("msg.search.nothing", query=text))
    for key, args in result.note_keys:  # the notes the search writes, in the language in use
        echo(t(f"msg.search.note_{key}", **args), err=as_json)
    if not result.hits:
        from judge.corpus.gamenames import display_name  # only now: reading the games' names costs start-up time

        where = t("msg.search.in_game", game=display_name(game)) if game else ""
        if as_json:
            dump_json([])
        fail(t(f"msg.search.none_{kind}", query=text, where=where), 1)
    if as_json:
        dump_json([h.to_json() for h in result.hits])
        return
    for h in result.hits:
        title = f"  {h.title}" if h.title else ""
        label = f"FAQ {h.id}" if h.kind == "faq" else h.id
        echo(f"{h.game} {label}{title}  ({h.score:g})")
        click.echo(f"    {_render_marks(neutral(h.snippet))}")  # marks after escaping: they are ANSI


@click.command("define")
@click.argument("term")
@click.option("--json", "as_json", is_flag=True)
@_corpus_option
def define_cmd(term: str, as_json: bool, corpus_root: Path | None) -> None:
    """Show the glossary concept for TERM: its words in each game and the rules defining it."""
    from judge.corpus.store import load_corpus
    from judge.search.concepts import user_glossary_path
    from judge.search.glossary import glossary_path, load_glossary
    from judge.corpus.titles import display_title

    glossary = load_glossary(glossary_path(corpus_root), None if corpus_root else user_glossary_path())
    resolved = glossary.resolve(term)
    if resolved is None:
        near = glossary.nearest(term)
        if not near:  # nothing spelled alike: no unrelated concept offered, the search suggested instead
            fail(t("msg.define.unknown_alone", term=term), 1)
        hint = "; ".join(t("msg.define.item", id=c.id, terms=join(c.all_terms()[:4])) for c in near)
        fail(t("msg.define.unknown", term=term, near=hint), 1)
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
    echo(t("msg.define.concept", id=concept.id, en=", ".join(concept.en)))
    how = _how_matched(resolved.kind, resolved.word)
    how = how if resolved.exact else t("msg.define.part_of", what=how)
    also = t("msg.define.also", ids=join([c.id for c in resolved.others])) if resolved.others else ""
    echo(t("msg.define.matched", term=term, how=how, also=also))
    for g in games:
        info = data["games"][g]
        echo(f"  {g}: {join(info['terms']) or t('msg.define.no_term')}")
        for r in info["rules"]:
            echo(f"    {r['id']}  {r['title'] or t('msg.define.not_in_corpus')}")
    if concept.aliases:
        echo(t("msg.define.aliases", aliases=join(concept.aliases)))


def _how_matched(kind: str, word: str) -> str:
    """How a glossary word matched (the glossary says: "<game> word", "English term", "alias", "concept id")."""
    from judge.corpus.gamenames import display_name

    if kind.endswith(" word"):
        return t("msg.define.as_game_word", game=display_name(kind[: -len(" word")]), word=word)
    key = {"English term": "as_english", "alias": "as_alias"}.get(kind, "as_id")
    return t(f"msg.define.{key}", word=word)


@click.command("index")
@click.option("--rebuild", is_flag=True)
@_corpus_option
def index_cmd(rebuild: bool, corpus_root: Path | None) -> None:
    """Build the search index if needed (or always, with --rebuild); print where and how long it took."""
    from judge.search.index import open_index

    oi = open_index(_source(corpus_root), force=rebuild)
    count = oi.reader.doc_count()
    oi.reader.close()
    if oi.built_seconds is None:
        echo(t("msg.index.current", path=oi.path, count=count))
    else:
        echo(t("msg.index.built", path=oi.path, count=count, seconds=f"{oi.built_seconds:.2f}"))


COMMANDS: list[click.Command] = [search_cmd, define_cmd, index_cmd]
