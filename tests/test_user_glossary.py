"""The glossary extended from the judge's data folder: a FAQ's word (the Traditional FAQ's 陣列, "the chain") linked to
the rules' word (Riftbound's 结算链) without editing the package; the search index follows the file; a word given
to two concepts is refused naming the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from judge import paths
from judge.cli import cli


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv(paths.DATA_ENV, str(d))
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "cache"))
    yield d


def judge(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.output


def test_a_judges_own_word_is_linked_to_the_rules_word(data_dir: Path) -> None:
    """栈区 (a word some judges use for the stack) is in no bundled concept; the user's glossary links it."""
    package = (paths.corpus_dir() / "glossary.yaml").read_bytes()
    code, _ = judge("define", "栈区")
    assert code == 1  # not a glossary word yet
    code, out = judge("search", "栈区", "--game", "riftbound", "--kind", "rule", "--json")
    assert code == 1, out  # no rule of the search page writes 栈区
    (data_dir / "glossary.yaml").write_text(
        "concepts:\n  - id: response-chain\n    aliases: [栈区]\n    terms:\n      riftbound: [结算链]\n", encoding="utf-8")
    code, out = judge("define", "栈区", "--json")
    assert code == 0, out
    concept = json.loads(out)
    assert concept["id"] == "response-chain" and "栈区" in concept["aliases"]
    assert concept["games"]["rise"]["terms"] == ["响应链"]  # the bundled words are kept
    code, out = judge("search", "栈区", "--game", "riftbound", "--kind", "rule", "--json")
    assert code == 0, out
    hits = json.loads(out)  # now the rules that write the rules' word
    assert hits and all("⟦结算链" in h["snippet"] for h in hits)
    assert (paths.corpus_dir() / "glossary.yaml").read_bytes() == package


def test_a_word_given_to_two_concepts_is_refused_naming_the_file(data_dir: Path) -> None:
    user = data_dir / "glossary.yaml"
    user.write_text("concepts:\n  - id: my-chain\n    aliases: [响应链]\n", encoding="utf-8")
    code, out = judge("define", "响应链")
    assert code == 2 and str(user) in out and "响应链" in out, out
    user.write_text("concepts: [\n", encoding="utf-8")
    code, out = judge("define", "响应链")
    assert code == 2 and f"{user}:2:1" in out, out  # where the YAML breaks
