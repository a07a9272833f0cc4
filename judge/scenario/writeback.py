"""Writing answers into a scenario file's ``choices:``, keeping the rest of the file as the judge wrote it.

The answers are added as lines of text, not by rewriting the YAML: comments, key order, quoting and layout stay.
A ``choices:`` block gets the new entries after its last one, in its own indentation; a one-line flow list
(``choices: [a, b]``, ``choices: []``) gets them inside its brackets; a file without the key gets it at the end.
Whatever the edit, the new text is read back and must hold the old entries followed by the new ones, else nothing
is written (:func:`with_choices` returns None and the caller shows the lines to paste).
"""

from __future__ import annotations

import re
from typing import Any

_KEY = re.compile(r"^choices[ \t]*:[ \t]*(?P<rest>[^\n]*)$", re.M)


def _parsed_choices(text: str) -> list[Any] | None:
    from judge.scenario.parse import parse
    from judge.scenario.problems import ScenarioError

    try:
        data, _ = parse(text, "<choices>")
    except ScenarioError:
        return None
    if not isinstance(data, dict):
        return None
    found = data.get("choices")
    return [] if found is None else found if isinstance(found, list) else None


def _comment_free(rest: str) -> str:
    return re.sub(r"[ \t]+#.*$", "", rest).strip()


def _block_end(lines: list[str], key_line: int) -> tuple[int, str]:
    """The index after the last line of the block sequence under ``key_line``, and its items' indentation."""
    indent, last = None, key_line
    for i in range(key_line + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        lead = line[: len(line) - len(line.lstrip())]
        if lead == "" and not stripped.startswith("- ") and stripped != "-":
            break  # the next top-level key
        if indent is None and stripped.startswith("-"):
            indent = lead
        last = i
    return last + 1, "  " if indent is None else indent


def with_choices(text: str, entries: list[str]) -> str | None:
    """``text`` with ``entries`` (flow mappings such as ``{for: strike, target: osaro}``) added to its ``choices:``;
    None when the file's ``choices:`` cannot be extended that way (it is not a list, or the edit would not read back
    as the old entries followed by the new ones)."""
    if not entries:
        return text
    old = _parsed_choices(text)
    if old is None:
        return None
    m = _KEY.search(text)
    if m is None:
        new = text + ("" if text.endswith("\n") or not text else "\n") + "choices:\n" + "".join(f"  - {e}\n" for e in entries)
    else:
        rest = _comment_free(m.group("rest"))
        if rest.startswith("[") and rest.endswith("]"):  # a one-line flow list
            inside = rest[1:-1].strip()
            items = ", ".join([inside, *entries] if inside else entries)
            start = m.start("rest")
            new = text[:start] + m.group("rest").replace(rest, f"[{items}]", 1) + text[m.end("rest"):]
        elif rest == "":  # a block sequence below the key (or none yet)
            lines = text.split("\n")
            key_line = text.count("\n", 0, m.start())
            end, indent = _block_end(lines, key_line)
            lines[end:end] = [f"{indent}- {e}" for e in entries]
            new = "\n".join(lines)
        else:
            return None
    try:
        added = [_flow(e) for e in entries]
    except ValueError:
        return None
    return new if _parsed_choices(new) == [*old, *added] else None


def _flow(entry: str) -> Any:
    """What an entry's text reads as (through the same parser the scenario files go through)."""
    found = _parsed_choices(f"choices:\n  - {entry}\n")
    if not found or len(found) != 1:
        raise ValueError(entry)
    return found[0]
