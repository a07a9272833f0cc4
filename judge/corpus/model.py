"""The corpus data model: rules, their examples, quoted cards and references."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Card:
    """A card text quoted in a worked example: its name line and its rules text."""

    name: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "text": self.text}


@dataclass
class Example:
    """A worked example (示例 / 例如 / 举例 …) kept apart from the rule text."""

    text: str
    cards: list[Card] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "cards": [c.to_dict() for c in self.cards]}


@dataclass
class Ref:
    """An outgoing reference; ``resolved`` is False when the target is not in the corpus."""

    id: str
    resolved: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "resolved": self.resolved}


@dataclass
class Source:
    """Where a rule came from: the raw file name and its 1-based line."""

    file: str
    line: int

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line}


@dataclass
class ParsedRule:
    """What a document format yields for one rule, before linking.

    ``heading`` is the rule's own title when the rule is a heading (``706. 目标``);
    ``section`` is a section path the document states for it (``所属：规则文本 › 指示``);
    ``parent`` the rule the document places it under when its number does not say (a chapter under a part
    heading: ``103`` under ``100``).
    """

    id: str
    text: str
    line: int
    raw: str
    heading: str | None = None
    section: list[str] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    damaged: bool = False
    parent: str | None = None


@dataclass
class Rule:
    """A linked rule as stored in ``rules_corpus/<game>.yaml``."""

    game: str
    id: str
    parent: str | None
    children: list[str]
    title: str | None
    section: list[str]
    text: str
    examples: list[Example]
    refs: list[Ref]
    cited_by: list[str]
    damaged: bool
    source: Source
    raw: str

    def to_dict(self) -> dict[str, Any]:
        """The stored/JSON form (a stable key order)."""
        return {
            "game": self.game,
            "id": self.id,
            "parent": self.parent,
            "children": list(self.children),
            "title": self.title,
            "section": list(self.section),
            "text": self.text,
            "examples": [e.to_dict() for e in self.examples],
            "refs": [r.to_dict() for r in self.refs],
            "cited_by": list(self.cited_by),
            "damaged": self.damaged,
            "source": self.source.to_dict(),
            "raw": self.raw,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Rule":
        return cls(
            game=d["game"],
            id=d["id"],
            parent=d.get("parent"),
            children=list(d.get("children") or []),
            title=d.get("title"),
            section=list(d.get("section") or []),
            text=d.get("text", ""),
            examples=[
                Example(e["text"], [Card(c["name"], c["text"]) for c in e.get("cards") or []])
                for e in d.get("examples") or []
            ],
            refs=[Ref(r["id"], bool(r["resolved"])) for r in d.get("refs") or []],
            cited_by=list(d.get("cited_by") or []),
            damaged=bool(d.get("damaged")),
            source=Source(d["source"]["file"], int(d["source"]["line"])),
            raw=d.get("raw", ""),
        )
