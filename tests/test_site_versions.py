"""Versions of one game's rules in `judge rules` and on the site: `judge rules --version` lists a version's rules
(an unknown one refused as `judge rule` refuses it); `judge site` shows the newest by default, says on the game's
pages which version they show, lists under each rule the versions it is in and what each changed (the words marked);
`judge site --version` builds the site of another version.

The two versions are the `editions` fixture's (tests/conftest.py: the generated publisher's document, dated July, and a
copy dated October in which the test changes 002.2.a — 当一名玩家 → 当任意一名玩家 —, removes 003.1 and adds 002.5):
the expectations are those edits."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

from added_data import data_dir, judge, squeeze  # noqa: F401  (data_dir: the fixture every test here uses)
from html_page import Page

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.fixture
def star(editions: dict, tmp_path: Path) -> dict:
    """The game ``star`` with its two versions added, and an empty scenarios folder (a site of rules only)."""
    assert judge("corpus", "add", str(editions["v1"]), "--new-game", "star")[0] == 0
    assert judge("corpus", "add", str(editions["v2"]), "--game", "star")[0] == 0
    (tmp_path / "no-scenarios").mkdir()
    return {**editions, "scenarios": tmp_path / "no-scenarios"}


def site(star: dict, out: Path, *args: str) -> Path:
    code, output = judge("site", str(out), "--scenarios", str(star["scenarios"]), *args)
    assert code == 0, output
    return out


def block(out: Path, game: str, rule_id: str) -> str:
    """The HTML of a rule's block on whichever page of ``game`` holds it ('' when no page does)."""
    for page in sorted((out / game).glob("*.html")):
        html = page.read_text(encoding="utf-8")
        start = html.find(f'id="r-{rule_id}"')
        if start >= 0:
            return html[start: html.index("</section>", start)]
    return ""


def text(html: str) -> str:
    """What a reader sees of ``html``: no tags, entities read."""
    return unescape(re.sub(r"<[^>]+>", "", html))


# --- judge rules --version -------------------------------------------------------------------------------------


def test_rules_lists_the_rules_of_the_version_asked_for(star: dict) -> None:
    code, out = judge("rules", "--game", "star", "--json")
    assert code == 0, out
    newest = {r["id"]: r for r in json.loads(out)}
    assert star["added"] in newest and star["removed"] not in newest
    code, out = judge("rules", "--game", "star", "--version", "2026-07-17", "--json")
    assert code == 0, out
    july = {r["id"]: r for r in json.loads(out)}
    assert star["removed"] in july and star["added"] not in july
    assert squeeze(july[star["changed"]]["text"]) == squeeze(star["old_text"])
    assert squeeze(newest[star["changed"]]["text"]) == squeeze(star["new_text"])
    assert july[star["changed"]]["source"]["file"] == "july.txt"
    # the plain listing: one line per rule, the removed rule's line there
    code, out = judge("rules", "--game", "star", "--version", "July 17, 2026")
    assert code == 0 and len(out.splitlines()) == len(july), out
    assert any(line.split()[1] == star["removed"] for line in out.splitlines())


def test_rules_version_without_game_lists_the_game_that_has_it(star: dict) -> None:
    code, out = judge("rules", "--version", "2026-07-17", "--json")
    assert code == 0, out
    listed = json.loads(out)
    assert {r["game"] for r in listed} == {"star"}  # a version is one game's: as `judge rule --version` looks there
    ids = {r["id"] for r in listed}
    assert star["removed"] in ids and star["added"] not in ids


def test_rules_refuses_an_unknown_version_as_rule_does(star: dict) -> None:
    code, out = judge("rules", "--game", "star", "--version", "2025-01-01")
    assert code == 2 and "没有版本“2025-01-01”" in out and "2026-07-17、2026-10-10" in out, out
    assert (code, out) == judge("rule", "001.1", "--game", "star", "--version", "2025-01-01")
    code, out = judge("rules", "--version", "2025-01-01")
    assert code == 2 and "没有唯一一个游戏有版本“2025-01-01”" in out and "star 2026-07-17" in out, out
    code, out = judge("rules", "--game", "star", "--version", "2025-01-01", "--lang", "en")
    assert code == 2 and "has no version '2025-01-01'" in out and "2026-07-17, 2026-10-10" in out, out


# --- judge site --------------------------------------------------------------------------------------------------


