"""A game's rules as the engine sees them: its data (zones, types, words, rule ids per rule key) and its policies.

The engine names what it applies by a *rule key* (``resolve.recheck``: re-check targets on resolution) and asks the
game's ruleset which of that game's rules the key stands for; a game maps a key to ``[]`` when no rule of its
document governs the step (the trace then says the step rests on a rule outside the document). What a game's files may
say, and what carries each word out, is its vocabulary: the mechanisms its data lists (``mechanisms:``). Where games
really differ in a decision the shared mechanisms make, the engine calls a typed policy here; each game's
``judge/games/<game>/rules.py`` overrides the ones it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.language.vocabulary import Vocabulary
from judge.engine.refs import Text

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game
    from judge.engine.mechanisms.replacement import ReplEffect
    from judge.engine.state import Card

# zone ids every game with an engine has (their names and whether they are on the field come from its data)
REQUIRED_ZONES = ("hand", "deck", "chain")


class Cites(tuple):  # type: ignore[type-arg]
    """Rule ids a step cites, remembering the rule keys that no rule of the game's document governs."""

    outside: tuple[str, ...] = ()

    def __new__(cls, ids: tuple[str, ...] | list[str] = (), outside: tuple[str, ...] = ()) -> "Cites":
        obj = super().__new__(cls, ids)
        obj.outside = tuple(outside)
        return obj

    def __add__(self, other: Any) -> "Cites":  # type: ignore[override]
        ids = tuple(dict.fromkeys(tuple(self) + tuple(other)))
        return Cites(ids, self.outside + tuple(getattr(other, "outside", ())))


