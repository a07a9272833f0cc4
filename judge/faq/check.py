"""``judge faq check``: is every published ruling still reproduced, and are its citations current?

Two checks per FAQ entry:

**Executable check.**  A scenario under ``scenarios/`` whose YAML says
``source: {kind: faq, id: <entry id>}`` encodes that ruling.  The scenario runner is plugged in
as ``runner``: a callable taking the list of scenario paths and returning, for each path, an
object with ``path``, ``passed`` (bool) and optionally ``detail`` (a :class:`ScenarioOutcome`
or anything shaped like it).  An entry is

* ``reproduced`` — it has scenarios and every one passed;
* ``regressed`` — a scenario failed, or the runner gave no outcome for it (a regression);
* ``not-run`` — it has scenarios but no runner is available yet;
* ``not-encoded`` — no scenario names it.

**Citation check.**  Each rule in the entry's ``相關規則`` is looked up in the corpus of the
entry's game:

* ``not-in-corpus`` — the corpus does not hold it (information, not a regression: the
  Riftbound corpus holds 14 rules, none of them cited by the 血海深仇 FAQ);
* ``in-corpus`` — held, and the rules document is not newer than the FAQ;
* ``newer-rules`` — held, and the rules document is dated after the FAQ.  The FAQ itself says
  that a newer core-rules document prevails over it, so the entry is **flagged for review**;
* ``unordered`` — held, but the FAQ or the rules document states no date, so which one is
  newer cannot be told: the entry is also flagged for review (a judge should look).

Dates: a FAQ's date is what its document states (the 血海深仇 FAQ states none: ``None``).  A
rule's date is the date of the rules document it was parsed from, read from that raw document's
header (``《符文战场》核心规则 · 最后更新 2026-10-10 · …``) by :func:`rules_document_date`; the
corpus has no per-rule dates.  Review flags are not regressions.

**Worked examples.**  The rules' own examples (示例 / 例如 …) are published rulings too.  Every
example of every rule in the corpus is one ruling; a scenario whose YAML says
``source: {kind: example, rule: <id>}`` (and ``game: <game>``) encodes the examples of that rule,
and is run like a FAQ scenario: ``reproduced`` / ``regressed`` / ``not-run`` / ``not-encoded``.
The source names a rule, not which of its examples: where a rule has several examples (none
in 崛起 today) the scenario counts for each of them.  A scenario naming an example of a rule the
corpus does not hold is a problem; of a rule that holds no example, a warning (it is not run).

Regressions (exit status 1): a regressed ruling; a scenario whose FAQ source names an entry that
does not exist, or whose example source names a rule that does not exist; a parsed FAQ file
whose raw document is missing or has changed since it was parsed (rebuild with
:func:`judge.faq.parse.build_faq`).
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from judge.corpus.store import Corpus
from judge.faq.model import FaqDocument, FaqEntry
from judge.locale import t
from judge.locale.width import pad

REPRODUCED, REGRESSED, NOT_RUN, NOT_ENCODED = "reproduced", "regressed", "not-run", "not-encoded"
FRAGMENT = "fragment"  # a worked example that states no ruling (listed in rules_corpus/example_notes.yaml)
IN_CORPUS, NOT_IN_CORPUS, NEWER_RULES, UNORDERED = "in-corpus", "not-in-corpus", "newer-rules", "unordered"
RULINGS = (REPRODUCED, REGRESSED, NOT_RUN, NOT_ENCODED, FRAGMENT)
CITATIONS = (IN_CORPUS, NOT_IN_CORPUS, NEWER_RULES, UNORDERED)


def ruling_labels(lang: str | None = None) -> dict[str, str]:
    """Each ruling status's label in ``lang`` (default: the language in use)."""
    return {s: t(f"msg.faq.ruling.{s}", lang) for s in RULINGS}


def citation_labels(lang: str | None = None) -> dict[str, str]:
    """Each citation status's label in ``lang`` (default: the language in use)."""
    return {s: t(f"msg.faq.citation.{s}", lang) for s in CITATIONS}

_RULES_DATE = re.compile(
    r"(?:最后更新|最後更新|更新日期|更新于|更新於)\s*[:：]?\s*(?P<y>\d{4})\s*[-/年.]\s*(?P<m>\d{1,2})\s*[-/月.]\s*(?P<d>\d{1,2})"
)


class CheckError(RuntimeError):
    """The check cannot run (no corpus for the FAQ's game, …)."""


