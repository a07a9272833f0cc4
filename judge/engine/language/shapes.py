"""Shapes: what a value of the scenario language may look like, as data that both checks a value and writes its JSON
Schema.

A shape never speaks a language: what is wrong is a :class:`Problem` (a message key of ``msg.scenario.err``, its
values, the place in the file). The scenario loader says it to the judge. Shapes that name things of the file (a card
id, a player, a target slot) ask the :class:`Scope` they are checked in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:
    from judge.engine.language.vocabulary import Vocabulary

Path = tuple[Any, ...]
NUMBER_LIMIT = 1_000_000  # every whole number of a board and of card texts lies within ±this
COUNT_LIMIT = 10**13  # expected counts (steps, damage) may be larger


class Problem:
    """One thing wrong with a file: a message key (``msg.scenario.err.<key>``) and its values, where it is (``key``:
    point at the mapping key rather than the value), and the word meant where one is misspelled (``near``)."""

    __slots__ = ("path", "key", "values", "at_key", "near")

    def __init__(self, path: Path, key: str, values: dict[str, Any], at_key: bool = False,
                 near: tuple[Any, tuple[str, ...]] | None = None) -> None:
        self.path, self.key, self.values, self.at_key, self.near = path, key, values, at_key, near


class Scope:
    """What a value may name where it stands: the game's vocabulary and the file's ids, and — inside an ability — the
    names it binds (target slots, gathered groups, ``it``, ``event`` …). A scope is never changed: ``with_`` makes
    another."""

    __slots__ = ("vocab", "cards", "tokens", "players", "stored", "named", "bound", "slots", "flags", "data")

    def __init__(self, vocab: "Vocabulary", cards: frozenset[str] = frozenset(), tokens: frozenset[str] = frozenset(),
                 players: tuple[str, ...] = (), stored: frozenset[str] = frozenset(), named: frozenset[str] = frozenset(),
                 bound: frozenset[str] = frozenset(), slots: tuple[tuple[str, str], ...] = (),
                 flags: frozenset[str] = frozenset(), data: Any = None) -> None:
        self.vocab = vocab
        self.cards, self.tokens, self.players = cards, tokens, players  # the file's ids
        self.stored, self.named = stored, named  # numbers and words steps store (`store: name`), anywhere in the file
        self.bound = bound  # reference words usable here besides ids: self, that, event, it, slot names …
        self.slots = slots  # (slot name, what it takes: card | player | link | any) of the ability here
        self.flags = flags  # what holds here: "x" (the ability has an X), "resolving", "while" …
        self.data = data  # the whole file's data (for checks that look elsewhere in it)

    def with_(self, **changes: Any) -> "Scope":
        new = Scope.__new__(Scope)
        for name in Scope.__slots__:
            setattr(new, name, changes[name] if name in changes else getattr(self, name))
        return new

    def bind(self, *names: str) -> "Scope":
        return self.with_(bound=self.bound | frozenset(names))

    def flag(self, *names: str) -> "Scope":
        return self.with_(flags=self.flags | frozenset(names))

    def slot_kind(self, name: str) -> str | None:
        return next((k for n, k in self.slots if n == name), None)


class At:
    """Where a check stands: the path into the file, the scope, and the list problems go to."""

    __slots__ = ("path", "scope", "sink")

    def __init__(self, path: Path, scope: Scope, sink: list[Problem] | None = None) -> None:
        self.path, self.scope = path, scope
        self.sink: list[Problem] = [] if sink is None else sink

    def __truediv__(self, part: Any) -> "At":
        return At(self.path + (part,), self.scope, self.sink)

    def within(self, scope: Scope) -> "At":
        return At(self.path, scope, self.sink)

    def trial(self) -> "At":
        """The same place with a sink of its own (to try a form without reporting)."""
        return At(self.path, self.scope, [])

    def problem(self, message: str, /, *, at_key: bool = False, near: tuple[Any, Iterable[str]] | None = None,
                **values: Any) -> None:
        """Report ``message`` (a key of ``msg.scenario.err``) with its values at this place."""
        self.sink.append(Problem(self.path, message, values, at_key, (near[0], tuple(near[1])) if near else None))


def run_check(check: Callable[[Any, At], None], value: Any, at: At) -> None:
    """A meaning check of a value whose shape may be wrong: where the shape's own problems already say what is
    wrong with it (or inside it), a check that trips over it has nothing to add; anywhere else a failure is a bug."""
    before = len(at.sink)
    try:
        check(value, at)
    except (TypeError, KeyError, AttributeError, IndexError, ValueError):
        if not any(p.path[:len(at.path)] == at.path for p in at.sink[:before]):
            raise


def where(path: Path) -> str:
    """How a message names a place of the file: ``cards.a.zone``."""
    return ".".join(str(p) for p in path)


_PY_TYPES = {"object": dict, "array": list, "string": str, "integer": int, "boolean": bool, "null": type(None)}


def type_of(value: Any) -> str:
    for name, t in (("boolean", bool), ("integer", int), ("string", str), ("object", dict), ("array", list)):
        if isinstance(value, t):
            return name
    return "null" if value is None else "number" if isinstance(value, float) else type(value).__name__


class Shape:
    """A value's shape. ``types``: the JSON types it can have (to pick among alternatives)."""

    doc: str = ""
    types: frozenset[str] = frozenset()

    def accepts(self, value: Any, scope: Scope) -> bool:
        return type_of(value) in self.types

    def check(self, value: Any, at: At) -> None:
        raise NotImplementedError

    def schema(self, w: "SchemaWriter") -> dict[str, Any]:
        raise NotImplementedError

    def described(self, doc: str) -> "Shape":
        new = _copy(self)
        new.doc = doc
        return new

    def _wrong_type(self, value: Any, at: At) -> bool:
        if type_of(value) not in self.types:
            at.problem("type", expected=sorted(self.types), found=value)
            return True
        return False

    def _with_doc(self, out: dict[str, Any]) -> dict[str, Any]:
        if self.doc:
            out = {"description": self.doc, **out}
        return out