class Ruleset:
    """One game's data and policies. The base class holds the behaviour the games share; a game overrides the rest."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.raw = data
        self.game: str = data["game"]
        self.corpus: str = data.get("corpus", self.game)
        self.title: dict[str, str] = data.get("title") or {"zh": self.game, "en": self.game}
        self.zones: dict[str, dict[str, Any]] = data["zones"]
        self.types: dict[str, dict[str, Any]] = data["types"]
        self.statuses: dict[str, dict[str, str]] = data.get("statuses") or {}
        self.words: dict[str, dict[str, str]] = data["words"]
        self.phrases: dict[str, dict[str, str]] = data["phrases"]
        self.graveyard: str = data["graveyard"]
        self.events: tuple[str, ...] = tuple(data.get("events") or ())
        self.coverage: tuple[tuple[str, str], ...] = tuple((str(a), str(b)) for a, b in data.get("coverage") or ())
        self.rules: dict[str, tuple[str, ...]] = {k: tuple(str(i) for i in (v or ())) for k, v in (data.get("rules") or {}).items()}
        self.token: dict[str, str] = data.get("token") or {}  # where a token goes and its type, unless it says
        self.keywords: dict[str, dict[str, Any]] = data.get("keywords") or {}  # keyword abilities the rules define
        # what a step rests on when no rule of the document governs its key: the concept, and a full document's rule id
        self.outside: dict[str, dict[str, str]] = data.get("outside") or {}
        self.field_zones = frozenset(z for z, info in self.zones.items() if info.get("field"))
        self._cited: dict[tuple[str, ...], Cites] = {}
        self.vocab = Vocabulary(data.get("mechanisms") or (), self)  # every word of its files, and what carries it out

    # --- citations ---------------------------------------------------------------------------------
    @property
    def citable(self) -> frozenset[str]:
        """Every rule id a step of this game can cite: its rule keys' rules and its keywords'."""
        found = self.__dict__.get("_citable")
        if found is None:
            found = self.__dict__["_citable"] = frozenset(
                {i for ids in self.rules.values() for i in ids}
                | {str(k["rule"]) for k in self.keywords.values() if isinstance(k, dict) and k.get("rule")})
        return found

    def cite(self, *keys: str) -> Cites:
        """The rule ids of this game for these rule keys, in order, without repeats (see the module docstring)."""
        found = self._cited.get(keys)
        if found is None:
            found = self._cited[keys] = self._cite(keys)
        return found

    def _cite(self, keys: tuple[str, ...]) -> Cites:
        ids: list[str] = []
        outside: list[str] = []
        for key in keys:
            mapped = self.rules[key]  # a key the game's data lacks is a bug: a test checks every key is mapped
            if not mapped:
                outside.append(key)
            ids.extend(i for i in mapped if i not in ids)
        return Cites(tuple(ids), tuple(outside))

    # --- words ----------------------------------------------------------------------------------------
    def is_field(self, zone: str) -> bool:
        """True for a zone on the field (its cards are permanents, effects look there unless told otherwise)."""
        return zone in self.field_zones

    def zone_name(self, zone: str, lang: str) -> str:
        return str(self.zones[zone][lang])

    def type_name(self, card_type: str, lang: str) -> str:
        return str(self.types[card_type][lang])

    def word(self, key: str, lang: str) -> str:
        return str(self.words[key][lang])

    def text(self, key: str, **fmt: Any) -> Text:
        """A word of the game's data in both languages, with ``{placeholders}`` filled (values may be Texts)."""
        w = self.words[key]

        def english(v: Any) -> Any:  # a text given only in Chinese is said to be so in English, not quoted
            if isinstance(v, Text) and v.chinese_only and "untranslated" in self.words:
                return self.words["untranslated"]["en"]
            return v.get("en") if isinstance(v, Text) else v

        return Text(w["zh"].format(**{k: v.zh if isinstance(v, Text) else v for k, v in fmt.items()}),
                    w["en"].format(**{k: english(v) for k, v in fmt.items()}))

    def outside_concepts(self, keys: tuple[str, ...], lang: str) -> list[str]:
        """The concepts of rule keys no rule of the document governs, with a full document's rule id when the data
        gives one ("获得优先权（412）"); a key without a concept is left out."""
        out = []
        for k in keys:
            c = self.outside.get(k)
            if c and c.get(lang):
                out.append(f"{c[lang]} ({c['rule']})" if lang == "en" and c.get("rule") else
                           f"{c[lang]}（{c['rule']}）" if c.get("rule") else str(c[lang]))
        return list(dict.fromkeys(out))

    def phrase(self, kind: str, lang: str) -> str:
        return str(self.phrases[kind][lang])

    def reason(self, why: str, args: dict[str, object] | None = None) -> Text:
        """A reason word of the game's data (``why_<reason>``; a test checks every reason has one)."""
        return self.text(f"why_{why}", **(args or {}))

    def is_unit(self, card_type: str) -> bool:
        """Does this card type count as a unit for target descriptions (``type: unit``)?"""
        return bool(self.types.get(card_type, {}).get("unit"))

    # --- policies (overridden per game) -------------------------------------------------------------
    def order_continuous(self, game: "Game", effs: list[Any], card: "Card", base: dict[str, Any]) -> list[tuple[Any, str, list[Any]]]:
        """The order continuous effects apply to one card: (effect, reason, what it depends on). Default: the order
        they started in (timestamps)."""
        effs = sorted(effs, key=lambda e: (e.ts, e.order))
        return [(e, "timestamp", []) for e in effs]

    def locks_affected(self, spec: dict[str, Any]) -> bool:
        """Does a continuous effect a resolving link creates fix the set of cards it affects when it starts? Default:
        only when it names its cards (a ``{each: filter}`` group is re-checked) or says ``lock: true``."""
        target = spec.get("cards", "self")
        return bool(spec.get("lock")) or not (isinstance(target, dict) and "each" in target)

    def replacement_chooser(self, game: "Game", ev: "Event", cands: list["ReplEffect"]) -> tuple[str, list["ReplEffect"], Cites]:
        """Who picks the next replacement effect to apply to an event, among which, and why: the controller of the
        affected card, else the affected player."""
        st = game.state
        if ev.card is not None:
            card, _ = st.view(ev.card)
            return card.controller, cands, self.cite("replacement.chooser")
        return str(ev.player), cands, self.cite("replacement.chooser")

    def if_you_do(self, done: bool, replaced: bool) -> bool:
        """Does "if you do" find the actions done [effect.if_you_do]? By default an action a replacement effect changed
        counts as not done; a game whose rules say "if you do" refers to the event that replaced it says so in its data
        (``if_you_do_follows_replacement: true``)."""
        if replaced:
            return bool(self.raw.get("if_you_do_follows_replacement"))
        return done

    def reads_illegal_targets(self) -> bool:
        """Does a link read information from a target that has become illegal (its current information, or its
        last-known information) [info.illegal_target]? By default it reads only from the targets still legal; a game
        whose rules say otherwise says so in its data (``illegal_target_info: true``)."""
        return bool(self.raw.get("illegal_target_info"))

    def enters_exhausted(self, card: "Card") -> bool:
        """Does this card enter the field exhausted unless told otherwise? From its type's data (default: no)."""
        return bool(self.types.get(card.type, {}).get("enters_exhausted"))
