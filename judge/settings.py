"""The judge's own settings: ``settings.toml`` in the user's data folder (beside ``corpus/``), never in the package.

One setting today, ``game``: the game the lookups default to when ``--game`` is not given (``$JUDGE_GAME`` wins over
it). A key this version does not know, a value of the wrong kind or a file that is not TOML is an error naming the
file, line and column (never ignored: a misspelt ``gmae`` would otherwise leave the judge on the wrong game).
"""

from __future__ import annotations

import re
from pathlib import Path

from judge import paths
from judge.datafile import DataError, read_bounded
from judge.locale import t

SETTINGS_FILE = "settings.toml"
KEYS = ("game",)  # each a string
MAX_BYTES = 64 * 1024


def settings_path() -> Path:
    return paths.user_data_dir() / SETTINGS_FILE


def _line_of(text: str, key: str) -> int:
    """The line where ``key`` is set (1 when it cannot be found)."""
    m = re.search(rf"^[ \t]*[\"']?{re.escape(key)}[\"']?[ \t]*=", text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else 1


def read_settings(path: Path | None = None) -> dict[str, str]:
    """The settings the file holds (none when there is no file); a :class:`DataError` for a bad one."""
    import difflib

    path = path or settings_path()
    if not path.exists():
        return {}
    raw = read_bounded(path, MAX_BYTES, "settings")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(t("msg.settings.not_utf8", path=path)) from e
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        where = re.search(r"line (\d+), column (\d+)", str(e))
        line, column = (where.group(1), where.group(2)) if where else ("1", "1")
        raise DataError(t("msg.settings.not_toml", path=path, line=line, column=column)) from e
    out: dict[str, str] = {}
    for key, value in data.items():
        if key not in KEYS:
            near = difflib.get_close_matches(key, KEYS, n=1, cutoff=0.5)
            hint = t("msg.settings.did_you_mean", word=near[0]) if near else ""
            raise DataError(t("msg.settings.unknown_key", path=path, line=_line_of(text, key), key=key,
                              keys=", ".join(KEYS), hint=hint))
        if not isinstance(value, str) or not value.strip():
            raise DataError(t("msg.settings.not_text", path=path, line=_line_of(text, key), key=key))
        out[key] = value.strip()
    return out
