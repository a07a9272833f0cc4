"""`judge report`: the HTML and Markdown ruling reports, checked structurally."""

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest
import yaml
from builder import yaml_text
from click.testing import CliRunner

from judge.games import load_game
from judge.report.words import Words
from html_page import Page, assert_offline
from markupsafe import escape

from judge.cli import cli
from judge.corpus.store import corpus_hash, load_corpus

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.yaml"))


def run_cli(*args: str):
    return CliRunner().invoke(cli, list(args))


def report(path: Path, out: Path, fmt: str = "html") -> str:
    res = run_cli("report", str(path), "-o", str(out), "--format", fmt)
    assert res.exit_code == 0, res.output
    return out.read_text(encoding="utf-8")


def run_json(path: Path) -> dict:
    res = run_cli("run", str(path), "--json")
    return json.loads(res.output)[0]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_gets_a_self_contained_report_whose_citations_resolve(path: Path, tmp_path: Path,
                                                                              html_report: Callable[[Path], str]) -> None:
    html = html_report(path)
    page = Page(html)
    assert_offline(page)
    assert len(page.ids) == len(set(page.ids)), "duplicate ids"
    internal = [l[1:] for l in page.links if l.startswith("#")]
    data = run_json(path)
    # every step citing a rule links to it (a scenario whose steps all rest on rules outside its game's corpus has none)
    assert (internal or not any(s["cites"] for s in data["steps"])) and set(internal) <= set(page.ids)
    # each step is listed with exactly its citations, each linking to that rule's block
    for step in data["steps"]:
        m = re.search(rf'<li id="step-{step["n"]}">(.*?)</li>', html, re.S)
        assert m, step
        assert re.findall(r'class="cite" href="#r-([^"]+)"', m.group(1)) == step["cites"]
    corpus = load_corpus()
    outside = set(load_game(data["game"]).raw.get("rules_outside_corpus") or ())  # rules only a FAQ names
    for rid in {c for s in data["steps"] for c in s["cites"]}:
        rule = corpus.get(data["game"], rid)
        block = re.search(rf'<section class="rule" id="r-{re.escape(rid)}">(.*?)</section>', html, re.S)
        assert block and (rule is not None or rid in outside)
        if rule is None:  # shown as not in the corpus
            assert Words("zh", str(load_game(data["game"]).raw.get("script", "hans")))("rule_missing") in block.group(1)
            continue
        assert str(escape(rule.text[:30])) in block.group(1)
    assert html.count('<tr><td class="verdict-mark') == len(data["expectations"]) + len(data["unused_choices"])
    w = Words.for_game("zh", data["game"])  # the report speaks its game's script
    version = w("corpus_version", version=corpus_hash()[:12]).split(" · ")[0]  # 语料库版本 <hash>
    assert version in html
    md = report(path, tmp_path / "r.md", "md")
    assert md.startswith("# ") and f"## {w('steps')}" in md and version in md
    for rid in {c for s in data["steps"] for c in s["cites"]}:
        assert f'<a id="r-{rid}"></a>' in md and f"(#r-{rid})" in md


def test_report_shows_boards_plays_source_and_expectations(html_report: Callable[[Path], str]) -> None:
    html = html_report(REPO / "scenarios" / "rise" / "709_2b_example.yaml")
    before = html[html.index('id="before"'):html.index('id="plays"')]
    after = html[html.index('id="after"'):html.index('id="expectations"')]
    # the file: 措手不及 in your hand, 重装兵 (2 power, 6 health) undamaged in the opponent's 部队栏;
    # after: 4 damage on it, 措手不及 in the 救助基地
    brute_before = before[before.index("重装兵"):]
    brute_before = brute_before[:brute_before.index("</li>")]
    assert "战斗力 2" in brute_before and "生命值 6" in brute_before and "损伤 4" not in brute_before
    brute_after = after[after.index("重装兵"):]
    assert "损伤 4" in brute_after[:brute_after.index("</li>")]
    assert "救助基地" in after and "措手不及" in after
    plays = html[html.index('id="plays"'):html.index('id="steps"')]
    assert "你使用措手不及，指定重装兵为目标" in plays
    assert "对手就措手不及作出选择：不弃置任何卡牌" in plays
    source = html[html.index('id="source"'):html.index('id="before"')]
    example = load_corpus().get("rise", "709.2b").examples[0].text
    assert example[:20] in source.replace("&#34;", '"')
    assert html.count('class="verdict-mark pass">✓ 符合') == 3 and 'id="status">通过' in html


