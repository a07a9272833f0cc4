"""Reading a generated HTML page (a report, a site page) the way the offline checks need it: its ids, links, tags and
inline styles, and the assert that nothing in it leaves the file system."""

from __future__ import annotations

import re
from html.parser import HTMLParser


class Page(HTMLParser):
    """Every element id, every href/src, the tags used and the inline style text of a page."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: set[str] = set()
        self.styles = ""
        self._in_style = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self._in_style = tag == "style"
        for k, v in attrs:
            if k == "id" and v:
                self.ids.append(v)
            if k in ("href", "src", "action", "srcset", "poster", "data") and v is not None:
                self.links.append(v)
            if k == "style" and v:
                self.styles += v

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles += data


def assert_offline(page: Page, scripts: bool = False) -> None:
    """No URL that leaves the file system: no scheme, no protocol-relative link, no CSS import or url().
    With ``scripts``, ``<script src>`` of a relative path is allowed (the site's search); a report has none."""
    for link in page.links:
        assert not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", link), link
    banned = {"link", "img", "iframe", "object", "embed", "video", "audio", "source"} | (set() if scripts else {"script"})
    assert not page.tags & banned
    assert "url(" not in page.styles and "@import" not in page.styles
