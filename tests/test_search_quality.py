"""Search quality on the real corpus: the labelled query set and the glossary's own claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.corpus.store import load_corpus
from judge.search.analysis import fold
from judge.search.glossary import glossary_path, load_glossary
from judge.search.index import Source
from judge.search.query import search
from search_fixtures import cache, evaluate, load_queries, real_corpus_root  # noqa: F401  (pytest fixtures)


@pytest.fixture
def real_root(tmp_path: Path, cache: Path) -> Path:
    return real_corpus_root()


def test_labelled_set_is_big_and_varied() -> None:
    queries = load_queries()
    assert len(queries) >= 40
    texts = [str(q["q"]) for q in queries]
    assert any(fold(t) != t for t in texts)  # Traditional queries
    assert any('"' in t for t in texts)  # phrases
    assert any(t.isascii() and t[0].isalpha() for t in texts)  # English
    assert any(len(t) == 1 for t in texts)  # one character


def test_recall_at_5_and_mrr_on_the_real_corpus(real_root: Path) -> None:
    source = Source(real_root)

    def run(q: str, game: str | None) -> list[str]:
        return [f"{h.game}:{h.id}" for h in search(q, game=game, limit=10, source=source).hits]

    scores = evaluate(run, load_queries())
    report = "\n".join(scores["misses"])
    assert scores["recall"] >= 0.95, report
    assert scores["mrr"] >= 0.85, report


def test_expected_ids_exist(real_root: Path) -> None:
    corpus = load_corpus(real_root)
    for item in load_queries():
        for key in item["expect"]:
            game, rid = key.split(":", 1)
            assert corpus.get(game, rid) is not None, key


def test_glossary_terms_are_the_documents_own_words(real_root: Path) -> None:
    """A game's terms are spelled as its documents spell them: its rules, or its published FAQ."""
    from judge.faq.model import load_faq

    corpus = load_corpus(real_root)
    glossary = load_glossary(glossary_path(real_root))
    assert len(glossary.concepts) >= 20
    for concept in glossary.concepts:
        for game, terms in concept.terms.items():
            text = "\n".join(f"{r.title}\n{r.text}\n" + "\n".join(e.text for e in r.examples) for r in corpus.all_rules(game))
            text += "\n".join(e.text for e in load_faq(real_root, game))
            for term in terms:
                assert term in text, f"{concept.id}: {game} does not spell {term!r}"
        for game, ids in concept.rules.items():
            for rid in ids:
                assert corpus.get(game, rid) is not None, f"{concept.id}: no rule {game}:{rid}"
