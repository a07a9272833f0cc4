"""``judge site``: a static, cross-linked HTML site of the corpus, made for a judge's phone.

Layout of OUT_DIR: ``index.html`` (the search box first, then each game by its name with its sections);
``<game>/<section>.html`` (a page per top-level rule, an anchor ``r-<id>`` per rule: the rule's text first,
breadcrumbs, outgoing links, cited-by back-links, and the scenarios citing it folded away); ``reports/<scenario>.html``
(each scenario's self-contained report); ``scenarios.html`` (the games with scenarios) and ``scenarios-<game>.html``
(a game's scenarios); ``glossary.html`` (the bundled glossary with the judge's own, :mod:`judge.report.site_glossary`);
``faq.html``; ``coverage.html``;
``search-index.js`` and ``search.js`` (the offline search, see :mod:`judge.report.search_index`).  Every link is
relative; nothing is fetched from the network.  Every file is written atomically.  A game's own pages (its
sections and its scenarios) speak its script and its words (:meth:`Words.for_game`); the pages across games ours.
A game with several versions of its rules shows its newest, or the one asked for; its pages say which, and each rule
lists the versions it is in and what they changed (:mod:`judge.report.site_versions`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judge import templating
from judge.corpus.lookup import document_title, site_path
from judge.corpus.model import Rule
from judge.corpus.store import Corpus, load_corpus, with_version
from judge.report import coverage as coverage_mod
from judge.report import report
from judge.report import search_index, site_cards
from judge.cards.index import CardIndex
from judge.report.files import write_atomic
from judge.report.meta import CorpusMeta, corpus_meta
from judge.report.runs import ScenarioRun, citing_index, run_all
from judge.report.site_glossary import site_concepts
from judge.report.site_versions import GameVersions, game_versions
from judge.report.words import Words, game_title
from judge.search.index import Source


def section_of(corpus: Corpus, rule: Rule) -> str:
    """The id of the top-level rule whose page holds ``rule``."""
    return corpus.breadcrumb(rule)[0].id


def rule_path(corpus: Corpus, game: str, rule_id: str) -> str | None:
    """``<game>/<section>.html#r-<id>`` (relative to the site root), or None when the rule is not in the corpus."""
    rule = corpus.get(game, rule_id) if game in corpus.games else None
    if rule is None:
        return None
    return site_path(corpus, rule)  # (a corpus rule's id is always a safe anchor: report.anchor gives the same)


def report_path(run: ScenarioRun) -> str:
    """Where a scenario's report lives, relative to the site root."""
    return f"reports/{run.slug}.html"


def scenarios_path(game: str) -> str:
    """The page of a game's scenarios, relative to the site root."""
    return f"scenarios-{game}.html"


