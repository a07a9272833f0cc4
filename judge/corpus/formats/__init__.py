"""Document formats: each turns one raw document's text into ``ParsedRule``s.

A format module exposes ``parse(text: str) -> list[ParsedRule]``.  It owns the cleaning
that its document needs (page furniture, forum residue, damaged encodings) and must keep
every rule of the document, with the 1-based line it starts on and its raw text.
"""

from __future__ import annotations

import importlib
from typing import Callable

from judge.corpus.model import ParsedRule
from judge.locale import t

# format name -> module under judge.corpus.formats
FORMATS: dict[str, str] = {
    "rise-forum": "rise",
    "sanguo-damaged": "sanguo",
    "riftbound-search": "riftbound",
    "plain": "plain",
    "official": "official",
}


def get_parser(name: str) -> Callable[[str], list[ParsedRule]]:
    """The ``parse`` function of the named format (KeyError with the valid names if unknown)."""
    if name not in FORMATS:
        raise KeyError(t("msg.source.unknown_format", name=name, formats=", ".join(sorted(FORMATS))))
    module = importlib.import_module(f"judge.corpus.formats.{FORMATS[name]}")
    return module.parse
