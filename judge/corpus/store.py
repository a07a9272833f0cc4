"""Reading and writing the parsed corpus (``rules_corpus/<game>.yaml``) and looking rules up."""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from judge import paths
from judge.corpus.model import Rule
from judge.datafile import DataError, atomic_write
from judge.corpus.ruleid import normalize, sort_key

GAMES = ("rise", "sanguo", "riftbound")


class UnknownGameError(KeyError):
    """A game id that the corpus does not have."""


@lru_cache(maxsize=1)
def _dumper() -> type:
    """PyYAML's safe dumper (its C emitter) writing multi-line strings as blocks, with a representer for the corpus's
    trees of mappings, lists and strings that builds the same nodes as PyYAML's, about five times faster (it keeps
    no record of objects for aliases: a corpus has none). Built on first use: reading never needs it."""
    import yaml
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    STR, SEQ, MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"  # noqa: N806

    class CorpusDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
        def represent(self, data: Any) -> None:
            self.serialize(self.node(data))

        def node(self, data: Any) -> Any:
            kind = type(data)
            if kind is str:
                return ScalarNode(STR, data, style="|" if "\n" in data else None)
            if kind is dict:
                pairs = [(self.node(k), self.node(v)) for k, v in data.items()]
                return MappingNode(MAP, pairs, flow_style=self._flow(all(_plain(a) and _plain(b) for a, b in pairs)))
            if kind is list:
                items = [self.node(v) for v in data]
                return SequenceNode(SEQ, items, flow_style=self._flow(all(_plain(v) for v in items)))
            return self.represent_data(data)  # numbers, None, booleans: PyYAML's own representers

        def _flow(self, best: bool) -> bool:
            return best if self.default_flow_style is None else bool(self.default_flow_style)

    def _plain(node: Any) -> bool:
        return isinstance(node, ScalarNode) and not node.style

    def block_strings(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
        return dumper.represent_scalar(STR, value, style="|" if "\n" in value else None)

    CorpusDumper.add_representer(str, block_strings)
    return CorpusDumper


def dump_yaml(data: Any) -> str:
    """Deterministic, diffable YAML (insertion order kept, Unicode as is, block text)."""
    import yaml

    import gc

    enabled = gc.isenabled()
    gc.disable()  # millions of nodes and no cycles: the collector would scan them again and again (80,000 rules: 2×)
    try:
        return yaml.dump(data, Dumper=_dumper(), allow_unicode=True, sort_keys=False, width=1_000_000)
    finally:
        if enabled:
            gc.enable()


VERSIONS = "versions"  # <corpus>/versions/<game>/<version>.yaml: a game's older versions


def write_game(game: str, documents: list[dict[str, Any]], rules: list[Rule], root: Path, *, name: str | None = None,
               version: str | None = None, versions: list[dict[str, Any]] | None = None) -> Path:
    """Write one game's corpus file (atomically; ``<root>/<name or game>.yaml``) and return its path. An older
    version's file names its ``version``; the newest lists the game's ``versions`` when it has several."""
    path = root / f"{name or game}.yaml"
    data: dict[str, Any] = {"game": game}
    if version is not None:
        data["version"] = version
    data["documents"] = documents
    if versions:
        data["versions"] = versions
    data["rules"] = [r.to_dict() for r in rules]
    root.mkdir(parents=True, exist_ok=True)
    atomic_write(path, dump_yaml(data))
    return path


class GameRules(Mapping[str, Rule]):
    """One game's rules by id, each decoded from its cached data when first asked for (a lookup decodes a few of
    a game's thousands)."""

    def __init__(self, path: Path, data: dict[str, bytes]) -> None:
        self._path = path
        self._data = data
        self._rules: dict[str, Rule] = {}

    def __getitem__(self, rid: str) -> Rule:
        rule = self._rules.get(rid)
        if rule is None:
            import marshal

            d = marshal.loads(self._data[rid])
            try:
                rule = Rule.from_dict(d)
            except (KeyError, TypeError, ValueError, AttributeError) as e:
                i = list(self._data).index(rid)
                raise DataError(f"{self._path}: rules[{i}] is not a valid rule (missing or wrong field: {e})") from e
            self._rules[rid] = rule
        return rule

    def __contains__(self, rid: object) -> bool:
        return rid in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


class PerGame(Mapping[str, Any]):
    """game → one part of its corpus file (rules, documents or versions), the file read when a game is first used:
    a command about one game reads that game's file only."""

    def __init__(self, games: list[str], part: Callable[[str], Any]) -> None:
        self._games = games
        self._part = part

    def __getitem__(self, game: str) -> Any:
        if game not in self._games:
            raise KeyError(game)
        return self._part(game)

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


@dataclass
class Corpus:
    """All games' rules, indexed by game and id."""

    rules: Mapping[str, Mapping[str, Rule]] = field(default_factory=dict)
    documents: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)
    versions: Mapping[str, list[dict[str, Any]]] = field(default_factory=dict)  # game → its versions, oldest first
    files: Mapping[str, Path] = field(default_factory=dict)  # game → its parsed file

    @property
    def games(self) -> list[str]:
        return list(self.rules)

    def check_game(self, game: str) -> None:
        if game not in self.rules:
            raise UnknownGameError(game)

    def all_rules(self, game: str | None = None) -> Iterable[Rule]:
        """Every rule, games in corpus order, ids in natural order."""
        for g in [game] if game else self.games:
            self.check_game(g)
            yield from self.rules[g].values()

    def get(self, game: str, rule_id: str) -> Rule | None:
        self.check_game(game)
        return self.rules[game].get(normalize(rule_id))

    def find(self, rule_id: str, game: str | None = None) -> list[Rule]:
        """The rules with this id in the given game, or in every game."""
        rid = normalize(rule_id)
        return [r for g in ([game] if game else self.games) if (r := self.get(g, rid))]

    def nearest(self, rule_id: str, game: str | None = None, n: int = 5) -> list[Rule]:
        """Existing rules whose ids are closest to ``rule_id`` (shared prefix first, then similarity)."""
        rid = normalize(rule_id)
        pool = list(self.all_rules(game))
        by_id: dict[str, list[Rule]] = {}
        for r in pool:
            by_id.setdefault(r.id, []).append(r)
        prefix = rid
        picked: list[str] = []
        while prefix and len(picked) < n:
            picked += [i for i in sorted(by_id, key=sort_key) if i.startswith(prefix) and i not in picked]
            prefix = prefix[:-1]
        picked = picked[:n] or difflib.get_close_matches(rid, list(by_id), n=n, cutoff=0.0)
        return [r for i in picked for r in by_id[i]][:n]

    def breadcrumb(self, rule: Rule) -> list[Rule]:
        """The rule's ancestors, outermost first, ending with the rule itself."""
        chain = [rule]
        while chain[0].parent:
            chain.insert(0, self.rules[rule.game][chain[0].parent])
        return chain


