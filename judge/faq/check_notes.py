"""Why a published ruling has no scenario: the mechanism a FAQ entry still needs (``judge/faq/pending.yaml``), or
that a worked example states no ruling at all (``rules_corpus/example_notes.yaml``: a fragment)."""

from __future__ import annotations

from pathlib import Path


def example_notes(corpus_root: Path) -> dict[tuple[str, str, int], str]:
    """(game, rule id, example) → why that worked example states no ruling (``example_notes.yaml``)."""
    import yaml

    path = corpus_root / "example_notes.yaml"
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out: dict[tuple[str, str, int], str] = {}
    for game, notes in data.items():
        for key, why in (notes or {}).items():
            rid, _, n = str(key).partition("#")
            out[(str(game), rid, int(n or 1))] = str(why)
    return out


def pending(path: Path | None = None) -> dict[str, dict[str, str]]:
    """FAQ entry id → the mechanism it still needs before it can be encoded, in each language (``pending.yaml``)."""
    from judge.datafile import read_yaml

    data = read_yaml(path or Path(__file__).resolve().parent / "pending.yaml") or {}
    return {str(k): {str(lang): str(text) for lang, text in (v or {}).items()} for k, v in data.items()}
