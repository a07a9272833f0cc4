"""One ruling report: the generated verdict, the ruling's source, the board before (every card with its printed
text and stats) and after, the plays and choices as sentences, every step with its citations, the expectations,
the cited rules' text named by their document — as HTML or Markdown, in Chinese or English."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Callable

from judge.corpus.lookup import document_title
from judge.corpus.store import Corpus
from judge.report.board import board
from judge.report.lexicon import Lexicon
from judge.report.meta import CorpusMeta
from judge.report.runs import ScenarioRun, initial_state
from judge.report.sentences import Describer
from judge.report.verdict import rule_links, verdict
from judge.report.words import Words, game_title
from judge.corpus.ruleid import sort_key
from judge.templating import environment, paragraphs

FORMATS = ("html", "md")
RuleHref = Callable[[str, str], str | None]
_SAFE_ID = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,63}")


def anchor(rule_id: str) -> str:
    """The element id of a rule's block, in a report and on a site page: ``r-706.1a``. An id that is not made of
    letters, digits, ``.``, ``_`` and ``-`` (a hostile ``cites:`` value) gets a hash instead, so that it can
    never break out of an ``href``, an ``id`` or a Markdown link."""
    if _SAFE_ID.fullmatch(rule_id):
        return f"r-{rule_id}"
    return "r-x" + hashlib.sha256(rule_id.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass
class RuleBlock:
    """A cited rule as a report shows it; ``text`` is None when the corpus does not hold the id."""

    id: str
    anchor: str
    crumbs: list[dict[str, str | None]]
    title: str | None
    text: str | None
    examples: list[dict[str, Any]]
    source: str | None  # the document's title and the line, in the report's language
    audit: str | None  # the raw file, for audit
    href: str | None = None


def rule_block(corpus: Corpus, game: str, rid: str, w: Words, href: RuleHref | None = None) -> RuleBlock:
    """The block for rule ``rid`` of ``game`` (a placeholder when it is not in the corpus)."""
    rule = corpus.get(game, rid) if game in corpus.games else None
    if rule is None:
        return RuleBlock(rid, anchor(rid), [], None, None, [], None, None)
    return RuleBlock(
        rule.id, anchor(rule.id),
        [{"id": r.id, "title": r.title} for r in corpus.breadcrumb(rule)],
        rule.title, rule.text, [e.to_dict() for e in rule.examples],
        w("source_line", title=w.script_text(document_title(corpus, game, rule.source.file)), line=rule.source.line),
        w("audit_file", file=rule.source.file), href(game, rule.id) if href else None,
    )


def source_info(data: dict[str, Any], corpus: Corpus, faq: dict[str, Any] | None = None,
                w: Words | None = None) -> dict[str, Any]:
    """The ruling's source: its kind, the rule or FAQ entry it names, the published text when known, and (with
    ``w``) the words that name it, as segments linking the rule."""
    w = w or Words()
    src = data.get("source") or {"kind": "none"}
    if isinstance(src, list):
        src = src[0] if src else {"kind": "none"}
    if not isinstance(src, dict):
        src = {"kind": "none"}
    kind = str(src.get("kind", "none"))
    game = str(data.get("game", ""))
    rule = src.get("rule") or src.get("of")
    out: dict[str, Any] = {"kind": kind, "rule": str(rule) if rule else None,
                           "entry": src.get("entry") or src.get("id"), "quotes": []}
    if kind in ("example", "variant") and out["rule"]:
        out["says"] = w.segs(f"source_{kind}", rule=[{"text": out["rule"], "href": "#" + anchor(out["rule"])}])
    elif kind == "faq" and out["entry"]:
        out["says"] = w.segs("source_faq", entry=str(out["entry"]))
    else:
        out["says"] = w.segs("source_none")
    if kind == "example" and out["rule"] and game in corpus.games:
        found = corpus.get(game, out["rule"])
        out["quotes"] = [e.text for e in found.examples] if found else []
    if kind == "faq" and out["entry"] and faq and out["entry"] in faq:
        e = faq[out["entry"]]
        out["quotes"] = [w("faq_question", x=e.question), w("faq_answer", x=e.answer)]
    return out


def meta_lines(meta: CorpusMeta, w: Words, documents: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """The corpus version and date line, and one line per rules document of the report's game."""
    if meta.date_basis == "SOURCE_DATE_EPOCH":
        basis = w("basis_epoch")
    elif meta.game is not None:
        basis = w(f"basis_{meta.date_basis}", game=w.script_text(game_title(meta.game, documents, w.lang)))
    else:
        basis = w(f"basis_{meta.date_basis}_all")
    return {
        "line": w("corpus_version", version=meta.version, date=meta.date or w("date_unstated"), basis=basis),
        "documents": [w("site_document", title=w.script_text(d.title), date=d.date or w("document_undated"))
                      for d in meta.documents if meta.game is None or d.game == meta.game],
    }


def _title(data: dict[str, Any], res: dict[str, Any], lang: str) -> tuple[str, str | None]:
    """The title in the report's language, and the other language's title when the file gives both."""
    zh = str(res.get("title") or data.get("title") or "")
    en = str(data["title_en"]) if data.get("title_en") else None
    if lang == "en" and en:
        return en, zh
    return zh, en


