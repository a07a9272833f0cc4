"""Small pieces the command modules share: JSON output, the unknown-game message, terminal-safe text.

Only the standard library and click are imported here, so every command module may use it
without slowing ``judge --help``.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Iterable, NoReturn

import click


def dump_json(data: object) -> None:
    """Print ``data`` as indented JSON, Chinese text as is (control and bidirectional characters escaped)."""
    click.echo(json_text(data))


def json_text(data: object) -> str:
    """``data`` as indented JSON, Chinese text as is; characters that could drive or reorder a terminal (and bytes
    that were not UTF-8) as ``\\uXXXX`` escapes, which JSON readers turn back into the same text."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(data, ensure_ascii=False, indent=2))


def unknown_game(game: str, valid: Iterable[str]) -> NoReturn:
    """Say the game id is unknown and which are valid (in the corpus's order); exit 2."""
    known = ", ".join(valid) or "(none: run `judge corpus build`)"
    click.echo(f"error: unknown game {game!r}; valid games: {known}", err=True)
    sys.exit(2)


# control characters but tab and line feed, DEL, C1, bidirectional controls, and lone surrogates (bytes of a
# command-line argument that were not UTF-8): what could drive or reorder a terminal, or fail to print
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def neutral(text: str) -> str:
    """``text`` safe to show on a terminal: control and bidirectional-override characters from user data become
    visible escapes (``\\x1b``, ``\\u202e``); tabs and line breaks stay."""
    return _UNSAFE.sub(lambda m: _escape(m.group()), text)


def echo(text: str, err: bool = False) -> None:
    """``click.echo`` of text that may hold user data, neutralised (:func:`neutral`)."""
    click.echo(neutral(text), err=err)
