"""Shared helpers for corpus tests: the repository paths and the bundled corpus."""

from pathlib import Path

from judge.corpus.store import Corpus, load_corpus

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
GAMES = ("rise", "sanguo", "riftbound")


def corpus() -> Corpus:
    """The bundled corpus (rules_corpus/<game>.yaml)."""
    return load_corpus()


def expected_ids(game: str) -> list[str]:
    """The hand-verified id list of a game's source document, in document order."""
    return (DATA / f"ids_{game}.txt").read_text(encoding="utf-8").split()
