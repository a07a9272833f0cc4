"""Searching: parse a query, expand it with the glossary, run it on the index, build hits.

Query syntax:

* rule numbers anywhere (``717.2a``, ``規則 409.9a``, ``820.1.c.3``; a whole query as judges type one:
  ``第709.2b条``, ``709.2 b``, ``规则709.2(b)``) put those rules first,
  and FAQ entry ids (``vendetta-03``) those entries;
* ``"quoted"`` (or “…”, 「…」, 『…』) text is an exact phrase;
* a glossary term (any game's word, an English term in the singular or plural, an alias)
  matches any of the concept's terms (only the searched game's, with ``--game``; read from the
  index's ``terms`` field, one short posting list per spelling) and boosts its defining rules;
* other text is split on spaces; English words that carry no content are dropped, everyday ones (*opponent*,
  *twice*, *controlled*) match the rules' words for them (:mod:`judge.search.english`); a CJK run
  loses its question words and is split into the corpus's own words
  (:mod:`judge.search.question`); each word and each Latin word must match;
* when fewer than :data:`FEW` rules match every part, rules that share words with the query
  follow, ranked by the bag of its unigrams and bigrams, words and concepts (BM25F, with
  coordination: :func:`judge.search.coord.coordinated`), and the result says so.  A rule sharing
  only scattered characters with the query is never an answer.

Whoosh reads and scores each term's postings; the parts are combined over them in
:mod:`judge.search.postings`, each term read once per session.
"""

from __future__ import annotations

import heapq
import re
from functools import lru_cache
from typing import Any, Callable, NamedTuple

from judge.corpus.ruleid import RULE_ID, is_rule_id, normalize
from judge.locale.folding import fold
from judge.search.analysis import phrase_tokens, units
from judge.search.concepts import Concept, Glossary
from judge.search.coord import coordinated
from judge.search.english import EnglishWords
from judge.search.everyday import EverydayWords
from judge.search.homophones import correction
from judge.search.index import OpenIndex, Source, discarding_broken_readers, open_index, rebuild
from judge.search.postings import Postings, intersection
from judge.search.question import QuestionWords, negator_before, split_run
from judge.search.snippet import best_snippet
from judge.search.whoosh_api import Searcher, query as wq, scoring

FIELD_BOOSTS = {"text": 1.0, "examples": 0.4, "commentary": 0.4, "heading": 0.3}  # commentary: a FAQ entry's explanation
CONCEPT_BOOST = 3.0  # a rule the glossary says defines the concept
TERMS_B = 0.3  # weak length normalisation for glossary terms: a short heading should not beat its rules
BM25_B, BM25_K1 = 0.75, 1.2  # BM25F's length normalisation and term-frequency saturation (Whoosh's defaults)
EXPANSION_WEIGHT = 0.4  # another word for the concept counts a little less than the word typed
UNIGRAM_WEIGHT = 0.3  # a single character of a longer word, in the bag
PAIR_WEIGHT = 0.5  # two words of the query side by side in a rule, as typed
FEW = 5  # fewer rules than this matching every part: rules sharing some of its words follow
COORD_EXPONENT = 2.0
OTHER_GAME = 0.6  # without --game, a rule of another game than the one the question's words belong to weighs this much
FAQ_WEIGHT = 0.4  # a FAQ entry (a ruling on named cards) against a rule: first only where it shares much more with the question
HEADING_CONCEPT_WEIGHT = 0.3
NEGATION_WEIGHT = 0.5  # a rule saying a negated term is absent (不含触发式效果), as a phrase of the negation and the term
NEGATION_SLOP = 4  # up to two characters between them (没有任何触发式效果)
# Compiled on first use (compiling costs start-up time): a query without a quote mark or a digit needs none of them.
QUOTES = '"“「『'
QUOTED_RE = r'"([^"]*)"|“([^”]*)”|「([^」]*)」|『([^』]*)』'
FAQ_ID_RE = r"(?<![\w-])(?P<id>[a-z]+-\d{2,3})(?![\w-])"
KINDS = ("all", "rule", "faq")
RULE_REF_RE = rf"(?:规则|章节|rule|第)?\s*(?<![\d.])(?P<id>{RULE_ID})(?!\d)\s*条?"


