"""Game state as plain data: players in seat order, cards with their zone, the chain, waiting triggers."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from judge.engine.refs import CardRef, Obj


@dataclass
class Granted:
    """An ability given to a card by an effect [effect.grant], with its limit (``turn`` = until end of turn)."""

    ability: dict[str, Any]
    until: str | None
    source: str
    ts: int = 0  # [timestamp.ability]: an ability added to a card has the timestamp of when it was added


@dataclass
class Card:
    """A card: printed characteristics (data from the scenario) and its current status."""

    id: str
    name: dict[str, str]
    text: str
    owner: str
    controller: str
    zone: str
    type: str
    subtypes: list[str] = field(default_factory=list)
    factions: list[str] = field(default_factory=list)  # what it belongs to (a faction, a clan …), as the game says
    cost: int | None = None
    cost_x: bool = False  # its printed cost is X (chosen as it is played)
    power: int | None = None
    damage_type: str | None = None
    health: int | None = None
    damage: int = 0
    exhausted: bool = False
    face_down: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    status: list[str] = field(default_factory=list)
    play: dict[str, Any] | None = None
    abilities: list[dict[str, Any]] = field(default_factory=list)
    granted: list[Granted] = field(default_factory=list)
    enters: dict[str, Any] = field(default_factory=dict)
    inc: int = 0
    armor: int | None = None  # [prevention.armor]: an armor value (an attachment's or a character's own)
    armor_for: list[str] = field(default_factory=list)  # [prevention.armor]: which card types it protects (game data default)
    ts: int = 0  # [timestamp.card]: when it entered its zone (0 = the start of the game), or was last attached
    counter_ts: dict[str, list[list[int]]] = field(default_factory=dict)  # [timestamp.counters]: [timestamp, number] per placement
    token: bool = False  # a token put onto the field by an effect
    copies: int = 1  # a token standing for this many identical tokens ([loop.mandatory] shortcut)
    proto: str = ""  # a token's name: what tokens of one kind share (803 loop detection)
    more_types: list[str] = field(default_factory=list)  # types it has besides ``type`` (a card that is a unit and a gear)
    own: dict[str, Any] | None = None  # [copy.values]: its own printed values while a copy effect gives it others
    copy_gen: int = 0  # [copy.values]: how many times it became a copy (each time its abilities are new ones)
    copying: CardRef | None = None  # [copy.values]: the card it is a copy of now

    @property
    def own_name(self) -> dict[str, str]:
        """The name a reader knows it by: its own printed name, also while it is a copy of another card."""
        return (self.own or {}).get("name") or self.name

    @property
    def ref(self) -> CardRef:
        return CardRef(self.id, self.inc)

    def current_power(self) -> int | None:
        """Printed power plus power counters."""
        if self.power is None:
            return None
        return self.power + self.counters.get("power", 0)

    def current_health(self) -> int | None:
        """Printed health plus health counters."""
        if self.health is None:
            return None
        return self.health + self.counters.get("health", 0)

    def all_abilities(self) -> list[dict[str, Any]]:
        """Printed abilities then granted ones, in that order."""
        return list(self.abilities) + [g.ability for g in self.granted]

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        """A copy for a snapshot or last-known information: the card's own state is copied; its printed texts (name,
        abilities, play text, what it enters with) are data the engine never changes, so they are shared."""
        new = copy.copy(self)
        new.subtypes, new.factions, new.status = list(self.subtypes), list(self.factions), list(self.status)
        new.counters = dict(self.counters)
        new.counter_ts = {k: [list(p) for p in v] for k, v in self.counter_ts.items()}
        new.granted = list(self.granted)  # each Granted is never changed once made
        new.armor_for = list(self.armor_for)
        memo[id(self)] = new
        return new


def _works_elsewhere(card: Card) -> bool:
    """Has the card a printed ability that names the zones it works in ([ability.other_zone])?"""
    return any(ab.get("zones") for ab in card.abilities)


@dataclass
class Link:
    """One link of the response chain: what it is, who controls it, what it chose when it was added."""

    uid: int
    kind: str  # card | ability | trigger | effect (a triggered effect, 715)
    source: CardRef
    controller: str
    text: dict[str, Any]
    targets: dict[str, list[Obj]] = field(default_factory=dict)
    modes: list[int] = field(default_factory=list)
    x: int | None = None
    distribution: dict[str, dict[Obj, int]] = field(default_factory=dict)
    bindings: dict[str, Obj] = field(default_factory=dict)
    tracked: list[CardRef] = field(default_factory=list)
    locked: dict[str, int] = field(default_factory=dict)
    free: bool = False
    created_at: int = 0  # the clock when the link was created [continuous.as_long_as]
    state_key: tuple[str, int] | None = None  # [trigger.state]: the state-triggered ability it comes from
    repeat_paid: list[int] = field(default_factory=list)  # [keyword.repeat_each]: which of its Repeat costs were paid
    repeat_modes: dict[int, list[int]] = field(default_factory=dict)  # [keyword.repeat]: the modes of execution n (n ≥ 2)
    reduction_order: tuple[str, ...] | None = None  # [cost.total]: the order its controller subtracts cost reductions in

    @property
    def repeats(self) -> int:
        """[keyword.repeat]: how many more times its instructions are carried out (one per Repeat cost paid; their
        targets are ``slot#2`` …)."""
        return len(self.repeat_paid)

    def modes_of(self, n: int = 1) -> list[int]:
        """The modes chosen for its n-th execution: the first as it was added; each more one as its Repeat cost was
        paid (the same or others [keyword.repeat])."""
        return self.modes if n == 1 else self.repeat_modes.get(n, self.modes)


@dataclass
class Played:
    """A card that counts as played [play.finalized]: who played it, and what it was as they did."""

    player: str
    card: str
    name: str
    types: tuple[str, ...]
    token: bool = False


@dataclass
class Waiting:
    """A triggered ability or effect that has triggered and waits to go on the chain [trigger.wait]."""

    kind: str  # trigger | effect
    source: CardRef
    controller: str
    text: dict[str, Any]
    bindings: dict[str, Obj] = field(default_factory=dict)
    tracked: list[CardRef] = field(default_factory=list)
    seq: int = 0
    state_key: tuple[str, int] | None = None  # [trigger.state]: the state-triggered ability it comes from


@dataclass
class TriggerEffect:
    """A triggered effect created by a resolving link [effect.create_trigger]: source and controller are the link's."""

    source: CardRef
    controller: str
    text: dict[str, Any]
    bindings: dict[str, Obj]
    once: bool = True
    until: str | None = "turn"


@dataclass
class GameState:
    """Everything the engine needs to continue the game from here; deep-copied to rewind [chain.rewind]."""

    players: list[str]
    turn: str
    cards: dict[str, Card]
    pools: dict[str, int]
    seed: int = 0
    life: dict[str, int | None] = field(default_factory=dict)  # each player's life total (None: the file gives none)
    priority: str | None = None
    chain: list[Link] = field(default_factory=list)
    waiting: list[Waiting] = field(default_factory=list)
    trigger_effects: list[TriggerEffect] = field(default_factory=list)
    lki: dict[CardRef, Card] = field(default_factory=dict)
    moved_by: dict[CardRef, Any] = field(default_factory=dict)  # [info.lki]: the source card whose effect moved it away
    next_uid: int = 1
    next_seq: int = 0
    rng: random.Random = field(default_factory=random.Random)
    clock: int = 0  # [timestamp.card]: timestamps; 0 is the start of the game
    cont_effects: list[Any] = field(default_factory=list)  # continuous effects created by links [continuous.from_link]
    repl_effects: list[Any] = field(default_factory=list)  # replacement/prevention effects created by links (716)
    next_eid: int = 1
    combat: dict[str, Any] | None = None  # the attack in progress: attacker, defender
    turn_damage: dict[str, int] = field(default_factory=dict)  # [prevention.first_each_turn]: damage each character received this turn
    turn_prevented: dict[str, int] = field(default_factory=dict)  # [prevention.first_each_turn]: damage prevented for it this turn
    lki_chars: dict[CardRef, dict[str, Any]] = field(default_factory=dict)  # characteristics as it left [info.lki]
    result: str | None = None  # "draw" once the game is a draw [loop.draw]; "win:<player>" when one wins
    shield_used: dict[str, int] = field(default_factory=dict)  # [prevention.shield]: what each shield has been reduced by
    # [continuous.as_long_as]: (card id, exhausted value) -> when the card last stopped having that value
    status_left: dict[tuple[str, bool], int] = field(default_factory=dict)
    field_zones: frozenset[str] = frozenset()  # the game's zones on the field (from its data)
    ts_turn: dict[int, str] = field(default_factory=dict)  # [timestamp.simultaneous]: the turn player when each timestamp was taken
    # [timestamp.simultaneous]: each player's chosen order of their simultaneous effects: (timestamp, player) -> effect-id sequences
    ts_orders: dict[tuple[int, str], list[tuple[int, ...]]] = field(default_factory=dict)
    ts_noted: set[tuple[Any, ...]] = field(default_factory=set)  # simultaneous groups already shown in the trace
    # [timestamp.link]/[timestamp.event]: one timestamp per resolving link and per event, shared by every effect it creates
    shared_ts: dict[tuple[str, int], int] = field(default_factory=dict)
    # [trigger.state]: state-triggered abilities that have triggered and not yet left the chain, (card id, index)
    state_pending: set[tuple[str, int]] = field(default_factory=set)
    played: list[Played] = field(default_factory=list)  # [play.finalized]: the cards played this turn, in order
    # [play.restricted]: what players cannot play: (player, filter with the words named, until)
    restrictions: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    # [trigger.becomes]: (card id, ability index, card it watches, its inc) for which the condition holds now
    becomes: set[tuple[str, int, str, int]] | None = None
    paid_alt: set[CardRef] = field(default_factory=set)  # [cost.alt_additional]: cards added to the chain for their alternative cost
    cost_mods: list[dict[str, Any]] = field(default_factory=list)  # [cost.next]: cost changes links made for later cards
    ext: dict[str, Any] = field(default_factory=dict)  # what a game's own rules keep (see Ruleset.setup)
    # Where the cards are, kept by place()/add()/to_bottom(): each card's place in ``cards`` (file order, which is also
    # deck order) and, per zone, the places of its cards, sorted. Asked at every event, so that an event costs what is on
    # the field (or on top of the deck), not every card of the game.
    pos: dict[str, int] = field(default_factory=dict)
    by_pos: list[str] = field(default_factory=list)
    zone_pos: dict[str, list[int]] = field(default_factory=dict)
    zoned_ids: set[str] = field(default_factory=set)  # cards with a printed ability that names the zones it works in

    def __post_init__(self) -> None:
        self.ts_turn.setdefault(0, self.turn)  # [timestamp.card]: the start of the game, in the scenario's first turn
        self.reindex()

    # --- where the cards are ------------------------------------------------------------------------------------
    def reindex(self) -> None:
        """Rebuild the index of where the cards are from ``cards``."""
        self.by_pos = list(self.cards)
        self.pos = {cid: i for i, cid in enumerate(self.by_pos)}
        self.zone_pos = {}
        for i, c in enumerate(self.cards.values()):
            self.zone_pos.setdefault(c.zone, []).append(i)
        self.zoned_ids = {cid for cid, c in self.cards.items() if _works_elsewhere(c)}

    def place(self, card: Card, zone: str) -> None:
        """Put a card in a zone: the one way a card's zone changes, so that the index stays true."""
        from bisect import bisect_left, insort

        i, old = self.pos[card.id], self.zone_pos[card.zone]
        del old[bisect_left(old, i)]
        card.zone = zone
        insort(self.zone_pos.setdefault(zone, []), i)

    def add(self, card: Card) -> None:
        """A new card (a token) after the last one."""
        self.cards[card.id] = card
        self.pos[card.id] = len(self.by_pos)
        self.by_pos.append(card.id)
        self.zone_pos.setdefault(card.zone, []).append(self.pos[card.id])
        if _works_elsewhere(card):
            self.zoned_ids.add(card.id)

    def to_bottom(self, card_id: str) -> None:
        """Move a card to the end of the file order (the bottom of its deck)."""
        self.cards[card_id] = self.cards.pop(card_id)
        self.reindex()

    def top_of(self, zone: str, player: str) -> Card | None:
        """The first of a player's cards in a zone in file order (the top of their deck), or None."""
        for i in self.zone_pos.get(zone, ()):
            card = self.cards[self.by_pos[i]]
            if card.owner == player:
                return card
        return None

    def field_cards(self) -> list[Card]:
        """The cards on the field, in file order."""
        return self.in_zones(self.field_zones)

    def acting_cards(self) -> list[Card]:
        """The cards whose abilities may work now: those on the field, and those elsewhere with a printed ability that
        names the zones it works in [ability.other_zone] (a superset: callers check the zone). An ability an effect
        gave a card needs no place here: grants reach only cards on the field, and leaving the field ends them."""
        places = {self.pos[i] for i in self.zoned_ids}
        for z in self.field_zones:
            places.update(self.zone_pos.get(z, ()))
        return self._in_file_order(places)

    def in_zones(self, zones: Any) -> list[Card]:
        """The cards in these zones, in file order."""
        places: list[int] = []
        for z in zones:
            places += self.zone_pos.get(z, ())
        return self._in_file_order(places)

    def _in_file_order(self, places: Any) -> list[Card]:
        return [self.cards[self.by_pos[i]] for i in sorted(places)]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def seat_order_from(self, first: str) -> list[str]:
        """Players clockwise starting with ``first`` (seat order is clockwise)."""
        i = self.players.index(first)
        return self.players[i:] + self.players[:i]

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.seat_order_from(player) if p != player]

    def in_zone(self, zone: str, player: str | None = None) -> list[Card]:
        """Cards in a zone (of one player: owner off the field, controller on it), in file order."""
        out = self.in_zones((zone,))
        if player is not None:
            out = [c for c in out if (c.controller if zone in self.field_zones else c.owner) == player]
        return out

    def is_current(self, ref: CardRef) -> bool:
        """True while the object is still the same card in the same zone visit."""
        card = self.cards.get(ref.id)
        return card is not None and card.inc == ref.inc

    def view(self, ref: CardRef) -> tuple[Card, bool]:
        """The card as it is, or its last-known information if it has moved since [info.lki]."""
        if self.is_current(ref):
            return self.cards[ref.id], False
        return self.lki.get(ref, self.cards[ref.id]), True

    def link(self, uid: int) -> Link | None:
        return next((l for l in self.chain if l.uid == uid), None)

    def tick(self) -> int:
        """A new timestamp [timestamp.card]."""
        self.clock += 1
        self.ts_turn[self.clock] = self.turn
        return self.clock

    def tick_for(self, key: tuple[str, int]) -> int:
        """The timestamp of a link's resolution or of an event, taken the first time an effect needs it
        ([timestamp.link], [timestamp.event])."""
        if key not in self.shared_ts:
            self.shared_ts[key] = self.tick()
        return self.shared_ts[key]

    def snapshot(self) -> "GameState":
        return copy.deepcopy(self)
