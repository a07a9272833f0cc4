"""A document's own errata: references that name the referenced rule by a title it does not have.

Rules texts often give a reference's title with its number (``参见 317.2 回合结束阶段``, ``见 103.1「卡牌类型」``).
When the title stated is not the title of the rule referenced (nor of one of its ancestors), the document is
wrong in one of the two places: a judge should know. A quoted or bracketed title is compared as it stands; an
unquoted one only when the words after the number are the title of another rule of the game (so running text
after a number is not taken for a title).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from judge.corpus.model import Rule

_QUOTED = re.compile(r"\s*[「“《【（(]\s*(?P<title>[^」”》】）)\n]{1,30})[」”》】）)]")
_RUN = re.compile(r"\s*(?P<run>[\u3400-\u9fff]{2,30})")


@dataclass
class Erratum:
    """Rule ``rule`` refers to ``ref`` by the title ``stated``; the rule referenced is titled ``actual``."""

    game: str
    rule: str
    ref: str
    stated: str
    actual: str | None
    named: str | None  # the rule that has the stated title, if one has

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def _titles_of(rules: dict[str, Rule], rid: str) -> set[str]:
    """The titles a reference to ``rid`` may state: its own and its ancestors'."""
    out: set[str] = set()
    r = rules.get(rid)
    while r is not None:
        if r.title:
            out.add(r.title)
        r = rules.get(r.parent) if r.parent else None
    return out


def check(rules: Iterable[Rule]) -> list[Erratum]:
    """Every reference in the rules' texts and examples that states a title its rule does not have."""
    by_id = {r.id: r for r in rules}
    owner: dict[str, str] = {}
    for r in by_id.values():  # a title → the outermost rule with it (its section heading)
        if r.title and r.title not in owner:
            owner[r.title] = r.id
    found: list[Erratum] = []
    for r in by_id.values():
        texts = [r.text, *(e.text for e in r.examples)]
        for ref in r.refs:
            if not ref.resolved:
                continue
            allowed = _titles_of(by_id, ref.id)
            target = by_id[ref.id]
            for text in texts:
                for m in re.finditer(rf"(?<![\d.]){re.escape(ref.id)}(?![0-9a-z])\.?", text):
                    stated = _stated(text[m.end():], owner)
                    if stated and stated not in allowed:
                        e = Erratum(r.game, r.id, ref.id, stated, target.title, owner.get(stated))
                        if e not in found:
                            found.append(e)
    return found


def _stated(after: str, owner: dict[str, str]) -> str | None:
    """The title stated right after a reference number, if any (see the module docstring)."""
    q = _QUOTED.match(after)
    if q:
        return q["title"].strip()
    m = _RUN.match(after)
    if not m:
        return None
    run = m["run"]
    for n in range(len(run), 1, -1):  # the longest title of the game the words begin with
        if run[:n] in owner:
            return run[:n]
    return None
