"""Cards written as printed in a scenario file: a card that gives its printed ``text:`` and no hand-written abilities
(``play:``, ``abilities:``) gets its abilities from the text (judge/printed/); a clause no template reads is refused at
its own ``file:line:column``. A card that gives both keeps its hand-written abilities, and where the text reads to
something else the difference is kept for the trace."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.scenario.problems import ScenarioError, msg

if TYPE_CHECKING:
    from judge.printed.reader import Unreadable
    from judge.scenario.loader import Scenario

HAND = ("play", "abilities")  # the fields that are abilities written by hand


def read_cards(sc: "Scenario") -> list[ScenarioError]:
    """Give each text-only card the abilities its text reads to (in place); the problem of each card whose text has
    a clause no template reads."""
    from judge.games import games_with_engine
    from judge.printed.compare import differences
    from judge.printed.reader import Unreadable, read
    from judge.printed.templates import language

    game, cards = sc.data.get("game"), sc.data.get("cards")
    if game not in games_with_engine() or not isinstance(cards, dict) or language(str(game)) is None:
        return []
    errors: list[ScenarioError] = []
    for cid, card in cards.items():
        if not isinstance(card, dict) or not isinstance(card.get("text"), str) or not card["text"].strip():
            continue
        typ = card.get("type") if isinstance(card.get("type"), str) else None
        hand = [k for k in HAND if k in card]
        try:
            reading = read(card["text"], str(game), typ, _name(card))
        except Unreadable as e:
            if not hand:
                errors.append(_refusal(sc, cid, card["text"], e))
            continue
        if hand:
            diff = differences(reading.fields, card)
            if diff:
                sc.differing[str(cid)] = diff
            continue
        for k, v in reading.fields.items():
            card.setdefault(k, v)  # a keyword or status the card gives itself stands
        sc.readings[str(cid)] = reading
    return errors


def _name(card: dict[str, Any]) -> str | None:
    name = card.get("name")
    if isinstance(name, dict):
        name = name.get("zh")
    return name if isinstance(name, str) else None


def _refusal(sc: "Scenario", cid: Any, text: str, e: "Unreadable") -> ScenarioError:
    """The problem of a text no template reads, at the clause's own place in the file (or in its card library)."""
    from judge.locale import join

    path = ("cards", cid, "text")
    base = sc.error(path, "")
    source = sc.source if base.file == sc.file else _library_source(base.file)
    line, col = locate(source, base.line, base.column, text, e.offset) if source else (base.line, base.column)
    game = sc.data.get("game")
    if e.reason == "too_long":
        message = msg("printed_too_long", card=cid)
    else:
        message = msg("printed_unread", card=cid, clause=e.clause, nearest=join(e.nearest) if e.nearest else "—",
                      file=f"judge/games/{game}/printed.yaml")
    err = ScenarioError(base.file, line, col, message)
    err.path = path
    return err


def _library_source(file: str) -> str:
    try:
        return Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def locate(source: str, line: int, col: int, text: str, offset: int) -> tuple[int, int]:
    """Where ``text[offset:]`` stands in the file, given where the text's value starts: the first place after it
    where the clause's first characters are written (a plain, quoted or block scalar alike)."""
    lines = source.split("\n")
    if not 1 <= line <= len(lines):
        return line, col
    start = sum(len(s) + 1 for s in lines[:line - 1]) + max(col - 1, 0)
    probe = text[offset:offset + 8].split("\n")[0]
    at = source.find(probe, start) if probe else -1
    if at < 0:
        return line, col
    before = source[:at]
    return before.count("\n") + 1, at - (before.rfind("\n") + 1) + 1


def reading_lines(sc: "Scenario", namer: Any, word: Any, lang: str) -> list[str]:
    """The trace's lines on how each card's text was read: the clauses of a card read from its text with the
    template of each, and each card whose hand-written abilities differ from its text's reading."""
    en = lang == "en"
    colon = ": " if en else "："
    out: list[str] = []
    for cid, r in sc.readings.items():
        out.append(f"  {namer(cid)} [{cid}]{colon}{word('read_from_text')}")
        out.extend(f"    「{c.text}」 ← {c.template}{colon}{c.en if en and c.en else c.say}" for c in r.clauses)
    for cid, diff in sc.differing.items():
        out.append(f"  {namer(cid)} [{cid}]{colon}{word('read_differs')} ({', '.join(diff)})")
    return out


def readings_json(sc: "Scenario") -> dict[str, Any]:
    """The same as data: each card read from its text with its clauses; each card whose abilities differ."""
    return {"read": {cid: [c.to_dict() for c in r.clauses] for cid, r in sc.readings.items()},
            "differing": {cid: list(d) for cid, d in sc.differing.items()}}
