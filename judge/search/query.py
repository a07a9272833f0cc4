"""Searching: parse a query, expand it with the glossary, run it on the index, build hits.

Query syntax:

* rule numbers anywhere (``717.2a``, ``規則 409.9a``, ``820.1.c.3``) put those rules first,
  and FAQ entry ids (``vendetta-03``) those entries;
* ``"quoted"`` (or “…”, 「…」, 『…』) text is an exact phrase;
* other text is split on spaces; each CJK run must match as its bigrams (a single
  character as itself), each Latin word as itself;
* a glossary term (any game's word, an English term, an alias) matches any of the
  concept's terms (only the searched game's, with ``--game``; read from the index's
  ``terms`` field, one short posting list per spelling) and boosts its defining rules;
* all parts must match; when no rule matches all of them, rules matching any are shown
  and the result says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from whoosh import query as wq, scoring

from judge.corpus.ruleid import RULE_ID
from judge.corpus.store import GAMES, UnknownGameError
from judge.search.analysis import fold, phrase_tokens, run_tokens, units
from judge.search.glossary import Concept, Glossary
from judge.search.index import OpenIndex, Source, discarding_broken_readers, open_index, rebuild
from judge.search.snippet import best_snippet

FIELD_BOOSTS = {"text": 1.0, "examples": 0.4}
CONCEPT_BOOST = 3.0  # a rule the glossary says defines the concept
TERMS_B = 0.3  # weak length normalisation for glossary terms: a short heading should not beat its rules
EXPANSION_WEIGHT = 0.6  # another word for the concept counts a little less than the word typed
QUOTED_RE = re.compile(r'"([^"]*)"|“([^”]*)”|「([^」]*)」|『([^』]*)』')
FAQ_ID_RE = re.compile(r"(?<![\w-])(?P<id>[a-z]+-\d{2,3})(?![\w-])")
KINDS = ("all", "rule", "faq")
RULE_REF_RE = re.compile(rf"(?:规则|章节|rule|第)?\s*(?<![\d.])(?P<id>{RULE_ID})(?!\d)\s*条?", re.IGNORECASE)
WORD_RE = re.compile(r"\S+")  # a query is split on white space


class QueryError(ValueError):
    """A query with nothing to search for."""


class EmptyIndexError(RuntimeError):
    """The corpus has no rules at all."""


@dataclass
class Part:
    """One required part of a query."""

    kind: str  # "phrase", "text" or "concept"
    text: str  # folded, lower-case
    concept: Concept | None = None
    expansion: list[str] = field(default_factory=list)  # folded, lower-case

    def needle_groups(self) -> list[list[str]]:
        """Strings to mark in snippets: each term, with its CJK bigrams as fallback for plain text."""
        if self.kind == "text":
            return [[self.text, *(t for run in _runs(self.text) for t in run_tokens(run))]]
        return [[t] for t in [self.text, *self.expansion]]


@dataclass
class ParsedQuery:
    """Rule numbers and FAQ entry ids to put first, and the parts to search for."""

    rule_ids: list[str]
    parts: list[Part]
    faq_ids: list[str] = field(default_factory=list)


@dataclass
class Hit:
    """One ranked rule or FAQ entry (``kind``); ``snippet`` marks hits with ⟦ ⟧."""

    game: str
    id: str
    title: str
    score: float
    snippet: str
    pinned: bool = False
    kind: str = "rule"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "id": self.id,
            "title": self.title,
            "score": self.score,
            "snippet": self.snippet,
            "kind": self.kind,
        }


@dataclass
class SearchResult:
    """Hits, whether all parts matched (``"all"``) or the OR fallback was used (``"any"``), notes."""

    hits: list[Hit]
    matched: str
    notes: list[str]
    index_path: str = ""


def _runs(folded: str) -> list[str]:
    """The CJK runs (adjacent characters) of folded text."""
    runs: list[str] = []
    for u in units(folded):
        if u.kind == "cjk" and u.joined and runs:
            runs[-1] += u.text
        elif u.kind == "cjk":
            runs.append(u.text)
    return runs


def bag_tokens(folded: str) -> list[str]:
    """Tokens that must all occur: bigrams of each CJK run (or its one character), words, numbers."""
    out: list[str] = []
    run = ""
    for u in units(folded):
        if u.kind == "cjk" and u.joined:
            run += u.text
            continue
        if run:
            out += run_tokens(run)
            run = ""
        if u.kind == "cjk":
            run = u.text
        else:
            out.append(u.text)
    if run:
        out += run_tokens(run)
    return list(dict.fromkeys(out))


def parse_query(query: str, glossary: Glossary, game: str | None = None) -> ParsedQuery:
    """Split a query into rule numbers, phrases, glossary concepts and plain text parts."""
    text = fold(query).lower()
    parts: list[Part] = []
    rule_ids: list[str] = []

    def take_quoted(m: re.Match[str]) -> str:
        phrase = " ".join(next(g for g in m.groups() if g is not None).split())
        if list(units(phrase)):
            parts.append(Part("phrase", phrase))
        return " "

    text = QUOTED_RE.sub(take_quoted, text)

    def take_rule(m: re.Match[str]) -> str:
        rule_ids.append(m.group("id"))
        return " "

    text = RULE_REF_RE.sub(take_rule, text)
    faq_ids: list[str] = []

    def take_faq(m: re.Match[str]) -> str:
        faq_ids.append(m.group("id"))
        return " "

    text = FAQ_ID_RE.sub(take_faq, text)
    pieces: list[str] = []
    last = 0
    for start, end, concept in glossary.find_in(text):
        pieces.append(text[last:start])
        terms = [fold(t).lower() for t in concept.expansion(game)]
        parts.append(Part("concept", text[start:end], concept, [t for t in dict.fromkeys(terms) if t != text[start:end]]))
        last = end
    pieces.append(text[last:])
    for piece in pieces:
        for word in WORD_RE.findall(piece):
            if list(units(word)):
                parts.append(Part("text", word))
    if not parts and (rule_ids or faq_ids):
        parts = [Part("text", rid) for rid in rule_ids + faq_ids]
    return ParsedQuery(list(dict.fromkeys(rule_ids)), parts, list(dict.fromkeys(faq_ids)))


def _any_field(token: str) -> wq.Query:
    return wq.Or([wq.Term(f, token, boost=b) for f, b in FIELD_BOOSTS.items()])


def _all_tokens(folded: str) -> wq.Query | None:
    tokens = bag_tokens(folded)
    if not tokens:
        return None
    return _any_field(tokens[0]) if len(tokens) == 1 else wq.And([_any_field(t) for t in tokens])


def part_query(part: Part) -> wq.Query | None:
    """The Whoosh query of one part."""
    if part.kind == "phrase":
        tokens = phrase_tokens(part.text)
        if len(tokens) <= 1:
            return _any_field(tokens[0]) if tokens else None
        return wq.Or([wq.Phrase(f, tokens, boost=b) for f, b in FIELD_BOOSTS.items()])
    if part.kind == "text":
        return _all_tokens(part.text)
    subs: list[wq.Query] = [wq.Term("terms", part.text.replace(" ", "_"))]
    subs += [wq.Term("terms", t.replace(" ", "_"), boost=EXPANSION_WEIGHT) for t in part.expansion]
    assert part.concept is not None
    subs.append(wq.Term("concepts", part.concept.id, boost=CONCEPT_BOOST))
    return wq.Or(subs)


def _hit(fields: dict[str, Any], score: float, needles: list[list[str]], pinned: bool = False) -> Hit:
    candidates = [fields.get(name) or "" for name in ("text", "examples", "title")]
    snippet = best_snippet(candidates, needles)
    kind = fields.get("kind") or "rule"
    return Hit(fields["game"], fields["id"], fields.get("label") or "", round(score, 3), snippet, pinned, kind)


class SearchSession:
    """An opened index, its glossary and a Whoosh searcher, reused across queries."""

    def __init__(self, source: Source | None = None) -> None:
        self.source = source or Source()
        self.glossary = self.source.load_glossary()
        self._open(open_index(self.source))

    def _open(self, oi: OpenIndex) -> None:
        self.index = oi
        self._filters: dict[tuple[str | None, str], Any] = {}
        self._searcher = oi.index.searcher(weighting=scoring.BM25F(B=0.75, K1=1.2, terms_B=TERMS_B))

    def close(self) -> None:
        self._searcher.close()

    def __enter__(self) -> "SearchSession":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def search(self, query: str, *, game: str | None = None, limit: int = 10, kind: str = "all") -> SearchResult:
        """Ranked rules and FAQ entries (``kind``: all, rule or faq) for ``query``; an index that
        fails to read is rebuilt once and the query retried."""
        if kind not in KINDS:
            raise QueryError(f"unknown kind {kind!r}; valid kinds: {', '.join(KINDS)}")
        with discarding_broken_readers() as failed:
            try:
                return self._run(query, game, limit, kind)
            except (UnknownGameError, QueryError, EmptyIndexError):
                raise
            except Exception:  # a damaged index that opened but fails to read: rebuild below
                failed.append(True)
                self.close()
        self._open(rebuild(self.source, key=self.index.key))
        return self._run(query, game, limit, kind)

    def _filter(self, game: str | None, kind: str) -> Any:
        """The set of documents of one game and/or kind (built once per session), or None for all."""
        if game is None and kind == "all":
            return None
        if (game, kind) not in self._filters:
            terms = ([wq.Term("game", game)] if game else []) + ([wq.Term("kind", kind)] if kind != "all" else [])
            q = terms[0] if len(terms) == 1 else wq.And(terms)
            self._filters[(game, kind)] = set(self._searcher.docs_for_query(q))
        return self._filters[(game, kind)]

    def games(self) -> list[str]:
        """The games the index has rules for, the bundled ones first in their usual order."""
        present = set(self._searcher.reader().field_terms("game"))
        return [g for g in GAMES if g in present] + sorted(present - set(GAMES))

    def _run(self, query: str, game: str | None, limit: int, kind: str) -> SearchResult:
        searcher = self._searcher
        games = self.games()
        if not games:
            raise EmptyIndexError("the corpus is empty; run `judge corpus build`")
        if game is not None and game not in games:
            raise UnknownGameError(game, games)
        parsed = parse_query(query, self.glossary, game)
        if not parsed.parts:
            raise QueryError(f"nothing to search for in {query!r}")
        needles = [g for p in parsed.parts for g in p.needle_groups()]
        pinned: list[Hit] = []
        keys = [f"{g}:{rid}" for rid in parsed.rule_ids for g in ([game] if game else games)] if kind != "faq" else []
        keys += [f"faq:{fid}" for fid in parsed.faq_ids] if kind != "rule" else []
        for key in keys:
            doc = searcher.document(key=key)
            if doc and (game is None or doc["game"] == game):
                pinned.append(_hit(doc, 0.0, needles, pinned=True))
        subqueries = [q for p in parsed.parts if (q := part_query(p)) is not None]
        flt = self._filter(game, kind)
        pinned_keys = {f"faq:{h.id}" if h.kind == "faq" else f"{h.game}:{h.id}" for h in pinned}
        notes: list[str] = []
        matched = "all"
        results = searcher.search(wq.And(subqueries), limit=limit + len(pinned), filter=flt)
        if results.is_empty() and len(subqueries) > 1:
            results = searcher.search(wq.Or(subqueries), limit=limit + len(pinned), filter=flt)
            matched = "any"
            words = " + ".join(p.text for p in parsed.parts)
            notes.append(f"no rule matches all of {words}; showing rules that match any of them")
        hits = [_hit(r.fields(), r.score, needles) for r in results if r["key"] not in pinned_keys][: limit]
        if not hits and not pinned:
            matched = "none"
        top = max((h.score for h in hits), default=0.0)
        for h in pinned:
            h.score = round(top + 1.0, 3)
        return SearchResult((pinned + hits)[:limit], matched, notes, str(self.index.path))


def search(
    query: str, *, game: str | None = None, limit: int = 10, source: Source | None = None, kind: str = "all"
) -> SearchResult:
    """Ranked rules and FAQ entries for ``query`` (one-off: opens the index, building it first when needed)."""
    with SearchSession(source) as session:
        return session.search(query, game=game, limit=limit, kind=kind)
