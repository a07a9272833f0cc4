"""The FAQ data model: published rulings (question, short answer, explanation, cited rules).

A FAQ document (an official 常見問答 for one card set) is parsed by :mod:`judge.faq.parse`
into ``rules_corpus/faq/<game>-<set>.yaml``.  :func:`load_faq` reads every such file back
and returns its entries, each self-contained (id, game, set, date, question, answer,
explanation, cited rules, named cards, source line), so search can index them like rules.

Decisions (see also :mod:`judge.faq.parse`):

* **ids** are ``<set>-NN`` in document order, two digits (``vendetta-01`` … ``vendetta-34``).
  They are stable as long as the document is not re-ordered.
* **date** is the publication date *the document states*.  The 血海深仇 FAQ states none, so its
  date is ``None`` (``null`` in the YAML); nothing is guessed from file names or outside knowledge.
* **cards**: each name in 「」 in the question or short answer that is a card.  A champion unit
  is printed with its epithet in brackets before the name (「君主」阿祈爾): it comes out as
  ``name=阿祈爾, epithet=君主, full=「君主」阿祈爾``.  A plain card (「婭希拉」, 「抛棄」) has
  ``epithet=None`` and ``full`` equal to the name.  A known champion named without brackets
  (凱爾, 亞菲利歐) is listed too when the entry does not already name it with an epithet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class FaqCard:
    """A card named by a ruling: ``full`` is how the document writes it (「君主」阿祈爾)."""

    name: str
    epithet: str | None = None

    @property
    def full(self) -> str:
        return f"「{self.epithet}」{self.name}" if self.epithet else self.name

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "epithet": self.epithet, "full": self.full}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "FaqCard":
        return cls(d["name"], d.get("epithet"))


@dataclass
class FaqEntry:
    """One published ruling."""

    id: str
    game: str
    set: str
    date: str | None
    question: str
    answer: str
    explanation: list[str]
    cites: list[str]
    cards: list[FaqCard]
    file: str
    line: int
    set_en: str | None = None

    @property
    def text(self) -> str:
        """Everything a search index should see: question, answer and explanation."""
        return "\n".join([self.question, self.answer, *self.explanation])

    def to_dict(self) -> dict[str, Any]:
        """The stored/JSON form (a stable key order)."""
        return {
            "id": self.id,
            "game": self.game,
            "set": self.set,
            "set_en": self.set_en,
            "date": self.date,
            "question": self.question,
            "answer": self.answer,
            "explanation": list(self.explanation),
            "cites": list(self.cites),
            "cards": [c.to_dict() for c in self.cards],
            "source": {"file": self.file, "line": self.line},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "FaqEntry":
        return cls(
            id=d["id"],
            game=d["game"],
            set=d["set"],
            set_en=d.get("set_en"),
            date=d.get("date"),
            question=d["question"],
            answer=d.get("answer", ""),
            explanation=list(d.get("explanation") or []),
            cites=[str(c) for c in d.get("cites") or []],
            cards=[FaqCard.from_dict(c) for c in d.get("cards") or []],
            file=d["source"]["file"],
            line=int(d["source"]["line"]),
        )


@dataclass
class FaqDocument:
    """A parsed FAQ document: its metadata, introduction, symbol legend and entries."""

    game: str
    set: str
    set_en: str | None
    slug: str
    title: str
    file: str
    sha256: str
    script: str | None
    date: str | None
    intro: list[str] = field(default_factory=list)
    legend: list[str] = field(default_factory=list)
    entries: list[FaqEntry] = field(default_factory=list)

    @property
    def filename(self) -> str:
        return f"{self.game}-{self.slug}.yaml"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "set": self.set,
            "set_en": self.set_en,
            "title": self.title,
            "date": self.date,
            "document": {"file": self.file, "sha256": self.sha256, "script": self.script},
            "intro": list(self.intro),
            "legend": list(self.legend),
            "entries": [e.to_dict() for e in self.entries],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any], slug: str) -> "FaqDocument":
        doc = d.get("document") or {}
        return cls(
            game=d["game"],
            set=d["set"],
            set_en=d.get("set_en"),
            slug=slug,
            title=d.get("title") or "",
            file=doc.get("file", ""),
            sha256=doc.get("sha256", ""),
            script=doc.get("script"),
            date=d.get("date"),
            intro=list(d.get("intro") or []),
            legend=list(d.get("legend") or []),
            entries=[FaqEntry.from_dict(e) for e in d.get("entries") or []],
        )


def faq_dir(root: Path | None = None) -> Path:
    """``rules_corpus/faq`` (or ``<root>/faq``)."""
    from judge import paths

    return (root or paths.corpus_dir()) / "faq"


def load_documents(root: Path | None = None) -> list[FaqDocument]:
    """Every parsed FAQ document under ``<corpus>/faq/``, in file-name order; without ``root``, then those the user
    added (``judge faq add``), whose ``file`` is the path of their raw document in the user's data folder."""
    from judge.corpus.cache import cached_yaml  # the parsed data from the per-user cache while a file is unchanged
    from judge.datafile import DataError, expect_mapping

    folder = faq_dir(root)
    docs = []
    added: list[Path] = []
    if root is None:
        from judge.corpus.layer import faq_files

        added = faq_files()
    for p in (sorted(folder.glob("*.yaml")) if folder.is_dir() else []) + added:
        data = expect_mapping(p, cached_yaml(p), ("entries",))
        slug = p.stem.split("-", 1)[1] if "-" in p.stem else p.stem
        try:
            docs.append(FaqDocument.from_dict(data, slug))
            if p in added:
                docs[-1].file = str(p.parent.parent / "raw" / docs[-1].file)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            from judge.locale import t

            raise DataError(t("msg.faq.err.invalid", path=p, field=e)) from e
    return docs


def load_faq(root: Path | None = None, game: str | None = None) -> list[FaqEntry]:
    """Every FAQ entry (optionally of one game), documents in file-name order, entries in document order."""
    return [e for d in load_documents(root) for e in d.entries if game is None or e.game == game]
