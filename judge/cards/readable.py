"""How far the printed texts of the quoted cards read: every card the bundled scenarios and card libraries write with
a printed text and hand-written abilities, once per (game, name, type, text), read by the game's templates and
compared with its hand-written abilities (equal, different, or not readable with the clause that stops it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.printed.compare import differences
from judge.printed.reader import Unreadable, read


@dataclass
class Quoted:
    """One card's printed text as the bundled files write it, with its hand-written fields and how it reads."""

    game: str
    name: str
    type: str | None
    text: str
    where: str  # the first file that writes it
    hand: dict[str, Any]
    status: str = ""  # equal / differs / unread / text_only
    clause: str = ""  # for unread: the clause no template reads
    nearest: list[str] = field(default_factory=list)
    differs: list[str] = field(default_factory=list)  # for differs: where
    why: str = ""  # for differs: the library's reads_more (why the abilities say more than the text)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.name, "type": self.type, "text": self.text, "where": self.where,
                "status": self.status, "clause": self.clause, "nearest": self.nearest, "differs": self.differs,
                "why": self.why}


def quoted(game: str | None = None, root: Path | None = None) -> list[Quoted]:
    """Every printed text the bundled scenario files (and the card libraries they use) give, read and compared."""
    from judge import paths
    from judge.scenario.files import read_data, scenario_files

    root = root or paths.scenarios_dir()
    seen: dict[tuple[str, str, str | None, str], Quoted] = {}
    for path in scenario_files(root):
        data = read_data(path)
        if not isinstance(data, dict) or (game and data.get("game") != game) or not isinstance(data.get("cards"), dict):
            continue
        lib = _library(path, data.get("library"))
        for card in data["cards"].values():
            if not isinstance(card, dict):
                continue
            if isinstance(card.get("uses"), str) and card["uses"] in lib:
                card = {**lib[card["uses"]], **{k: v for k, v in card.items() if k != "uses"}}
            text, name = card.get("text"), card.get("name")
            name = name.get("zh") if isinstance(name, dict) else name
            if not isinstance(text, str) or not text.strip() or not isinstance(name, str):
                continue
            typ = card.get("type") if isinstance(card.get("type"), str) else None
            key = (str(data["game"]), name, typ, text)
            if key not in seen:
                seen[key] = _judged(Quoted(key[0], name, typ, text, path.relative_to(root).as_posix(), card))
    return sorted(seen.values(), key=lambda q: (q.game, q.name, q.text))


def _library(path: Path, name: Any) -> dict[str, Any]:
    from judge.scenario.files import read_data

    if not isinstance(name, str):
        return {}
    data = read_data(path.parent / name)
    cards = data.get("cards") if isinstance(data, dict) else None
    return cards if isinstance(cards, dict) else {}


def _judged(q: Quoted) -> Quoted:
    hand = any(k in q.hand for k in ("play", "abilities"))
    try:
        r = read(q.text, q.game, q.type, q.name)
    except Unreadable as e:
        q.status, q.clause, q.nearest = "unread", e.clause, e.nearest
        return q
    if not hand:
        q.status = "text_only"
        return q
    q.differs = differences(r.fields, q.hand)
    q.status = "differs" if q.differs else "equal"
    if q.differs and isinstance(q.hand.get("reads_more"), str):
        q.why = " ".join(q.hand["reads_more"].split())
    return q
