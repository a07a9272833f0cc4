"""A game's printed-card language as data: typed slots, the clauses of an effect, the sentences that make an ability
or a played card's extra parts, each compiled once to a regular expression (judge/games/<game>/printed.yaml)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

# Plain classes, not dataclasses: a scenario run imports this module, and each dataclass costs start-up time.

# what a slot's kind matches before its value is checked: a number, a sign and a number, or any text (read further)
_NUMBER = r"[0-9]+|[零一二两兩三四五六七八九十]+"
_KINDS = ("number", "signed", "phrases", "target", "it", "self", "effects", "ability", "keyword")
_SLOT = re.compile(r"\{([a-z_]+)(?:#([a-z0-9_]+))?(\?)?\}")
SECTIONS = ("markers", "effects", "abilities", "play")
# full-width digits, signs and brackets read as their ASCII forms, in templates and texts alike (one character each)
NARROW = str.maketrans("０１２３４５６７８９＋－（）［］", "0123456789+-()[]")


class TemplateError(ValueError):
    """A game's template data is malformed (a bug of the game's data, said with the template's id)."""


class Slot:
    """A typed hole of a template: its kind and, for phrase kinds, what each phrase stands for."""

    __slots__ = ("name", "kind", "phrases")

    def __init__(self, name: str, kind: str, phrases: dict[str, Any] | None = None) -> None:
        self.name, self.kind, self.phrases = name, kind, phrases or {}

    def pattern(self) -> str:
        """The regular expression of what the slot may hold."""
        if self.kind == "number":
            return _NUMBER
        if self.kind == "signed":
            return r"[+\-＋－](?:" + _NUMBER + ")"
        if self.kind in ("phrases", "target", "it"):
            return "|".join(re.escape(p) for p in sorted(self.phrases, key=lambda p: (-len(p), p)))
        return ".+?" if self.kind == "self" else ".+"


class Template:
    """One phrase of the printed language: its words with slots (``say``), what it gives in the scenario language,
    the section it belongs to and its English gloss. Its regular expression is compiled when first needed, and a
    clause without the template's longest run of own words is never matched against it."""

    __slots__ = ("id", "section", "say", "gives", "binds", "en", "source", "needle", "it", "here", "any_card", "_regex")

    def __init__(self, tid: str, section: str, say: str, gives: Any, source: str,
                 binds: tuple[tuple[str, Slot, bool], ...], en: str = "", it: str = "self", here: str = "self") -> None:
        self.id, self.section, self.say, self.gives, self.source, self.binds, self.en = \
            tid, section, say, gives, source, binds, en
        self.it = it  # an ability's: what 其 / 该单位 names when no target is named (self, or event: the trigger's card)
        self.here = here  # an ability's: the place 此战场 names (self: where the card is; event: where its trigger was)
        self.any_card = False  # a play part: of playing any card (作为打出我的额外费用), not only a played card's
        self.needle = max(_SLOT.split(say)[::4], key=len)  # its longest literal part (split groups are skipped)
        self._regex: re.Pattern[str] | None = None

    @property
    def regex(self) -> re.Pattern[str]:
        if self._regex is None:
            self._regex = re.compile(self.source, re.DOTALL)  # a clause may run over a line break
        return self._regex

    def could_match(self, clause: str) -> bool:
        """False when the clause lacks the template's own words (no regular expression needed)."""
        return self.needle in clause

    def literal(self) -> str:
        """The template's own words, its slots left out (what a clause is compared with)."""
        return _SLOT.sub("", self.say)

    def example(self) -> str:
        """The template as a judge reads it: its words, each slot named."""
        return _SLOT.sub(lambda m: "{" + (m.group(2) or m.group(1)) + "}", self.say)


class Language:
    """Every template of one game, with the card types whose text is what playing them does."""

    __slots__ = ("game", "played", "self_words", "self_of_type", "slots", "sections", "later_targets")

    def __init__(self, game: str, played: frozenset[str], self_words: tuple[str, ...], slots: dict[str, Slot],
                 sections: dict[str, tuple[Template, ...]], self_of_type: dict[str, tuple[str, ...]] | None = None,
                 later_targets: bool = False) -> None:
        self.game, self.played, self.self_words, self.slots, self.sections = game, played, self_words, slots, sections
        self.self_of_type = self_of_type or {}  # card type -> the words only such a card uses for itself
        self.later_targets = later_targets  # a sentence that goes on from an ability may name one more of its targets

    def all(self) -> list[Template]:
        return [t for s in SECTIONS for t in self.sections[s]]


def game_file(game: str, name: str) -> Path:
    """A file of a game's folder (judge/games/<game>/), found without importing the games."""
    return Path(__file__).resolve().parents[1] / "games" / game / name


def path_of(game: str) -> Path:
    """Where a game keeps its templates: printed.yaml in its folder."""
    return game_file(game, "printed.yaml")


@lru_cache(maxsize=None)
def language(game: str) -> Language | None:
    """The game's templates, or None where the game keeps none."""
    path = path_of(game)
    if not re.fullmatch(r"[a-z0-9_]+", game) or not path.is_file():  # a game id, never a path
        return None
    from judge.corpus.cache import cached_yaml

    return compile_language(game, cached_yaml(path))


