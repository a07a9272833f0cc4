"""Loading scenario files with a line and column for every value, then checking them (schema and meaning).

Every problem of a file is reported at once (judge/scenario/problems.py). The meaning checks look at the parts the
schema accepts; a part it refuses is left to the schema's message.
"""

from __future__ import annotations

import json
import marshal
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.engine.choice import CHOICE_KINDS
from judge.engine.loops import MANDATORY_MIN
from judge.locale import has, t
from judge.scenario.problems import Problems, ScenarioError, TooMany, did_you_mean, msg, show

if TYPE_CHECKING:
    import yaml

try:  # Python's built-in SHA-256: the same digests as hashlib's, without loading OpenSSL (~2 ms of start-up)
    from _sha256 import sha256
except ImportError:
    from hashlib import sha256

SCHEMA_PATH = Path(__file__).resolve().parent / "scenario.schema.json"
Path_ = tuple[Any, ...]
MAX_DEPTH = 60  # levels of mappings and lists; the bundled scenarios use at most 13
MAX_BYTES = 256 * 1024  # the largest bundled scenario has 6 KB; bounds the time and memory of loading (about 1 s)
STDIN = "<stdin>"  # how a scenario read from standard input is named in messages


@dataclass
class Marks:
    """Where each value (and each mapping key) starts in the file, by path from the top."""

    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def at(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """The mark of ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        while True:
            if key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if not p:
                return (1, 1)
            p = p[:-1]


@dataclass
class Scenario:
    """A checked scenario: its plain data plus the marks to point back into the file."""

    file: str
    data: dict[str, Any]
    marks: Marks
    # fields a card took from its card library: (card path, field) -> (library file, its marks, path there)
    origins: dict[Path_, tuple[str, Marks, Path_]] = field(default_factory=dict)

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


# PyYAML is imported only to read a scenario the per-user cache does not hold (see parse): ~11 ms of start-up
@lru_cache(maxsize=1)
def _yaml_loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=1)
def _scalars() -> Any:
    import yaml

    return yaml.constructor.SafeConstructor()


def _plain(node: yaml.Node, path: Path_, marks: Marks, file: str) -> Any:
    """Turn a composed node into plain data, recording marks; duplicate keys are an error."""
    import yaml

    _SCALARS = _scalars()  # noqa: N806
    marks.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if len(path) > MAX_DEPTH:  # every node, not only steps: deeper input would exhaust the stack later on
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1,
                            msg("too_deep", limit=MAX_DEPTH))
    if isinstance(node, yaml.ScalarNode):
        return _SCALARS.construct_object(node)
    if isinstance(node, yaml.SequenceNode):
        return [_plain(n, path + (i,), marks, file) for i, n in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("key_not_word"))
            key = _SCALARS.construct_object(knode)
            if knode.tag == "tag:yaml.org,2002:merge":
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("merge_key"))
            if not isinstance(key, str):
                key = str(key).lower() if isinstance(key, bool) else str(key)
            if key in out:
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("duplicate_key", key=key))
            marks.keys[path + (key,)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _plain(vnode, path + (key,), marks, file)
        return out
    raise ScenarioError(file, 1, 1, msg("yaml_node"))


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The scenario JSON Schema: the shipped base, with each game's ids, zones, card types, statuses and trigger
    events filled in from its game data (a card's zone, type and status must be its own game's)."""
    from judge.games import games_with_engine, load_game

    out = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    games = [load_game(g) for g in games_with_engine()]
    defs = out["$defs"]
    out["properties"]["game"]["enum"] = [g.game for g in games]
    for name, of in (("zone", lambda g: g.zones), ("card_type", lambda g: g.types), ("status", lambda g: g.statuses),
                     ("event", lambda g: g.events)):
        defs[name]["enum"] = sorted({v for g in games for v in of(g)})
    for g in games:  # the scenario fields a game adds (its data's `schema:`)
        _add_game_fields(out, g.raw.get("schema") or {})
    out["allOf"] = [{
        "if": {"required": ["game"], "properties": {"game": {"const": g.game}}},
        "then": {"properties": {"cards": {"additionalProperties": {"properties": {
            "zone": {"enum": list(g.zones)}, "type": {"enum": list(g.types)},
            "status": {"items": {"enum": list(g.statuses)}}}}}}},
    } for g in games]
    return out


def _add_game_fields(out: dict[str, Any], extra: dict[str, Any]) -> None:
    """Merge a game's own scenario fields into the schema: properties per kind of mapping, and more enum values."""
    defs = out["$defs"]
    where = {"player": out["properties"]["players"]["items"], "action": defs["action"]["oneOf"][-1]}
    for kind, props in extra.items():
        if kind == "enums":
            continue
        target = where.get(kind) or defs[kind]
        clash = set(props) & set(target.get("properties") or {})
        if clash:  # a game adds fields; it cannot change what the shared format's fields mean
            raise ValueError(f"a game's scenario fields redefine {kind}.{sorted(clash)[0]} of the shared format")
        target.setdefault("properties", {}).update(props)
    enums = extra.get("enums") or {}
    for values, enum in ((enums.get("cannot"), defs["ability"]["properties"]["cannot"]["items"]["enum"]),
                         (enums.get("replacement_event"), defs["replacement"]["properties"]["event"]["enum"]),
                         (enums.get("ability_kind"), defs["ability"]["properties"]["kind"]["enum"])):
        enum.extend(v for v in values or () if v not in enum)


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


def load_text(text: str, file: str) -> Scenario:
    """Parse, check against the schema, then check meaning; raise a ScenarioError holding every problem found (up
    to MAX_ERRORS). A file that is not YAML at all has one problem: where the YAML breaks."""
    data, marks = parse(text, file)
    sc = Scenario(file, data, marks)
    if not isinstance(data, dict):
        raise sc.error((), msg("not_mapping"))
    problems = Problems()
    try:
        from judge.scenario import library

        library.resolve(sc)  # cards that use a card library's texts
        _check_effects(sc, problems)
        _check_schema(sc, problems)
        problems.lenient = bool(problems.found)
        with problems.each():
            _check_meaning(sc, problems)
        _check_honoured(sc, problems)
    except TooMany:
        pass
    except RecursionError:
        problems.found.append(sc.error(max(marks.values, key=len), msg("too_deep", limit=MAX_DEPTH)))
    err = problems.error()
    if err is not None:
        raise err
    return sc


def _parse_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """The plain data of scenario text and where each value is, read by PyYAML; a ScenarioError says where the
    text is not a scenario's YAML."""
    import yaml

    marks = Marks()
    try:
        _refuse_aliases(text, file)
        node = yaml.compose(text, Loader=_yaml_loader())
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ScenarioError(file, line, col, msg("not_yaml", problem=_yaml_problem(e.problem or e.context))) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow (a control character): where it is
        line = text.count("\n", 0, e.position) + 1
        col = e.position - (text.rfind("\n", 0, e.position) + 1) + 1
        code = f"U+{e.character:04X}" if isinstance(e.character, int) else show(e.character)
        raise ScenarioError(file, line, col, msg("control", code=code)) from None
    except yaml.YAMLError:
        raise ScenarioError(file, 1, 1, msg("not_yaml", problem=t("msg.scenario.yaml_other"))) from None
    if node is None:
        raise ScenarioError(file, 1, 1, msg("empty"))
    try:
        data = _plain(node, (), marks, file)
    except yaml.constructor.ConstructorError as e:
        mark = e.problem_mark
        raise ScenarioError(file, (mark.line + 1) if mark else 1, (mark.column + 1) if mark else 1,
                            msg("bad_value", problem=_yaml_problem(e.problem))) from None
    except (ValueError, TypeError, OverflowError):  # a scalar YAML reads as a value that cannot be (2024-13-45)
        raise ScenarioError(file, 1, 1, msg("bad_value", problem=t("msg.scenario.bad_scalar"))) from None
    except RecursionError:
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1, msg("too_deep", limit=MAX_DEPTH)) from None
    return data, marks


