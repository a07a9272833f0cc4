"""Typing slips of a Chinese input method (judge/search/homophones.py): a word no rule has, one same-sounding
character away from a glossary term or a word of the rules, is read as that word and said so — the issue's 催毁 for
摧毁 finds what 摧毁 finds — while every word of the labelled questions that the rules have is left alone."""

from __future__ import annotations

import pytest
from search_fixtures import HELD_OUT, HELD_OUT_2, cache, load_queries, real_corpus_root  # noqa: F401

from judge.search.homophones import HOMOPHONES_PATH, correction, generate, readings
from judge.search.index import Source
from judge.search.query import SearchSession, parse_query


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


def _keys(result) -> list[str]:
    return [f"{h.kind}:{h.game}:{h.id}" for h in result.hits]


def test_the_readings_are_pypinyins() -> None:
    # the shipped data is what `python -m judge.search.homophones` writes from the pinned pypinyin
    assert HOMOPHONES_PATH.read_text(encoding="utf-8") == generate()
    assert readings()["摧"] == readings()["催"] == "cui" and readings()["发"] == readings()["法"] == "fa"


@pytest.mark.parametrize(("typed", "meant"), [
    ("催毁", "摧毁"),  # the example: 摧 and 催 are both cuī
    ("单位被催毁时触发的异能还会结算吗", "单位被摧毁时触发的异能还会结算吗"),
    ("触法式效果", "触发式效果"),  # 发 / 法: fā, fǎ
    ("替带效果", "替代效果"),  # 代 / 带: dài
])
def test_a_slip_finds_what_the_word_meant_finds(session: SearchSession, typed: str, meant: str) -> None:
    slipped, right = session.search(typed, limit=10), session.search(meant, limit=10)
    assert _keys(slipped) == _keys(right) and slipped.hits
    assert slipped.note_keys[0][0] == "corrected" and " → " in slipped.note_keys[0][1]["words"]
    assert not right.note_keys or right.note_keys[0][0] != "corrected"


def test_words_the_rules_have_are_never_corrected(session: SearchSession) -> None:
    """Over the 212 labelled questions, only the slip a reviewer typed on purpose (来原 for 来源: the answer's text says
    该效果便脱离其来源) is read otherwise; 全体 (no rule says it, and 全替 is only the edge of 完全替代) is left alone."""
    corrected = []
    for q in [*load_queries(), *load_queries(HELD_OUT), *load_queries(HELD_OUT_2)]:
        p = parse_query(str(q["q"]), session.glossary, session.words, session._df, session._docs, q.get("game"), session.english)
        corrected += list(p.corrections)
    assert corrected == [("来原", "来源")]


def test_a_word_with_no_same_sounding_neighbour_is_left_as_it_is(session: SearchSession) -> None:
    assert correction("巧克力", session._df) is None  # no rule has it, nor any word a sound away
    assert correction("费用", session._df) is None  # a word of the rules
    result = session.search("巧克力 费用")
    assert result.hits and all(key != "corrected" for key, _ in result.note_keys)


def test_a_run_of_unknown_characters_is_no_typed_word(session: SearchSession) -> None:
    """Hostile input: thousands of characters no rule has, side by side, are one unknown "word"; no slip is looked for
    in it (each character times each same-sounding one would be a quadratic search), and the search still answers."""
    run = "".join(chr(0x9F00 + (i * 37) % 0xA0) for i in range(3000))
    assert correction(run, session._df) is None and correction("鼟鼟", session._df) is None
    result = session.search(run + " 触发")
    assert result.hits and all(key != "corrected" for key, _ in result.note_keys)
