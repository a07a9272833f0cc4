"""Reading a rules document's bytes as text: UTF-8 (with or without BOM), GB18030/GBK or Big5, detected or named.

Chinese rules documents come in all of these. Detection: a UTF-8 BOM, else strict UTF-8, else whichever of GB18030
and Big5 decodes the bytes, and when both do, the one whose characters fall most often in its own common-character
area (GB2312 level 1 for GB, Big5 level 1 for Big5). An undecodable document is an error naming the line and byte
of its first bad byte; so is a control character that plain text does not have.
"""

from __future__ import annotations

import codecs
import re

from judge.datafile import DataError
from judge.locale import join, t

# the encodings a document may be read in (--encoding), by the names Python's codecs know them
ENCODINGS = ("utf-8", "utf-8-sig", "gb18030", "gbk", "gb2312", "big5", "cp950", "big5hkscs")
_DETECT = ("gb18030", "big5", "cp950")  # tried in order after UTF-8; cp950 is Windows' Big5 (a few more characters)
# control characters (C0 but tab, line feed, form feed and carriage return; DEL; C1) and the bidirectional
# controls that reorder what a terminal shows (U+061C, U+200E/F, U+202A–E, U+2066–9)
NOT_PLAIN = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class DecodeError(DataError):
    """A document whose bytes are not text in any encoding it may have (or in the one named)."""


def encoding_name(name: str) -> str:
    """The canonical name of an encoding the user named (``--encoding``), or a DecodeError listing the valid ones."""
    try:
        canon = codecs.lookup(name).name
    except (LookupError, ValueError, TypeError):
        canon = ""
    valid = {codecs.lookup(e).name: e for e in ENCODINGS}
    if canon not in valid:
        raise DecodeError(t("msg.corpus.err.encoding", name=name, valid=join(list(ENCODINGS))))
    return valid[canon]


def _where(raw: bytes, pos: int) -> str:
    """``line L, byte B (0xNN)`` for the byte at ``pos``: what a judge needs to find it in an editor."""
    line = raw.count(b"\n", 0, pos) + 1
    col = pos - (raw.rfind(b"\n", 0, pos) + 1) + 1
    return t("msg.corpus.err.where", line=line, byte=col, value=f"0x{raw[pos]:02x}")


def _common_share(text: str, encoding: str) -> float:
    """The share of non-ASCII characters whose bytes in ``encoding`` fall in its common-character area."""
    common = total = 0
    for ch in text:
        if ch < "\x80":
            continue
        total += 1
        b = ch.encode(encoding)
        if len(b) != 2:
            continue
        lead, trail = b[0], b[1]
        if encoding == "gb18030":
            # GB2312 punctuation (A1–A3) and level-1 characters (B0–D7), trail A1–FE
            common += (0xA1 <= lead <= 0xA3 or 0xB0 <= lead <= 0xD7) and 0xA1 <= trail <= 0xFE
        else:
            # Big5 punctuation (A140–A3BF) and level-1 characters (A440–C67E)
            common += 0xA140 <= (lead << 8 | trail) <= 0xC67E
    return common / total if total else 0.0


def decode(raw: bytes, name: str, encoding: str | None = None) -> tuple[str, str]:
    """The document's text and the encoding it was read in (``utf-8-sig`` when it starts with a BOM)."""
    if encoding is not None:
        enc = encoding_name(encoding)
        if enc == "utf-8" and raw.startswith(codecs.BOM_UTF8):
            enc = "utf-8-sig"  # a BOM is never part of the text
        try:
            return raw.decode(enc), enc
        except UnicodeDecodeError as e:
            raise DecodeError(t("msg.corpus.err.not_encoding", name=name, encoding=enc, where=_where(raw, e.start))) from None
    if raw.startswith(codecs.BOM_UTF8):
        try:
            return raw.decode("utf-8-sig"), "utf-8-sig"
        except UnicodeDecodeError as e:
            raise DecodeError(t("msg.corpus.err.bom", name=name, where=_where(raw, e.start))) from None
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as e:
        first_bad = e.start
    found: list[tuple[str, str]] = []
    for enc in _DETECT:
        if enc == "cp950" and any(f[0] == "big5" for f in found):
            continue
        try:
            found.append((enc, raw.decode(enc)))
        except UnicodeDecodeError:
            continue
    if not found:
        raise DecodeError(t("msg.corpus.err.undecodable", name=name, where=_where(raw, first_bad), valid=join(list(ENCODINGS))))
    enc, text = max(found, key=lambda f: _common_share(f[1], f[0]))  # max keeps the first (GB18030) on a tie
    return text, enc


def check_plain(text: str, name: str) -> None:
    """A DecodeError naming the first character plain text does not hold: controls that drive a terminal
    (escape sequences), C1 controls, bidirectional overrides. Tabs, line and page breaks are fine."""
    m = NOT_PLAIN.search(text)
    if m is None:
        return
    line = text.count("\n", 0, m.start()) + 1
    col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    raise DecodeError(t("msg.corpus.err.document_control", name=name, line=line, column=col, code=f"U+{ord(m.group()):04X}"))