@dataclass
class ScenarioOutcome:
    """What a runner reports for one scenario file."""

    path: Path
    passed: bool
    detail: str = ""


Runner = Callable[[list[Path]], Iterable[Any]]


@dataclass
class Citation:
    id: str
    status: str
    rules_date: str | None = None
    since: Any = None  # judge.corpus.changes.Since: how the rule changed after the FAQ's date, when versions tell

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "status": self.status, "rules_date": self.rules_date,
                "change": self.since.to_dict() if self.since else None}


@dataclass
class EntryResult:
    entry: FaqEntry
    ruling: str
    scenarios: list[ScenarioOutcome] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    needs: dict[str, str] | None = None  # not encoded: the mechanism it still needs (judge/faq/pending.yaml)

    @property
    def review(self) -> bool:
        return any(c.status in (NEWER_RULES, UNORDERED) for c in self.citations)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.entry.id,
            "game": self.entry.game,
            "set": self.entry.set,
            "question": self.entry.question,
            "ruling": self.ruling,
            "scenarios": [
                {"path": str(s.path), "passed": s.passed, "detail": s.detail} for s in self.scenarios
            ],
            "citations": [c.to_dict() for c in self.citations],
            "review": self.review,
            **({"needs": dict(self.needs)} if self.needs else {}),
        }


@dataclass
class ExampleResult:
    """A worked example of a rule, as a published ruling."""

    game: str
    rule: str
    index: int  # 1-based, in the rule's order
    text: str
    ruling: str
    scenarios: list[ScenarioOutcome] = field(default_factory=list)
    note: str | None = None  # why it is a fragment (states no ruling)

    @property
    def id(self) -> str:
        return f"{self.game}:{self.rule}#{self.index}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "rule": self.rule,
            "example": self.index,
            "text": self.text,
            "ruling": self.ruling,
            **({"note": self.note} if self.note else {}),
            "scenarios": [
                {"path": str(s.path), "passed": s.passed, "detail": s.detail} for s in self.scenarios
            ],
        }


@dataclass
class Report:
    results: list[EntryResult]
    faq_dates: dict[str, str | None]
    rules_dates: dict[str, str | None]
    problems: list[str] = field(default_factory=list)
    examples: list[ExampleResult] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def count(self, ruling: str) -> int:
        """Published rulings (FAQ entries and worked examples) with this status."""
        return sum(r.ruling == ruling for r in self.results) + sum(e.ruling == ruling for e in self.examples)

    def citations(self, status: str | None = None) -> int:
        return sum(status is None or c.status == status for r in self.results for c in r.citations)

    @property
    def ok(self) -> bool:
        return not self.problems and self.count(REGRESSED) == 0

    def summary(self) -> dict[str, int]:
        faq = [r.ruling for r in self.results]
        ex = [e.ruling for e in self.examples]
        return {
            "faq_reproduced": faq.count(REPRODUCED),
            "faq_not_encoded": faq.count(NOT_ENCODED),
            "examples_reproduced": ex.count(REPRODUCED),
            "examples_not_encoded": ex.count(NOT_ENCODED),
            "unchecked": self.count(NOT_ENCODED) + self.count(NOT_RUN),  # published rulings no scenario ran
            "rulings": len(self.results) + len(self.examples),
            "entries": len(self.results),
            "examples": len(self.examples),
            "reproduced": self.count(REPRODUCED),
            "regressed": self.count(REGRESSED),
            "not_run": self.count(NOT_RUN),
            "not_encoded": self.count(NOT_ENCODED),
            "fragments": self.count(FRAGMENT),
            "citations": self.citations(),
            "in_corpus": self.citations(IN_CORPUS),
            "not_in_corpus": self.citations(NOT_IN_CORPUS),
            "newer_rules": self.citations(NEWER_RULES),
            "unordered": self.citations(UNORDERED),
            "flagged_for_review": sum(r.review for r in self.results),
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "summary": self.summary(),
            "dates": {"faq": dict(self.faq_dates), "rules": dict(self.rules_dates)},
            "problems": list(self.problems),
            "warnings": list(self.warnings),
            "entries": [r.to_dict() for r in self.results],
            "examples": [e.to_dict() for e in self.examples],
        }


# ---------------------------------------------------------------- dates


def rules_document_date(raw: Path) -> str | None:
    """The ``最后更新 YYYY-MM-DD`` date in the first lines of a raw rules document, or None."""
    try:
        with raw.open(encoding="utf-8") as f:
            head = [next(f, "") for _ in range(10)]
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    for line in head:
        m = _RULES_DATE.search(line)
        if m:
            return f"{int(m['y']):04d}-{int(m['m']):02d}-{int(m['d']):02d}"
    return None


