"""The scenario language is declared once: every word of every place by one mechanism, with its shape, meaning
check, handler, trace phrases and rule keys; the JSON Schema and FORMAT.md's tables are written from those
declarations, and each game has exactly the words of the mechanisms its data lists."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

from judge.engine.language.shapes import At, Scope
from judge.engine.language.vocabulary import Vocabulary, mechanism
from judge.games import games_with_engine, load_game

ROOT = Path(__file__).resolve().parents[1]
GAMES = games_with_engine()
# places whose words something must carry out (a handler); the others are fields a named mechanism reads
DISPATCHED = ("step", "action", "number", "condition", "expect", "expect.card", "expect.player", "event", "when")


def _shared() -> list[str]:
    import judge.engine.mechanisms as pkg

    return [m.name for m in pkgutil.iter_modules(pkg.__path__)]


def test_format_md_tables_are_the_vocabularies_tables() -> None:
    from judge.scenario import format_doc

    text = format_doc.FORMAT_PATH.read_text(encoding="utf-8")
    assert format_doc.written(text) == text, "FORMAT.md is stale: run `python -m judge.scenario.format_doc`"
    for place in format_doc.places():  # every place has its table
        assert f"<!-- words: {place} -->" in text, place


@pytest.mark.parametrize("name", _shared() + [n for g in GAMES for n in load_game(g).vocab.mechanism_names() if "." in n])
def test_a_mechanism_names_what_it_needs(name: str) -> None:
    """A mechanism alone, with what it requires, makes a vocabulary: its words stand in places its requirements
    declare, and nothing it uses is missing."""
    vocab = Vocabulary([name])
    assert name in vocab.mechanism_names()


@pytest.mark.parametrize("game", GAMES)
def test_every_word_says_what_it_means_and_what_carries_it_out(game: str) -> None:
    vocab = load_game(game).vocab
    undocumented = [(w.place, w.name) for w in vocab.all_words() if not w.doc]
    assert undocumented == []
    unhandled = [(w.place, w.name) for w in vocab.all_words() if w.place in DISPATCHED and w.handler is None
                 and not (w.place == "when" and w.name in ("event", "if"))]
    assert unhandled == []
    for place in ("card_ref", "player_ref"):  # the forms {word: …} are carried out; names bound by a context are looked up
        assert [w.name for w in vocab.words(place).values() if w.handler is None] == [], place
    mechanisms = {m.name for m in vocab.mechanisms}
    assert all(w.mechanism in mechanisms for w in vocab.all_words())


@pytest.mark.parametrize("game", GAMES)
def test_the_rule_keys_and_phrases_a_word_declares_are_the_games(game: str) -> None:
    """A word's rule keys are mapped by every game that has the word (to ``[]`` where its document has none), and the
    trace phrases it adds are in that game's data in both languages."""
    data = load_game(game)
    for w in data.vocab.all_words():
        assert [k for k in w.rules if k not in data.rules] == [], (w.place, w.name)
        assert [p for p in w.phrases if not (data.phrases.get(p, {}).get("zh") and data.phrases[p].get("en"))] == [], \
            (w.place, w.name)


@pytest.mark.parametrize("game", GAMES)
def test_each_games_keyword_abilities_are_abilities_of_its_language(game: str) -> None:
    """A game's keywords stand for abilities: each, with its number filled in, is an ability its own files could write."""
    from judge.engine.mechanisms.keywords import _fill_x

    data = load_game(game)
    for name, spec in data.keywords.items():
        for i, ab in enumerate(spec.get("abilities") or []):
            at = At(("keywords", name, i), Scope(data.vocab, cards=frozenset({"k"}), players=("you", "opp")))
            data.vocab.define("ability").check(_fill_x(ab, 1), at)
            assert at.sink == [], (name, [(p.path, p.key, p.values) for p in at.sink])


def test_games_have_different_words_where_their_rules_differ() -> None:
    """Only the Three-Kingdoms game keeps life totals; only 崛起 has armor values and split packets; Riftbound's own
    steps are its own."""
    words = {g: {(w.place, w.name) for w in load_game(g).vocab.all_words()} for g in GAMES}
    assert ("step", "gain_life") in words["sanguo"] and ("step", "gain_life") not in words["rise"]
    assert ("card", "armor") in words["rise"] and ("card", "armor") not in words["sanguo"]
    assert ("replace_key", "split") in words["rise"] and ("replace_key", "split") not in words["riftbound"]
    assert ("step", "might") in words["riftbound"] and ("step", "might") not in words["rise"]
    assert mechanism("damage") is mechanism("damage")  # one declaration, shared by the games that list it
