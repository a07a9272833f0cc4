"""Cards as printed: a card's printed text read clause by clause into the scenario language, by the phrase templates
each game keeps as data (judge/games/<game>/printed.yaml); a clause no template covers is refused, never guessed."""
