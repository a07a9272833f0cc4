"""Reading the glossary of core concepts (``rules_corpus/glossary.yaml``) with validation, and the judge's own
additions to it (``glossary.yaml`` in their data folder, :func:`judge.search.concepts.user_glossary_path`).

The additions are concepts in the same form: one with the id of a bundled concept adds its words (terms of any
game, aliases, English terms, defining rules) to that concept, so a FAQ's word is linked to the rules' word
(``反制`` of a Traditional FAQ to the Simplified rules' ``无效化``) without editing the package; one with a new id
is a new concept. A word may still belong to one concept only: an addition that would give it to two is an error
naming the file.

The concepts themselves, lookup and query matching are :mod:`judge.search.concepts`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from judge.datafile import MAX_DATA_BYTES, DataError, read_bounded, read_yaml
from judge.locale import current, t
from judge.search.concepts import Concept, Glossary, glossary_path

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_GLOSSARY_BYTES = 1024 * 1024  # a glossary file: the bundled one, every concept of three games, has 14 KB


class GlossaryError(DataError):
    """The glossary file is malformed; ``index`` is the concept at fault (to say its line), when there is one."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def _located(path: Path, e: GlossaryError) -> GlossaryError:
    """``e`` with the file and, when it names a concept, that concept's line and column."""
    where = str(path)
    if e.index is not None:
        try:
            node = yaml.compose(read_bounded(path, MAX_GLOSSARY_BYTES, "glossary").decode("utf-8"), Loader=_Loader)
            concepts = next(v for k, v in node.value if k.value == "concepts")
            mark = concepts.value[e.index].start_mark
            where = f"{path}:{mark.line + 1}:{mark.column + 1}"
        except (yaml.YAMLError, UnicodeDecodeError, DataError, AttributeError, IndexError, StopIteration):
            pass
    return GlossaryError(f"{where}：{e}" if current() == "zh" else f"{where}: {e}", e.index)


def _tuple(value: object, where: str, index: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, (str, int, float)) for v in value):
        raise GlossaryError(t("msg.glossary.not_list", where=where), index)
    return tuple(str(v) for v in value)


def parse_glossary(data: object) -> Glossary:
    """Validate the loaded YAML and build the glossary."""
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise GlossaryError(t("msg.glossary.not_mapping"))
    concepts = []
    for i, d in enumerate(data["concepts"]):
        if not isinstance(d, dict) or not isinstance(d.get("id"), str):
            raise GlossaryError(t("msg.glossary.needs_id", n=i + 1), i)
        where = d["id"]
        for key in ("terms", "rules"):
            if not isinstance(d.get(key) or {}, dict):
                raise GlossaryError(t("msg.glossary.not_games", where=f"{where}.{key}"), i)
        terms = {str(g): _tuple(ts, f"{where}.terms.{g}", i) for g, ts in (d.get("terms") or {}).items()}
        rules = {str(g): _tuple(rs, f"{where}.rules.{g}", i) for g, rs in (d.get("rules") or {}).items()}
        concepts.append(Concept(d["id"], _tuple(d.get("en"), f"{where}.en", i), terms,
                                _tuple(d.get("aliases"), f"{where}.aliases", i), rules))
    try:
        return Glossary(concepts)
    except ValueError as e:  # a spelling in two concepts: (word, first concept, second concept)
        word, first, second = e.args if len(e.args) == 3 else (str(e), "?", "?")
        index = next((i for i, d in enumerate(data["concepts"]) if d.get("id") == second), None)
        raise GlossaryError(t("msg.glossary.two_concepts", word=word, first=first, second=second), index) from e


def load_glossary(path: Path | None = None, additions: Path | None = None) -> Glossary:
    """Load and validate ``glossary.yaml`` (CSafeLoader when available), with the concepts of ``additions`` merged
    in (see the module docstring); a missing file is empty."""
    p = path or glossary_path()
    if additions is None or not additions.exists():
        try:
            return _parse_bytes(read_bounded(p, MAX_DATA_BYTES, "glossary") if p.exists() else b"concepts: []")
        except (yaml.YAMLError, UnicodeDecodeError):
            read_yaml(p)  # raises a DataError naming the file, line and column
            raise
        except GlossaryError as e:
            raise _located(p, e) from e
    base = _load(p) if p.exists() else {"concepts": []}
    extra = _load(additions)
    try:
        parse_glossary(extra)  # each addition is a valid concept on its own
    except GlossaryError as e:
        raise _located(additions, e) from e
    try:
        return parse_glossary({"concepts": merge(base["concepts"], extra["concepts"])})
    except GlossaryError as e:  # a word of an addition that a bundled concept has: the addition's concept is named
        ids = [c.get("id") for c in extra["concepts"] if isinstance(c, dict)]
        index = None
        if e.index is not None:
            merged_id = merge(base["concepts"], extra["concepts"])[e.index].get("id")
            index = ids.index(merged_id) if merged_id in ids else None
        raise _located(additions, GlossaryError(str(e), index)) from e


def _load(p: Path) -> dict[str, Any]:
    """A glossary file's data, a DataError naming the file, line and column when it is not YAML."""
    try:
        data = yaml.load(read_bounded(p, MAX_GLOSSARY_BYTES, "glossary").decode("utf-8"), Loader=_Loader)
    except (yaml.YAMLError, UnicodeDecodeError):
        read_yaml(p)  # raises a DataError naming the file, line and column
        raise
    if not isinstance(data, dict) or not isinstance(data.get("concepts"), list):
        raise _located(p, GlossaryError(t("msg.glossary.not_mapping")))
    if not all(isinstance(c, dict) for c in data["concepts"]):
        i = next(i for i, c in enumerate(data["concepts"]) if not isinstance(c, dict))
        raise _located(p, GlossaryError(t("msg.glossary.needs_id", n=i + 1), i))
    return data


def merge(base: list[Any], additions: list[Any]) -> list[Any]:
    """The concepts of ``base`` with ``additions`` merged in: words added to a concept of the same id (each once,
    the bundled ones first), concepts with new ids appended."""
    out = [dict(c) for c in base]
    by_id = {c.get("id"): c for c in out}
    for add in additions:
        c = by_id.get(add.get("id"))
        if c is None:
            out.append(dict(add))
            by_id[add.get("id")] = out[-1]
            continue
        for key in ("en", "aliases"):
            c[key] = list(dict.fromkeys([*(c.get(key) or []), *(add.get(key) or [])]))
        for key in ("terms", "rules"):
            merged = {g: list(v) for g, v in (c.get(key) or {}).items()}
            for g, words in (add.get(key) or {}).items():
                merged[g] = list(dict.fromkeys([*merged.get(g, []), *(words or [])]))
            c[key] = merged
    return out


@lru_cache(maxsize=8)
def _parse_bytes(content: bytes) -> Glossary:
    return parse_glossary(yaml.load(content.decode("utf-8"), Loader=_Loader))
