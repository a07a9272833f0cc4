"""Ruling reports (HTML/Markdown), the static cross-linked site of the corpus, and rule coverage."""
