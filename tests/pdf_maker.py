"""PDFs of generated rules documents, printed by Debian's Chromium (Playwright, no browser download).

The page is the document of :mod:`official_doc` as a publisher lays it out: each rule number on its own line,
headings under it, paragraphs wrapped by the browser at the page width, lists one item a line; the running
header and the footer with the page number are Chromium's own page furniture, printed on every page.
"""

from __future__ import annotations

import html
from pathlib import Path

import official_doc
from chromium import chromium  # Debian's Chromium, or a skip (a failure when CI=true)

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]


def page_html(doc: official_doc.Document) -> str:
    """The document as one HTML page (title page, then the rules)."""
    out = [f"<h1>{html.escape(official_doc.TITLE)}</h1>", f"<p>{html.escape(official_doc.DATE_LINE)}</p>"]
    for r in doc.rules:
        if r.part:
            out.append(f"<h2>{r.id}. {html.escape(r.title or '')}</h2>")
            continue
        out.append(f"<p class=id>{r.id}.</p>")
        if r.title:
            out.append(f"<p class=h>{html.escape(r.title)}</p>")
        out += [f"<p>{html.escape(para)}</p>" for para in r.text.split("\n") if para]
        out += [f"<p>{html.escape(item)}</p>" for item in r.items]
        out += [f"<p>{html.escape(ex)}</p>" for ex in r.examples]
    style = ("body{font-family:'WenQuanYi Micro Hei',sans-serif;font-size:11pt;line-height:1.4}"
             "p{margin:0 0 2pt 0}h2{font-size:13pt;margin:6pt 0}.h{font-weight:bold}")
    return f"<!doctype html><html lang=zh-Hans><meta charset=utf-8><style>{style}</style><body>{''.join(out)}</body></html>"


def print_pdf(doc: official_doc.Document, dest: Path) -> Path:
    """Print ``doc`` to ``dest`` (A5 pages, a running header and a numbered footer on each)."""
    from playwright.sync_api import sync_playwright

    page_file = dest.with_suffix(".html")
    page_file.write_text(page_html(doc), encoding="utf-8")
    small = "font-family:'WenQuanYi Micro Hei',sans-serif;font-size:8px;width:100%;text-align:center"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=ARGS)
        try:
            page = browser.new_page()
            page.goto(page_file.as_uri())
            page.pdf(
                path=str(dest), format="A5", display_header_footer=True,
                header_template=f"<div style=\"{small}\">{html.escape(official_doc.HEADER)}</div>",
                footer_template=f"<div style=\"{small}\">{html.escape(official_doc.FOOTER)} - <span class=pageNumber></span> -</div>",
                margin={"top": "18mm", "bottom": "18mm", "left": "14mm", "right": "14mm"},
            )
        finally:
            browser.close()
    return dest
