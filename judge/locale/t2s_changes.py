"""The characters OpenCC's ``t2s`` conversion can change, so that most text is folded without loading OpenCC.

``t2s_changes.txt`` (beside this module) holds, after its comment lines, three lines: the characters whose conversion
depends on the characters around them; the characters t2s changes the same way wherever they stand; what each of
those becomes.  :func:`derive` finds them from the dictionaries of the pinned OpenCC wheel (its ``opencc_dict`` tool
writes each one out as text) and ``python -m judge.locale.t2s_changes`` rewrites the file (a test checks the two
agree).

Which characters can change: every character that is itself a key with another value, and for a longer key with
another value (a phrase) the characters its value changes (all of them when the lengths differ) unless it already
contains one.  Text without any of them is its own conversion: the conversion replaces each key it matches by its
value, and every key that would change something contains one.  Of these, a character that is part of no longer key
(nor is the character normalisation makes of it) is always a key of its own, converted the same way wherever it
stands: text whose changing characters are all such is converted one character at a time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

CHANGES_PATH = Path(__file__).resolve().parent / "t2s_changes.txt"
CONFIG = "t2s.json"
HEADER = (
    "# Written by `python -m judge.locale.t2s_changes` from the dictionaries of the pinned OpenCC (t2s); do not edit.\n"
    "# Line 1: characters t2s changes depending on their neighbours; line 2: characters it changes the same way\n"
    "# wherever they stand; line 3: what each character of line 2 becomes.\n"
)


class Changes(NamedTuple):
    """What t2s changes: characters that need OpenCC, and the ones that map one for one."""

    contextual: str
    single: str
    becomes: str


def _opencc_dir() -> Path:
    import opencc

    return Path(opencc.__file__).resolve().parent / "clib"


def _dictionaries(steps: list[dict[str, Any]]) -> list[str]:
    """The dictionary files of a config's steps, groups opened."""
    files: list[str] = []

    def walk(d: dict[str, Any]) -> None:
        if d.get("type") == "group":
            for sub in d.get("dicts") or []:
                walk(sub)
        elif "file" in d:
            files.append(d["file"])

    for step in steps:
        walk(step["dict"])
    return files


def _changed(key: str, value: str) -> set[str]:
    if len(key) != len(value):
        return set(key)
    return {k for k, v in zip(key, value) if k != v}


def entries(names: list[str]) -> list[tuple[str, str]]:
    """``(key, first value)`` of every entry of the named dictionaries of the installed OpenCC."""
    import subprocess
    import tempfile

    clib = _opencc_dir()
    share = clib / "share" / "opencc"
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            dump = Path(tmp) / f"{name}.txt"
            subprocess.run([str(clib / "bin" / "opencc_dict"), "-i", str(share / name), "-o", str(dump),
                            "-f", "ocd2", "-t", "text"], check=True, capture_output=True)
            for line in dump.read_text(encoding="utf-8").splitlines():
                key, _, values = line.partition("\t")
                if key and values:
                    out.append((key, values.split(" ")[0]))
    return out


def config() -> dict[str, Any]:
    import json

    return json.loads((_opencc_dir() / "share" / "opencc" / CONFIG).read_text(encoding="utf-8"))


def derive() -> Changes:
    """What t2s changes (see the module docstring), from the installed OpenCC's own dictionaries."""
    import opencc

    cfg = config()
    normal = entries(_dictionaries(cfg.get("normalization") or []))
    conversion = entries(_dictionaries(cfg.get("conversion_chain") or []))
    changing = sorted((k, v) for k, v in normal + conversion if k != v)
    chars = {key for key, _ in changing if len(key) == 1}
    for key, value in changing:
        if len(key) > 1 and not chars.intersection(key):
            chars |= _changed(key, value)
    in_phrases = {c for key, _ in normal + conversion if len(key) > 1 for c in key}
    normalised = dict(normal)
    converter = opencc.OpenCC("t2s")
    single: dict[str, str] = {}
    for c in sorted(chars):
        out = converter.convert(c)
        if c not in in_phrases and normalised.get(c, c) not in in_phrases and len(out) == 1:
            single[c] = out
    contextual = "".join(c for c in sorted(chars) if c not in single)
    return Changes(contextual, "".join(single), "".join(single.values()))


def shipped() -> Changes:
    """The three lines of ``t2s_changes.txt``."""
    lines = [line for line in CHANGES_PATH.read_text(encoding="utf-8").split("\n") if not line.startswith("#")]
    return Changes(*(lines + ["", "", ""])[:3])


def write(changes: Changes) -> None:
    CHANGES_PATH.write_text(HEADER + "\n".join(changes) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(derive())
    got = shipped()
    print(f"{CHANGES_PATH}: {len(got.contextual)} characters in context, {len(got.single)} one for one")