def _copy(shape: Shape) -> Shape:
    import copy

    return copy.copy(shape)


class SchemaWriter:
    """Writes one game's JSON Schema: named shapes become ``$defs`` of that game (``<game>.<name>``)."""

    def __init__(self, vocab: "Vocabulary", prefix: str) -> None:
        self.vocab = vocab
        self.prefix = prefix
        self.defs: dict[str, Any] = {}

    def write(self, shape: "Shape") -> dict[str, Any]:
        """The schema of ``shape``: a ``$ref`` to its def where a mechanism named it (``define``), else inline."""
        name = getattr(shape, "def_name", None)
        if name is not None and self.vocab.defs().get(name) is shape:
            return self.ref(name)
        return shape.schema(self)

    def ref(self, name: str) -> dict[str, Any]:
        return self.named(name, lambda: self.vocab.define(name).schema(self))

    def named(self, name: str, write: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """A ``$ref`` to the def ``name``, written once by ``write`` (shapes that contain themselves stay finite)."""
        key = f"{self.prefix}.{name}"
        if key not in self.defs:
            self.defs[key] = {}  # placeholder against recursion
            self.defs[key] = write()
        return {"$ref": f"#/$defs/{key}"}


# --- scalars -------------------------------------------------------------------------------------------------------
class Int(Shape):
    def __init__(self, lo: int | None = -NUMBER_LIMIT, hi: int | None = NUMBER_LIMIT, doc: str = "") -> None:
        self.lo, self.hi, self.doc = lo, hi, doc
        self.types = frozenset({"integer"})

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        if self.lo is not None and value < self.lo:
            at.problem("minimum", value=value, limit=self.lo)
        elif self.hi is not None and value > self.hi:
            at.problem("maximum", value=value, limit=self.hi)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        return self._with_doc(out)


class Str(Shape):
    def __init__(self, min_len: int = 0, pattern: str | None = None, doc: str = "") -> None:
        self.min_len, self.pattern, self.doc = min_len, pattern, doc
        self.types = frozenset({"string"})

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        if len(value) < self.min_len:
            at.problem("minLength", limit=self.min_len, found=len(value))
        elif self.pattern is not None:
            import re

            if not re.search(self.pattern, value):
                at.problem("pattern", value=value, pattern=self.pattern)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "string"}
        if self.min_len:
            out["minLength"] = self.min_len
        if self.pattern:
            out["pattern"] = self.pattern
        return self._with_doc(out)


class Bool(Shape):
    types = frozenset({"boolean"})

    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def check(self, value: Any, at: At) -> None:
        self._wrong_type(value, at)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return self._with_doc({"type": "boolean"})


class Null(Shape):
    types = frozenset({"null"})

    def check(self, value: Any, at: At) -> None:
        self._wrong_type(value, at)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return {"type": "null"}


class Enum(Shape):
    """One of fixed values (``values``), or of values the game or the file has (a function of the scope)."""

    def __init__(self, values: Iterable[Any] | Callable[[Scope], Iterable[Any]], doc: str = "",
                 schema_values: Callable[["Vocabulary"], Iterable[Any]] | None = None) -> None:
        self.doc = doc
        self._values = values if callable(values) else tuple(values)
        self._schema_values = schema_values
        fixed = () if callable(values) else tuple(values)
        self.types = frozenset(type_of(v) for v in fixed) or frozenset({"string"})

    def values(self, scope: Scope) -> tuple[Any, ...]:
        return tuple(self._values(scope)) if callable(self._values) else self._values  # type: ignore[return-value]

    def check(self, value: Any, at: At) -> None:
        allowed = self.values(at.scope)
        if value in allowed and type_of(value) in {type_of(v) for v in allowed}:
            return
        at.problem("enum", value=value, options=[str(v) for v in allowed], near=(value, [str(v) for v in allowed]))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        if self._schema_values is not None:
            vals = list(self._schema_values(w.vocab))
        elif callable(self._values):
            vals = list(self._values(Scope(w.vocab)))
        else:
            vals = list(self._values)
        return self._with_doc({"enum": vals})


