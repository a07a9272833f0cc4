"""A publisher's full rules document, as text from its PDF: every rule with its title and parent, no page furniture,
lists kept apart, examples with their cards, references (and the document's own errata); format detection, the
coverage report and the refusal of a format that loses the document.

The documents are written by tests/official_doc.py, which knows every rule it wrote: the expectations below are
the generator's, never the parser's output.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import official_doc
from added_data import data_dir, judge, squeeze
from judge.corpus.formats import official
from judge.corpus.formats.pages import content_lines
from judge.corpus.link import link
from judge.corpus.store import read_corpus


@pytest.fixture(scope="module")
def doc() -> official_doc.Document:
    return official_doc.make(2000)


@pytest.fixture(scope="module")
def parsed(doc: official_doc.Document) -> dict[str, object]:
    return {r.id: r for r in link("star", "star.txt", official.parse(doc.text))}


def test_the_generated_document_has_what_the_issue_describes(doc: official_doc.Document) -> None:
    assert len(doc.rules) == 2000
    assert sum(bool(r.items) for r in doc.rules) >= 40 and sum(bool(r.examples) for r in doc.rules) >= 200
    assert sum(bool(r.refs) for r in doc.rules) >= 200 and doc.pages >= 100
    assert doc.mid_sentence_breaks >= 10  # sentences cut by a page break, with furniture in between
    # references wrapped to the start of a line look like rule numbers alone on their line
    alone = sum(bool(re.fullmatch(r"\d{3}(\.[0-9a-z]+)*[.。]", line)) for line in doc.text.splitlines())
    assert alone - sum(not r.part for r in doc.rules) >= 20


def test_every_rule_is_parsed_with_its_title_parent_and_text(doc: official_doc.Document, parsed: dict) -> None:
    assert list(parsed) == sorted(parsed, key=lambda i: [int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]", i)])
    assert set(parsed) == {r.id for r in doc.rules}
    for r in doc.rules:
        got = parsed[r.id]
        assert got.title == doc.title_of(r.id), r.id
        assert got.parent == r.parent, r.id  # chapters under their part heading, the rest by number
        assert squeeze(got.text) == squeeze(official_doc.expected_text(r)), r.id


def test_parts_are_the_parents_of_their_chapters(doc: official_doc.Document, parsed: dict) -> None:
    parts = [r for r in doc.rules if r.part]
    assert len(parts) == 8
    for p in parts:
        chapters = [r.id for r in doc.rules if r.parent == p.id]
        assert chapters and parsed[p.id].children == chapters
        assert parsed[chapters[0]].title != p.title  # a chapter keeps its own heading


def test_no_page_furniture_is_left_and_broken_sentences_are_joined(doc: official_doc.Document, parsed: dict) -> None:
    furniture = re.compile(rf"{re.escape(official_doc.FOOTER)}|{re.escape(official_doc.HEADER)}|- \d+ -")
    for r in parsed.values():
        for text in [r.text, r.title or "", *(e.text for e in r.examples)]:
            assert not furniture.search(text), r.id
    # the footer, the page number and the header of every page break, and the last page's footer and number
    assert len(content_lines(doc.text).furniture) == 3 * (doc.pages - 1) + 2


def test_lists_stay_one_item_a_line(doc: official_doc.Document, parsed: dict) -> None:
    listed = [r for r in doc.rules if r.items]
    for r in listed:
        lines = parsed[r.id].text.split("\n")
        assert lines[-len(r.items):] == r.items, r.id


def test_examples_keep_their_quoted_cards_and_references_resolve(doc: official_doc.Document, parsed: dict) -> None:
    for r in doc.rules:
        got = parsed[r.id]
        assert [squeeze(e.text) for e in got.examples] == [squeeze(e.split("：", 1)[1]) for e in r.examples], r.id
        assert [(c.name, squeeze(c.text)) for e in got.examples for c in e.cards] == [(n, squeeze(t)) for n, t in r.cards]
        assert [ref.id for ref in got.refs] == r.refs, r.id
        assert all(ref.resolved for ref in got.refs)


def test_the_documents_errata_are_found(doc: official_doc.Document, parsed: dict) -> None:
    from judge.corpus import errata

    found = errata.check(parsed.values())
    assert [(e.rule, e.ref, e.stated) for e in found] == doc.wrong_titles
    assert all(e.actual == doc.title_of(e.ref) for e in found)


EDGES = """《边角规则》
版本 2.1 · 最后更新 2026-10-10
100. 总则
101
基本概念
101.1
规则条目的编号后可以没有点。
101.2
一个单位被摧毁时，其控制者必须立即检查所有与之相关的持续效果，详情请参阅规则
101.1.
101.3
本条列出以下各项：
（1）第一项
（2）第二项
第 3 页
101.4
卡牌类型包括：
单位
法术
102.
目标
102.1.
指定目标时，参见 101.2「基本概念」。
"""


def test_hand_written_edge_cases() -> None:
    rules = {r.id: r for r in link("edge", "edges.txt", official.parse(EDGES))}
    assert list(rules) == ["100", "101", "101.1", "101.2", "101.3", "101.4", "102", "102.1"]
    assert rules["101"].title == "基本概念" and rules["101"].parent == "100" and rules["102"].parent == "100"
    # a reference wrapped alone onto a line is not a rule
    assert rules["101.2"].text == "一个单位被摧毁时，其控制者必须立即检查所有与之相关的持续效果，详情请参阅规则101.1."
    assert rules["101.3"].text.split("\n") == ["本条列出以下各项：", "（1）第一项", "（2）第二项"]
    assert rules["101.4"].text.split("\n") == ["卡牌类型包括：", "单位", "法术"]
    assert "第 3 页" not in rules["101.3"].text


def test_a_number_twice_in_one_document_is_refused_naming_the_file(tmp_path: Path, data_dir: Path) -> None:
    p = tmp_path / "twice.txt"
    p.write_text("100.\n总则\n100.1.\n第一条。\n100.2.\n第二条。\n100.1.\n又一条。\n", encoding="utf-8")
    code, out = judge("corpus", "add", str(p), "--new-game", "twice")
    assert code == 2 and "twice.txt：规则 100.1 出现了两次（第 3 行和第 7 行）" in out, out
    assert not (data_dir / "corpus").exists() or not list((data_dir / "corpus").glob("g-*"))


@pytest.mark.parametrize("line, date", [
    ("最后更新时间：2026 年7 月17 日", "2026-07-17"), ("《符文战场》核心规则 · 最后更新 2026-10-10", "2026-10-10"),
    ("Last updated: July 17, 2026", "2026-07-17"), ("更新日期：2026/10/1", "2026-10-01"), ("17 Oct 2026", "2026-10-17"),
])
def test_dates_in_the_forms_publishers_write(line: str, date: str) -> None:
    from judge.corpus import dates

    assert dates.read(f"标题\n{line}\n正文").date == date


def test_a_version_label_is_read() -> None:
    from judge.corpus import dates

    assert dates.read("崛起 TCG 综合性规则 1.00 版").version == "1.00" and dates.read("1.00 版").date is None


def test_corpus_add_detects_the_layout_and_reports_coverage(doc: official_doc.Document, tmp_path: Path,
                                                            data_dir: Path) -> None:
    p = tmp_path / "star.txt"
    p.write_text(doc.text, encoding="utf-8")
    code, out = judge("corpus", "add", str(p), "--new-game", "star", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["format"] == "official" and report["detected"] is True
    assert report["coverage"]["number_lines"] == 2000 and report["coverage"]["kept"] == 2000
    assert report["coverage"]["rules"] == 2000 and report["coverage"]["empty"] == []
    assert report["date"] == "2026-07-17" and report["unresolved"] == []
    assert [(e["rule"], e["ref"], e["stated"]) for e in report["errata"]] == doc.wrong_titles
    corpus = read_corpus()
    assert len(corpus.rules["star"]) == 2000
    code, out = judge("corpus", "check", "--game", "star")
    assert code == 1 and all(f"{rule} 引用 {ref} 时写作“{stated}”" in out for rule, ref, stated in doc.wrong_titles), out


def test_a_wrong_format_is_refused_with_its_coverage(doc: official_doc.Document, tmp_path: Path, data_dir: Path) -> None:
    p = tmp_path / "star.txt"
    p.write_text(doc.text, encoding="utf-8")
    code, out = judge("corpus", "add", str(p), "--new-game", "star", "--format", "rise-forum")
    assert code == 2
    m = re.search(r"文件中写出规则的 (\d+) 行（以规则编号开头的行）里，只有 (\d+) 行成了规则（([\d.]+)%，低于 95.0%）", out)
    assert m, out
    assert int(m[2]) < 2000 * 0.05 and float(m[3]) < 5
    assert "第 6 行：001." in out  # the first rule the format lost (after the first part heading), by its line
    assert "--format official" in out and "未加入任何内容" in out
    assert not (data_dir / "corpus").exists() or not list((data_dir / "corpus").glob("g-*"))
    # forced, it is added as the format reads it
    code, out = judge("corpus", "add", str(p), "--new-game", "star", "--format", "rise-forum", "--force")
    assert code == 0 and "格式：rise-forum（由 --format 指定）" in out, out


def test_the_bundled_corpus_has_no_errata(data_dir: Path) -> None:
    code, out = judge("corpus", "check")
    assert code == 0 and "rise：0 处勘误" in out and "riftbound：0 处勘误" in out, out
