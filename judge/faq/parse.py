"""Parsing an official FAQ document (規則說明與常見問答) into :class:`FaqEntry` records.

Layout of the document (``rules_corpus/raw/004_e6c65514bb1f5d81.txt``, 血海深仇, Traditional
Chinese): a title line, introduction paragraphs, a symbol legend (lines starting with ``•``),
then the questions.  A **question** is a paragraph (one line) ending with ``？``; the next
paragraph is the **short answer**; every following paragraph up to the next question is the
**explanation**, except ``相關規則：…`` lines, whose rule ids become the entry's ``cites``
(via :func:`judge.corpus.refs.extract`).  An entry may have no explanation (vendetta-06 is a
single paragraph) and many have no ``相關規則`` line.

Other publishers' FAQs (``judge faq add``) are laid out differently, and :func:`paragraphs` reads them all alike:
page furniture (page numbers, running headers) is dropped, lines hard-wrapped at the page width are joined into
their paragraph, separator lines (``——————``, ``****``) are dropped, and question and answer labels
(``Q3：``, ``问题 3：``, ``问：``, ``3.`` before a question, ``A：``, ``答：``) are taken off, so numbered and
unnumbered questions, in either script, become the same paragraphs.

The document states no publication date; :func:`find_date` looks for one in the title and
introduction (``2025-10-01``, ``2025/10/1``, ``2025年10月1日``, ``最后更新时间：2026 年7 月17 日``, English dates)
and otherwise leaves it ``None`` (``judge faq add --date`` gives it).

:func:`build_faq` reads the ``faq:`` list of ``rules_corpus/sources.yaml`` and writes one
``rules_corpus/faq/<game>-<set>.yaml`` per document with :func:`judge.corpus.store.dump_yaml`,
byte-identical for the same input.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.corpus.refs import extract
from judge.datafile import DataError
from judge.faq.model import FaqCard, FaqDocument, FaqEntry, faq_dir
from judge.locale import t

_TITLE_SUFFIX = re.compile(r"(?:規則說明與常見問答|规则说明与常见问答|常見問答|常见问答|常見問題集|常见问题集)$")
_QUESTION_END = ("？", "?")
_CITES = re.compile(r"^(?:相關規則|相关规则)\s*[:：]\s*(?P<ids>.*)$")
_LEGEND = re.compile(r"^\s*[•·●]")
_SEPARATOR = re.compile(r"^[-=—_*＊·•~～─━]{3,}$")
_QUESTION_LABEL = re.compile(r"^(?:[QＱ]\s*\d*\s*[.:：、．]|(?:问题|問題)\s*\d+\s*[.:：、．]?|[问問]\s*[:：]|\d{1,3}\s*[.、．])\s*")
_ANSWER_LABEL = re.compile(r"^(?:[AＡ]\s*\d*\s*[.:：．]|答\s*[:：]|回答\s*[:：])\s*")
_ENDS = "。！？?!；：:」』）)”"

_BRACKET = re.compile(r"「(?P<inner>[^「」]+)」")
# A bracketed text that is a quotation of rules text, not a name: punctuation, symbols, digits.
_NOT_A_NAME = re.compile(r"[\[\]，。、：；！？…,.:;!?\d\s+\-]")


class FaqError(DataError):
    """A FAQ document that cannot be parsed as expected."""


@lru_cache(maxsize=1)
def _names() -> dict[str, Any]:
    """Set ids, champion names and non-card words from ``rules_corpus/cards.yaml``."""
    import yaml

    from judge import paths

    data = yaml.safe_load((paths.corpus_dir() / "cards.yaml").read_text(encoding="utf-8")) or {}
    return {
        "sets": {name: (v["id"], v.get("en")) for name, v in (data.get("sets") or {}).items()},
        "champions": tuple(n for names in (data.get("champions") or {}).values() for n in names),
        "not_cards": frozenset(data.get("not_cards") or ()),
    }


def find_date(lines: list[str]) -> str | None:
    """The first date stated in ``lines`` as ``YYYY-MM-DD``, or None (the forms of :mod:`judge.corpus.dates`)."""
    from judge.corpus.dates import find_date as date_in

    for line in lines:
        found = date_in(line)
        if found:
            return found
    return None


_FEED_INSIDE = re.compile(r"(?<=[^\s\f])\f+(?=[^\n]*\S)")  # text on both sides, on one line


def paragraphs(text: str) -> list[tuple[int, str]]:
    """The document's paragraphs with the line each starts on (see the module docstring)."""
    from judge.corpus.formats.pages import content_lines, width, wrap_width

    lines = [ln for ln in content_lines(text).lines if not _SEPARATOR.match(ln.text)]
    ww = wrap_width([ln.text for ln in lines])
    full = ww - max(6, ww // 8)
    out: list[tuple[int, str]] = []
    joining = False
    for ln in lines:
        if joining and out and not _LEGEND.match(ln.text):
            out[-1] = (out[-1][0], out[-1][1] + ln.text)
        else:
            out.append((ln.number, ln.text))
        joining = ln.text[-1] not in _ENDS and width(ln.text) >= full
    result = []
    for n, p in out:
        if p.endswith(_QUESTION_END):
            p = _QUESTION_LABEL.sub("", p, count=1) or p
        result.append((n, _ANSWER_LABEL.sub("", p, count=1) or p))
    return result


def cards_in(text: str) -> list[FaqCard]:
    """The cards named in ``text``, in order of first appearance, without duplicates.

    ``「X」Name`` with ``Name`` a known champion → ``FaqCard(Name, epithet=X)``; ``「X」`` otherwise
    → ``FaqCard(X)`` unless X is a quotation (punctuation, digits, symbols) or a listed non-card word;
    a known champion name outside brackets → ``FaqCard(Name)`` unless the text also names it with
    an epithet.
    """
    names = sorted(_names()["champions"], key=len, reverse=True)
    found: list[tuple[int, FaqCard]] = []
    covered: list[tuple[int, int]] = []
    for m in _BRACKET.finditer(text):
        inner = m.group("inner").strip()
        after = text[m.end():]
        champ = next((n for n in names if after.startswith(n)), None)
        if champ:
            found.append((m.start(), FaqCard(champ, inner)))
            covered.append((m.start(), m.end() + len(champ)))
        else:
            covered.append((m.start(), m.end()))
            if inner in _names()["not_cards"] or _NOT_A_NAME.search(inner):
                continue
            found.append((m.start(), FaqCard(inner)))
    for name in names:
        for m in re.finditer(re.escape(name), text):
            if not any(a <= m.start() < b for a, b in covered):
                found.append((m.start(), FaqCard(name)))
                covered.append((m.start(), m.end()))
    with_epithet = {c.name for _, c in found if c.epithet}
    out: list[FaqCard] = []
    for _, card in sorted(found, key=lambda t: t[0]):
        if card.epithet is None and card.name in with_epithet:
            continue
        if card not in out:
            out.append(card)
    return out


def _cites(line: str, where: str) -> list[str]:
    m = _CITES.match(line)
    assert m
    ids = extract(line)
    items = [s for s in re.split(r"[、，,；;]", m.group("ids")) if s.strip()]
    if len(ids) != len(items):
        raise FaqError(t("msg.faq.err.cites", where=where, line=line, ids=", ".join(ids)))
    return ids


def parse_faq(text: str, *, file: str, game: str, title: str | None = None,
              script: str | None = None, slug: str | None = None, pdf: bool = False) -> FaqDocument:
    """Parse a FAQ document's text into a :class:`FaqDocument` (entries in document order)."""
    if not pdf:  # in a text file, a form feed after text on its line is no page break (pdftotext starts a line with it)
        text = _FEED_INSIDE.sub("", text)
    lines = text.split("\n")
    paras = paragraphs(text)
    if not paras:
        raise FaqError(t("msg.faq.err.empty", file=file))
    doc_title = title or paras[0][1]
    set_name = _TITLE_SUFFIX.sub("", doc_title).strip() or doc_title
    known = _names()["sets"].get(set_name)
    slug = slug or (known[0] if known else Path(file).stem)
    set_en = known[1] if known else None

    q_idx = [k for k, (_, p) in enumerate(paras) if p.endswith(_QUESTION_END)]
    if not q_idx:
        raise FaqError(t("msg.faq.err.no_question", file=file))
    head = paras[1 : q_idx[0]]  # the first line is the document's own title
    intro = [p for _, p in head if not _LEGEND.match(p)]
    legend = [lines[n - 1].rstrip().replace("\u00a0", " ") for n, p in head if _LEGEND.match(p)]
    date = find_date([paras[0][1], *(p for _, p in head)])

    entries: list[FaqEntry] = []
    bounds = q_idx + [len(paras)]
    for n, (start, end) in enumerate(zip(bounds, bounds[1:]), 1):
        line, question = paras[start]
        eid = f"{slug}-{n:02d}"
        body = [p for _, p in paras[start + 1 : end]]
        cites: list[str] = []
        rest: list[str] = []
        for p in body:
            if _CITES.match(p):
                cites += [c for c in _cites(p, f"{file}:{eid}") if c not in cites]
            else:
                rest.append(p)
        if not rest:
            raise FaqError(t("msg.faq.err.no_answer", file=file, line=line, id=eid))
        answer, explanation = rest[0], rest[1:]
        entries.append(
            FaqEntry(
                id=eid,
                game=game,
                set=set_name,
                set_en=set_en,
                date=date,
                question=question,
                answer=answer,
                explanation=explanation,
                cites=cites,
                cards=cards_in(question + "\n" + answer),
                file=Path(file).name,
                line=line,
            )
        )
    return FaqDocument(
        game=game,
        set=set_name,
        set_en=set_en,
        slug=slug,
        title=doc_title,
        file=Path(file).name,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        script=script,
        date=date,
        intro=intro,
        legend=legend,
        entries=entries,
    )


def read_faq_sources(root: Path) -> list[dict[str, Any]]:
    """The ``faq:`` list of ``<root>/sources.yaml`` (each item has ``file`` and ``game``)."""
    from judge.corpus.build import read_sources

    return list(read_sources(root).get("faq") or [])


def build_faq(root: Path | None = None, out: Path | None = None) -> list[Path]:
    """Parse every FAQ listed under ``faq:`` in sources.yaml into ``<out>/faq/<game>-<set>.yaml``.

    ``root`` is the corpus folder (default ``rules_corpus/``); ``out`` defaults to ``root``.
    Returns the written paths.  The same input gives byte-identical files.
    """
    from judge import paths
    from judge.corpus.store import dump_yaml
    from judge.datafile import atomic_write

    root = root or paths.corpus_dir()
    folder = faq_dir(out or root)
    written = []
    for item in read_faq_sources(root):
        path = root / item["file"]
        try:
            raw = path.read_bytes()
        except FileNotFoundError as e:
            raise FaqError(t("msg.faq.err.missing", path=path)) from e
        doc = parse_faq(
            raw.decode("utf-8"),
            file=item["file"],
            game=item["game"],
            title=item.get("title"),
            script=item.get("script"),
            slug=item.get("set"),
        )
        doc.sha256 = hashlib.sha256(raw).hexdigest()
        folder.mkdir(parents=True, exist_ok=True)
        dest = folder / doc.filename
        atomic_write(dest, dump_yaml(doc.to_dict()))  # a killed build leaves the old file or the new one
        written.append(dest)
    return written
