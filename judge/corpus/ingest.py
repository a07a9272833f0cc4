"""Examining a rules document before ``judge corpus add`` keeps it: its text (or its PDF's), its format (given or
detected), what the parse kept (:mod:`judge.corpus.coverage`) and the date and version it states; and the report
of what was added, in the judge's language.

A parse that keeps too little is refused with the evidence (the lines it lost, and what each format keeps) unless
forced; a document holding one rule number twice is refused naming the file and both lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.corpus import dates
from judge.corpus.build import Document, SourceError, read_document
from judge.corpus.coverage import THRESHOLD, Coverage
from judge.corpus.decode import encoding_name
from judge.corpus.detect import detect, parse_as
from judge.corpus.formats import FORMATS
from judge.corpus.model import ParsedRule, Rule
from judge.locale import join, t


MAX_RULES = 20_000  # rules in one document: the longest real one (Riftbound's full rules) has 2,435


class CoverageError(SourceError):
    """A parse that keeps too little of its document (refused unless forced)."""


@dataclass
class Examined:
    """A document read and parsed, ready to be added."""

    document: Document
    format: str
    detected: bool
    rules: list[ParsedRule]
    coverage: Coverage
    tried: dict[str, Coverage]
    stated: dates.Stated
    date: str | None  # the date given (--version), else None
    version: str | None  # the version label given (--version), else None


@dataclass
class AddReport:
    """What ``corpus add`` read and what it became."""

    examined: Examined
    game: str
    role: str | None = None
    versions: list[dict[str, Any]] = field(default_factory=list)
    refs: int = 0
    unresolved: list[tuple[str, str]] = field(default_factory=list)  # (rule, reference)
    errata: list[Any] = field(default_factory=list)  # judge.corpus.errata.Erratum
    overrode: str | None = None  # the game-identity refusal that --force overrode, as it would have read

    def to_dict(self) -> dict[str, Any]:
        ex = self.examined
        return {
            "game": self.game, "file": ex.document.name, "format": ex.format, "detected": ex.detected,
            "pages": ex.document.pages or None, "coverage": ex.coverage.to_dict(),
            "formats": {f: round(c.ratio, 4) for f, c in ex.tried.items()},
            "date": ex.date or ex.stated.date, "version": ex.version or ex.stated.version, "role": self.role,
            "versions": self.versions, "references": self.refs,
            "unresolved": [{"rule": r, "ref": ref} for r, ref in self.unresolved],
            "errata": [e.to_dict() for e in self.errata], "overrode": self.overrode,
        }


def version_given(value: str | None) -> tuple[str | None, str | None]:
    """``--version`` as (date, label): a date in any form a publisher writes, else a version label."""
    if value is None:
        return None, None
    value = value.strip()
    if not value or len(value) > 40:
        raise SourceError(t("msg.corpus.ingest.bad_version", value=value))
    date = dates.parse_date(value)
    return (date, None) if date else (None, value.lstrip("vV"))


def examine(file: Path, fmt: str | None = None, encoding: str | None = None, version: str | None = None,
            force: bool = False) -> Examined:
    """Read ``file``, parse it with ``fmt`` (detected when None) and check what the parse kept."""
    if fmt is not None and fmt not in FORMATS:
        raise SourceError(t("msg.source.unknown_format", name=fmt, formats=", ".join(sorted(FORMATS))))
    date, label = version_given(version)
    doc = read_document(file, encoding_name(encoding) if encoding is not None else None)
    if fmt is None:
        found = detect(doc.text)
        fmt, rules, coverage, tried = found.format, found.rules, found.coverage, found.tried
    else:
        rules, coverage = parse_as(fmt, doc.text)
        tried = {fmt: coverage}
    if coverage.duplicates:
        rid, first, second = coverage.duplicates[0]
        message = t("msg.corpus.err.duplicate_rule", file=doc.name, id=rid, first=first, second=second)
        better = _better(detect(doc.text).tried, fmt) if len(tried) == 1 else None
        raise SourceError(message + ("\n" + better if better else ""))
    if not coverage.rules:
        raise SourceError(t("msg.corpus.err.no_rules", file=file, format=fmt))
    if len(rules) > MAX_RULES:
        raise SourceError(t("msg.corpus.err.too_many_rules", file=doc.name, rules=f"{len(rules):,}", limit=f"{MAX_RULES:,}"))
    examined = Examined(doc, fmt, len(tried) > 1, rules, coverage, tried, dates.read(doc.text), date, label)
    if not coverage.enough and not force:
        raise CoverageError(refusal(examined))
    return examined


class ForeignError(SourceError):
    """A document whose words and rules belong to another game than the one named (refused unless forced)."""


def check_game(ex: Examined, game: str, games: dict[str, dict[str, str]], names: dict[str, str],
               force: bool) -> str | None:
    """Refuse (:class:`ForeignError`) a document that plainly belongs to another game than ``game``, or to none of
    the known ones (``games``: game → rule id → text), with the evidence; forced, the refusal is returned instead,
    for the report to say what was overridden."""
    from judge.corpus.identity import identify

    verdict = identify({r.id: f"{r.heading or ''} {r.text}" for r in ex.rules}, games)
    if not verdict.refuses(game):
        return None
    own, other = verdict.games.get(game), verdict.instead(game)
    lines = [t("msg.corpus.identity.not_game", file=ex.document.name, game=names.get(game, game))]
    if own is not None:
        lines.append(t("msg.corpus.identity.own", game=names.get(game, game), share=_pct(own.share),
                       shared=own.shared, alike=own.alike))
    if other is not None:
        o = verdict.games[other]
        lines.append(t("msg.corpus.identity.other", game=names.get(other, other), share=_pct(o.share),
                       words=join(list(o.words)), shared=o.shared, alike=o.alike))
    else:
        lines.append(t("msg.corpus.identity.none"))
    if force:
        return "\n".join(lines)
    lines.append(t("msg.corpus.identity.force"))
    raise ForeignError("\n".join(lines))


def _pct(ratio: float) -> str:
    return f"{ratio * 100:.1f}%"


def _figure(cov: Coverage) -> str:
    """A format's figure for the report: what share it reads, and how many numbers it reads twice."""
    twice = t("msg.corpus.add_report.twice", count=len(cov.duplicates)) if cov.duplicates else ""
    return f"{cov.format} {_pct(cov.ratio)}{twice}"


