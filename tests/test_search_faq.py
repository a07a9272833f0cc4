"""FAQ entries are searchable like rules: in both scripts, by id, and separable with --kind."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from judge import paths
from judge.cli import cli
from judge.search.index import Source
from judge.search.query import search
from search_fixtures import cache  # noqa: F401  (pytest fixture)


def test_words_of_a_faq_answer_find_the_entry_in_either_script(cache: Path) -> None:
    source = Source(paths.corpus_dir())
    # vendetta-01 (Traditional): 對以川流費用打出的法術打出「抛棄」… 就會被放逐。
    for query in ("川流費用", "川流费用"):  # Traditional, then Simplified
        hits = search(query, source=source).hits
        assert (hits[0].kind, hits[0].id) == ("faq", "vendetta-01")
    hits = search("赋能 梅尔", source=source).hits  # Simplified query, Traditional entry (賦能 梅爾)
    assert ("faq", "vendetta-03") in [(h.kind, h.id) for h in hits[:3]]
    assert "⟦賦能⟧" in next(h.snippet for h in hits if h.id == "vendetta-03")


def test_a_faq_id_puts_that_entry_first(cache: Path) -> None:
    hits = search("vendetta-12", source=Source(paths.corpus_dir())).hits
    assert (hits[0].kind, hits[0].id, hits[0].pinned) == ("faq", "vendetta-12", True)


def test_kind_keeps_rules_and_faq_apart(cache: Path) -> None:
    source = Source(paths.corpus_dir())
    assert {h.kind for h in search("回响", source=source, kind="rule", limit=50).hits} == {"rule"}
    assert {h.kind for h in search("法術", source=source, kind="faq", limit=50).hits} == {"faq"}


def test_cli_json_marks_the_kind(cache: Path) -> None:
    res = CliRunner().invoke(cli, ["search", "川流", "--json", "-n", "3"])
    assert res.exit_code == 0, res.output
    first = json.loads(res.output)[0]
    assert first["kind"] == "faq" and first["id"] == "vendetta-01" and first["game"] == "riftbound"


def test_a_game_without_faq_entries_finds_no_faq_entry(cache: Path) -> None:
    # 崛起 has no published FAQ in the corpus: --game rise --kind faq must not fall back to every document
    # (an empty filter once meant "no filter" to Whoosh, and rules of all games came back as FAQ answers)
    source = Source(paths.corpus_dir())
    assert search("响应链", source=source, game="rise", kind="faq").hits == []
    assert search("0點傷害", source=source, game="sanguo", kind="faq").hits == []
    res = CliRunner().invoke(cli, ["search", "响应链", "--game", "rise", "--kind", "faq"])
    assert res.exit_code == 1 and res.stdout == ""
