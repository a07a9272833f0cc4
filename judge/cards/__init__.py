"""Cards as the documents quote them: the card index behind ``judge card NAME``."""
