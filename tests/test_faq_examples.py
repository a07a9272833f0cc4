"""`judge faq check` over the rules' worked examples: which scenarios encode them, and what is a problem."""

import shutil
from pathlib import Path

from judge import paths
from judge.corpus.store import load_corpus
from judge.faq import check, check_notes, check_render, check_results, check_scenarios
from judge.faq.model import load_documents

REPO = Path(__file__).resolve().parents[1]
RISE = REPO / "scenarios" / "rise"


def run_check(scenarios: Path, runner=None) -> check_results.Report:
    root = paths.corpus_dir()
    return check.check(load_documents(root), load_corpus(), root, scenarios_root=scenarios, runner=runner)


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    p.write_text(text, encoding="utf-8")
    return p


def test_every_worked_example_in_the_corpus_is_a_published_ruling(tmp_path: Path) -> None:
    report = run_check(tmp_path / "none")
    corpus = load_corpus()
    expected = [(r.game, r.id, i) for r in corpus.all_rules() for i in range(1, len(r.examples) + 1)]
    assert [(e.game, e.rule, e.index) for e in report.examples] == expected
    fragments = {(e.game, e.rule, e.index) for e in report.examples if e.ruling == "fragment"}
    assert fragments == set(check_notes.example_notes(paths.corpus_dir()))  # the examples stating no ruling, as listed
    assert all(e.note for e in report.examples if e.ruling == "fragment")
    assert len(expected) > 0 and {e.ruling for e in report.examples if e.ruling != "fragment"} == {"not-encoded"}
    assert report.summary()["rulings"] == len(report.results) + len(expected)


def test_example_and_faq_sources_are_found_by_their_schema_keys(tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    a = write(sc, "a.yaml", "game: rise\nsource: {kind: example, rule: '709.2b'}\n")
    b = write(sc, "b.yaml", "game: rise\nsource: {kind: faq, entry: vendetta-05}\n")
    write(sc, "c.yaml", "game: rise\nsource: {kind: variant, of: '709.2b'}\n")
    assert check_scenarios.find_example_scenarios(sc) == {("rise", "709.2b"): [(a, None)]}
    assert check_scenarios.find_faq_scenarios(sc) == {"vendetta-05": [b]}


def test_real_example_scenarios_are_run_and_reproduced(tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    sc.mkdir()
    shutil.copy(RISE / "709_2b_example.yaml", sc / "709_2b_example.yaml")
    shutil.copy(RISE / "rise.cards", sc / "rise.cards")  # the card library it uses
    report = run_check(sc, runner=check.default_runner())
    by_id = {e.id: e for e in report.examples}
    assert by_id["rise:709.2b#1"].ruling == "reproduced"
    assert by_id["rise:709.2a#1"].ruling == "not-encoded"
    assert report.holds  # nothing checked failed (not every ruling is encoded here: never "ok")


def test_an_example_of_a_rule_not_in_the_corpus_is_a_problem(tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    p = write(sc, "x.yaml", "game: rise\nsource: {kind: example, rule: '799.9'}\n")
    report = run_check(sc, runner=check.default_runner())
    assert not report.holds
    assert any(str(p) in m and "799.9" in m for m in report.problems)


def test_an_example_of_a_rule_without_examples_is_a_warning_and_not_run(tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    p = write(sc, "x.yaml", "game: rise\nsource: {kind: example, rule: '708.2'}\n")
    seen: list[list[Path]] = []
    report = run_check(sc, runner=lambda paths: seen.append(list(paths)) or [])
    assert seen == []  # nothing encoded an existing example, so nothing ran
    assert report.holds  # nothing checked failed (not every ruling is encoded here: never "ok")
    assert report.warnings == [f"{p}：来源指向 rise 规则 708.2 的示例，但语料库中这条规则没有示例（未运行）"]
    assert f"警告：{p}" in check_render.render_text(report)


def test_html_report_escapes_and_shows_each_ruling(tmp_path: Path) -> None:
    sc = tmp_path / "sc"
    write(sc, "x.yaml", "game: rise\nsource: {kind: example, rule: '<b>1</b>'}\n")
    report = run_check(sc)
    page = check_render.html_report(report)
    assert "<b>1</b>" not in page and "&lt;b&gt;1&lt;/b&gt;" in page  # the problem line, escaped
    assert page.count("<tr id=\"ex-") == len(report.examples)
    assert page.count("<tr id=\"faq-") == len(report.results)