NOT_GAMES = {"sources", "glossary", "cards", "example_notes"}


def game_files(root: Path | None = None) -> dict[str, Path]:
    """Each game with a parsed file → that file, the three bundled games first, then others by name.

    With ``root``, the files in that folder; without, the bundled corpus with the user's layer over it
    (a game with an added document is read from the user's data folder, :mod:`judge.corpus.layer`).
    """
    base = root or paths.corpus_dir()
    files = {p.stem: p for p in base.glob("*.yaml") if p.stem not in NOT_GAMES}
    if root is None:
        from judge.corpus import layer

        files.update(layer.game_files())
    return {g: files[g] for g in [g for g in GAMES if g in files] + sorted(set(files) - set(GAMES))}


def game_ids(root: Path | None = None) -> list[str]:
    """The games that have a parsed file: the three bundled ones first, then others by name."""
    return list(game_files(root))


def corpus_hash(root: Path | None = None) -> str:
    """A hash of the parsed corpus files (what the search index and reports are built from)."""
    h = hashlib.sha256()
    for g, path in game_files(root).items():
        h.update(g.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=4)
def load_corpus(root: Path | None = None) -> Corpus:
    """Every ``<game>.yaml`` under the corpus folder, read once per process."""
    return read_corpus(root)


def read_corpus(root: Path | None = None) -> Corpus:
    """The ``<game>.yaml`` files under the corpus folder as they are on disk now, each read when its game is first
    used (from the per-user cache while the file is unchanged, :func:`judge.corpus.cache.cached_game`)."""
    from judge.corpus.cache import GameData, cached_game

    files = game_files(root)
    loaded: dict[str, tuple[GameData, GameRules]] = {}

    def game(g: str) -> tuple[GameData, GameRules]:
        if g not in loaded:
            data = cached_game(files[g])
            loaded[g] = (data, GameRules(files[g], data.rules))
        return loaded[g]

    games = list(files)
    return Corpus(PerGame(games, lambda g: game(g)[1]), PerGame(games, lambda g: game(g)[0].documents),
                  PerGame(games, lambda g: game(g)[0].versions), dict(files))


class UnknownVersionError(KeyError):
    """A version a game does not have (args: game, the version asked for, the versions it has)."""


def find_version(corpus: Corpus, game: str, wanted: str) -> dict[str, Any]:
    """The version of ``game`` named ``wanted`` (its label, its date in any form, or a document's file name)."""
    from judge.corpus.dates import parse_date

    versions = corpus.versions.get(game) or []
    date = parse_date(wanted)
    for v in versions:
        if wanted in (v["version"], *v["documents"]) or (date and v.get("date") == date) or wanted.lstrip("vV") == v["version"].lstrip("v"):
            return v
    raise UnknownVersionError(game, wanted, [v["version"] for v in versions])


def with_version(corpus: Corpus, game: str, wanted: str) -> Corpus:
    """``corpus`` with ``game``'s rules as of the version ``wanted`` (see :func:`find_version`)."""
    v = find_version(corpus, game, wanted)
    if v.get("file") is None:  # the newest: what the corpus already holds
        return corpus
    from judge.corpus.cache import cached_game

    path = corpus.files[game].parent / v["file"]
    rules = GameRules(path, cached_game(path).rules)
    games = list(corpus.rules)
    return Corpus(PerGame(games, lambda g: rules if g == game else corpus.rules[g]), corpus.documents,
                  corpus.versions, corpus.files)
