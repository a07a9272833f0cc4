"""Recognising another edition of a FAQ (``judge faq add``): the Simplified edition of a Traditional FAQ (the same
text in the other script, or a translation of its own with other card names: 月隕 / 月之降临), or a later revision,
linked to the first entry by entry, with the differences.

Texts are compared folded to Simplified Chinese (so the two scripts of one answer are the same text), without
punctuation and spaces, each card name the card libraries give another printing of (``names:``) read as the card's
own. A pair of entries is alike by its wording (the question's, in order; and the characters of question and answer
together, in any order — a translation says the clauses the other way round), by the rules it cites, and by where it
stands in its document. An entry of the new document is linked to the earlier entry it is most alike — its question
at least :data:`SAME_QUESTION` alike, or the three together at least :data:`STRUCTURE` with the wording at least
:data:`WORDING_FLOOR` alike — each earlier entry at most once; a document is an edition of an earlier one of the same game when at least half its entries link to it.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any

from judge.faq.model import FaqDocument, FaqEntry

SAME_QUESTION = 0.6
STRUCTURE = 0.6  # wording, citations and place together (see _alike) …
WORDING_FLOOR = 0.4  # … with at least this much of the wording alike: citations and places alone link nothing
WEIGHTS = (0.45, 0.35, 0.2)  # of the wording, the cited rules, the place in the document
_NOISE = re.compile(r"[\s，。、；：！？,.;:!?「」『』“”\"'（）()]")


def _folded(text: str, names: dict[str, str] | None = None) -> str:
    from judge.locale.folding import fold

    text = _NOISE.sub("", fold(text))
    for other, own in (names or {}).items():  # longest first: a name inside a longer one is not replaced in it
        text = text.replace(other, own)
    return text


@lru_cache(maxsize=8)
def card_names(game: str) -> dict[str, str]:
    """Each other printed name a card library gives one of the game's cards (``names:``), folded → the card's own
    name, folded; longest first. The libraries are the bundled scenarios' (``scenarios/<game>/*.cards``)."""
    from judge import paths
    from judge.datafile import DataError, read_yaml

    out: dict[str, str] = {}
    for lib in sorted((paths.scenarios_dir() / game).glob("*.cards")) if game.isidentifier() else []:
        try:
            cards = (read_yaml(lib) or {}).get("cards") or {}
        except (DataError, AttributeError):
            continue
        for c in cards.values() if isinstance(cards, dict) else []:
            name = c.get("name") if isinstance(c, dict) else None
            own = name.get("zh") if isinstance(name, dict) else name
            others = c.get("names") if isinstance(c, dict) else None
            if isinstance(own, str) and isinstance(others, list):
                out.update({_folded(o): _folded(own) for o in others if isinstance(o, str) and o.strip()})
    return dict(sorted(out.items(), key=lambda kv: (-len(kv[0]), kv[0])))


def _bigrams(text: str) -> set[str]:
    return {text[i:i + 2] for i in range(len(text) - 1)} or {text}


def _alike(q: float, bag: float, cites: float, place: float) -> float:
    """How alike two entries are, 0–1: their wording (the better of in order and in any order), their citations,
    their places."""
    w, c, p = WEIGHTS
    return w * max(q, bag) + c * cites + p * place


def _cites_alike(a: list[str], b: list[str]) -> float:
    if not a and not b:
        return 0.5  # neither cites a rule: it tells nothing either way
    return len(set(a) & set(b)) / len(set(a) | set(b))


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
    names = card_names(new.game)

    def prepared(doc: FaqDocument) -> list[tuple[FaqEntry, str, set[str], float]]:
        n = max(len(doc.entries) - 1, 1)
        return [(e, _folded(e.question, names), _bigrams(_folded(e.question + e.answer, names)), i / n)
                for i, e in enumerate(doc.entries)]

    olds = prepared(old)
    pairs = []
    for e, q, bag, at in prepared(new):
        for o, oq, obag, oat in olds:
            ratio = difflib.SequenceMatcher(None, q, oq, autojunk=False).ratio()
            dice = 2 * len(bag & obag) / (len(bag) + len(obag))
            score = _alike(ratio, dice, _cites_alike(e.cites, o.cites), 1 - abs(at - oat))
            if ratio >= SAME_QUESTION or (score >= STRUCTURE and max(ratio, dice) >= WORDING_FLOOR):
                pairs.append((max(score, ratio), e, o))
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
