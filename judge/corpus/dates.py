"""The date and version a document states, in the forms publishers write them.

``最后更新时间：2026 年7 月17 日``, ``最后更新 2026-10-10``, ``更新日期：2026/10/10``, ``2026年7月17日``,
``Last updated: July 17, 2026``, ``17 July 2026``, ``2026-07-17``; versions ``1.00 版``, ``版本 1.2``,
``v1.2``, ``Version 1.2``. A date after an update label (最后更新, 更新日期, 发布, 生效, last updated, effective …)
wins over a bare date; the first wins among equals. Dates come out as ``YYYY-MM-DD``.

:func:`rules_document_date` reads the narrower header line of a raw rules document
(``《符文战场》核心规则 · 最后更新 2026-10-10 · …``): the date the FAQ check and the report stamp go by.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HEAD_LINES = 40  # where a document states its date: the title page
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_MONTH = r"(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
_DATES = [
    re.compile(r"(?P<y>(?:19|20)\d\d)\s*年\s*(?P<m>\d{1,2})\s*月\s*(?P<d>\d{1,2})\s*[日号號]"),
    re.compile(r"(?<!\d)(?P<y>(?:19|20)\d\d)\s*[-/.／]\s*(?P<m>\d{1,2})\s*[-/.／]\s*(?P<d>\d{1,2})(?!\d)"),
    re.compile(rf"\b{_MONTH}\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>(?:19|20)\d\d)\b", re.IGNORECASE),
    re.compile(rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+{_MONTH},?\s+(?P<y>(?:19|20)\d\d)\b", re.IGNORECASE),
]
_LABEL = re.compile(r"(?:最后更新|最後更新|更新日期|更新时间|更新時間|更新于|更新於|发布|發佈|發布|生效|修订|修訂|"
                    r"last\s+updated|updated|effective|revised|published)", re.IGNORECASE)
_VERSIONS = [
    re.compile(r"(?<![\d.])(?P<v>\d+(?:\.\d+)+)\s*版"),
    re.compile(r"版本\s*[:：]?\s*[vV]?(?P<v>\d+(?:\.\d+)*)"),
    re.compile(r"\b(?:version|ver\.?|v)\s*(?P<v>\d+(?:\.\d+)+)\b", re.IGNORECASE),
]


@dataclass(frozen=True)
class Stated:
    """A document's date (``YYYY-MM-DD``) and version label, as stated, with the line that states each."""

    date: str | None = None
    version: str | None = None
    date_line: int | None = None
    version_line: int | None = None


def find_date(text: str) -> str | None:
    """The first valid date in ``text`` (``YYYY-MM-DD``), or None."""
    found = _dates(text)
    return found[0][1] if found else None


def _dates(text: str) -> list[tuple[int, str]]:
    """(position, date) of every valid date in ``text``, in order."""
    out = []
    for rx in _DATES:
        for m in rx.finditer(text):
            g = m.groupdict()
            month = _MONTHS[g["mon"][:3].lower()] if g.get("mon") else int(g["m"])
            y, d = int(g["y"]), int(g["d"])
            if 1 <= month <= 12 and 1 <= d <= 31:
                out.append((m.start(), f"{y:04d}-{month:02d}-{d:02d}"))
    return sorted(out)


def read(text: str, head: int = HEAD_LINES) -> Stated:
    """The date and version the first ``head`` lines of a document state."""
    date = version = None
    date_line = version_line = None
    labelled = False
    for n, line in enumerate(text.split("\n")[:head], 1):
        found = _dates(line)
        if found and (date is None or (not labelled and _LABEL.search(line))):
            date, date_line, labelled = found[0][1], n, bool(_LABEL.search(line))
        if version is None:
            for rx in _VERSIONS:
                m = rx.search(line)
                if m:
                    version, version_line = m["v"], n
                    break
    return Stated(date, version, date_line, version_line)


def parse_date(value: str) -> str | None:
    """A date a judge typed (``--date``) in any of the forms above, as ``YYYY-MM-DD``; None if it is not one."""
    found = _dates(value.strip())
    return found[0][1] if found else None


_RULES_DATE = re.compile(
    r"(?:最后更新|最後更新|更新日期|更新于|更新於)\s*[:：]?\s*(?P<y>\d{4})\s*[-/年.]\s*(?P<m>\d{1,2})\s*[-/月.]\s*(?P<d>\d{1,2})"
)


def rules_document_date(raw: Path) -> str | None:
    """The ``最后更新 YYYY-MM-DD`` date in the first lines of a raw rules document, or None."""
    try:
        with raw.open(encoding="utf-8") as f:
            head = [next(f, "") for _ in range(10)]
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    for line in head:
        m = _RULES_DATE.search(line)
        if m:
            return f"{int(m['y']):04d}-{int(m['m']):02d}-{int(m['d']):02d}"
    return None
