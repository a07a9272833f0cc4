"""Official FAQ rulings: parsed entries (``model``, ``parse``), their checks and commands."""