@lru_cache(maxsize=None)
def _compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern, flags)


class QueryError(ValueError):
    """A query with nothing to search for."""


class EmptyIndexError(RuntimeError):
    """The corpus has no rules at all."""


class Part(NamedTuple):
    """One required part of a query."""

    kind: str  # "phrase", "word", "concept" or "everyday" (an everyday English or Chinese word: ``expansion`` holds the rules' words)
    text: str  # folded, lower-case
    concept: Concept | None = None
    expansion: tuple[str, ...] = ()  # folded: the concept's other words in the typed word's game
    games: frozenset[str] = frozenset()  # the games whose own word was typed (or searched, with --game)
    other: tuple[str, ...] = ()  # folded: the concept's words in the other games
    negated: bool = False  # typed after a word of negation (没有触发式效果, without a target)

    def needle_groups(self) -> list[list[str]]:
        """Strings to mark in snippets: each term of the part."""
        return [[t] for t in [self.text, *self.expansion, *self.other]]


class ParsedQuery(NamedTuple):
    """Rule numbers and FAQ entry ids to put first, the parts to search for, and the bag:
    the stretches of CJK words outside glossary terms (question words and particles out) and the
    Latin words of the query."""

    rule_ids: list[str]
    parts: list[Part]
    faq_ids: list[str]
    runs: list[str]  # the bag's stretches of CJK words
    words: list[str]  # the bag's Latin words and numbers
    pairs: list[tuple[list[str], int]]  # phrase tokens and slop (see ``_pairs``)
    shown: list[str]  # what was searched for, as typed (folded), in query order
    sentence: bool = False  # two or more parts typed without a space between them (a question, 多个替代性影响)
    corrections: tuple[tuple[str, str], ...] = ()  # words read as a homophone slip: (typed, read) (judge.search.homophones)
    negations: tuple[tuple[list[str], int], ...] = ()  # phrase tokens and slop: a negated term as the rules negate it

    def own_game(self) -> str | None:
        """The game whose own words the question typed, when its words tell: each concept typed in the spelling of only
        some games (or that only one game has) votes for them (响应链 a whole vote for 崛起; 结算, spelled so by two
        games, half a vote each; 回响, a Riftbound keyword, a vote for Riftbound), and a game with more votes than any
        other wins."""
        votes: dict[str, float] = {}
        for p in self.parts:
            if p.kind == "concept" and p.concept is not None and p.games and not p.text.isascii() and (
                    p.games != frozenset(p.concept.terms) or len(p.concept.terms) == 1):  # (English words tell nothing)
                for g in p.games:
                    votes[g] = votes.get(g, 0.0) + 1 / len(p.games)
        ranked = sorted(votes.items(), key=lambda kv: -kv[1])
        if not ranked or (len(ranked) > 1 and ranked[1][1] >= ranked[0][1]):
            return None
        return ranked[0][0]

    def needles(self) -> list[list[str]]:
        """Strings to mark in snippets: what was typed where it occurs whole, else each part's terms."""
        return [[t] for t in self.shown] + [g for p in self.parts for g in p.needle_groups()]

    def concept_boost(self) -> float:
        """The defining-rule boost of a concept, shared among the query's parts."""
        return CONCEPT_BOOST / max(len(self.parts), 1)


class Hit(NamedTuple):
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


class SearchResult(NamedTuple):
    """Hits; whether some rule matched every part (``"all"``), only the bag found rules (``"any"``)
    or nothing did (``"none"``); notes."""

    hits: list[Hit]
    matched: str
    notes: list[str]
    index_path: str
    note_keys: list[tuple[str, dict[str, object]]]  # the notes, for the CLI's words


class _Item(NamedTuple):
    """A searched piece of the query, where it stands in the folded text."""

    start: int
    end: int
    cjk: bool
    word: bool = False  # a word of a CJK run (not a glossary term)


