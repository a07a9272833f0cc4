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
header (``《符文战场》核心规则 · 最后更新 2026-10-10 · …``) by :func:`judge.corpus.dates.rules_document_date`; the
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

The check's parts: the statuses and results (:mod:`judge.faq.check_results`), the citations
(:mod:`judge.faq.check_citations`), which scenarios encode which rulings (:mod:`judge.faq.check_scenarios`), why
some are not encoded (:mod:`judge.faq.check_notes`); the report as text and HTML (:mod:`judge.faq.check_render`)
and as JUnit XML (:mod:`judge.faq.check_junit`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Sequence

from judge.corpus.store import Corpus
from judge.faq.check_citations import citation_status, rules_dates
from judge.faq.check_notes import example_notes, pending
from judge.faq.check_results import (
    FRAGMENT, NOT_ENCODED, NOT_RUN, REGRESSED, REPRODUCED, EntryResult, ExampleResult, Report, Runner, ScenarioOutcome,
)
from judge.faq.check_scenarios import declarations, find_example_scenarios, find_faq_scenarios, unreadable_scenarios
from judge.faq.model import FaqDocument
from judge.locale import t


class CheckError(RuntimeError):
    """The check cannot run (no corpus for the FAQ's game, …)."""


def default_runner(scenarios_root: Path | None = None) -> Runner:
    """The scenario engine's batch runner, through the scenario catalogue: a file whose bytes, card library, engine
    and corpus are unchanged since its last run is not run again (:mod:`judge.scenario.catalogue`)."""
    from judge.scenario.catalogue import catalogue

    return lambda paths: catalogue(scenarios_root, files=paths)


def _outcomes(runner: Runner, paths: list[Path]) -> dict[Path, ScenarioOutcome]:
    out: dict[Path, ScenarioOutcome] = {}
    for o in runner(paths):
        p = Path(o.path)
        out[p] = ScenarioOutcome(p, bool(o.passed), str(getattr(o, "detail", "") or ""))
    return out


def check(
    documents: Sequence[FaqDocument],
    corpus: Corpus,
    corpus_root: Path,
    scenarios_root: Path | None = None,
    runner: Runner | None = None,
    pending_file: Path | None = None,
) -> Report:
    """Check every entry of ``documents`` (see the module docstring); what an unencoded entry needs comes from
    ``pending_file`` (default: the package's ``pending.yaml``)."""
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
    listed = declarations(scenarios_root) if scenarios_root else []  # the scenario files, read once
    for p in unreadable_scenarios(scenarios_root, listed) if scenarios_root else []:
        problems.append(t("msg.faq.check.unreadable", path=p))
    by_entry = find_faq_scenarios(scenarios_root, listed) if scenarios_root else {}
    for fid, files in sorted(by_entry.items()):
        if fid not in known:
            for p in files:
                problems.append(t("msg.faq.check.unknown_entry", path=p, id=fid))
    by_example = find_example_scenarios(scenarios_root, listed) if scenarios_root else {}
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
    needs = pending(pending_file)
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
        scenarios_root=scenarios_root,
    )
