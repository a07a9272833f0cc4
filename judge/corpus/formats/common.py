"""Pieces shared by document formats: example markers and rejoining hard-wrapped lines."""

from __future__ import annotations

import re

from judge.corpus.model import Card

# An example block starts with one of these words and a colon (or a comma: 例，A部隊…), at the start of a line.
EXAMPLE_START_RE = re.compile(r"^(?:示例|例如|举例|舉例|例)\s*[：:，,]")
# A line ending here ends a paragraph; otherwise the next line continues the sentence.
_PARAGRAPH_END = "。！？；：”」』）)"


def join_wrapped(lines: list[str]) -> str:
    """Join hard-wrapped lines: no separator inside a sentence, a newline after a sentence end."""
    out = ""
    for line in (ln.strip() for ln in lines):
        if not line:
            continue
        if not out:
            out = line
        elif out[-1] in _PARAGRAPH_END:
            out += "\n" + line
        else:
            # A wrap inside a sentence; keep one space only between two Latin/digit characters.
            sep = " " if out[-1].isascii() and out[-1].isalnum() and line[0].isascii() and line[0].isalnum() else ""
            out += sep + line
    return out


def split_examples(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    """Split a rule's body lines into (rule-text lines, [example lines …])."""
    body: list[str] = []
    examples: list[list[str]] = []
    for line in lines:
        if EXAMPLE_START_RE.match(line.strip()):
            examples.append([line])
        elif examples:
            examples[-1].append(line)
        else:
            body.append(line)
    return body, examples


# “Name”是…，(其部分)描述为“text”  /  效果为“text”: a card quoted in an example.
_CARD_RE = re.compile(r"“(?P<name>[^“”]{1,20})”是[^“”。]*?(?:描述|效果)为[：:]?\s*“(?P<text>(?:[^“”]|“[^“”]*”)+)”")


def cards_in(example: str) -> list[Card]:
    """The cards an example quotes with their text (“火箭轰击”是…描述为“…”)."""
    return [Card(m.group("name"), m.group("text")) for m in _CARD_RE.finditer(example)]
