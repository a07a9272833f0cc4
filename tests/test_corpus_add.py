"""`judge corpus add`: a new document joins the corpus; a bad one leaves everything as it was."""

import shutil
from pathlib import Path

import pytest

from judge.corpus import build
from judge.corpus.store import load_corpus

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture()
def corpus_root(tmp_path: Path) -> Path:
    root = tmp_path / "rules_corpus"
    root.mkdir()
    shutil.copytree(REPO / "rules_corpus" / "raw", root / "raw")
    # only the small Riftbound page, to keep the test quick
    (root / "sources.yaml").write_text(
        "# my comment\ndocuments:\n  - file: raw/001_c404060e52f8fb3e.txt\n    game: riftbound\n    format: riftbound-search\n",
        encoding="utf-8",
    )
    return root


def test_add_a_plain_document_for_a_new_game(corpus_root: Path, tmp_path: Path) -> None:
    doc = tmp_path / "new.txt"
    doc.write_text("100. 总则\n100.1 这是第一条。参见规则100.2。\n示例：一个示例。\n100.2 第二条。\n", encoding="utf-8")
    results = build.add(doc, "demo", "plain", root=corpus_root)
    assert {r.game for r in results} == {"riftbound", "demo"}
    c = load_corpus(corpus_root)
    assert c.get("demo", "100").title == "总则"
    rule = c.get("demo", "100.1")
    assert rule.text == "这是第一条。参见规则100.2。" and rule.examples[0].text == "一个示例。"
    assert c.get("demo", "100.2").cited_by == ["100.1"]
    assert (corpus_root / "sources.yaml").read_text(encoding="utf-8").startswith("# my comment\n")


def test_add_with_a_clashing_rule_number_restores_everything(corpus_root: Path, tmp_path: Path) -> None:
    before = (corpus_root / "sources.yaml").read_text(encoding="utf-8")
    doc = tmp_path / "clash.txt"
    doc.write_text("820.1 又一个 820.1。\n", encoding="utf-8")
    with pytest.raises(ValueError, match="820.1"):
        build.add(doc, "riftbound", "plain", root=corpus_root)
    assert (corpus_root / "sources.yaml").read_text(encoding="utf-8") == before
    assert not (corpus_root / "raw" / "clash.txt").exists()


def test_add_refuses_unknown_format_and_bad_game_id(corpus_root: Path, tmp_path: Path) -> None:
    doc = tmp_path / "x.txt"
    doc.write_text("100.1 文本。\n", encoding="utf-8")
    with pytest.raises(KeyError, match="可用的格式"):
        build.add(doc, "demo", "nope", root=corpus_root)
    with pytest.raises(build.SourceError, match="无效的游戏编号"):
        build.add(doc, "Bad Game", "plain", root=corpus_root)
