"""The actions of a scenario (``actions:``): each a word — the generic ones declared by the mechanisms they belong to
(``play`` and ``use`` by the chain, ``resolve`` by resolution, ``attack`` by combat …), a game's own by its mechanisms.
An action is known by its word wherever it stands in the mapping (``{by: you, play: strike}``)."""

from __future__ import annotations

from judge.engine.language.shapes import Field, Ref, Str
from judge.engine.language.words import Mechanism, OneKey

MECHANISM = Mechanism("actions", "the place of scenario actions", requires=("references",))
M = MECHANISM

M.place("action", "one action of the scenario: {word: argument, by: player}, or a word alone (resolve_all)", bare=True,
        unknown="unknown_action", several="action_kinds", common={
            "by": Field(Ref("player_id"), "the player who takes it (default: as the action says)"),
            "note": Field(Str(), "a remark for the reader (never read by the engine)"),
        })
ACTION = M.define("action", OneKey("action", doc="one action of the scenario"))
