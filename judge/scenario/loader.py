"""Loading scenario files: parse them (judge/scenario/parse.py), then check every part against the game's vocabulary —
the shapes, meaning checks and places of the words its mechanisms declare — so that nothing is run that the engine
would not do. Every problem of a file is reported at once (up to MAX_ERRORS), each at ``file:line:column`` with what is
wrong and the nearest valid word."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.locale import join, t
from judge.scenario.parse import MAX_DEPTH, Marks, parse, text_of
from judge.scenario.problems import MAX_ERRORS, ScenarioError, did_you_mean, msg, show

Path_ = tuple[Any, ...]
MAX_BYTES = 256 * 1024  # the largest bundled scenario has 6 KB; bounds the time and memory of loading (about 1 s)
STDIN = "<stdin>"  # how a scenario read from standard input is named in messages

# problems about the form of a value, said after the place they are at ("cards.a.zone：…")
_PLACED = frozenset({"type", "enum", "required", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength",
                     "minProperties", "maxProperties", "pattern", "needs_value"})
_TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")


@dataclass
class Scenario:
    """A checked scenario: its plain data plus the marks to point back into the file."""

    file: str
    data: dict[str, Any]
    marks: Marks
    # fields a card took from its card library: (card path, field) -> (library file, its marks, path there)
    origins: dict[Path_, tuple[str, Marks, Path_]] = field(default_factory=dict)
    source: str = ""  # the file's text (to place a problem inside a card's printed text)
    readings: dict[str, Any] = field(default_factory=dict)  # card id -> how its printed text was read (printed.py)
    # card id -> where its hand-written abilities differ from what its text reads to
    differing: dict[str, list[str]] | None = None  # (worked out when the trace asks: printed.differing)
    both: dict[str, Any] = field(default_factory=dict)  # card id -> a card with a text and hand-written abilities

    def error(self, path: Path_, message: str, key: bool = False) -> ScenarioError:
        origin = self.origins.get(tuple(path[:3])) if len(path) >= 3 else None
        if origin is not None:  # a field from the card library: point into that file
            file, marks, there = origin
            line, col = marks.at(there + tuple(path[3:]), key)
            return ScenarioError(file, line, col, message)
        line, col = self.marks.at(path, key)
        err = ScenarioError(self.file, line, col, message)
        err.path = tuple(path)
        return err


def load_text(text: str, file: str) -> Scenario:
    """Parse and check; raise a ScenarioError holding every problem found (up to MAX_ERRORS). A file that is not YAML
    at all has one problem: where the YAML breaks."""
    data, marks = parse(text, file)
    sc = Scenario(file, data, marks, source=text)
    if not isinstance(data, dict):
        raise sc.error((), msg("not_mapping"))
    from judge.scenario import library, printed

    library.resolve(sc)  # cards that use a card library's texts
    unread = printed.read_cards(sc)  # cards written as printed get their abilities from their text
    try:
        problems = check(sc)
    except RecursionError:
        raise sc.error(max(marks.values, key=len), msg("too_deep", limit=MAX_DEPTH)) from None
    if unread:
        problems = sorted(problems + unread, key=lambda e: (e.file != sc.file, e.file, e.line, e.column))
    if problems:
        raise ScenarioError.of(problems[:MAX_ERRORS], truncated=len(problems) > MAX_ERRORS)
    return sc


def check(sc: Scenario) -> list[ScenarioError]:
    """Every problem of the file, in file order, one per place: the game first (its vocabulary is what the rest is
    checked against), then every part against the shapes of the game's words, then what the game's mechanisms check
    across the whole file."""
    from judge.engine.language.shapes import At, run_check
    from judge.games import games_with_engine, load_game

    d = sc.data
    game_id = d.get("game")
    games = list(games_with_engine())
    if game_id not in games:
        where = ("game",) if "game" in d else ()
        text = msg("at", where="game", problem=msg("enum", value=game_id, options=games, hint=did_you_mean(game_id, games))) \
            if "game" in d else msg("at", where=t("msg.scenario.err.the_file"), problem=msg("required", name="game"))
        return [sc.error(where, text, key=False)]
    ruleset = load_game(str(game_id))
    scope = file_scope(ruleset.vocab, d)
    at = At((), scope)
    ruleset.vocab.define("file_fields").check(d, at)
    for whole in ruleset.vocab.hooks("file.check"):
        run_check(whole, d, at)
    found: dict[tuple[int, int], ScenarioError] = {}
    for p in at.sink:
        err = sc.error(p.path, render(p), key=p.at_key)
        found.setdefault((err.line, err.column) if err.file == sc.file else (10**9, len(found)), err)
    return [found[k] for k in sorted(found, key=lambda k: (found[k].file != sc.file, k))]


def file_scope(vocab: Any, d: dict[str, Any]) -> Any:
    """What the file's parts may name: its cards, players, the tokens its steps create, the numbers and words its
    steps store."""
    from judge.engine.language.shapes import Scope

    cards = d.get("cards") if isinstance(d.get("cards"), dict) else {}
    players = [p.get("id") for p in d.get("players") or [] if isinstance(p, dict) and isinstance(p.get("id"), str)] \
        if isinstance(d.get("players"), list) else []
    tokens, stored, named = set(), set(), set()
    for step, arg in _steps(vocab, cards):
        if not isinstance(arg, dict):
            continue
        if step == "create" and isinstance(arg.get("id"), str):
            tokens.add(arg["id"])
        if step == "name":
            named.add(str(arg.get("store", "named")))
        elif isinstance(arg.get("store"), str):
            stored.add(arg["store"])
    return Scope(vocab, cards=frozenset(str(c) for c in cards), tokens=frozenset(tokens), players=tuple(players),
                 stored=frozenset(stored), named=frozenset(named), data=d)


def _steps(vocab: Any, x: Any) -> Any:
    """Every (word, argument) of a step anywhere inside ``x``."""
    steps = vocab.words("step")
    if isinstance(x, dict):
        for k, v in x.items():
            if k in steps:
                yield k, v
            yield from _steps(vocab, v)
    elif isinstance(x, list):
        for v in x:
            yield from _steps(vocab, v)


def render(p: Any) -> str:
    """A problem in the judge's language."""
    values = dict(p.values)
    if p.near is not None:
        values["hint"] = did_you_mean(p.near[0], p.near[1])
    values.setdefault("hint", "")
    if values.get("where") == "":
        values["where"] = t("msg.scenario.err.the_file")
    if p.key == "type":
        values["expected"] = _type_name(values.get("expected"))
        values["found"] = _found(values.get("found"))
    text = msg(p.key, **values)
    if p.key in _PLACED:
        text = msg("at", where=".".join(str(x) for x in p.path) or t("msg.scenario.err.the_file"), problem=text)
    return text