def _shown(text: str, items: list[_Item]) -> list[str]:
    """The searched pieces as typed, in order, words side by side joined (损伤包 for 损伤 · 包)."""
    out: list[str] = []
    last: _Item | None = None
    for item in sorted(items, key=lambda i: i.start):
        piece = text[item.start : item.end]
        if last is not None and last.word and item.word and last.end == item.start:
            out[-1] += piece
        else:
            out.append(piece)
        last = item
    return list(dict.fromkeys(out))


def _pairs(text: str, items: list[_Item], droppable: frozenset[str]) -> list[tuple[list[str], int]]:
    """Phrase tokens and slop for each two CJK items standing side by side in the query, or with
    only dropped characters (at most two) between them: 支付一次, 进场时触发."""
    out: list[tuple[list[str], int]] = []
    ordered = sorted(items, key=lambda i: i.start)
    for a, b in zip(ordered, ordered[1:]):
        gap = text[a.end : b.start]
        if not (a.cjk and b.cjk) or len(gap) > 2 or any(c not in droppable for c in gap):
            continue
        if gap:
            out.append((phrase_tokens(text[a.start : a.end]) + phrase_tokens(text[b.start : b.end]), len(gap) + 2))
        else:
            out.append((phrase_tokens(text[a.start : b.end]), 1))
    return out


def _chunks(text: str) -> list[tuple[int, int]]:
    """The spans of text between spaces."""
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