def test_the_site_shows_the_newest_version_and_each_rules_versions(star: dict, tmp_path: Path) -> None:
    out = site(star, tmp_path / "site")
    index = text((out / "index.html").read_text(encoding="utf-8"))
    assert "版本 2026-10-10（最新）" in index and "这个游戏的规则有 2 个版本：2026-07-17、2026-10-10" in index
    # the newest text, with the change the October document made marked as inserted words
    changed = block(out, "star", star["changed"])
    assert "当任意一名玩家" in text(changed) and "所在版本：2026-07-17、2026-10-10（本页）" in text(changed)
    assert "2026-10-10 版改动" in text(changed) and "<ins>任意</ins>" in changed and "<del>" not in changed
    added = block(out, "star", star["added"])
    assert "所在版本：2026-10-10（本页）" in text(added) and "2026-10-10 版新增" in text(added)
    same = block(out, "star", "001.1")  # in both, unchanged
    assert "所在版本：2026-07-17、2026-10-10（本页）" in text(same) and "版改动" not in text(same)
    assert block(out, "star", star["removed"]) == ""  # not in the newest version
    page = next(p for p in (out / "star").glob("*.html") if f'id="r-{star["changed"]}"' in p.read_text(encoding="utf-8"))
    assert "版本 2026-10-10（最新）" in text(page.read_text(encoding="utf-8"))
    # a game of one version says nothing about versions
    assert "所在版本" not in (out / "rise" / "709.html").read_text(encoding="utf-8")


def test_the_site_of_an_older_version(star: dict, tmp_path: Path) -> None:
    out = site(star, tmp_path / "july", "--version", "2026-07-17")
    index = text((out / "index.html").read_text(encoding="utf-8"))
    assert "版本 2026-07-17" in index and "版本 2026-07-17（最新）" not in index
    changed = block(out, "star", star["changed"])
    assert squeeze(star["old_text"]) in squeeze(text(changed))
    assert "所在版本：2026-07-17（本页）、2026-10-10" in text(changed) and "<ins>任意</ins>" in changed
    removed = block(out, "star", star["removed"])
    assert "所在版本：2026-07-17（本页）" in text(removed) and "2026-10-10 版删除" in text(removed)
    assert block(out, "star", star["added"]) == ""
    search = json.loads((out / "search-index.js").read_text(encoding="utf-8")[len("window.JUDGE_SEARCH = "):-2])
    star_ids = {d["i"] for d in search["engine"]["docs"] if d["g"] == "star" and d["n"] == "rule"}
    assert star["removed"] in star_ids and star["added"] not in star_ids
    # every link of the older site lands on a page and an anchor of it
    parsed = {p: Page(p.read_text(encoding="utf-8")) for p in out.rglob("*.html")}
    for path, page in parsed.items():
        for link in page.links:
            target, _, frag = link.partition("#")
            dest = (path.parent / unquote(target)).resolve() if target else path.resolve()
            if dest.suffix != ".js":
                assert dest in parsed and (not frag or frag in parsed[dest].ids), f"{path} → {link}"
    # the game named, and the same bytes when built again
    again = site(star, tmp_path / "again", "--version", "July 17, 2026", "--game", "star")
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == \
           {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}


def test_site_version_errors_are_those_of_rule(star: dict, tmp_path: Path) -> None:
    out = tmp_path / "site"
    code, msg = judge("site", str(out), "--scenarios", str(star["scenarios"]), "--version", "2025-01-01", "--game", "star")
    assert (code, msg) == judge("rule", "001.1", "--game", "star", "--version", "2025-01-01")
    code, msg = judge("site", str(out), "--scenarios", str(star["scenarios"]), "--version", "2025-01-01")
    assert code == 2 and "没有唯一一个游戏有版本“2025-01-01”" in msg, msg
    code, msg = judge("site", str(out), "--scenarios", str(star["scenarios"]), "--game", "star")
    assert code == 2 and "--game 只与 --version 一起使用" in msg, msg
    assert not out.exists()  # nothing written


def test_the_versions_in_english(star: dict, tmp_path: Path) -> None:
    out = site(star, tmp_path / "en", "--lang", "en")
    index = text((out / "index.html").read_text(encoding="utf-8"))
    assert "Version 2026-10-10 (the newest)" in index and "This game's rules have 2 versions: 2026-07-17, 2026-10-10" in index
    changed = text(block(out, "star", star["changed"]))
    assert "In versions: 2026-07-17, 2026-10-10 (this page)" in changed and "Changed in 2026-10-10" in changed
