"""Which game a rules document belongs to, from its words: ``judge corpus add --game G`` refuses a document that
plainly belongs to another game (or to none the corpus knows) unless forced, with the evidence.

Evidence is the document's two-character words (after folding both scripts to one, :mod:`judge.locale.folding`)
that only one known game's rules use: 崛起's, 三國's and Riftbound's rules share their generic words (目标, 回合,
效果 …) but not their nouns (部队/单位, 武将, 符能 …). A document too short to tell (a one-rule addendum) is never
refused on this evidence.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from judge.locale.folding import CJK_CLASS, fold

_RUNS = re.compile(f"[{CJK_CLASS}]+")
MIN_EVIDENCE = 60  # distinctive two-character words a document must hold before it is judged at all
OWN_SHARE = 0.15  # a game holding this share of the distinctive words may be the document's
FOREIGN_SHARE = 0.75  # a game holding this share of them plainly is
ALIKE_TEXT = 0.5  # two texts of one rule number this alike are the same rule (in another edition, say)
ALIKE_SHARE = 0.2  # a game whose rules are alike for this share of the numbers shared may be the document's


def words(texts: Iterable[str]) -> Counter[str]:
    """The two-character words (CJK bigrams) of ``texts``, folded to Simplified, with their counts."""
    out: Counter[str] = Counter()
    for text in texts:
        for run in _RUNS.findall(fold(text)):
            out.update(run[i:i + 2] for i in range(len(run) - 1))
    return out


def similar(a: str, b: str) -> float:
    """How alike two rule texts are: the Dice coefficient of their two-character words (1.0 the same, 0.0 none)."""
    wa, wb = set(words([a])), set(words([b]))
    return 2 * len(wa & wb) / (len(wa) + len(wb)) if wa or wb else 1.0


@dataclass(frozen=True)
class Identity:
    """How a document points at one known game: its distinctive words, and its rules that the game has too."""

    game: str
    share: float  # the game's share of the document's distinctive words (those only one known game uses)
    words: tuple[str, ...]  # the game's most frequent distinctive words in the document
    shared: int  # the document's rule numbers the game has too
    alike: int  # … of those, the rules whose text is much like the game's

    def matches(self) -> bool:
        """The document reads as this game's: its words or its rules."""
        return self.share >= OWN_SHARE or self.alike >= max(2, ALIKE_SHARE * self.shared)

    def plainly(self) -> bool:
        """The document reads as this game's beyond doubt (to name it in a refusal)."""
        return self.share >= FOREIGN_SHARE or self.alike >= max(2, 0.5 * self.shared)


@dataclass(frozen=True)
class Verdict:
    """Each known game's :class:`Identity` for one document, and how much word evidence it holds."""

    games: dict[str, Identity]
    evidence: int  # distinctive two-character words in the document

    def refuses(self, named: str) -> bool:
        """The document holds enough evidence and none of it is ``named``'s."""
        own = self.games.get(named)
        return self.evidence >= MIN_EVIDENCE and (own is None or not own.matches())

    def instead(self, named: str) -> str | None:
        """The other game the document plainly belongs to, or None (it belongs to no game the corpus knows)."""
        for g in sorted(self.games, key=lambda g: (-self.games[g].share, g)):
            if g != named and self.games[g].plainly():
                return g
        return None


def identify(document: dict[str, str], games: dict[str, dict[str, str]]) -> Verdict:
    """Compare ``document`` (rule id → text) with each known game's rules (game → rule id → text)."""
    doc = words(document.values())
    vocab = {g: set(words(rules.values())) for g, rules in games.items()}
    own: dict[str, Counter[str]] = {}
    for g, vs in vocab.items():
        others = set().union(*(v for h, v in vocab.items() if h != g))
        own[g] = Counter({w: n for w, n in doc.items() if w in vs and w not in others})
    evidence = sum(sum(c.values()) for c in own.values())
    out = {}
    for g, rules in games.items():
        shared = [rid for rid in document if rid in rules]
        alike = sum(similar(document[rid], rules[rid]) >= ALIKE_TEXT for rid in shared)
        top = tuple(w for w, _ in sorted(own[g].items(), key=lambda x: (-x[1], x[0]))[:5])
        out[g] = Identity(g, sum(own[g].values()) / evidence if evidence else 0.0, top, len(shared), alike)
    return Verdict(out, evidence)
