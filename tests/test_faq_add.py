"""`judge faq add`: FAQ documents the tests write in a publisher's two layouts (numbered questions; unnumbered questions
ending in ？ between separators, hard-wrapped, with page markers) and both scripts become entries with their
questions, answers, explanations and cited rules; a second edition (the other script, one answer revised, one entry
more) is linked to the first entry by entry with the difference; and the FAQ's citations are flagged when a cited
rule changed after the FAQ's date."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import faq_doc
import official_doc
from added_data import data_dir, judge

HEADER = "星海对决 常见问题 2026"


@pytest.fixture
def star(tmp_path: Path, data_dir: Path) -> list[str]:
    """A game with the 300-rule generated rules; the rule ids FAQs will cite (one the corpus does not have)."""
    p = tmp_path / "star.txt"
    p.write_text(official_doc.make(300).text, encoding="utf-8")
    assert judge("corpus", "add", str(p), "--new-game", "star")[0] == 0
    return ["001.1", "002.2.a", "003.1", "004.1", "999.9"]


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def check_entries(parsed: list[dict], expected: list[faq_doc.Entry], convert=lambda s: s) -> None:
    assert len(parsed) == len(expected)
    for got, e in zip(parsed, expected):
        assert got["question"] == convert(e.question)
        assert got["answer"] == convert(e.answer)
        assert got["explanation"] == [convert(x) for x in e.explanation]
        assert got["cites"] == e.cites


def test_numbered_questions_in_simplified(star: list[str], tmp_path: Path) -> None:
    items = faq_doc.entries(12, star)
    p = write(tmp_path, "faq-s.txt", faq_doc.numbered("星海对决常见问答", items, "最后更新 2026-08-01"))
    code, out = judge("faq", "add", str(p), "--game", "star", "--json")
    assert code == 0, out
    report = json.loads(out)
    cites = [c for e in items for c in e.cites]
    assert report["entries"] == [f"faq-s-{i:02d}" for i in range(1, 13)] and report["date"] == "2026-08-01"
    in_corpus = {r.id for r in official_doc.make(300).rules}
    assert report["citations"] == len(cites) and report["resolved"] == sum(c in in_corpus for c in cites)
    assert {u["rule"] for u in report["unresolved"]} == {c for c in cites if c not in in_corpus} >= {"999.9"}
    code, out = judge("faq", "show", "faq-s-02", "--json")
    assert code == 0, out
    check_entries([json.loads(out)], items[1:2])


def test_unnumbered_questions_with_page_markers_in_traditional(star: list[str], tmp_path: Path) -> None:
    items = faq_doc.entries(12, star)
    text = faq_doc.traditional(faq_doc.unnumbered("星海對決常見問答", items, faq_doc.traditional(HEADER)))
    p = write(tmp_path, "faq-t.txt", text)
    code, out = judge("faq", "add", str(p), "--game", "star", "--date", "2026-08-01", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert len(report["entries"]) == 12 and report["date"] == "2026-08-01" and report["date_given"]
    from judge.faq.model import load_documents

    doc = next(d for d in load_documents() if d.game == "star")
    check_entries([e.to_dict() for e in doc.entries], items, faq_doc.traditional)
    assert all(e.date == "2026-08-01" for e in doc.entries)
    assert not any(HEADER[:4] in e.text or "- 1 -" in e.text for e in doc.entries)


def test_a_second_edition_is_linked_entry_by_entry(star: list[str], tmp_path: Path) -> None:
    first = faq_doc.entries(12, star)
    p = write(tmp_path, "faq-t.txt", faq_doc.traditional(faq_doc.numbered("星海對決常見問答", first)))
    assert judge("faq", "add", str(p), "--game", "star")[0] == 0
    second = copy.deepcopy(first)
    second[4].answer = "在连锁结算之前生效。"  # a revised ruling
    second.append(faq_doc.Entry("新问题：我可以在抓牌阶段打出装备吗？", "不可以。", [], ["001.1"]))
    p = write(tmp_path, "faq-s.txt", faq_doc.unnumbered("星海对决常见问答（修订版）", second, HEADER))
    code, out = judge("faq", "add", str(p), "--game", "star")
    assert code == 0, out
    assert "这是 star-faq-t.yaml（星海對決常見問答）的另一版本：12 个条目逐条对应（相同 11，不同 1），新增 1，删去 0" in out, out
    assert "faq-t2-05 ↔ faq-t-05：答案不同：在连锁结算之[-后-]{+前+}生效" in out, out
    assert "新版本新增的条目：faq-t2-13" in out, out
    from judge.corpus.layer import faq_files
    from judge.datafile import read_yaml

    stored = read_yaml(next(f for f in faq_files() if f.name == "star-faq-t2.yaml"))
    assert stored["edition_of"] == {"file": "star-faq-t.yaml", "links": {f"faq-t2-{i:02d}": f"faq-t-{i:02d}" for i in range(1, 13)}}


def test_a_faq_citing_a_rule_changed_after_its_date_is_flagged(star: list[str], tmp_path: Path) -> None:
    base = official_doc.make(300)
    rules = copy.deepcopy(base.rules)
    changed = next(r for r in rules if r.id == "002.2.a")
    changed.text = changed.text.replace("当一名玩家", "当任意一名玩家", 1)
    newer = official_doc.render(rules, date_line="最后更新 2026-10-10")
    assert judge("corpus", "add", str(write(tmp_path, "october.txt", newer.text)), "--game", "star")[0] == 0
    items = [faq_doc.Entry("打出装备时会发生什么？", "按规则处理。", [], ["002.2.a", "001.1"])]
    p = write(tmp_path, "faq.txt", faq_doc.numbered("星海对决常见问答", items))
    assert judge("faq", "add", str(p), "--game", "star", "--date", "2026-08-01")[0] == 0
    code, out = judge("faq", "check", "--json")
    report = json.loads(out)
    entry = next(e for e in report["entries"] if e["game"] == "star")
    by_id = {c["id"]: c for c in entry["citations"]}
    assert by_id["002.2.a"]["status"] == "newer-rules" and "{+任意+}" in by_id["002.2.a"]["change"]["marked"]
    assert by_id["001.1"]["status"] == "in-corpus" and by_id["001.1"]["change"]["changed"] is False
    assert entry["review"] is True
    code, out = judge("faq", "check")
    assert "002.2.a 在 FAQ 的日期之后改动过（与当时的 2026-07-17 版相比）" in out, out


def test_a_translation_of_its_own_with_other_card_names_is_linked_entry_by_entry(tmp_path: Path, data_dir: Path) -> None:  # noqa: F811
    # the bundled Traditional FAQ, and a Simplified edition translated again (other words, 月之降临 for 月隕, clauses
    # the other way round): its questions are too unlike for their wording alone (most under 0.6), so the entries are
    # linked by wording in any order, the rules they cite and their places
    from judge.corpus.layer import faq_files
    from judge.datafile import read_yaml
    from judge.faq.model import load_documents

    old = next(d for d in load_documents() if d.filename == "riftbound-vendetta.yaml")
    items = [faq_doc.Entry(faq_doc.translation(e.question), faq_doc.translation(e.answer),
                           [faq_doc.translation(x) for x in e.explanation], e.cites) for e in old.entries]
    p = write(tmp_path, "vendetta-s.txt", faq_doc.numbered("血海深仇规则说明与常见问答（简体版）", items))
    code, out = judge("faq", "add", str(p), "--game", "riftbound")
    assert code == 0, out
    stored = read_yaml(next(f for f in faq_files() if f.name != "riftbound-vendetta.yaml" and f.name.startswith("riftbound-")))
    assert stored["edition_of"]["file"] == "riftbound-vendetta.yaml"
    new_ids = [e["id"] for e in stored["entries"]]
    assert stored["edition_of"]["links"] == {n: o.id for n, o in zip(new_ids, old.entries)}


def test_another_faq_citing_the_same_rules_is_not_an_edition(star: list[str], tmp_path: Path) -> None:
    first = faq_doc.entries(8, star)
    assert judge("faq", "add", str(write(tmp_path, "a.txt", faq_doc.numbered("星海对决常见问答", first))), "--game", "star")[0] == 0
    other = [faq_doc.Entry(f"指挥官阵亡以后，玩家还能{verb}{what}吗？", f"不能{verb}{what}：游戏立即结束。", [f"胜负在{verb}之前判定。"],
                           e.cites)  # the same rules in the same order, about something else
             for e, (verb, what) in zip(first, faq_doc.TOPICS)]
    code, out = judge("faq", "add", str(write(tmp_path, "b.txt", faq_doc.numbered("星海对决赛事问答", other))), "--game", "star")
    assert code == 0, out
    assert "另一版本" not in out, out
