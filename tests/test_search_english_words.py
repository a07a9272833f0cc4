"""Everyday English words of a judge's question (judge/search/english_words.yaml): each of the rules' words it
gives occurs in the corpus; a word is found in its plural, -ed and -ing forms; connectives are not there; a question
in English now searches for the rules' words instead of dropping its nouns and verbs — on the site the same way."""

from __future__ import annotations

import pytest
from search_fixtures import cache, real_corpus_root  # noqa: F401  (cache: the private index cache)

from judge.search.analysis import phrase_tokens
from judge.search.english import ENGLISH_WORDS_PATH, EnglishWords, candidates
from judge.search.index import Source
from judge.search.query import SearchSession, parse_query


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


def test_every_word_it_gives_is_a_word_of_the_corpus(session: SearchSession) -> None:
    words = EnglishWords.from_yaml(ENGLISH_WORDS_PATH)
    assert len(words.words) >= 100
    missing = []
    for en, zh in words.words.items():
        for z in zh:
            q = session._builder.phrase(phrase_tokens(z))
            if q is None or not session._postings.scores(q):
                missing.append(f"{en}: {z}")
    assert missing == []


def test_no_word_is_a_glossary_term_or_a_stop_word_or_a_connective(session: SearchSession) -> None:
    words = EnglishWords.from_yaml(ENGLISH_WORDS_PATH).words
    assert [w for w in words if session.glossary.lookup(w) is not None] == []  # the glossary is matched first
    assert [w for w in words if w in session.words.english] == []
    connectives = {"instead", "then", "before", "after", "until", "unless", "while", "because", "if", "when"}
    assert connectives.isdisjoint(words) and connectives <= session.words.english


@pytest.mark.parametrize(("typed", "form"), [("opponents", "opponent"), ("controlled", "control"), ("checking", "check"),
                                             ("choosing", "choose"), ("used", "use"), ("stopping", "stop"),
                                             ("makes", "make"), ("comes", "come"), ("resolved", "resolve")])
def test_a_word_is_looked_up_in_its_forms(typed: str, form: str) -> None:
    assert form in candidates(typed)


def test_an_english_word_searches_for_the_rules_words(session: SearchSession) -> None:
    parsed = parse_query("what can my opponents do twice", session.glossary, session.words, session._df, session._docs,
                         None, session.english)
    english = {p.text: p.expansion for p in parsed.parts if p.kind == "everyday"}
    assert english == {"opponents": ("对手",), "twice": ("两次", "再次")}
    # every rule found for "opponents" says 对手 (the word the rules use); before, the word was dropped and nothing found
    hits = session.search("opponents", limit=30).hits
    assert len(hits) >= 5
    for h in hits:
        fields = session._searcher.document(key=f"faq:{h.id}" if h.kind == "faq" else f"{h.game}:{h.id}")
        assert "对手" in session_text(fields), h


def session_text(fields: dict) -> str:
    from judge.locale.folding import fold

    return fold(f"{fields.get('text') or ''}\n{fields.get('examples') or ''}")


def test_a_word_nowhere_is_still_left_out_and_said(session: SearchSession) -> None:
    result = session.search("opponent xyzzy")
    assert result.hits and ("absent", {"words": "xyzzy"}) in result.note_keys
