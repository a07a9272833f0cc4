"""The judge's own glossary (``glossary.yaml`` in their data folder, as `judge define` reads it) on the site's glossary
page, beside the bundled one and marked as theirs: a word added to a bundled concept is marked, the bundled words
are not; a concept of their own is marked as a whole, links its rules and is found by the offline search; a damaged
file stops the build naming the file and where, before anything is written."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from added_data import data_dir, judge  # noqa: F401  (data_dir: the fixture every test here uses)

pytestmark = pytest.mark.usefixtures("data_dir")

# 栈区 (a word some judges use for the stack) added to the bundled concept of the chain (response-chain: 响应链,
# 堆疊, 结算链 …, aliases 连锁, 堆叠区); 我的词 a concept of the judge's own, defined by 崛起 709.2b
MINE = """concepts:
  - id: response-chain
    aliases: [栈区]
  - id: my-word
    en: [my word]
    terms:
      rise: [我的词]
    rules:
      rise: ["709.2b"]
"""
MARK = '<span class="yours">'


def build(tmp_path: Path, *args: str) -> tuple[int, str, Path]:
    scenarios = tmp_path / "no-scenarios"
    scenarios.mkdir(exist_ok=True)
    out = tmp_path / "site"
    code, output = judge("site", str(out), "--scenarios", str(scenarios), *args)
    return code, output, out


def concept(page: str, cid: str) -> str:
    start = page.index(f'id="g-{cid}"')
    return page[start: page.index("</section>", start)]


def test_the_judges_words_are_shown_and_marked_as_theirs(data_dir: Path, tmp_path: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "glossary.yaml").write_text(MINE, encoding="utf-8")
    code, out, site = build(tmp_path)
    assert code == 0, out
    page = (site / "glossary.html").read_text(encoding="utf-8")
    assert "标有“你添加的”的概念与字词来自你的数据文件夹中的术语表（glossary.yaml）" in page
    chain = concept(page, "response-chain")
    assert "俗称：连锁、堆叠区、堆栈、连锁区、栈区" in unescape(re.sub(r"<[^>]+>", "", chain)).replace(" 你添加的", "")
    assert f"栈区 {MARK}" in chain and chain.count(MARK) == 1  # the bundled 响应链, 连锁, 堆叠区 … are not marked
    own = concept(page, "my-word")
    assert own.count(MARK) == 1 and own.index(MARK) < own.index("</h3>")  # the whole concept, once, at its head
    assert "我的词" in own and "my word" in own
    assert '<a href="rise/709.html#r-709.2b">' in own  # its rule, linked into the site
    script = (site / "search-index.js").read_text(encoding="utf-8")
    index = json.loads(script[len("window.JUDGE_SEARCH = "):-2])
    # the page's search knows the judge's words as `judge search` does: as spellings of their concepts
    keys = dict(index["engine"]["glossary"]["keys"])
    assert keys["我的词"] == "my-word" and keys["栈区"] == "response-chain"
    concepts = {c[0]: c for c in index["engine"]["glossary"]["concepts"]}
    assert concepts["my-word"][4] == {"rise": ["709.2b"]}
    # the bundled concepts are all still there, each with its card for the hits
    assert page.count('<section class="rule') == len(index["glossary"]) == len(concepts)


def test_in_english_the_mark_reads_yours(data_dir: Path, tmp_path: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "glossary.yaml").write_text(MINE, encoding="utf-8")
    code, out, site = build(tmp_path, "--lang", "en")
    assert code == 0, out
    page = (site / "glossary.html").read_text(encoding="utf-8")
    assert f"{MARK}yours</span>" in concept(page, "response-chain")
    assert "Concepts and words marked “yours” come from the glossary in your data folder" in page


def test_without_a_glossary_of_their_own_nothing_is_marked(tmp_path: Path) -> None:
    code, out, site = build(tmp_path)
    assert code == 0, out
    page = (site / "glossary.html").read_text(encoding="utf-8")
    assert MARK not in page and "你添加的" not in page and 'id="g-my-word"' not in page


def test_a_damaged_glossary_of_their_own_stops_the_build_naming_it(data_dir: Path, tmp_path: Path) -> None:
    data_dir.mkdir(parents=True)
    user = data_dir / "glossary.yaml"
    user.write_text("concepts: [\n", encoding="utf-8")
    code, out, site = build(tmp_path)
    assert code == 2 and f"{user}:2:1" in out, out  # where the YAML breaks
    assert not site.exists()  # nothing written
    user.write_text("concepts:\n  - id: mine\n    aliases: [响应链]\n", encoding="utf-8")  # 响应链 is the chain's
    code, out, site = build(tmp_path)
    assert code == 2 and str(user) in out and "响应链" in out, out
    assert not site.exists()
