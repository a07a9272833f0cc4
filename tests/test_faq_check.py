"""`judge.faq.check`: citation status against the corpus, rule dates, FAQ-sourced scenarios, JUnit."""

import shutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.corpus import build, dates
from judge.corpus.store import load_corpus
from judge.faq import check, check_citations, check_junit, check_notes, check_render, check_results, check_scenarios
from judge.faq.model import load_documents
from judge.faq.parse import build_faq, parse_faq

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
RIFTBOUND_RULES = "001_c404060e52f8fb3e.txt"
FAQ_RAW = "004_e6c65514bb1f5d81.txt"


def make_root(tmp: Path, rules_file: Path = REPO / "rules_corpus" / "raw" / RIFTBOUND_RULES) -> Path:
    """A corpus folder holding only the Riftbound rules document and the Vendetta FAQ, built."""
    root = tmp / "rules_corpus"
    (root / "raw").mkdir(parents=True)
    shutil.copy(rules_file, root / "raw" / rules_file.name)
    shutil.copy(REPO / "rules_corpus" / "raw" / FAQ_RAW, root / "raw" / FAQ_RAW)
    (root / "sources.yaml").write_text(
        "faq:\n"
        f"  - file: raw/{FAQ_RAW}\n    game: riftbound\n    title: 血海深仇規則說明與常見問答\n    script: hant\n"
        "documents:\n"
        f"  - file: raw/{rules_file.name}\n    game: riftbound\n    format: riftbound-search\n",
        encoding="utf-8",
    )
    build.build(root=root)
    build_faq(root=root)
    return root


@dataclass
class Outcome:
    path: Path
    passed: bool
    detail: str = ""


