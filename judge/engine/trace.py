"""The trace: numbered steps, each a phrase kind, its arguments and the rule ids that make it so."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from judge.engine.refs import CardRef, LinkRef, PlayerRef, Text, ZoneRef


@dataclass
class Step:
    """One thing that happened: ``kind`` names a phrase in the game's data file."""

    kind: str
    args: dict[str, Any]
    cites: tuple[str, ...]
    outside: tuple[str, ...] = ()  # rule keys no rule of the game's document governs (see Ruleset.cite)


@dataclass
class LinkInfo:
    """What the trace needs to name a link after it has left the chain."""

    uid: int
    kind: str
    source: str
    controller: str


@dataclass
class Trace:
    """Steps in order, plus the links they mention."""

    steps: list[Step] = field(default_factory=list)
    links: dict[int, LinkInfo] = field(default_factory=dict)

    def add(self, kind: str, cites: tuple[str, ...] | list[str] = (), /, **args: Any) -> Step:
        step = Step(kind, dict(args), tuple(cites), tuple(getattr(cites, "outside", ())))
        self.steps.append(step)
        return step

    def cited(self) -> set[str]:
        return {c for s in self.steps for c in s.cites}

    def truncate(self, n: int) -> None:
        del self.steps[n:]


class Namer:
    """Turns step arguments into words of one language (card names, players, zones, links)."""

    def __init__(
        self,
        lang: str,
        card_name: Callable[[str, str], str],
        player_name: Callable[[str, str], str],
        zone_name: Callable[[str, str], str],
        link_kind: Callable[[str, str], str],
        links: dict[int, LinkInfo],
        word: Callable[[str, str], str] | None = None,
    ) -> None:
        self.lang = lang
        self._card = card_name
        self._player = player_name
        self._zone = zone_name
        self._link_kind = link_kind
        self.links = links
        self._word = word

    def __call__(self, value: Any) -> str:
        sep = "、" if self.lang == "zh" else ", "
        if isinstance(value, CardRef):
            return self._card(value.id, self.lang)
        if isinstance(value, PlayerRef):
            return self._player(value.id, self.lang)
        if isinstance(value, ZoneRef):
            return self._zone(value.zone, self.lang)
        if isinstance(value, LinkRef):
            info = self.links.get(value.uid)
            if info is None:
                return f"#{value.uid}"
            what = self._link_kind(info.kind, self.lang)
            name = self._card(info.source, self.lang)
            return f"[#{value.uid} {name}{what}]" if self.lang == "zh" else f"[#{value.uid} {name}{what}]"
        if isinstance(value, Text):
            if self.lang != "zh" and value.chinese_only and self._word is not None:
                try:  # a card's text the file gives only in Chinese: said so, not quoted inside an English sentence
                    return self._word("untranslated", self.lang)
                except KeyError:
                    pass
            return value.get(self.lang)
        if isinstance(value, bool):
            key = "yes" if value else "no"
            return self._word(key, self.lang) if self._word else key
        if isinstance(value, (list, tuple)):
            if not value:
                return "—"
            return sep.join(self(v) for v in value)
        if isinstance(value, dict):
            return sep.join(f"{self(k)}→{self(v)}" for k, v in value.items())
        if isinstance(value, str) and self.lang != "zh" and self._word is not None:
            try:  # a term of the game's own language the data translates (a damage type: 电磁 → electromagnetic)
                return self._word(f"term.{value}", self.lang)
            except KeyError:
                pass
        return str(value)


def plain(value: Any) -> Any:
    """A JSON-ready form of a step argument."""
    if isinstance(value, CardRef):
        return {"card": value.id}
    if isinstance(value, PlayerRef):
        return {"player": value.id}
    if isinstance(value, ZoneRef):
        return {"zone": value.zone}
    if isinstance(value, LinkRef):
        return {"link": value.uid}
    if isinstance(value, Text):
        return {"zh": value.zh, "en": value.en}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return [[plain(k), plain(v)] for k, v in value.items()]
    return value
