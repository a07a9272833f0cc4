"""`judge corpus add --game G` refuses a document of another game (its words and rules are that game's) with the
evidence, and takes it with `--force`, saying what it overrode; a document of G itself, and a short addendum, are
taken as before. (A 三國 document once merged 185 foreign rules into 崛起: `judge rule 401.2 --game rise` answered
with a 三國 rule.)"""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from corpus_helpers import corpus_cli as cli
from corpus_helpers import data_dir  # noqa: F401  (the fixture every test here uses)
from judge.corpus.identity import identify, similar

REPO = Path(__file__).resolve().parents[1]
RAW = REPO / "rules_corpus" / "raw"
DOCUMENTS = {  # each bundled game's rules document (rules_corpus/sources.yaml)
    "rise": RAW / "000_85166b5fbc181240.txt",
    "sanguo": RAW / "002_12da64a34c046b6b.txt",
    "riftbound": RAW / "001_c404060e52f8fb3e.txt",
}
NAMES = {"rise": "崛起", "sanguo": "三国", "riftbound": "符文战场"}


def copy(tmp_path: Path, game: str) -> Path:
    dest = tmp_path / f"{game}-copy.txt"  # another name: the bundled file's own name is taken
    shutil.copyfile(DOCUMENTS[game], dest)
    return dest


@pytest.mark.parametrize(("source", "named"), list(itertools.permutations(DOCUMENTS, 2)))
def test_a_document_of_another_game_is_refused_naming_that_game(tmp_path: Path, data_dir: Path, source: str,
                                                                named: str) -> None:
    code, out = cli("add", str(copy(tmp_path, source)), "--game", named)
    assert code == 2, out
    assert f"看来不是{NAMES[named]}的规则文件" in out and "未加入任何内容" in out
    assert f"它像是{NAMES[source]}的文件" in out and "--force" in out
    assert not list(data_dir.rglob(f"{source}-copy.txt"))  # nothing was added


@pytest.mark.parametrize(("source", "named"), [("sanguo", "rise"), ("rise", "riftbound")])
def test_force_adds_it_and_says_what_it_overrode(tmp_path: Path, source: str, named: str) -> None:
    code, out = cli("add", str(copy(tmp_path, source)), "--game", named, "--force")
    assert code == 0, out
    assert "已用 --force 加入，尽管：" in out and f"它像是{NAMES[source]}的文件" in out


@pytest.mark.parametrize("game", sorted(DOCUMENTS))
def test_a_document_of_the_game_named_is_taken(tmp_path: Path, game: str) -> None:
    code, out = cli("add", str(copy(tmp_path, game)), "--game", game, "--version", "2026-11-30")  # a later edition
    assert code == 0, out
    assert "看来不是" not in out and "--force" not in out


def test_a_short_addendum_is_too_little_evidence_to_refuse(tmp_path: Path) -> None:
    p = tmp_path / "addendum.txt"
    p.write_text("900.1 新规则，参见规则820.1。\n", encoding="utf-8")
    assert cli("add", str(p), "--game", "rise")[0] == 0


def test_another_edition_of_a_game_still_reads_as_that_game() -> None:
    # the same rule numbers with texts reworded, and the game's own nouns: the edition matches its game alone
    games = {"a": {"1.1": "部队进入战场时抓一张牌", "1.2": "部队受到损伤后被摧毁"},
             "b": {"1.1": "武将登场后体力减少", "1.2": "武将的体力为零时阵亡"}}
    edition = {"1.1": "部队进入战场时，其控制者抓一张牌", "1.2": "部队受到致命损伤后被摧毁"}
    verdict = identify(edition, games)
    assert verdict.games["a"].alike == 2 and verdict.games["b"].alike == 0
    assert verdict.games["a"].share == 1.0 and verdict.games["b"].share == 0.0
    assert similar("部队受到损伤", "部队受到损伤") == 1.0 and similar("部队", "武将") == 0.0

