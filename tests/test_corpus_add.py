"""`judge corpus add|remove|list|build`: documents a judge adds live in their data folder, layered over the bundled
corpus; every change is all or nothing; bad input is refused before anything is written."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from corpus_helpers import corpus_cli as cli
from corpus_helpers import data_dir  # noqa: F401  (the fixture every test here uses)
from judge import paths
from judge.corpus import layer, userdata
from judge.corpus.build import SourceError
from judge.corpus.store import read_corpus
from judge.datafile import DataError

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "tests" / "hostile" / "docs"
PLAIN = "100. 总则\n100.1 这是第一条。参见规则100.2。\n示例：一个示例。\n100.2 第二条。\n"


def bundled() -> dict[str, str]:
    """The bundled data (corpus, scenarios, templates) file by file: what nothing a judge adds may change. (Not the
    whole checkout: other tests write caches such as hypothesis's database there meanwhile.)"""
    root = paths.data_root()
    return {f"{d}/{k}": v for d in ("rules_corpus", "scenarios", "templates") for k, v in tree(root / d).items()}


def tree(root: Path) -> dict[str, str]:
    """Every file under ``root`` with the sha256 of its bytes (empty when there is no such folder)."""
    if not root.exists():
        return {}
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def doc(tmp_path: Path, text: str = PLAIN, name: str = "new.txt") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_new_game_joins_the_corpus_from_the_data_folder(tmp_path: Path, data_dir: Path) -> None:
    package = bundled()
    code, out = cli("add", str(doc(tmp_path)), "--new-game", "demo", "--title", "演示规则")
    assert code == 0, out
    c = read_corpus()
    assert c.games == ["rise", "sanguo", "riftbound", "demo"]
    assert c.get("demo", "100").title == "总则"
    rule = c.get("demo", "100.1")
    assert rule.text == "这是第一条。参见规则100.2。" and rule.examples[0].text == "一个示例。"
    assert c.get("demo", "100.2").cited_by == ["100.1"] and rule.source.file == "new.txt"
    # the document lives in the data folder, outside the package, and the package was not written to
    live = layer.live_dir()
    assert live is not None and live.is_relative_to(data_dir)
    assert not data_dir.resolve().is_relative_to(paths.data_root().resolve())
    assert (live / "raw" / "new.txt").read_text(encoding="utf-8") == PLAIN
    assert bundled() == package
    code, out = cli("list")
    assert "加入       demo       new.txt  [plain, utf-8]  演示规则" in out and "随附       rise" in out


def test_a_document_added_to_a_bundled_game_is_linked_with_it(tmp_path: Path) -> None:
    code, out = cli("add", str(doc(tmp_path, "900.1 新规则，参见规则820.1。\n")), "--game", "riftbound")
    assert code == 0, out
    c = read_corpus()
    assert c.get("riftbound", "900.1").refs[0].resolved  # 820.1 is in the bundled Riftbound page
    assert "900.1" in c.get("riftbound", "820.1").cited_by
    assert c.get("riftbound", "820.1").source.file == "001_c404060e52f8fb3e.txt"  # each rule keeps its own file
    assert c.get("riftbound", "900.1").source.file == "new.txt"
    code, out = cli("remove", "new.txt")
    assert code == 0, out
    c = read_corpus()
    assert c.get("riftbound", "900.1") is None and "900.1" not in c.get("riftbound", "820.1").cited_by


@pytest.mark.parametrize("args, words", [
    (["--game", "demo"], "没有游戏“demo”；已有的游戏：rise、sanguo、riftbound。要开始一个新游戏，请用 --new-game demo"),
    (["--new-game", "rise"], "游戏“rise”已经存在；要给它加入文件，请用 --game rise"),
    ([], "请给出 --game 编号"),
    (["--game", "rise", "--new-game", "x"], "请给出 --game 编号"),
    (["--new-game", "Bad Game"], "无效的游戏编号"),
    (["--new-game", "demo\n"], "无效的游戏编号“demo\\n”"),
    (["--new-game", "sources"], "这个名称是保留的"),
    (["--new-game", "glossary"], "这个名称是保留的"),
    (["--new-game", "cards"], "这个名称是保留的"),
    (["--new-game", "con"], "这个名称是保留的"),
    (["--new-game", "a" * 33], "无效的游戏编号"),
    (["--new-game", "x\x1b[2J"], "无效的游戏编号"),
    (["--new-game", "demo", "--format", "nope"], "可用的格式"),
    (["--new-game", "demo", "--encoding", "rot13"], "未知或不支持的编码“rot13”"),
    (["--new-game", "demo", "--title", "a\udcffb"], "不是 UTF-8 文本的字节（0xff）"),
    (["--new-game", "demo", "--title", "two\nlines"], "控制字符 U+000A"),
    (["--new-game", "demo", "--title", "x" * 201], "1 至 200 个字符"),
])
def test_bad_arguments_are_refused_and_nothing_is_written(tmp_path: Path, data_dir: Path, args: list[str], words: str) -> None:
    before = bundled()
    code, out = cli("add", str(doc(tmp_path)), *args)
    assert code == 2 and words in out, out
    assert tree(data_dir) == {} and bundled() == before


def test_a_failed_add_leaves_the_corpus_byte_identical(tmp_path: Path, data_dir: Path) -> None:
    assert cli("add", str(doc(tmp_path)), "--new-game", "demo")[0] == 0
    before = tree(data_dir)
    for text, name, words in [("820.1 第一条。\n820.2 第二条。\n820.1 又一个。\n", "clash.txt",
                               "clash.txt：规则 820.1 出现了两次（第 1 行和第 3 行）"),
                              ("no rule numbers here\n", "empty.txt", "没有读出任何规则"),
                              (PLAIN, "new.txt", "你加入的文件中已有同名的文件"),
                              (PLAIN, "000_85166b5fbc181240.txt", "随附的语料库中已有同名的文件")]:
        code, out = cli("add", str(doc(tmp_path, text, name)), "--game", "riftbound")
        assert code == 2 and words in out, out
        assert tree(data_dir) == before


def test_a_file_name_that_is_not_utf8_is_refused(tmp_path: Path, data_dir: Path) -> None:
    p = tmp_path / "bad\udcff.txt"  # the byte 0xff in a file name, as Python sees it
    p.write_text(PLAIN, encoding="utf-8")
    with pytest.raises(SourceError, match="不是 UTF-8 文本"):
        userdata.add(p, new_game="demo")
    assert tree(data_dir) == {}


@pytest.mark.parametrize("name, encoding, text", [
    ("utf8_bom.txt", "utf-8-sig", "这是第一条规则，参见规则100.2。"),
    ("gb18030.txt", "gb18030", "这是第一条规则，参见规则100.2。"),
    ("big5.txt", "big5", "這是第一條規則，參見規則100.2。"),
    ("crlf.txt", "utf-8", "这是第一条规则，参见规则100.2。"),
])
def test_documents_in_chinese_encodings_are_read_whole(name: str, encoding: str, text: str) -> None:
    userdata.add(DOCS / name, new_game="demo")
    c = read_corpus()
    assert [r.id for r in c.all_rules("demo")] == ["100", "100.1", "100.2"]  # the BOM does not eat the first rule
    assert c.get("demo", "100.1").text == text
    assert userdata.documents()[-1].encoding == encoding


def test_encoding_can_be_named(tmp_path: Path) -> None:
    # GBK bytes that are also valid Big5 would be guessed; --encoding settles it
    p = tmp_path / "gbk.txt"
    p.write_bytes("100.1 规则。\n".encode("gbk"))
    userdata.add(p, new_game="demo", encoding="GBK")
    assert read_corpus().get("demo", "100.1").text == "规则。"
    with pytest.raises(DataError, match=r"不是有效的 big5 文本：第 2 行该行第 1 个字节（0xff）"):
        q = tmp_path / "q.txt"
        q.write_bytes("100.1 规则。\n".encode("gb18030") + b"\xff")
        userdata.add(q, new_game="other", encoding="big5")


def test_an_undecodable_document_names_its_first_bad_byte(data_dir: Path) -> None:
    code, out = cli("add", str(DOCS / "undecodable.txt"), "--new-game", "demo")
    assert code == 2 and "第 3 行该行第 7 个字节（0xff）" in out and "--encoding" in out
    code, out = cli("add", str(DOCS / "control_characters.txt"), "--new-game", "demo")
    assert code == 2 and "第 2 行第 9 列：控制字符 U+001B" in out
    assert tree(data_dir) == {}


def test_a_document_too_large_is_refused(tmp_path: Path, data_dir: Path) -> None:
    from judge.corpus.build import MAX_DOCUMENT_BYTES

    p = tmp_path / "big.txt"
    p.write_bytes(b"100.1 x\n" * (MAX_DOCUMENT_BYTES // 8 + 1))
    code, out = cli("add", str(p), "--new-game", "demo")
    assert code == 2 and "超过 8,388,608 字节" in out
    assert tree(data_dir) == {}


def test_remove_refuses_bundled_and_unknown_documents(tmp_path: Path) -> None:
    code, out = cli("remove", "new.txt")
    assert code == 2 and "没有你加入的文件可以移除" in out
    userdata.add(doc(tmp_path), new_game="demo")
    code, out = cli("remove", "000_85166b5fbc181240.txt")
    assert code == 2 and "是随附的文件" in out
    code, out = cli("remove", "nope.txt")
    assert code == 2 and "你加入的文件：new.txt" in out
    code, out = cli("remove", "new.txt")
    assert code == 0 and read_corpus().games == ["rise", "sanguo", "riftbound"]


def test_corpus_build_reparses_the_added_documents_only(tmp_path: Path, data_dir: Path) -> None:
    code, out = cli("build")
    assert code == 0 and "你没有加入任何文件" in out
    userdata.add(doc(tmp_path), new_game="demo")
    before = {k: v for k, v in tree(data_dir).items() if k.endswith("demo.yaml")}
    code, out = cli("build")
    assert code == 0 and "demo：3 条规则" in out
    after = {k: v for k, v in tree(data_dir).items() if k.endswith("demo.yaml")}
    assert sorted(before.values()) == sorted(set(after.values()))  # the same bytes again (a new generation)


def test_leftovers_of_an_interrupted_run_are_removed_and_reported(tmp_path: Path, data_dir: Path) -> None:
    userdata.add(doc(tmp_path), new_game="demo")
    corpus = data_dir / "corpus"
    (corpus / "g-0123456789ab" / "raw").mkdir(parents=True)  # what a run killed while writing leaves
    (corpus / ".current.abc.tmp").write_text("g-0123456789ab", encoding="utf-8")
    code, out = cli("list")
    assert code == 0 and "g-0123456789ab" in out and ".current.abc.tmp" in out
    assert not (corpus / "g-0123456789ab").exists() and not (corpus / ".current.abc.tmp").exists()
    assert "demo" in read_corpus().games


def test_a_damaged_pointer_is_an_error_with_a_way_out(data_dir: Path) -> None:
    (data_dir / "corpus").mkdir(parents=True)
    (data_dir / "corpus" / "current").write_bytes(b"\xff\xfe garbage")
    code, out = cli("list")
    assert code == 2 and "已损坏" in out and "请把这个文件夹移走" in out


def test_an_upgrade_of_the_bundled_corpus_reparses_the_added_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an upgrade changes a bundled game's documents, the user's copy of that game is parsed again with them."""
    import shutil

    bundled = tmp_path / "pkg" / "rules_corpus"
    shutil.copytree(REPO / "rules_corpus", bundled)
    monkeypatch.setattr(paths, "corpus_dir", lambda: bundled)
    userdata.add(doc(tmp_path, "900.1 新规则，参见规则820.1和规则820.9。\n"), game="riftbound")
    assert read_corpus().get("riftbound", "820.9") is None and not read_corpus().get("riftbound", "900.1").refs[1].resolved
    # the "new version": the Riftbound page gains rule 820.9 and the bundled corpus is rebuilt from it
    raw = bundled / "raw" / "001_c404060e52f8fb3e.txt"
    raw.write_text(raw.read_text(encoding="utf-8") + "\n820.9\n所属：回响\n新增的条目。\n", encoding="utf-8")
    from judge.corpus import build

    build.build(root=bundled)
    c = read_corpus()
    assert c.get("riftbound", "820.9").text == "新增的条目。" and c.get("riftbound", "900.1").refs[1].resolved
    assert c.get("riftbound", "900.1").source.file == "new.txt"  # the added document is still there
