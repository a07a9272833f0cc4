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
    a clause no template reads. (Nothing is imported when no card is written as printed.)"""
    game, cards = sc.data.get("game"), sc.data.get("cards")
    if not isinstance(cards, dict) or not isinstance(game, str):
        return []
    text_only = [(cid, card) for cid, card in cards.items() if _printed(card) and not any(k in card for k in HAND)]
    # the cards with both, as loaded (the trace compares them later, never through what the run has read)
    sc.both = {str(cid): card for cid, card in cards.items() if _printed(card) and any(k in card for k in HAND)}
    if not text_only or not _has_templates(game):
        return []
    from judge.printed.reader import Unreadable, read

    errors: list[ScenarioError] = []
    for cid, card in text_only:
        try:
            reading = read(card["text"], game, _type(card), _name(card))
        except Unreadable as e:
            errors.append(_refusal(sc, cid, card["text"], e))
            continue
        text_at = sc.origins.get(("cards", cid, "text")) or (sc.file, sc.marks, ("cards", cid, "text"))
        for k, v in reading.fields.items():
            if k not in card:  # a keyword or status the card gives itself stands
                card[k] = v
                sc.origins[("cards", cid, k)] = text_at  # a problem inside what the text read to points at the text
        sc.readings[str(cid)] = reading
    return errors


def differing(sc: "Scenario") -> dict[str, Any]:
    """Each card that gives both a printed text and hand-written abilities and whose text reads to something else
    (card id → [{path, read, hand}]) or does not read (card id → {unread: clause}): worked out when first asked,
    for the trace, from the cards as loaded."""
    if sc.differing is not None:
        return sc.differing
    game = sc.data.get("game")
    out: dict[str, Any] = {}
    if sc.both and isinstance(game, str):
        # read once per content of the cards, the templates and the reader: a run need not load the reader again
        from judge.corpus.cache import cached_value
        from judge.printed.templates import game_file

        package = Path(__file__).resolve().parents[1] / "printed"
        files = [game_file(game, "printed.yaml"), game_file(game, "game.yaml"), Path(__file__).resolve(),
                 *sorted(package.glob("*.py"))]
        out = cached_value(Path(sc.file), "differing", [game, sc.both], files, lambda: _differing(game, sc.both))
    sc.differing = out
    return out


def _differing(game: str, both: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not _has_templates(game):
        return out
    from judge.printed.compare import difference_items
    from judge.printed.reader import Unreadable, read

    for cid, card in both.items():
        try:
            items = difference_items(read(card["text"], game, _type(card), _name(card)).fields, card)
        except Unreadable as e:
            out[cid] = {"unread": e.shown}
            continue
        if items:
            out[cid] = [{"path": p, "read": a, "hand": b} for p, a, b in items]
    return out


def _has_templates(game: str) -> bool:
    """The game has an engine and the phrase templates of its printed cards."""
    from judge.games import games_with_engine
    from judge.printed.templates import language

    return game in games_with_engine() and language(game) is not None


def _printed(card: Any) -> bool:
    return isinstance(card, dict) and isinstance(card.get("text"), str) and bool(card["text"].strip())


def _type(card: dict[str, Any]) -> str | None:
    return card.get("type") if isinstance(card.get("type"), str) else None


def _name(card: dict[str, Any]) -> str | None:
    name = card.get("name")
    if isinstance(name, dict):
        name = name.get("zh")
    return name if isinstance(name, str) else None


def _refusal(sc: "Scenario", cid: Any, text: str, e: "Unreadable") -> ScenarioError:
    """The problem of a text no template reads, at the clause's own place in the file (or in its card library)."""
    path = ("cards", cid, "text")
    base = sc.error(path, "")
    source = sc.source if base.file == sc.file else _library_source(base.file)
    line, col = locate(source, base.line, base.column, text, e.offset) if source else (base.line, base.column)
    message = msg("printed_unread", card=cid, problem=e.message(str(sc.data.get("game"))))
    err = ScenarioError(base.file, line, col, message)
    err.path = path
    return err


def _library_source(file: str) -> str:
    try:
        return Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def locate(source: str, line: int, col: int, text: str, offset: int) -> tuple[int, int]:
    """Where ``text[offset]`` stands in the file, given where the text's value starts: the value's characters are
    walked through the file's (past its quotes, a block scalar's indicator and indentation, line breaks folded into
    spaces, escapes), so a clause written twice is placed where this one stands."""
    lines = source.split("\n")
    if not 1 <= line <= len(lines):
        return line, col
    j = sum(len(s) + 1 for s in lines[:line - 1]) + max(col - 1, 0)
    if j < len(source) and source[j] in "|>":  # a block scalar: its text starts on the next line
        j = source.find("\n", j) + 1 or len(source)
    elif j < len(source) and source[j] in "'\"":
        j += 1
    i = 0
    while i < offset and j < len(source):
        c, d = text[i], source[j]
        if c == d:
            i, j = i + 1, j + 1
        elif d == "\\" and j + 1 < len(source):  # an escape of a double-quoted scalar: one character of the text
            j += 6 if source[j + 1] == "u" else 10 if source[j + 1] == "U" else 4 if source[j + 1] == "x" else 2
            i += 1
        elif d == "'" and source[j + 1:j + 2] == "'":  # '' in a single-quoted scalar
            j += 1
        elif d in " \t\r\n":  # indentation, or a line break the scalar folds
            j += 1
        elif c in " \n":  # a folded space or line break the file writes as its line break (already passed)
            i += 1
        else:
            j += 1
    while j < len(source) and source[j] in " \t":  # the clause itself, not the space before it
        j += 1
    before = source[:j]
    return before.count("\n") + 1, j - (before.rfind("\n") + 1) + 1


def reading_lines(sc: "Scenario", namer: Any, word: Any, lang: str) -> list[str]:
    """The trace's lines on how each card's text was read: the clauses of a card read from its text with the
    template of each, and each card whose hand-written abilities differ from its text's reading."""
    en = lang == "en"
    colon = ": " if en else "："
    out: list[str] = []
    for cid, r in sc.readings.items():
        out.append(f"  {namer(cid)} [{cid}]{colon}{word('read_from_text')}")
        out.extend(f"    「{c.text}」 ← {c.template}{colon}{c.en if en and c.en else c.say}" for c in r.clauses)
    for cid, diff in differing(sc).items():
        if isinstance(diff, dict):
            out.append(f"  {namer(cid)} [{cid}]{colon}{word('read_unread').format(clause=diff['unread'])}")
        else:
            shown = "; ".join(f"{d['path']}: {_value(d['read'])} ≠ {_value(d['hand'])}" for d in diff)
            out.append(f"  {namer(cid)} [{cid}]{colon}{word('read_differs')} ({shown})")
    return out


def _value(x: Any) -> str:
    """A value of a reading or a hand-written card in a trace line (∅: the side has no such part)."""
    import json

    return "∅" if x is None else json.dumps(x, ensure_ascii=False, sort_keys=True)


def readings_json(sc: "Scenario") -> dict[str, Any]:
    """The same as data: each card read from its text with its clauses; each card whose abilities differ."""
    return {"read": {cid: [c.to_dict() for c in r.clauses] for cid, r in sc.readings.items()},
            "differing": differing(sc)}