def rules_dates(corpus: Corpus, corpus_root: Path) -> dict[str, str | None]:
    """Each rules document of the corpus (by raw file name) → its stated date or None."""
    return {
        d["file"]: d.get("date") or rules_document_date(corpus_root / "raw" / d["file"])
        for docs in corpus.documents.values()
        for d in docs
    }


def _rule_date(source_file: str, dates: dict[str, str | None]) -> str | None:
    """A rule's date: its document's; a rule linked from several documents gets the latest date."""
    found = [dates.get(f.strip()) for f in source_file.split(" + ")]
    if not found or any(d is None for d in found):
        return None
    return max(d for d in found if d is not None)


def citation_status(
    entry: FaqEntry, corpus: Corpus, dates: dict[str, str | None]
) -> list[Citation]:
    """The status of each rule the entry cites (see the module docstring)."""
    from judge.corpus.changes import changed_since

    out = []
    for rid in entry.cites:
        rule = corpus.get(entry.game, rid)
        if rule is None:
            out.append(Citation(rid, NOT_IN_CORPUS))
            continue
        rdate = _rule_date(rule.source.file, dates)
        since = changed_since(corpus, entry.game, rid, entry.date)  # versions tell whether it changed after the FAQ
        if since is not None:
            status = NEWER_RULES if since.change else IN_CORPUS
        elif entry.date is None or rdate is None:
            status = UNORDERED
        elif rdate > entry.date:
            status = NEWER_RULES
        else:
            status = IN_CORPUS
        out.append(Citation(rid, status, rdate, since))
    return out


# ---------------------------------------------------------------- scenarios


def _sources(data: Any, kind: str) -> list[dict[str, Any]]:
    if not isinstance(data, dict):
        return []
    src = data.get("source")
    items = src if isinstance(src, list) else [src]
    return [s for s in items if isinstance(s, dict) and s.get("kind") == kind]


def faq_sources(data: Any) -> list[str]:
    """The FAQ entry ids a loaded scenario names as its ``source``: ``{kind: faq, entry: …}`` (the
    scenario schema's key) or ``{kind: faq, id: …}``."""
    return [str(s.get("entry", s.get("id"))) for s in _sources(data, "faq") if "entry" in s or "id" in s]


def example_sources(data: Any) -> list[tuple[str, str, int | None]]:
    """The (game, rule id, example) of each worked example a loaded scenario names: ``{kind: example, rule: …}``,
    with ``example: n`` when it encodes the n-th example of a rule that has several (None: every one)."""
    game = str(data.get("game", "")) if isinstance(data, dict) else ""
    return [(game, str(s["rule"]), s["example"] if isinstance(s.get("example"), int) else None)
            for s in _sources(data, "example") if "rule" in s]


def example_notes(corpus_root: Path) -> dict[tuple[str, str, int], str]:
    """(game, rule id, example) → why that worked example states no ruling (``example_notes.yaml``)."""
    import yaml

    path = corpus_root / "example_notes.yaml"
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out: dict[tuple[str, str, int], str] = {}
    for game, notes in data.items():
        for key, why in (notes or {}).items():
            rid, _, n = str(key).partition("#")
            out[(str(game), rid, int(n or 1))] = str(why)
    return out


def _scenario_files(scenarios_root: Path) -> list[tuple[Path, Any]]:
    """Each scenario file under the folder with its data (``None`` when it cannot be read as YAML)."""
    import yaml

    from judge.report.runs import scenario_files

    out = []
    for path in scenario_files(scenarios_root):
        try:
            out.append((path, yaml.safe_load(path.read_text(encoding="utf-8"))))
        except (yaml.YAMLError, UnicodeDecodeError, OSError):
            out.append((path, None))
    return out


def unreadable_scenarios(scenarios_root: Path) -> list[Path]:
    """Scenario files that are not YAML at all: whatever ruling they encode can no longer be checked."""
    return [p for p, data in _scenario_files(scenarios_root) if data is None]


def find_example_scenarios(scenarios_root: Path) -> dict[tuple[str, str], list[tuple[Path, int | None]]]:
    """(game, rule id) → the scenario files naming an example of that rule as their source, each with the example
    it names (None: all of them)."""
    found: dict[tuple[str, str], list[tuple[Path, int | None]]] = {}
    for path, data in _scenario_files(scenarios_root):
        for game, rid, n in example_sources(data):
            found.setdefault((game, rid), []).append((path, n))
    return found


