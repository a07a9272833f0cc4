"""Reading the project's YAML data files with errors that name the file, line and column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from judge.locale import os_reason, t

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class DataError(ValueError):
    """A data file (corpus, glossary, FAQ, sources) is missing, unreadable or not in the expected shape."""


def read_text(path: Path) -> str:
    """The UTF-8 text of ``path``; a missing, unreadable or non-UTF-8 file is a :class:`DataError`."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as e:
        raise DataError(t("msg.data.not_found", path=path)) from e
    except IsADirectoryError as e:
        raise DataError(t("msg.data.is_folder", path=path)) from e
    except UnicodeDecodeError as e:
        raise DataError(t("msg.data.not_utf8", path=path, byte=e.start)) from e
    except OSError as e:
        raise DataError(t("msg.data.unreadable", path=path, reason=os_reason(e))) from e


def read_yaml(path: Path) -> Any:
    """Parse ``path``; any failure becomes a :class:`DataError` saying which file and where."""
    text = read_text(path)
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        where = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise DataError(t("msg.data.not_yaml", path=f"{path}{where}", problem=e.problem or e.context)) from e
    except yaml.YAMLError as e:
        raise DataError(t("msg.data.not_yaml", path=path, problem=e)) from e


def expect_mapping(path: Path, data: Any, keys: tuple[str, ...] = ()) -> dict[str, Any]:
    """``data`` as a mapping holding ``keys``, or a DataError naming the file and what is missing."""
    if not isinstance(data, dict):
        raise DataError(t("msg.data.not_mapping", path=path, found=type(data).__name__))
    missing = [k for k in keys if k not in data]
    if missing:
        raise DataError(t("msg.data.missing", path=path, keys=", ".join(missing)))
    return data
