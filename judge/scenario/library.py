"""Card libraries: card texts several scenario files share live once, in a library file the scenarios name.

A scenario says ``library: FILE`` (relative to itself) and a card ``uses: ID``: the card takes the printed fields of
the library's card ``ID`` (name, text, type, might, keywords, abilities …); its own fields say where it is and in what
state, and any printed field it gives itself overrides the library's. A library file is YAML: ``cards: {ID: {…}}``;
each card may add ``basis:`` (where its text comes from) and ``notes:``, which stay in the library. An error in a
library card's fields names the library file, line and column.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.scenario.problems import msg

if TYPE_CHECKING:
    from judge.scenario.loader import Scenario
    from judge.scenario.parse import Marks

MAX_BYTES = 512 * 1024  # a library of a whole card set; bounds the time and memory of loading
# fields about the card text, not of the card: names (other printings'), reads_more (why its abilities say more than
# its printed text: the document's own reading of the card, judge card --unread shows it beside the difference)
LIBRARY_ONLY = ("basis", "notes", "names", "reads_more")


def resolve(sc: "Scenario") -> None:
    """Merge the library cards the scenario's cards use into them (in place), remembering where each came from."""
    name = sc.data.get("library")
    cards = sc.data.get("cards")
    if name is None:
        used = [cid for cid, c in (cards or {}).items() if isinstance(c, dict) and "uses" in c] if isinstance(cards, dict) else []
        if used:  # and a top-level key the game does not have (library: misspelt or renamed) is said to be unknown
            raise _no_library(sc, used[0])
        return
    if not isinstance(name, str):
        raise sc.error(("library",), msg("library_name"))
    path = Path(sc.file).parent / name
    lib_file, lib, marks = load(path, sc)
    if not isinstance(cards, dict):
        return
    for cid, card in cards.items():
        if not isinstance(card, dict) or "uses" not in card:
            continue
        ref = card["uses"]
        if not isinstance(ref, str) or ref not in lib:
            raise sc.error(("cards", cid, "uses"), msg("library_no_card", library=name, card=ref, cards=sorted(lib)))
        merged = {k: v for k, v in lib[ref].items() if k not in LIBRARY_ONLY}
        for k in merged:
            if k not in card:
                sc.origins[("cards", cid, k)] = (lib_file, marks, ("cards", ref, k))
        merged.update({k: v for k, v in card.items() if k != "uses"})
        cards[cid] = merged


def _no_library(sc: "Scenario", card: str) -> Exception:
    """A card ``uses:`` a library and the file names none: that, and each top-level key the file's game does not
    have (where the ``library:`` key may stand misspelt)."""
    from judge.games import games_with_engine, load_game
    from judge.scenario.problems import ScenarioError, did_you_mean

    game = sc.data.get("game")
    known = list(load_game(str(game)).vocab.words("file")) if game in games_with_engine() else ["library"]
    errors = [sc.error((k,), msg("library_unknown_top", name=k, hint=did_you_mean(k, known)), key=True)
              for k in sc.data if k not in known]
    errors.append(sc.error(("cards", card, "uses"), msg("library_needed"), key=True))
    return ScenarioError.of(sorted(errors, key=lambda e: (e.line, e.column)))


def load(path: Path, sc: "Scenario") -> tuple[str, dict[str, Any], "Marks"]:
    """Read a library file as a scenario file is read (bounded, UTF-8, no aliases, cached when parsed once): (its name
    for messages, its cards, where each value is)."""
    from judge.datafile import DataError, read_bounded
    from judge.scenario.parse import parse, text_of
    from judge.scenario.problems import ScenarioError

    file = str(path)
    try:
        raw = read_bounded(path, MAX_BYTES, "card library")
    except DataError as e:
        reason = str(e).removeprefix(f"{path}: ").removeprefix(f"{path}：")
        raise sc.error(("library",), msg("library_unreadable", file=file, reason=reason)) from None
    data, marks = parse(text_of(raw, file), file)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, dict) or not all(isinstance(c, dict) for c in cards.values()):
        raise ScenarioError(file, 1, 1, msg("library_cards"))
    return file, cards, marks
