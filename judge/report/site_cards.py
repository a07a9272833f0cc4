"""The site's card pages: one per card of the card index (:mod:`judge.cards.index`) — its texts as each source quotes
them and how each reads, the FAQ entries and rules naming it, the scenarios using it — and a page listing every
game's cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from judge.cards.index import Card, CardIndex, build, key_of, mentioning_rules
from judge.filesig import sha256

CARDS_PAGE = "cards.html"


def card_path(card: Card) -> str:
    """``cards/<game>--<hash of its name>.html``, relative to the site root (a name may hold any character)."""
    return f"cards/{card.game}--{sha256(card.key.encode()).hexdigest()[:12]}.html"


def cards(scenarios_root: Path) -> CardIndex:
    """The index of the site's cards, each with the rules naming it."""
    index = build(scenarios_root)
    for c in index.cards.values():
        c.rules = mentioning_rules(c)
    return index


def href_of(index: CardIndex, game: str, name: str, up: str) -> str | None:
    """The page of the card of ``game`` named ``name`` (any of its spellings), or None."""
    card = index.cards.get((game, key_of(name)))
    return up + card_path(card) if card else None


def page_context(card: Card, link: Callable[[str, str, str], str | None], reports: dict[str, str]) -> dict[str, Any]:
    """What ``site_card.html.j2`` shows: each printed text with its source, the FAQ entries (linked), the rules
    (linked when the corpus has them), the scenarios (linked to their reports)."""
    up = "../"
    return {
        "card": card,
        "printings": [{"kind": p.kind, "where": p.where, "text": p.text, "line": p.line, "basis": p.basis,
                       "href": link(card.game, p.where, up) if p.kind == "example" else None, "reading": _reading(card, p)}
                      for p in card.printings],
        "faq": [{"id": f, "href": f"{up}faq.html#{f}"} for f in card.faq],
        "rules": [{"id": r, "href": link(card.game, r, up)} for r in card.rules],
        "scenarios": [{"name": s, "href": up + reports[s] if s in reports else None} for s in card.scenarios],
    }


def _reading(card: Card, printing: Any) -> dict[str, Any]:
    """How a printed text reads, as ``judge card NAME`` says it: the templates of its clauses, or the clause no
    template reads (neither for a game without templates)."""
    from judge.cards.reading import reading_of

    r = reading_of(card, printing)
    if "templates" in r:
        return {"templates": r["templates"] or ["—"], "clause": None}
    return {"templates": None, "clause": (r["unread"] or {}).get("clause"), "why": r.get("why")}
