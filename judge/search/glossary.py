"""Reading the glossary of core concepts (``rules_corpus/glossary.yaml``) with validation.

The concepts themselves, lookup and query matching are :mod:`judge.search.concepts`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from judge.datafile import DataError, read_yaml
from judge.search.concepts import Concept, Glossary, glossary_path

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class GlossaryError(DataError):
    """The glossary file is malformed."""


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
    try:
        return Glossary(concepts)
    except ValueError as e:  # a spelling in two concepts
        raise GlossaryError(str(e)) from e


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
