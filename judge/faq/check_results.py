"""What the FAQ check finds: each published ruling's status and each citation's, and the report holding them.

The statuses are described in :mod:`judge.faq.check`; their labels are the locale data's (``msg.faq.ruling.*``,
``msg.faq.citation.*``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from judge.faq.model import FaqEntry
from judge.locale import t

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
    scenarios_root: Path | None = None  # the folder of the scenarios run: the text report names files under it

    def shown(self, path: Path) -> str:
        """A scenario's path as the text report names it: under the scenarios folder (``rise/709_2b_example.yaml``)."""
        root = self.scenarios_root
        try:
            return Path(path).resolve().relative_to(root.resolve()).as_posix() if root else str(path)
        except ValueError:
            return str(path)

    def count(self, ruling: str) -> int:
        """Published rulings (FAQ entries and worked examples) with this status."""
        return sum(r.ruling == ruling for r in self.results) + sum(e.ruling == ruling for e in self.examples)

    def citations(self, status: str | None = None) -> int:
        return sum(status is None or c.status == status for r in self.results for c in r.citations)

    @property
    def holds(self) -> bool:
        """Nothing that was checked failed: no problem, no ruling regressed (the command's exit status)."""
        return not self.problems and self.count(REGRESSED) == 0

    @property
    def ok(self) -> bool:
        """Every published ruling was checked and holds: false while any went unchecked (not encoded, not run)."""
        return self.holds and self.count(NOT_ENCODED) + self.count(NOT_RUN) == 0

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
            "holds": self.holds,
            "summary": self.summary(),
            "dates": {"faq": dict(self.faq_dates), "rules": dict(self.rules_dates)},
            "problems": list(self.problems),
            "warnings": list(self.warnings),
            "entries": [r.to_dict() for r in self.results],
            "examples": [e.to_dict() for e in self.examples],
        }
