"""Loading scenario files with a line and column for every value, then checking them (schema and meaning)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from judge.engine.choice import CHOICE_KINDS
from judge.engine.loops import MANDATORY_MIN

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SCHEMA_PATH = Path(__file__).resolve().parent / "scenario.schema.json"
Path_ = tuple[Any, ...]
MAX_DEPTH = 60  # levels of mappings and lists; the bundled scenarios use at most 13
MAX_BYTES = 256 * 1024  # the largest bundled scenario has 6 KB; bounds the time and memory of loading (about 1 s)


class ScenarioError(Exception):
    """A scenario file that cannot be run: names the file, line and column and what is wrong."""

    def __init__(self, file: str, line: int, column: int, message: str) -> None:
        super().__init__(f"{file}:{line}:{column}: {message}")
        self.file, self.line, self.column, self.message = file, line, column, message


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

    def error(self, path: Path_, message: str, key: bool = False) -> ScenarioError:
        line, col = self.marks.at(path, key)
        return ScenarioError(self.file, line, col, message)


_SCALARS = yaml.constructor.SafeConstructor()


def _plain(node: yaml.Node, path: Path_, marks: Marks, file: str) -> Any:
    """Turn a composed node into plain data, recording marks; duplicate keys are an error."""
    marks.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if len(path) > MAX_DEPTH:  # every node, not only steps: deeper input would exhaust the stack later on
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1,
                            f"nested too deeply (more than {MAX_DEPTH} levels of mappings and lists)")
    if isinstance(node, yaml.ScalarNode):
        return _SCALARS.construct_object(node)
    if isinstance(node, yaml.SequenceNode):
        return [_plain(n, path + (i,), marks, file) for i, n in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, "a mapping key must be a plain word")
            key = _SCALARS.construct_object(knode)
            if knode.tag == "tag:yaml.org,2002:merge":
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, "merge keys (<<) are not supported")
            if not isinstance(key, str):
                key = str(key).lower() if isinstance(key, bool) else str(key)
            if key in out:
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, f"duplicate key {key!r}")
            marks.keys[path + (key,)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _plain(vnode, path + (key,), marks, file)
        return out
    raise ScenarioError(file, 1, 1, "unsupported YAML node")


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
    out["allOf"] = [{
        "if": {"required": ["game"], "properties": {"game": {"const": g.game}}},
        "then": {"properties": {"cards": {"additionalProperties": {"properties": {
            "zone": {"enum": list(g.zones)}, "type": {"enum": list(g.types)},
            "status": {"items": {"enum": list(g.statuses)}}}}}}},
    } for g in games]
    return out


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


def load_text(text: str, file: str) -> Scenario:
    """Parse, check against the schema, then check meaning; raise ScenarioError on the first problem."""
    marks = Marks()
    try:
        _refuse_aliases(text, file)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ScenarioError(file, line, col, f"not valid YAML: {e.problem or e.context}") from None
    except yaml.YAMLError as e:
        raise ScenarioError(file, 1, 1, f"not valid YAML: {e}") from None
    if node is None:
        raise ScenarioError(file, 1, 1, "the file is empty")
    try:
        data = _plain(node, (), marks, file)
    except yaml.constructor.ConstructorError as e:
        mark = e.problem_mark
        raise ScenarioError(file, (mark.line + 1) if mark else 1, (mark.column + 1) if mark else 1, f"bad value: {e.problem}") from None
    except (ValueError, TypeError, OverflowError) as e:
        raise ScenarioError(file, 1, 1, f"bad value: {e}") from None
    except RecursionError:
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1, "nested too deeply") from None
    sc = Scenario(file, data, marks)
    if not isinstance(data, dict):
        raise sc.error((), "a scenario must be a mapping (game:, title:, players:, …)")
    try:
        _check_effects(sc)
        _check_schema(sc)
        _check_meaning(sc)
        _check_honoured(sc)
    except RecursionError:
        deepest = max(marks.values, key=len)
        raise sc.error(deepest, "nested too deeply") from None
    return sc


def _refuse_aliases(text: str, file: str) -> None:
    """A scenario has no use for YAML aliases (``*name``), and a few of them can expand to billions of values."""
    if "*" not in text:
        return
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            raise ScenarioError(file, mark.line + 1, mark.column + 1,
                                f"YAML aliases (*{event.anchor}) are not supported in scenario files: write the value out")


def load_file(path: str | Path) -> Scenario:
    """Read and check one scenario file (a regular file of at most MAX_BYTES)."""
    from judge.datafile import DataError, read_bounded

    try:
        raw = read_bounded(Path(path), MAX_BYTES, "scenario file")
    except DataError as e:
        message = str(e).removeprefix(f"{path}: ")
        raise ScenarioError(str(path), 1, 1, message) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise ScenarioError(str(path), line, col, f"not UTF-8 text: {e.reason} (byte 0x{raw[e.start]:02x})") from None
    return load_text(text.replace("\r\n", "\n").replace("\r", "\n"), str(path))


# --- the schema ------------------------------------------------------------------------------------
def _check_schema(sc: Scenario) -> None:
    errors = sorted(_validator().iter_errors(sc.data), key=lambda e: (sc.marks.at(tuple(e.absolute_path)), len(e.absolute_path)))
    if not errors:
        return
    err = max(errors[:1] or errors, key=lambda e: len(e.absolute_path))
    err = _deepest(err)
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set((err.schema.get("properties") or {}))
        extra = [k for k in err.instance if k not in allowed]
        if extra:
            raise sc.error(path + (extra[0],), f"unknown field {extra[0]!r} in {_where(path)}; allowed: {', '.join(sorted(allowed))}", key=True)
    raise sc.error(path, f"{_where(path)}: {_message(err)}")


def _deepest(err: Any) -> Any:
    """For oneOf/anyOf failures, the most specific sub-error."""
    while err.context:
        err = max(err.context, key=lambda e: len(e.absolute_path))
        if err.validator not in ("oneOf", "anyOf"):
            break
    return err


def _message(err: Any) -> str:
    if err.validator == "type":
        return f"expected {err.validator_value}, got {type(err.instance).__name__} {err.instance!r}"
    if err.validator == "enum":
        return f"{err.instance!r} is not one of {', '.join(map(str, err.validator_value))}"
    if err.validator == "required":
        return err.message.replace("is a required property", "is required")
    return err.message


def _where(path: Path_) -> str:
    return ".".join(str(p) for p in path) or "the file"


# --- the effect language ----------------------------------------------------------------------------
def _check_effects(sc: Scenario) -> None:
    """Every ability step must be an operation of the effect language with the fields it needs."""
    from judge.engine.effects import MODIFIERS, OPS

    cards = sc.data.get("cards")
    if not isinstance(cards, dict):
        return

    def steps(items: Any, path: Path_) -> None:
        if not isinstance(items, list):
            return
        for i, step in enumerate(items):
            p = path + (i,)
            if not isinstance(step, dict) or not step:
                raise sc.error(p, "an ability step must be a mapping like {damage: {...}}")
            ops = [k for k in step if k not in MODIFIERS and k not in ("text", "text_en")]
            if len(ops) != 1 or ops[0] not in OPS:
                bad = ", ".join(repr(k) for k in ops if k not in OPS) or repr(ops)
                raise sc.error(p + ((ops[0],) if ops else ()), f"the effect language cannot express step {bad}; known operations: {', '.join(OPS)}", key=True)
            op = ops[0]
            arg = step[op]
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
_NUMBER_OPS = ("power", "health", "cost", "damage_on", "var", "event", "hand", "count", "add", "sub", "mul", "max", "min")


def _check_number(sc: Scenario, spec: Any, path: Path_, stored: set[str], non_negative: bool = False) -> None:
    """A number expression (FORMAT.md "N") the engine can evaluate: known operators, stored variables."""
    if isinstance(spec, bool) or spec is None:
        raise sc.error(path, f"expected a number, got {spec!r}")
    if isinstance(spec, int):
        if non_negative and spec < 0:
            raise sc.error(path, f"an amount cannot be negative ({spec})")
        top = schema()["$defs"]["number"]["oneOf"][0]["maximum"]
        if abs(spec) > top:
            raise sc.error(path, f"{spec} is out of range: a number in a card's text lies between {-top} and {top}")
        return
    if spec == "X":
        return
    if not isinstance(spec, dict) or len(spec) != 1:
        raise sc.error(path, f"not a number expression: {spec!r} (an integer, X, or one of {{{'|'.join(_NUMBER_OPS)}: …}})")
    (op, arg), = spec.items()
    if op not in _NUMBER_OPS:
        raise sc.error(path + (op,), f"unknown number operator {op!r}; known: {', '.join(_NUMBER_OPS)}", key=True)
    if op == "var":
        if not isinstance(arg, str) or arg not in stored:
            known = ", ".join(sorted(stored)) or "none"
            raise sc.error(path + (op,), f"undefined variable {arg!r}: no step stores it (`store: {arg}`); stored: {known}")
    elif op == "count" and not isinstance(arg, dict):
        raise sc.error(path + (op,), "`count` takes a filter mapping (zone, type, …)")
    elif op in ("add", "sub", "mul", "max", "min"):
        if not isinstance(arg, list) or not arg:
            raise sc.error(path + (op,), f"`{op}` takes a non-empty list of numbers")
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
                    raise sc.error(path + ("cond", kind), f"`{kind}` compares two numbers: [N, N]")
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
            raise sc.error(path, f"`{op}` needs a mapping" + (f" with {', '.join(_REQUIRED[op])}" if _REQUIRED[op] else ""))
        for k in _REQUIRED[op]:
            if k not in arg:
                raise sc.error(path, f"`{op}` needs `{k}`")
        if op == "create_trigger" and (not isinstance(arg["when"], dict) or not isinstance(arg["do"], list)):
            raise sc.error(path, "`create_trigger` needs `when:` (a mapping) and `do:` (a list of steps)")
        if op == "for_each" and not isinstance(arg["do"], list):
            raise sc.error(path + ("do",), "`for_each` needs `do:` (a list of steps)")
        if op == "counters" and ("card" in arg) == ("on" in arg):
            hint = " (YAML reads a bare `on` as true: write `card:`)" if True in arg else ""
            raise sc.error(path, f"`counters` needs `card:` (the cards to put them on), once{hint}")
        if op == "modify" and "as_long_as" in arg:
            alo = arg["as_long_as"]
            if not isinstance(alo, dict) or "card" not in alo or not set(alo) - {"card"} or set(alo) - {"card", "exhausted"}:
                raise sc.error(path + ("as_long_as",), "`as_long_as` takes `card:` and `exhausted: true|false` "
                               "(the state the engine follows from the link's creation on)")
        if op == "move" and _zones(sc) is not None and arg.get("to") not in (_zones(sc) or ()):
            raise sc.error(path + ("to",), f"unknown zone {arg.get('to')!r}; zones: {', '.join(_zones(sc))}")
    elif op in _LIST_OPS:
        if not isinstance(arg, list):
            raise sc.error(path, f"`{op}` takes a list of steps")
    elif op in _REF_OPS:
        if not isinstance(arg, (str, list, dict)):
            raise sc.error(path, f"`{op}` takes a card reference (self, that, attached, a target name)")
    elif op in ("draw", "discard"):
        if not isinstance(arg, dict):
            raise sc.error(path, f"`{op}` needs a mapping (player, count …)")


# --- meaning ------------------------------------------------------------------------------------
def _check_meaning(sc: Scenario) -> None:
    """Ids that must exist, players that must be known, one zone per card, answers of the right kind."""
    from judge.games import load_game

    d = sc.data
    players = [p["id"] for p in d["players"]]
    if len(set(players)) != len(players):
        raise sc.error(("players",), "a player id appears twice")
    cards: dict[str, Any] = d["cards"]
    for pid in players:
        if pid in cards:
            raise sc.error(("cards", pid), f"{pid!r} is both a player id and a card id", key=True)
    if d["turn"] not in players:
        raise sc.error(("turn",), f"unknown player {d['turn']!r}; players: {', '.join(players)}")
    if "priority" in d and d["priority"] not in players:
        raise sc.error(("priority",), f"unknown player {d['priority']!r}")

    made = {m["create"]["id"] for m in _walk(cards) if isinstance(m.get("create"), dict) and isinstance(m["create"].get("id"), str)}

    def need_card(cid: Any, path: Path_) -> None:
        if cid not in cards and cid not in made:  # a card of the file, or a token a `create` step names
            raise sc.error(path, f"unknown card id {cid!r}; cards: {', '.join(cards)}")

    def need_player(pid: Any, path: Path_) -> None:
        if pid not in players:
            raise sc.error(path, f"unknown player {pid!r}; players: {', '.join(players)}")

    game = load_game(d["game"])
    for cid, c in cards.items():
        need_player(c["owner"], ("cards", cid, "owner"))
        for j, kw in enumerate(c.get("keywords") or []):
            name = kw if isinstance(kw, str) else next(iter(kw))
            if name not in game.keywords:
                known = ", ".join(game.keywords) or "none"
                raise sc.error(("cards", cid, "keywords", j), f"unknown keyword {name!r} for {game.game}; its keywords: {known}")
        for j, ab in enumerate(c.get("abilities") or []):
            when = ab.get("when") if isinstance(ab, dict) else None
            if isinstance(when, dict) and ("event" in when) == ("state" in when):
                raise sc.error(("cards", cid, "abilities", j, "when"), "`when:` names exactly one of `event:` (what happens) "
                               "or `state:` (a state of the game that triggers it while it holds)")
            if isinstance(when, dict) and "event" in when and when["event"] not in game.events:
                raise sc.error(("cards", cid, "abilities", j, "when", "event"),
                               f"{game.game} has no trigger event {when['event']!r}; its events: {', '.join(game.events)}")
        if "controller" in c:
            need_player(c["controller"], ("cards", cid, "controller"))
        if "attached_to" in c:
            need_card(c["attached_to"], ("cards", cid, "attached_to"))
            host = cards[c["attached_to"]]
            on_field = load_game(d["game"]).is_field
            if not on_field(host["zone"]):
                raise sc.error(("cards", cid, "attached_to"), f"{c['attached_to']!r} is in {host['zone']}, not on the field: nothing can be attached to it")
            if not on_field(c["zone"]):
                raise sc.error(("cards", cid, "zone"), f"{cid!r} is attached to {c['attached_to']!r} on the field but its zone is {c['zone']}: a card in two zones")
            if c["attached_to"] == cid:
                raise sc.error(("cards", cid, "attached_to"), "a card cannot be attached to itself")
    on_chain: dict[str, Path_] = {}
    for i, link in enumerate(d.get("chain") or []):
        p = ("chain", i)
        if ("card" in link) == ("ability" in link):
            raise sc.error(p, "a chain link names exactly one of `card` or `ability`")
        if "card" in link:
            need_card(link["card"], p + ("card",))
            zone = cards[link["card"]]["zone"]
            if zone != "chain":
                raise sc.error(p + ("card",), f"card {link['card']!r} is in two zones: {zone} (cards.{link['card']}.zone) and the response chain")
            if link["card"] in on_chain:
                raise sc.error(p + ("card",), f"card {link['card']!r} is on the response chain twice")
            on_chain[link["card"]] = p
        else:
            need_card(link["ability"]["of"], p + ("ability", "of"))
        if "by" in link:
            need_player(link["by"], p + ("by",))
        for slot, ids in (link.get("targets") or {}).items():
            for j, t in enumerate([ids] if isinstance(ids, str) else ids):
                if t not in cards and t not in players:
                    raise sc.error(p + ("targets", slot), f"unknown target {t!r}")
    for cid, c in cards.items():
        if c["zone"] == "chain" and cid not in on_chain:
            raise sc.error(("cards", cid, "zone"), f"card {cid!r} is in zone chain but no `chain:` entry holds it")
    for i, pend in enumerate(d.get("pending") or []):
        need_card(pend["of"], ("pending", i, "of"))
        if "controller" in pend:
            need_player(pend["controller"], ("pending", i, "controller"))
    for i, act in enumerate(d.get("actions") or []):
        if not isinstance(act, dict):
            continue
        names = ("play", "use", "resolve", "resolve_all", "pass", "draw", "end_phase", "end_turn", "attack", "end_combat",
                 "combat_damage", "check")
        keys = [k for k in act if k in names]
        if len(keys) != 1:
            raise sc.error(("actions", i), f"an action names exactly one of {', '.join(names)}")
        if "attack" in act:
            need_card(act["attack"], ("actions", i, "attack"))
            if "target" in act and act["target"] not in cards and act["target"] not in players:
                raise sc.error(("actions", i, "target"), f"unknown card or player {act['target']!r}")
        if "check" in act:
            for j, ex in enumerate(act["check"] if isinstance(act["check"], list) else [act["check"]]):
                _check_expectation(sc, ex, ("actions", i, "check") + ((j,) if isinstance(act["check"], list) else ()), need_card, need_player)
        for k in ("play", "use"):
            if k in act:
                need_card(act[k], ("actions", i, k))
        if "use" in act and "ability" in act:
            _check_ability_choice(sc, act, ("actions", i, "ability"))
        for k in ("by", "pass", "draw"):
            if k in act:
                need_player(act[k], ("actions", i, k))
        if isinstance(act.get("end_turn"), str):
            need_player(act["end_turn"], ("actions", i, "end_turn"))
    for i, ch in enumerate(d.get("choices") or []):
        kinds = [k for k in ch if k in CHOICE_KINDS]
        if len(kinds) != 1:
            raise sc.error(("choices", i), f"a choice gives exactly one answer ({', '.join(CHOICE_KINDS)})")
        if "for" in ch:
            need_card(ch["for"], ("choices", i, "for"))
        if "by" in ch:
            need_player(ch["by"], ("choices", i, "by"))
        ans = ch[kinds[0]]
        if kinds[0] == "loop" and "for" in ch and isinstance(ans, int) and ans <= MANDATORY_MIN - 1:
            # only a mandatory loop's choice names the card of its first triggered effect (`for:`); an optional loop's has none
            raise sc.error(("choices", i, "loop"), f"a mandatory loop needs a number greater than one million, not {ans}")
        if kinds[0] not in ("target", "discard", "order", "timestamps", "distribute", "new_target", "cost_card", "unique"):
            continue
        ids = ans if isinstance(ans, list) else list(ans) if isinstance(ans, dict) else [ans] if isinstance(ans, str) else []
        for t in ids:
            base = t.split("#")[0]
            if base and base not in cards and base not in players:
                raise sc.error(("choices", i, kinds[0]), f"unknown card or player {t!r}")
    for i, ex in enumerate(d.get("expect") or []):
        _check_expectation(sc, ex, ("expect", i), need_card, need_player)


def _check_ability_choice(sc: Scenario, act: dict[str, Any], path: Path_) -> None:
    """`use:` names an activated ability the card has (printed) or may be granted (a `grant:` step in the file)."""
    from judge.games import load_game

    card = sc.data["cards"][act["use"]]
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
            raise sc.error(path, f"card {act['use']!r} has no activated ability named {which!r}; names: {', '.join(names) or 'none'}")
    elif isinstance(which, int) and not isinstance(which, bool):
        # granted abilities come after the printed ones (how many depends on the game), so only a file without
        # any `grant:` of an activated ability bounds the index
        if which < 0 or (not granted and which >= len(printed)):
            raise sc.error(path, f"card {act['use']!r} has no activated ability {which} (it has {len(printed)}, counted from 0)")


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
        groups = [g for g in ("card", "player", "chain", "priority", "cites", "not_cites", "step", "no_step", "link", "outcomes", "result", "explain",
                              "refused", "shield", "applied") if g in ex]
        if len(groups) != 1:
            raise sc.error(path, "an expectation is about exactly one of: card, player, chain, priority, cites, not_cites, step, no_step, link, outcomes, result, explain, refused, shield, applied")
        for key, group in (("legal", "refused"), ("left", "shield"), ("to", "applied")):
            if key in ex and group not in ex:
                raise sc.error(path + (key,), f"`{key}:` goes with `{group}:`", key=True)
        if "shield" in ex and "left" not in ex:
            raise sc.error(path, "`shield:` needs `left:` (what its shields can still prevent; 0 once used up)")
        for key in ("refused", "shield", "to"):
            if key in ex:
                need_card(ex[key], path + (key,))
        for j, cid in enumerate(ex.get("applied") or []):
            need_card(cid, path + ("applied", j))
        if "link" in ex and "outcome" not in ex:
            raise sc.error(path, "`link:` needs `outcome:` (resolved, interrupted or removed)")


# --- keys the engine honours where they stand -----------------------------------------------------------------------
_FILTER_PLACES = ("filter", "applies", "by")  # target descriptions, cost modifiers, "the card whose link makes it"


def _check_honoured(sc: Scenario) -> None:
    """A key the engine would ignore where it stands is an error naming it: a trigger's `when:` key its event does not
    carry, a replacement's key its event does not have, a `zone:` in a description that is not looked up by zone;
    and `opponent` naming one player when a player has several opponents."""
    from judge.engine.replacement import MATCH_KEYS
    from judge.engine.triggers import STATE_KEYS, WHEN_KEYS

    cards = sc.data.get("cards")
    if not isinstance(cards, dict):
        return
    several = len(sc.data.get("players") or []) >= 3
    for path, m in _mappings(cards, ("cards",)):
        when = m.get("when")
        if isinstance(when, dict):
            allowed = STATE_KEYS if "state" in when else WHEN_KEYS.get(str(when.get("event")))
            for key in when if allowed is not None else ():
                if key not in allowed:
                    raise sc.error(path + ("when", key), f"`when: {{event: {when.get('event', 'state')}}}` does not use "
                                   f"`{key}`: it would be ignored; it takes {', '.join(sorted(allowed))}", key=True)
            for key in ("card", "source"):
                if isinstance(when.get(key), dict) and "zone" in when[key]:
                    raise sc.error(path + ("when", key, "zone"), "`zone` is not read here: a trigger looks at the card the "
                                   "event is about; name the zones it moves between with `to:`/`from:`", key=True)
        for key in ("replace", "prevent"):
            spec = m.get(key)
            if not isinstance(spec, dict) or (key == "replace" and m.get("kind") not in (None, "replacement")):
                continue
            event = str(spec.get("event", "damage"))
            for k in ("to", "from"):  # an ability's own effect names cards by description; a link's binds its targets
                if m.get("kind") == "replacement" and isinstance(spec.get(k), str) and spec[k] not in ("self", "attached"):
                    raise sc.error(path + (key, k), f"`{k}: {spec[k]}` names no card here: a replacement ability takes "
                                   "`self`, `attached` or a description ({type: …, controller: …})")
            allowed = MATCH_KEYS.get(event)
            for k in spec if allowed is not None else ():
                if k not in allowed:
                    raise sc.error(path + (key, k), f"a replacement of `{event}` events does not use `{k}`: it would be "
                                   f"ignored; it takes {', '.join(sorted(allowed))}", key=True)
        for key in _FILTER_PLACES:
            if isinstance(m.get(key), dict) and "zone" in m[key]:
                raise sc.error(path + (key, "zone"), f"`zone` is not read in `{key}:` (a target names its zones with "
                               "`zones:`; only `{each: …}`, `count:` and `choose:` look in a zone)", key=True)
        if several:
            for key in ("player", "under", "chooser"):
                if m.get(key) == "opponent" and ("choose" in m or _is_step_arg(path)):
                    raise sc.error(path + (key,), f"with {len(sc.data['players'])} players `{key}: opponent` does not say "
                                   "which opponent: name the player (its id), or use `each`")


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
