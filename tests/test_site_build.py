"""`judge site`: every page offline, every internal link landing on an existing page and anchor."""

from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import cli
from judge.corpus.store import load_corpus
from judge.faq.model import load_faq
from test_report_html import Page, assert_offline

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    res = CliRunner().invoke(cli, ["site", str(out)])
    assert res.exit_code == 0, res.output
    return out


def pages(site: Path) -> dict[Path, Page]:
    return {p: Page(p.read_text(encoding="utf-8")) for p in sorted(site.rglob("*.html"))}


def test_every_link_resolves_to_an_existing_page_and_anchor(site: Path) -> None:
    parsed = pages(site)
    assert len(parsed) > 20
    for path, page in parsed.items():
        assert_offline(page)
        for link in page.links:
            target, _, frag = link.partition("#")
            dest = (path.parent / unquote(target)).resolve() if target else path.resolve()
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