# --- the parsed-scenario cache -------------------------------------------------------------------------------------
PARSED_VERSION = 1  # of what _parse_yaml gives (data and marks): a new value leaves the old entries unread
_CHECKSUM = 32  # bytes of SHA-256 before each entry's marshal data


def parse(text: str, file: str) -> tuple[Any, Marks]:
    """What :func:`_parse_yaml` gives for ``text``, from the per-user cache (``$JUDGE_CACHE_DIR/scenarios/``) when
    this exact text was read before: an entry is named by a hash of the text (a changed file is another entry),
    holds a checksum of itself (a damaged entry is read again from the text and rewritten) and is written only for
    text that parsed (errors are found again, by YAML).  A missing or unwritable cache only costs speed."""
    key = sha256(f"{PARSED_VERSION}\0{sys.version_info[0]}.{sys.version_info[1]}\0".encode() + text.encode("utf-8")).hexdigest()
    entry = _parsed_entry(key)
    stored = _read_parsed(entry, key)
    if stored is not None:
        return stored
    data, marks = _parse_yaml(text, file)
    _store_parsed(entry, key, data, marks)
    return data, marks


def _parsed_entry(key: str) -> Path:
    from judge import paths

    return paths.cache_dir() / "scenarios" / f"{key[:32]}.marshal"


def _read_parsed(entry: Path, key: str) -> tuple[Any, Marks] | None:
    """The data and marks an entry holds for ``key``, or None (no entry, or a damaged or foreign one)."""
    try:
        blob = entry.read_bytes()
    except OSError:
        return None
    body = blob[_CHECKSUM:]
    if len(blob) <= _CHECKSUM or sha256(body).digest() != blob[:_CHECKSUM]:
        return None
    try:
        stored = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 4 and stored[0] == key
            and isinstance(stored[2], dict) and isinstance(stored[3], dict)):
        return None
    return stored[1], Marks(stored[2], stored[3])


def _store_parsed(entry: Path, key: str, data: Any, marks: Marks) -> None:
    """Write an entry atomically; data marshal cannot hold (a date YAML read from an unquoted value) is not cached."""
    from judge.datafile import write_cache

    try:
        body = marshal.dumps((key, data, marks.values, marks.keys))
    except ValueError:
        return  # unusual data only costs speed
    write_cache(entry, sha256(body).digest() + body)


def _yaml_problem(problem: str | None) -> str:
    """What the YAML parser found, in the judge's language (``msg.scenario.yaml.<its English>``); a problem the
    locale does not list is said in general words, the place pointing at it."""
    problem = re.sub(r" '[^']*'$", "", problem or "")  # a quoted name at the end: the tag, the character …
    key = f"msg.scenario.yaml.{problem}"
    return t(key) if problem and "." not in problem and has(key) else t("msg.scenario.yaml_other")


def _refuse_aliases(text: str, file: str) -> None:
    """A scenario has no use for YAML aliases (``*name``), and a few of them can expand to billions of values."""
    if "*" not in text:
        return
    import yaml

    for event in yaml.parse(text, Loader=_yaml_loader()):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            raise ScenarioError(file, mark.line + 1, mark.column + 1, msg("alias", anchor=event.anchor))