def parse_query(
    query: str, glossary: Glossary, words: QuestionWords, df: Callable[[str], int], docs: int, game: str | None = None,
    english: EnglishWords = EnglishWords({}), correct: bool = True, everyday: EverydayWords = EverydayWords({}),
) -> ParsedQuery:
    """Split a query into rule numbers, phrases, glossary concepts and words (see the module docstring).

    ``df`` gives a token's document frequency and ``docs`` the number of documents: the corpus
    vocabulary that long CJK runs are split by.
    """
    whole = normalize(query) if any(c.isdecimal() for c in query) else ""
    if is_rule_id(whole):  # the whole query one rule number as judges type it: 第709.2b条, 709.2 b, 规则709.2(b)
        query = whole
    text = " ".join(fold(query).lower().split())
    parts: list[Part] = []
    rule_ids: list[str] = []

    def take_quoted(m: re.Match[str]) -> str:
        phrase = " ".join(next(g for g in m.groups() if g is not None).split())
        if list(units(phrase)):
            parts.append(Part("phrase", phrase))
        return " "

    if any(q in text for q in QUOTES):
        text = _compiled(QUOTED_RE).sub(take_quoted, text)

    def take_rule(m: re.Match[str]) -> str:
        rule_ids.append(m.group("id"))
        return " "

    faq_ids: list[str] = []

    def take_faq(m: re.Match[str]) -> str:
        faq_ids.append(m.group("id"))
        return " "

    if any(c.isdecimal() for c in text):  # a rule number or FAQ entry id has digits (\d: decimal digits)
        text = _compiled(RULE_REF_RE, re.IGNORECASE).sub(take_rule, text)
        text = _compiled(FAQ_ID_RE).sub(take_faq, text)
    text = words.without_names(text)
    items: list[_Item] = []
    gaps: list[tuple[int, int]] = []
    last = 0
    concepts: set[str] = set()
    negations: list[tuple[list[str], int]] = []
    for start, end, concept in glossary.find_in(text):
        negator = negator_before(text, last, start, words.negation)
        gaps.append((last, start if negator is None else negator))
        last = end
        typed = text[start:end]
        items.append(_Item(start, end, not typed.isascii()))
        if concept.id in concepts:
            continue
        concepts.add(concept.id)
        own = {game} if game else {g for g, ts in concept.terms.items() if typed in (glossary.folded(t) for t in ts)}
        expansion = [glossary.folded(t) for g in concept.terms if g in own for t in concept.terms[g]]
        if not own:  # an English term or an alias: no game's own word, so every word of the concept
            own = set(concept.terms)
            expansion = [glossary.folded(t) for t in [*concept.expansion(None), *concept.aliases]]
        other = [glossary.folded(t) for t in concept.expansion(game) if glossary.folded(t) not in expansion]
        parts.append(Part("concept", typed, concept, tuple(t for t in dict.fromkeys(expansion) if t != typed), frozenset(own),
                          tuple(t for t in dict.fromkeys(other) if t != typed), negator is not None))
        if negator is not None:  # the term as the rules negate it, each negation before each of its spellings
            spellings = [t for t in dict.fromkeys([typed, *expansion]) if not t.isascii()]
            negations += [(phrase_tokens(n) + phrase_tokens(t), NEGATION_SLOP) for n in words.negation if not n.isascii()
                          for t in spellings]
    gaps.append((last, len(text)))
    if everyday.words:  # an everyday Chinese word between glossary terms (剩下, 免费): the rules' words for it
        gaps, said = everyday.split(text, gaps)
        items += [_Item(start, end, True) for start, end, _ in said]
        parts += [Part("everyday", w, None, everyday.words[w]) for w in dict.fromkeys(w for _, _, w in said)]
    runs: list[tuple[str, int]] = []
    latin: list[str] = []
    for a, b in gaps:
        for u in units(text[a:b]):
            if u.kind == "cjk" and u.joined and runs:
                runs[-1] = (runs[-1][0] + u.text, runs[-1][1])
            elif u.kind == "cjk":
                runs.append((u.text, a + u.start))
            elif u.text not in words.english:
                items.append(_Item(a + u.start, a + u.end, False))
                said = english.lookup(u.text) if u.kind == "word" else ()
                if not said:
                    latin.append(u.text)
                elif all(p.text != u.text for p in parts):  # an everyday English word: the rules' words for it
                    parts.append(Part("everyday", u.text, None, said))
    found: list[str] = []
    bag: list[str] = []  # the stretches of kept words, side by side: the bag's runs
    split = [(at, split_run(run, words, df, docs)) for run, at in runs]
    if correct:  # a word the corpus lacks, one homophone from one it has (催毁 for 摧毁): the query read with it
        known = glossary.by_key.__contains__
        slips = {w: fixed for _, ws in split for w, _ in ws if len(w) > 1 and (fixed := correction(w, df, known))}
        if slips:
            again = fold(query).lower()
            for typed, fixed in slips.items():
                again = again.replace(typed, fixed)
            return parse_query(again, glossary, words, df, docs, game, english, correct=False, everyday=everyday)._replace(
                corrections=tuple(slips.items()))
    for at, ws in split:
        end = -1
        for w, offset in ws:
            found.append(w)
            items.append(_Item(at + offset, at + offset + len(w), True, True))
            bag[-1:] = [bag[-1] + w] if offset == end else [*bag[-1:], w]
            end = offset + len(w)
    found += latin
    if not parts and not found and not (rule_ids or faq_ids):  # only question words: search them as they are
        bag = [run for run, _ in runs]
        found = bag + [u.text for u in units(text) if u.kind != "cjk"]
    parts += [Part("word", w) for w in dict.fromkeys(found)]
    if not parts and (rule_ids or faq_ids):
        parts = [Part("word", rid) for rid in rule_ids + faq_ids]
    pairs = _pairs(text, items, words.singles)
    shown = [p.text for p in parts if p.kind == "phrase"] + _shown(text, items)
    chunks = [sum(1 for i in items if i.cjk and s <= i.start < e) for s, e in _chunks(text)]
    return ParsedQuery(list(dict.fromkeys(rule_ids)), parts, list(dict.fromkeys(faq_ids)), bag, latin, pairs,
                       shown or [p.text for p in parts], any(n > 1 for n in chunks), (), tuple(negations))


