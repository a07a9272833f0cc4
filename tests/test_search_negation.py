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
        # an English name that only starts a word names no game; a Chinese name names its game wherever it stands
        # (符文戰場裡…, 崛起的规则), unless two games are named or the name is all the question says
        assert ("named_game", {"game": "rise"}) not in session.search("risen 响应链", limit=5).note_keys
        inside = session.search("符文戰場裡，一個效果說可以、另一個說不可以，聽哪一個？", limit=5)
        assert ("named_game", {"game": "riftbound"}) in inside.note_keys and {h.game for h in inside.hits} == {"riftbound"}
        assert ("named_game", {"game": "rise"}) in session.search("崛起的响应链", limit=5).note_keys
        assert not any(k == "named_game" for k, _ in session.search("崛起和三国的响应链", limit=5).note_keys)
        assert not any(k == "named_game" for k, _ in session.search("崛起", limit=5).note_keys)


def test_a_question_naming_the_game_searched_in_searches_without_its_name() -> None:
    # `judge search -g 崛起 "崛起：……"`: the name says which game, as --game does; it is no word to look for (before,
    # 崛起 was a word no rule has and 符文战场 split into 符文 · 战场, which a 三國 rule has)
    from judge.search.index import Source
    from judge.search.query import SearchSession

    def ids(result):
        return [(h.game, h.id) for h in result.hits]

    with SearchSession(Source()) as session:
        for game, named, bare in [("rise", "崛起 两个目标其中一个跑了", "两个目标其中一个跑了"),
                                  ("riftbound", "符文戰場：單位牌本身可以帶回響嗎？", "單位牌本身可以帶回響嗎？"),
                                  ("sanguo", "In Three Kingdoms, who gets priority first?", "who gets priority first?")]:
            with_name = session.search(named, game=game, limit=10)
            assert ids(with_name) == ids(session.search(bare, game=game, limit=10)), named
            assert not any(k in ("named_game", "absent") for k, _ in with_name.note_keys), with_name.note_keys
        # another game's name with --game: the game given is searched, and a name is no search word either way
        other = session.search("三国 回响", game="riftbound", limit=5)
        assert {h.game for h in other.hits} == {"riftbound"} and other.note_keys == []
        assert ids(other) == ids(session.search("回响", game="riftbound", limit=5))