def _type_name(name: Any) -> str:
    if isinstance(name, list):
        return t("msg.scenario.or").join(_type_name(n) for n in name)
    return t(f"msg.scenario.type.{name}") if name in _TYPES else show(name)


def _found(value: Any) -> str:
    """What the file has: its kind and, for a short scalar, the value."""
    kind = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number",
            type(None): "null"}.get(type(value), "")
    text = show(value)
    return msg("found", kind=_type_name(kind) if kind else type(value).__name__, value=text if len(text) <= 40 else text[:39] + "…")


def load_file(path: str | Path) -> Scenario:
    """Read and check one scenario file (a regular file of at most MAX_BYTES)."""
    from judge.datafile import DataError, read_bounded

    try:
        raw = read_bounded(Path(path), MAX_BYTES, "scenario file")
    except DataError as e:
        message = str(e).removeprefix(f"{path}: ").removeprefix(f"{path}：")
        if not Path(path).exists():
            from judge.scenario.files import bundled_named

            if near := bundled_named(str(path)):  # a bundled scenario named without its game's folder
                message = t("msg.run.not_found_bundled", names=join(near))
        raise ScenarioError(str(path), 1, 1, message) from None
    return load_bytes(raw, str(path))


def load_bytes(raw: bytes, name: str) -> Scenario:
    """Check a scenario given as bytes (a file's, or standard input's: ``name`` is how messages call it)."""
    if len(raw) > MAX_BYTES:
        raise ScenarioError(name, 1, 1, msg("too_large", limit=f"{MAX_BYTES:,}"))
    return load_text(text_of(raw, name), name)


__all__ = ["Scenario", "ScenarioError", "load_text", "load_file", "load_bytes", "MAX_BYTES", "STDIN", "parse", "text_of",
           "Marks"]
