"""A Three-Kingdoms TCG: its data (``game.yaml``, Traditional Chinese as its document writes it) and the rules where it
differs from the shared engine (``rules.py``)."""
