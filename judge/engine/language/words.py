"""Words of the scenario language, each declared once by the mechanism it belongs to.

A :class:`Word` is one key a scenario file may write in one place (a step, a number expression, a filter key, a trigger
event, an action …): its shape, its meaning check, what carries it out (its handler), the trace phrases it adds and
the rule keys it cites. A :class:`Mechanism` is the declarations of one module; a game's vocabulary is the words of the
mechanisms its data lists (:mod:`judge.engine.language.vocabulary`). Model: Forge's ``ApiType`` — a name that both
resolves and describes itself.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from judge.engine.language.shapes import At, Field, Map, Problem, Scope, SchemaWriter, Shape, run_check, type_of


class Word:
    """One word of the language in one place."""

    __slots__ = ("place", "name", "shape", "handler", "check", "rules", "phrases", "doc", "mechanism", "overrides", "scope",
                 "extra")

    def __init__(self, place: str, name: str, shape: Shape, handler: Any = None, *,
                 check: Callable[[Any, At], None] | None = None, rules: tuple[str, ...] = (), phrases: tuple[str, ...] = (),
                 doc: str = "", mechanism: str = "", overrides: bool = False,
                 scope: Callable[[Scope, Any], Scope] | None = None, extra: dict[str, Any] | None = None) -> None:
        self.place, self.name, self.shape, self.handler = place, name, shape, handler
        self.check = check  # meaning beyond the shape (of the word's argument, or of the mapping a tag stands in)
        self.rules = tuple(rules)  # rule keys its handler cites
        self.phrases = tuple(phrases)  # trace phrases its handler adds
        self.doc, self.mechanism = doc, mechanism
        self.overrides = overrides  # a game's own meaning of a word the shared mechanisms have
        self.scope = scope  # the scope its argument is checked in
        self.extra = dict(extra or {})  # what its place asks of it (an event's keys, a bare word …)


class Place:
    """Where words stand. ``common``: fields allowed beside any word (a step's ``text``); ``form``: ``key`` (the one key of
    a mapping names the word), ``tag`` (a field of the mapping names it: ``kind``, ``event``), ``field`` (each key of a
    mapping is a word: a filter) or ``value`` (the word is a value: a trigger event); ``bare``: a word may stand alone
    as a string (``resolve_all``). ``unknown`` / ``several``: the message keys for a key that is no word here and for
    more than one; ``check``: a check of the whole mapping a word stands in (its fields together)."""

    __slots__ = ("name", "doc", "form", "common", "bare", "unknown", "several", "mechanism", "check")

    def __init__(self, name: str, doc: str, form: str = "key", common: dict[str, Field] | None = None, bare: bool = False,
                 unknown: str = "unknown_word", several: str = "several_words", mechanism: str = "",
                 check: Callable[[Any, At], None] | None = None) -> None:
        self.name, self.doc, self.form, self.common, self.bare = name, doc, form, dict(common or {}), bare
        self.unknown, self.several, self.mechanism, self.check = unknown, several, mechanism, check


class Mechanism:
    """The declarations of one mechanism module: its words, its places, its named shapes and the hooks it adds to the
    engine's named points. ``requires``: the mechanisms its code uses (their words come with it)."""

    def __init__(self, name: str, doc: str, requires: Iterable[str] = ()) -> None:
        self.name = name
        self.doc = doc
        self.requires = tuple(requires)
        self.words: list[Word] = []
        self.places: list[Place] = []
        self.defs: dict[str, Shape] = {}
        self.hooks: list[tuple[str, int, Callable[..., Any]]] = []

    def word(self, place: str, name: str, shape: Shape, handler: Any = None, **kw: Any) -> Word:
        w = Word(place, name, shape, handler, mechanism=self.name, **kw)
        self.words.append(w)
        return w

    def declare(self, place: str, name: str, shape: Shape, **kw: Any) -> Callable[[Any], Any]:
        """Decorator: the function below is the handler of ``name`` in ``place``."""
        def register(fn: Any) -> Any:
            self.word(place, name, shape, fn, **kw)
            return fn
        return register

    def place(self, name: str, doc: str, **kw: Any) -> Place:
        p = Place(name, doc, mechanism=self.name, **kw)
        self.places.append(p)
        return p

    def define(self, name: str, shape: Shape) -> Shape:
        """A named shape: other shapes refer to it (``Ref(name)``), the JSON Schema writes it once as a def."""
        self.defs[name] = shape
        shape.def_name = name  # type: ignore[attr-defined]
        return shape

    def hook(self, point: str, order: int = 50) -> Callable[[Any], Any]:
        """Decorator: the function below runs at the engine's named point ``point`` (lower ``order`` first)."""
        def register(fn: Any) -> Any:
            self.hooks.append((point, order, fn))
            return fn
        return register


