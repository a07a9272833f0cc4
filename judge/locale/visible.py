"""Text from user data made safe to show: control and bidirectional-override characters become visible escapes.

The terminal commands (:func:`judge.clitools.echo`) and every value a report or site page writes
(:mod:`judge.templating`) show them this way, so a scenario's title cannot drive a terminal, reorder a line or put a
NUL byte into an HTML page.
"""

from __future__ import annotations

import re

# control characters but tab and line feed, DEL, C1, bidirectional controls, and lone surrogates (bytes of a
# command-line argument that were not UTF-8): what could drive or reorder a terminal, or fail to print
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def neutral(text: str) -> str:
    """``text`` safe to show: control and bidirectional-override characters become visible escapes (``\\x1b``,
    ``\\u202e``); tabs and line breaks stay."""
    return UNSAFE.sub(lambda m: _escape(m.group()), text)
