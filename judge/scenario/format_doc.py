"""The tables of ``judge/scenario/FORMAT.md`` written from the games' vocabularies: every word of each place, the
games that have it, the shape of what it takes and what it means. The parts of FORMAT.md between
``<!-- words: PLACE -->`` and ``<!-- end words -->`` are these tables (``python -m judge.scenario.format_doc`` writes
them; a test fails when they are stale)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

FORMAT_PATH = Path(__file__).resolve().parent / "FORMAT.md"
BLOCK = re.compile(r"(<!-- words: (?P<place>[\w.]+) -->\n)(?P<body>.*?)(<!-- end words -->)", re.S)


def _vocabs() -> dict[str, Any]:
    from judge.games import games_with_engine, load_game

    return {g: load_game(g).vocab for g in games_with_engine()}


def brief(shape: Any, depth: int = 0) -> str:
    """What a shape takes, in a few characters: ``{to, amount, type?}``, ``a|b``, ``[CARDS]``, ``N``."""
    from judge.engine.language import shapes as s
    from judge.engine.language import words as w
    from judge.engine.mechanisms.references import CardRefShape, PlayerRefShape

    name = getattr(shape, "def_name", None)
    if name is not None and depth > 0:
        return name.upper()
    if isinstance(shape, CardRefShape):
        return "CARDS"
    if isinstance(shape, PlayerRefShape):
        return "PLAYER"
    if isinstance(shape, s.Ref):
        return shape.name.upper()
    if isinstance(shape, s.Scoped):
        return brief(shape.inner, depth)
    if isinstance(shape, s.Int):
        return "N"
    if isinstance(shape, s.Str):
        return "text"
    if isinstance(shape, s.Bool):
        return "true\\|false"
    if isinstance(shape, s.Null):
        return "null"
    if isinstance(shape, s.Enum):
        if callable(shape._values):
            return shape.doc or "a name"
        return "\\|".join("true" if v is True else str(v) for v in shape._values)
    if isinstance(shape, s.ListOf):
        return f"[{brief(shape.item, depth + 1)}]"
    if isinstance(shape, s.Either):
        return " \\| ".join(brief(o, depth + 1) for o in shape.options)
    if isinstance(shape, s.Map):
        if shape.values is not None:
            return f"{{{brief(shape.keys, depth + 1) if shape.keys else 'key'}: {brief(shape.values, depth + 1)}}}"
        req = [k for k in shape.fields if k in shape.required]
        opt = [f"{k}?" for k in shape.fields if k not in shape.required]
        more = [f"+{p}" for p in shape.more_from]
        return "{" + ", ".join(req + opt + more) + "}"
    if isinstance(shape, w.OneKey):
        return f"{{{shape.place}: …}}"
    if isinstance(shape, w.Fields):
        return f"{{{shape.place} keys}}"
    if isinstance(shape, w.Tagged):
        return f"{{{shape.tag}: {shape.place}, …}}"
    return shape.doc or type(shape).__name__


def table(place: str) -> str:
    """The markdown table of one place: a row per word (the shape and meaning of the first game that has it)."""
    vocabs = _vocabs()
    names: dict[str, list[str]] = {}
    for game, vocab in vocabs.items():
        for word in vocab.words(place):
            names.setdefault(word, []).append(game)
    rows = ["| word | games | takes | meaning |", "| --- | --- | --- | --- |"]
    for word in sorted(names):
        games = names[word]
        own = [g for g in games if vocabs[g].word(place, word).overrides]  # a game's own meaning of a shared word
        first = vocabs[next((g for g in games if g not in own), games[0])].word(place, word)
        shown = "all" if len(games) == len(vocabs) else ", ".join(games)
        if own and len(own) < len(games):
            shown += " (" + ", ".join(own) + ": its own meaning)"
        doc = (first.doc or "").replace("|", "\\|")
        rows.append(f"| `{word}` | {shown} | {brief(first.shape)} | {doc} |")
    return "\n".join(rows) + "\n"


def places() -> list[str]:
    """Every place of every game's vocabulary, in the order they are declared."""
    out: dict[str, None] = {}
    for vocab in _vocabs().values():
        out.update(dict.fromkeys(vocab.places()))
    return list(out)


def written(text: str) -> str:
    """FORMAT.md with every generated block made anew."""
    return BLOCK.sub(lambda m: m.group(1) + table(m.group("place")) + m.group(4), text)


def main(argv: list[str]) -> int:
    text = FORMAT_PATH.read_text(encoding="utf-8")
    new = written(text)
    if "--check" in argv:
        return 0 if new == text else 1
    FORMAT_PATH.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
