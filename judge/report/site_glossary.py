"""The site's glossary: the bundled concepts with the judge's own additions merged in (``glossary.yaml`` in their
data folder, read as ``judge define`` reads it: :func:`judge.search.glossary.load_glossary`), each concept and word
the judge added marked as theirs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from judge.search.concepts import Concept, glossary_path, user_glossary_path
from judge.search.glossary import load_glossary


def _added(words: tuple[str, ...], bundled: tuple[str, ...]) -> list[str]:
    return [x for x in words if x not in bundled]


def _concept(c: Concept, bundled: Concept | None, link: Callable[[str, str], str | None]) -> dict[str, Any]:
    """A concept as the glossary page and the search index read it; ``yours`` holds what the judge added (all of it
    when ``bundled`` is None: a concept of their own)."""
    base = bundled or Concept(c.id, (), {}, (), {})
    rules = [{"game": g, "id": rid, "href": link(g, rid), "yours": rid not in base.rules.get(g, ())}
             for g, ids in c.rules.items() for rid in ids]
    return {"id": c.id, "en": list(c.en), "terms": {g: list(ts) for g, ts in c.terms.items()},
            "aliases": list(c.aliases), "rules": rules,
            "yours": {"concept": bundled is None, "en": _added(c.en, base.en), "aliases": _added(c.aliases, base.aliases),
                      "terms": {g: _added(ts, base.terms.get(g, ())) for g, ts in c.terms.items()}}}


def site_concepts(corpus_root: Path, link: Callable[[str, str], str | None]) -> tuple[list[dict[str, Any]], bool]:
    """The glossary's concepts for the site (bundled order, the judge's new ones after), and whether the judge's own
    glossary added anything. ``link(game, id)`` is a rule's page on the site. A damaged file of theirs is a
    :class:`judge.datafile.DataError` naming it, as for ``judge define``."""
    path, additions = glossary_path(corpus_root), user_glossary_path()
    bundled = {c.id: c for c in load_glossary(path).concepts}
    merged = load_glossary(path, additions).concepts
    concepts = [_concept(c, bundled.get(c.id), link) for c in merged]
    yours = any(c["yours"]["concept"] or c["yours"]["en"] or c["yours"]["aliases"] or any(c["yours"]["terms"].values())
                or any(r["yours"] for r in c["rules"]) for c in concepts)
    return concepts, yours
