"""The ``search``, ``define`` and ``index`` commands through click's CliRunner, and start-up imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from judge.cli import cli
from search_fixtures import cache, corpus_root  # noqa: F401  (pytest fixtures)

REPO = Path(__file__).resolve().parents[1]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_search_text_output(corpus_root: Path) -> None:
    code, out, _ = run("search", "死循环", "--corpus", str(corpus_root))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("rise 803  死循环  (")
    assert "⟦死循环⟧" in out  # not a terminal: the plain marks, no ANSI codes
    assert "\x1b[" not in out


def test_search_json_shape(corpus_root: Path) -> None:
    code, out, _ = run("search", "替代性效果", "--json", "--corpus", str(corpus_root))
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, list) and data
    for item in data:
        assert set(item) == {"game", "id", "title", "score", "snippet", "kind"}
        assert item["kind"] == "rule"  # the fixture corpus has no FAQ
        assert isinstance(item["score"], float)
    assert data[0]["game"] == "sanguo" and data[0]["id"] == "417.1a"
    assert "⟦替代性效果⟧" in data[0]["snippet"]


def test_search_words_joined_and_game_option(corpus_root: Path) -> None:
    code, out, _ = run("search", "堆疊", "--game", "rise", "-n", "1", "--json", "--corpus", str(corpus_root))
    assert code == 0
    assert [(d["game"], d["id"]) for d in json.loads(out)] == [("rise", "707.1")]


def test_search_fallback_is_announced(corpus_root: Path) -> None:
    code, out, err = run("search", "损伤包", "死循环", "--corpus", str(corpus_root))
    assert code == 0
    assert "说明：没有条目同时包含“损伤包 + 死循环”；下面按共有的词多少排列" in out
    code, out, err = run("search", "损伤包", "死循环", "--json", "--corpus", str(corpus_root))
    assert code == 0 and "说明：没有条目同时包含“损伤包 + 死循环”；下面按共有的词多少排列" in err
    assert json.loads(out)


def test_search_unknown_game_exits_2(corpus_root: Path) -> None:
    code, out, err = run("search", "效果", "--game", "mtg", "--corpus", str(corpus_root))
    assert code == 2
    assert "没有名为“mtg”的游戏" in err and "崛起（rise）" in err and out == ""


def test_search_no_result_exits_1(corpus_root: Path) -> None:
    code, out, err = run("search", "巧克力", "--corpus", str(corpus_root))
    assert code == 1 and out == ""
    assert "没有规则或 FAQ 条目匹配“巧克力”" in err


def test_search_empty_query_exits_2(corpus_root: Path) -> None:
    code, _, err = run("search", "。", "--corpus", str(corpus_root))
    assert code == 2 and "“。”中没有可搜索的内容" in err


def test_search_empty_corpus_exits_2(tmp_path: Path, cache: Path) -> None:
    (tmp_path / "empty").mkdir()
    code, _, err = run("search", "效果", "--corpus", str(tmp_path / "empty"))
    assert code == 2 and "语料库是空的" in err


def test_define_known_term_any_script(corpus_root: Path) -> None:
    code, out, _ = run("define", "堆叠", "--json", "--corpus", str(corpus_root))
    assert code == 0
    data = json.loads(out)
    assert data["id"] == "response-chain"
    assert data["games"]["rise"]["terms"] == ["响应链"]
    assert data["games"]["rise"]["rules"] == [{"id": "707.1", "title": "添加连结"}]
    assert data["games"]["sanguo"]["rules"] == [{"id": "407.1", "title": "時序、優先權和堆疊"}]
    code, out, _ = run("define", "Replacement Effect", "--corpus", str(corpus_root))
    assert code == 0 and out.startswith("replacement-effect（英文：replacement effect）") and "417.1a" in out


def test_define_unknown_term_suggests_nearest(corpus_root: Path) -> None:
    code, out, err = run("define", "响应", "--corpus", str(corpus_root))  # part of 响应链: found
    assert code == 0
    code, out, err = run("define", "巧克力", "--corpus", str(corpus_root))
    assert code == 1 and out == ""
    assert "术语表中没有“巧克力”" in err


def test_define_says_which_concept_and_word_it_matched(corpus_root: Path) -> None:
    code, out, _ = run("define", "替換效果", "--corpus", str(corpus_root))  # an alias, in Traditional
    assert code == 0 and out.startswith("replacement-effect（")
    assert "“替換效果”对应别名“替换效果”" in out
    code, out, _ = run("define", "替代", "--json", "--corpus", str(corpus_root))  # part of a word
    data = json.loads(out)
    assert data["id"] == "replacement-effect"
    assert data["matched"] == {"term": "替代", "word": "替代性影响", "as": "rise word", "exact": False, "others": []}
    code, out, _ = run("--lang", "en", "define", "Replacement Effects", "--corpus", str(corpus_root))  # English plural
    assert code == 0 and "matched 'Replacement Effects' as the English term replacement effect" in out


def test_define_bundled_words_the_issue_names(cache: Path) -> None:
    for term, concept in (("替代效果", "replacement-effect"), ("觸發", "triggered-ability"), ("卡牌", "card")):
        code, out, _ = run("define", term)
        assert code == 0 and out.startswith(f"{concept}（"), (term, out)


def test_index_command_builds_then_reports_up_to_date(corpus_root: Path, cache: Path) -> None:
    code, out, _ = run("index", "--corpus", str(corpus_root))
    assert code == 0 and out.startswith("索引：已建立 ") and str(cache) in out and "（21 条）" in out
    code, out, _ = run("index", "--corpus", str(corpus_root))
    assert code == 0 and "已是最新" in out
    code, out, _ = run("index", "--rebuild", "--corpus", str(corpus_root))
    assert code == 0 and out.startswith("索引：已建立 ")


def test_importing_the_cli_does_not_import_whoosh_or_opencc() -> None:
    code = "import sys, judge.cli; bad = [m for m in sys.modules if m.split('.')[0] in ('whoosh', 'opencc')]; print(bad)"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


def test_terminal_output_uses_bold_instead_of_marks(monkeypatch) -> None:
    from judge.search import commands

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert commands._render_marks("将连结加入⟦响应链⟧时") == "将连结加入\x1b[1m响应链\x1b[0m时"


def test_overlapping_words_are_marked_in_the_query_s_order_whatever_the_hash_seed(corpus_root: Path) -> None:
    # 效果 and 生效 overlap in 产生效果: 效果, typed first, is marked, in every process (no set order decides)
    from judge.search.snippet import find_spans

    assert [n for _, _, n in find_spans("产生效果", ["效果", "生效"])] == ["效果"]
    assert [n for _, _, n in find_spans("产生效果", ["生效", "效果"])] == ["生效"]
    outs = set()
    for seed in ("1", "2", "3", "4", "5"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)}
        outs.add(subprocess.run([sys.executable, "-c", "from judge.cli import main; main()", "search", "来源离场后效果还会生效吗",
                                 "--game", "rise"], capture_output=True, text=True, env=env, check=True).stdout)
    assert len(outs) == 1 and "产生⟦效果⟧" in outs.pop()