def refusal(ex: Examined) -> str:
    """Why a parse that kept too little is refused: its figures, the lines it lost, what other formats keep."""
    cov = ex.coverage
    lines = [t("msg.corpus.ingest.too_little", file=ex.document.name, format=ex.format, rules=cov.rules,
               lines=cov.number_lines, kept=cov.kept, ratio=_pct(cov.ratio),
               threshold=_pct(THRESHOLD))]
    if cov.missing:
        lines.append(t("msg.corpus.ingest.lost_lines"))
        lines += [t("msg.corpus.ingest.lost_line", line=n, text=text[:60]) for n, text in cov.missing]
    better = _better(ex.tried if len(ex.tried) > 1 else detect(ex.document.text).tried, ex.format)
    if better:
        lines.append(better)
    lines.append(t("msg.corpus.ingest.force"))
    return "\n".join(lines)


def _better(tried: dict[str, Coverage], fmt: str) -> str | None:
    """The advice to use the format that reads the document best, if it is not ``fmt``."""
    better = sorted((c for f, c in tried.items() if f != fmt and c.enough), key=lambda c: -c.ratio)
    return t("msg.corpus.ingest.try_format", format=better[0].format, ratio=_pct(better[0].ratio)) if better else None


def finish(report: AddReport, linked: list[Rule], versions: list[dict[str, Any]], role: str | None) -> AddReport:
    """Fill in what the document became once its game was built: its role, the versions, its references, errata."""
    from judge.corpus import errata

    name = report.examined.document.name
    mine = [r for r in linked if r.source.file == name]
    report.role, report.versions = role, versions
    report.refs = sum(len(r.refs) for r in mine)
    report.unresolved = [(r.id, ref.id) for r in mine for ref in r.refs if not ref.resolved]
    report.errata = [e for e in errata.check(linked) if e.rule in {r.id for r in mine}]
    return report


def render(report: AddReport) -> list[str]:
    """The report's lines in the judge's language."""
    ex = report.examined
    cov = ex.coverage
    out = []
    if report.overrode:
        out += [t("msg.corpus.identity.overrode"), *("  " + line for line in report.overrode.splitlines())]
    if ex.document.pages:
        out.append(t("msg.corpus.add_report.pdf", file=ex.document.name, pages=ex.document.pages))
    others = join([_figure(c) for f, c in ex.tried.items() if f != ex.format])
    key = "format_detected" if ex.detected else "format_given"
    out.append(t(f"msg.corpus.add_report.{key}", format=ex.format, others=others))
    out.append(t("msg.corpus.add_report.coverage", lines=cov.number_lines, kept=cov.kept,
                 ratio=_pct(cov.ratio), rules=cov.rules, empty=len(cov.empty)))
    if cov.kept < cov.number_lines:
        out += [t("msg.corpus.ingest.lost_line", line=n, text=text[:60]) for n, text in cov.missing]
    if cov.empty:
        out.append(t("msg.corpus.add_report.empty", ids=join(cov.empty[:10])))
    date = ex.date or ex.stated.date
    if ex.date:
        out.append(t("msg.corpus.add_report.date_given", date=ex.date))
    elif date:
        out.append(t("msg.corpus.add_report.date_read", date=date, line=ex.stated.date_line))
    else:
        out.append(t("msg.corpus.add_report.no_date"))
    label = ex.version or ex.stated.version
    if label:
        out.append(t("msg.corpus.add_report.version_label", version=label))
    if report.role:
        out.append(t(f"msg.corpus.add_report.role.{report.role}"))
    if len(report.versions) > 1:
        items = [t("msg.corpus.add_report.version_item", version=v["version"], files=join(v["documents"]), rules=v["rules"])
                 for v in report.versions]
        out.append(t("msg.corpus.add_report.versions", game=report.game, count=len(report.versions), items=join(items),
                     newest=report.versions[-1]["version"]))
    out.append(t("msg.corpus.add_report.refs", refs=report.refs, unresolved=len(report.unresolved),
                 ids=join([ref for _, ref in report.unresolved[:8]])) if report.unresolved
               else t("msg.corpus.add_report.refs_ok", refs=report.refs))
    if report.errata:
        out.append(t("msg.corpus.add_report.errata", count=len(report.errata)))
        out += ["  " + erratum_line(e) for e in report.errata]
    return out


def erratum_line(e: Any) -> str:
    """One erratum: which rule names which reference by which wrong title."""
    named = t("msg.corpus.check.named", id=e.named, stated=e.stated) if e.named else ""
    return t("msg.corpus.check.erratum", rule=e.rule, ref=e.ref, stated=e.stated, actual=e.actual or "—", named=named)