def find_faq_scenarios(scenarios_root: Path) -> dict[str, list[Path]]:
    """FAQ entry id → the scenario files (``*.yaml``/``*.yml`` under ``scenarios_root``) naming it.

    Files that are not YAML at all name nothing; :func:`check` reports them as problems.
    """
    found: dict[str, list[Path]] = {}
    for path, data in _scenario_files(scenarios_root):
        for fid in faq_sources(data):
            found.setdefault(fid, []).append(path)
    return found


def pending(path: Path | None = None) -> dict[str, dict[str, str]]:
    """FAQ entry id → the mechanism it still needs before it can be encoded, in each language (``pending.yaml``)."""
    from judge.datafile import read_yaml

    data = read_yaml(path or Path(__file__).resolve().parent / "pending.yaml") or {}
    return {str(k): {str(lang): str(text) for lang, text in (v or {}).items()} for k, v in data.items()}


def default_runner() -> Runner:
    """The scenario engine's batch runner (imported lazily: it pulls in the engine)."""
    from judge.scenario.runner import run_paths

    return run_paths


def _outcomes(runner: Runner, paths: list[Path]) -> dict[Path, ScenarioOutcome]:
    out: dict[Path, ScenarioOutcome] = {}
    for o in runner(paths):
        p = Path(o.path)
        out[p] = ScenarioOutcome(p, bool(o.passed), str(getattr(o, "detail", "") or ""))
    return out


# ---------------------------------------------------------------- the check


def check(
    documents: Sequence[FaqDocument],
    corpus: Corpus,
    corpus_root: Path,
    scenarios_root: Path | None = None,
    runner: Runner | None = None,
) -> Report:
    """Check every entry of ``documents`` (see the module docstring)."""
    problems: list[str] = []
    for doc in documents:
        if doc.game not in corpus.games:
            raise CheckError(t("msg.faq.check.no_corpus", game=doc.game, title=doc.title))
        raw = corpus_root / "raw" / doc.file
        if not raw.is_file():
            problems.append(t("msg.faq.check.raw_missing", file=doc.filename, raw=doc.file))
        elif hashlib.sha256(raw.read_bytes()).hexdigest() != doc.sha256:
            problems.append(t("msg.faq.check.raw_changed", file=doc.filename, raw=doc.file))
    entries = [e for d in documents for e in d.entries]
    known = {e.id for e in entries}
    for p in unreadable_scenarios(scenarios_root) if scenarios_root else []:
        problems.append(t("msg.faq.check.unreadable", path=p))
    by_entry = find_faq_scenarios(scenarios_root) if scenarios_root else {}
    for fid, files in sorted(by_entry.items()):
        if fid not in known:
            for p in files:
                problems.append(t("msg.faq.check.unknown_entry", path=p, id=fid))
    by_example = find_example_scenarios(scenarios_root) if scenarios_root else {}
    warnings: list[str] = []
    for (game, rid), named in sorted(by_example.items()):
        rule = corpus.get(game, rid) if game in corpus.games else None
        for p, _ in named:
            if rule is None:
                problems.append(t("msg.faq.check.unknown_example", path=p, game=game, id=rid))
            elif not rule.examples:
                warnings.append(t("msg.faq.check.no_example", path=p, game=game, id=rid))
    with_examples = {k for k in by_example if k[0] in corpus.games and (r := corpus.get(*k)) is not None and r.examples}
    encoded = sorted(
        {p for fid, ps in by_entry.items() if fid in known for p in ps}
        | {p for k in with_examples for p, _ in by_example[k]}
    )
    outcomes = _outcomes(runner, encoded) if runner and encoded else {}

    def verdict(paths: list[Path]) -> tuple[str, list[ScenarioOutcome]]:
        if not paths:
            return NOT_ENCODED, []
        if runner is None:
            return NOT_RUN, [ScenarioOutcome(p, False, t("msg.faq.check.no_runner")) for p in paths]
        scen = [outcomes.get(p) or ScenarioOutcome(p, False, t("msg.faq.check.no_outcome")) for p in paths]
        return (REPRODUCED if all(s.passed for s in scen) else REGRESSED), scen

    dates = rules_dates(corpus, corpus_root)
    needs = pending()
    results = []
    for e in entries:
        ruling, scen = verdict(by_entry.get(e.id, []))
        results.append(EntryResult(e, ruling, scen, citation_status(e, corpus, dates),
                                   needs.get(e.id) if ruling == NOT_ENCODED else None))
    examples = []
    notes = example_notes(corpus_root)
    for game in corpus.games:
        for rule in corpus.all_rules(game):
            for i, ex in enumerate(rule.examples, 1):
                paths = [p for p, n in by_example.get((game, rule.id), []) if n in (None, i)]
                ruling, scen = verdict(paths)
                if ruling == NOT_ENCODED and (game, rule.id, i) in notes:
                    ruling = FRAGMENT  # it states no ruling: nothing to encode
                examples.append(ExampleResult(game, rule.id, i, ex.text, ruling, scen, notes.get((game, rule.id, i))))
    return Report(
        results=results,
        faq_dates={d.filename: d.date for d in documents},
        rules_dates=dates,
        problems=problems,
        examples=examples,
        warnings=warnings,
    )


