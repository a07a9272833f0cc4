"""Rule lookup for the CLI: finding a typed id, what to say when there is none, the JSON shape of a rule and its
plain-text rendering (in the language in use), with the scenarios citing it as the caller found them.

Nothing here exits or reads beyond the corpus: the commands (:mod:`judge.corpus_commands`) load the corpus or exit
(:func:`judge.clitools.corpus_or_exit`) and look up the scenarios citing a rule (:mod:`judge.report.citations`).
"""

from __future__ import annotations

from typing import Any

from judge.corpus import ruleid
from judge.corpus.gamenames import display_name
from judge.corpus.model import Rule
from judge.corpus.store import Corpus
from judge.locale import join, t


def unknown_version(game: str, wanted: str, known: list[str]) -> str:
    """What to say when ``game`` has no version ``wanted``."""
    return t("msg.rule.version.unknown", game=display_name(game), version=wanted, versions=join(known) or t("msg.rule.version.none"))


def find(corpus: Corpus, typed: str, game: str | None = None) -> list[Rule]:
    """The rules a typed number names (as :func:`ruleid.normalize` reads it) in ``game`` or in every game,
    trying the other spelling of a letter part (709.2.b ↔ 709.2b) when the first finds nothing."""
    for rid in ruleid.spellings(ruleid.normalize(typed)):
        found = corpus.find(rid, game)
        if found:
            return found
    return []


def nearest(corpus: Corpus, rule_id: str, game: str | None = None, n: int = 5) -> list[Rule]:
    """Existing rules of the same chapter as ``rule_id``, closest first: most leading parts in common, then
    its ancestors and the rules as deep as it, then by number (409.99: 409.10 before 409.1), then natural order.
    None outside the chapters the game has."""
    head = ruleid.chapter(rule_id)
    pool = [r for r in corpus.all_rules(game) if ruleid.chapter(r.id) == head]

    def closeness(r: Rule) -> tuple[int, int, int, tuple[tuple[int, int | str], ...]]:
        kin = r.id in ruleid.lineage(rule_id) or ruleid.depth(r.id) == ruleid.depth(rule_id)
        return (-ruleid.common_parts(r.id, rule_id), 0 if kin else 1, ruleid.gap(r.id, rule_id), ruleid.sort_key(r.id))

    return sorted(pool, key=closeness)[:n]


def _chapter_ranges(ids: list[str]) -> str:
    """The chapters of ``ids`` as ranges: 706–719、802–803."""
    chapters = sorted({int(ruleid.chapter(i)) for i in ids if ruleid.chapter(i).isdigit()})
    spans: list[list[int]] = []
    for c in chapters:
        if spans and c == spans[-1][1] + 1:
            spans[-1][1] = c
        else:
            spans.append([c, c])
    return join([f"{a}–{b}" if a != b else str(a) for a, b in spans])


def not_found(corpus: Corpus, typed: str, game: str | None) -> tuple[str, int]:
    """What ``judge rule`` says when ``typed`` finds no rule, and its exit status: not a rule number (2); a rule
    of another game (1); the nearest ids of the same chapter, or the chapters the game has (1)."""
    rid = ruleid.normalize(typed)
    if not ruleid.is_rule_id(rid):
        return t("msg.rule.not_rule_id", typed=typed.strip()), 2
    lines = [t("msg.rule.not_found_in", game=display_name(game), id=rid) if game else t("msg.rule.not_found", id=rid)]
    elsewhere = find(corpus, rid) if game else []
    if elsewhere:
        games = join([display_name(r.game) for r in elsewhere])
        lines.append(t("msg.rule.elsewhere", id=elsewhere[0].id, games=games, game_id=elsewhere[0].game))
        return "\n".join(lines), 1
    near = nearest(corpus, rid, game)
    if near:
        labels = [r.id if game else t("msg.rule.in_game", id=r.id, game=display_name(r.game)) for r in near]
        lines.append(t("msg.rule.nearest", ids=join(labels)))
    else:
        for g in [game] if game else corpus.games:
            ids = [r.id for r in corpus.all_rules(g)]
            lines.append(t("msg.rule.chapters", game=display_name(g), chapters=_chapter_ranges(ids)))
    return "\n".join(lines), 1


def _ref_title(corpus: Corpus, game: str, rid: str) -> str | None:
    target = corpus.get(game, rid)
    return target.title if target else None


ROUTINE_SHOWN = 5  # scenarios named of those that cite a rule only in passing (the rest are counted)


def render_scenarios(found: list[dict[str, Any]]) -> str:
    """The ``judge rule`` block: first the scenarios whose ruling rests on the rule (each in full), then how many
    others cite it in passing, a few of them named (``--json`` lists every one)."""
    if not found:
        return t("msg.rule.no_scenarios")
    decisive = [s for s in found if s.get("decisive")]
    routine = [s for s in found if not s.get("decisive")]
    out = [t("msg.rule.scenarios_decisive")] + [f"  {s['file']}  {s['title']}  [{s['status']}]" for s in decisive] \
        if decisive else [t("msg.rule.no_scenarios_decisive")]
    if routine:
        named = join([s["file"].rsplit(".", 1)[0] for s in routine[:ROUTINE_SHOWN]])
        key = "msg.rule.scenarios_routine_more" if len(routine) > ROUTINE_SHOWN else "msg.rule.scenarios_routine"
        out.append(t(key, count=len(routine), names=named))
    return "\n".join(out)


