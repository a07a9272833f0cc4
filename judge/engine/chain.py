"""Adding a link to the chain [chain.announce]: announce, modes, X, targets, cost; rewinding [chain.rewind]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import costs, events, history, repeat, targets
from judge.engine.choice import Choice
from judge.engine.errors import CannotAdd
from judge.engine.options import ENUMERATE_MAX, subsets
from judge.engine.refs import CardRef, LinkRef, Obj
from judge.engine.state import Link, Waiting
from judge.engine.trace import LinkInfo


def reason_text(game: "Game", why: str, args: dict[str, object] | None = None):  # type: ignore[no-untyped-def]
    from judge.engine.resolution import reason_text as rt

    return rt(game, why, args)

if TYPE_CHECKING:
    from judge.engine.game import Game


def new_link(game: "Game", kind: str, source: CardRef, controller: str, text: dict[str, Any]) -> Link:
    st = game.state
    link = Link(uid=st.next_uid, kind=kind, source=source, controller=controller, text=text, created_at=st.clock)
    st.next_uid += 1
    game.trace.links[link.uid] = LinkInfo(link.uid, kind, source.id, controller)
    return link


def choose_parts(game: "Game", link: Link) -> None:
    """Modes [chain.mode], then X [chain.x], then every target (only for the modes chosen) [target.choose]."""
    text = link.text
    player = game.player_ref(link.controller)
    modes = text.get("modes")
    if modes:  # [chain.mode]
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
        link.modes = list(game.ask(Choice("mode", chooser, link.source.id, options)))
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
    repeat.choose(game, link)  # [keyword.repeat]: whether to pay for more executions, and their choices


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
        game.trace.add("rewind", cites, player=game.player_ref(player), link=source, reason=reason_text(game, e.reason, e.args_))
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
        if cost:
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
        game.trace.add("trigger_removed", game.data.cite("trigger.removed"), link=LinkRef(link.uid), reason=reason_text(game, e.reason, e.args_))
        game.resolved.append((link.uid, link.source.id, "removed"))
        st.state_pending.discard(link.state_key)  # type: ignore[arg-type]
        return None
    st.chain.append(link)
    game.trace.add("announce_trigger", game.data.cite("trigger.to_chain"), player=game.player_ref(link.controller), link=LinkRef(link.uid))
    announce_events(game, link)
    return link
