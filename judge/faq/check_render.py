"""The check's report for people: the plain-text summary ``judge faq check`` prints, and one self-contained HTML
page (``--html``); both in the language asked for, else the one in use."""

from __future__ import annotations

from typing import Any

from judge.faq.check_results import NOT_ENCODED, EntryResult, Report, ScenarioOutcome, citation_labels, ruling_labels
from judge.locale import t
from judge.locale.width import pad


def _scenario_lines(scenarios: list[ScenarioOutcome], lang: str | None, report: Report) -> list[str]:
    """One line per scenario: its path (under the scenarios folder), passed or failed, and why."""
    return [
        t("msg.faq.check.scenario", lang, path=report.shown(s.path), detail=f" — {s.detail}" if s.detail else "",
          result=t("msg.faq.check.passed" if s.passed else "msg.faq.check.failed", lang))
        for s in scenarios
    ]


def render_text(report: Report, lang: str | None = None) -> str:
    """The plain-text summary in ``lang`` (default: the language in use): one block per entry, then the totals."""
    labels = ruling_labels(lang)
    out = []
    for name, date in report.faq_dates.items():
        out.append(t("msg.faq.check.faq_date", lang, name=name, date=date or t("msg.faq.check.faq_undated", lang)))
    for name, date in report.rules_dates.items():
        out.append(t("msg.faq.check.rules_date", lang, name=name, date=date or t("msg.faq.check.rules_undated", lang)))
    out.append("")
    for r in report.results:
        flag = t("msg.faq.check.review", lang) if r.review else ""
        q = r.entry.question if len(r.entry.question) <= 40 else r.entry.question[:39] + "…"
        out.append(f"{pad(r.entry.id, 13)} {pad(labels[r.ruling], 17)} {q}{flag}")
        out.extend(_scenario_lines(r.scenarios, lang, report))
        if r.ruling == NOT_ENCODED:
            out.append(t("msg.faq.pending.needs", lang, text=needs_text(r, lang)))
        if r.citations:
            out.append(t("msg.faq.check.cites", lang, items=cited_text(r.citations, lang)))
            out += [t("msg.faq.changed.line", lang, id=c.id, since=c.since.version, marked=c.since.change.marked)
                    for c in r.citations if c.since and c.since.change]
    if report.examples:
        out.append("")
        out.append(t("msg.faq.check.examples", lang))
    for e in report.examples:
        text = e.text if len(e.text) <= 40 else e.text[:39] + "…"
        out.append(f"{pad(f'{e.game} {e.rule} #{e.index}', 20)} {pad(labels[e.ruling], 17)} {text}")
        out.extend(_scenario_lines(e.scenarios, lang, report))
    s = report.summary()
    out.append("")
    out.append(t("msg.faq.check.rulings", lang, **s))
    out.append(t("msg.faq.pending.summary", lang, **s, faq=s["entries"], examples_all=s["examples"]))
    waiting = [r for r in report.results if r.ruling == NOT_ENCODED]
    if waiting:
        out.append(t("msg.faq.pending.heading", lang, count=len(waiting)))
        out.extend(t("msg.faq.pending.item", lang, id=r.entry.id, text=needs_text(r, lang)) for r in waiting)
    review, flagged = s["newer_rules"] + s["unordered"], s["flagged_for_review"]
    out.append(t("msg.faq.check.citations", lang, **s, review=review, flagged=flagged))
    for w in report.warnings:
        out.append(t("msg.faq.check.warning", lang, text=w))
    for p in report.problems:
        out.append(t("msg.faq.check.problem", lang, text=p))
    if report.holds and s["unchecked"]:  # never a bare OK while published rulings went unchecked
        out.append(t("msg.faq.pending.ok_partly", lang, run=s["rulings"] - s["unchecked"] - s["fragments"],
                     unchecked=s["unchecked"]))
    else:
        out.append(t("msg.faq.check.ok" if report.holds else "msg.faq.check.failed_all", lang))
    return "\n".join(out)


def cited_text(citations: list[Any], lang: str | None = None) -> str:
    """A ruling's cited rules, each with its status: ``709.2b（在语料库中）；…``."""
    cited = citation_labels(lang)
    return t("msg.faq.check.citation_sep", lang).join(t("msg.faq.check.citation", lang, id=c.id, status=cited[c.status])
                                                      for c in citations)


def needs_text(r: EntryResult, lang: str | None) -> str:
    """What an unencoded entry still needs, in ``lang`` (or that it is not recorded)."""
    from judge.locale import current

    if not r.needs:
        return t("msg.faq.pending.unknown", lang)
    return r.needs.get(lang or current()) or next(iter(r.needs.values()))


def html_report(report: Report, lang: str | None = None) -> str:
    """The check as one self-contained HTML page (``templates/faq_check.html.j2``, autoescaped), in ``lang``
    (default: the language in use)."""
    from judge.locale import current
    from judge.templating import environment

    lang = lang or current()
    return environment().get_template("faq_check.html.j2").render(
        report=report, summary=report.summary(), labels=ruling_labels(lang),
        t=lambda key, **values: t(f"msg.faq.html.{key}", lang, **values),
        say=lambda key, **values: t(key, lang, **values),
        join_cites=lambda citations: cited_text(citations, lang),
    )