def context(run: ScenarioRun, corpus: Corpus, meta: CorpusMeta, rule_href: RuleHref | None = None,
            faq: dict[str, Any] | None = None, home: str | None = None, lang: str = "zh",
            card_href: Callable[[str, str], str | None] | None = None) -> dict[str, Any]:
    """Everything the report templates show, from the run (``to_json`` and the printed cards) and the file;
    ``card_href`` (game, card name) → a card's page, for the site's reports."""
    if run.result is None:
        raise ValueError(f"{run.name}: {run.error}")
    data, res = run.data, run.result
    game = str(data.get("game", ""))
    lex = Lexicon(game, data, run.cards, lang)
    w = lex.w
    say = Describer(lex)
    cited: list[str] = []
    for step in res["steps"]:
        cited += [c for c in step["cites"] if c not in cited]
    for e in res["expectations"]:
        for key in ("cites", "not_cites"):
            rid = e["expect"].get(key)
            if rid is not None and str(rid) not in cited:
                cited.append(str(rid))
    cited += [c for c in run.choice_cites if c not in cited]
    src = source_info(data, corpus, faq, w)
    if src["kind"] in ("example", "variant") and src["rule"] and src["rule"] not in cited:
        cited.append(src["rule"])
    blocks = [rule_block(corpus, game, rid, w, rule_href) for rid in cited]
    anchors = {b.id: b.anchor for b in blocks}
    before = initial_state(data)
    plays, choices = say.plays(list(data.get("actions") or []), [c for c in data.get("choices") or [] if isinstance(c, dict)])
    title, title_alt = _title(data, res, lang)
    the_verdict = verdict(res, before, lex, say, corpus, game, src, anchors, run.choice_cites)
    # shown in full beside the verdict: the rules the file says the ruling rests on, else the verdict's first three
    declared = [r for r in run.decisive if any(b.id == r and b.text is not None for b in blocks)]
    top = declared or the_verdict["decisive"][:TOP_RULES]
    open_choice = None
    if res.get("open_choice"):
        oc = res["open_choice"]
        opts = [say.answer(str(oc["kind"]), o) for o in oc.get("options") or []]
        open_choice = {
            "text": w("open_stopped", who=say.ask(oc)), "options": opts,
            "rule": w.segs("open_rule", rules=rule_links(lex, run.choice_cites, anchors),
                           player=lex.player(oc.get("player"))) if run.choice_cites else [],
            "answer": w("open_answer"),
        }
    return {
        "w": w,
        "lang": lang,
        "name": run.name,
        "title": title,
        "title_alt": title_alt,
        "game": game,
        "game_name": w.script_text(game_title(game, corpus.documents, lang)),
        "status": res["status"],
        "status_text": w(f"status_{res['status']}"),
        "verdict": the_verdict,
        "notes": data.get("notes"),
        "notes_paragraphs": paragraphs(data.get("notes")),  # the author's paragraphs, hard line breaks joined
        "source": src,
        "before": _linked(board(before, lex, with_text=True), game, run.cards, card_href),
        "after": board(res["final_state"], lex, with_text=False),
        "actions": plays,
        "choices": choices,
        "steps": [{"n": s["n"], "kind": s["kind"], "text": s["text"],
                   "cites": [{"id": c, "anchor": anchor(c)} for c in s["cites"]],
                   "outside": w("step_outside", what=w("list_sep").join(s["outside_concepts"]))
                   if s.get("outside_concepts") and not s["cites"] else None} for s in res["steps"]],
        "open_choice": open_choice,
        "expectations": [
            {"text": say.expectation(e["expect"]), "note": e["expect"].get("note"), "pass": e["pass"],
             "actual": say.actual(e["expect"], e["actual"])}
            for e in res["expectations"]
        ],
        "unused": [say.choice(c) for c in res.get("unused_choices", []) if isinstance(c, dict)],
        "decisive": [b for rid in top for b in blocks if b.id == rid],
        "rules": sorted((b for b in blocks if b.id not in top), key=lambda b: sort_key(b.id)),
        "rests_on": rests_on(data, res, blocks, src, w),
        "meta": meta_lines(meta, w, corpus.documents),
        "home": home,
    }


def _linked(bd: dict[str, Any], game: str, cards: dict[str, dict[str, Any]],
            card_href: Callable[[str, str], str | None] | None) -> dict[str, Any]:
    """The board with each card linked to its page (by its Chinese name), when pages exist."""
    if card_href is not None:
        for p in bd["players"]:
            for z in p["zones"]:
                for c in z["cards"]:
                    name = (cards.get(c["id"]) or {}).get("name") or {}
                    c["href"] = card_href(game, str(name.get("zh"))) if name.get("zh") else None
    return bd


TOP_RULES = 3  # decisive rules shown in full beside the verdict when the file names none


def rests_on(data: dict[str, Any], res: dict[str, Any], blocks: list[RuleBlock], src: dict[str, Any], w: Words) -> list[str]:
    """What a head judge should know the ruling rests on: where the cards' texts come from, the steps resting on
    rules outside the document, cited rules the corpus lacks, and the reading the author took."""
    out = []
    if src.get("kind") == "example" and src.get("rule"):
        out.append(w("rests_example", rule=src["rule"]))
    elif data.get("library"):
        out.append(w("rests_library", library=data["library"]))
    else:
        out.append(w("rests_cards"))
    outside = [s for s in res.get("steps") or [] if s.get("outside")]
    if outside:
        out.append(w("rests_outside", n=len(outside), steps=w("list_sep").join(str(s["n"]) for s in outside)))
    missing = [b.id for b in blocks if b.text is None]
    if missing:
        out.append(w("rests_missing", ids=w("list_sep").join(missing)))
    if data.get("notes"):
        out.append(w("rests_notes"))
    return out


def render(ctx: dict[str, Any], fmt: str = "html") -> str:
    """The report for a context from :func:`context`, as ``html`` or ``md``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    return environment().get_template(f"report.{fmt}.j2").render(**ctx)
