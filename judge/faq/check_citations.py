"""The citation check: is each rule a FAQ entry cites in the corpus, and is the rules document newer than the FAQ?

A rule's date is the date of the rules document it was parsed from (the corpus has no per-rule dates): the date the
corpus records for the document, else the one its raw header states (:func:`judge.corpus.dates.rules_document_date`).
When the corpus holds versions of the game, they tell whether the rule changed after the FAQ's date instead.
"""

from __future__ import annotations

from pathlib import Path

from judge.corpus.dates import rules_document_date
from judge.corpus.store import Corpus
from judge.faq.check_results import IN_CORPUS, NEWER_RULES, NOT_IN_CORPUS, UNORDERED, Citation
from judge.faq.model import FaqEntry


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
