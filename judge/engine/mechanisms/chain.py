"""Adding a link to the chain [chain.announce]: announce, modes [chain.mode], X [chain.x], targets, cost; rewinding an
addition that cannot be finished [chain.rewind]; playing a card and using an activated ability (actions ``play`` and
``use``); a play text (``play:``) and activated abilities; the chain a file starts with; the ``used`` trigger."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.choice import Choice
from judge.engine.errors import CannotAdd, InvalidInput
from judge.engine.language.shapes import At, Bool, Custom, Either, Enum, Field, Int, ListOf, Map, Ref, Scoped, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms import costs, history, targets
from judge.engine.mechanisms.abilities import STEPS_RESOLVING, kind_shape, text_scope
from judge.engine.options import ENUMERATE_MAX, subsets
from judge.engine.refs import CardRef, LinkRef, Obj, PlayerRef
from judge.engine.state import Link, Waiting
from judge.engine.trace import LinkInfo

if TYPE_CHECKING:
    from judge.engine.game import Game


def new_link(game: "Game", kind: str, source: CardRef, controller: str, text: dict[str, Any]) -> Link:
    st = game.state
    link = Link(uid=st.next_uid, kind=kind, source=source, controller=controller, text=text, created_at=st.clock)
    st.next_uid += 1
    game.trace.links[link.uid] = LinkInfo(link.uid, kind, source.id, controller)
    return link


def choose_modes(game: "Game", link: Link, slot: str = "mode") -> tuple[str, list[int]]:
    """[chain.mode]: who chooses the link's modes (its controller, or the opponent where the text says), and which."""
    modes = link.text["modes"]
    n_opts = len(modes["options"])
    pick = modes.get("choose", 1)
    sizes = range(pick, pick + 1) if isinstance(pick, int) else range(int(pick[0]), int(pick[1]) + 1)
    options = subsets(tuple(range(n_opts)), sizes)  # listed, or counted when there are too many
    chooser = link.controller
    if modes.get("chooser") == "opponent":  # one opponent (the loader refuses this with several)
        opponents = game.state.opponents(link.controller)
        if len(opponents) > 1:
            from judge.engine.errors import InvalidInput

            raise InvalidInput("opponent_ambiguous", player=link.controller, n=len(opponents), opponents=list(opponents))
        chooser = opponents[0]
    return chooser, list(game.ask(Choice("mode", chooser, link.source.id, options, slot=slot)))


def choose_parts(game: "Game", link: Link) -> None:
    """Modes [chain.mode], then X [chain.x], then every target (only for the modes chosen) [target.choose]."""
    text = link.text
    player = game.player_ref(link.controller)
    if text.get("modes"):  # [chain.mode]
        chooser, link.modes = choose_modes(game, link)
        game.trace.add("mode", game.data.cite("chain.mode", *(["chain.mode_opponent"] if chooser != link.controller else [])), player=game.player_ref(chooser), modes=[m + 1 for m in link.modes])
    if text.get("x") is not None:  # [chain.x]
        if link.free:
            link.x = 0
            game.trace.add("x_free", game.data.cite("chain.x"))
        else:
            spec = text["x"] if isinstance(text["x"], dict) else {}
            top = int(spec.get("max", 20))
            xs = range(0, top + 1)  # a range is answered by membership, never walked; a short one is listed
            link.x = int(game.ask(Choice("x", link.controller, link.source.id, xs if len(xs) > ENUMERATE_MAX else tuple(xs))))
            game.trace.add("x_value", game.data.cite("chain.x"), player=player, amount=link.x)
    taken: set[Obj] = set()
    for slot in targets.all_slots(link):  # [target.choose]
        targets.choose_slot(game, link, slot, taken)
    for more in game.data.vocab.hooks("link.choices"):  # [keyword.repeat]: whether to pay for more executions …
        more(game, link)


def announce_events(game: "Game", link: Link) -> None:
    """[chain.used]: what triggers on using a card or ability and on becoming a target."""
    events.emit(game, events.Event("added", link.source, player=link.controller, data={"link": link.uid, "link_kind": link.kind, "trigger_cites": game.data.cite("chain.used")}))
    for objs in link.targets.values():
        for o in objs:
            if isinstance(o, CardRef):
                events.emit(game, events.Event("targeted", o, player=link.controller, data={"link": link.uid, "trigger_cites": game.data.cite("chain.used")}))


