"""A negated term (没有触发式效果, "with no triggered abilities", without a target): the word of negation is not a part
the rules must have, and a rule that says the term is absent (不含触发式效果) ranks above one that only has it. The
issue's example: 803.5 (既不包含可选择的动作，也不含触发式效果 … 此盘游戏便平手) answers "a loop with no triggered
abilities"; 803.3 (如果强制性的死循环涉及一个或数个触发式效果) answers the loop *with* them."""

from __future__ import annotations

import pytest
from search_fixtures import cache, real_corpus_root  # noqa: F401

from judge.search.index import Source
from judge.search.query import SearchSession, parse_query


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


def _first(session: SearchSession, q: str) -> str:
    return next(f"{h.game}:{h.id}" for h in session.search(q, limit=5).hits)


@pytest.mark.parametrize("q", ["a loop with no triggered abilities", "loop without triggered abilities", "没有触发式效果的死循环",
                               "沒有觸發式效果的死循環"])
def test_a_loop_with_no_triggered_abilities_is_803_5(session: SearchSession, q: str) -> None:
    assert _first(session, q) == "rise:803.5"


@pytest.mark.parametrize("q", ["a loop with triggered abilities", "有触发式效果的死循环"])
def test_a_loop_with_them_is_803_3(session: SearchSession, q: str) -> None:
    assert _first(session, q) == "rise:803.3"


def test_the_word_of_negation_marks_the_term_and_is_not_searched_for(session: SearchSession) -> None:
    p = parse_query("没有触发式效果的死循环", session.glossary, session.words, session._df, session._docs)
    assert [(x.text, x.negated) for x in p.parts] == [("触发式效果", True), ("死循环", False)]
    assert p.negations and all(tokens[0] in {"没有", "不含", "不包", "不带", "并无", "并非", "不具", "无"} for tokens, _ in p.negations)
    # an article between, and a word that only ends like one (piano) is no negation
    assert [x.negated for x in parse_query("without any target", session.glossary, session.words, session._df,
                                           session._docs).parts if x.kind == "concept"] == [True]
    assert not any(x.negated for x in parse_query("piano target", session.glossary, session.words, session._df, session._docs).parts)


def test_a_question_that_starts_by_naming_its_game_is_searched_in_it() -> None:
    # a judge typing 「三国 踐踏……」 or "Riftbound: …" without --game asks about that game's rules
    from judge.search.index import Source
    from judge.search.query import SearchSession

    with SearchSession(Source()) as session:
        named = session.search("三国 踐踏攻擊武將時會觸發嗎", limit=5)
        assert {h.game for h in named.hits} == {"sanguo"} and named.hits[0].id == "500.5"
        assert ("named_game", {"game": "sanguo"}) in named.note_keys
        english = session.search("Riftbound: does the repeat have to hit the same target", limit=5)
        assert {h.game for h in english.hits} == {"riftbound"}
        assert session.search("In Rise, 响应链", limit=5).hits[0].game == "rise"
        # a name that only starts a word, or a name with nothing after it, names no game
        assert ("named_game", {"game": "rise"}) not in session.search("risen 响应链", limit=5).note_keys
        assert not any(k == "named_game" for k, _ in session.search("崛起的规则", limit=5).note_keys)
