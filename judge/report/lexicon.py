"""Naming things of one run in one language: cards and players by their names, zones and characteristics in
the game's own words (from the game's data file; the id itself for a game that has none)."""

from __future__ import annotations

from typing import Any

from judge.report.words import Words, game_data


def _pick(value: Any, lang: str, default: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("zh") or value.get("en") or default)
    return str(value) if value not in (None, "") else default


class Lexicon:
    """The names of a run's cards, players and zones, and the report's words, in ``lang``."""

    def __init__(self, game: str, data: dict[str, Any], cards: dict[str, dict[str, Any]], lang: str) -> None:
        self.lang = lang
        self.game = game_data(game)
        self.w = Words.for_game(lang, game)
        self.printed = dict(cards)
        for cid, c in (data.get("cards") or {}).items():  # a run that never started: the file's own cards
            self.printed.setdefault(cid, {"name": c.get("name", cid), "text": c.get("text", ""), **c})
        self.players = {str(p.get("id")): p.get("name", p.get("id")) for p in data.get("players") or [] if isinstance(p, dict)}

    def card(self, cid: Any) -> str:
        info = self.printed.get(str(cid))
        return _pick(info.get("name"), self.lang, str(cid)) if info else str(cid)

    def player(self, pid: Any) -> str:
        return _pick(self.players.get(str(pid)), self.lang, str(pid))

    def zone(self, zone: Any) -> str:
        if self.game is not None and zone in self.game.zones:
            return str(self.game.zone_name(zone, self.lang))
        return str(zone)

    def gword(self, key: str) -> str:
        """A word of the game's data file (damage, power, health, armor …), the key itself when it has none."""
        if self.game is not None and key in self.game.words:
            return str(self.game.word(key, self.lang))
        return key

    def card_type(self, card_type: Any) -> str:
        if self.game is not None and card_type in self.game.types:
            return str(self.game.type_name(card_type, self.lang))
        return str(card_type)

    def status(self, status: Any) -> str:
        if self.game is not None and status in self.game.statuses:
            return str(self.game.statuses[status][self.lang])
        return str(status)

    def phrase(self, kind: str) -> str | None:
        if self.game is not None and kind in self.game.phrases:
            text = str(self.game.phrase(kind, self.lang))
            if self.lang == "en":  # the phrase's grammar marks ({player:their}) in their third-person form
                from judge.locale.english import agree

                text = agree(text, {})
            return text
        return None

    def thing(self, value: Any) -> str:
        """An id as the file writes it: a card, a player or a zone by its name; a list joined; anything else as is."""
        if isinstance(value, (list, tuple)):
            return self.w.join([self.thing(v) for v in value]) if value else self.w("none")
        if isinstance(value, bool):
            return self.w("word_yes" if value else "word_no")
        if isinstance(value, str):
            if value in self.printed:
                return self.card(value)
            head, sep, nth = value.rpartition("#")  # `card#2`: a card's second effect (judge/engine/choice.py)
            if sep and head in self.printed and nth.isdigit():
                return self.w("nth_effect", card=self.card(head), n=nth)
            if value in self.players:
                return self.player(value)
            if self.game is not None and value in self.game.zones:
                return self.zone(value)
        return str(value)

    def counters(self, counters: dict[str, Any]) -> str:
        return self.w.join([self.w("state_counters", n=n, kind=self.gword(k)) for k, n in counters.items() if n])