class Builder:
    """Builds the Whoosh queries of a parsed query, leaving out the terms the index does not have
    (each costs a matcher and a scorer otherwise; a question's expansions and bigrams have many)."""

    def __init__(self, has: Callable[[str, str], bool]) -> None:
        self.has = has

    def _or(self, subs: list[wq.Query]) -> wq.Query | None:
        return None if not subs else subs[0] if len(subs) == 1 else wq.Or(subs)

    def any_field(self, token: str, boost: float = 1.0) -> wq.Query | None:
        """``token`` in the rule text, the examples, a FAQ entry's explanation or the section heading."""
        return self._or([wq.Term(f, token, boost=b * boost) for f, b in FIELD_BOOSTS.items() if self.has(f, token)])

    def phrase(self, tokens: list[str], boost: float = 1.0, slop: int = 1) -> wq.Query | None:
        """Consecutive ``tokens`` (within ``slop`` positions) in the rule text, the examples or an explanation."""
        if len(tokens) <= 1:
            return self.any_field(tokens[0], boost) if tokens else None
        return self._or([wq.Phrase(f, tokens, slop=slop, boost=b * boost) for f, b in FIELD_BOOSTS.items()
                         if f != "heading" and all(self.has(f, t) for t in tokens)])

    def part(self, part: Part, concept_boost: float = CONCEPT_BOOST, headings: bool = False) -> wq.Query | None:
        """The Whoosh query of one part; with ``headings``, a concept also matches the heading of the
        section a rule is in — for words typed together as a sentence (多个替代性影响 finds 716.1b, in
        替代性影响, which says 数个影响); terms typed apart, or alone, find the rules that use them."""
        if part.kind == "phrase" or (part.kind == "word" and len(part.text) > 2 and not part.text.isascii()):  # a quote, or an unknown word
            return self.phrase(phrase_tokens(part.text))
        if part.kind == "word":
            return self.any_field(part.text)
        if part.kind == "everyday":  # any of the rules' words for it, each as if typed
            return self._or([q for t in part.expansion if (q := self.phrase(phrase_tokens(t))) is not None])
        concept = part.concept
        assert concept is not None
        subs: list[wq.Query] = []
        for name, weight in (("terms", FIELD_BOOSTS["text"]), ("eterms", FIELD_BOOSTS["examples"])):
            for terms, factor in (([part.text, *part.expansion], 1.0), (part.other, EXPANSION_WEIGHT)):
                keys = [t.replace(" ", "_") for t in terms]
                subs += [wq.Term(name, k, boost=weight * factor) for k in keys if self.has(name, k)]
        if headings:
            for t in [part.text, *part.expansion]:
                tokens = phrase_tokens(t) if not t.isascii() else []
                if tokens and all(self.has("heading", k) for k in tokens):
                    boost = HEADING_CONCEPT_WEIGHT
                    subs.append(wq.And([wq.Term("heading", k) for k in tokens], boost=boost) if len(tokens) > 1 else wq.Term("heading", tokens[0], boost=boost))
        typed = part.games or set(concept.rules)
        subs += [wq.Term("concepts", f"{g}/{concept.id}", boost=concept_boost * (1.0 if g in typed else EXPANSION_WEIGHT))
                 for g in concept.rules if self.has("concepts", f"{g}/{concept.id}")]
        return self._or(subs)

    def pairs(self, parsed: ParsedQuery) -> list[wq.Query]:
        """A phrase per pair of query words that stand side by side (see ``_pairs``), and per negation of a negated
        term (``ParsedQuery.negations``)."""
        pairs = [q for tokens, slop in parsed.pairs if (q := self.phrase(tokens, PAIR_WEIGHT, slop)) is not None]
        return pairs + [q for tokens, slop in parsed.negations if (q := self.phrase(tokens, NEGATION_WEIGHT, slop)) is not None]

    def bag(self, parsed: ParsedQuery) -> tuple[list[wq.Query], list[wq.Query]]:
        """The bag's parts and support (see ``judge.search.coord``): each concept, phrase, Latin word and CJK
        bigram of the query a part; the single characters of longer runs and the pairs support; a one-character
        run is a part."""
        anchors = [self.part(p, parsed.concept_boost(), parsed.sentence) for p in parsed.parts if p.kind != "word"]
        anchors += [self.any_field(w) for w in dict.fromkeys(parsed.words)]
        support: list[wq.Query | None] = []
        for run in dict.fromkeys(parsed.runs):
            if len(run) == 1:
                anchors.append(self.any_field(run))
                continue
            anchors += [self.any_field(run[i : i + 2]) for i in range(len(run) - 1)]
            support += [self.any_field(c, UNIGRAM_WEIGHT) for c in dict.fromkeys(run)]
        return [q for q in anchors if q is not None], [q for q in support if q is not None] + self.pairs(parsed)


