"""The glossary of core concepts (``rules_corpus/glossary.yaml``): loading, lookup, query matching."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from judge import paths
from judge.datafile import DataError, read_yaml

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
LATIN_TERM_RE = re.compile(r"^[a-z0-9 '\-]+$")


class GlossaryError(DataError):
    """The glossary file is malformed."""


@dataclass(frozen=True)
class Concept:
    """One concept: English terms, each game's own terms, aliases and defining rules."""

    id: str
    en: tuple[str, ...]
    terms: dict[str, tuple[str, ...]]
    aliases: tuple[str, ...] = ()
    rules: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def all_terms(self) -> list[str]:
        """Every spelling: English, per-game terms, aliases (duplicates removed, order kept)."""
        seen: dict[str, None] = {}
        for t in (*self.en, *(t for ts in self.terms.values() for t in ts), *self.aliases):
            seen.setdefault(t, None)
        return list(seen)

    def expansion(self, game: str | None) -> list[str]:
        """The terms a query for this concept should also match: the game's own words, or all games'."""
        games = [game] if game else list(self.terms)
        out: dict[str, None] = {}
        for g in games:
            for t in self.terms.get(g, ()):
                out.setdefault(t, None)
        return list(out)


def glossary_path(corpus_root: Path | None = None) -> Path:
    return (corpus_root or paths.corpus_dir()) / "glossary.yaml"


def _key(term: str) -> str:
    from judge.search.analysis import fold

    return " ".join(fold(term).lower().replace("-", " ").split())


@dataclass
class Glossary:
    """All concepts, with every spelling folded for matching."""

    concepts: list[Concept]
    by_key: dict[str, Concept] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for c in self.concepts:
            for t in (c.id, *c.all_terms()):
                k = _key(t)
                other = self.by_key.get(k)
                if other is not None and other.id != c.id:
                    raise GlossaryError(f"term {t!r} belongs to both {other.id} and {c.id}")
                self.by_key[k] = c

    def spellings(self) -> list[str]:
        """Every folded spelling of every concept (what the index counts in rule text)."""
        return sorted({_key(t) for c in self.concepts for t in c.all_terms()})

    def lookup(self, term: str) -> Concept | None:
        """The concept with this id or spelling (any script, any case)."""
        return self.by_key.get(_key(term))

    def nearest(self, term: str, n: int = 5) -> list[Concept]:
        """Concepts whose spellings are closest to ``term`` (containment first, then similarity)."""
        k = _key(term)
        scored: dict[str, tuple[float, Concept]] = {}
        for key, c in self.by_key.items():
            s = difflib.SequenceMatcher(None, k, key).ratio()
            if k and (k in key or key in k):
                s += 1.0
            if s > scored.get(c.id, (-1.0, c))[0]:
                scored[c.id] = (s, c)
        ranked = sorted(scored.values(), key=lambda sc: -sc[0])
        return [c for s, c in ranked[:n] if s > 0.2]

    def find_in(self, folded_query: str) -> list[tuple[int, int, Concept]]:
        """Non-overlapping spellings found in an already folded, lower-cased query, longest first."""
        taken = [False] * len(folded_query)
        found: list[tuple[int, int, Concept]] = []
        for key in sorted(self.by_key, key=len, reverse=True):
            latin = bool(LATIN_TERM_RE.match(key))
            pattern = (r"(?<![a-z0-9])" + re.escape(key).replace(r"\ ", r"[\s\-]+") + r"(?![a-z0-9])") if latin else re.escape(key)
            for m in re.finditer(pattern, folded_query):
                if not any(taken[m.start() : m.end()]):
                    taken[m.start() : m.end()] = [True] * (m.end() - m.start())
                    found.append((m.start(), m.end(), self.by_key[key]))
        return sorted(found, key=lambda f: f[0])


def _tuple(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        raise GlossaryError(f"{where}: expected a list of strings")
    return tuple(str(v) for v in value)


def parse_glossary(data: object) -> Glossary:
    """Validate the loaded YAML and build the glossary."""
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise GlossaryError("glossary: expected a mapping with a 'concepts' list")
    concepts = []
    for i, d in enumerate(data["concepts"]):
        where = f"concept #{i + 1}"
        if not isinstance(d, dict) or not isinstance(d.get("id"), str):
            raise GlossaryError(f"{where}: needs an 'id'")
        where = f"concept {d['id']}"
        terms = {str(g): _tuple(ts, f"{where}.terms.{g}") for g, ts in (d.get("terms") or {}).items()}
        rules = {str(g): _tuple(rs, f"{where}.rules.{g}") for g, rs in (d.get("rules") or {}).items()}
        concepts.append(Concept(d["id"], _tuple(d.get("en"), f"{where}.en"), terms, _tuple(d.get("aliases"), f"{where}.aliases"), rules))
    return Glossary(concepts)


def load_glossary(path: Path | None = None) -> Glossary:
    """Load and validate ``glossary.yaml`` (CSafeLoader when available); a missing file is empty."""
    p = path or glossary_path()
    if not p.exists():
        return _parse_bytes(b"concepts: []")
    try:
        return _parse_bytes(p.read_bytes())
    except (yaml.YAMLError, UnicodeDecodeError):
        read_yaml(p)  # raises a DataError naming the file, line and column
        raise
    except GlossaryError as e:
        raise GlossaryError(f"{p}: {e}") from e


@lru_cache(maxsize=8)
def _parse_bytes(content: bytes) -> Glossary:
    return parse_glossary(yaml.load(content.decode("utf-8"), Loader=_Loader))
