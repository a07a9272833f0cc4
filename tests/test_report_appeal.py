"""A report read on appeal: the rules the ruling rests on beside the verdict, the rest by number, the author's notes
as the paragraphs they wrote, the steps folded, and a Markdown that reads as given (no entities, no HTML breaks)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import yaml
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus.ruleid import sort_key

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "scenarios" / "rise" / "708_1a_your_turn.yaml"


def blocks(html: str, section: str, until: str) -> list[str]:
    part = html[html.index(f'id="{section}"'):html.index(f'id="{until}"')]
    return re.findall(r'<section class="rule" id="r-([^"]+)">', part)


def test_the_decisive_rules_stand_beside_the_verdict_and_the_rest_follow_by_number(html_report: Callable[[Path], str]) -> None:
    html = html_report(EXAMPLE)
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    declared = [data["source"]["rule"]] + [e["cites"] for e in data["expect"] if "cites" in e]
    top = blocks(html, "decisive", "rests-on")
    assert top == list(dict.fromkeys(declared))  # the rules the file says its ruling rests on, in full, first
    rest = re.findall(r'<section class="rule" id="r-([^"]+)">', html[html.index('id="rules"'):])
    assert rest and rest == sorted(rest, key=sort_key)  # the other cited rules by number, not by citation order
    assert not set(top) & set(rest)  # each rule once (one anchor)
    assert html.index('id="verdict"') < html.index('id="decisive"') < html.index('id="source"')
    assert re.search(r'<details class="steps-box"><summary>共 \d+ 步', html)  # the steps folded away


def test_notes_keep_their_paragraphs_not_their_line_breaks(html_report: Callable[[Path], str]) -> None:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    written = [p for p in re.split(r"\n\s*\n", data["notes"]) if p.strip()]
    assert "\n" in written[0].strip()  # the author broke lines mid-sentence
    html = html_report(EXAMPLE)
    notes = html[html.index('<blockquote class="notes">'):]
    shown = re.findall(r"<p>(.*?)</p>", notes[:notes.index("</blockquote>")], re.S)
    assert len(shown) == len(written)
    assert all("\n" not in p for p in shown)
    assert "让过优先权之后，窥视者奥萨罗的效果" in shown[0]  # a line break of the file joined without a space


def test_the_markdown_report_has_no_entities_or_html_breaks(tmp_path: Path) -> None:
    out = tmp_path / "r.md"
    assert CliRunner().invoke(cli, ["report", str(EXAMPLE), "-o", str(out), "--format", "md"]).exit_code == 0
    md = out.read_text(encoding="utf-8")
    assert "&quot;" not in md and "&lt;" not in md and "&gt;" not in md and "<br>" not in md
    assert "守护\\<p\\>" in md  # the card text's own <p>, escaped for Markdown and read as written
    assert "## 裁定所依据的规则" in md and md.index("## 裁定所依据的规则") < md.index("## 裁定来源")
