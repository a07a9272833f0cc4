"""Text from a rules document's PDF, page by page (``judge corpus add rules.pdf``).

PDFium (through ``pypdfium2``, imported only here) reads the text in each page's order, CJK fonts included
(embedded subsets with their ToUnicode maps, and the standard Adobe CJK encodings). Pages are joined with a
form feed, which :mod:`judge.corpus.formats.pages` takes as a page break, so running headers, footers and page
numbers are recognised at its edges. A PDF with no text (a scan) or one PDFium cannot open is refused.
"""

from __future__ import annotations

import re

from judge.datafile import DataError
from judge.locale import t

MAGIC = b"%PDF-"
# control characters PDFium writes for layout (soft hyphens as U+0002, U+FFFE): not text
_LAYOUT = re.compile("[\x00-\x08\x0b\x0e-\x1f\ufffe]")
MAX_PAGES = 2000
MAX_STREAM = 128 * 1024 * 1024  # bytes one stream of the PDF may inflate to (a page's text needs well under 1 MB) …
MAX_INFLATED = 1024 * 1024 * 1024  # … and all its streams together: a PDF that inflates past these is a bomb
_STREAM = re.compile(rb"stream\r?\n")


class PdfError(DataError):
    """A PDF that cannot be read as text."""


def is_pdf(raw: bytes) -> bool:
    """True when the bytes are a PDF (its header, possibly after a little leading junk, as readers allow)."""
    return MAGIC in raw[:1024]


def to_text(raw: bytes, name: str) -> str:
    """The text of every page of the PDF ``raw``, pages separated by form feeds, lines by ``\\n``."""
    import pypdfium2 as pdfium

    _check_inflation(raw, name)
    try:
        pdf = pdfium.PdfDocument(raw)
    except pdfium.PdfiumError as e:
        raise PdfError(t("msg.corpus.ingest.pdf_unreadable", name=name, reason=e)) from None
    try:
        if len(pdf) > MAX_PAGES:
            raise PdfError(t("msg.corpus.ingest.pdf_pages", name=name, pages=len(pdf), limit=MAX_PAGES))
        pages = []
        for i in range(len(pdf)):
            page = pdf[i]
            textpage = page.get_textpage()
            pages.append(textpage.get_text_range().replace("\r\n", "\n").replace("\r", "\n").replace("\f", ""))
            textpage.close()
            page.close()
    finally:
        pdf.close()
    text = _LAYOUT.sub("", "\f".join(pages))
    if not text.strip():
        raise PdfError(t("msg.corpus.ingest.pdf_no_text", name=name, pages=len(pages)))
    return text


def _check_inflation(raw: bytes, name: str) -> None:
    """Refuse a PDF whose compressed streams inflate past :data:`MAX_STREAM` each or :data:`MAX_INFLATED` in all,
    before PDFium inflates them in memory (a 3 MB file can hold 800 MB): each stream is inflated here in chunks
    that are counted and dropped, never kept."""
    import zlib

    total = 0
    pos = 0
    while True:
        m = _STREAM.search(raw, pos)
        if m is None:
            return
        end = raw.find(b"endstream", m.end())
        end = len(raw) if end < 0 else end
        pos = end + len(b"endstream")
        inflater = zlib.decompressobj()
        data, size = raw[m.end():end], 0
        try:
            while data:
                size += len(inflater.decompress(data, 1 << 20))
                data = inflater.unconsumed_tail
                if size > MAX_STREAM or total + size > MAX_INFLATED:
                    limit = MAX_STREAM if size > MAX_STREAM else MAX_INFLATED
                    raise PdfError(t("msg.corpus.ingest.pdf_bomb", name=name, limit=f"{limit // (1024 * 1024):,}"))
        except zlib.error:
            pass  # not a deflated stream (an image in another encoding …): PDFium reads it as it is
        total += size
