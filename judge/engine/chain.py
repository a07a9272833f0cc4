"""Adding a link to the response chain (707): announce, modes, X, targets, cost; rewinding (707.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import costs, events, targets
from judge.engine.choice import Choice
from judge.engine.errors import CannotAdd
from judge.engine.options import ENUMERATE_MAX, subsets
from judge.engine.refs import CardRef, LinkRef, Obj
from judge.engine.state import Link, Waiting
from judge.engine.trace import LinkInfo


def reason_text(game: "Game", why: str):  # type: ignore[no-untyped-def]
    from judge.engine.resolution import reason_text as rt

    return rt(game, why)

if TYPE_CHECKING:
    from judge.engine.game import Game


def new_link(game: "Game", kind: str, source: CardRef, controller: str, text: dict[str, Any]) -> Link:
    st = game.state
    link = Link(uid=st.next_uid, kind=kind, source=source, controller=controller, text=text, created_at=st.clock)
    st.next_uid += 1
    game.trace.links[link.uid] = LinkInfo(link.uid, kind, source.id, controller)
    return link


def choose_parts(game: "Game", link: Link) -> None:
    """707.1b–d: modes, then X, then every target (only for the modes chosen)."""
    text = link.text
    player = game.player_ref(link.controller)
    modes = text.get("modes")
    if modes:  # 707.1b
        n_opts = len(modes["options"])
        pick = modes.get("choose", 1)
        sizes = range(pick, pick + 1) if isinstance(pick, int) else range(int(pick[0]), int(pick[1]) + 1)
        options = subsets(tuple(range(n_opts)), sizes)  # listed, or counted when there are too many
        chooser = link.controller
        if modes.get("chooser") == "opponent":
            chooser = game.state.opponents(link.controller)[0]
        link.modes = list(game.ask(Choice("mode", chooser, link.source.id, options)))
        game.trace.add("mode", ("707.1b",), player=game.player_ref(chooser), modes=[m + 1 for m in link.modes])
    if text.get("x") is not None:  # 707.1c
        if link.free:
            link.x = 0
            game.trace.add("x_free", ("707.1c",))
        else:
            spec = text["x"] if isinstance(text["x"], dict) else {}
            top = int(spec.get("max", 20))
            xs = range(0, top + 1)  # a range is answered by membership, never walked; a short one is listed
            link.x = int(game.ask(Choice("x", link.controller, link.source.id, xs if len(xs) > ENUMERATE_MAX else tuple(xs))))
            game.trace.add("x_value", ("707.1c",), player=player, amount=link.x)
    taken: set[Obj] = set()
    for slot in targets.all_slots(link):  # 707.1d, 706
        targets.choose_slot(game, link, slot, taken)


def announce_events(game: "Game", link: Link) -> None:
    """707.1f: what triggers on using a card or ability and on becoming a target."""
    events.emit(game, events.Event("added", link.source, player=link.controller, data={"link": link.uid, "link_kind": link.kind, "trigger_cites": ("707.1f",)}))
    for objs in link.targets.values():
        for o in objs:
            if isinstance(o, CardRef):
                events.emit(game, events.Event("targeted", o, player=link.controller, data={"link": link.uid, "trigger_cites": ("707.1f",)}))


def add_link(game: "Game", player: str, kind: str, source: CardRef, text: dict[str, Any], free: bool = False) -> Link | None:
    """A player adds a card or an ability to the chain (707.1a–f); if it cannot be finished, rewind (707.2)."""
    saved = game.state.snapshot()
    mark = len(game.trace.steps)
    link = new_link(game, kind, source, player, text)
    link.free = free
    try:
        if kind == "card":  # 707.1a: the card itself goes on top of the chain
            events.emit(game, events.Event("move", source, data={"to": "chain", "cause": "silent"}))
            link.source = game.state.cards[source.id].ref
        game.trace.add("announce", ("707.1", "707.1a"), player=game.player_ref(player), link=LinkRef(link.uid))
        choose_parts(game, link)
        costs.pay(game, link)
    except CannotAdd as e:
        uid_next = game.state.next_uid
        game.state = saved  # 707.2: the whole action is rewound
        game.state.next_uid = uid_next
        game.trace.truncate(mark)
        game.trace.add("rewind", ("707.2",), player=game.player_ref(player), link=source, reason=reason_text(game, e.reason))
        game.give_priority(player, ("707.2",))
        return None
    game.state.chain.append(link)
    game.trace.add("link_added", ("707.1f",), link=LinkRef(link.uid))
    announce_events(game, link)
    game.give_priority(player, ("707.1f",))  # 707.1f: the player who added a non-trigger link
    return link


def add_trigger(game: "Game", waiting: Waiting) -> Link | None:
    """Put one waiting trigger on the chain following 707 (708.2); it leaves without effect if it cannot be."""
    st = game.state
    kind = "trigger" if waiting.kind == "trigger" else "effect"
    link = new_link(game, kind, waiting.source, waiting.controller, waiting.text)
    link.bindings = dict(waiting.bindings)
    link.tracked = list(waiting.tracked)
    mark = len(game.trace.steps)
    try:
        choose_parts(game, link)
        cost = waiting.text.get("cost")
        if cost:
            # The ability's optional payment is decided as it is added (the 708.1a example pays then).
            can = costs.total(game, link)[0] <= st.pools.get(link.controller, 0)
            pay = bool(game.ask(Choice("pay", link.controller, link.source.id, (False, True)))) if can else False
            if not pay:
                game.trace.truncate(mark)
                game.trace.add("trigger_declined", ("708.2",), player=game.player_ref(link.controller), link=LinkRef(link.uid))
                game.resolved.append((link.uid, link.source.id, "removed"))
                return None
            costs.pay(game, link)
    except CannotAdd as e:
        game.trace.truncate(mark)
        game.trace.add("trigger_removed", ("708.2",), link=LinkRef(link.uid), reason=reason_text(game, e.reason))
        game.resolved.append((link.uid, link.source.id, "removed"))
        return None
    st.chain.append(link)
    game.trace.add("announce_trigger", ("708.2", "707.1f"), player=game.player_ref(link.controller), link=LinkRef(link.uid))
    announce_events(game, link)
    return link