TOP_KEYS = frozenset({"played", "self", "self_of_type", "slots", "later_targets", *SECTIONS})
TEMPLATE_KEYS = frozenset({"id", "say", "gives", "en", "it", "here", "any_card"})


def compile_language(game: str, data: dict[str, Any]) -> Language:
    """Check and compile a game's template data (a key it does not know is an error, never ignored)."""
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise TemplateError(f"{game}: unknown keys {unknown}; keys: {sorted(TOP_KEYS)}")
    slots: dict[str, Slot] = {}
    for name, spec in (data.get("slots") or {}).items():
        kind, phrases = _slot_spec(name, spec)
        if kind == "keyword":  # a keyword the game's data defines (game.yaml keywords), read as a phrase of its name
            kind, phrases = "phrases", {str(k): str(k) for k in sorted(game_data(game, "keywords"))}
        slots[name] = Slot(name, kind, phrases)
    sections = {s: tuple(_template(s, t, slots) for t in data.get(s) or []) for s in SECTIONS}
    ids = [t.id for s in sections.values() for t in s]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise TemplateError(f"{game}: template ids used twice: {dup}")
    of_type = {str(k): tuple(v) for k, v in (data.get("self_of_type") or {}).items()}
    later = data.get("later_targets", False)
    if not isinstance(later, bool):
        raise TemplateError(f"{game}: later_targets is true or false, not {later!r}")
    return Language(game, frozenset(data.get("played") or ()), tuple(data.get("self") or ()), slots, sections, of_type,
                    later)


@lru_cache(maxsize=None)
def game_data(game: str, key: str) -> dict[str, Any]:
    """One part of a game's data (game.yaml), read without building the game's engine."""
    from judge.corpus.cache import cached_yaml

    path = game_file(game, "game.yaml")
    data = cached_yaml(path) if path.is_file() else None
    part = data.get(key) if isinstance(data, dict) else None
    return part if isinstance(part, dict) else {}


def _slot_spec(name: str, spec: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(spec, str):
        if spec not in _KINDS:
            raise TemplateError(f"slot {name}: unknown kind {spec!r}; kinds: {_KINDS}")
        return spec, {}
    if not isinstance(spec, dict) or len(spec) != 1:
        raise TemplateError(f"slot {name}: a kind, or {{kind: phrases}}")
    kind, phrases = next(iter(spec.items()))
    if kind not in _KINDS:
        raise TemplateError(f"slot {name}: unknown kind {kind!r}; kinds: {_KINDS}")
    if isinstance(phrases, list):
        phrases = {p: p for p in phrases}
    if not isinstance(phrases, dict) or not phrases:
        raise TemplateError(f"slot {name}: its phrases, as a list or a mapping")
    return kind, {str(k).translate(NARROW): v for k, v in phrases.items()}


def _literal(words: str) -> str:
    """A template's own words as a regular expression: a printed colon may end its line (下列各项：⏎法术——…)."""
    return re.escape(words).replace("：", r"：\s*")


def _template(section: str, spec: dict[str, Any], slots: dict[str, Slot]) -> Template:
    tid, say = spec.get("id"), spec.get("say")
    if not isinstance(tid, str) or not isinstance(say, str) or "gives" not in spec:
        raise TemplateError(f"{section}: each template has id, say and gives: {spec!r}")
    if set(spec) - TEMPLATE_KEYS:
        raise TemplateError(f"{tid}: unknown keys {sorted(set(spec) - TEMPLATE_KEYS)}; keys: {sorted(TEMPLATE_KEYS)}")
    parts, binds, pos = [], [], 0
    say = say.translate(NARROW)
    for m in _SLOT.finditer(say):
        parts.append(_literal(say[pos:m.start()]))
        slot = slots.get(m.group(1))
        if slot is None:
            raise TemplateError(f"{tid}: unknown slot {m.group(1)!r}; slots: {sorted(slots)}")
        name = m.group(2) or m.group(1)
        if any(b[0] == name for b in binds):
            raise TemplateError(f"{tid}: slot name {name!r} used twice (write {{{m.group(1)}#other}})")
        optional = bool(m.group(3))
        parts.append(f"(?P<{name}>{slot.pattern()})" + ("?" if optional else "")
                     + (r" ?" if slot.kind in ("number", "signed") else ""))  # 造成4 点伤害: a space may follow a number
        binds.append((name, slot, optional))
        pos = m.end()
    parts.append(_literal(say[pos:]))
    it, here = spec.get("it", "self"), spec.get("here", "self")
    if it not in ("self", "event") or here not in ("self", "event"):
        raise TemplateError(f"{tid}: it: and here: are self or event, not {it!r} / {here!r}")
    t = Template(tid, section, say, spec["gives"], "".join(parts), tuple(binds), str(spec.get("en") or ""), it, here)
    any_card = spec.get("any_card", False)
    if not isinstance(any_card, bool) or (any_card and section != "play"):
        raise TemplateError(f"{tid}: any_card: true is for play templates only")
    t.any_card = any_card
    return t
