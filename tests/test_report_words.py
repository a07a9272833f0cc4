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
    from judge.engine.choice import CHOICE_KINDS

    assert [k for k in CHOICE_KINDS if f"ask_{k}" not in words.table()] == []


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
