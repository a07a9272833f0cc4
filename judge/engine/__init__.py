"""The rules engine: plain-data state, the response chain, targets, triggers, resolution and the trace.

A generic core: it names the rules it applies by rule keys, and each game's data (judge/games/<game>/) maps them to
that game's rule ids. Nothing here knows a card's name (cards are data) or a game's rule numbers.
"""