class _Site:
    """Renders the pages; ``up`` is the relative path from a page back to the site root."""

    def __init__(self, corpus: Corpus, runs: list[ScenarioRun], meta: CorpusMeta, w: Words,
                 versions: dict[str, GameVersions] | None = None) -> None:
        self.corpus, self.runs, self.meta, self.w = corpus, runs, meta, w
        self.versions = versions or {}  # the games with several versions of their rules
        self.env = templating.environment()
        self.cited = citing_index([r for r in runs if r.result is not None])
        self.cards: CardIndex | None = None  # the card pages' index, once built
        self.games = {g: game_title(g, corpus.documents, w.lang) for g in corpus.games}

    def link(self, game: str, rule_id: str, up: str) -> str | None:
        target = rule_path(self.corpus, game, rule_id)
        return up + target if target else None

    def page(self, template: str, up: str, w: Words | None = None, **ctx: Any) -> str:
        """A page in the site's words, or in a game's (``w``: its own pages)."""
        w = w or self.w
        return self.env.get_template(template).render(up=up, meta=report.meta_lines(self.meta, w, self.corpus.documents),
                                                      w=w, games=self.games, **ctx)

    def sections(self) -> dict[str, list[Rule]]:
        out: dict[str, list[Rule]] = {}
        for game in self.corpus.games:
            for rule in self.corpus.all_rules(game):
                if not rule.parent:
                    out.setdefault(game, []).append(rule)
        return out

    def section_page(self, game: str, section: Rule) -> str:
        up = "../"
        w = Words.for_game(self.w.lang, game)
        rules = [r for r in self.corpus.all_rules(game) if section_of(self.corpus, r) == section.id]
        blocks = []
        for r in rules:
            blocks.append({
                "id": r.id, "anchor": report.anchor(r.id), "title": r.title, "text": r.text, "damaged": r.damaged,
                "crumbs": [{"id": c.id, "title": c.title, "href": self.link(game, c.id, up)} for c in self.corpus.breadcrumb(r)],
                "examples": [e.to_dict() for e in r.examples],
                "children": [{"id": c, "href": self.link(game, c, up)} for c in r.children],
                "refs": [{"id": ref.id, "href": self.link(game, ref.id, up) if ref.resolved else None,
                          "title": (self.corpus.get(game, ref.id).title if ref.resolved and self.corpus.get(game, ref.id) else None)}
                         for ref in r.refs],
                "cited_by": [{"id": c, "href": self.link(game, c, up)} for c in r.cited_by],
                "scenarios": [{"name": s.name, "title": s.title, "status": w(f"status_{s.status}"),
                               "status_class": s.status, "href": up + report_path(s)}
                              for s in self.cited.get((game, r.id), [])],
                "source": w("source_line", title=w.script_text(document_title(self.corpus, game, r.source.file)),
                            line=r.source.line),
                "versions": self.rule_versions(game, r.id, w),
            })
        return self.page("site_section.html.j2", up, w, game=game, section=section, rules=blocks,
                         version=self.version_lines(game, w),
                         card_href=lambda g, name: site_cards.href_of(self.cards, g, name, up) if self.cards else None)

    def version_lines(self, game: str, w: Words) -> list[str]:
        """What a game's pages say about its versions: the one shown, and the others (none for one version)."""
        v = self.versions.get(game)
        if v is None:
            return []
        return [w("site_version_newest" if v.newest else "site_version", version=v.shown),
                w("site_versions_all", n=len(v.labels), versions=w("list_sep").join(v.labels))]

    def rule_versions(self, game: str, rule_id: str, w: Words) -> dict[str, Any] | None:
        """A rule's versions (this page's marked) and what each version did to it; None for a game of one version."""
        v = self.versions.get(game)
        if v is None:
            return None
        return {"in": [w("site_rule_this_version", version=label) if label == v.shown else label
                       for label in v.holding.get(rule_id, [])],
                "events": [{"label": w(f"site_rule_{e.kind}", version=e.version), "pieces": e.pieces}
                           for e in v.events.get(rule_id, [])]}

    def scenario_rows(self, runs: list[ScenarioRun], w: Words, faq: dict[str, Any]) -> list[dict[str, Any]]:
        """The scenarios of a table, each with its report, its source and its result in the page's words."""
        return [
            {"name": r.name, "title": r.title, "status": w(f"status_{r.status}"), "status_class": r.status,
             "game": r.game, "error": r.error, "href": report_path(r) if r.result is not None else None,
             "source": report.source_info(r.data, self.corpus, faq, w) if r.data else {"kind": "none", "rule": None, "entry": None}}
            for r in runs
        ]

    def report_page(self, run: ScenarioRun, faq: dict[str, Any]) -> str:
        up = "../"
        ctx = report.context(run, self.corpus, self.meta, rule_href=lambda g, rid: self.link(g, rid, up), faq=faq,
                             home=up + "index.html", lang=self.w.lang,
                             card_href=lambda g, name: site_cards.href_of(self.cards, g, name, up) if self.cards else None)
        return report.render(ctx, "html")