def Const(value: Any, doc: str = "") -> Enum:  # noqa: N802 (a shape constructor)
    return Enum((value,), doc)


# --- structures ----------------------------------------------------------------------------------------------------
class Field:
    """A field of a mapping: its shape and what it means."""

    __slots__ = ("shape", "doc")

    def __init__(self, shape: Shape, doc: str = "") -> None:
        self.shape, self.doc = shape, doc


class Map(Shape):
    """A mapping with known fields (any other is an error naming the nearest known one). ``renamed``: old field names
    refused with the new one suggested. ``keys`` / ``values``: a mapping of any keys (a dictionary), checked each."""

    types = frozenset({"object"})

    def __init__(self, fields: dict[str, Shape | Field] | None = None, required: Iterable[str] = (), doc: str = "",
                 renamed: dict[str, str] | None = None, keys: Shape | None = None, values: Shape | None = None,
                 min_fields: int = 0, max_fields: int | None = None, more_from: Iterable[str] = (),
                 moved: dict[str, str] | None = None) -> None:
        self.fields: dict[str, Field] = {k: v if isinstance(v, Field) else Field(v, v.doc) for k, v in (fields or {}).items()}
        self.required = tuple(required)
        self.doc = doc
        self.renamed = dict(renamed or {})
        self.keys, self.values = keys, values
        self.min_fields, self.max_fields = min_fields, max_fields
        self.more_from = tuple(more_from)  # places whose words are fields here too (a game's own cost parts …)
        self.moved = dict(moved or {})  # fields read elsewhere: name -> where to write it

    def all_fields(self, scope: Scope) -> dict[str, Field]:
        out = dict(self.fields)
        for place in self.more_from:
            for name, word in scope.vocab.words(place).items():
                out.setdefault(name, Field(word.shape, word.doc))
        return out

    def with_fields(self, more: dict[str, Shape | Field], required: Iterable[str] = ()) -> "Map":
        return Map({**self.fields, **more}, tuple(self.required) + tuple(required), self.doc, self.renamed, self.keys,
                   self.values, self.min_fields, self.max_fields, self.more_from, self.moved)

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        for name in self.required:
            if name not in value and not any(old in value for old, new in self.renamed.items() if new == name):
                at.problem("required", name=name)  # (a field under its old name is said to be renamed instead)
        if self.values is not None:  # a dictionary: any keys
            if len(value) < self.min_fields:
                at.problem("minProperties", limit=self.min_fields, found=len(value))
            if self.max_fields is not None and len(value) > self.max_fields:
                at.problem("maxProperties", limit=self.max_fields, found=len(value))
            for k, v in value.items():
                if self.keys is not None:
                    self.keys.check(k, At(at.path + (k,), at.scope, at.sink))
                self.values.check(v, at / k)
            return
        fields = self.all_fields(at.scope) if self.more_from else self.fields
        for name, v in value.items():
            f = fields.get(name)
            if f is None:
                self.unknown(name, at, fields)
                continue
            f.shape.check(v, at / name)

    def unknown(self, name: str, at: At, fields: dict[str, Field]) -> None:
        if name in self.renamed:
            (at / name).problem("renamed", at_key=True, name=name, new=self.renamed[name], where=where(at.path))
            return
        if name in self.moved:
            (at / name).problem("moved_field", at_key=True, name=name, new=self.moved[name], where=where(at.path))
            return
        allowed = sorted(fields)
        (at / name).problem("unknown_field", at_key=True, name=name, where=where(at.path), allowed=allowed,
                            near=(name, allowed))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "object"}
        if self.values is not None:
            out["additionalProperties"] = w.write(self.values)
            if self.keys is not None:
                out["propertyNames"] = w.write(self.keys)
            if self.min_fields:
                out["minProperties"] = self.min_fields
            if self.max_fields is not None:
                out["maxProperties"] = self.max_fields
            return self._with_doc(out)
        if self.required:
            out["required"] = list(self.required)
        out["additionalProperties"] = False
        fields = self.all_fields(Scope(w.vocab)) if self.more_from else self.fields
        out["properties"] = {k: _doc(w.write(f.shape), f.doc) for k, f in fields.items()}
        return self._with_doc(out)


