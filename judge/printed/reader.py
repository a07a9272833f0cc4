"""Reading a printed card text: its leading keywords, then sentence by sentence, each sentence as an ability (a card
on the field) or as what playing the card does (a played card), each part matched whole by one of the game's
templates (judge/printed/templates.py). A part no template matches is refused with the clause named, where it stands
in the text and the nearest templates — never skipped or guessed."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from judge.printed.templates import Language, Slot, Template, language

MAX_TEXT = 2000  # characters of one card's text: the longest quoted card has about 200
MAX_PARTS = 24  # clause breaks in one sentence (the quoted cards have at most 6): bounds the splits tried
_SENTENCE_END = "。\n"
_SEPARATORS = re.compile(r"，然后|，然後|，并且|，並且|，并|，並|，且|然后|然後|，|；|、")
_QUOTES = {"“": "”", "「": "」", "（": "）", "(": ")"}
_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
ABSENT = object()  # an optional slot the clause leaves empty
_TARGET_KEYS = frozenset({"filter", "on_chain", "player", "count"})  # a target phrase that gives a whole target


@dataclass
class Clause:
    """One part of the text and the template that read it."""

    text: str
    offset: int  # where it starts in the card's text
    template: str
    say: str  # the template as written, slots named
    en: str = ""  # the template's English gloss

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "offset": self.offset, "template": self.template, "say": self.say, "en": self.en}


@dataclass
class Reading:
    """What a text compiles to: the card's fields (``play``, ``abilities``, ``keywords``) and how each part read."""

    fields: dict[str, Any]
    clauses: list[Clause] = field(default_factory=list)


class Unreadable(ValueError):
    """A text the templates do not cover: the clause that stops it, its place in the text, the nearest templates."""

    def __init__(self, clause: str, offset: int, nearest: list[str], reason: str = "no_template") -> None:
        super().__init__(clause)
        self.clause, self.offset, self.nearest, self.reason = clause, offset, nearest, reason

    def to_dict(self) -> dict[str, Any]:
        return {"clause": self.clause, "offset": self.offset, "nearest": self.nearest, "reason": self.reason}


def read(text: str, game: str, card_type: str | None, name: str | None = None) -> Reading:
    """The abilities a printed text compiles to, or Unreadable."""
    lang = language(game)
    if lang is None:
        raise Unreadable(text.strip(), 0, [], reason="no_templates")
    if len(text) > MAX_TEXT:
        raise Unreadable(text[:40], 0, [], reason="too_long")
    return _Reader(lang, text, card_type, name).read()


def keyword_names(game: str) -> list[str]:
    """The keywords the game's rules define (its data's ``keywords``)."""
    from judge.games import load_game

    return list(load_game(game).keywords)


@dataclass
class _Match:
    """A template matched on a span of the text, with each slot's value (a nested match for text slots)."""

    template: Template
    start: int
    end: int
    values: dict[str, Any]


class _Targets:
    """The targets one play or one ability chooses, in text order."""

    def __init__(self) -> None:
        self.filters: list[Any] = []

    def new(self, spec: Any) -> "_Ref":
        """A new target: a filter, or a whole target (``{filter: …, count: …}``)."""
        whole = isinstance(spec, dict) and bool(_TARGET_KEYS & set(spec))
        self.filters.append(copy.deepcopy(spec if whole else {"filter": spec}))
        return _Ref(self, len(self.filters) - 1)

    def last(self) -> Any:
        return _Ref(self, len(self.filters) - 1) if self.filters else "self"

    def finish(self, value: Any) -> tuple[Any, list[dict[str, Any]]]:
        """The value with each reference named (``target`` when there is one, else ``t1``, ``t2`` …) and the
        targets' list."""
        one = len(self.filters) == 1
        named = _name_refs(value, self, one)
        targets = [dict(f) if one else {**f, "name": f"t{i + 1}"} for i, f in enumerate(self.filters)]
        return named, targets


@dataclass(frozen=True)
class _Ref:
    owner: _Targets
    index: int


def _name_refs(x: Any, owner: _Targets, one: bool) -> Any:
    if isinstance(x, _Ref) and x.owner is owner:
        return "target" if one else f"t{x.index + 1}"
    if isinstance(x, dict):
        return {k: _name_refs(v, owner, one) for k, v in x.items()}
    if isinstance(x, list):
        return [_name_refs(v, owner, one) for v in x]
    return x


