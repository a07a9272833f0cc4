"""Reading a printed card text: its leading keywords, then sentence by sentence, each sentence as an ability (a card
on the field) or as what playing the card does (a played card), each part matched whole by one of the game's
templates (judge/printed/templates.py). A part no template matches is refused with the clause named, where it stands
in the text and the nearest templates — never skipped or guessed."""

from __future__ import annotations

import copy
import re
from functools import lru_cache
from typing import Any

from judge.printed.gives import ABSENT
from judge.printed.gives import clash as _clash
from judge.printed.gives import completes as _completes
from judge.printed.gives import here_is_event as _here_is_event
from judge.printed.gives import joined as _joined
from judge.printed.gives import merge as _merge
from judge.printed.gives import narrowed as _narrowed
from judge.printed.gives import renamed as _renamed
from judge.printed.gives import subst as _subst
from judge.printed.numbers import number as _number
from judge.printed.result import SHOWN, Clause, Reading, Unreadable
from judge.printed.targets import Targets as _Targets
from judge.printed.templates import (
    NARROW,
    Language,
    Slot,
    Template,
    game_data,
    language,
)

MAX_TEXT = 2000  # characters of one card's text: the longest quoted card has about 200
MAX_PARTS = 24  # clause breaks in one sentence (the quoted cards have at most 6): bounds the splits tried
MAX_CHOICES = 24  # targets one clause names by a count (选择单位六次): bounds what a text makes the engine ask
MAX_DEPTH = 8  # clauses inside clauses (你可以…, 持续：…, a quoted ability): the quoted cards nest at most 3
MAX_NUMBER = 999  # the largest number a printed card states; a larger one is not a card's

_SENTENCE_END = "。\n"
_WRAP = tuple("，、；：,;:")  # a line ending so does not end its sentence
_SEPARATORS = re.compile(r"，然后|，然後|，并且|，並且|，并|，並|，且|然后|然後|，|；|、")
_QUOTES = {"“": "”", "「": "」", "（": "）", "(": ")"}


def read(text: str, game: str, card_type: str | None, name: str | None = None) -> Reading:
    """The abilities a printed text compiles to, or Unreadable."""
    lang = language(game)
    if lang is None:
        raise Unreadable(text.strip(), 0, [], reason="no_templates")
    if len(text) > MAX_TEXT:
        raise Unreadable(text[:40], 0, [], reason="too_long")
    try:
        return _Reader(lang, text, card_type, name).read()
    except RecursionError:  # bounded by MAX_DEPTH; kept as a refusal should a template nest deeper
        raise Unreadable(text[:SHOWN], 0, [], reason="too_deep") from None


def read_as_any(text: str, game: str, card_type: str | None = None, name: str | None = None) -> tuple[str | None, Reading]:
    """``text`` read as a card of ``card_type``; without one, as a played card, then as a card on the field — the
    first type it reads as and the reading, or the first type's Unreadable."""
    lang = language(game)
    types = [card_type] if card_type or lang is None else \
        [*sorted(lang.played), next((x for x in game_types(game) if x not in lang.played), None)]
    first: Unreadable | None = None
    for typ in types:
        try:
            return typ, read(text, game, typ, name)
        except Unreadable as e:
            first = first or e
    assert first is not None
    raise first


def keyword_specs(game: str) -> dict[str, Any]:
    """The keywords the game's rules define (its data's ``keywords``)."""
    return game_data(game, "keywords")


def game_types(game: str) -> dict[str, Any]:
    """The game's card types (its data's ``types``), each with its names."""
    return game_data(game, "types")


@lru_cache(maxsize=None)
def _keyword_pattern(game: str) -> re.Pattern[str] | None:
    """A keyword as a text prints it at the start of a part: 【沖鋒1】, 〔赋能〕[3], 回响 …"""
    known = sorted(keyword_specs(game), key=len, reverse=True)
    if not known:
        return None
    k = "|".join(re.escape(k) for k in known)
    # 【沖鋒1】, 〔赋能〕[3], [回响] end at their own closing bracket; a bare 回响 at a space or the end
    return re.compile(rf"\s*(?:【(?P<a>{k})(?P<an>[0-9]*)】|〔(?P<b>{k})(?P<bn>[0-9]*)〕|\[(?P<c>{k})(?P<cn>[0-9]*)\]"
                      rf"|(?P<d>{k})(?P<dn>[0-9]*)(?=\s|$))(?:\[(?P<x>[0-9]+)\])?[ \t]*")