def add_link(game: "Game", player: str, kind: str, source: CardRef, text: dict[str, Any], free: bool = False) -> Link | None:
    """A player adds a card or an ability to the chain [chain.announce]; if it cannot be finished, rewind [chain.rewind]."""
    saved = game.state.snapshot()
    mark = len(game.trace.steps)
    link = new_link(game, kind, source, player, text)
    link.free = free
    try:
        if kind == "card":  # [chain.announce]: the card itself goes on top of the chain
            events.emit(game, events.Event("move", source, data={"to": "chain", "cause": "silent"}))
            link.source = game.state.cards[source.id].ref
        elsewhere = kind == "ability" and not game.is_field(game.state.cards[source.id].zone)
        keys = ["chain.announce"] + (["chain.ability"] if kind == "ability" else []) + (["ability.other_zone"] if elsewhere else [])
        game.trace.add("announce", game.data.cite(*keys),
                       player=game.player_ref(player), link=LinkRef(link.uid))
        history.check_allowed(game, link)  # [play.restricted], and the game's own limits on using an ability
        for announced in game.data.vocab.hooks("link.announced"):  # what the card gains as it is played (grant_next …)
            announced(game, link)
        choose_parts(game, link)
        costs.pay(game, link)
        history.finalized(game, link)  # [play.finalized]: it now counts as played
    except CannotAdd as e:
        uid_next = game.state.next_uid
        game.state = saved  # [chain.rewind]: the whole action is rewound
        game.state.next_uid = uid_next
        game.trace.truncate(mark)
        # [chain.rewind], and the rule that forbade it where the game's data names one (a key ``rewind.<reason>``)
        why = f"rewind.{e.reason}"
        cites = game.data.cite("chain.rewind", *([why] if why in game.data.rules else []))
        game.trace.add("rewind", cites, player=game.player_ref(player), link=source, reason=game.data.reason(e.reason, e.args_))
        game.give_priority(player, game.data.cite("chain.rewind"))
        return None
    game.state.chain.append(link)
    game.trace.add("link_added", game.data.cite("chain.used"), link=LinkRef(link.uid))
    announce_events(game, link)
    game.give_priority(player, game.data.cite("chain.used"))  # [chain.used]: the player who added a non-trigger link
    return link


def add_trigger(game: "Game", waiting: Waiting) -> Link | None:
    """Put one waiting trigger on the chain following the rules for adding a link [trigger.to_chain]; it leaves without
    effect if it cannot be [trigger.removed]."""
    st = game.state
    kind = "trigger" if waiting.kind == "trigger" else "effect"
    link = new_link(game, kind, waiting.source, waiting.controller, waiting.text)
    link.bindings = dict(waiting.bindings)
    link.tracked = list(waiting.tracked)
    link.state_key = waiting.state_key
    mark = len(game.trace.steps)
    try:
        choose_parts(game, link)
        cost = waiting.text.get("cost")
        if not cost and link.repeat_paid:  # only a Repeat cost chosen as it is added [keyword.repeat]: paid now
            costs.pay(game, link)
        elif cost:
            # The ability's optional payment is decided as it is added [trigger.to_chain].
            can = costs.total(game, link)[0] <= st.pools.get(link.controller, 0)
            pay = bool(game.ask(Choice("pay", link.controller, link.source.id, (False, True)))) if can else False
            if not pay:
                game.trace.truncate(mark)
                game.trace.add("trigger_declined", game.data.cite("trigger.removed"), player=game.player_ref(link.controller), link=LinkRef(link.uid))
                game.resolved.append((link.uid, link.source.id, "removed"))
                st.state_pending.discard(link.state_key)  # type: ignore[arg-type]
                return None
            costs.pay(game, link)
    except CannotAdd as e:
        game.trace.truncate(mark)
        game.trace.add("trigger_removed", game.data.cite("trigger.removed"), link=LinkRef(link.uid), reason=game.data.reason(e.reason, e.args_))
        game.resolved.append((link.uid, link.source.id, "removed"))
        st.state_pending.discard(link.state_key)  # type: ignore[arg-type]
        return None
    st.chain.append(link)
    game.trace.add("announce_trigger", game.data.cite("trigger.to_chain"), player=game.player_ref(link.controller), link=LinkRef(link.uid))
    announce_events(game, link)
    return link


