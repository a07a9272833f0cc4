"""Without --game, a question written in one game's own words ranks that game's rules before another game's rule
that shares only some of its words with it."""

from __future__ import annotations

import pytest
from search_fixtures import real_corpus_root

from judge.search.index import Source
from judge.search.query import SearchSession


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


@pytest.mark.parametrize("query, game", [
    ("响应链上两个触发谁先结算", "rise"),  # 响应链 is 崛起's word
    ("堆疊上的技能誰先結算", "sanguo"),  # 堆疊 the Three-Kingdoms game's
    ("结算链上的法术", "riftbound"),  # 结算链 Riftbound's
    ("触发", None),  # a word every game spells alike tells nothing
    ("replacement effect", None),  # an English term belongs to every game
])
def test_the_game_a_questions_words_belong_to(session, query: str, game: str | None) -> None:
    from judge.search.query import parse_query

    parsed = parse_query(query, session.glossary, session.words, session._df, session._docs)
    assert parsed.own_game() == game


def test_a_question_in_rise_words_puts_rise_rules_first(session) -> None:
    # 716.1e (崛起): an event a replacement effect already changed is not changed by it again — the answer
    hits = [f"{h.game}:{h.id}" for h in session.search("同一个替代性影响能对一个事件生效两次吗", limit=5).hits]
    assert hits[0].startswith("rise:")
    assert "rise:716.1e" in hits[:2]
    first_other = next((i for i, h in enumerate(hits) if not h.startswith("rise:")), len(hits))
    assert hits.index("rise:716.1e") < first_other
