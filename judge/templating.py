"""The one Jinja2 environment over ``templates/``, for ruling reports, the site and the FAQ check's HTML page.

Autoescaping is on and an undefined name is an error; the templates are found where :func:`judge.paths.templates_dir`
says (beside the package in a checkout, inside it when installed). Markdown templates escape values with the ``md``
filter (:func:`md_inline`) and write linked segments with ``md_segs``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from judge import paths
from judge.locale.visible import neutral


def environment() -> Any:
    """The Jinja2 environment over ``templates/``: autoescaping on, undefined names are errors. One per templates
    folder in a process, so each template is compiled once (a site renders 160 reports from the same templates)."""
    return _environment(str(paths.templates_dir()))


@lru_cache(maxsize=4)
def _environment(folder: str) -> Any:
    import jinja2
    from markupsafe import Markup

    def visible(value: Any) -> Any:
        """Every value a template writes, with control and bidirectional-override characters as visible escapes (a
        NUL byte or an escape sequence in a scenario's title never reaches a page); escaped markup stays markup."""
        if isinstance(value, Markup):
            return Markup(neutral(str(value)))
        return neutral(value) if isinstance(value, str) else value

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=visible,
    )

    def md(value: Any) -> Markup:
        return Markup(md_inline(value))

    def md_segs(segs: list[dict[str, Any]]) -> Markup:
        """Segments as Markdown: text escaped, a link to a rule's block as ``[text](#r-…)`` (anchors are safe ids;
        steps have no anchor in Markdown, so their links stay text)."""
        out = []
        for s in segs:
            text = md_inline(s["text"])
            href = s.get("href")
            out.append(f"[{text}]({href})" if href and re.fullmatch(r"#r-[0-9A-Za-z._-]+", href) else text)
        return Markup("".join(out))

    env.filters["md"] = md
    env.filters["md_segs"] = md_segs
    return env


def md_inline(value: Any) -> str:
    """Markdown-safe inline text that reads as given in the file too: every character Markdown could read as syntax
    (HTML's ``<``, ``>`` and ``&`` included) is backslash-escaped, never turned into an entity; bare URLs cannot
    autolink; control characters are dropped; the lines of a value are joined into one (a paragraph's own lines)."""
    text = "".join(ch for ch in str(value) if ch in "\n\t" or not (ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0))
    text = _MD_SYNTAX.sub(lambda m: "\\" + m.group(0), text)
    lines = [_MD_LINE_START.sub(lambda m: (m.group(1) or m.group(3) or "") + "\\" + (m.group(2) or m.group(4)), line.strip())
             for line in text.split("\n")]
    return join_lines(line for line in lines if line)


def join_lines(lines: Any) -> str:
    """Lines of one paragraph as one: a space between them, except between two Chinese characters."""
    out = ""
    for line in lines:
        if out and line and not (_wide(out[-1]) and _wide(line[0])):
            out += " "
        out += line
    return out


def paragraphs(text: Any) -> list[str]:
    """A note as its author wrote it: paragraphs split at blank lines, each one's hard line breaks joined."""
    return [join_lines(s.strip() for s in block.splitlines()) for block in re.split(r"\n\s*\n", str(text or "")) if block.strip()]


def _wide(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" or "\u3000" <= ch <= "\u303f"


# Always escaped: emphasis, code, links and images, headings, tables, strikethrough, autolink and e-mail marks, HTML
# and entities; a "." before a letter (a domain name a linkifier would pick up) and the ":" of "://".
_MD_SYNTAX = re.compile(r"[\\`*_{}\[\]()#+!|~@$^<>&]|\.(?=[A-Za-z])|:(?=//)")
# A list or heading-underline mark, or the dot of a numbered-list marker, at the start of a line.
_MD_LINE_START = re.compile(r"^(\s*)([-=])|^(\s*\d{1,9})(\.)(?=\s|$)")