# --- the language ---------------------------------------------------------------------------------------------------
MECHANISM = Mechanism("chain", "adding links: playing cards and using activated abilities; modes, X; the initial chain",
                      requires=("abilities", "targets", "costs", "history", "actions", "triggers", "choices"))
M = MECHANISM

X = Either(Bool(), Map({"max": Int(0)}), doc="it has an X, chosen as it is added (max: the largest X, default 20)")


def _one_opponent(value: Any, at: At) -> None:
    Enum(("you", "opponent")).check(value, at)
    if value == "opponent" and len(at.scope.players) >= 3:
        at.problem("opponent_ambiguous", n=len(at.scope.players), key="chooser")
MODES = M.define("modes", Map({
    "choose": Field(Either(Int(1), ListOf(Int(), min_items=2, max_items=2)), "how many modes: N, or [least, most]"),
    "chooser": Field(Custom(lambda v, at: _one_opponent(v, at), {"enum": ["you", "opponent"]}, ("string",)),
                     "who chooses (default: its controller): you or opponent (one: not with several opponents)"),
    "options": Field(ListOf(Map({"text": Str(), "targets": Ref("slots"), "do": STEPS_RESOLVING}), min_items=1),
                     "the modes, each with its own targets and steps"),
}, required=("options",), doc="modes: choose N of the options as it is added [chain.mode]"))
PLAY = M.define("play", Scoped(Map({
    "cost": Field(Ref("play_cost"), "what playing it costs besides its printed cost (additional, alternative …)"),
    "x": Field(X, "it has an X"),
    "targets": Field(Ref("slots"), "its target slots"),
    "modes": Field(MODES, "its modes"),
    "do": Field(STEPS_RESOLVING, "what it does as it resolves"),
    "attach": Field(Str(min_len=1), "it enters attached to the target of this slot"),
    "continuous": Field(Bool(), "it stays on the field after it resolves (a continuous card)"),
    "face_down": Field(Bool(), "it enters the field face down"),
}, doc="the text used when the card itself is played"), lambda scope, text: text_scope(scope, text)))




M.place("ability.activated", "a game's own fields of activated abilities", form="field")
ACTIVATED = kind_shape({
    "cost": Field(Ref("cost"), "what using it costs"), "x": Field(X, "it has an X"), "targets": Field(Ref("slots")),
    "modes": Field(MODES), "do": Field(STEPS_RESOLVING, "what it does as it resolves"),
}, doc="an activated ability, used with the action use:", more_from=("ability.activated",))
M.word("ability_kind", "activated", ACTIVATED, doc="used by its controller (use:), goes on the chain [chain.ability]",
       rules=("chain.ability",), scope=lambda scope, text: text_scope(scope, text))

M.word("choice", "mode", Either(Int(1), ListOf(Int(1))), doc="the mode(s) chosen, counting from 1")
M.word("choice", "x", Int(0), doc="the X chosen")


@M.declare("action", "play", Ref("card_id"), doc="a player plays a card from their hand (by: who; free: without paying)",
           rules=("chain.announce",), extra={"siblings": {"free": Field(Bool(), "it is played without paying its cost")}})