def rule_json(corpus: Corpus, rule: Rule) -> dict[str, Any]:
    """The documented JSON form of a rule (README, "Rule JSON")."""
    d = rule.to_dict()
    d["breadcrumb"] = [{"id": r.id, "title": r.title} for r in corpus.breadcrumb(rule)]
    d["refs"] = [
        {"id": ref.id, "resolved": ref.resolved, "title": _ref_title(corpus, rule.game, ref.id)}
        for ref in rule.refs
    ]
    d["cited_by"] = [
        {"id": cid, "title": _ref_title(corpus, rule.game, cid)} for cid in rule.cited_by
    ]
    return d


def _first_line(text: str, width: int = 60) -> str:
    line = text.split("\n", 1)[0]
    return line if len(line) <= width else line[: width - 1] + "…"


def render_line(rule: Rule) -> str:
    """One line of ``judge rules``: game, id, title, first words."""
    title = f"［{rule.title}］" if rule.title else ""
    flag = t("msg.rule.damaged_flag") if rule.damaged else ""
    return f"{rule.game:<9} {rule.id:<12} {title}{_first_line(rule.text)}{flag}"


def render_rule(corpus: Corpus, rule: Rule) -> str:
    """The full text view of ``judge rule``."""
    chain = corpus.breadcrumb(rule)
    # A title is shown where it starts (a heading or a new section), not repeated on each level.
    crumbs = " › ".join(
        f"{r.id} {r.title}" if r.title and (i == 0 or r.title != chain[i - 1].title) else r.id
        for i, r in enumerate(chain)
    )
    out = [f"[{rule.game}] {crumbs}"]
    if rule.section:
        out.append(t("msg.rule.section") + " › ".join(rule.section))
    if rule.damaged:
        out.append(t("msg.rule.damaged"))
    out.append("")
    if rule.text or not rule.children:
        out.append(rule.text or t("msg.rule.no_text"))
    else:  # a heading: what stands under it is its content
        out.append(t("msg.rule.heading_only"))
    for i, ex in enumerate(rule.examples, 1):
        out.append("")
        out.append(t("msg.rule.example", n=i, text=ex.text))
        for card in ex.cards:
            out.append(t("msg.rule.card", name=card.name, text=card.text))
    if rule.children:  # each with its title, or its first words
        out.append("")
        out.append(t("msg.rule.children"))
        for cid in rule.children:
            child = corpus.get(rule.game, cid)
            words = (f"［{child.title}］" if child.title and child.title != rule.title else "") + _first_line(child.text) \
                if child else ""
            out.append(f"  {cid}  {words}".rstrip())
    if rule.refs:
        out.append("")
        out.append(t("msg.rule.refs"))
        for ref in rule.refs:
            title = _ref_title(corpus, rule.game, ref.id)
            mark = "" if ref.resolved else t("msg.rule.not_in_corpus")
            out.append(f"  → {ref.id}{' ' + title if title else ''}{mark}")
    if rule.cited_by:
        out.append("")
        out.append(t("msg.rule.cited_by") + ", ".join(rule.cited_by))
    out.append("")
    out.append(t("msg.rule.source", file=rule.source.file, line=rule.source.line))
    return "\n".join(out)


def document_of(corpus: Corpus, game: str, file: str) -> dict[str, Any]:
    """The corpus's entry for the rules document ``file`` of ``game`` (its title, version, date), or ``{}``."""
    return next((d for d in corpus.documents.get(game) or [] if d.get("file") == file), {})


def document_title(corpus: Corpus, game: str, file: str) -> str:
    """The title of the rules document ``file`` of ``game`` (the file name when the corpus gives none)."""
    return str(document_of(corpus, game, file).get("title") or file)


def site_path(corpus: Corpus, rule: Rule) -> str:
    """Where ``judge site`` puts the rule: its section's page and its block (``rise/709.html#r-709.2b``)."""
    return f"{rule.game}/{corpus.breadcrumb(rule)[0].id}.html#r-{rule.id}"


def quote_line(corpus: Corpus, rule: Rule, game_name: str, site_url: str | None = None) -> str:
    """One line to paste into a chat: the game and number, the whole text on one line, where it is written (the
    document, its version or date, the line) and, given the site's address, the link to the rule there."""
    doc = document_of(corpus, rule.game, rule.source.file)
    title = str(doc.get("title") or rule.source.file)
    edition = doc.get("version") or doc.get("date")
    shown = t("msg.rule.quote_edition", edition=edition) if edition and str(edition) not in title else ""
    where = t("msg.rule.quote_where", title=title, line=rule.source.line, edition=shown)
    text = " ".join((rule.text or rule.title or "").split())
    link = f" {site_url.rstrip('/')}/{site_path(corpus, rule)}" if site_url else ""
    return t("msg.rule.quote", game=game_name, id=rule.id, text=text, where=where) + link
