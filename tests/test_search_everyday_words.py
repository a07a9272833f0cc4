"""A judge's everyday words and English game nouns find the rules that use the document's own word."""

from __future__ import annotations

import pytest
from search_fixtures import real_corpus_root

from judge.corpus.store import load_corpus
from judge.locale.folding import fold
from judge.search.index import Source
from judge.search.query import SearchSession


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


@pytest.mark.parametrize("typed, game, word", [
    ("加攻", "rise", "战斗力"),  # more power: 崛起 writes 战斗力
    ("加攻", "sanguo", "戰力"),
    ("回血", "rise", "修复"),  # 崛起 repairs damage
    ("抽牌", "rise", "抓牌"),  # 崛起 draws with 抓
    ("加伤", "sanguo", "傷害"),
    ("tapped", "sanguo", "橫置"),
    ("untapped", "sanguo", "豎置"),
    ("graveyard", "rise", "救助基地"),
    ("deck", "sanguo", "牌庫"),
    ("hand", "riftbound", "手牌"),
    ("might", "riftbound", "战力"),
])
def test_an_everyday_or_english_word_finds_the_documents_own(session, typed: str, game: str, word: str) -> None:
    from judge.faq.model import load_faq

    corpus = load_corpus()
    faq = {e.id: e.question + e.answer + "".join(e.explanation) for e in load_faq()}
    hits = session.search(typed, game=game, limit=3).hits
    assert hits, typed
    texts = [corpus.get(game, h.id).text + "".join(e.text for e in corpus.get(game, h.id).examples)
             if h.kind == "rule" else faq[h.id] for h in hits]
    assert all(fold(word) in fold(t) for t in texts), (typed, [h.id for h in hits])  # a FAQ in the other script too
