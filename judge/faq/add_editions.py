"""Recognising another edition of a FAQ (``judge faq add``): the Simplified edition of a Traditional FAQ, or a later
revision, linked to the first entry by entry, with the differences.

Texts are compared folded to Simplified Chinese (so the two scripts of one answer are the same text), without
punctuation and spaces. An entry of the new document is linked to the entry of the earlier one whose question is
most alike (at least :data:`SAME_QUESTION`), each earlier entry at most once; a document is an edition of an
earlier one of the same game when at least half its entries link to it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from judge.faq.model import FaqDocument, FaqEntry

SAME_QUESTION = 0.6
_NOISE = re.compile(r"[\s，。、；：！？,.;:!?「」『』“”\"'（）()]")


def _folded(text: str) -> str:
    from judge.locale.folding import fold

    return _NOISE.sub("", fold(text))


@dataclass
class Link:
    """An entry of the new edition and the earlier entry it is, with what differs (folded texts, marked)."""

    new: str
    old: str
    differences: dict[str, str] = field(default_factory=dict)  # field → the new text marked against the old

    def to_dict(self) -> dict[str, Any]:
        return {"new": self.new, "old": self.old, "same": not self.differences, "differences": dict(self.differences)}


@dataclass
class Edition:
    """The earlier document a new one is an edition of, and the entries linked."""

    of: FaqDocument
    links: list[Link]
    added: list[str]  # new entries with no earlier one
    dropped: list[str]  # earlier entries the new edition no longer has

    def to_dict(self) -> dict[str, Any]:
        return {"of": self.of.filename, "links": [k.to_dict() for k in self.links], "added": self.added,
                "dropped": self.dropped}


def _texts(e: FaqEntry) -> dict[str, str]:
    return {"question": e.question, "answer": e.answer, "explanation": "\n".join(e.explanation),
            "cites": "、".join(e.cites)}


def _differences(new: FaqEntry, old: FaqEntry) -> dict[str, str]:
    from judge.corpus.changes import mark

    out = {}
    a, b = _texts(old), _texts(new)
    for key in a:
        fa, fb = _folded(a[key]), _folded(b[key])
        if fa != fb:
            out[key] = mark(fa, fb)
    return out


def link(new: FaqDocument, old: FaqDocument) -> Edition:
    """Link the entries of ``new`` to those of ``old`` (see the module docstring)."""
    olds = [(e, _folded(e.question)) for e in old.entries]
    pairs = []
    for e in new.entries:
        q = _folded(e.question)
        for o, oq in olds:
            ratio = difflib.SequenceMatcher(None, q, oq, autojunk=False).ratio()
            if ratio >= SAME_QUESTION:
                pairs.append((ratio, e, o))
    taken_new: set[str] = set()
    taken_old: set[str] = set()
    links = []
    for _, e, o in sorted(pairs, key=lambda p: -p[0]):
        if e.id in taken_new or o.id in taken_old:
            continue
        taken_new.add(e.id)
        taken_old.add(o.id)
        links.append(Link(e.id, o.id, _differences(e, o)))
    order = {e.id: i for i, e in enumerate(new.entries)}
    links.sort(key=lambda k: order[k.new])
    return Edition(old, links, [e.id for e in new.entries if e.id not in taken_new],
                   [o.id for o in old.entries if o.id not in taken_old])


def find_edition(new: FaqDocument, earlier: list[FaqDocument]) -> Edition | None:
    """The earlier document of the same game ``new`` is an edition of, linked; None when there is none."""
    best: Edition | None = None
    for doc in earlier:
        if doc.game != new.game or not new.entries:
            continue
        ed = link(new, doc)
        if len(ed.links) * 2 >= len(new.entries) and (best is None or len(ed.links) > len(best.links)):
            best = ed
    return best
