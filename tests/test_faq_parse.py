"""The 血海深仇 (Vendetta) FAQ parsed into entries: count, questions, answers, citations, cards, rebuilds.

Expected values are checked by hand against rules_corpus/raw/004_e6c65514bb1f5d81.txt.
"""

from pathlib import Path

import pytest

from judge.faq.model import FaqCard, load_faq
from judge.faq.parse import build_faq, cards_in, find_date, parse_faq

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
RAW = REPO / "rules_corpus" / "raw" / "004_e6c65514bb1f5d81.txt"
COMMITTED = REPO / "rules_corpus" / "faq" / "riftbound-vendetta.yaml"


def hand_list() -> list[tuple[str, int, str]]:
    rows = []
    for line in (DATA / "faq_vendetta_questions.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            eid, n, prefix = line.split("\t")
            rows.append((eid, int(n), prefix))
    return rows


@pytest.fixture(scope="module")
def entries():
    return {e.id: e for e in load_faq(REPO / "rules_corpus")}


def test_exactly_34_entries_with_ids_in_document_order(entries) -> None:
    assert list(entries) == [f"vendetta-{n:02d}" for n in range(1, 35)]


def test_each_question_matches_the_hand_made_list_and_its_source_line(entries) -> None:
    rows = hand_list()
    assert len(rows) == 34
    raw_lines = RAW.read_text(encoding="utf-8").splitlines()
    for eid, line, prefix in rows:
        e = entries[eid]
        assert e.question.startswith(prefix), (eid, e.question)
        assert e.question.endswith("？"), eid
        assert e.line == line, eid
        assert raw_lines[line - 1].strip() == e.question, eid
        assert e.file == "004_e6c65514bb1f5d81.txt"


# 相關規則 lines read by hand from the document; every entry not listed has none.
CITES = {
    "vendetta-02": ["359.3.f.1", "359.3.f.2", "359.3.f.3", "359.3.f.3.b"],
    "vendetta-03": ["370.1", "370.1.b"],
    "vendetta-04": ["375"],
    "vendetta-08": ["477.1.b.1.b"],
    "vendetta-09": ["369.1", "370.1.b.1", "370.1.a.2"],
    "vendetta-11": ["465.2.c.4.a", "465.2.c.5"],
    "vendetta-12": ["387.1.b"],
    "vendetta-13": ["419.4.b"],
    "vendetta-14": ["761", "761.1", "761.2", "762", "762.1", "762.2"],
    "vendetta-17": ["757.1", "758", "758.1"],
    "vendetta-18": ["419.4", "419.4.a", "419.4.b"],
    "vendetta-21": ["423.1.a.1"],
    "vendetta-22": ["477.3.b"],
    "vendetta-23": ["359.3.f.3"],
    "vendetta-24": ["727.1", "727.1.b", "727.1.b.1"],
    "vendetta-27": ["054.2", "369.3"],
    "vendetta-32": ["766", "767"],
}


def test_citations_of_every_entry_as_read_by_hand(entries) -> None:
    for eid, e in entries.items():
        assert e.cites == CITES.get(eid, []), eid
    assert sum(len(e.cites) for e in entries.values()) == 37


def test_citation_lines_are_not_left_in_the_explanation(entries) -> None:
    for e in entries.values():
        assert not any("相關規則" in p for p in [e.answer, *e.explanation]), e.id


def test_answer_and_explanation_split(entries) -> None:
    e = entries["vendetta-01"]
    assert e.answer == "當它嘗試離開陣列時，就會被放逐。"
    assert len(e.explanation) == 2
    assert e.explanation[0].startswith("川流效果說明中的「然後將其放逐」")
    assert e.explanation[1].startswith("這同樣適用於「起源」的「進化」凱莎")
    # vendetta-06 is a single paragraph after its question: all answer, no explanation
    e = entries["vendetta-06"]
    assert e.answer.startswith("「叱返金身」獲得法術控制權的效果，與反制法術有所不同。")
    assert e.answer.endswith("你的法術不會被反制。")
    assert e.explanation == []
    e = entries["vendetta-10"]
    assert e.answer == "可以。"
    assert len(e.explanation) == 1 and e.explanation[0].startswith("每個複製的技能")
    e = entries["vendetta-20"]
    assert e.answer == "「海軍」剛普朗克會將自己戰力被降低的事件替換為本回合被給予+3 [M]。"
    assert len(e.explanation) == 4
    assert e.explanation[-1] == "備註：這邏輯也適用於「嶄新覺醒」梅爾和「掉包」。"
    e = entries["vendetta-24"]
    assert e.answer.startswith("不論「明日守護者」杰西是否已獲得賦能狀態")
    assert len(e.explanation) == 9
    assert "[Empowered][>] [1]，[E]：活化2件裝備。" in e.explanation
    e = entries["vendetta-34"]
    assert e.answer == "該單位可以活化。"
    assert len(e.explanation) == 8
    assert e.explanation[-1].startswith("4. 如某一戰場上的某一單位本回合受「重擊」影響")


def test_text_has_no_stray_whitespace(entries) -> None:
    for e in entries.values():
        for p in [e.question, e.answer, *e.explanation]:
            assert p == p.strip(), e.id  # includes the no-break spaces after some questions


def test_cards_named_in_question_and_answer(entries) -> None:
    def cards(eid: str) -> list[tuple[str, str | None]]:
        return [(c.name, c.epithet) for c in entries[eid].cards]

    # 「此戰場」 is a quoted term, not a card; 「君主」 is 阿祈爾's epithet
    assert cards("vendetta-02") == [("婭希拉", None), ("阿祈爾", "君主")]
    assert [c.full for c in entries["vendetta-02"].cards] == ["婭希拉", "「君主」阿祈爾"]
    # 亞菲利歐 is named without brackets
    assert cards("vendetta-09") == [("埃可尚", "調皮"), ("可疑眼鏡", None), ("亞菲利歐", None)]
    # 「指定」卡牌機制 is a mechanic, not a card
    assert cards("vendetta-14") == [("落地喵喵", None)]
    # no brackets at all: the bare champion name
    assert cards("vendetta-16") == [("凱爾", None)]
    # 阿祈爾 later in the question without epithet is the same card, listed once
    assert cards("vendetta-10") == [("可疑眼鏡", None), ("阿祈爾", "飛昇者")]
    assert cards("vendetta-32") == [
        ("伊卡西亞魔雨", None), ("世界之殼閉索", None), ("侍從", None), ("伊瑞莉雅", "狂熱者"),
    ]
    # quoted ability text in an answer is not a card
    assert cards("vendetta-12") == [("赫威", "陰鬱畫家"), ("拼裝普羅機器人", None)]


def test_cards_in_epithet_and_name() -> None:
    assert cards_in("「君主」阿祈爾說明中的「此戰場」") == [FaqCard("阿祈爾", "君主")]
    assert cards_in("打出「月隕」選擇敵方單位") == [FaqCard("月隕")]
    assert cards_in("「-1 [M]」遊戲行動和「最低為1 [M]」") == []


def test_set_date_and_metadata(entries) -> None:
    for e in entries.values():
        assert e.game == "riftbound"
        assert e.set == "血海深仇" and e.set_en == "Vendetta"
        assert e.date is None  # the document states no date
    doc = parse_faq(RAW.read_text(encoding="utf-8"), file=str(RAW), game="riftbound")
    assert doc.title == "血海深仇規則說明與常見問答"
    assert doc.date is None
    assert doc.intro[2].startswith("常見問答集是官方裁決的合集。")
    assert len(doc.intro) == 4
    assert len(doc.legend) == 6 and doc.legend[0] == "• [E]代表「休眠」"


def test_search_view_has_id_game_question_answer_explanation(entries) -> None:
    e = entries["vendetta-16"]
    assert e.text.startswith("凱爾已經處於獲得賦能狀態時")
    assert "凱爾的獲得賦能技能可以啟動無限次。" in e.text


def test_find_date_forms() -> None:
    assert find_date(["發布於2026年1月5日"]) == "2026-01-05"
    assert find_date(["x 2025/12/3 y"]) == "2025-12-03"
    assert find_date(["2026-10-10"]) == "2026-10-10"
    assert find_date(["沒有日期"]) is None


def test_a_dated_document_and_an_unknown_set() -> None:
    doc = parse_faq((DATA / "faq_dated.txt").read_text(encoding="utf-8"), file="faq_dated.txt", game="riftbound")
    assert doc.date == "2026-01-15"
    assert doc.set == "測試套組" and doc.set_en is None
    assert [e.id for e in doc.entries] == ["faq_dated-01", "faq_dated-02"]
    assert doc.entries[0].cites == ["359.3.f.1", "999.1"]
    assert doc.entries[0].explanation == ["說明一。"]
    assert doc.entries[1].cites == ["375"] and doc.entries[1].explanation == []
    assert all(e.date == "2026-01-15" for e in doc.entries)


def test_rebuild_is_byte_identical_to_the_committed_file(tmp_path: Path) -> None:
    [first] = build_faq(out=tmp_path / "a")
    [second] = build_faq(out=tmp_path / "b")
    assert first.name == "riftbound-vendetta.yaml"
    assert first.read_bytes() == second.read_bytes() == COMMITTED.read_bytes()