def load_file(path: str | Path) -> Scenario:
    """Read and check one scenario file (a regular file of at most MAX_BYTES)."""
    from judge.datafile import DataError, read_bounded

    try:
        raw = read_bounded(Path(path), MAX_BYTES, "scenario file")
    except DataError as e:
        message = str(e).removeprefix(f"{path}: ").removeprefix(f"{path}：")
        raise ScenarioError(str(path), 1, 1, message) from None
    return load_bytes(raw, str(path))


def load_bytes(raw: bytes, name: str) -> Scenario:
    """Check a scenario given as bytes (a file's, or standard input's: ``name`` is how messages call it)."""
    if len(raw) > MAX_BYTES:
        raise ScenarioError(name, 1, 1, msg("too_large", limit=f"{MAX_BYTES:,}"))
    return load_text(text_of(raw, name), name)


def text_of(raw: bytes, name: str) -> str:
    """The UTF-8 text of a file's bytes with its line ends made ``\\n``; a ScenarioError says where a byte is not UTF-8."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise ScenarioError(name, line, col, msg("not_utf8", byte=f"0x{raw[e.start]:02x}")) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


# --- the schema ------------------------------------------------------------------------------------
SCHEMA_DIGEST_VERSION = "1"  # of how the digest below is computed


def _schema_inputs() -> list[Path]:
    """The files the schema is made from: the shipped base and this module, the games' data and rule modules, and
    the engine's modules (a game's Ruleset names its zones, types, statuses and events)."""
    here = Path(__file__).resolve()
    judge_dir = here.parent.parent
    games = sorted(p for p in (judge_dir / "games").rglob("*") if p.suffix in (".py", ".yaml"))
    return [SCHEMA_PATH, here, *sorted((judge_dir / "engine").glob("*.py")), *games]


@lru_cache(maxsize=1)
def _schema_digest() -> bytes:
    """A hash of :func:`schema`, remembered by the signature of the files it is made from (judge.filesig): the
    schema is built (every game's Ruleset) and hashed only when one of them changed."""
    from judge import paths
    from judge.filesig import memo_key, signature

    def digest() -> str:
        return sha256(json.dumps(schema(), sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()

    sig = signature(_schema_inputs(), salt=f"scenario schema {SCHEMA_DIGEST_VERSION}")
    return bytes.fromhex(memo_key(paths.cache_dir() / "schema-digests.json", sig, digest))


def _schema_passed_marker(data: Any) -> Path:
    """Where the per-user cache marks data that passed the check against this schema (the games' data
    included): it is not checked again, so jsonschema (~50 ms to import) stays off the path of `judge run`."""
    from judge import paths

    typed = json.dumps(data, sort_keys=True, ensure_ascii=False, default=lambda o: f"<{type(o).__name__}:{o!r}>")
    digest = sha256(_schema_digest() + b"\0" + typed.encode("utf-8")).hexdigest()
    return paths.cache_dir() / "schema-passed" / digest[:32]


def _touch(marker: Path) -> None:
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass  # an unwritable cache only costs speed


_TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")


def _check_schema(sc: Scenario, problems: Problems) -> None:
    """Every place the schema refuses, each with what would be valid there (data that passed before is not checked again)."""
    marker = _schema_passed_marker(sc.data)
    if marker.is_file():
        return
    # in file order; at one place, the game's own rule first (its zones, not every game's: the schema's allOf)
    errors = sorted(_validator().iter_errors(sc.data), key=lambda e: (sc.marks.at(tuple(e.absolute_path)),
                                                                      len(e.absolute_path), "allOf" not in e.schema_path))
    if not errors:
        _touch(marker)
    for top in errors:
        err = _deepest(top)
        path = tuple(err.absolute_path)
        problems.refused.append(path)
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = sorted(err.schema.get("properties") or {})
            extra = [k for k in err.instance if k not in allowed]
            for k in extra:
                problems.add(sc.error(path + (k,), msg("unknown_field", name=k, where=_where(path), allowed=allowed,
                                                      hint=did_you_mean(k, allowed)), key=True))
            if extra:
                continue
        problems.add(sc.error(path, msg("at", where=_where(path), problem=_message(err, _own_names(sc)))))


def _deepest(err: Any) -> Any:
    """For oneOf/anyOf failures, the most specific sub-error: the deepest, and of the form the value has (a
    mapping's unknown key rather than "expected a word")."""
    while err.context:
        err = max(err.context, key=lambda e: (len(e.absolute_path), e.validator not in ("type", "const", "enum")))
        if err.validator not in ("oneOf", "anyOf"):
            break
    return err


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


def _own_names(sc: Scenario) -> dict[frozenset[str], list[str]]:
    """Every game's zones (card types, statuses, events) → the file's own game's: what an error lists as valid."""
    from judge.games import games_with_engine, load_game

    game = sc.data.get("game")
    if not isinstance(game, str) or game not in games_with_engine():
        return {}
    defs, own = schema()["$defs"], load_game(game)
    return {frozenset(defs[name]["enum"]): list(mine) for name, mine in
            (("zone", own.zones), ("card_type", own.types), ("status", own.statuses), ("event", own.events))}


def _message(err: Any, own: dict[frozenset[str], list[str]] | None = None) -> str:
    """What the schema says is wrong, in the judge's language (jsonschema's own English only for a check the
    scenario schema does not use). ``own``: the names of the file's game that stand for every game's."""
    v, value, inst = err.validator, err.validator_value, err.instance
    if v == "type":
        return msg("type", expected=_type_name(value), found=_found(inst))
    if v == "enum":
        value = (own or {}).get(frozenset(map(str, value)), value)
        return msg("enum", value=inst, options=[str(o) for o in value], hint=did_you_mean(inst, value))
    if v == "const":
        return msg("const", value=inst, expected=value)
    if v == "required":
        missing = [k for k in value if isinstance(inst, dict) and k not in inst]
        return msg("required", name=missing[0] if missing else value)
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return msg(v, value=inst, limit=value)
    if v in ("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"):
        return msg(v, limit=value, found=len(inst) if hasattr(inst, "__len__") else inst)
    if v == "pattern":
        return msg("pattern", value=inst, pattern=value)
    if v == "additionalProperties":
        return msg("no_more_fields")
    if v in ("oneOf", "anyOf", "not", "propertyNames"):
        return msg("shape", value=_found(inst))
    return str(err.message)


def _where(path: Path_) -> str:
    return ".".join(str(p) for p in path) or t("msg.scenario.err.the_file")


# --- the effect language ----------------------------------------------------------------------------
def _check_effects(sc: Scenario, problems: Problems) -> None:
    """Every ability step must be an operation of the effect language with the fields it needs."""
    from judge.engine.effects import MODIFIERS, OPS

    cards = sc.data.get("cards")
    if not isinstance(cards, dict):
        return
    own = tuple(_game_ops(sc))  # the steps the scenario's game adds, or gives its own meaning (checked by the game)
    OPS = OPS + own  # noqa: N806

    def steps(items: Any, path: Path_) -> None:
        if not isinstance(items, list):
            return
        for i, step in enumerate(items):
            with problems.each():
                one(step, path + (i,))

    def one(step: Any, p: Path_) -> None:
        if not isinstance(step, dict) or not step:
            raise sc.error(p, msg("step_mapping"))
        ops = [k for k in step if k not in MODIFIERS and k not in ("text", "text_en")]
        if len(ops) != 1 or ops[0] not in OPS:
            bad = [k for k in ops if k not in OPS] or ops
            raise sc.error(p + ((bad[0],) if bad else ()), msg("unknown_op", op=bad, ops=list(OPS),
                                                               hint=did_you_mean(bad[0] if bad else "", OPS)), key=True)
        op = ops[0]
        arg = step[op]
        if op not in own:
            _check_op(sc, op, arg, p + (op,))
        _check_numbers(sc, op, arg, p + (op,), stored)
        for nested in ("then", "else"):
            if op == "if" and isinstance(arg, dict):
                steps(arg.get(nested), p + (op, nested))
        if op in ("may", "each_player"):
            steps(arg, p + (op,))
        if op in ("create_trigger", "for_each") and isinstance(arg, dict):
            steps(arg.get("do"), p + (op, "do"))
        if op in ("replace", "prevent") and isinstance(arg, dict):
            steps(arg.get("instead"), p + (op, "instead"))
        if op == "reflexive" and isinstance(arg, list):
            for j, branch in enumerate(arg):
                if isinstance(branch, dict):
                    steps(branch.get("do"), p + (op, j, "do"))
        if op == "grant" and isinstance(arg, dict) and isinstance(arg.get("ability"), dict):
            ability(arg["ability"], p + (op, "ability"))
        steps(step.get("if_you_do"), p + ("if_you_do",))
        steps(step.get("if_not_done"), p + ("if_not_done",))

    def ability(ab: Any, path: Path_) -> None:
        if not isinstance(ab, dict):
            return
        steps(ab.get("do"), path + ("do",))
        if isinstance(ab.get("replace"), dict):
            steps(ab["replace"].get("instead"), path + ("replace", "instead"))
        modes = ab.get("modes")
        if isinstance(modes, dict) and isinstance(modes.get("options"), list):
            for j, opt in enumerate(modes["options"]):
                if isinstance(opt, dict):
                    steps(opt.get("do"), path + ("modes", "options", j, "do"))

    stored = _stored_names(cards)
    for cid, card in cards.items():
        if not isinstance(card, dict):
            continue
        if isinstance(card.get("play"), dict):
            ability(card["play"], ("cards", cid, "play"))
        if isinstance(card.get("abilities"), list):
            for i, ab in enumerate(card["abilities"]):
                ability(ab, ("cards", cid, "abilities", i))


def _game_ops(sc: Scenario) -> list[str]:
    """The steps the scenario's game adds to the effect language (none for a game id the schema will reject)."""
    from judge.games import games_with_engine, load_game

    game = sc.data.get("game")
    return list(load_game(game).operations()) if isinstance(game, str) and game in games_with_engine() else []


def _walk(x: Any) -> Any:
    """Every mapping inside ``x`` (depth first)."""
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from _walk(v)
    elif isinstance(x, list):
        for v in x:
            yield from _walk(v)


def _stored_names(cards: Any) -> set[str]:
    """The names a step stores a number under (``store: name``), anywhere in the file's card texts."""
    return {m["store"] for m in _walk(cards) if isinstance(m.get("store"), str)}


# number-valued fields of each step: (field, a literal must not be negative)
_NUMBER_FIELDS: dict[str, tuple[tuple[str, bool], ...]] = {
    "damage": (("amount", True),), "repair": (("amount", True),), "draw": (("count", True),),
    "draw_until": (("hand", True),), "discard": (("count", True), ("up_to", True)), "counters": (("amount", False),),
    "prevent": (("shield", True), ("prevent", True)),
    "gain_life": (("amount", True),), "lose_life": (("amount", True),), "sacrifice": (("count", True),),
    "reveal": (("top", True),),
}
_NUMBER_OPS = ("power", "health", "cost", "damage_on", "var", "event", "hand", "count", "add", "sub", "mul", "max", "min",
               "played")


@lru_cache(maxsize=1)
def _number_limit() -> int:
    """The largest magnitude of a number in a scenario: the base schema's (the games add fields, not limits)."""
    return int(json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))["$defs"]["number"]["oneOf"][0]["maximum"])


def _check_number(sc: Scenario, spec: Any, path: Path_, stored: set[str], non_negative: bool = False) -> None:
    """A number expression (FORMAT.md "N") the engine can evaluate: known operators, stored variables."""
    if isinstance(spec, bool) or spec is None:
        raise sc.error(path, msg("number", found=spec))
    if isinstance(spec, int):
        if non_negative and spec < 0:
            raise sc.error(path, msg("negative", value=spec))
        top = _number_limit()
        if abs(spec) > top:
            raise sc.error(path, msg("out_of_range", value=spec, low=-top, high=top))
        return
    if spec == "X":
        return
    if not isinstance(spec, dict) or len(spec) != 1:
        raise sc.error(path, msg("not_number_expression", value=spec, ops="|".join(_NUMBER_OPS)))
    (op, arg), = spec.items()
    if op not in _NUMBER_OPS:
        raise sc.error(path + (op,), msg("number_op", op=op, ops=list(_NUMBER_OPS), hint=did_you_mean(op, _NUMBER_OPS)), key=True)
    if op == "var":
        if not isinstance(arg, str) or arg not in stored:
            raise sc.error(path + (op,), msg("variable", name=arg, stored=sorted(stored), hint=did_you_mean(arg, stored)))
    elif op == "count" and not isinstance(arg, dict):
        raise sc.error(path + (op,), msg("count_filter"))
    elif op in ("add", "sub", "mul", "max", "min"):
        if not isinstance(arg, list) or not arg:
            raise sc.error(path + (op,), msg("numbers_list", op=op))
        for j, a in enumerate(arg):
            _check_number(sc, a, path + (op, j), stored)


def _check_numbers(sc: Scenario, op: str, arg: Any, path: Path_, stored: set[str]) -> None:
    if not isinstance(arg, dict):
        return
    for name, non_negative in _NUMBER_FIELDS.get(op, ()):
        if name in arg and not (name == "up_to" and arg[name] == "all"):
            _check_number(sc, arg[name], path + (name,), stored, non_negative)
    if op == "if" and isinstance(arg.get("cond"), dict):
        for kind in ("gte", "lte", "eq"):
            pair = arg["cond"].get(kind)
            if kind in arg["cond"]:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise sc.error(path + ("cond", kind), msg("compare", op=kind))
                for j, n in enumerate(pair):
                    _check_number(sc, n, path + ("cond", kind, j), stored)


_REQUIRED: dict[str, tuple[str, ...]] = {
    "damage": ("to", "amount"), "repair": ("to", "amount"), "move": ("card", "to"), "draw_until": ("hand",),
    "counters": (), "grant": ("to", "ability"), "create_trigger": ("when", "do"), "change_target": ("link",),
    "if": ("cond",), "for_each": ("cards", "do"), "create": ("token",), "modify": (), "replace": (), "prevent": (),
    "gain_life": ("amount",), "lose_life": ("amount",), "sacrifice": (), "name": (), "reveal": (),
    "redirect_attack": ("attacker", "to"),
}
_LIST_OPS = ("may", "each_player")
_REF_OPS = ("destroy", "ready", "exhaust", "interrupt")


def _zones(sc: Scenario) -> tuple[str, ...] | None:
    """The zones of the scenario's game; None for a game id the schema will reject."""
    from judge.games import games_with_engine, load_game

    game = sc.data.get("game")
    return tuple(load_game(game).zones) if isinstance(game, str) and game in games_with_engine() else None


def _check_op(sc: Scenario, op: str, arg: Any, path: Path_) -> None:
    if op in _REQUIRED:
        if not isinstance(arg, dict):
            raise sc.error(path, msg("op_mapping_with", op=op, fields=list(_REQUIRED[op])) if _REQUIRED[op] else msg("op_mapping", op=op))
        for k in _REQUIRED[op]:
            if k not in arg:
                raise sc.error(path, msg("op_needs", op=op, field=k))
        if op == "create_trigger" and (not isinstance(arg["when"], dict) or not isinstance(arg["do"], list)):
            raise sc.error(path, msg("create_trigger"))
        if op == "for_each" and not isinstance(arg["do"], list):
            raise sc.error(path + ("do",), msg("for_each"))
        if op == "counters" and ("card" in arg) == ("on" in arg):
            raise sc.error(path, msg("counters_on") if True in arg else msg("counters"))
        if op == "modify" and "as_long_as" in arg:
            alo = arg["as_long_as"]
            if not isinstance(alo, dict) or "card" not in alo or not set(alo) - {"card"} or set(alo) - {"card", "exhausted"}:
                raise sc.error(path + ("as_long_as",), msg("as_long_as"))
        if op == "move" and _zones(sc) is not None and arg.get("to") not in (_zones(sc) or ()):
            raise sc.error(path + ("to",), msg("zone", zone=arg.get("to"), zones=list(_zones(sc) or ()),
                                               hint=did_you_mean(arg.get("to"), _zones(sc) or ())))
    elif op in _LIST_OPS:
        if not isinstance(arg, list):
            raise sc.error(path, msg("op_list", op=op))
    elif op in _REF_OPS:
        if not isinstance(arg, (str, list, dict)):
            raise sc.error(path, msg("op_ref", op=op))
    elif op in ("draw", "discard"):
        if not isinstance(arg, dict):
            raise sc.error(path, msg("op_player", op=op))


# --- meaning ------------------------------------------------------------------------------------
def _check_meaning(sc: Scenario, problems: Problems) -> None:
    """Ids that must exist, players that must be known, one zone per card, answers of the right kind — each part
    of the file on its own, so that every problem is found."""
    from judge.games import load_game

    d = sc.data
    players = [p["id"] for p in d["players"]]
    cards: dict[str, Any] = d["cards"]
    with problems.each():
        if len(set(players)) != len(players):
            raise sc.error(("players",), msg("player_twice"))
    for pid in players:
        with problems.each():
            if pid in cards:
                raise sc.error(("cards", pid), msg("player_and_card", id=pid), key=True)

    def need_player(pid: Any, path: Path_) -> None:
        if pid not in players:
            raise sc.error(path, msg("player", player=pid, players=players, hint=did_you_mean(pid, players)))

    with problems.each():  # (the value is read inside: a file without it has the schema's message)
        need_player(d["turn"], ("turn",))
    if "priority" in d:
        problems.check(need_player, d["priority"], ("priority",))

    made = {m["create"]["id"] for m in _walk(cards) if isinstance(m.get("create"), dict) and isinstance(m["create"].get("id"), str)}

    def need_card(cid: Any, path: Path_) -> None:
        if cid not in cards and cid not in made:  # a card of the file, or a token a `create` step names
            raise sc.error(path, msg("card", card=cid, cards=list(cards), hint=did_you_mean(cid, [*cards, *made])))

    def need_thing(x: Any, path: Path_) -> None:
        if x not in cards and x not in players:
            raise sc.error(path, msg("card_or_player", name=x, hint=did_you_mean(x, [*cards, *players])))

    game = load_game(d["game"])
    for cid, c in cards.items():
        with problems.each():
            need_player(c["owner"], ("cards", cid, "owner"))
        for j, kw in enumerate(c.get("keywords") or []):
            with problems.each():
                name = kw if isinstance(kw, str) else next(iter(kw))
                if name not in game.keywords:
                    raise sc.error(("cards", cid, "keywords", j), msg("keyword", name=name, game=game.game,
                                                                      keywords=list(game.keywords),
                                                                      hint=did_you_mean(name, game.keywords)))
        for j, ab in enumerate(c.get("abilities") or []):
            with problems.each():
                when = ab.get("when") if isinstance(ab, dict) else None
                if isinstance(when, dict) and sum(k in when for k in ("event", "state", "becomes")) != 1:
                    raise sc.error(("cards", cid, "abilities", j, "when"), msg("when"))
                if isinstance(when, dict) and "event" in when and when["event"] not in game.events:
                    raise sc.error(("cards", cid, "abilities", j, "when", "event"),
                                   msg("event", game=game.game, event=when["event"], events=list(game.events),
                                       hint=did_you_mean(when["event"], game.events)))
        if "controller" in c:
            problems.check(need_player, c["controller"], ("cards", cid, "controller"))
        if "attached_to" in c:
            with problems.each():
                need_card(c["attached_to"], ("cards", cid, "attached_to"))
                host = cards[c["attached_to"]]
                if not game.is_field(host["zone"]):
                    raise sc.error(("cards", cid, "attached_to"), msg("host_off_field", host=c["attached_to"], zone=host["zone"]))
                if not game.is_field(c["zone"]):
                    raise sc.error(("cards", cid, "zone"), msg("attached_off_field", card=cid, host=c["attached_to"], zone=c["zone"]))
                if c["attached_to"] == cid:
                    raise sc.error(("cards", cid, "attached_to"), msg("attached_to_itself"))
    on_chain: dict[str, Path_] = {}
    for i, link in enumerate(d.get("chain") or []):
        with problems.each():
            _check_link(sc, problems, link, ("chain", i), on_chain, need_card, need_player, need_thing)
    for cid, c in cards.items():
        with problems.each():
            if c["zone"] == "chain" and cid not in on_chain:
                raise sc.error(("cards", cid, "zone"), msg("chain_zone_alone", card=cid))
    for i, pend in enumerate(d.get("pending") or []):
        with problems.each():
            need_card(pend["of"], ("pending", i, "of"))
        if "controller" in pend:
            problems.check(need_player, pend["controller"], ("pending", i, "controller"))
    for i, act in enumerate(d.get("actions") or []):
        if isinstance(act, dict):
            with problems.each():
                _check_action(sc, problems, act, ("actions", i), need_card, need_player, need_thing,
                              tuple(k for k in game.actions() if k not in _ACTIONS))
    for i, ch in enumerate(d.get("choices") or []):
        with problems.each():
            _check_choice(sc, problems, ch, ("choices", i), need_card, need_player, need_thing)
    for i, ex in enumerate(d.get("expect") or []):
        with problems.each():
            _check_expectation(sc, ex, ("expect", i), need_card, need_player)


def _check_link(sc: Scenario, problems: Problems, link: dict[str, Any], p: Path_, on_chain: dict[str, Path_],
                need_card: Any, need_player: Any, need_thing: Any) -> None:
    """A link of the initial chain: one card or ability, known ids, each card on the chain once."""
    cards = sc.data["cards"]
    if ("card" in link) == ("ability" in link):
        raise sc.error(p, msg("link_one"))
    if "card" in link:
        need_card(link["card"], p + ("card",))
        zone = cards[link["card"]]["zone"]
        if zone != "chain":
            raise sc.error(p + ("card",), msg("link_two_zones", card=link["card"], zone=zone))
        if link["card"] in on_chain:
            raise sc.error(p + ("card",), msg("link_twice", card=link["card"]))
        on_chain[link["card"]] = p
    else:
        need_card(link["ability"]["of"], p + ("ability", "of"))
    if "by" in link:
        problems.check(need_player, link["by"], p + ("by",))
    for slot, ids in (link.get("targets") or {}).items():
        for t_ in [ids] if isinstance(ids, str) else ids:
            problems.check(need_thing, t_, p + ("targets", slot))


_ACTIONS = ("play", "use", "resolve", "resolve_all", "pass", "draw", "end_phase", "end_turn", "attack", "end_combat",
            "combat_damage", "check")


def _check_action(sc: Scenario, problems: Problems, act: dict[str, Any], p: Path_, need_card: Any, need_player: Any,
                  need_thing: Any, own: tuple[str, ...] = ()) -> None:
    """One action: exactly one kind (the generic ones and the game's ``own``), and the cards and players it names exist."""
    names = _ACTIONS + own
    keys = [k for k in act if k in names]
    if len(keys) != 1:
        unknown = next((k for k in act if k not in names and k not in ("by", "target", "ability", "free", "count",
                                                                         "from_anywhere")), None)
        raise sc.error(p, msg("action_one", actions=list(names), hint=did_you_mean(unknown, names)))
    if "attack" in act:
        problems.check(need_card, act["attack"], p + ("attack",))
        if "target" in act:
            problems.check(need_thing, act["target"], p + ("target",))
    if "check" in act:
        for j, ex in enumerate(act["check"] if isinstance(act["check"], list) else [act["check"]]):
            with problems.each():
                _check_expectation(sc, ex, p + ("check",) + ((j,) if isinstance(act["check"], list) else ()), need_card, need_player)
    for k in ("play", "use"):
        if k in act:
            problems.check(need_card, act[k], p + (k,))
    if "use" in act and "ability" in act and act["use"] in sc.data["cards"]:
        problems.check(_check_ability_choice, sc, act, p + ("ability",))
    for k in ("by", "pass", "draw"):
        if k in act:
            problems.check(need_player, act[k], p + (k,))
    if isinstance(act.get("end_turn"), str):
        problems.check(need_player, act["end_turn"], p + ("end_turn",))


def _check_choice(sc: Scenario, problems: Problems, ch: dict[str, Any], p: Path_, need_card: Any, need_player: Any,
                  need_thing: Any) -> None:
    """One scripted answer: exactly one kind, the cards and players it names exist."""
    kinds = [k for k in ch if k in CHOICE_KINDS]
    if len(kinds) != 1:
        unknown = next((k for k in ch if k not in CHOICE_KINDS and k not in ("for", "by", "slot", "note")), None)
        raise sc.error(p, msg("choice_one", kinds=list(CHOICE_KINDS), hint=did_you_mean(unknown, CHOICE_KINDS)))
    if "for" in ch:
        problems.check(need_card, ch["for"], p + ("for",))
    if "by" in ch:
        problems.check(need_player, ch["by"], p + ("by",))
    ans = ch[kinds[0]]
    if kinds[0] == "loop" and "for" in ch and isinstance(ans, int) and ans <= MANDATORY_MIN - 1:
        # only a mandatory loop's choice names the card of its first triggered effect (`for:`); an optional loop's has none
        raise sc.error(p + ("loop",), msg("mandatory_loop", value=ans))
    if kinds[0] not in ("target", "discard", "order", "timestamps", "distribute", "new_target", "cost_card", "unique"):
        return
    ids = ans if isinstance(ans, list) else list(ans) if isinstance(ans, dict) else [ans] if isinstance(ans, str) else []
    for x in ids:
        base = x.split("#")[0]
        if base:
            problems.check(need_thing, base, p + (kinds[0],))


def _check_ability_choice(sc: Scenario, act: dict[str, Any], path: Path_) -> None:
    """`use:` names an activated ability the card has (printed) or may be granted (a `grant:` step in the file)."""
    from judge.games import load_game

    card = sc.data["cards"][act["use"]]
    if load_game(sc.data["game"]).borrows_abilities(card):
        return  # it may have other cards' abilities (the game's rules say which): known only as the game goes
    keywords = load_game(sc.data["game"]).keywords
    from_keywords = [a for kw in card.get("keywords") or [] for a in keywords[kw if isinstance(kw, str) else next(iter(kw))].get("abilities") or []]
    printed = [a for a in (card.get("abilities") or []) + from_keywords if isinstance(a, dict) and a.get("kind") == "activated"]
    granted = [m["grant"]["ability"] for m in _walk(sc.data["cards"])
               if isinstance(m.get("grant"), dict) and isinstance(m["grant"].get("ability"), dict)
               and m["grant"]["ability"].get("kind", "activated") == "activated"]
    which = act["ability"]
    if isinstance(which, str):
        names = [a["name"] for a in printed + granted if isinstance(a.get("name"), str)]
        if which not in names:
            raise sc.error(path, msg("ability_name", card=act["use"], name=which, names=names, hint=did_you_mean(which, names)))
    elif isinstance(which, int) and not isinstance(which, bool):
        # granted abilities come after the printed ones (how many depends on the game), so only a file without
        # any `grant:` of an activated ability bounds the index
        if which < 0 or (not granted and which >= len(printed)):
            raise sc.error(path, msg("ability_index", card=act["use"], index=which, count=len(printed)))


_EXPECT_GROUPS = ("card", "player", "chain", "priority", "cites", "not_cites", "step", "no_step", "link", "outcomes",
                  "result", "explain", "refused", "shield", "applied")


def _check_expectation(sc: Scenario, ex: dict[str, Any], path: Path_, need_card: Any, need_player: Any) -> None:
    """One expectation: the ids it names exist and it is about exactly one thing."""
    if True:  # noqa: SIM108 (one level kept for a readable diff)
        if "card" in ex:
            need_card(ex["card"], path + ("card",))
        if "player" in ex:
            need_player(ex["player"], path + ("player",))
        if "link" in ex:
            need_card(ex["link"], path + ("link",))
        if ex.get("attached_to"):
            need_card(ex["attached_to"], path + ("attached_to",))
        if ex.get("priority"):
            need_player(ex["priority"], path + ("priority",))
        for j, cid in enumerate(ex.get("chain") or []):
            need_card(cid, path + ("chain", j))
        for j, pair in enumerate(ex.get("outcomes") or []):
            need_card(pair[0], path + ("outcomes", j))
        for key, rows in (ex.get("explain") or {}).items():
            need_card(key.split(".")[0], path + ("explain", key))
            for j, row in enumerate(rows):
                if isinstance(row, str):
                    need_card(row, path + ("explain", key, j))
                    continue
                need_card(row["source"], path + ("explain", key, j, "source"))
                for k, cid in enumerate(row.get("depends_on") or []):
                    need_card(cid, path + ("explain", key, j, "depends_on", k))
        groups = [g for g in _EXPECT_GROUPS if g in ex]
        if len(groups) != 1:
            raise sc.error(path, msg("expect_one", kinds=list(_EXPECT_GROUPS)))
        for key, group in (("legal", "refused"), ("left", "shield"), ("to", "applied")):
            if key in ex and group not in ex:
                raise sc.error(path + (key,), msg("goes_with", key=key, group=group), key=True)
        if "shield" in ex and "left" not in ex:
            raise sc.error(path, msg("shield_left"))
        for key in ("refused", "shield", "to"):
            if key in ex:
                need_card(ex[key], path + (key,))
        for j, cid in enumerate(ex.get("applied") or []):
            need_card(cid, path + ("applied", j))
        if "link" in ex and "outcome" not in ex:
            raise sc.error(path, msg("link_outcome"))


# --- keys the engine honours where they stand -----------------------------------------------------------------------
_FILTER_PLACES = ("filter", "applies", "by")  # target descriptions, cost modifiers, "the card whose link makes it"


def _check_honoured(sc: Scenario, problems: Problems) -> None:
    """A key the engine would ignore where it stands is an error naming it: a trigger's `when:` key its event does not
    carry, a replacement's key its event does not have, a `zone:` in a description that is not looked up by zone;
    and `opponent` naming one player when a player has several opponents."""
    from judge.engine.replacement import MATCH_KEYS
    from judge.engine.triggers import STATE_KEYS, WHEN_KEYS
    from judge.games import games_with_engine, load_game

    cards, game = sc.data.get("cards"), sc.data.get("game")
    if not isinstance(cards, dict) or not isinstance(game, str) or game not in games_with_engine():
        return
    own = load_game(game).raw.get("schema") or {}  # the keys a game's own rules honour besides the engine's
    own_when, own_replace = frozenset(own.get("when") or ()), frozenset(own.get("replacement") or ())
    players = sc.data.get("players") if isinstance(sc.data.get("players"), list) else []
    for path, m in _mappings(cards, ("cards",)):
        with problems.each():
            _check_honoured_at(sc, path, m, MATCH_KEYS, own_replace, (WHEN_KEYS, STATE_KEYS, own_when), len(players))


def _check_honoured_at(sc: Scenario, path: Path_, m: dict[str, Any], match_keys: dict[str, frozenset[str]],
                       own_replace: frozenset[str], when_keys: tuple[Any, frozenset[str], frozenset[str]], players: int) -> None:
    """:func:`_check_honoured` for one mapping of the cards."""
    when = m.get("when")
    by_event, state_keys, own_when = when_keys
    if isinstance(when, dict):
        allowed = state_keys if "state" in when else by_event.get(str(when.get("event")))
        for key in when if allowed is not None else ():
            if key not in allowed and key not in own_when:
                raise sc.error(path + ("when", key), msg("when_key_ignored", event=str(when.get("event", "state")), key=key,
                                                         keys=sorted(allowed | own_when)), key=True)
        for key in ("card", "source"):
            if isinstance(when.get(key), dict) and "zone" in when[key]:
                raise sc.error(path + ("when", key, "zone"), msg("when_zone"), key=True)
    for key in ("replace", "prevent"):
        spec = m.get(key)
        if not isinstance(spec, dict) or (key == "replace" and m.get("kind") not in (None, "replacement")):
            continue
        event = str(spec.get("event", "damage"))
        for k in ("to", "from"):  # an ability's own effect names cards by description; a link's binds its targets
            if m.get("kind") == "replacement" and isinstance(spec.get(k), str) and spec[k] not in ("self", "attached"):
                raise sc.error(path + (key, k), msg("names_no_card", key=k, value=spec[k]))
        allowed = match_keys.get(event)
        for k in spec if allowed is not None else ():
            if k not in allowed and k not in own_replace:
                raise sc.error(path + (key, k), msg("replace_key_ignored", event=event, key=k,
                                                    keys=sorted(allowed | own_replace)), key=True)
    for key in _FILTER_PLACES:
        if isinstance(m.get(key), dict) and "zone" in m[key]:
            raise sc.error(path + (key, "zone"), msg("filter_zone", key=key), key=True)
    if players >= 3:
        for key in ("player", "under", "chooser"):
            if m.get(key) == "opponent" and ("choose" in m or _is_step_arg(path)):
                raise sc.error(path + (key,), msg("opponent_ambiguous", n=players, key=key))


def _is_step_arg(path: Path_) -> bool:
    """Is the mapping at ``path`` the argument of an effect-language step (``…, do, 0, draw``)?"""
    from judge.engine.effects import OPS

    return len(path) >= 2 and isinstance(path[-2], int) and path[-1] in OPS


def _mappings(x: Any, path: Path_) -> Any:
    """Every mapping inside ``x`` with its path (depth first)."""
    if isinstance(x, dict):
        yield path, x
        for k, v in x.items():
            yield from _mappings(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _mappings(v, path + (i,))
