"""Everyday Chinese words of a judge's question (judge/search/everyday_words.yaml): each of the rules' words it gives
occurs in the corpus and the everyday word itself does not (else the rules already say it); a question with one
searches for the rules' words, between glossary terms, once; a malformed list is refused with its file named."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_fixtures import cache, real_corpus_root  # noqa: F401  (cache: the private index cache)

from judge.datafile import DataError
from judge.locale.folding import fold
from judge.search.analysis import phrase_tokens
from judge.search.everyday import EVERYDAY_WORDS_PATH, EverydayWords
from judge.search.index import Source
from judge.search.query import SearchSession, parse_query


@pytest.fixture(scope="module")
def session():
    with SearchSession(Source(real_corpus_root())) as s:
        yield s


def corpus_text(session: SearchSession) -> str:
    reader = session._searcher
    return "\n".join(fold(f"{d.get('text') or ''}\n{d.get('examples') or ''}").lower() for d in reader.all_stored_fields())


def test_every_word_it_gives_is_a_word_of_the_corpus_and_the_word_itself_is_not(session: SearchSession) -> None:
    words = EverydayWords.from_yaml(EVERYDAY_WORDS_PATH).words
    assert len(words) >= 50
    missing = [f"{said}: {w}" for said, ws in words.items() for w in ws
               if (q := session._builder.phrase(phrase_tokens(w))) is None or not session._postings.scores(q)]
    assert missing == []
    text = corpus_text(session)
    assert [said for said in words if said in text] == []


def test_no_word_is_a_glossary_term_or_a_question_word(session: SearchSession) -> None:
    words = EverydayWords.from_yaml(EVERYDAY_WORDS_PATH).words
    assert [w for w in words if session.glossary.find_in(w)] == []  # the glossary is matched first
    assert [w for w in words if w in session.words.cut] == []


def test_a_question_searches_for_the_rules_words_for_it(session: SearchSession) -> None:
    # 剩下 is not a word of the rules; 709.2c says the effect still applies to the targets 仍然合法 that remain
    parsed = parse_query("两个目标其中一个不合法了 剩下的那个呢", session.glossary, session.words, session._df,
                         session._docs, "rise", session.english, everyday=session.everyday)
    everyday = {p.text: p.expansion for p in parsed.parts if p.kind == "everyday"}
    assert list(everyday) == ["剩下"] and everyday["剩下"] == session.everyday.words["剩下"]
    assert "剩下" not in [p.text for p in parsed.parts if p.kind == "word"]
    hits = session.search("剩下", game="rise", limit=30).hits
    assert hits and not session.search("剩下", game="rise").note_keys
    for h in hits:  # each hit has one of the rules' words for 剩下
        doc = session._searcher.document(key=f"faq:{h.id}" if h.kind == "faq" else f"{h.game}:{h.id}")
        assert any(w in fold(f"{doc.get('text')}\n{doc.get('examples')}") for w in session.everyday.words["剩下"]), h.id


@pytest.mark.parametrize("body,error", [("words: {剩: [剩余]}\n", "two or more characters"),
                                        ("words: {left: [剩余]}\n", "Chinese word"),
                                        ("words: {剩下: []}\n", "list of the rules' words"),
                                        ("words: [剩下]\n", "must map")])
def test_a_malformed_list_is_refused_naming_its_file(tmp_path: Path, body: str, error: str) -> None:
    path = tmp_path / "everyday_words.yaml"
    path.write_text("version: 1\n" + body, encoding="utf-8")
    with pytest.raises(DataError, match=error) as e:
        EverydayWords.from_yaml(path)
    assert str(path) in str(e.value)
