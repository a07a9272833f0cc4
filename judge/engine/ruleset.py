"""A game's rules as the engine sees them: its data (zones, types, words, rule ids per rule key) and its policies.

The engine names what it applies by a *rule key* (``resolve.recheck``: re-check targets on resolution) and asks the
game's ruleset which of that game's rules the key stands for; a game maps a key to ``[]`` when no rule of its
document governs the step (the trace then says the step rests on a rule outside the document). Where games really
differ, the engine calls a policy method here; each game's ``judge/games/<game>/rules.py`` overrides the ones it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.refs import Text

if TYPE_CHECKING:
    from judge.engine.events import Event
    from judge.engine.game import Game
    from judge.engine.replacement import ReplEffect
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
        self.field_zones = frozenset(z for z, info in self.zones.items() if info.get("field"))
        self._cited: dict[tuple[str, ...], Cites] = {}
        self._ops: dict[str, Any] | None = None

    # --- citations ---------------------------------------------------------------------------------
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
        return Text(w["zh"].format(**{k: v.zh if isinstance(v, Text) else v for k, v in fmt.items()}),
                    w["en"].format(**{k: v.get("en") if isinstance(v, Text) else v for k, v in fmt.items()}))

    def phrase(self, kind: str, lang: str) -> str:
        return str(self.phrases[kind][lang])

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

    def implicit_replacements(self, game: "Game") -> list["ReplEffect"]:
        """Replacement or prevention effects the game's rules attach to characteristics (none by default)."""
        return []

    def state_checks(self, game: "Game") -> bool:
        """Checks the rules make before a player would receive priority; True if anything happened (none by default)."""
        return False

    def if_you_do(self, done: bool, replaced: bool) -> bool:
        """Does "if you do" find the actions done [effect.if_you_do]? By default an action a replacement effect changed
        counts as not done; a game whose rules say "if you do" refers to the event that replaced it says so in its data
        (``if_you_do_follows_replacement: true``)."""
        if replaced:
            return bool(self.raw.get("if_you_do_follows_replacement"))
        return done

    def enters_exhausted(self, card: "Card") -> bool:
        """Does this card enter the field exhausted unless told otherwise? From its type's data (default: no)."""
        return bool(self.types.get(card.type, {}).get("enters_exhausted"))

    # --- what a game adds to the shared engine (hooks; the base game adds nothing) -------------------
    # A game whose rules have mechanisms the others lack (its own steps, events, scenario actions, card state,
    # filters, conditions, expectations) contributes them here; the engine calls these at the points named.
    def operations(self) -> dict[str, Any]:
        """Steps of the effect language this game adds (or words it gives its own meaning): name -> handler(game, ctx, arg)."""
        return {}

    def op(self, key: str) -> Any:
        """This game's own handler for a step, or None (asked for every step: the mapping is made once)."""
        if self._ops is None:
            self._ops = self.operations()
        return self._ops.get(key)

    def event_kinds(self) -> dict[str, Any]:
        """Events of this game's own kinds: kind -> apply(game, event) -> bool (True if it happened)."""
        return {}

    def actions(self) -> dict[str, Any]:
        """Scenario actions this game adds: name -> handler(game, action, path)."""
        return {}

    def setup(self, game: "Game", cards: dict[str, Any], data: dict[str, Any]) -> None:
        """The game's own card and player state, read from the scenario file once its cards exist."""

    def filter_reason(self, game: "Game", card: "Card", flt: dict[str, Any], controller: str, link: Any) -> str | None:
        """Why ``card`` does not fit the description's keys this game adds (``None``: it fits, or no such key)."""
        return None

    def condition(self, game: "Game", ctx: Any, kind: str, arg: Any) -> bool | None:
        """The truth of a condition of this game's own kind (``None``: not one of its kinds)."""
        return None

    def target_reason(self, game: "Game", link: Any, card: "Card") -> str | None:
        """Why this card on the field cannot be a target of ``link`` by this game's rules (``None``: it can)."""
        return None

    def forbids(self, game: "Game", ev: "Event") -> Text | None:
        """A rule effect of this game that keeps the event from happening at all (the text that says so), or None."""
        return None

    def replacement_matches(self, game: "Game", r: "ReplEffect", ev: "Event") -> bool:
        """The keys a replacement's description adds for this game's events (True: nothing more to check)."""
        return True

    def trigger_matches(self, game: "Game", when: dict[str, Any], ev: "Event", controller: str, host: Any = None) -> bool:
        """The keys a trigger's ``when:`` adds for this game (True: nothing more to check); ``host`` has the ability."""
        return True

    def event_names(self, game: "Game", ev: "Event") -> set[str]:
        """More words a trigger's ``when: {event: …}`` may use for this event."""
        return set()

    def lki_allowed(self, game: "Game", ctx: Any, ref: Any) -> bool:
        """May a resolving instruction read this card's last-known information (it has left where it was)? Yes."""
        return True

    def usable(self, game: "Game", card: "Card", ability: dict[str, Any]) -> str | None:
        """Why an ability cannot be used or put on the chain now by this game's rules (a ``why_`` word), or None."""
        return None

    def place(self, game: "Game", card: "Card") -> None:
        """Put a card entering the field where it was played to (a game with places within a zone; nothing by default)."""

    def end_turn(self, game: "Game") -> None:
        """What the game's own rules forget at the end of a turn (nothing by default)."""

    def borrows_abilities(self, card: dict[str, Any]) -> bool:
        """Can this card (as a scenario file gives it) have activated abilities of other cards, so that a `use:` may
        name one it does not print? No, by default."""
        return False

    def more_abilities(self, game: "Game", card: "Card") -> list[dict[str, Any]]:
        """Activated abilities the card has from other objects by this game's rules (none by default)."""
        return []

    def extra_cost(self, game: "Game", link: Any) -> None:
        """Pay the parts of a link's cost this game adds (raise ``CannotAdd`` if they cannot be paid)."""

    def expectation(self, game: "Game", exp: dict[str, Any]) -> dict[str, tuple[Any, Any]] | None:
        """For the expectation keys this game adds: key -> (actual, wanted); None when it has none of them."""
        return None
