"""Reports read as rulings: a verdict at the top, every card with its printed text, plays and expectations as
sentences (never the file's keys or JSON), the rules named by their document, a stopped run's legal options and
the rule behind them; `judge report` takes bundled names, never overwrites its input and writes atomically."""

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable

import pytest
import yaml
from builder import yaml_text

from judge.games import load_game
from judge.scenario.loader import load_file
from judge.report.words import Words
from click.testing import CliRunner
from markupsafe import escape

from judge.cli import cli
from judge.report.files import write_atomic

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").rglob("*.yaml"))
SOURCES = yaml.safe_load((REPO / "rules_corpus" / "sources.yaml").read_text(encoding="utf-8"))
# the keys a scenario file is written in (FORMAT.md): actions, choices, expectations and card fields
FILE_KEYS = {
    "play", "use", "resolve", "resolve_all", "pass", "draw", "end_turn", "attack", "combat_damage", "end_combat",
    "check", "by", "for", "slot", "target", "count", "distribute", "mode", "x", "alt_cost", "cost_card", "pay", "may",
    "order", "discard", "new_target", "unique", "replacement", "loop", "timestamps", "card", "zone", "damage",
    "exhausted", "face_down", "controller", "attached_to", "counters", "granted", "player", "hand", "resources",
    "deck", "units", "chain", "priority", "link", "outcome", "outcomes", "cites", "not_cites", "step", "no_step",
    "result", "explain", "resolved", "interrupted", "removed", "true", "false", "null", "none",
}


