"""What reading a printed text gives: its clauses and the templates that read them, the card fields it compiles to, or
why it does not read (the clause that stops it, where, and the nearest templates)."""

from __future__ import annotations

from typing import Any

from judge.printed.templates import Language

SHOWN = 60  # characters of a refused clause a message quotes


class Clause:
    """One part of the text and the template that read it."""

    __slots__ = ("text", "offset", "template", "say", "en")

    def __init__(self, text: str, offset: int, template: str, say: str, en: str = "") -> None:
        # the part, where it starts in the card's text, the template's id, its words (slots named), its English gloss
        self.text, self.offset, self.template, self.say, self.en = text, offset, template, say, en

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "offset": self.offset, "template": self.template, "say": self.say, "en": self.en}


class Reading:
    """What a text compiles to: the card's fields (``play``, ``abilities``, ``keywords`` …) and how each part read."""

    __slots__ = ("fields", "clauses")

    def __init__(self, fields: dict[str, Any], clauses: list[Clause] | None = None) -> None:
        self.fields, self.clauses = fields, clauses or []


class Unreadable(ValueError):
    """A text the templates do not cover: the clause that stops it, its place in the text, the nearest templates."""

    def __init__(self, clause: str, offset: int, nearest: list[str] | Language, reason: str = "no_template") -> None:
        super().__init__(clause)
        self.clause, self.offset, self.reason = clause, offset, reason
        self._nearest = nearest  # the templates, or the language to find them in when first asked

    @property
    def shown(self) -> str:
        """The clause as a message quotes it (a long one cut)."""
        return self.clause if len(self.clause) <= SHOWN else self.clause[:SHOWN] + "…"

    @property
    def nearest(self) -> list[str]:
        """The three templates whose own words are closest to the clause (found only when a message needs them)."""
        if isinstance(self._nearest, Language):
            import difflib

            scored = sorted(self._nearest.all(), key=lambda t: (
                -difflib.SequenceMatcher(None, self.clause, t.literal()).ratio(), t.id))
            self._nearest = [t.example() for t in scored[:3]]
        return self._nearest

    def to_dict(self) -> dict[str, Any]:
        return {"clause": self.clause, "offset": self.offset, "nearest": self.nearest, "reason": self.reason}

    def message(self, game: str, lang: str | None = None) -> str:
        """Why the text does not read, in the judge's language (``msg.printed.<reason>``)."""
        from judge.locale import join, t

        return t(f"msg.printed.{self.reason}", lang, clause=self.shown, file=f"judge/games/{game}/printed.yaml",
                 nearest=join(self.nearest, lang) if self.nearest else "—")
