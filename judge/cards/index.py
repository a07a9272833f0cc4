"""Every card the project knows, once per game: the printed texts the rules' worked examples quote, the FAQ entries
that name it, the card libraries' entries (with what their text rests on), and the bundled scenarios that use it.

A card is known by its name folded to Simplified Chinese (「嶄新覺醒」梅爾 and 「崭新觉醒」梅尔 are one card), and
found by any of its names: either script, its English working name, the name without its epithet, or a part of one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge.locale.folding import fold

_EPITHET = re.compile(r"^「[^」]*」")


def key_of(name: str) -> str:
    """A name as it is matched: Simplified, lower case, without spaces or the brackets' own marks."""
    return re.sub(r"[\s「」『』“”\"']", "", fold(name)).lower()


@dataclass
class Printing:
    """One place that gives the card's text: a rule's worked example, a card library or a scenario file."""

    kind: str  # example / library / scenario
    where: str  # rule id, library file or scenario name
    text: str
    line: int | None = None  # for an example: the rule's line in its document
    basis: str | None = None  # a library card's note on what its text rests on
    type: str | None = None  # the card type a library gives it (how its text is read)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "where": self.where, "text": self.text, "line": self.line, "basis": self.basis,
                "type": self.type}


@dataclass
class Card:
    """A card of one game and everything that mentions it."""

    game: str
    zh: str  # the name as the first source writes it (a library's, else a document's)
    en: str | None = None
    names: list[str] = field(default_factory=list)  # every spelling met
    printings: list[Printing] = field(default_factory=list)
    faq: list[str] = field(default_factory=list)  # FAQ entry ids naming it
    scenarios: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)  # rules whose text or examples name it (filled on lookup)
    known: list[str] = field(default_factory=list)  # its keys, once computed (kept in the cached index)
    errata: list[dict[str, str]] = field(default_factory=list)  # {entry, text}: a FAQ's new wording of its text

    @property
    def key(self) -> str:
        return key_of(self.zh)

    def keys(self) -> set[str]:
        """Every key it is found by: each name, each name without its epithet, the English name."""
        if not self.known:
            out = {key_of(n) for n in self.names} | ({self.en.lower().replace(" ", "")} if self.en else set())
            self.known = sorted(out | {key_of(_EPITHET.sub("", n)) for n in self.names})
        return set(self.known)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.zh, "en": self.en, "names": self.names,
                "printings": [p.to_dict() for p in self.printings], "errata": self.errata, "faq": self.faq,
                "rules": self.rules, "scenarios": self.scenarios}


class CardIndex:
    """The cards of every game (or of one), built from the corpus, the FAQ documents and the scenarios."""

    def __init__(self) -> None:
        self.cards: dict[tuple[str, str], Card] = {}

    def add(self, game: str, name: str, en: str | None = None) -> Card:
        k = (game, key_of(name))
        card = self.cards.get(k)
        if card is None:
            card = self.cards[k] = Card(game, name, en)
        if name not in card.names:
            card.names.append(name)
        if en and not card.en:
            card.en = en
        return card

    def of_game(self, game: str | None) -> list[Card]:
        return sorted((c for c in self.cards.values() if game is None or c.game == game), key=lambda c: (c.game, c.zh))

    def find(self, typed: str, game: str | None = None) -> tuple[str, list[Card]]:
        """How ``typed`` matched (``exact``, ``part``, ``near`` or ``none``) and the cards it names."""
        import difflib

        q = key_of(typed)
        pool = self.of_game(game)
        if not q:
            return "none", []
        exact = [c for c in pool if q in c.keys()]
        if exact:
            return "exact", exact
        part = [c for c in pool if any(q in k for k in c.keys())]
        if part:
            return "part", part
        if len(q) > MAX_NAME:  # no card name is this long: nothing is spelled alike (and no quadratic compare)
            return "none", []
        scored = sorted(((max(difflib.SequenceMatcher(None, q, k).ratio() for k in c.keys()), c) for c in pool),
                        key=lambda x: -x[0])
        return ("near", [c for r, c in scored[:5] if r >= NEAR]) if scored and scored[0][0] >= NEAR else ("none", [])


NEAR = 0.6  # a name this alike to the typed one is offered ("did you mean")
MAX_NAME = 80  # characters: a longer query is no card's name


CACHE_VERSION = "3"


def cached(scenarios_root: Path | None = None) -> CardIndex:
    """:func:`build`'s index, from the per-user cache while none of its inputs changed: the scenario files and card
    libraries, the FAQ documents, and everything the scenario catalogue's engine key covers (the package's code and
    the corpus). A file changed just now, or a damaged cache, means building it again."""
    import marshal

    from judge import filesig, paths
    from judge.faq.model import faq_dir
    from judge.scenario.catalogue import engine_key
    from judge.scenario.files import scenario_files

    root = scenarios_root or paths.scenarios_dir()
    from judge.corpus.layer import faq_files

    watched = [*scenario_files(root), *sorted(root.rglob("*.cards")), *sorted(faq_dir().glob("*.yaml")), *faq_files()]
    sig = filesig.signature(watched, f"cards-v{CACHE_VERSION}\0{engine_key()}\0{root}")
    file = paths.cache_dir() / "cards" / "index.marshal"
    if sig is not None:
        try:
            stored = marshal.loads(file.read_bytes())
            if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == sig:
                return _from_data(stored[1])
        except (OSError, ValueError, EOFError, TypeError, KeyError):
            pass
    index = build(root)
    if sig is not None:
        from judge.datafile import write_cache

        write_cache(file, marshal.dumps((sig, [{**c.to_dict(), "known": sorted(c.keys()), "key": k}
                                               for (_, k), c in index.cards.items()])))
    return index