class VisibleText(HTMLParser):
    """The text a reader sees in a fragment, without the scenario author's notes (the file's own prose)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._skip or ("class", "muted") in attrs and tag == "div":
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def section(html: str, start: str, end: str) -> str:
    """The page between the element with id ``start`` and the one with id ``end``."""
    a = html.index(f'id="{start}"')
    return html[html.index(">", a) + 1:html.index(f'id="{end}"')]


def run_cli(*args: str):
    return CliRunner().invoke(cli, list(args))


def render(path: Path | str, out: Path, *extra: str) -> str:
    res = run_cli("report", str(path), "-o", str(out), *extra)
    assert res.exit_code == 0, res.output
    return out.read_text(encoding="utf-8")


def document_title(game: str) -> str:
    return next(d["title"] for d in SOURCES["documents"] if d["game"] == game)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_card_is_on_the_board_with_its_printed_text(path: Path, html_report: Callable[[Path], str]) -> None:
    html = html_report(path)
    board = section(html, "before", "plays")
    data = load_file(path).data  # with the printed texts a card takes from its card library
    for cid, card in data["cards"].items():
        name = card["name"]["zh"] if isinstance(card["name"], dict) else card["name"]
        assert f'id="c-{cid}"' in board, cid
        entry = board[board.index(f'id="c-{cid}"'):]
        entry = entry[:entry.index("</li>")]
        assert str(escape(name)) in entry
        game = load_game(data["game"])
        if card.get("text"):
            assert str(escape(card["text"].strip())) in entry, cid
        else:  # said, not left blank (in the game's script: 无/無)
            assert Words.for_game("zh", data["game"])("no_text") in entry
        for stat in ("power", "health", "cost"):  # in the game's own words (崛起: 战斗力 生命值 费用)
            if isinstance(card.get(stat), int):
                assert f"{game.word(stat, 'zh')} {card[stat]}" in entry, (cid, stat)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_no_raw_keys_or_json_where_the_report_speaks(path: Path, html_report: Callable[[Path], str]) -> None:
    html = html_report(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    ids = set(data["cards"]) | {p["id"] for p in data["players"]}
    for start, end in (("verdict", "source"), ("before", "steps"), ("after", "rules")):
        text = VisibleText(section(html, start, end)).text
        assert not re.search(r'[{}]|\["|"\s*:|\w+:\s', text), (start, text[:300])
        words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_#]*", text))
        assert not words & (FILE_KEYS | ids), (start, words & (FILE_KEYS | ids))


def _t2(text: str) -> str:
    """Simplified report words as a Traditional-script game's report writes them."""
    from judge.report.words import _traditional

    return _traditional(text)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_verdict_comes_first_and_says_how_the_run_agrees(path: Path, html_report: Callable[[Path], str]) -> None:
    html = html_report(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    body = html[html.index("<body>"):]
    first_h2 = re.search(r"<h2[^>]*>(.*?)</h2>", body)
    zh = Words.for_game("zh", data["game"])  # the game's own script (崛起: 简体)
    t2 = (lambda s: s) if zh.script == "hans" else _t2
    assert first_h2 and first_h2.group(1) == zh("verdict")
    verdict = VisibleText(section(html, "verdict", "source")).text
    paragraphs = re.findall(r"<p[^>]*>(.*?)</p>", section(html, "verdict", "source"), re.S)
    assert len(paragraphs) >= 2 and verdict.count("。") >= 2  # two or three sentences
    assert t2("结论：") in verdict
    # the outcome sentence counts the file's own expectations, those of `check` actions included (every bundled
    # scenario passes)
    checks = [a["check"] for a in data["actions"] if isinstance(a, dict) and "check" in a]
    n = len(data["expect"]) + sum(len(c) if isinstance(c, list) else 1 for c in checks)
    assert t2(f"运行结果与场景的 {n} 项预期全部相符") in verdict
    if data["source"]["kind"] == "example":
        assert t2(f"与规则 {data['source']['rule']} 的示例所述一致") in verdict
        assert f'href="#r-{data["source"]["rule"]}"' in section(html, "verdict", "source")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_rules_are_named_by_their_document_title_and_line(path: Path, html_report: Callable[[Path], str]) -> None:
    html = html_report(path)
    rules = html[html.index('id="decisive"') if 'id="decisive"' in html else html.index('id="rules"'):]
    blocks = re.findall(r'<section class="rule" id="r-[^"]+">(.*?)</section>', rules, re.S)  # beside the verdict, then the rest
    game = yaml.safe_load(path.read_text(encoding="utf-8"))["game"]
    zh = Words.for_game("zh", game)  # the report speaks its game's script
    title = zh.script_text(document_title(game))  # in the report's script: 三国 TCG 综合规则 → 三國 TCG 綜合規則
    said = zh("source_line", title=title, line="").split(title)[0]  # 出处：/出處：
    # a report lists the rules its steps cite (none when every step rests on a rule outside its game's corpus)
    assert (blocks or 'class="cite"' not in html) and all(f"{said}{escape(title)}，第 " in b for b in blocks
                                                          if zh("rule_missing") not in b)
    assert not re.search(r"来源：\d{3}_[0-9a-f]+\.txt:\d+", html)  # the old file:line naming


def test_the_verdict_names_what_happened_with_its_steps(tmp_path: Path) -> None:
    # 708.1a's example: "连续让过优先权之后，窥视者奥萨罗的效果会先解析，将逝者阿尔贝托置入星系漩涡 …
    # 所以阿尔贝托的支付式效果被游戏打断" — both facts belong in the verdict, with 708.1a among its rules
    html = render("rise/708_1a_your_turn", tmp_path / "r.html")
    verdict = VisibleText(section(html, "verdict", "source")).text
    assert "逝者阿尔贝托从部队栏移至星系漩涡" in verdict
    assert "响应链上来自逝者阿尔贝托的连结被打断" in verdict
    rules = verdict[verdict.index("决定性的规则："):]
    assert rules.index("708.1a") < rules.index("709.2a")
    move = re.search(r"移至星系漩涡<a href=\"#step-(\d+)\">", html)
    assert move and "逝者阿尔贝托从救助基地置入星系漩涡" in re.search(
        rf'<li id="step-{move.group(1)}">(.*?)</li>', html, re.S).group(1)


def test_a_report_in_english(tmp_path: Path) -> None:
    html = render(REPO / "scenarios/rise/708_1a_your_turn.yaml", tmp_path / "r.html", "--lang", "en")
    assert '<html lang="en">' in html and "<h2>Ruling</h2>" in html
    verdict = VisibleText(section(html, "verdict", "source")).text
    # the names the file gives in English and the game's English zone names (judge/games/rise.yaml)
    assert "Alberto the Departed moves from unit zone to galactic vortex" in verdict
    assert "Decisive rules: 708.1a" in verdict
    plays = VisibleText(section(html, "plays", "steps")).text
    assert "Destroying Strike is played by you, targeting Osaro the Watcher" in plays
    expectations = VisibleText(section(html, "expectations", "rules")).text
    assert "Alberto the Departed is in galactic vortex" in expectations
    # everything the report itself says is English: only the file's Chinese notes and the rules' text are not
    assert not re.search(r"[\u4e00-\u9fff]", VisibleText(section(html, "verdict", "source")).text.split("Decisive")[0])


def test_a_stopped_run_lists_the_legal_options_and_the_rule_that_gives_the_choice(tmp_path: Path) -> None:
    data = yaml.safe_load((REPO / "tests/data/inline/rise/708_1a_your_turn.yaml").read_text(encoding="utf-8"))
    data["choices"] = [c for c in data["choices"] if "target" not in c]  # nobody says what 毁灭打击 targets
    src = tmp_path / "open.yaml"
    src.write_text(yaml_text(data), encoding="utf-8")
    html = render(src, tmp_path / "r.html")
    assert 'id="status">停在未作答的选择' in html
    open_part = section(html, "open-choice", "source")
    # 毁灭打击: 摧毁目标单位 — both units on the field are legal targets; 707.1d: "你可依任意顺序来选择全部的目标"
    options = re.findall(r"<li>(.*?)</li>", open_part)
    assert sorted(options) == sorted(["指定逝者阿尔贝托为目标", "指定窥视者奥萨罗为目标"])
    assert "你须就毁灭打击为其选择目标" in open_part
    assert re.search(r'规则 .*<a href="#r-707\.1d">707\.1d</a>.* 给予你这个选择', open_part)
    assert 'id="r-707.1d"' in html  # the cited rule's text is on the page
    verdict = VisibleText(section(html, "verdict", "open-choice")).text
    assert "运行停在你须就毁灭打击为其选择目标" in verdict


def test_report_takes_a_bundled_scenario_name(tmp_path: Path) -> None:
    from judge import paths

    by_name = render("rise/708_1a_your_turn", tmp_path / "a.html")
    # the bundled file the name stands for: in the checkout, or inside the installed package (CI installs it)
    by_path = render(paths.scenarios_dir() / "rise/708_1a_your_turn.yaml", tmp_path / "b.html")
    assert by_name == by_path
    res = run_cli("report", "rise/no_such_scenario", "-o", str(tmp_path / "c.html"))
    assert res.exit_code == 2 and "no_such_scenario" in res.output and not (tmp_path / "c.html").exists()


@pytest.mark.parametrize("spelling", ["same", "dotted", "symlink"])
def test_a_report_refuses_to_overwrite_its_own_input(tmp_path: Path, spelling: str, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "x.yaml"
    shutil.copy(REPO / "tests/data/inline/rise/709_2b_example.yaml", src)
    before = src.read_bytes()
    monkeypatch.chdir(tmp_path)
    out = {"same": "x.yaml", "dotted": "./sub/../x.yaml", "symlink": "link.yaml"}[spelling]
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.yaml").symlink_to(src)
    res = run_cli("report", "x.yaml", "-o", out)
    assert res.exit_code == 2 and "输入文件" in res.output
    assert src.read_bytes() == before


def test_reports_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "r.html"
    out.write_text("the previous report", encoding="utf-8")
    real_replace = os.replace

    def killed(*args: object) -> None:
        raise OSError(28, "No space left on device")  # the rename never happens

    monkeypatch.setattr(os, "replace", killed)
    res = run_cli("report", str(REPO / "scenarios/rise/709_2b_example.yaml"), "-o", str(out))
    assert res.exit_code == 2
    assert out.read_text(encoding="utf-8") == "the previous report"  # untouched, not truncated
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]  # no temporary file left behind
    monkeypatch.setattr(os, "replace", real_replace)
    write_atomic(out, "new")
    assert out.read_text(encoding="utf-8") == "new"
    umask = os.umask(0o022)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # a normal file's mode, not mkstemp's 0600


# 崛起's words for the concepts a report names (its rules: 响应链 707, 连结, 触发式效果 708, 异能, 消耗/就绪, 救助基地
# 711.1, 损伤 717, 死循环 803, 解析 709 …), in both scripts, and the Three-Kingdoms game's (堆疊 407, 被動技能/主動技能
# 401–403, 橫置/豎置, 墳場 412.1, 傷害 is shared, 結算 411, 主將, 錦囊 …): each game's report uses only its own.
RISE_TERMS = ["响应链", "響應鏈", "连结", "連結", "触发式效果", "觸發式效果", "异能", "異能", "消耗", "就绪", "就緒",
              "救助基地", "损伤", "損傷", "死循环", "死循環", "单位", "單位", "指挥官", "指揮官", "卡组", "卡組", "抓牌",
              "结附", "結附", "修复", "修復", "替代物", "解析"]
SANGUO_TERMS = ["堆疊", "堆叠", "墳場", "坟场", "橫置", "横置", "豎置", "竖置", "主將", "主将", "錦囊", "锦囊", "戰力",
                "被動技能", "被动技能", "主動技能", "主动技能", "摸牌", "牌庫", "牌库", "結算", "结算", "雙方", "双方",
                "已觸發的技能", "已触发的技能"]
# words of 崛起 or the Three-Kingdoms game that Riftbound's own documents use too (206, 820; the Vendetta FAQ: 連結指示
# for linked instructions in -34, 主動技能 for activated abilities)
RIFTBOUND_OWN = ["单位", "單位", "结算", "結算", "牌库", "牌庫", "戰力", "连结", "連結", "主动技能", "主動技能"]
RISE_TERMS_EN = ["response chain", "exhausted", "salvage base", "triggered effect", "link"]
SANGUO_TERMS_EN = ["stack", "tapped", "graveyard", "troop", "triggered abilit", "object"]


def _simplified_only() -> set[str]:
    """Characters that are Simplified forms (OpenCC s2tw changes them) among everything of ours a report could
    leak unconverted — the phrases of words.yaml, 崛起's words and phrases, the documents' titles — and that the
    Three-Kingdoms data itself never writes."""
    import opencc

    from judge.report.words import table

    conv = opencc.OpenCC("s2tw")
    ours = [v["zh"] for v in table().values()]
    rise = load_game("rise")
    ours += [v["zh"] for group in (rise.words, rise.phrases, rise.zones, rise.types) for v in group.values()]
    ours += [d["title"] for d in SOURCES["documents"]]
    sanguo = load_game("sanguo")
    theirs = "".join(v["zh"] for group in (sanguo.words, sanguo.phrases, sanguo.zones, sanguo.types) for v in group.values())
    return {c for text in ours for c in text if "\u4e00" <= c <= "\u9fff" and conv.convert(c) != c and c not in theirs}


def what_the_report_says(html: str) -> str:
    """The visible text a report writes itself: without the cited rules' text (the document's own words, in its own
    script) and without the scenario author's notes."""
    html = re.sub(r'<section class="rule".*?</section>', "", html, flags=re.S)
    html = re.sub(r'<blockquote.*?</blockquote>', "", html, flags=re.S)
    html = html[html.index("<body>"):]
    return VisibleText(html).text


def authors_words(data: object) -> set[str]:
    """Every title and note the scenario's author wrote (shown as written, in whatever words the author chose)."""
    if isinstance(data, dict):
        own = {str(v) for k, v in data.items() if k in ("title", "title_en", "notes", "note") and isinstance(v, str)}
        return own.union(*(authors_words(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(authors_words(v) for v in data))
    return set()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_report_speaks_its_own_games_words_in_its_script(path: Path, html_report: Callable[[Path], str]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    game = data["game"]
    text = what_the_report_says(html_report(path))
    for written in sorted(authors_words(data), key=len, reverse=True):  # the title and notes are the judge's own words
        text = text.replace(written, "")
    others = {"rise": SANGUO_TERMS, "sanguo": RISE_TERMS,
              "riftbound": [w for w in RISE_TERMS + SANGUO_TERMS if w not in RIFTBOUND_OWN]}[game]
    assert [t for t in others if t in text] == []
    if load_game(game).raw.get("script") == "hant":
        bad = sorted({c for c in text if c in SIMPLIFIED_ONLY})
        assert bad == [], [text[max(0, text.index(c) - 20):text.index(c) + 5] for c in bad]
        # the verdict, the board, the plays and the expectations in the game's own words
        assert "堆疊" in text and "結算" in text


SIMPLIFIED_ONLY = _simplified_only()


def test_the_simplified_list_is_a_real_list() -> None:
    # 响 应 链 of 响应链, 张 of 张, 规 则 of 规则: what an unconverted 崛起 phrase would show
    assert {"响", "应", "链", "张", "规", "则", "过"} <= SIMPLIFIED_ONLY
    assert not {"堆", "疊", "墳", "場", "戰"} & SIMPLIFIED_ONLY


@pytest.mark.parametrize("game", ["rise", "sanguo"])
def test_an_english_report_uses_the_games_english_terms(game: str, tmp_path: Path) -> None:
    paths = [p for p in SCENARIOS if p.parent.name == game]
    for path in paths[:6]:
        text = what_the_report_says(render(path, tmp_path / f"{path.stem}.html", "--lang", "en"))
        others = {"rise": SANGUO_TERMS_EN, "sanguo": RISE_TERMS_EN}[game]
        assert [t for t in others if re.search(rf"\b{t}", text)] == [], path.stem
    own = {"rise": "the response chain is empty", "sanguo": "the stack is empty"}[game]
    assert own in text


def test_a_stopped_sanguo_run_names_its_choice_in_sanguos_words(tmp_path: Path) -> None:
    # 409.3: 主動玩家先依其選擇的順序放入 — two 祭壇 triggers of one player and nobody says their order: the run stops
    # and the report asks it in the game's words, citing 409.3 as the rule that gives the choice
    data = yaml.safe_load((REPO / "tests/data/inline/sanguo/409_6_example.yaml").read_text(encoding="utf-8"))
    data["choices"] = [c for c in data["choices"] if "order" not in c]
    src = tmp_path / "open.yaml"
    src.write_text(yaml_text(data), encoding="utf-8")
    html = render(src, tmp_path / "r.html")
    assert 'id="status">停在未作答的選擇' in html
    open_part = VisibleText(section(html, "open-choice", "source")).text
    assert "須決定其已觸發的技能進入堆疊的順序" in open_part and "409.3" in open_part
    text = what_the_report_says(html)
    assert [t for t in RISE_TERMS if t in text] == [] and not {c for c in text if c in SIMPLIFIED_ONLY}