def act_play(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    play_card(game, action, path)


def play_card(game: "Game", action: dict[str, Any], path: tuple[Any, ...], from_anywhere: bool = False) -> None:
    """Play the card ``action`` names: from its hand unless ``from_anywhere`` (a game's rules let it be played from
    elsewhere)."""
    card_id = action["play"]
    player = action.get("by") or game.state.cards[card_id].controller
    card = game.state.cards[card_id]
    if card.play is None:
        raise InvalidInput("no_play_text", path + ("play",), card=card_id)
    if card.zone != "hand" and not from_anywhere:
        raise InvalidInput("not_in_hand", path + ("play",), card=card_id, zone=card.zone)
    game.pass_until(player)
    add_link(game, player, "card", card.ref, card.play, free=bool(action.get("free")))


def _which_ability(card_id: Any, at: At) -> None:
    """``use:`` with ``ability:`` names an activated ability the card has (printed, from a keyword, or one a step of the
    file grants): by name, or by index when the file grants no activated ability."""
    data = at.scope.data if isinstance(at.scope.data, dict) else {}
    action = _entry(data, at.path[:-1])
    card = (data.get("cards") or {}).get(card_id) if isinstance(card_id, str) else None
    if not isinstance(action, dict) or "ability" not in action or not isinstance(card, dict):
        return
    if any(isinstance(ab, dict) and any(at.scope.vocab.word("ability.continuous", k) is not None and
                                        at.scope.vocab.word("ability.continuous", k).extra.get("borrows") for k in ab)
           for ab in card.get("abilities") or []):
        return  # it may have other cards' abilities (the game's rules say which): known only as the game goes
    game = at.scope.vocab.game
    keywords = game.keywords if game is not None else {}
    from_keywords = [a for kw in card.get("keywords") or [] for a in
                     (keywords.get(kw if isinstance(kw, str) else next(iter(kw), "")) or {}).get("abilities") or []]
    printed = [a for a in (card.get("abilities") or []) + from_keywords if isinstance(a, dict) and a.get("kind") == "activated"]
    granted = [g for g in _granted(data.get("cards")) if g.get("kind", "activated") == "activated"]
    if _lends(at.scope.vocab, data.get("cards")):  # a card may become a copy of another: it has that one's abilities
        granted += [a for c in (data.get("cards") or {}).values() if isinstance(c, dict)
                    for a in c.get("abilities") or [] if isinstance(a, dict) and a.get("kind") == "activated"]
    which = action["ability"]
    place = At(at.path[:-1] + ("ability",), at.scope, at.sink)
    if isinstance(which, str):
        names = [a["name"] for a in printed + granted if isinstance(a.get("name"), str)]
        if which not in names:
            place.problem("ability_name", card=card_id, name=which, names=names, near=(which, names))
        elif [a.get("name") for a in printed].count(which) > 1:  # two of its own read to one name: ask by index
            place.problem("ability_name_twice", card=card_id, name=which)
    elif isinstance(which, int) and not isinstance(which, bool):
        # granted abilities come after the printed ones, so only a file granting none bounds the index
        if which < 0 or (not granted and which >= len(printed)):
            place.problem("ability_index", card=card_id, index=which, count=len(printed))


def _entry(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _lends(vocab: Any, x: Any) -> bool:
    """Does the file use a word that gives a card another card's abilities as the game goes (a copy effect: the step or
    card word declared with ``lends_abilities``)?"""
    if isinstance(x, dict):
        for k, v in x.items():
            word = vocab.word("step", k) or vocab.word("card", k)
            if word is not None and word.extra.get("lends_abilities"):
                return True
            if _lends(vocab, v):
                return True
    elif isinstance(x, list):
        return any(_lends(vocab, v) for v in x)
    return False


def _granted(x: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if isinstance(x, dict):
        for word in ("grant", "grant_next"):  # an ability a step gives a card on the field, or the next one played
            if isinstance(x.get(word), dict) and isinstance(x[word].get("ability"), dict):
                out.append(x[word]["ability"])
        for v in x.values():
            out += _granted(v)
    elif isinstance(x, list):
        for v in x:
            out += _granted(v)
    return out


@M.declare("action", "use", Ref("card_id"), doc="a player uses an activated ability of a card (ability: its index or "
                                                 "name)", rules=("chain.ability",), check=_which_ability,
           extra={"siblings": {"ability": Field(Either(Int(0), Str(min_len=1)), "which activated ability: its index "
                                                                              "(from 0) or name"),
                               "free": Field(Bool(), "it is used without paying its cost")}})
def act_use(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    from judge.engine.mechanisms.abilities import works_in
    from judge.engine.mechanisms.continuous import lost_abilities

    card_id = action["use"]
    card = game.state.cards[card_id]
    player = action.get("by") or card.controller
    more = [a for borrow in game.data.vocab.hooks("abilities.more") for a in borrow(game, card)]
    abilities = [a for a in card.all_abilities() + more if a.get("kind") == "activated"]
    which = action.get("ability", 0)
    if isinstance(which, str):
        found = [a for a in abilities if a.get("name") == which]
        if len({repr(sorted(a.items(), key=str)) for a in found}) > 1:  # two different ones: never the first silently
            raise InvalidInput("ability_name_twice", path + ("ability",), card=card_id, name=which)
    else:
        found = abilities[which : which + 1] if 0 <= which < len(abilities) else []
    if not found:
        raise InvalidInput("no_activated", path + ("ability" if "ability" in action else "use",), card=card_id, which=which)
    if not works_in(game, found[0], card.zone):  # [ability.other_zone]: only in the zones it works in
        where = ", ".join(found[0].get("zones") or ["field"])
        raise InvalidInput("works_only_in", path + ("use",), card=card_id, zone=card.zone, where=where)
    if lost_abilities(game, card):
        raise InvalidInput("lost_abilities", path + ("use",), card=card_id)
    if card.controller != player:
        raise InvalidInput("not_controller", path + ("by",), player=player, card=card_id)
    game.pass_until(player)
    add_link(game, player, "ability", card.ref, found[0], free=bool(action.get("free")))


# --- the chain a file starts with -----------------------------------------------------------------------------------
CHAIN_LINK = Map({
    "card": Field(Ref("card_id"), "a card on the chain (its zone: chain), with its play text"),
    "ability": Field(Map({"of": Ref("card_id"), "index": Int(0)}, required=("of",)), "an ability of a card (by index)"),
    "by": Field(Ref("player_id"), "its controller (default: the card's)"),
    "targets": Field(Map(keys=Str(min_len=1), values=Either(Ref("thing_id"), ListOf(Ref("thing_id")))),
                     "its targets, by slot"),
    "x": Field(Int(0), "its X"), "modes": Field(ListOf(Int(1)), "its modes, counting from 1"),
}, doc="a link of the chain the position starts with")


def _chain_check(links: Any, at: At) -> None:
    """Each link one card or ability; a card on the chain is in zone chain, once; every card in zone chain is on it."""
    cards = (at.scope.data or {}).get("cards") or {}
    on: set[str] = set()
    for i, link in enumerate(links):
        if not isinstance(link, dict):
            continue
        if ("card" in link) == ("ability" in link):
            (at / i).problem("link_one")
            continue
        cid = link.get("card")
        if isinstance(cid, str) and isinstance(cards.get(cid), dict):
            zone = cards[cid].get("zone")
            if zone != "chain":
                (at / i / "card").problem("link_two_zones", card=cid, zone=zone)
            elif cid in on:
                (at / i / "card").problem("link_twice", card=cid)
            on.add(cid)
    for cid, c in cards.items():
        if isinstance(c, dict) and c.get("zone") == "chain" and cid not in on:
            (At(("cards", cid, "zone"), at.scope, at.sink)).problem("chain_zone_alone", card=cid)


M.word("file", "chain", ListOf(CHAIN_LINK), doc="the chain the position starts with, bottom first", check=_chain_check)


@M.hook("setup.trace", order=20)
def initial_chain(game: "Game", data: dict[str, Any]) -> None:
    """The links of the chain the file starts with."""
    st = game.state
    for i, entry in enumerate(data.get("chain") or []):
        path = ("chain", i)
        if "card" in entry:
            card = st.cards[entry["card"]]
            if card.play is None:
                raise InvalidInput("chain_no_play", path + ("card",), card=card.id)
            kind, text, source = "card", card.play, card.ref
        else:
            card = st.cards[entry["ability"]["of"]]
            abilities = card.all_abilities()
            idx = entry["ability"].get("index", 0)
            if idx >= len(abilities):
                raise InvalidInput("no_ability", path + ("ability", "index"), card=card.id, index=idx)
            text = abilities[idx]
            kind = "trigger" if text.get("kind") == "triggered" else "ability"
            source = card.ref
        link = Link(uid=st.next_uid, kind=kind, source=source, controller=entry.get("by", card.controller), text=text)
        st.next_uid += 1
        link.x = entry.get("x")
        link.modes = [m - 1 for m in entry.get("modes") or []]
        link.bindings = {"self": source}
        for slot, ids in (entry.get("targets") or {}).items():
            link.targets[slot] = [PlayerRef(pid) if pid in st.players else st.cards[pid].ref
                                  for pid in ([ids] if isinstance(ids, str) else ids)]
        game.trace.links[link.uid] = LinkInfo(link.uid, kind, source.id, link.controller)
        game.trace.add("initial_link", (), link=LinkRef(link.uid), player=PlayerRef(link.controller))
        st.chain.append(link)


M.hook("apply:added")(events.nothing)
M.word("event", "used", events.TRIGGER, events.kind_is("added"), doc="a card is played or an ability used (link_kind:)",
       extra={"keys": frozenset({"event", "card", "player", "link_kind", "if"})})