def build_site(out_dir: Path, scenarios_root: Path, corpus_root: Path | None = None, lang: str = "zh",
               version: tuple[str, str] | None = None) -> list[Path]:
    """Write the whole site under ``out_dir`` (a game's rules as of ``version``: (game, version), default each
    game's newest); return the files written, in writing order."""
    from judge import paths
    from judge.faq.model import load_documents

    w = Words(lang)
    root = corpus_root or paths.corpus_dir()
    full = load_corpus(corpus_root)
    corpus = with_version(full, *version) if version else full
    meta = corpus_meta(corpus, corpus_root)
    runs = run_all(scenarios_root, lang=lang)
    several = {g: game_versions(full, g, version[1] if version and version[0] == g else None) for g in full.games}
    site = _Site(corpus, runs, meta, w, {g: v for g, v in several.items() if v is not None})
    site.cards = site_cards.cards(scenarios_root)  # the card pages, and the links to them from rules and FAQ entries
    faq_docs = load_documents(root)
    faq = {e.id: e for d in faq_docs for e in d.entries}
    # the judge's own glossary is read before anything is written: a damaged one stops the build, with its file
    concepts, yours = site_concepts(root, lambda g, rid: site.link(g, rid, ""))
    written: list[Path] = []

    def write(rel: str, text: str) -> None:
        path = out_dir / rel
        write_atomic(path, text)
        written.append(path)

    sections = site.sections()
    cov = coverage_mod.coverage(corpus, runs)
    write("index.html", site.page(
        "site_index.html.j2", "",
        sections=[{"game": g, "name": site.games[g], "rules": len(list(corpus.all_rules(g))),
                   "version": site.version_lines(g, w),
                   "sections": [{"id": s.id, "title": s.title, "href": f"{g}/{s.id}.html"} for s in secs]}
                  for g, secs in sections.items()],
        scenarios=len(runs), faq_entries=len(faq),
    ))
    for game, secs in sections.items():
        for s in secs:
            write(f"{game}/{s.id}.html", site.section_page(game, s))
    for run in runs:
        if run.result is not None:
            write(report_path(run), site.report_page(run, faq))
    by_game: dict[str, list[ScenarioRun]] = {}
    for r in runs:  # a game of the corpus gets its own page; a file naming no such game stays on the overview
        by_game.setdefault(r.game if r.game in site.games else "", []).append(r)
    own = [g for g in site.games if g in by_game]
    write("scenarios.html", site.page(
        "site_scenarios.html.j2", "", link=site.link, game=None, runs=site.scenario_rows(by_game.get("", []), w, faq),
        listing=[{"name": site.games[g], "href": scenarios_path(g), "count": len(by_game[g])} for g in own]))
    for g in own:
        gw = Words.for_game(lang, g)
        write(scenarios_path(g), site.page("site_scenarios.html.j2", "", gw, link=site.link, game=g, listing=[],
                                           runs=site.scenario_rows(by_game[g], gw, faq)))
    write("glossary.html", site.page("site_glossary.html.j2", "", concepts=concepts, yours=yours))
    write("faq.html", site.page("site_faq.html.j2", "", documents=[
        {"title": d.title, "set": d.set, "date": d.date, "entries": [
            {"id": e.id, "question": e.question, "answer": e.answer, "explanation": e.explanation,
             "cards": [{"name": card.full, "href": site_cards.href_of(site.cards, e.game, card.full, "")} for card in e.cards],
             "cites": [{"id": rid, "href": site.link(e.game, rid, "")} for rid in e.cites]}
            for e in d.entries]}
        for d in faq_docs
    ]))
    reports = {r.name.rsplit(".", 1)[0]: report_path(r) for r in runs if r.result is not None}
    listing = [{"game": g, "name": site.games.get(g, g), "cards": [
        {"name": c.zh, "en": c.en, "href": site_cards.card_path(c)} for c in site.cards.of_game(g)]}
        for g in dict.fromkeys(c.game for c in site.cards.of_game(None))]
    write(site_cards.CARDS_PAGE, site.page("site_cards.html.j2", "", listing=listing))
    for card in site.cards.of_game(None):
        write(site_cards.card_path(card), site.page("site_card.html.j2", "../",
                                                    **site_cards.page_context(card, site.link, reports)))
    write("coverage.html", site.page("site_coverage.html.j2", "", coverage=cov, runs={r.name: r for r in runs},
                                     report_path=report_path, link=site.link, ranges=coverage_mod.spans))
    # the index `judge search` searches; a site of an older version searches that version (with the same FAQ)
    source = Source(corpus=corpus, corpus_root=corpus_root, with_faq=True) if version else Source(corpus_root=corpus_root)
    index = search_index.build_index(corpus, source, concepts, lambda g, rid: rule_path(corpus, g, rid), w)
    write(search_index.INDEX_FILE, search_index.index_script(index))
    write(search_index.ENGINE_FILE, search_index.script_source(search_index.ENGINE_FILE))
    write(search_index.SCRIPT_FILE, search_index.script_source())
    return written