def scoped(word: Word, scope: Scope, value: Any) -> Scope:
    """The scope a word's value is checked in (the same one where the value is too malformed to say more: its shape's
    problems say what is wrong with it)."""
    if word.scope is None:
        return scope
    try:
        return word.scope(scope, value)
    except (TypeError, KeyError, AttributeError, IndexError, ValueError):
        return scope


# --- shapes that pick a word -------------------------------------------------------------------------------------
class OneKey(Shape):
    """A mapping whose one key that is a word of ``place`` says what it is (``{damage: {…}}``); its other keys are the
    place's common fields. With a bare place, the word may stand alone (``resolve_all``)."""

    types = frozenset({"object"})

    def __init__(self, place: str, doc: str = "", allow: Iterable[str] | None = None) -> None:
        self.place, self.doc = place, doc
        self.allow = frozenset(allow) if allow is not None else None  # only these words here (None: every one)

    def accepts(self, value: Any, scope: Scope) -> bool:
        if isinstance(value, dict):
            return True
        return isinstance(value, str) and scope.vocab.place(self.place).bare

    def words(self, scope: Scope) -> dict[str, Word]:
        every = scope.vocab.words(self.place)
        return every if self.allow is None else {k: w for k, w in every.items() if k in self.allow}

    def check(self, value: Any, at: At) -> None:
        vocab = at.scope.vocab
        place = vocab.place(self.place)
        words = self.words(at.scope)
        if isinstance(value, str) and place.bare:
            word = words.get(value)
            if word is None:
                at.problem(place.unknown, word=value, words=sorted(words), near=(value, sorted(words)))
            elif not word.shape.accepts(True, at.scope):
                at.problem("needs_value", word=value)
            elif word.check is not None:
                run_check(word.check, value, at)
            return
        if not isinstance(value, dict):
            at.problem("type", expected=["object"], found=value)
            return
        keys = [k for k in value if k in words]
        if len(keys) != 1:
            if keys:
                at.problem(place.several, words=keys)
                return
            unknown = [k for k in value if k not in place.common]
            if unknown:
                everywhere = vocab.words(self.place)
                k = unknown[0]
                key = "not_here" if k in everywhere else place.unknown
                (at / k).problem(key, at_key=True, word=k, words=sorted(words), near=(k, sorted(words)))
            else:
                at.problem(place.unknown, word="", words=sorted(words))
            return
        name = keys[0]
        word = words[name]
        scope = scoped(word, at.scope, value[name])
        word.shape.check(value[name], (at / name).within(scope))
        for needed in word.extra.get("requires", ()):  # fields that must stand beside this word
            if needed not in value:
                at.problem("needs_beside", word=name, name=needed)
        siblings: dict[str, Field] = {**place.common, **word.extra.get("siblings", {})}
        for more in word.extra.get("sibling_places", ()):  # fields other mechanisms add (a game's own card state)
            siblings.update({k: Field(w.shape, w.doc) for k, w in vocab.words(more).items()})
        for k, v in value.items():
            if k == name:
                continue
            f = siblings.get(k)
            if f is None:
                allowed = sorted({name, *siblings})
                (at / k).problem("unknown_field", at_key=True, name=k, where=_where(at.path), allowed=allowed,
                                 near=(k, allowed))
                continue
            f.shape.check(v, (at / k).within(scope))
        if word.check is not None:  # the meaning of the word's argument (the value under its key)
            run_check(word.check, value[name], (at / name).within(scope))
        if place.check is not None:
            run_check(place.check, value, at.within(scope))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        """One object holding every word and field; exactly one word key (``oneOf`` of ``required``), and the word's
        own shape and siblings checked only for the word it has (``if``/``then``: cheap for a validator)."""
        place = w.vocab.place(self.place)
        words = sorted(self.words(_scope(w)).items())
        if not words:
            return {"not": {}}
        props: dict[str, Any] = {k: _described(w.write(f.shape), f.doc) for k, f in place.common.items()}
        each: list[dict[str, Any]] = []
        bare: list[str] = []
        for name, word in words:
            props[name] = {"description": word.doc} if word.doc else {}
            own = {name: w.write(word.shape)}
            siblings = dict(word.extra.get("siblings", {}))
            for more in word.extra.get("sibling_places", ()):
                siblings.update({k: Field(v.shape, v.doc) for k, v in w.vocab.words(more).items()})
            for k, f in siblings.items():
                props.setdefault(k, {})
                own[k] = _described(w.write(f.shape), f.doc)
            then: dict[str, Any] = {"properties": own}
            if siblings:  # the fields this word may have beside it, and no other word's
                then["propertyNames"] = {"enum": sorted({name, *place.common, *siblings})}
            each.append({"if": {"required": [name]}, "then": then})
            if place.bare and word.shape.accepts(True, _scope(w)):
                bare.append(name)
        obj = {"type": "object", "additionalProperties": False, "properties": props,
               "oneOf": [{"required": [name]} for name, _ in words], "allOf": each}
        return self._with_doc({"anyOf": [{"enum": bare}, obj]} if bare else obj)


