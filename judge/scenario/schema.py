"""The JSON Schema of scenario files, written from the games' vocabularies (never by hand): for each game the shapes
of the words its mechanisms declare, as ``$defs`` named ``<game>.<shape>``, and one schema choosing a game's by its
``game:``. ``judge scenario schema`` prints it; ``judge/scenario/scenario.schema.json`` is a copy (a test keeps them the
same) for editors' YAML language servers."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parent / "scenario.schema.json"


def game_schema(game: str) -> dict[str, Any]:
    """One game's scenario files: the schema of its ``file_fields`` with the shapes it uses."""
    from judge.engine.language.shapes import SchemaWriter
    from judge.games import load_game

    w = SchemaWriter(load_game(game).vocab, game)
    root = w.ref("file_fields")
    return {"$ref": root["$ref"], "$defs": w.defs}


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """Every game's scenario files, each checked against its own game's shapes (chosen by ``game:``)."""
    from judge.games import games_with_engine

    games = list(games_with_engine())
    defs: dict[str, Any] = {}
    choose = []
    for g in games:
        one = game_schema(g)
        defs.update(one["$defs"])
        choose.append({"if": {"required": ["game"], "properties": {"game": {"const": g}}}, "then": {"$ref": one["$ref"]}})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://judge.invalid/scenario.schema.json",
        "title": "judge scenario file",
        "description": "A board state, the plays, the players' answers and the expected outcome (judge/scenario/FORMAT.md). "
                       "Written from the games' vocabularies by judge scenario schema; each game's part is its own.",
        "type": "object",
        "required": ["game"],
        "properties": {"game": {"enum": games}},
        "allOf": choose,
        "$defs": dict(sorted(defs.items())),
    }


def text() -> str:
    """The schema as ``judge scenario schema`` prints it and the shipped copy holds it (the same bytes)."""
    return json.dumps(schema(), ensure_ascii=False, indent=1) + "\n"