def scenario(folder: Path, name: str, faq_id: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text(f"name: {name}\nsource: {{kind: faq, id: {faq_id}}}\n", encoding="utf-8")
    return p


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return make_root(tmp_path)


def run(root: Path, scenarios: Path | None = None, runner=None) -> check_results.Report:
    return check.check(load_documents(root), load_corpus(root), root, scenarios_root=scenarios, runner=runner)


def test_with_the_real_riftbound_corpus_every_citation_is_reported_not_in_the_corpus(root: Path) -> None:
    corpus = load_corpus(root)
    assert len(list(corpus.all_rules("riftbound"))) == 14
    report = run(root)
    assert report.holds  # nothing checked failed (some rulings are not encoded: never "ok")
    s = report.summary()
    assert s["entries"] == 34
    assert s["citations"] == 37  # none dropped
    assert s["not_in_corpus"] == 37 and s["in_corpus"] == 0
    assert s["flagged_for_review"] == 0
    by_id = {r.entry.id: r for r in report.results}
    assert [(c.id, c.status) for c in by_id["vendetta-27"].citations] == [
        ("054.2", "not-in-corpus"), ("369.3", "not-in-corpus"),
    ]
    assert by_id["vendetta-01"].citations == []


def test_rules_document_date_is_read_from_the_raw_header(root: Path) -> None:
    assert dates.rules_document_date(root / "raw" / RIFTBOUND_RULES) == "2026-10-10"
    assert dates.rules_document_date(root / "raw" / FAQ_RAW) is None
    report = run(root)
    assert report.rules_dates == {RIFTBOUND_RULES: "2026-10-10"}
    assert report.faq_dates == {"riftbound-vendetta.yaml": None}


def test_every_entry_not_yet_encoded_without_scenarios(root: Path, tmp_path: Path) -> None:
    report = run(root, scenarios=tmp_path / "no-such-folder")
    assert {r.ruling for r in report.results} == {"not-encoded"}
    assert {e.ruling for e in report.examples} == {"not-encoded"}
    s = report.summary()
    # 34 FAQ entries + the 7 worked examples of the 14 Riftbound rules (206 has 3, 820.1.d.1 has 2)
    assert (s["entries"], s["examples"], s["rulings"], s["not_encoded"]) == (34, 7, 41, 41)
    text = check_render.render_text(report, "zh")
    assert "尚未编码 41" in text and "不在语料库中 37" in text
    assert "riftbound 206 #3" in text
    assert "359.3.f.1（不在语料库中）" in text
    # never a bare OK while published rulings went unchecked: the last line says how many were not
    assert text.rstrip().splitlines()[-1] == "通过：已运行的 0 条已发布的裁定均已重现；另有 41 条尚未核对（尚未编码）"
    assert "FAQ：已重现 0/34，尚未编码 34；规则示例：已重现 0/7，尚未编码 7，片段 0" in text
    text = check_render.render_text(report, "en")
    assert "41 not yet encoded" in text and "37 not in the corpus" in text
    assert "359.3.f.1 (not in the corpus)" in text
    assert text.rstrip().splitlines()[-1] == "OK for the 0 published rulings run, all reproduced; 41 more not checked (not yet encoded)"
    assert "FAQ: 0/34 reproduced, 34 not encoded; worked examples: 0/7 reproduced, 7 not encoded, 0 fragments" in text


def test_faq_sourced_scenarios_are_found_and_need_a_runner(root: Path, tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    p = scenario(sc / "riftbound", "a.yaml", "vendetta-02")
    (sc / "other.yaml").write_text("name: x\nsource: {kind: rule, id: '206'}\n", encoding="utf-8")
    (sc / "broken.yaml").write_text("source: [unclosed\n", encoding="utf-8")
    assert check_scenarios.find_faq_scenarios(sc) == {"vendetta-02": [p]}
    report = run(root, scenarios=sc)
    by_id = {r.entry.id: r for r in report.results}
    assert by_id["vendetta-02"].ruling == "not-run"
    assert report.summary()["not_encoded"] == 40  # 33 entries + 7 examples
    # a file that is not YAML at all may have encoded a ruling: it is a problem, never silently skipped
    assert [p for p in report.problems if "broken.yaml" in p]
    assert not report.holds


def test_runner_is_given_the_scenario_paths_and_its_outcomes_decide(root: Path, tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    a = scenario(sc, "a.yaml", "vendetta-02")
    b = scenario(sc, "b.yaml", "vendetta-03")
    b2 = scenario(sc, "b2.yaml", "vendetta-03")
    seen: list[list[Path]] = []

    def runner(paths):
        seen.append(list(paths))
        return [Outcome(a, True), Outcome(b, True), Outcome(b2, False, "expected -3 [M], got -2 [M]")]

    report = run(root, scenarios=sc, runner=runner)
    assert seen == [[a, b, b2]]
    by_id = {r.entry.id: r for r in report.results}
    assert by_id["vendetta-02"].ruling == "reproduced"
    assert by_id["vendetta-03"].ruling == "regressed"
    assert not report.holds
    s = report.summary()
    assert (s["reproduced"], s["regressed"], s["not_encoded"]) == (1, 1, 32 + 7)
    assert "expected -3 [M], got -2 [M]" in check_render.render_text(report)


def test_a_scenario_the_runner_does_not_report_counts_as_regressed(root: Path, tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    scenario(sc, "a.yaml", "vendetta-05")
    report = run(root, scenarios=sc, runner=lambda paths: [])
    assert {r.entry.id: r.ruling for r in report.results}["vendetta-05"] == "regressed"
    assert not report.holds


def test_a_scenario_naming_an_unknown_entry_is_a_problem(root: Path, tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    scenario(sc, "a.yaml", "vendetta-99")
    report = run(root, scenarios=sc)
    assert not report.holds
    assert any("vendetta-99" in p for p in report.problems)


def test_a_raw_faq_changed_since_parsing_is_a_problem(root: Path) -> None:
    raw = root / "raw" / FAQ_RAW
    raw.write_text(raw.read_text(encoding="utf-8") + "\n新問題？\n", encoding="utf-8")
    report = run(root)
    assert not report.holds
    assert any(f"raw/{FAQ_RAW}" in p and "在解析之后被改动过" in p for p in report.problems)


def test_no_corpus_for_the_game_cannot_be_checked(tmp_path: Path) -> None:
    root = tmp_path / "rc"
    (root / "raw").mkdir(parents=True)
    shutil.copy(REPO / "rules_corpus" / "raw" / FAQ_RAW, root / "raw" / FAQ_RAW)
    (root / "sources.yaml").write_text(f"faq:\n  - file: raw/{FAQ_RAW}\n    game: riftbound\n", encoding="utf-8")
    build_faq(root=root)
    with pytest.raises(check.CheckError, match="riftbound"):
        run(root)


def test_citation_dates_newer_rules_in_corpus_and_undated(tmp_path: Path) -> None:
    # a rules document dated 2026-10-10 holding 359.3.f.1 and 375; a FAQ dated 2026-01-15
    root = make_root(tmp_path, DATA / "faq_rules_dated.txt")
    corpus = load_corpus(root)
    dates = check_citations.rules_dates(corpus, root)
    assert dates == {"faq_rules_dated.txt": "2026-10-10"}
    doc = parse_faq((DATA / "faq_dated.txt").read_text(encoding="utf-8"), file="faq_dated.txt", game="riftbound")
    first = doc.entries[0]
    assert first.date == "2026-01-15"
    statuses = [(c.id, c.status, c.rules_date) for c in check_citations.citation_status(first, corpus, dates)]
    assert statuses == [("359.3.f.1", "newer-rules", "2026-10-10"), ("999.1", "not-in-corpus", None)]
    first.date = "2026-12-01"  # a FAQ published after the rules: the citation is current
    assert [c.status for c in check_citations.citation_status(first, corpus, dates)] == ["in-corpus", "not-in-corpus"]
    first.date = "2026-10-10"  # same day: not newer
    assert [c.status for c in check_citations.citation_status(first, corpus, dates)] == ["in-corpus", "not-in-corpus"]
    first.date = None  # an undated FAQ cannot be ordered against the rules: review
    assert [c.status for c in check_citations.citation_status(first, corpus, dates)] == ["unordered", "not-in-corpus"]


def test_review_flags_are_reported_but_are_not_regressions(tmp_path: Path) -> None:
    # the real Vendetta FAQ (undated) against a corpus that holds 359.3.f.1 and 375
    root = make_root(tmp_path, DATA / "faq_rules_dated.txt")
    report = run(root)
    by_id = {r.entry.id: r for r in report.results}
    assert [(c.id, c.status) for c in by_id["vendetta-02"].citations][0] == ("359.3.f.1", "unordered")
    assert by_id["vendetta-02"].review and by_id["vendetta-04"].review
    assert not by_id["vendetta-03"].review
    s = report.summary()
    assert s["flagged_for_review"] == 2 and s["unordered"] == 2 and s["not_in_corpus"] == 35
    assert report.holds  # nothing checked failed (some rulings are not encoded: never "ok")
    assert "⚑ 待复核" in check_render.render_text(report, "zh") and "⚑ review" in check_render.render_text(report, "en")


def test_junit_xml_parses_with_a_testcase_per_entry(root: Path, tmp_path: Path) -> None:
    sc = tmp_path / "scenarios"
    a = scenario(sc, "a.yaml", "vendetta-02")
    b = scenario(sc, "b.yaml", "vendetta-03")
    report = run(root, scenarios=sc, runner=lambda paths: [Outcome(a, True), Outcome(b, False, "wrong")])
    tree = ET.fromstring(check_junit.junit_xml(report, "en"))
    assert tree.tag == "testsuites"
    cases = tree.findall("./testsuite[@name='faq.riftbound.vendetta']/testcase")
    assert len(cases) == 34
    assert [c.get("name") for c in cases] == [f"vendetta-{n:02d}" for n in range(1, 35)]
    by_name = {c.get("name"): c for c in cases}
    assert by_name["vendetta-02"].find("failure") is None and by_name["vendetta-02"].find("skipped") is None
    assert by_name["vendetta-03"].find("failure") is not None
    assert by_name["vendetta-01"].find("skipped").get("message") == "not yet encoded"
    assert "359.3.f.1 (not in the corpus)" in by_name["vendetta-02"].find("system-out").text
    suite = tree.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("34", "1", "32")
    examples = tree.findall("./testsuite[@name='examples.riftbound']/testcase")
    assert [c.get("name") for c in examples] == [
        "135.2.b.3#1", "206#1", "206#2", "206#3", "820.1.d.1#1", "820.1.d.1#2", "820.2.a#1",
    ]
    assert all(c.find("skipped").get("message") == "not yet encoded" for c in examples)
    assert tree.get("tests") == "41" and tree.get("failures") == "1" and tree.get("skipped") == "39"
    # the messages follow the judge's language (Chinese by default); the structure CI tools read does not change
    zh = ET.fromstring(check_junit.junit_xml(report))
    case = zh.find("./testsuite[@name='faq.riftbound.vendetta']/testcase[@name='vendetta-01']")
    assert case.find("skipped").get("message") == "尚未编码"
    assert zh.find(".//testcase[@name='vendetta-03']/failure").get("message").startswith("裁定回归失败：")


def test_an_unencoded_entry_is_listed_with_the_mechanism_it_needs(root: Path, tmp_path: Path) -> None:
    """Issue 11: each unencoded entry shows the mechanism it still needs (a pending.yaml: every bundled entry is
    encoded now, so the check reads one written here), in the summary too."""
    listed = tmp_path / "pending.yaml"
    listed.write_text("vendetta-02:\n  zh: 据守事件\n  en: the hold event\n", encoding="utf-8")
    report = check.check(load_documents(root), load_corpus(root), root, scenarios_root=tmp_path / "no-such-folder",
                         pending_file=listed)
    needs = check_notes.pending(listed)
    assert needs == {"vendetta-02": {"zh": "据守事件", "en": "the hold event"}}
    text = check_render.render_text(report, "zh")
    assert f"  vendetta-02：{needs['vendetta-02']['zh']}" in text  # the summary's list
    assert f"    尚需：{needs['vendetta-02']['zh']}" in text  # under the entry
    assert "尚需：（所需机制未记录）" in text  # an entry the file does not list (encoded in the bundled scenarios)
    assert by_id(report)["vendetta-02"].to_dict()["needs"]["en"] == needs["vendetta-02"]["en"]


def by_id(report: check_results.Report) -> dict[str, check_results.EntryResult]:
    return {r.entry.id: r for r in report.results}


def test_the_pending_list_is_exactly_the_entries_the_bundled_scenarios_do_not_encode(root: Path) -> None:
    """An entry leaves judge/faq/pending.yaml when a scenario encodes it; every other entry is in it, in both
    languages."""
    encoded = set(check_scenarios.find_faq_scenarios(REPO / "scenarios"))
    all_ids = {e.id for d in load_documents(root) for e in d.entries}
    needs = check_notes.pending()
    assert set(needs) == all_ids - encoded
    assert all(set(v) == {"zh", "en"} and all(v.values()) for v in needs.values())


def test_a_rule_added_to_the_corpus_flags_an_encoded_entry_that_still_passes(tmp_path: Path) -> None:
    """A changed cited rule (a rules document holding it added) flags its entry for review even though its scenario
    still reproduces the answer: the FAQ is undated, so which one prevails cannot be told."""
    root = make_root(tmp_path, DATA / "faq_rules_dated.txt")  # holds 375, which vendetta-04 cites
    sc = tmp_path / "scenarios"
    p = scenario(sc / "riftbound", "v04.yaml", "vendetta-04")
    report = run(root, scenarios=sc, runner=lambda paths: [Outcome(p, True)])
    entry = by_id(report)["vendetta-04"]
    assert entry.ruling == "reproduced" and entry.review
    assert "vendetta-04   已重现" in check_render.render_text(report, "zh") and "⚑ 待复核" in check_render.render_text(report, "zh")


def test_ok_is_false_while_a_published_ruling_went_unchecked(root: Path) -> None:
    # the bundled scenarios: some FAQ entries and worked examples are not encoded yet (judge/faq/pending.yaml)
    report = run(root)
    s = report.summary()
    assert s["unchecked"] > 0 and report.holds
    assert report.ok is False and report.to_dict()["ok"] is False and report.to_dict()["holds"] is True
