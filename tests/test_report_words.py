"""The words of reports and the site live in judge/report/words.yaml, in Chinese and English, and every key the
code and the templates ask for is there (a missing one would only show when that sentence is first needed)."""

import re
from pathlib import Path

import pytest

from judge.datafile import DataError
from judge.report import words

REPO = Path(__file__).resolve().parents[1]
SOURCES = sorted((REPO / "judge" / "report").glob("*.py")) + sorted((REPO / "templates").glob("*.j2"))
# w("key"), self.w("key"), w.segs("key"), w.has("key"), lex.w("key") — literal keys only
USED = re.compile(r"""\bw(?:\.segs|\.has)?\(\s*["']([a-z_][a-z0-9_-]*[a-z0-9])["']""")
# f-string keys with one placeholder: w(f"status_{…}") and the like — every known value must have a key
PREFIXES = {"status_": ("pass", "fail", "stopped", "invalid", "engine-error"),
            "outcome_": ("resolved", "interrupted", "removed"),
            "basis_": ("stated", "none"), "source_": ("example", "variant", "faq", "none"),
            "site_kind_": ("example", "variant", "faq", "none"),
            "ask_": ("target", "count", "distribute", "mode", "x", "alt_cost", "cost_card", "pay", "may", "order",
                     "discard", "new_target", "unique", "replacement", "loop", "timestamps")}


def test_every_key_has_chinese_and_english() -> None:
    table = words.table()
    assert table and all(set(v) >= {"zh", "en"} and v["zh"] and v["en"] for v in table.values())


def test_every_key_the_code_and_templates_use_exists() -> None:
    table = words.table()
    used = {k for p in SOURCES for k in USED.findall(p.read_text(encoding="utf-8"))}
    assert len(used) > 50
    assert sorted(used - set(table)) == []
    for prefix, values in PREFIXES.items():
        assert [f"{prefix}{v}" for v in values if f"{prefix}{v}" not in table] == []


def test_the_choice_kinds_of_the_engine_all_have_words() -> None:
    from judge.games import games_with_engine, load_game

    kinds = {k for g in games_with_engine() for k in load_game(g).vocab.words("choice")}
    assert len(kinds) > 15 and [k for k in sorted(kinds) if f"ask_{k}" not in words.table()] == []


def test_a_bare_yes_key_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "words.yaml"
    bad.write_text("yes: {zh: 是, en: 'yes'}\n", encoding="utf-8")  # YAML 1.1 reads the key as True
    monkeypatch.setattr(words, "WORDS_PATH", bad)
    words.table.cache_clear()
    try:
        with pytest.raises(DataError, match="not a string"):
            words.table()
    finally:
        words.table.cache_clear()


# lex.gword("damage") and the like: the game's words the report code reads itself
GWORD = re.compile(r"""\bgword\(\s*["']([a-z_][a-z0-9_]*)["']""")


def test_every_term_of_a_report_is_in_every_game_with_an_engine() -> None:
    """A phrase naming a game concept takes the game's own word ({=chain}: 响应链 in 崛起, 堆疊 in the
    Three-Kingdoms game); each game's data file must have every such word, in both languages, under the same key."""
    from judge.games import games_with_engine, load_game

    in_code = {k for p in SOURCES for k in GWORD.findall(p.read_text(encoding="utf-8"))}
    assert in_code and in_code <= set(words.CODE_TERMS)  # the code's own reads are declared, so they are checked
    used = words.terms_used()
    assert {"chain", "r_link", "r_ability", "r_triggers", "exhausted", "ready", "damage"} <= used
    assert len(games_with_engine()) >= 2
    for game in games_with_engine():
        data = load_game(game).words
        assert sorted(k for k in used if k not in data) == [], game
        assert [k for k in used if not (data[k].get("zh") and data[k].get("en"))] == [], game


def test_a_term_is_the_games_word_in_the_games_script() -> None:
    from judge.games import load_game

    rise, sanguo = words.Words.for_game("zh", "rise"), words.Words.for_game("zh", "sanguo")
    assert rise("board_chain_empty") == "响应链为空"  # 崛起 709: 响应链; Simplified
    assert sanguo("board_chain_empty") == "堆疊為空"  # 三國 407.1: 堆疊; Traditional
    assert sanguo("ex_exhausted_yes", card="X") == f"X處於{load_game('sanguo').word('exhausted', 'zh')}狀態"
    en = words.Words.for_game("en", "sanguo")
    assert en("ex_chain_empty") == "the stack is empty" and en("ex_exhausted_yes", card="X") == "X is tapped"
    with pytest.raises(KeyError, match="r_link"):
        words.Words("zh")("ex_outcomes_none")  # no game, no terms: a bug, never a silent 崛起 word
