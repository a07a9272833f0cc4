"""The players' answers to the choices the rules give them (``choices:``): each entry a word — the kind of choice,
declared by the mechanism that asks it (``target`` by targets, ``loop`` by loops …) — with its answer, and ``for:``
(whose card's choice), ``by:`` (which player's), ``slot:`` (which target slot, or which of the card's choices)."""

from __future__ import annotations

from typing import Any

from judge.engine.language.shapes import At, Bool, Either, Field, Int, ListOf, Map, Ref, Str
from judge.engine.language.words import Mechanism, OneKey

MECHANISM = Mechanism("choices", "the place of scripted answers", requires=("references", "expectations", "position"))
M = MECHANISM


def _entry(value: Any, at: At) -> None:
    """The ``slot:`` of an entry is one its kind of choice has: a target slot of the card's texts (``target`` …), or
    one of the choice's own (``packets``, ``reductions`` …)."""
    if not isinstance(value, dict) or "slot" not in value:
        return
    words = at.scope.vocab.words("choice")
    kind = next((k for k in value if k in words), None)
    if kind is None:
        return
    word = words[kind]
    slot = value["slot"]
    names = [n for n, w in at.scope.vocab.words("choice_slot").items() if kind in w.extra.get("kinds", ())]
    if word.extra.get("slots") == "ability":
        names += [n for n, _ in file_slots(at.scope.data, value.get("for"))]
    base, sep, run = str(slot).partition("#")
    if base not in names:
        (at / "slot").problem("slot", name=slot, kind=kind, slots=sorted(set(names)), near=(slot, sorted(set(names))))
    elif sep and not (run.isdigit() and int(run) >= 2):  # "#2", "#3" …: the execution a Repeat cost pays for
        (at / "slot").problem("slot_run", name=slot, base=base)


M.place("choice", "one scripted answer: {kind: answer, for: card, by: player, slot: name}", unknown="choice_word",
        several="choice_one", common={
            "for": Field(Ref("card_id"), "the card whose link or ability the choice is for"),
            "by": Field(Ref("player_id"), "the player who makes it"),
            "slot": Field(Str(min_len=1), "which target slot (or which of the card's choices) it answers"),
            "note": Field(Str(), "a remark for the reader (never read by the engine)"),
            "illegal": Field(Bool(), "an answer the rules must refuse: the next entry answers instead ([refused])"),
        }, check=_entry)
M.place("choice_slot", "a choice's own slot name (not a target slot): which of a card's choices an answer is for",
        form="value")
M.define("choice", OneKey("choice", doc="one scripted answer"))
M.define("choices", ListOf(Ref("choice")))


def _texts(cards: dict[str, Any], card: Any = None) -> list[dict[str, Any]]:
    """Every text with target slots (``targets:`` or ``modes:``) of ``card`` (every card's when None) — its play
    text, abilities and what they create — and of the abilities any card's step grants, in file order."""
    out: list[dict[str, Any]] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if "targets" in x or "modes" in x:
                out.append(x)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for cid, c in cards.items():
        if card is None or cid == card:
            walk(c)
    for c in cards.values():  # an ability one card's step grants another
        if isinstance(c, dict):
            for m in _grants(c):
                walk(m)
    return out


def file_slots(data: Any, card: Any = None) -> list[tuple[str, str]]:
    """The target slots of the texts of ``card`` (every card's when None): its play text, abilities and what they
    grant or create, and the keyword abilities of the game — (name, what it takes)."""
    from judge.engine.mechanisms.abilities import slots_of

    cards = (data or {}).get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, dict):
        return []
    return [slot for text in _texts(cards, card) for slot in slots_of(text)]


def fixed_counts(at: At) -> set[int] | None:
    """The numbers of targets the slot a ``target:`` answer is for takes, when every text of its card that has
    such a slot fixes it (``count: 2``, or one by default); None when one of them is variable or none is known."""
    data = at.scope.data
    if not isinstance(data, dict) or len(at.path) < 2 or at.path[0] != "choices":
        return None
    try:
        entry = data["choices"][at.path[1]]
        cards = data["cards"]
    except (TypeError, IndexError, KeyError):
        return None
    if not isinstance(entry, dict) or not isinstance(cards, dict) or not isinstance(entry.get("for"), str) \
            or not isinstance(cards.get(entry["for"]), dict):
        return None  # (a ``for:`` that is not a card id is reported where it stands)
    name = str(entry.get("slot", "target")).split("#")[0]
    found = [s.get("count", 1) for text in _texts(cards, entry["for"]) if isinstance(text.get("targets"), list)
             for s in text["targets"] if isinstance(s, dict) and str(s.get("name", "target")) == name]
    if not found or not all(isinstance(n, int) and not isinstance(n, bool) for n in found):
        return None
    return set(found)


def _grants(x: Any) -> list[Any]:
    out: list[Any] = []
    if isinstance(x, dict):
        if isinstance(x.get("grant"), dict):
            out.append(x["grant"].get("ability"))
        for v in x.values():
            out += _grants(v)
    elif isinstance(x, list):
        for v in x:
            out += _grants(v)
    return out


def chosen_slot_kinds(at: At) -> set[str] | None:
    """What the target slots an answer can be for take (card, player …); None when the file names none."""
    data = at.scope.data
    if not isinstance(data, dict) or len(at.path) < 3 or at.path[0] != "choices":
        return None
    entries = data.get("choices")
    try:
        entry = entries[at.path[1]]
    except (TypeError, IndexError, KeyError):
        return None
    slots = file_slots(data, entry.get("for")) if isinstance(entry, dict) else []
    if isinstance(entry, dict) and "slot" in entry:
        slots = [s for s in slots if s[0] == str(entry["slot"]).split("#")[0]]
    if not slots:
        return None
    return {k for _, k in slots}


def _refused(game: Any, exp: dict[str, Any]) -> Any:
    """A scripted answer marked ``illegal: true`` was refused (``legal:``: naming these legal options)."""
    from judge.engine.mechanisms.expectations import Checked

    found = [legal for source, legal in getattr(game.chooser, "refused", []) if source == exp["refused"]]
    if "legal" in exp:
        want = _flat(exp["legal"])
        return Checked(exp, any(_flat(legal) == want for legal in found), found)
    return Checked(exp, bool(found), found)


def _flat(options: Any) -> list[Any]:
    """Legal options compared the way a file writes an answer: a one-item list is that item."""
    return [o[0] if isinstance(o, list) and len(o) == 1 else o for o in options]


M.word("expect", "refused", Ref("card_id"), _refused, doc="a scripted answer marked illegal: true for this card's choice "
       "was refused (legal: the legal options it named)",
       extra={"siblings": {"legal": Field(ListOf(Either(Str(), Int(), Bool(), ListOf(Either(Str(), Int())),
                                                        Map(keys=Str(), values=Int()))),
                                          "the legal options the refusal named, as a file writes answers")}})
M.word("file", "choices", Ref("choices"), doc="the players' answers to the choices the rules give them")
