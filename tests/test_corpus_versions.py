"""Two versions of one game's rules side by side: the newest answers lookups, --version picks another, a newer partial
document overrides only the rules it holds, `corpus diff` lists what changed with the words marked, and a FAQ entry
citing a rule that changed after the FAQ's date is flagged with the change.

The versions are the generated publisher's document (tests/official_doc.py) and copies of it in which the test
itself changes, removes and adds rules: the expectations are those edits."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import official_doc
from added_data import data_dir, judge, squeeze  # noqa: F401  (data_dir: the fixture every test here uses)
from judge.corpus.store import read_corpus

pytestmark = pytest.mark.usefixtures("data_dir")  # a fresh data folder for each test

def test_the_newest_version_answers_and_version_picks_another(editions: dict) -> None:
    # the newer one first: versions are ordered by the dates the documents state, not by when they were added
    code, out = judge("corpus", "add", str(editions["v2"]), "--new-game", "star")
    assert code == 0, out
    code, out = judge("corpus", "add", str(editions["v1"]), "--game", "star")
    assert code == 0, out
    assert "star 现有 2 个版本：2026-07-17（july.txt，" in out and "查询默认使用最新版本 2026-10-10" in out, out
    c = read_corpus()
    assert [v["version"] for v in c.versions["star"]] == ["2026-07-17", "2026-10-10"]
    rule = c.get("star", editions["changed"])
    assert squeeze(rule.text) == squeeze(editions["new_text"]) and rule.source.file == "october.txt"
    assert c.get("star", editions["removed"]) is None and c.get("star", editions["added"]) is not None

    code, out = judge("rule", editions["changed"], "--game", "star", "--version", "2026-07-17", "--json")
    assert code == 0, out
    old = json.loads(out)
    assert squeeze(old["text"]) == squeeze(editions["old_text"]) and old["source"]["file"] == "july.txt"
    code, out = judge("rule", editions["removed"], "--game", "star", "--version", "July 17, 2026")
    assert code == 0 and "来源：july.txt" in out, out
    code, out = judge("rule", editions["removed"], "--game", "star")
    assert code == 1, out  # not in the newest version
    code, out = judge("rule", editions["changed"], "--game", "star", "--version", "2025-01-01")
    assert code == 2 and "没有版本“2025-01-01”" in out and "2026-07-17、2026-10-10" in out, out


def test_corpus_diff_lists_added_removed_and_changed_rules_with_the_words_marked(editions: dict) -> None:
    assert judge("corpus", "add", str(editions["v1"]), "--new-game", "star")[0] == 0
    assert judge("corpus", "add", str(editions["v2"]), "--game", "star")[0] == 0
    code, out = judge("corpus", "diff", "star", "--json")
    assert code == 0, out
    d = json.loads(out)
    assert (d["old"], d["new"]) == ("2026-07-17", "2026-10-10")
    assert d["added"] == [editions["added"]] and d["removed"] == [editions["removed"]]
    assert [c["id"] for c in d["changed"]] == [editions["changed"]]
    assert "{+任意+}" in d["changed"][0]["marked"] and "[-" not in d["changed"][0]["marked"]
    code, out = judge("corpus", "diff", "star", "2026-10-10", "2026-07-17")  # either way round
    assert code == 0 and f"新增：{editions['removed']}" in out and "[-任意-]" in out, out


def test_a_newer_partial_document_overrides_only_the_rules_it_has(editions: dict, tmp_path: Path) -> None:
    assert judge("corpus", "add", str(editions["v1"]), "--new-game", "star")[0] == 0
    page = tmp_path / "search.txt"  # a search page's few updated rules, dated later
    page.write_text("《星海对决》规则检索 · 最后更新 2026-11-01\n002.1.\n第二条的新文本。\n900.1.\n新增的一条。\n", encoding="utf-8")
    code, out = judge("corpus", "add", str(page), "--game", "star")
    assert code == 0 and "部分更新，只取代它所含的规则" in out, out
    c = read_corpus()
    assert c.get("star", "002.1").text == "第二条的新文本。" and c.get("star", "900.1").text == "新增的一条。"
    base = {r.id: r for r in editions["base"].rules}
    for rid in ("002.2", "002.1.a", "001.1"):  # everything else as the complete older document has it
        assert squeeze(c.get("star", rid).text) == squeeze(official_doc.expected_text(base[rid]))
    assert len(c.rules["star"]) == 300 + 1
    assert c.get("star", "002.1.a").parent == "002.1"
    # removing the partial document gives the older text back (nothing else was changed by it)
    assert judge("corpus", "remove", "search.txt")[0] == 0
    assert squeeze(read_corpus().get("star", "002.1").text) == squeeze(official_doc.expected_text(base["002.1"]))


def test_a_faq_citing_a_rule_changed_after_its_date_is_flagged_with_the_change(editions: dict) -> None:
    from judge.faq.check_citations import citation_status
    from judge.faq.check_results import IN_CORPUS, NEWER_RULES
    from judge.faq.model import FaqEntry

    assert judge("corpus", "add", str(editions["v1"]), "--new-game", "star")[0] == 0
    assert judge("corpus", "add", str(editions["v2"]), "--game", "star")[0] == 0
    corpus = read_corpus()
    entry = FaqEntry(id="star-01", game="star", set="s", date="2026-08-01", question="？", answer="是。", explanation=[],
                     cites=[editions["changed"], "001.1"], cards=[], file="faq.txt", line=1)
    changed, same = citation_status(entry, corpus, {})
    assert changed.status == NEWER_RULES and changed.since.version == "2026-07-17"
    assert "{+任意+}" in changed.since.change.marked
    assert same.status == IN_CORPUS and same.since.change is None  # 001.1 did not change after the FAQ
    # a FAQ newer than both versions: nothing changed after it
    later = copy.copy(entry)
    later.date = "2026-12-01"
    assert [c.status for c in citation_status(later, corpus, {})] == [IN_CORPUS, IN_CORPUS]


def test_two_documents_of_one_date_may_not_hold_the_same_rule(editions: dict, tmp_path: Path) -> None:
    assert judge("corpus", "add", str(editions["v1"]), "--new-game", "star")[0] == 0
    other = tmp_path / "other.txt"
    other.write_text("最后更新时间：2026 年7 月17 日\n001.1.\n另一份文件中的同一条。\n", encoding="utf-8")
    code, out = judge("corpus", "add", str(other), "--game", "star")
    assert code == 2 and "规则 001.1 同时出现在 july.txt（第 8 行）和 other.txt（第 2 行）" in out, out
    code, out = judge("corpus", "add", str(other), "--game", "star", "--version", "2026-07-18")
    assert code == 0 and "日期：2026-07-18（由 --version 给出）" in out, out