def _hit(fields: dict[str, Any], score: float, needles: list[list[str]], pinned: bool = False) -> Hit:
    candidates = [fields.get(name) or "" for name in ("text", "examples", "title")]
    snippet = best_snippet(candidates, needles, fields.get("folded") or ())
    kind = fields.get("kind") or "rule"
    return Hit(fields["game"], fields["id"], fields.get("label") or "", round(score, 3), snippet, pinned, kind)


class SearchSession:
    """An opened index, its glossary and question words (compiled with the index) and a Whoosh
    searcher, reused across queries."""

    def __init__(self, source: Source | None = None) -> None:
        self.source = source or Source()
        self._open(open_index(self.source))

    def _open(self, oi: OpenIndex) -> None:
        self.index = oi
        self.glossary = Glossary.from_data(oi.data["glossary"])
        self.words = QuestionWords.from_data(oi.data["question_words"])
        self.english = EnglishWords.from_data(oi.data["english_words"])
        self.everyday = EverydayWords.from_data(oi.data["everyday_words"])
        self._filters: dict[tuple[str | None, str], Any] = {}
        # the reader open_index checked, not a second one (opening a segment reads its files)
        self._searcher = Searcher(oi.reader, weighting=scoring.BM25F(B=BM25_B, K1=BM25_K1, terms_B=TERMS_B), fromindex=oi.index)
        self._docs = self._searcher.doc_count()
        reader = self._searcher.reader()
        # the vocabulary a question is split by: the documents' texts, a FAQ entry's explanation included
        self._df: Callable[[str], int] = lambda token: reader.doc_frequency("text", token) + reader.doc_frequency("commentary", token)
        known: dict[tuple[str, str], bool] = {}

        def has(name: str, token: str) -> bool:
            if (name, token) not in known:
                known[(name, token)] = (name, token) in reader
            return known[(name, token)]

        self._builder = Builder(has)
        self._postings = Postings(self._searcher)

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
        games = self.games()
        if not games:
            raise EmptyIndexError("the corpus is empty; run `judge corpus build`")
        if game is not None and game not in games:
            from judge.corpus.store import UnknownGameError

            raise UnknownGameError(game, games)
        with discarding_broken_readers() as failed:
            try:
                return self._run(query, game, limit, kind)
            except (QueryError, EmptyIndexError):
                raise
            except Exception:  # a damaged index that opened but fails to read: rebuild below
                failed.append(True)
                self.close()
        self._open(rebuild(self.source, key=self.index.key))
        return self._run(query, game, limit, kind)

    def _weigh_game(self, own: str | None) -> Callable[[dict[int, float]], dict[int, float]]:
        """Scores with FAQ entries weighed down (:data:`FAQ_WEIGHT`), and another game's documents (:data:`OTHER_GAME`)
        when the question's words belong to ``own``: its rules come before another game's that share only common words."""
        faq = self._filter(None, "faq")
        mine = self._filter(own, "all") if own is not None else None
        return lambda scores: {d: s * (1.0 if mine is None or d in mine else OTHER_GAME) * (FAQ_WEIGHT if d in faq else 1.0)
                               for d, s in scores.items()}

    def _strict(self, parsed: ParsedQuery, present: list[Part], flt: set[int] | None, limit: int,
                weigh: Callable[[dict[int, float]], dict[int, float]] = lambda s: s) -> list[tuple[int, float]]:
        """The best ``limit`` documents (of the filter ``flt``) matching every one of the ``present`` parts, with
        pairs of words as typed adding to their scores.  A question's parts have dozens of terms, and often no
        document has them all: the pairs are read only when some document does."""
        required = [self._postings.scores(q) for p in present if (q := self._builder.part(p, parsed.concept_boost(), parsed.sentence)) is not None]
        matching = intersection(required)
        if flt is not None:
            matching = {d: s for d, s in matching.items() if d in flt}
        if not matching:
            return []
        docs = sorted(matching)
        for q in self._builder.pairs(parsed):
            for doc, score in self._postings.scores_at(q, docs).items():
                matching[doc] += score
        return _top(weigh(matching), None, limit)

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
        return list(self.index.data["games"])

    def _run(self, query: str, game: str | None, limit: int, kind: str) -> SearchResult:
        searcher = self._searcher
        games = self.games()
        named = self.words.named_game(query, games)
        if named is not None and game is not None:  # the game searched in, named again: its name is no search word
            if named[0] == game:
                query = named[1]
            named = None
        elif named is not None:  # a question that starts by naming its game (三国 踐踏……, In Rise, …) is searched in it
            game, query = named
        parsed = parse_query(query, self.glossary, self.words, self._df, self._docs, game, self.english, everyday=self.everyday)
        if not parsed.parts:
            raise QueryError(f"nothing to search for in {query!r}")
        needles = parsed.needles()
        pinned: list[Hit] = []
        keys = [f"{g}:{rid}" for rid in parsed.rule_ids for g in ([game] if game else games)] if kind != "faq" else []
        keys += [f"faq:{fid}" for fid in parsed.faq_ids] if kind != "rule" else []
        for key in keys:
            doc = searcher.document(key=key)
            if doc and (game is None or doc["game"] == game):
                pinned.append(_hit(doc, 0.0, needles, pinned=True))
        flt = self._filter(game, kind)
        own = parsed.own_game() if game is None else None
        weigh = self._weigh_game(own)
        present = [p for p in parsed.parts if self._builder.part(p) is not None]
        absent = [p.text for p in parsed.parts if p not in present]
        searched = " + ".join(t for t in parsed.shown if t not in absent)
        seen = {f"faq:{h.id}" if h.kind == "faq" else f"{h.game}:{h.id}" for h in pinned}
        wanted = limit + len(pinned)
        results = self._strict(parsed, present, flt, wanted, weigh) if present else []
        notes = [f"not in the corpus, left out: {', '.join(absent)}"] if absent and present else []
        note_keys = [("absent", {"words": "、".join(absent)})] if absent and present else []
        if named is not None:
            notes.insert(0, f"searched in {named[0]}, the game the question names")
            note_keys.insert(0, ("named_game", {"game": named[0]}))
        if parsed.corrections:
            read = "、".join(f"{typed} → {fixed}" for typed, fixed in parsed.corrections)
            notes.insert(0, f"read as: {read}")
            note_keys.insert(0, ("corrected", {"words": read}))
        if len(results) < FEW:
            parts, support = self._builder.bag(parsed)
            bag = _top(weigh(coordinated(self._postings, parts, support, COORD_EXPONENT)), flt, wanted + len(results))
            strict = {doc for doc, _ in results}
            more = [(doc, score) for doc, score in bag if doc not in strict]
            if more and not results and len(present) > 1:
                notes.append(f"no rule matches all of {searched}; showing rules ranked by the words they share with it")
                note_keys.append(("bag_only", {"searched": searched}))
            elif more and results:
                notes.append(f"{len(results)} matching all of {searched} first, then rules sharing some of its words")
                note_keys.append(("strict_then_bag", {"n": len(results), "searched": searched}))
            matched = "all" if results else ("any" if more else "none")
            results += more
        else:
            matched = "all"
        stored = self._searcher.stored_fields
        hits: list[Hit] = []
        for doc, score in results:  # a snippet only for the hits shown
            if len(hits) == limit:
                break
            fields = stored(doc)
            if fields["key"] not in seen:
                hits.append(_hit(fields, score, needles))
        if not hits and not pinned:
            matched = "none"
        top = max((h.score for h in hits), default=0.0)
        pinned = [h._replace(score=round(top + 1.0, 3)) for h in pinned]
        return SearchResult((pinned + hits)[:limit], matched, notes, str(self.index.path), note_keys)


def _top(scores: dict[int, float], flt: set[int] | None, limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best documents (of the filter ``flt``) by score, the earlier document first among equals."""
    ranked = heapq.nsmallest(limit, ((-score, doc) for doc, score in scores.items() if flt is None or doc in flt))
    return [(doc, -neg) for neg, doc in ranked]


def search(
    query: str, *, game: str | None = None, limit: int = 10, source: Source | None = None, kind: str = "all"
) -> SearchResult:
    """Ranked rules and FAQ entries for ``query`` (one-off: opens the index, building it first when needed)."""
    with SearchSession(source) as session:
        return session.search(query, game=game, limit=limit, kind=kind)
