"""The rules engine: plain-data state, the response chain, targets, triggers, resolution and the trace.

Part 1 implements 崛起 TCG rules 706–713 and 802.1. Nothing here knows a card's name: cards are data.
"""
