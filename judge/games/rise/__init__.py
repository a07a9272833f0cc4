"""崛起 TCG: its data (``game.yaml``) and the rules where it differs from the shared engine (``rules.py``)."""