def _doc(schema: dict[str, Any], doc: str) -> dict[str, Any]:
    if doc and "description" not in schema:
        return {"description": doc, **schema}
    return schema


class ListOf(Shape):
    types = frozenset({"array"})

    def __init__(self, item: Shape, min_items: int = 0, max_items: int | None = None, doc: str = "") -> None:
        self.item, self.min_items, self.max_items, self.doc = item, min_items, max_items, doc

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        if len(value) < self.min_items:
            at.problem("minItems", limit=self.min_items, found=len(value))
        if self.max_items is not None and len(value) > self.max_items:
            at.problem("maxItems", limit=self.max_items, found=len(value))
        for i, v in enumerate(value):
            self.item.check(v, at / i)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": w.write(self.item)}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        return self._with_doc(out)


class Either(Shape):
    """One of several forms, picked by the form the value has; where several forms take it, the first that fits."""

    def __init__(self, *options: Shape, doc: str = "") -> None:
        self.options = options
        self.doc = doc
        self.types = frozenset(t for o in options for t in o.types)

    def accepts(self, value: Any, scope: Scope) -> bool:
        return any(o.accepts(value, scope) for o in self.options)

    def check(self, value: Any, at: At) -> None:
        fits = [o for o in self.options if o.accepts(value, at.scope)]
        if not fits:
            at.problem("type", expected=self.expected(at.scope), found=value)
            return
        if all(isinstance(o, Enum) for o in fits) and len(fits) < len(self.options):
            # a word where a number (or another form) was meant: say every form, not only the words
            trial = at.trial()
            for o in fits:
                o.check(value, trial)
            if len(trial.sink) == len(fits):
                at.problem("type", expected=self.expected(at.scope), found=value)
                return
        best: list[Problem] | None = None
        for o in fits:
            trial = at.trial()
            o.check(value, trial)
            if not trial.sink:
                return
            if best is None or _depth(trial.sink) > _depth(best):
                best = trial.sink
        at.sink.extend(best or [])

    def expected(self, scope: Scope) -> list[str]:
        """The forms it takes, as a message names them: JSON types, and the words of its fixed forms."""
        out: list[str] = []
        for o in self.options:
            if isinstance(o, Enum) and not callable(o._values) and len(o.values(scope)) <= 5:
                out += [str(v) for v in o.values(scope)]
            elif isinstance(o, Either):
                out += o.expected(scope)
            else:
                out += sorted(o.types)
        return list(dict.fromkeys(out))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return self._with_doc({"anyOf": [w.write(o) for o in self.options]})


def _depth(problems: list[Problem]) -> int:
    """How far into the value a form's first problem lies: the form that got furthest is the one meant."""
    return max(len(p.path) for p in problems)


class Ref(Shape):
    """A named shape of the vocabulary (so that shapes can nest in themselves: steps in steps)."""

    def __init__(self, name: str, doc: str = "") -> None:
        self.name, self.doc = name, doc

    @property
    def types(self) -> frozenset[str]:  # type: ignore[override]
        return frozenset({"object", "array", "string", "integer", "boolean", "null"})

    def accepts(self, value: Any, scope: Scope) -> bool:
        return scope.vocab.define(self.name).accepts(value, scope)

    def check(self, value: Any, at: At) -> None:
        at.scope.vocab.define(self.name).check(value, at)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return _doc(w.ref(self.name), self.doc)


class Custom(Shape):
    """A shape whose check is a function (``check(value, at)``), with the JSON Schema it stands for."""

    def __init__(self, check: Callable[[Any, At], None], schema: dict[str, Any] | Callable[[SchemaWriter], dict[str, Any]],
                 types: Iterable[str], doc: str = "") -> None:
        self._check, self._schema, self.doc = check, schema, doc
        self.types = frozenset(types)

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        run_check(self._check, value, at)

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return self._with_doc(self._schema(w) if callable(self._schema) else dict(self._schema))


class Scoped(Shape):
    """A shape checked in a changed scope (an ability's slots, ``event`` inside a trigger …)."""

    def __init__(self, inner: Shape, change: Callable[[Scope, Any], Scope]) -> None:
        self.inner, self.change, self.doc = inner, change, inner.doc

    @property
    def types(self) -> frozenset[str]:  # type: ignore[override]
        return self.inner.types

    def accepts(self, value: Any, scope: Scope) -> bool:
        return self.inner.accepts(value, scope)

    def check(self, value: Any, at: At) -> None:
        try:
            scope = self.change(at.scope, value)
        except (TypeError, KeyError, AttributeError, IndexError, ValueError):
            scope = at.scope  # too malformed to bind anything: the inner shape says what is wrong
        self.inner.check(value, at.within(scope))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        return w.write(self.inner)