def test_a_failing_expectation_is_reported_with_the_actual_value(tmp_path: Path) -> None:
    data = yaml.safe_load((REPO / "tests" / "data" / "inline" / "rise" / "709_2b_example.yaml").read_text(encoding="utf-8"))
    next(e for e in data["expect"] if "damage" in e)["damage"] = 3
    src = tmp_path / "wrong.yaml"
    src.write_text(yaml_text(data), encoding="utf-8")
    html = report(src, tmp_path / "r.html")
    assert 'id="status">未通过' in html
    row = re.search(r'<tr><td class="verdict-mark fail">✗ 不符</td><td>(.*?)</td><td>(.*?)</td></tr>', html, re.S)
    assert row and row.group(1).startswith("重装兵上有 3 点损伤") and row.group(2) == "重装兵上有 4 点损伤"
    verdict = html[html.index('id="verdict"'):html.index('id="source"')]
    assert "有 1 项预期（共 3 项）与运行结果不符：重装兵上有 3 点损伤" in verdict


def test_text_from_the_scenario_file_is_escaped(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"
    data = yaml.safe_load((REPO / "tests" / "data" / "inline" / "rise" / "709_2b_example.yaml").read_text(encoding="utf-8"))
    data["cards"]["brute"]["name"] = evil
    data["title"] = "标题 <img src=x onerror=alert(2)>"
    data["notes"] = "</blockquote><script>alert(3)</script>"
    src = tmp_path / "evil.yaml"
    src.write_text(yaml_text(data), encoding="utf-8")
    html = report(src, tmp_path / "r.html")
    page = Page(html)
    assert "script" not in page.tags and "img" not in page.tags
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html  # the card name, in the steps and on the board
    md = report(src, tmp_path / "r.md", "md")
    assert not re.search(r"(?<!\\)<(script|img)", md)  # every < of the file's text backslash-escaped: no tag
    assert "\\<script\\>alert\\(1\\)\\</script\\>" in md and "&lt;" not in md  # and read as given, no entities


def test_reports_are_byte_identical_and_dated_by_source_date_epoch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    path = REPO / "scenarios" / "rise" / "708_1a_your_turn.yaml"
    first = report(path, tmp_path / "a.html")
    assert report(path, tmp_path / "b.html") == first
    # a 崛起 report is dated by 崛起's documents only: they state no date (2026-10-10 is Riftbound's page)
    assert "日期 未注明（崛起 TCG的规则文件均未注明日期）" in first and "2026-10-10" not in first
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14T22:13:20Z
    assert "日期 2023-11-14（取自 SOURCE_DATE_EPOCH）" in report(path, tmp_path / "c.html")
    md1, md2 = report(path, tmp_path / "a.md", "md"), report(path, tmp_path / "b.md", "md")
    assert md1 == md2


def test_invalid_scenario_exits_2_without_writing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: rise\ntitle: x\n", encoding="utf-8")
    res = run_cli("report", str(bad), "-o", str(tmp_path / "r.html"))
    assert res.exit_code == 2 and "错误：" in res.output and "bad.yaml" in res.output
    assert not (tmp_path / "r.html").exists()


def test_importing_the_report_commands_loads_click_only() -> None:
    code = (
        "import sys, judge.report.commands; "
        "print([m for m in ('yaml', 'jinja2', 'judge.report.report', 'judge.corpus.store', 'judge.scenario.runner') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