class Tagged(Shape):
    """A mapping whose field ``tag`` names a word of ``place`` (``kind: triggered``, ``event: damage``); that word's
    shape (a :class:`Map` holding the tag too) says which other fields it may have. ``default``: the word meant when
    the tag is left out (None: the tag is required)."""

    types = frozenset({"object"})

    def __init__(self, tag: str, place: str, default: str | None = None, doc: str = "") -> None:
        self.tag, self.place, self.default, self.doc = tag, place, default, doc

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        words = at.scope.vocab.words(self.place)
        name = value.get(self.tag, self.default)
        if name is None:
            at.problem("required", name=self.tag)
            return
        word = words.get(name) if isinstance(name, str) else None
        if word is None:
            (at / self.tag).problem("enum", value=name, options=sorted(words), near=(name, sorted(words)))
            return
        scope = scoped(word, at.scope, value)
        word.shape.check(value, at.within(scope))
        if word.check is not None:
            run_check(word.check, value, at.within(scope))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        """The tag's words, and each word's shape where the tag names it (``if``/``then``)."""
        words = sorted(w.vocab.words(self.place).items())
        tag: dict[str, Any] = {"enum": [name for name, _ in words]}
        out: dict[str, Any] = {"type": "object", "properties": {self.tag: tag}, "allOf": []}
        if self.default is None:
            out["required"] = [self.tag]
        for name, word in words:
            cond: dict[str, Any] = {"properties": {self.tag: {"const": name}}}
            if name != self.default:
                cond["required"] = [self.tag]
            out["allOf"].append({"if": cond, "then": w.write(word.shape)})
        return self._with_doc(out)


class Fields(Shape):
    """A mapping each of whose keys is a word of ``place`` (a filter: ``{type: unit, controller: you}``); ``allow``
    narrows them to those honoured here, ``more`` adds fields of this position only."""

    types = frozenset({"object"})

    def __init__(self, place: str, doc: str = "", allow: Iterable[str] | None = None,
                 exclude: Iterable[str] = (), more: dict[str, Shape] | None = None, required: Iterable[str] = (),
                 moved: dict[str, str] | None = None, refused: dict[str, str] | None = None) -> None:
        self.place, self.doc = place, doc
        self.required = tuple(required)
        self.moved = dict(moved or {})  # words read elsewhere here: name -> where to write it
        self.refused = dict(refused or {})  # words not read here, with a message saying where they are: name -> key
        self.allow = frozenset(allow) if allow is not None else None
        self.exclude = frozenset(exclude)
        self.more = dict(more or {})

    def words(self, scope: Scope) -> dict[str, Word]:
        every = scope.vocab.words(self.place)
        return {k: w for k, w in every.items() if (self.allow is None or k in self.allow) and k not in self.exclude}

    def check(self, value: Any, at: At) -> None:
        if self._wrong_type(value, at):
            return
        words = self.words(at.scope)
        everywhere = at.scope.vocab.words(self.place)
        for name in self.required:
            if name not in value:
                at.problem("required", name=name)
        for k, v in value.items():
            if k in self.more:
                self.more[k].check(v, at / k)
                continue
            word = words.get(k)
            if word is None:
                allowed = sorted({*words, *self.more})
                if k in self.moved:
                    (at / k).problem("moved_field", at_key=True, name=k, new=self.moved[k], where=_where(at.path))
                elif k in self.refused:
                    (at / k).problem(self.refused[k], at_key=True, key=at.path[-1] if at.path else "", name=k)
                elif k in everywhere:
                    (at / k).problem("field_not_here", at_key=True, name=k, where=_where(at.path), allowed=allowed)
                else:
                    (at / k).problem("unknown_field", at_key=True, name=k, where=_where(at.path), allowed=allowed,
                                     near=(k, allowed))
                continue
            scope = scoped(word, at.scope, v)
            word.shape.check(v, (at / k).within(scope))
            if word.check is not None:
                run_check(word.check, v, (at / k).within(scope))

    def schema(self, w: SchemaWriter) -> dict[str, Any]:
        props = {k: _described(w.write(word.shape), word.doc) for k, word in sorted(self.words(_scope(w)).items())}
        props.update({k: w.write(s) for k, s in self.more.items()})
        out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
        if self.required:
            out["required"] = list(self.required)
        return self._with_doc(out)


def _scope(w: SchemaWriter) -> Scope:
    return Scope(w.vocab)


def _described(schema: dict[str, Any], doc: str) -> dict[str, Any]:
    return {"description": doc, **schema} if doc and "description" not in schema else schema


def _where(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path)


__all__ = ["Word", "Place", "Mechanism", "OneKey", "Tagged", "Fields", "Map", "Field", "Problem", "Scope", "At", "type_of"]
