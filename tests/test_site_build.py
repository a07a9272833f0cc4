"""`judge site`: every page offline, every internal link landing on an existing page and anchor."""

import json
import re
from pathlib import Path
from urllib.parse import unquote

import yaml
from click.testing import CliRunner
from html_page import Page, assert_offline

from judge.cli import cli
from judge.corpus.store import load_corpus
from judge.faq.model import load_faq

REPO = Path(__file__).resolve().parents[1]


def pages(site: Path) -> dict[Path, Page]:
    return {p: Page(p.read_text(encoding="utf-8")) for p in sorted(site.rglob("*.html"))}


def test_every_link_resolves_to_an_existing_page_and_anchor(site: Path) -> None:
    parsed = pages(site)
    assert len(parsed) > 20
    for path, page in parsed.items():
        assert_offline(page, scripts=path.name == "index.html" and path.parent == site)  # the search: index only
        for link in page.links:
            target, _, frag = link.partition("#")
            dest = (path.parent / unquote(target)).resolve() if target else path.resolve()
            if dest.suffix == ".js":
                assert dest.is_file() and dest.parent == site.resolve(), link
                continue
            assert dest in parsed, f"{path.relative_to(site)} → {link}"
            if frag:
                assert frag in parsed[dest].ids, f"{path.relative_to(site)} → {link}"


def test_a_page_per_section_and_an_anchor_per_rule(site: Path) -> None:
    corpus = load_corpus()
    for game in corpus.games:
        roots = [r.id for r in corpus.all_rules(game) if not r.parent]
        assert sorted(p.stem for p in (site / game).glob("*.html")) == sorted(roots)
        ids = {i for p in (site / game).glob("*.html") for i in Page(p.read_text(encoding="utf-8")).ids}
        assert {f"r-{r.id}" for r in corpus.all_rules(game)} <= ids


def test_rule_block_has_breadcrumbs_refs_cited_by_and_scenarios(site: Path) -> None:
    html = (site / "rise" / "709.html").read_text(encoding="utf-8")
    block = html[html.index('id="r-709.2b"'):]
    block = block[: block.index("</section>")]
    assert '<a href="../rise/709.html#r-709.2">709.2</a>' in block  # breadcrumb
    assert 'href="../reports/rise--709_2b_example.html"' in block  # scenario with its report
    # 708.2 refers to 707 (章节707): an outgoing link there, and a cited-by link back on 707's page
    # the rule's text comes first; its scenarios are folded away
    assert block.index("该玩家必须作出能切实执行该动作的选择") < block.index("<details class=\"scenarios\">")
    assert "出处：崛起 TCG 综合性规则 1.00 版，第 " in block
    b708 = (site / "rise" / "708.html").read_text(encoding="utf-8")
    b708 = b708[b708.index('id="r-708.2"'):]
    assert 'class="ref" href="../rise/707.html#r-707"' in b708[: b708.index("</section>")]
    h707 = (site / "rise" / "707.html").read_text(encoding="utf-8")
    s707 = h707[h707.index('id="r-707"'):]
    assert 'class="cited-by" href="../rise/708.html#r-708.2"' in s707[: s707.index("</section>")]


def test_reports_link_their_citations_into_the_index(site: Path) -> None:
    html = (site / "reports" / "rise--709_2b_example.html").read_text(encoding="utf-8")
    assert 'href="#r-709.2b"' in html  # in-page citation
    assert 'href="../rise/709.html#r-709.2b">规则索引</a>' in html  # the same rule in the index


def test_faq_and_glossary_pages(site: Path) -> None:
    faq = Page((site / "faq.html").read_text(encoding="utf-8"))
    entries = load_faq()
    assert {e.id for e in entries} <= set(faq.ids)
    glossary = Page((site / "glossary.html").read_text(encoding="utf-8"))
    path = REPO / "rules_corpus" / "glossary.yaml"
    concepts = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("concepts", []) if path.is_file() else []
    assert {f"g-{c['id']}" for c in concepts} <= set(glossary.ids)
    assert len([i for i in glossary.ids if i.startswith("g-")]) == len(concepts)


