"""The scenario language: every word a file may write, declared once with its shape, meaning check, handler, trace
phrases and rule keys (:mod:`.words`); shapes that check values and write the JSON Schema (:mod:`.shapes`); a game's
vocabulary from the mechanisms it lists (:mod:`.vocabulary`)."""