class _Reader:
    def __init__(self, lang: Language, text: str, card_type: str | None, name: str | None) -> None:
        # a paragraph mark is a line break of the same length, so that every offset is one of the text as written
        self.lang, self.text, self.type, self.name = lang, text.replace("<p>", "\n  "), card_type, name
        self.furthest: tuple[int, str] = (-1, "")  # the furthest part no template read
        self.memo: dict[tuple[str, int, int], Any] = {}
        self.clauses: list[Clause] = []

    # -- the text's parts ---------------------------------------------------------------------------------------
    def read(self) -> Reading:
        fields: dict[str, Any] = {}
        keywords, pos = self._keywords(0)
        pos = self._markers(pos, fields)
        more, pos = self._keywords(pos)
        keywords += more
        if keywords:
            fields["keywords"] = keywords
        played = self.type in self.lang.played
        play_targets = _Targets()
        play: dict[str, Any] = {}
        abilities: list[dict[str, Any]] = []
        for start, end in self._sentences(pos):
            s = self.text[start:end]
            if len(_SEPARATORS.findall(s)) > MAX_PARTS:
                raise Unreadable(s[:40], start, [], reason="too_long")
            more, upto = self._keywords(start)
            if more and upto >= end:  # a line of keywords only (〔赋能〕[1] after the card's abilities)
                fields.setdefault("keywords", []).extend(more)
                continue
            self.clauses = [c for c in self.clauses if not (c.template == "keyword" and start <= c.offset < end)]
            if played:
                m = self._one("play", s, start) or self._effects_match(s, start)
                if m is None:
                    self._refuse()
                if isinstance(m, list):  # what the play does
                    steps = self._compile_effects(m, play_targets, play.setdefault("do", []))
                    play["do"] = steps
                else:
                    frag = self._fill(m, play_targets)
                    _merge_play(play, frag.get("play") or {})
                    abilities.extend(frag.get("abilities") or [])
            else:
                m = self._one("abilities", s, start)
                if m is None and abilities and isinstance(abilities[-1].get("do"), list):
                    more = self._effects_match(s, start)  # a sentence that goes on with the ability before it
                    if more is not None:
                        self._go_on(abilities[-1], more, start, end)
                        continue
                if m is None:
                    self._refuse()
                ab = self._ability(m)
                if "&card" in ab:  # a sentence that states a fact of the card (我最多可以获得赋能3次)
                    _merge_play(fields, ab["&card"])
                else:
                    abilities.append(ab)
        if played:
            done, targets = play_targets.finish(play)
            if targets:
                done = {"targets": targets, **done}
            done.setdefault("do", [])
            fields["play"] = done
        else:  # a printed card can be played from its hand: a card on the field's play does nothing of its own
            fields["play"] = {}
        if abilities:
            fields["abilities"] = abilities
        return Reading(fields, sorted(self.clauses, key=lambda c: c.offset))

    def _markers(self, pos: int, fields: dict[str, Any]) -> int:
        """The printed marks the text starts with (``（快速錦囊）``): each gives card fields (a status, a cost)."""
        progress = True
        while progress:
            progress = False
            while pos < len(self.text) and self.text[pos].isspace():
                pos += 1
            for t in self.lang.sections["markers"]:
                m = t.regex.match(self.text, pos)
                values = self._values(t, m, 0) if m else None
                if m is None or values is None or m.end() == pos:
                    continue
                self.clauses.append(Clause(m.group(0), pos, t.id, t.example(), t.en))
                values["clause"] = m.group(0)
                _merge_play(fields, _subst(copy.deepcopy(t.gives), values))
                pos, progress = m.end(), True
                break
        return pos

    def _keywords(self, pos: int) -> tuple[list[Any], int]:
        """The keywords the text starts with from ``pos`` (``【沖鋒1】``, ``〔法盾〕``, ``回响`` …) and where the rest
        begins."""
        from judge.games import load_game

        specs = load_game(self.lang.game).keywords
        known = list(specs)
        out: list[Any] = []
        pattern = re.compile(r"\s*(?:【|〔|\[)?(" + "|".join(re.escape(k) for k in sorted(known, key=len, reverse=True))
                             + r")(\d*)(?:】|〕|\])?(?:\[(\d+)\])?(?:<p>|\s+|$)") if known else None
        while pattern is not None:
            m = pattern.match(self.text, pos)
            if m is None or m.end() == pos:
                break
            x = m.group(2) or m.group(3)
            if not x and _numbered(specs[m.group(1)]):  # a keyword with a number printed without one
                if "unnumbered" not in specs[m.group(1)]:
                    raise Unreadable(m.group(0).strip(), m.start(1), [f"{m.group(1)}N"], reason="number")
                x = specs[m.group(1)]["unnumbered"]
            out.append({m.group(1): int(x)} if x else m.group(1))
            self.clauses.append(Clause(m.group(0).strip(), m.start(1), "keyword", m.group(1)))
            pos = m.end()
        return out, pos

    def _sentences(self, pos: int) -> list[tuple[int, int]]:
        """The sentences from ``pos`` on, each without its full stop; a quotation or bracket is never cut."""
        out, start, depth, closing = [], pos, 0, []
        text = self.text
        for i in range(pos, len(text)):
            c = text[i]
            if c in _QUOTES:
                closing.append(_QUOTES[c])
                depth += 1
            elif closing and c == closing[-1]:
                closing.pop()
                depth -= 1
            elif depth == 0 and c in _SENTENCE_END:
                out.append((start, i))
                start = i + 1
        out.append((start, len(text)))
        spans = []
        for a, b in out:
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if b > a:
                spans.append((a, b))
        return spans

    # -- matching -------------------------------------------------------------------------------------------------
    def _one(self, section: str, s: str, off: int) -> _Match | None:
        """The first template of ``section`` matching ``s`` whole, with its slots read."""
        key = (section, off, off + len(s))
        if key in self.memo:
            return self.memo[key]
        found = None
        for t in self.lang.sections[section]:
            m = t.regex.fullmatch(s)
            if m is None:
                continue
            values = self._values(t, m, off)
            if values is not None:
                found = _Match(t, off, off + len(s), values)
                break
        self.memo[key] = found
        if found is None:
            self._note_failure(s, off)
        return found

    def _values(self, t: Template, m: re.Match[str], off: int) -> dict[str, Any] | None:
        values: dict[str, Any] = {}
        for name, slot, optional in t.binds:
            g = m.group(name)
            if g is None or g == "":
                if not optional:
                    return None
                values[name] = ABSENT
                continue
            v = self._slot(slot, g, off + m.start(name))
            if v is None:
                return None
            values[name] = v
        return values

    def _slot(self, slot: Slot, g: str, off: int) -> Any:
        if slot.kind == "number":
            return _number(g)
        if slot.kind == "signed":
            n = _number(g[1:])
            return None if n is None else (-n if g[0] in "-－" else n)
        if slot.kind in ("phrases", "target", "it"):
            return (slot.kind, slot.phrases[g])
        if slot.kind == "self":
            return "self" if g in self._self_names() else None
        if slot.kind == "effects":
            return self._effects_match(g, off)
        if slot.kind == "ability":
            return self._one("abilities", g, off)
        return None

    def _self_names(self) -> set[str]:
        names = set(self.lang.self_words)
        if self.name:
            names.add(self.name)
            for sep in ("·", "・"):
                names.update(p for p in self.name.split(sep) if len(p) >= 2)
            names.update(self.name[i:] for i in range(1, len(self.name) - 1))  # the name's end (阿尔贝托, 雷塔)
        return names

    def _effects_match(self, s: str, off: int) -> list[_Match] | None:
        """``s`` as a sequence of effect clauses, split at the separators; None if no split reads whole."""
        key = ("seq", off, off + len(s))
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None  # a split that leads back here reads nothing
        result: list[_Match] | None = None
        one = self._one("effects", s, off)
        if one is not None:
            result = [one]
        else:
            for sep in _SEPARATORS.finditer(s):
                if sep.start() == 0:
                    continue
                head = self._one("effects", s[:sep.start()], off)
                if head is None:
                    continue
                rest = self._effects_match(s[sep.end():], off + sep.end())
                if rest is not None:
                    result = [head] + rest
                    break
        self.memo[key] = result
        return result

    def _note_failure(self, s: str, off: int) -> None:
        """Remember the furthest part of the text no template read (what a refusal names)."""
        first = _SEPARATORS.split(s, maxsplit=1)[0] or s
        if off > self.furthest[0]:
            self.furthest = (off, first)

    def _refuse(self) -> None:
        off, clause = self.furthest
        raise Unreadable(clause, max(off, 0), self._nearest(clause))

    def _nearest(self, clause: str) -> list[str]:
        import difflib

        scored = sorted(self.lang.all(), key=lambda t: (-difflib.SequenceMatcher(None, clause, t.literal()).ratio(),
                                                        t.id))
        return [t.example() for t in scored[:3]]

    # -- compiling -------------------------------------------------------------------------------------------------
    def _ability(self, m: _Match) -> dict[str, Any]:
        targets = _Targets()
        ab = self._fill(m, targets)
        ab, chosen = targets.finish(ab)
        if chosen:
            ab["targets"] = chosen
        ab.setdefault("text", self.text[m.start:m.end])
        return ab

    def _go_on(self, ab: dict[str, Any], ms: list[_Match], start: int, end: int) -> None:
        """Add a sentence's effects to the ability before it (``若你如此作，摸兩張牌`` after ``你可以棄一張手牌``):
        its targets are that ability's, its text grows by the sentence."""
        targets = _Targets()
        for t in ab.get("targets") or []:
            targets.filters.append(t)
        had = len(targets.filters)
        steps = self._compile_effects(ms, targets, _innermost(ab["do"]))
        if had and len(targets.filters) > had:  # a new target beside the named one: not a reading this covers
            self.furthest = (start, self.text[start:end])
            self._refuse()
        done, chosen = targets.finish(steps)
        _set_innermost(ab["do"], done)
        if chosen:
            ab["targets"] = chosen
        ab["text"] = f"{ab.get('text', '')}。{self.text[start:end]}"

    def _compile_effects(self, ms: list[_Match], targets: _Targets, steps: list[Any]) -> list[Any]:
        for m in ms:
            v = self._fill(m, targets)
            if v is None:  # a clause that only names what is chosen (选择一个单位)
                continue
            if isinstance(v, list):  # a clause that is several steps (棄掉你的手牌，然後摸等量的牌)
                steps.extend(v)
                continue
            if isinstance(v, dict) and "&previous" in v:  # a clause that completes the step before it
                if not steps or not isinstance(steps[-1], dict):
                    self.furthest = (m.start, self.text[m.start:m.end])
                    self._refuse()
                steps[-1] = {**steps[-1], **v["&previous"]}
            else:
                steps.append(v)
        return steps

    def _fill(self, m: _Match, targets: _Targets) -> Any:
        """The template's ``gives`` with each slot's value, the targets taken in text order."""
        self.clauses.append(Clause(self.text[m.start:m.end], m.start, m.template.id, m.template.example(), m.template.en))
        resolved: dict[str, Any] = {}
        for name, slot, _ in m.template.binds:
            v = m.values[name]
            if v is ABSENT:
                resolved[name] = ABSENT
            elif slot.kind == "target":
                resolved[name] = targets.new(v[1])
            elif slot.kind == "it":
                resolved[name] = targets.last()
            elif slot.kind == "phrases":
                resolved[name] = _subst(copy.deepcopy(v[1]), {"it": targets.last()})
            elif slot.kind == "effects":
                resolved[name] = self._compile_effects(v, targets, [])
            elif slot.kind == "ability":
                resolved[name] = self._ability(v)
            else:
                resolved[name] = v
        resolved["clause"] = self.text[m.start:m.end]
        return _subst(copy.deepcopy(m.template.gives), resolved)


