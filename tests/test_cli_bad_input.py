"""Bad input and damaged data files: a clear message naming the file, a non-zero exit, no traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import paths
from judge.cli import cli
from judge.corpus.store import load_corpus

REPO = Path(__file__).resolve().parents[1]


def run(*args: str):
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output
    return res


@pytest.mark.parametrize(
    ("typed", "found"),
    [("７０６", "706 目标"), ("規則709.2B", "709.2b"), ("规则 707.1d", "707.1d"), ("709.2b。", "709.2b"), ("  706. ", "706 目标")],
)
def test_rule_numbers_as_judges_type_them(typed: str, found: str) -> None:
    res = run("rule", typed, "--game", "rise")
    assert res.exit_code == 0, res.output
    assert found in res.output.splitlines()[0]


def test_an_empty_rule_id_is_refused() -> None:
    res = run("rule", "  ")
    assert res.exit_code == 2 and "没有给出规则编号" in res.output


@pytest.fixture()
def corpus_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled corpus folder that the commands read instead (and may be damaged)."""
    root = tmp_path / "rules_corpus"
    shutil.copytree(REPO / "rules_corpus", root)
    monkeypatch.setattr(paths, "corpus_dir", lambda: root)
    load_corpus.cache_clear()
    yield root
    load_corpus.cache_clear()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("rules: [\n", "rise.yaml:2:1：不是有效的 YAML"),
        ("rules: [{id: '706'}]\n", "rise.yaml: rules[0] is not a valid rule"),
        ("- just a list\n", "rise.yaml：顶层应为映射"),
    ],
)
def test_a_damaged_corpus_file_is_named(corpus_copy: Path, content: str, message: str) -> None:
    (corpus_copy / "rise.yaml").write_text(content, encoding="utf-8")
    res = run("rule", "706", "--game", "rise")
    assert res.exit_code == 2 and message in res.output, res.output


def test_a_corpus_file_that_is_not_utf8_is_named(corpus_copy: Path) -> None:
    (corpus_copy / "rise.yaml").write_bytes(b"\xff\xfe\x00r")
    res = run("rules")
    assert res.exit_code == 2 and "rise.yaml：不是 UTF-8 文本" in res.output


def test_a_damaged_glossary_is_named(corpus_copy: Path) -> None:
    (corpus_copy / "glossary.yaml").write_text("concepts: [\n", encoding="utf-8")
    res = run("define", "目标")
    assert res.exit_code == 2 and "glossary.yaml:2:1" in res.output, res.output
    (corpus_copy / "glossary.yaml").write_text("concepts: 3\n", encoding="utf-8")
    res = run("define", "目标")
    assert res.exit_code == 2 and "glossary.yaml" in res.output and "concepts" in res.output


def test_a_damaged_faq_file_is_named(corpus_copy: Path) -> None:
    (corpus_copy / "faq" / "riftbound-vendetta.yaml").write_text("entries: [\n", encoding="utf-8")
    res = run("faq", "list")
    assert res.exit_code == 2 and "riftbound-vendetta.yaml:2:1" in res.output, res.output


@pytest.mark.parametrize(
    ("sources", "message"),
    [
        ("documents:\n  - {file: raw/000_85166b5fbc181240.txt, game: rise, format: nope}\n", "未知的格式“nope”；可用的格式："),
        ("documents:\n  - {file: raw, game: rise, format: plain}\n", "是文件夹，应为文件"),
        ("documents: 5\n", "“documents”应为列表"),
        ("documents:\n  - {file: raw/x.txt, game: rise}\n", "缺少“format”"),
    ],
)
def test_a_bad_sources_manifest_is_explained(corpus_copy: Path, tmp_path: Path, sources: str, message: str) -> None:
    (corpus_copy / "sources.yaml").write_text(sources, encoding="utf-8")
    res = run("corpus", "build", "--out", str(tmp_path / "out"))
    assert res.exit_code == 2 and message in res.output, res.output


def test_an_output_path_under_a_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("x", encoding="utf-8")
    scenario = str(REPO / "scenarios" / "rise" / "706_1c_example.yaml")
    res = run("report", scenario, "-o", str(blocker / "r.html"))
    assert res.exit_code == 2 and "错误：" in res.output and "afile" in res.output
    res = run("site", str(blocker / "site"))
    assert res.exit_code == 2 and "错误：" in res.output
    res = run("faq", "check", "--junit", str(blocker / "x.xml"))
    assert res.exit_code == 2 and "错误：" in res.output