def test_the_site_is_byte_identical_when_built_twice(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert CliRunner().invoke(cli, ["site", str(again)]).exit_code == 0
    first = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_games_by_their_names_and_nothing_leaks(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    # a game with an engine is named by its game data (judge/games/<game>/game.yaml: title); a game without one by
    # its rules document's title (rules_corpus/sources.yaml)
    assert '<h2 id="game-rise">崛起 TCG</h2>' in index
    assert '<h2 id="game-sanguo">三國 TCG</h2>' in index
    assert '<h2 id="game-riftbound">符文战场</h2>' in index
    for page in site.rglob("*.html"):
        text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        assert "None" not in text, page.relative_to(site)
    # the search box comes before the list of games
    assert index.index('id="search-input"') < index.index('id="game-rise"')


def test_the_search_index_is_written_at_build_time(site: Path) -> None:
    script = (site / "search-index.js").read_text(encoding="utf-8")
    assert script.startswith("window.JUDGE_SEARCH = {") and script.endswith("};\n")
    data = json.loads(script[len("window.JUDGE_SEARCH = "):-2])
    corpus = load_corpus()
    docs = data["engine"]["docs"]
    assert sum(1 for d in docs if d["n"] == "rule") == sum(1 for _ in corpus.all_rules())
    assert sum(1 for d in docs if d["n"] == "faq") == len(load_faq())
    # the query-side fold map is OpenCC's t2s for the characters that matter: 時→时, 間→间, 疊→叠
    assert data["fold"]["時"] == "时" and data["fold"]["間"] == "间" and data["fold"]["疊"] == "叠"
    # `judge search`'s own scores: the index's BM25F score of 时间印记's first bigram in 718.1's text
    from judge.search.index import Source
    from judge.search.query import SearchSession

    with SearchSession(Source()) as session:
        doc = next(n for n in range(session._docs) if session._searcher.stored_fields(n)["key"] == "rise:718.1")
        expected = session._postings.term("text", "时间")[doc]
    flat = data["engine"]["fields"]["text"]["时间"]
    assert dict(zip(flat[::2], flat[1::2]))[doc] == expected and docs[doc]["k"] == "rise:718.1"
    # every rule's and entry's link lands on its page and anchor
    for d in docs[:50] + [d for d in docs if d["n"] == "faq"][:5]:
        page, _, frag = d["u"].partition("#")
        assert f'id="{frag}"' in (site / page).read_text(encoding="utf-8")


def test_the_site_in_english(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["site", str(tmp_path), "--lang", "en"])
    assert res.exit_code == 0, res.output
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in index and "<h1>Rule index</h1>" in index
    assert '<h2 id="game-rise">Rise TCG</h2>' in index  # judge/games/rise.yaml: title.en
    assert '"site_search_none":"No rule matches."' in (tmp_path / "search-index.js").read_text(encoding="utf-8")
    assert "<h2>Ruling</h2>" in (tmp_path / "reports" / "rise--709_2b_example.html").read_text(encoding="utf-8")


def test_a_games_own_pages_speak_its_script_and_words(site: Path) -> None:
    # the Three-Kingdoms document is Traditional Chinese: its section pages and its scenario page are too, with its
    # own words for the source line; 崛起's stay Simplified; the overview pages name each game by its name
    section = (site / "sanguo" / "411.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hant">' in section and "出處：三國 TCG 綜合規則" in section and "出处" not in section
    rise = (site / "rise" / "709.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hans">' in rise and "出处：崛起 TCG 综合性规则 1.00 版" in rise
    overview = (site / "scenarios.html").read_text(encoding="utf-8")
    assert '<a href="scenarios-rise.html">崛起 TCG</a>' in overview and '<a href="scenarios-sanguo.html">三國 TCG</a>' in overview
    own = (site / "scenarios-sanguo.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hant">' in own and "<h1>三國 TCG · 場景</h1>" in own and "通過" in own
    assert 'href="reports/sanguo--401_2_example.html"' in own and "rise--" not in own
    # each game's coverage heading names the sections its engine covers (judge/games/<game>/game.yaml: coverage)
    coverage = (site / "coverage.html").read_text(encoding="utf-8")
    assert "<h2>崛起 TCG（第 706–719、802–803 章）：" in coverage and "<h2>三國 TCG（第 400–419、500 章）：" in coverage


def test_a_card_page_says_how_each_printed_text_reads(site: Path) -> None:
    """Each printed text on a card page is followed by how it reads, as `judge card NAME` says it: the templates of
    its clauses (凝气盾's prevention: 本回合防止接下来将对其造成的7点伤害), or the clause no template reads."""
    from html import unescape

    from judge import paths
    from judge.cards.index import key_of
    from judge.cards.reading import reading_of
    from judge.report import site_cards

    index = site_cards.cards(paths.scenarios_dir())
    ki = index.cards[("riftbound", key_of("凝气盾"))]
    assert "prevent_next_turn" in reading_of(ki, ki.printings[0])["templates"]
    unread = 0
    for card in index.of_game(None):
        page = unescape((site / site_cards.card_path(card)).read_text(encoding="utf-8"))
        for p in card.printings:
            r = reading_of(card, p)
            if "templates" in r:
                assert "按印刷文字读作：" + "、".join(r["templates"] or ["—"]) in page, card.zh
            elif r["unread"] and r["unread"]["clause"]:
                unread += 1
                assert f"按印刷文字读不出：子句“{r['unread']['clause']}”" in page, card.zh
            elif r["unread"]:  # nothing to name (an empty text, a text that is all keywords): why, in words
                assert f"按印刷文字读不出：{r['why']}" in page, card.zh
    assert unread > 0  # some quoted texts do not read yet (judge card --unread), and the page says which clause
