"""`judge corpus add rules.pdf`: a publisher's PDF, made here by printing the generated rules page with Debian's
Chromium (running header, numbered footer, text wrapped by the browser), is read rule for rule: titles, parents,
lists, examples with their cards, and no page furniture."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import official_doc
from added_data import data_dir, judge, squeeze
import pdf_maker
from judge.corpus.store import read_corpus


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[official_doc.Document, Path]:
    doc = official_doc.make(150)
    return doc, pdf_maker.print_pdf(doc, tmp_path_factory.mktemp("pdf") / "star-rules.pdf")


def test_a_printed_pdf_is_added_rule_for_rule(printed: tuple[official_doc.Document, Path], data_dir: Path) -> None:
    doc, pdf = printed
    code, out = judge("corpus", "add", str(pdf), "--new-game", "star", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["format"] == "official" and report["pages"] >= 5 and report["date"] == "2026-07-17"
    assert report["coverage"]["kept"] == report["coverage"]["number_lines"] == len(doc.rules)
    corpus = read_corpus()
    rules = corpus.rules["star"]
    assert set(rules) == {r.id for r in doc.rules}
    furniture = re.compile(rf"{re.escape(official_doc.FOOTER)}|{re.escape(official_doc.HEADER)}|- \d+ -")
    for r in doc.rules:
        got = rules[r.id]
        assert got.title == doc.title_of(r.id) and got.parent == r.parent, r.id
        assert squeeze(got.text) == squeeze(official_doc.expected_text(r)), r.id
        if r.items:
            assert got.text.split("\n")[-len(r.items):] == r.items, r.id
        assert [(c.name, squeeze(c.text)) for e in got.examples for c in e.cards] == [(n, squeeze(t)) for n, t in r.cards]
        assert not furniture.search(got.text + "".join(e.text for e in got.examples)), r.id
    # the bytes are kept as given, and `corpus list` says it was read as a PDF
    live = next((data_dir / "corpus").glob("g-*"))
    assert (live / "raw" / "star-rules.pdf").read_bytes() == pdf.read_bytes()
    code, out = judge("corpus", "list")
    assert "star-rules.pdf  [official, pdf]" in out, out


def test_a_pdf_without_text_is_refused(tmp_path: Path, data_dir: Path) -> None:
    blank = tmp_path / "scan.pdf"
    blank.write_bytes(b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
                      b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
    code, out = judge("corpus", "add", str(blank), "--new-game", "scan")
    assert code == 2 and "scan.pdf：PDF 的 1 页中没有文字" in out, out
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nthis is not a PDF body")
    code, out = judge("corpus", "add", str(broken), "--new-game", "scan")
    assert code == 2 and "broken.pdf：无法作为 PDF 读取" in out, out
    assert not (data_dir / "corpus").exists() or not list((data_dir / "corpus").glob("g-*"))