# ---------------------------------------------------------------- rendering


def _scenario_lines(scenarios: list[ScenarioOutcome], lang: str | None) -> list[str]:
    """One line per scenario: its path, passed or failed, and why."""
    return [
        t("msg.faq.check.scenario", lang, path=s.path, detail=f" — {s.detail}" if s.detail else "",
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
        out.extend(_scenario_lines(r.scenarios, lang))
        if r.ruling == NOT_ENCODED:
            out.append(t("msg.faq.pending.needs", lang, text=_needs(r, lang)))
        if r.citations:
            out.append(t("msg.faq.check.cites", lang, items=_cited(r.citations, lang)))
            out += [t("msg.faq.changed.line", lang, id=c.id, since=c.since.version, marked=c.since.change.marked)
                    for c in r.citations if c.since and c.since.change]
    if report.examples:
        out.append("")
        out.append(t("msg.faq.check.examples", lang))
    for e in report.examples:
        text = e.text if len(e.text) <= 40 else e.text[:39] + "…"
        out.append(f"{pad(f'{e.game} {e.rule} #{e.index}', 20)} {pad(labels[e.ruling], 17)} {text}")
        out.extend(_scenario_lines(e.scenarios, lang))
    s = report.summary()
    out.append("")
    out.append(t("msg.faq.check.rulings", lang, **s))
    out.append(t("msg.faq.pending.summary", lang, **s, faq=s["entries"], examples_all=s["examples"]))
    waiting = [r for r in report.results if r.ruling == NOT_ENCODED]
    if waiting:
        out.append(t("msg.faq.pending.heading", lang, count=len(waiting)))
        out.extend(t("msg.faq.pending.item", lang, id=r.entry.id, text=_needs(r, lang)) for r in waiting)
    review, flagged = s["newer_rules"] + s["unordered"], s["flagged_for_review"]
    out.append(t("msg.faq.check.citations", lang, **s, review=review, flagged=flagged))
    for w in report.warnings:
        out.append(t("msg.faq.check.warning", lang, text=w))
    for p in report.problems:
        out.append(t("msg.faq.check.problem", lang, text=p))
    if report.ok and s["unchecked"]:  # never a bare OK while published rulings went unchecked
        out.append(t("msg.faq.pending.ok_partly", lang, run=s["rulings"] - s["unchecked"] - s["fragments"],
                     unchecked=s["unchecked"]))
    else:
        out.append(t("msg.faq.check.ok" if report.ok else "msg.faq.check.failed_all", lang))
    return "\n".join(out)


def _cited(citations: list[Any], lang: str | None = None) -> str:
    """A ruling's cited rules, each with its status: ``709.2b（在语料库中）；…``."""
    cited = citation_labels(lang)
    return t("msg.faq.check.citation_sep", lang).join(t("msg.faq.check.citation", lang, id=c.id, status=cited[c.status])
                                                      for c in citations)


def _needs(r: EntryResult, lang: str | None) -> str:
    """What an unencoded entry still needs, in ``lang`` (or that it is not recorded)."""
    from judge.locale import current

    if not r.needs:
        return t("msg.faq.pending.unknown", lang)
    return r.needs.get(lang or current()) or next(iter(r.needs.values()))


def junit_xml(report: Report, lang: str | None = None) -> bytes:
    """A JUnit XML report: one testsuite per FAQ document, one testcase per entry; its messages in ``lang`` (default:
    the language in use), its structure what CI tools read.

    ``regressed`` → ``<failure>``; ``not-encoded`` / ``not-run`` → ``<skipped>``; citation status
    and review flags go to the testcase's ``<system-out>``.  Problems not tied to an entry (stale
    FAQ file, a scenario naming an unknown entry) are a separate ``faq-data`` testsuite.  The rules'
    worked examples are one ``examples.<game>`` testsuite per game, a testcase ``<rule>#<n>`` each.
    """
    labels = ruling_labels(lang)
    root = ET.Element("testsuites", name="judge faq check")
    suites: dict[str, ET.Element] = {}

    def failed(scenarios: list[ScenarioOutcome]) -> str:
        return t("msg.faq.check.citation_sep", lang).join(
            f"{s.path}: {s.detail or t('msg.faq.check.failed', lang)}" for s in scenarios if not s.passed)

    for r in report.results:
        name = f"faq.{r.entry.game}.{r.entry.id.rsplit('-', 1)[0]}"
        suite = suites.get(name)
        if suite is None:
            suite = suites[name] = ET.SubElement(root, "testsuite", name=name)
        case = ET.SubElement(suite, "testcase", classname=name, name=r.entry.id)
        if r.ruling == REGRESSED:
            msg = failed(r.scenarios)
            ET.SubElement(case, "failure", message=t("msg.faq.junit.regressed", lang, detail=msg), type="regressed").text = msg
        elif r.ruling in (NOT_ENCODED, NOT_RUN):
            ET.SubElement(case, "skipped", message=labels[r.ruling])
        lines = [r.entry.question]
        if r.ruling == NOT_ENCODED:
            lines.append(t("msg.faq.pending.needs", lang, text=_needs(r, lang)).strip())
        if r.citations:
            lines.append(t("msg.faq.check.cites", lang, items=_cited(r.citations, lang)).strip())
        if r.review:
            lines.append(t("msg.faq.junit.review", lang))
        ET.SubElement(case, "system-out").text = "\n".join(lines)
    for e in report.examples:
        name = f"examples.{e.game}"
        suite = suites.get(name)
        if suite is None:
            suite = suites[name] = ET.SubElement(root, "testsuite", name=name)
        case = ET.SubElement(suite, "testcase", classname=name, name=f"{e.rule}#{e.index}")
        if e.ruling == REGRESSED:
            msg = failed(e.scenarios)
            ET.SubElement(case, "failure", message=t("msg.faq.junit.regressed", lang, detail=msg), type="regressed").text = msg
        elif e.ruling in (NOT_ENCODED, NOT_RUN, FRAGMENT):
            ET.SubElement(case, "skipped", message=labels[e.ruling])
        ET.SubElement(case, "system-out").text = e.text
    if report.problems:
        suite = suites["faq-data"] = ET.SubElement(root, "testsuite", name="faq-data")
        for i, p in enumerate(report.problems, 1):
            case = ET.SubElement(suite, "testcase", classname="faq-data", name=f"problem-{i}")
            ET.SubElement(case, "failure", message=p, type="data")
    total = failures = skipped = 0
    for suite in suites.values():
        cases = suite.findall("testcase")
        f = sum(c.find("failure") is not None for c in cases)
        s = sum(c.find("skipped") is not None for c in cases)
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(f))
        suite.set("errors", "0")
        suite.set("skipped", str(s))
        total, failures, skipped = total + len(cases), failures + f, skipped + s
    root.set("tests", str(total))
    root.set("failures", str(failures))
    root.set("errors", "0")
    root.set("skipped", str(skipped))
    for el in root.iter():  # text from scenario files and documents may hold characters XML 1.0 forbids
        el.text = _xml_text(el.text)
        for k, v in el.attrib.items():
            el.set(k, _xml_text(v) or "")
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


# what XML 1.0 cannot hold at all (most control characters, lone surrogates, U+FFFE/U+FFFF)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str | None) -> str | None:
    """``text`` with each character XML cannot hold shown as a visible escape (``\\x1b``); the rest as is."""
    if text is None:
        return None
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text)


def html_report(report: Report, lang: str | None = None) -> str:
    """The check as one self-contained HTML page (``templates/faq_check.html.j2``, autoescaped), in ``lang``
    (default: the language in use)."""
    from judge.locale import current
    from judge.report.report import environment

    lang = lang or current()
    return environment().get_template("faq_check.html.j2").render(
        report=report, summary=report.summary(), labels=ruling_labels(lang),
        t=lambda key, **values: t(f"msg.faq.html.{key}", lang, **values),
        say=lambda key, **values: t(key, lang, **values),
        join_cites=lambda citations: _cited(citations, lang),
    )
