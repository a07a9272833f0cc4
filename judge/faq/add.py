"""``judge faq add FILE``: a publisher's FAQ document (text or PDF) parsed into entries, checked against the corpus,
linked to an earlier edition of itself, and kept in the user's data folder (:mod:`judge.corpus.userdata`).

What it reports: the entries found, their citations and how many the corpus of the game holds, the date (stated,
or given with ``--date`` when the document states none), and, for a second edition (the other script, a later
revision), the earlier document and each entry's link with what differs.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.corpus.build import SourceError, read_document
from judge.faq.add_editions import Edition, find_edition
from judge.faq.model import FaqDocument, load_documents
from judge.faq.parse import parse_faq
from judge.locale import join, t
from judge.locale.folding import script_of


@dataclass
class FaqAdded:
    """What ``faq add`` read and kept."""

    document: FaqDocument
    pages: int
    cites: int
    resolved: int
    unresolved: list[tuple[str, str]] = field(default_factory=list)  # (entry, rule)
    edition: Edition | None = None
    date_given: bool = False

    def to_dict(self) -> dict[str, Any]:
        d = self.document
        return {"file": d.file, "game": d.game, "set": d.set, "parsed": d.filename, "date": d.date,
                "date_given": self.date_given, "entries": [e.id for e in d.entries], "citations": self.cites,
                "resolved": self.resolved, "unresolved": [{"entry": e, "rule": r} for e, r in self.unresolved],
                "edition": self.edition.to_dict() if self.edition else None}


def _free_slug(base: str, game: str, taken: set[str]) -> str:
    slug, n = base, 2
    while f"{game}-{slug}.yaml" in taken:
        slug, n = f"{base}{n}", n + 1
    return slug


def add(file: Path, game: str, *, date: str | None = None, title: str | None = None, set_id: str | None = None,
        encoding: str | None = None) -> FaqAdded:
    """Parse the FAQ ``file`` for ``game``, link it to an earlier edition, and add it to the user's layer."""
    from judge.corpus import dates, userdata
    from judge.corpus.decode import encoding_name
    from judge.corpus.store import read_corpus

    corpus = read_corpus()
    if game not in corpus.games:
        raise SourceError(t("msg.faq.add.err.game", game=game, known=join(corpus.games)))
    when = None
    if date is not None:
        when = dates.parse_date(date)
        if when is None:
            raise SourceError(t("msg.faq.add.err.date", value=date))
    read = read_document(file, encoding_name(encoding) if encoding is not None else None)
    earlier = load_documents()
    taken = {d.filename for d in earlier}
    pdf = read.encoding == "pdf"
    doc = parse_faq(read.text, file=read.name, game=game, title=title, script=script_of(read.text), slug=set_id, pdf=pdf)
    edition = find_edition(doc, earlier)
    base = edition.of.slug if edition else doc.slug
    if edition and (m := re.fullmatch(r"(.+?)\d+", base)) and f"{game}-{m[1]}.yaml" in taken:
        base = m[1]  # the editions of one FAQ share the first one's name: vendetta, vendetta2, vendetta3
    slug = set_id or _free_slug(base, game, taken)
    if slug != doc.slug:  # entry ids follow the set: parse again under the free one
        doc = parse_faq(read.text, file=read.name, game=game, title=title, script=doc.script, slug=slug, pdf=pdf)
        edition = find_edition(doc, earlier)
    if doc.filename in taken:
        raise SourceError(t("msg.faq.add.err.set_taken", parsed=doc.filename))
    doc.sha256 = hashlib.sha256(read.raw).hexdigest()
    if when:
        doc.date = when
        for e in doc.entries:
            e.date = when
    rules = corpus.rules[game]
    cites = [(e.id, c) for e in doc.entries for c in e.cites]
    unresolved = [(e, c) for e, c in cites if c not in rules]
    from judge.corpus.store import dump_yaml

    data = doc.to_dict()
    if edition:
        data["edition_of"] = {"file": edition.of.filename, "links": {k.new: k.old for k in edition.links}}
    entry = {"file": read.name, "game": game, "parsed": doc.filename, "encoding": read.encoding,
             **({"date": when} if when else {}), **({"title": title} if title else {})}
    userdata.add_faq(read.name, read.raw, entry, dump_yaml(data))
    return FaqAdded(doc, read.pages, len(cites), len(cites) - len(unresolved), unresolved, edition, when is not None)


def render(added: FaqAdded) -> list[str]:
    """The report of ``faq add`` in the judge's language."""
    d = added.document
    out = []
    if added.pages:
        out.append(t("msg.corpus.add_report.pdf", file=d.file, pages=added.pages))
    out.append(t("msg.faq.add.found", file=d.file, set=d.set, entries=len(d.entries), first=d.entries[0].id,
                 last=d.entries[-1].id))
    if added.date_given:
        out.append(t("msg.faq.add.date_given", date=d.date))
    elif d.date:
        out.append(t("msg.faq.add.date_read", date=d.date))
    else:
        out.append(t("msg.faq.add.no_date"))
    out.append(t("msg.faq.add.cites", cites=added.cites, resolved=added.resolved, game=d.game))
    if added.unresolved:
        out.append(t("msg.faq.add.unresolved", items=join([f"{e} → {r}" for e, r in added.unresolved[:10]])))
    ed = added.edition
    if ed:
        same = sum(not k.differences for k in ed.links)
        out.append(t("msg.faq.add.edition", of=ed.of.filename, title=ed.of.title, links=len(ed.links), same=same,
                     differ=len(ed.links) - same, added=len(ed.added), dropped=len(ed.dropped)))
        for k in ed.links:
            for key, marked in k.differences.items():
                out.append(t("msg.faq.add.difference", new=k.new, old=k.old, field=t(f"msg.faq.add.field.{key}"),
                             marked=marked))
        if ed.added:
            out.append(t("msg.faq.add.new_entries", ids=join(ed.added)))
        if ed.dropped:
            out.append(t("msg.faq.add.dropped_entries", ids=join(ed.dropped)))
    return out