class _Match:
    """A template matched on a span of the text, with each slot's value (a nested match for text slots)."""

    __slots__ = ("template", "start", "end", "values", "words")

    def __init__(self, template: Template, start: int, end: int, values: dict[str, Any],
                 words: dict[str, str] | None = None) -> None:
        self.template, self.start, self.end, self.values = template, start, end, values
        self.words = words or {}  # each slot's words as printed ($NAME_words in what the template gives)


class _Reader:
    def __init__(self, lang: Language, text: str, card_type: str | None, name: str | None) -> None:
        # a paragraph mark is a line break of the same length, so that every offset is one of the text as written;
        # the text is matched with full-width digits and brackets narrowed, and shown as written (raw)
        self.raw = text.replace("<p>", "\n  ")
        self.lang, self.text, self.type, self.name = lang, self.raw.translate(NARROW), card_type, name
        self.played = card_type in lang.played
        self.depth = 0
        self.nested = 0  # inside an ability a played card gives (目标援军本回合具有“…”): "this card" is that card
        self.furthest: tuple[int, str] = (-1, "")  # the furthest part no template read
        self.memo: dict[tuple[str, int, int], Any] = {}
        self.clauses: list[Clause] = []
        self.made: dict[int, Template] = {}  # the template each ability was read by (a sentence going on keeps it)

    # -- the text's parts ---------------------------------------------------------------------------------------
    def read(self) -> Reading:
        fields: dict[str, Any] = {}
        pos = self._markers(0, fields)  # a mark that starts like a keyword (〔回响〕[4][C]: a cost with power) first
        keywords, pos = self._keywords(pos)
        pos = self._markers(pos, fields)
        more, pos = self._keywords(pos)
        keywords += more
        if keywords:
            fields["keywords"] = keywords
        played = self.played
        play_targets = _Targets(on_a_card=False)
        play: dict[str, Any] = {}
        abilities: list[dict[str, Any]] = []
        sentences = self._sentences(pos)
        if not sentences and not fields:  # nothing but full stops and spaces
            raise Unreadable(self.raw.strip()[:SHOWN], 0, [], reason="empty")
        for start, end in sentences:
            s = self.text[start:end]
            if len(_SEPARATORS.findall(s)) > MAX_PARTS:
                raise Unreadable(self.raw[start:start + SHOWN], start, [], reason="too_long")
            more, upto = self._keywords(start, record=False)
            if more and upto >= end:  # a line of keywords only (〔赋能〕[1] after the card's abilities)
                fields.setdefault("keywords", []).extend(self._keywords(start)[0])
                continue
            if played:
                m = self._one("play", s, start) or self._effects_match(s, start)
                if m is None:
                    self._refuse()
                option = not isinstance(m, list) and isinstance(m.template.gives, dict) and "&option" in m.template.gives
                if (play.get("modes") and not option) or (option and (play.get("do") or (
                        m.template.gives.get("&more") and not play.get("modes")))):  # a mode beside steps, an [或] alone
                    raise Unreadable(self.raw[start:end][:SHOWN], start, self.lang)
                if isinstance(m, list):  # what the play does
                    steps = self._compile_effects(m, play_targets, play.setdefault("do", []))
                    play["do"] = steps
                elif option:  # 选择一个效果 — … / [或]…: one more mode
                    play.setdefault("modes", {"options": []})["options"].append(self._option(m))
                else:
                    frag = self._fill(m, play_targets)
                    self._play_part(play, frag.get("play") or {}, start, end)
                    abilities.extend(frag.get("abilities") or [])
            else:
                m = self._one("abilities", s, start)
                if m is None and abilities and isinstance(abilities[-1].get("do"), list):
                    more = self._effects_match(s, start)  # a sentence that goes on with the ability before it
                    if more is not None:
                        self._go_on(abilities[-1], more, start, end)
                        continue
                part = self._one("play", s, start, any_card=True) if m is None else None
                if part is not None:  # a part of playing it (作为打出我的额外费用): its play's
                    self._play_part(play, self._fill(part, play_targets).get("play") or {}, start, end)
                    continue
                if m is None:
                    if self._effects_match(s, start) is not None:  # what a card does, with no ability to do it
                        raise Unreadable(self.raw[start:end][:SHOWN], start, [], reason="not_an_ability")
                    self._refuse()
                ab = self._ability(m)
                if isinstance(ab, list):
                    abilities.extend(ab)
                elif "&card" in ab:  # a sentence that states a fact of the card (我最多可以获得赋能3次)
                    _merge(fields, ab["&card"])
                else:
                    abilities.append(ab)
        if played:
            done, targets = play_targets.finish(play)
            if targets:
                done = {"targets": targets, **done}
            if "modes" not in done:  # a modal card does what its modes do
                done.setdefault("do", [])
            fields["play"] = done
        else:  # a printed card can be played from its hand: its play does nothing of its own, beyond a part it says
            fields["play"] = play_targets.finish(play)[0] if play else {}
        if abilities:
            fields["abilities"] = abilities
        return Reading(fields, sorted(self.clauses, key=lambda c: c.offset))

    def _play_part(self, play: dict[str, Any], part: dict[str, Any], start: int, end: int) -> None:
        """A part of the play joined to it; a part that would say again what another said (a second additional cost
        of the same kind: 弃置1张 … 弃置2张) is not read, never one of them dropped."""
        if _clash(play, part):
            raise Unreadable(self.raw[start:end][:SHOWN], start, self.lang)
        _merge(play, part)
        cost = play.get("cost") or {}
        if isinstance(cost.get("may_destroy"), dict) and "filter" not in cost["may_destroy"]:  # 若如此做 with no 你可以…
            raise Unreadable(self.raw[start:end][:SHOWN], start, [], reason="no_antecedent")

    def _markers(self, pos: int, fields: dict[str, Any]) -> int:
        """The printed marks the text starts with (``（快速錦囊）``): each gives card fields (a status, a cost)."""
        progress = True
        while progress:
            progress = False
            while pos < len(self.text) and self.text[pos].isspace():
                pos += 1
            for t in self.lang.sections["markers"]:
                if not t.could_match(self.text):
                    continue
                m = t.regex.match(self.text, pos)
                values = self._values(t, m, 0) if m else None
                if m is None or values is None or m.end() == pos:
                    continue
                values = {k: (v[1] if isinstance(v, tuple) else v) for k, v in values.items()}  # a phrase: its value
                self.clauses.append(Clause(self.raw[pos:m.end()], pos, t.id, t.example(), t.en))
                values["clause"] = self.raw[pos:m.end()]
                _merge(fields, _subst(copy.deepcopy(t.gives), values))
                pos, progress = m.end(), True
                break
        return pos

    def _keywords(self, pos: int, record: bool = True) -> tuple[list[Any], int]:
        """The keywords the text starts with from ``pos`` (``【沖鋒1】``, ``〔法盾〕``, ``回响`` …) and where the rest
        begins; ``record``: kept as clauses of the reading (not when only looking whether a part is keywords)."""
        specs = keyword_specs(self.lang.game)
        out: list[Any] = []
        pattern = _keyword_pattern(self.lang.game)
        while pattern is not None:
            m = pattern.match(self.text, pos)
            if m is None or m.end() == pos:
                break
            form = next(g for g in "abcd" if m.group(g))
            name, x = m.group(form), m.group(form + "n") or m.group("x")
            if x and not _numbered(specs[name]):  # a number on a keyword that takes none (闪避5)
                raise Unreadable(self.raw[m.start():m.end()].strip(), m.start(form), [name], reason="number")
            if not x and _numbered(specs[name]):  # a keyword with a number printed without one
                if "unnumbered" not in specs[name]:
                    raise Unreadable(self.raw[m.start():m.end()].strip(), m.start(form), [f"{name}N"], reason="number")
                x = specs[name]["unnumbered"]
            if x and int(x) > MAX_NUMBER:  # no card prints it
                at = m.start(form + "n") if m.group(form + "n") else m.start("x")
                raise Unreadable(str(x), at, [], reason="number")
            out.append({name: int(x)} if x else name)
            if record:
                self.clauses.append(Clause(self.raw[m.start():m.end()].strip(), m.start(form), "keyword", name))
            pos = m.end()
        return out, pos

    def _sentences(self, pos: int) -> list[tuple[int, int]]:
        """The sentences from ``pos`` on, each without its full stop; a quotation or bracket is never cut."""
        out, start, closing = [], pos, []  # the closing marks of the quotations and brackets open
        text = self.text
        for i in range(pos, len(text)):
            c = text[i]
            if c in _QUOTES:
                closing.append(_QUOTES[c])
            elif closing and c == closing[-1]:
                closing.pop()
            elif not closing and c in _SENTENCE_END:
                if c == "\n" and text[start:i].rstrip()[-1:] in _WRAP:  # a line wrapped after a comma goes on
                    continue
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
    def _one(self, section: str, s: str, off: int, any_card: bool = False) -> _Match | None:
        """The first template of ``section`` matching ``s`` whole, with its slots read (``any_card``: only the play
        parts of playing any card)."""
        key = (section + ("*" if any_card else ""), off, off + len(s))
        if key in self.memo:
            return self.memo[key]
        found = None
        for t in self.lang.sections[section]:
            if not t.could_match(s) or (any_card and not t.any_card):
                continue
            m = t.regex.fullmatch(s)
            if m is None:
                continue
            values = self._values(t, m, off)
            if values is not None:
                words = {n: self.raw[off + m.start(n):off + m.end(n)] for n, _, _ in t.binds if m.start(n) >= 0}
                found = _Match(t, off, off + len(s), values, words)
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
        if slot.kind in ("number", "signed"):
            n = _number(g if slot.kind == "number" else g[1:])
            if n is not None and n > MAX_NUMBER:  # no card prints it: a number the templates cannot place
                raise Unreadable(self.raw[off:off + len(g)], off, [], reason="number")
            return None if n is None else (-n if slot.kind == "signed" and g[0] == "-" else n)
        if slot.kind in ("phrases", "target", "it"):
            return (slot.kind, slot.phrases[g])
        if slot.kind == "self":
            return "self" if g in self._self_names() else None
        if slot.kind in ("effects", "ability"):
            self.depth += 1
            try:
                if self.depth > MAX_DEPTH:
                    raise Unreadable(self.raw[off:off + SHOWN], off, [], reason="too_deep")
                if slot.kind == "effects":
                    return self._effects_match(g, off)
                self.nested += 1
                try:
                    return self._one("abilities", g, off)
                finally:
                    self.nested -= 1
            finally:
                self.depth -= 1
        return None

    def _self_names(self) -> set[str]:
        """How a text names its own card: its name, a part of it after 「·」, the name's end (阿尔贝托 for
        逝者阿尔贝托) unless that end is a card type's word (援军 of 精英援军); on a card on the field also the game's
        words for "this card" (本部隊, 我), and the words only a card of its type uses for itself (此处: a battlefield)."""
        names: set[str] = set() if self.played and not self.nested else set(self.lang.self_words)
        names.update(self.lang.self_of_type.get(self.type or "", ()))
        if self.name:
            names.add(self.name)
            types = {str(n) for spec in game_types(self.lang.game).values() if isinstance(spec, dict)
                     for n in (spec.get("zh"),) if n}
            for sep in ("·", "・"):
                names.update(p for p in self.name.split(sep) if len(p) >= 2 and p not in types)
            names.update(e for e in (self.name[i:] for i in range(1, len(self.name) - 1)) if e not in types)
        return names

    def _effects_match(self, s: str, off: int) -> list[_Match] | None:
        """``s`` as a sequence of effect clauses, split at the separators; None if no split reads whole."""
        lead = len(s) - len(s.lstrip())
        s, off = s.strip(), off + lead  # a clause wrapped after its comma is the same clause
        first = _SEPARATORS.match(s)
        if first and first.end() < len(s) and first.group().lstrip("，") == first.group():  # 然后… at the start: it goes on
            s, off = s[first.end():], off + first.end()
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
        """Remember the furthest part of the text no template read (what a refusal names, as written)."""
        first = _SEPARATORS.split(s, maxsplit=1)[0] or s
        if off > self.furthest[0]:
            self.furthest = (off, self.raw[off:off + len(first)])

    def _refuse(self) -> None:
        off, clause = self.furthest
        raise Unreadable(clause, max(off, 0), self.lang)

    # -- compiling -------------------------------------------------------------------------------------------------
    def _option(self, m: _Match) -> dict[str, Any]:
        """One mode of a modal card (``{"&option": $effects}``): what it does, with the targets it names, its own."""
        targets = _Targets(on_a_card=False)
        done, chosen = targets.finish(self._fill(m, targets)["&option"])
        return {**({"targets": chosen} if chosen else {}), "do": done, "text": self.raw[m.start:m.end]}

    def _ability(self, m: _Match) -> Any:
        """The ability a sentence reads as (a list: a sentence that is several abilities, 将晕眩我或给予我-[M]…)."""
        targets = _Targets(it=m.template.it, self_type=self.type)
        ab = self._fill(m, targets)
        if m.template.here == "event":  # 此战场 of a trigger on holding it: the battlefield held (FAQ vendetta-02)
            ab = _here_is_event(ab)
        ab, chosen = targets.finish(ab)
        for one in ab if isinstance(ab, list) else [ab]:
            if isinstance(one, dict):
                self.made[id(one)] = m.template
        if isinstance(ab, list):  # one sentence, several abilities (当我进攻或防守时): each chooses its own targets
            for one in ab:
                one.setdefault("text", self.raw[m.start:m.end])
                if chosen:
                    one["targets"] = copy.deepcopy(chosen)
            return ab
        if chosen:
            ab["targets"] = chosen
        ab.setdefault("text", self.raw[m.start:m.end])
        return ab

    def _go_on(self, ab: dict[str, Any], ms: list[_Match], start: int, end: int) -> None:
        """Add a sentence's effects to the ability before it (``若你如此作，摸兩張牌`` after ``你可以棄一張手牌``):
        its targets are that ability's (其 and 此战场 as its template says), its text grows by the sentence."""
        made = self.made.get(id(ab))
        targets = _Targets(it=made.it if made else "self", self_type=self.type)
        for t in ab.get("targets") or []:
            targets.filters.append(t)
        had = len(targets.filters)
        completes = isinstance(ms[0].template.gives, dict) and "&previous" in ms[0].template.gives
        into = _innermost(ab["do"]) if completes else ab["do"]  # only 若你如此作 goes on inside the 你可以 before it
        steps = self._compile_effects(ms, targets, list(into))
        if had and len(targets.filters) > had:  # a new target beside the named one: one more of the ability's, where
            if not self.lang.later_targets:  # the game chooses every target as the ability goes on the chain
                raise Unreadable(self.raw[start:end][:SHOWN], start, [], reason="new_target")
            if had == 1:  # the one target was named `target`: now it is t1
                ab["do"] = _renamed(ab["do"], {"target": "t1"})
                into = _innermost(ab["do"]) if completes else ab["do"]
                steps = _renamed(steps, {"target": "t1"})
        if made is not None and made.here == "event":
            steps = _here_is_event(steps)
        done, chosen = targets.finish(steps)
        into[:] = done
        if chosen:
            ab["targets"] = chosen
        ab["text"] = f"{ab.get('text', '')}。{self.raw[start:end]}"

    def _compile_effects(self, ms: list[_Match], targets: _Targets, steps: list[Any]) -> list[Any]:
        for m in ms:
            v = self._fill(m, targets)
            # a clause may be several steps (棄掉你的手牌，然後摸等量的牌), each added, completing or put before another
            if isinstance(v, dict) and "&choose" in v:  # 选择单位六次: that many targets, each chosen (again) in turn
                self._choose_times(v["&choose"], targets, m)
                continue
            for part in v if isinstance(v, list) else [] if v is None else [v]:  # None: it only names what is chosen
                self._add_step(steps, part, m)
        return steps

    def _choose_times(self, spec: dict[str, Any], targets: _Targets, m: _Match) -> None:
        """``{"&choose": {times: N, filter: …, again: true}}``: N targets of the description, the second and later
        allowed to choose again what an earlier one chose (``again``)."""
        times = int(spec.get("times", 1))
        if times < 1:
            raise Unreadable(self.raw[m.start:m.end], m.start, [], reason="number")
        if times > MAX_CHOICES:
            raise Unreadable(self.raw[m.start:m.end], m.start, [], reason="too_many_choices")
        for i in range(times):
            targets.new({"filter": spec.get("filter") or {}, **({"again": True} if i and spec.get("again") else {})})

    def _add_step(self, steps: list[Any], v: Any, m: _Match) -> None:
        """One step a clause gives, added to the steps so far."""
        if isinstance(v, dict) and ("&before" in v or "&previous" in v):
            last = steps[-1] if steps and isinstance(steps[-1], dict) else None
            of = v.get("&of")  # the steps whose event a replacement of "what the step before does" can be (因此)
            if last is None or (of is not None and not set(of) & set(last)) or not _completes(last, v.get("&previous") or {}):
                raise Unreadable(self.raw[m.start:m.end], m.start, self.lang)
            if "&before" in v:  # a replacement of what the step before does (若其因此将…，改为…): created just
                steps.insert(len(steps) - 1, v["&before"])  # before that step, so that it meets the step's event
            else:  # a clause that completes the step before it
                steps[-1] = _joined(last, v["&previous"])
            return
        steps.append(v)

    def _fill(self, m: _Match, targets: _Targets) -> Any:
        """The template's ``gives`` with each slot's value, the targets taken in text order."""
        self.clauses.append(Clause(self.raw[m.start:m.end], m.start, m.template.id, m.template.example(), m.template.en))
        resolved: dict[str, Any] = {}
        gives = m.template.gives
        narrow = gives.get("&narrow") if isinstance(gives, dict) else None  # what the clause adds to a target's filter
        for name, slot, _ in m.template.binds:
            v = m.values[name]
            if v is ABSENT:
                resolved[name] = ABSENT
            elif slot.kind == "target":
                resolved[name] = targets.new(_narrowed(v[1], (narrow or {}).get(name), m.values))
            elif slot.kind == "it" or (slot.kind == "phrases" and _mentions_it(v[1])):
                typed = v[1].get("type") if slot.kind == "it" and isinstance(v[1], dict) else None
                it = targets.last(typed)  # 该战场: the battlefield chosen; 其, 该单位: the last target
                if slot.kind == "it" and isinstance(v[1], dict) and v[1].get("chosen") == "all":  # 每次所选的单位
                    it = targets.all_of(typed) or None  # every target chosen (of the type)
                if it is None:  # 其 in a played card's text with no target before it: not the card itself
                    raise Unreadable(self.raw[m.start:m.end], m.start, [], reason="no_antecedent")
                resolved[name] = it if slot.kind == "it" else _subst(copy.deepcopy(v[1]), {"it": it})
            elif slot.kind == "phrases":
                resolved[name] = copy.deepcopy(v[1])
            elif slot.kind == "effects":
                resolved[name] = self._compile_effects(v, targets, [])
            elif slot.kind == "ability":
                resolved[name] = self._ability(v)
            else:
                resolved[name] = v
        resolved["clause"] = self.raw[m.start:m.end]
        resolved.update({f"{n}_words": w for n, w in m.words.items()})  # a slot's words as printed (a name, a text)
        if narrow is not None:
            gives = {k: v for k, v in gives.items() if k != "&narrow"}
        return _subst(copy.deepcopy(gives), resolved)



def _mentions_it(x: Any) -> bool:
    """A phrase's value that names the last target (``{controller_of: $it}``)."""
    if isinstance(x, str):
        return x == "$it"
    if isinstance(x, dict):
        return any(_mentions_it(v) for v in x.values())
    if isinstance(x, list):
        return any(_mentions_it(v) for v in x)
    return False


def _innermost(steps: list[Any]) -> list[Any]:
    """The list a following clause goes on: inside a last ``may`` (``你可以棄一張手牌。若你如此作，…``)."""
    while steps and isinstance(steps[-1], dict) and list(steps[-1]) == ["may"] and isinstance(steps[-1]["may"], list):
        steps = steps[-1]["may"]
    return steps


def _numbered(spec: dict[str, Any]) -> bool:
    """A keyword whose abilities take its number (``{keyword_x: true}``)."""
    import json

    return '"keyword_x"' in json.dumps(spec.get("abilities") or [])
