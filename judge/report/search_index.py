"""The site's offline search: an index written at build time (``search-index.js``), read by ``search.js`` in the page.

The index holds every rule and FAQ entry with its text folded the way ``judge search`` folds it (Traditional →
Simplified with OpenCC ``t2s``, full-width → ASCII, lower case), the glossary's concepts with every spelling
folded, and the Traditional → Simplified character map the page needs to fold a query — only the characters
whose Simplified form occurs in the index, so it stays small.  It is a script that sets one global, because a
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
# The CJK blocks whose characters the query-side map covers (Unified Ideographs and Extension A).
_CJK_BLOCKS = ((0x3400, 0x4DC0), (0x4E00, 0xA000))


def _fold(text: str) -> str:
    from judge.search.analysis import fold

    return fold(text).lower()


def _char_map(seen: set[str]) -> dict[str, str]:
    """Traditional character → Simplified, for the characters whose Simplified form is in ``seen``."""
    from judge.search.analysis import fold

    chars = [chr(c) for lo, hi in _CJK_BLOCKS for c in range(lo, hi)]
    folded = fold("\n".join(chars)).split("\n")  # one per line: OpenCC converts each character on its own
    if len(folded) != len(chars):
        return {}
    return {a: b for a, b in zip(chars, folded) if a != b and len(b) == 1 and b in seen}


def build_index(corpus: Corpus, faq_docs: list[Any], concepts: list[dict[str, Any]], rule_path: Any,
                w: Words) -> dict[str, Any]:
    """The index as plain data (see the module docstring); ``rule_path(game, id)`` gives a rule's page and anchor."""
    rules = []
    for game in corpus.games:
        for r in corpus.all_rules(game):
            text = f"{r.title or ''}\n{r.text}"
            entry = {"g": game, "i": r.id, "t": r.title or "", "x": r.text, "u": rule_path(game, r.id)}
            if _fold(text) != text.lower():
                entry["f"] = _fold(text)
            rules.append(entry)
    faq = []
    for d in faq_docs:
        for e in d.entries:
            text = f"{e.question}\n{e.answer}"
            entry = {"g": e.game, "i": e.id, "t": e.question, "x": e.answer, "u": f"faq.html#{e.id}"}
            if _fold(text) != text.lower():
                entry["f"] = _fold(text)
            faq.append(entry)
    glossary = []
    for c in concepts:
        spellings = sorted({_fold(t) for ts in c["terms"].values() for t in ts} | {_fold(t) for t in c["en"]}
                           | {_fold(t) for t in c["aliases"]} | {_fold(c["id"])}, key=lambda s: (-len(s), s))
        label = next((ts[0] for ts in c["terms"].values() if ts), c["id"])
        glossary.append({"id": c["id"], "l": label, "s": [s for s in spellings if s],
                         "r": [[r["game"], r["id"]] for r in c["rules"]], "u": f"glossary.html#g-{c['id']}"})
    seen = {ch for e in rules + faq for ch in e.get("f", (e["t"] + e["x"]).lower())}
    seen |= {ch for c in glossary for s in c["s"] for ch in s}
    return {
        "games": {g: game_title(g, corpus.documents, w.lang) for g in corpus.games},
        "rules": rules, "faq": faq, "glossary": glossary, "fold": _char_map(seen),
        "words": {k: w(k) for k in ("site_search_none", "site_search_any", "site_search_concept", "site_search_faq")},
    }


def index_script(index: dict[str, Any]) -> str:
    """The index as the script the page loads: one global, deterministic bytes for the same input."""
    body = json.dumps(index, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # "</" cannot end the script early when the file is inlined; U+2028/9 are line breaks to old parsers
    body = body.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"window.JUDGE_SEARCH = {body};\n"


def script_source() -> str:
    """``search.js``: the page's search, shipped beside the templates."""
    from judge import paths

    return (Path(paths.templates_dir()) / SCRIPT_FILE).read_text(encoding="utf-8")
