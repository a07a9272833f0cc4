"""The site's offline search: an index written at build time (``search-index.js``), ranked in the page by
``search_engine.js`` and drawn by ``search.js``.

The index is ``judge search``'s own (:mod:`judge.search.export`: every term's scores and positions, the compiled
glossary and question words, the ranking's constants, each rule and FAQ entry with its link), so the page ranks a
query as the CLI does; beside it, the glossary's concepts for the cards shown above the hits and the Traditional →
Simplified character map the page needs to fold a query (every character t2s changes on its own, about 50 KB).  It is a script that sets one global, because a
page opened from ``file://`` may load a script beside it but may not fetch a JSON file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from judge.corpus.store import Corpus
from judge.report.words import Words, game_title

INDEX_FILE = "search-index.js"
SCRIPT_FILE = "search.js"
ENGINE_FILE = "search_engine.js"  # judge/search/query.py's ranking over the exported index
# The CJK blocks whose characters the query-side map covers (Unified Ideographs and Extension A).
_CJK_BLOCKS = ((0x3400, 0x4DC0), (0x4E00, 0xA000))


def _char_map() -> dict[str, str]:
    """Traditional character → Simplified, for every character OpenCC's t2s changes on its own (the query is folded
    as ``judge search`` folds it, so a character no rule has splits a question where the CLI splits it)."""
    from judge.search.analysis import fold

    chars = [chr(c) for lo, hi in _CJK_BLOCKS for c in range(lo, hi)]
    folded = fold("\n".join(chars)).split("\n")  # one per line: OpenCC converts each character on its own
    if len(folded) != len(chars):
        return {}
    return {a: b for a, b in zip(chars, folded) if a != b and len(b) == 1}


def build_index(corpus: Corpus, source: Any, concepts: list[dict[str, Any]], rule_path: Any, w: Words) -> dict[str, Any]:
    """The index of ``source`` (a :class:`judge.search.index.Source`: what ``judge search`` searches, or the site's
    older version) as plain data (see the module docstring); ``rule_path(game, id)`` gives a rule's page and anchor."""
    from judge.search.export import export

    def url(kind: str, game: str, doc_id: str) -> str | None:
        return f"faq.html#{doc_id}" if kind == "faq" else rule_path(game, doc_id)

    engine = export(source, url)
    glossary = {c["id"]: {"l": next((ts[0] for ts in c["terms"].values() if ts), c["id"]), "u": f"glossary.html#g-{c['id']}"}
                for c in concepts}
    return {
        "games": {g: game_title(g, corpus.documents, w.lang) for g in corpus.games},
        "engine": engine, "glossary": glossary, "fold": _char_map(),
        "words": {k: w(k) for k in ("site_search_none", "site_search_any", "site_search_concept", "site_search_faq",
                                    "site_search_all_games", "site_search_corrected")},
    }


def index_script(index: dict[str, Any]) -> str:
    """The index as the script the page loads: one global, deterministic bytes for the same input."""
    body = json.dumps(index, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # "</" cannot end the script early when the file is inlined; U+2028/9 are line breaks to old parsers
    body = body.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.JUDGE_SEARCH = {body};\n"


def script_source(name: str = SCRIPT_FILE) -> str:
    """A script of the page's search (``search.js``, ``search_engine.js``), shipped beside the templates."""
    from judge import paths

    return (Path(paths.templates_dir()) / name).read_text(encoding="utf-8")