def _from_data(data: list[dict[str, Any]]) -> CardIndex:
    index = CardIndex()
    for d in data:
        card = Card(d["game"], d["name"], d["en"], list(d["names"]), [Printing(**p) for p in d["printings"]],
                    list(d["faq"]), list(d["scenarios"]), list(d["rules"]), list(d["known"]), list(d["errata"]))
        index.cards[(card.game, str(d["key"]))] = card
    return index


def build(scenarios_root: Path | None = None) -> CardIndex:
    """The index over the bundled corpus (and the user's added documents), the FAQ documents and the scenarios."""
    from judge.corpus.store import load_corpus
    from judge.faq.model import load_faq
    from judge.scenario.catalogue import catalogue

    index = CardIndex()
    summaries = catalogue(scenarios_root, run=False)
    libraries: dict[str, str] = {}  # library path -> the game of the scenarios that use it
    for s in summaries:
        if s.library and s.game:
            libraries.setdefault(s.library, s.game)
    for lib, game in sorted(libraries.items()):
        _library(index, Path(lib), game, scenarios_root)
    corpus = load_corpus()
    for game in corpus.games:
        for rule in corpus.all_rules(game):
            for ex in rule.examples:
                for c in ex.cards:
                    index.add(game, c.name).printings.append(Printing("example", rule.id, c.text, rule.source.line))
    for e in load_faq():
        for c in e.cards:
            card = index.add(e.game, c.full)
            if e.id not in card.faq:
                card.faq.append(e.id)
            for text in erratum(e, c.name):
                card.errata.append({"entry": e.id, "text": text})
    for s in summaries:
        lib_cards = _library_names(s.library) if s.library else {}
        for c in s.cards:
            name, en = (c.get("zh"), c.get("en"))
            if not name and c.get("uses"):
                name, en = lib_cards.get(str(c["uses"]), (None, None))
            if not name or not s.game:
                continue
            card = index.add(s.game, name, en)
            shown = s.name.rsplit(".", 1)[0]
            if shown not in card.scenarios:
                card.scenarios.append(shown)
            if c.get("text") and not any(p.text == c["text"] for p in card.printings):
                card.printings.append(Printing("scenario", shown, str(c["text"])))
    return index


_ERRATUM = re.compile(r"勘[誤误][^「」。]*?[：:]\s*「(?P<text>(?:[^「」]|「[^「」]*」)+)」")


def erratum(entry: Any, name: str) -> list[str]:
    """The new wordings a FAQ entry gives a card's text: a sentence of its answer or explanation that says the card
    was corrected (勘誤) and quotes the new text after a colon (「我們已對「星鷺」進行勘誤，更新其措辭：「…」」)."""
    out = []
    for said in [entry.answer, *entry.explanation]:
        for sentence in re.split(r"(?<=[。！？])(?![^「」]*」)", said):
            if name in sentence or fold(name) in fold(sentence):
                out += [m.group("text") for m in _ERRATUM.finditer(sentence)]
    return out


def _library(index: CardIndex, path: Path, game: str, root: Path | None) -> None:
    """Add a card library's cards, each with its text and its basis."""
    from judge import paths
    from judge.scenario.catalogue import display_name

    for cid, c in _library_cards(path).items():
        name = c.get("name")
        zh, en = (name.get("zh"), name.get("en")) if isinstance(name, dict) else (name, None)
        if not isinstance(zh, str):
            continue
        card = index.add(game, zh, en if isinstance(en, str) else None)
        for other in c.get("names") or [] if isinstance(c.get("names"), list) else []:  # another edition's name
            if isinstance(other, str) and other not in card.names:
                card.names.append(other)
        if isinstance(c.get("text"), str):
            where = display_name(path, root or paths.scenarios_dir())
            card.printings.append(Printing("library", f"{where}#{cid}", c["text"], None,
                                           " ".join(str(c["basis"]).split()) if c.get("basis") else None,
                                           c["type"] if isinstance(c.get("type"), str) else None))


def _library_names(library: str) -> dict[str, tuple[str | None, str | None]]:
    """A library's card ids → (Chinese name, English name)."""
    out: dict[str, tuple[str | None, str | None]] = {}
    for cid, c in _library_cards(Path(library)).items():
        name = c.get("name")
        out[cid] = (name.get("zh"), name.get("en")) if isinstance(name, dict) else (name if isinstance(name, str) else None, None)
    return out


@lru_cache(maxsize=16)
def _library_cards(path: Path) -> dict[str, dict[str, Any]]:
    """A library's cards, read as the scenario loader reads one (bounded, strict YAML, cached); none when unreadable."""
    from judge.datafile import DataError, read_bounded
    from judge.scenario.library import MAX_BYTES
    from judge.scenario.parse import parse, text_of
    from judge.scenario.problems import ScenarioError

    try:
        data, _ = parse(text_of(read_bounded(path, MAX_BYTES, "card library"), str(path)), str(path))
    except (DataError, ScenarioError):
        return {}
    cards = data.get("cards") if isinstance(data, dict) else None
    return {str(k): v for k, v in cards.items() if isinstance(v, dict)} if isinstance(cards, dict) else {}


def mentioning_rules(card: Card) -> list[str]:
    """The rules of the card's game whose text or worked examples name it."""
    from judge.corpus.store import load_corpus

    corpus = load_corpus()
    if card.game not in corpus.games:
        return []
    # every spelling the sources give (a document's own script among them), so the rules' texts need no folding
    names = {_EPITHET.sub("", n) for n in card.names} | set(card.names)
    names = {n for n in names if len(n) >= 2}
    out = []
    for rule in corpus.all_rules(card.game):
        text = " ".join([rule.text, *(e.text for e in rule.examples), *(c.name for e in rule.examples for c in e.cards)])
        if any(n in text for n in names):
            out.append(rule.id)
    return out