def _innermost(steps: list[Any]) -> list[Any]:
    """The list a following clause goes on: inside a last ``may`` (``你可以棄一張手牌。若你如此作，…``)."""
    while steps and isinstance(steps[-1], dict) and list(steps[-1]) == ["may"] and isinstance(steps[-1]["may"], list):
        steps = steps[-1]["may"]
    return steps


def _set_innermost(steps: list[Any], new: list[Any]) -> None:
    inner = _innermost(steps)
    inner[:] = new


def _numbered(spec: dict[str, Any]) -> bool:
    """A keyword whose abilities take its number (``{keyword_x: true}``)."""
    import json

    return '"keyword_x"' in json.dumps(spec.get("abilities") or [])


def _subst(x: Any, values: dict[str, Any]) -> Any:
    """``x`` with each ``$name`` string replaced by its value; a part whose value is absent is left out."""
    if isinstance(x, str) and x.startswith("$") and x[1:] in values:
        return values[x[1:]]
    if isinstance(x, dict):
        out = {}
        for k, v in x.items():
            v = _subst(v, values)
            if v is not ABSENT:
                out[k] = v
        return out
    if isinstance(x, list):
        return [v for v in (_subst(i, values) for i in x) if v is not ABSENT]
    return x


def _merge_play(play: dict[str, Any], frag: dict[str, Any]) -> None:
    """A played card's extra part (an additional cost, "continuous") joined to what it does."""
    for k, v in frag.items():
        if isinstance(v, dict) and isinstance(play.get(k), dict):
            _merge_play(play[k], v)
        elif isinstance(v, list) and isinstance(play.get(k), list):
            play[k] = play[k] + v
        else:
            play[k] = v


def _number(s: str) -> int | None:
    """Digits or a Chinese numeral up to 99 (三, 十二, 二十)."""
    if s.isdigit():
        return int(s)
    if all(c in _DIGITS for c in s) and len(s) == 1:
        return _DIGITS[s]
    if "十" in s and s.count("十") == 1:
        tens, _, units = s.partition("十")
        t = 1 if not tens else _DIGITS.get(tens) if len(tens) == 1 else None
        u = 0 if not units else _DIGITS.get(units) if len(units) == 1 else None
        return None if t is None or u is None else t * 10 + u
    return None
