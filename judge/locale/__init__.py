"""The judge's language and its words: Chinese unless ``--lang en`` or an ``en`` locale asks for English.

The words live in ``judge/locale/<lang>.json`` (nested keys, read as dotted keys: ``msg.rule.not_found``).
They are JSON, not YAML, because every command reads them while starting: the json module and one file
cost about 1.5 ms where PyYAML alone costs about 14 ms (``python -X importtime``). Only the standard
library is imported here.

Beside the words, the package holds what the script of a text decides: its width on a terminal (``width``) and
its folding from Traditional to Simplified (``folding``, with the table of ``t2s_changes``).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Any, Mapping, Sequence

LANGS = ("zh", "en")
DEFAULT = "zh"
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence: the first one set decides

_DIR = os.path.dirname(os.path.abspath(__file__))  # os.path, not pathlib: pathlib costs ~3 ms to import
_chosen: list[str] = []  # the language chosen for this run (by `set_lang`), or empty: the locale decides


def from_locale(environ: Mapping[str, str] | None = None) -> str:
    """``en`` when the locale (LC_ALL, else LC_MESSAGES, else LANG) starts with ``en``; otherwise ``zh``."""
    env = os.environ if environ is None else environ
    for var in LOCALE_VARS:
        value = env.get(var)
        if value:
            return "en" if value.lower().startswith("en") else DEFAULT
    return DEFAULT


def from_args(args: Sequence[str]) -> str | None:
    """The value of a ``--lang`` option among command-line ``args`` (before a ``--``), if it names a language."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in LANGS:
            return value
    return None


def set_lang(lang: str | None) -> None:
    """Use ``lang`` for what follows (None: go back to the locale's language)."""
    _chosen[:] = [lang] if lang in LANGS else []


def current() -> str:
    """The language in use: the one set for this run, else the locale's."""
    return _chosen[0] if _chosen else from_locale()


def _flatten(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


@lru_cache(maxsize=None)
def words(lang: str) -> dict[str, str]:
    """Every phrase of ``lang`` by dotted key (read once per process)."""
    with open(os.path.join(_DIR, f"{lang}.json"), encoding="utf-8") as f:
        return _flatten(json.load(f))


def t(key: str, /, lang: str | None = None, **values: object) -> str:
    """The phrase ``key`` in ``lang`` (default: the language in use), ``{name}`` fields filled from ``values``."""
    text = words(lang or current())[key]
    return text.format(**values) if values else text


def has(key: str, lang: str | None = None) -> bool:
    """True when ``lang`` (default: the language in use) has a phrase for ``key``."""
    return key in words(lang or current())


def os_reason(error: OSError) -> str:
    """What the operating system said, in the language in use when its errno has an entry (``msg.os.ENOENT``)."""
    import errno

    name = errno.errorcode.get(error.errno or 0, "")
    return t(f"msg.os.{name}") if name and has(f"msg.os.{name}") else error.strerror or str(error)


def join(items: Sequence[str], lang: str | None = None) -> str:
    """``items`` as a list in running text: 、 between them in Chinese, ", " in English."""
    return t("list_sep", lang).join(items)
