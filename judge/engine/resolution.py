"""Resolving the top link (709) and interrupting links (711)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import effects, events, targets
from judge.engine.refs import LinkRef, Text
from judge.engine.state import Link

if TYPE_CHECKING:
    from judge.engine.game import Game


def all_pass_and_resolve(game: "Game") -> None:
    """709.1: all players pass in succession with a non-empty chain: try to resolve the top link."""
    st = game.state
    top = st.chain[-1]
    game.trace.add("all_passed", ("709.1",), link=LinkRef(top.uid))
    resolve_top(game)


def interrupt(game: "Game", link: Link, by_game: bool) -> None:
    """711.1–711.2: the link leaves the chain creating nothing; a card goes to its owner's salvage base."""
    st = game.state
    st.chain.remove(link)
    if by_game:
        game.trace.add("interrupted_by_game", ("709.2a", "711.1", "711.2"), link=LinkRef(link.uid))
    else:
        game.trace.add("interrupted", ("711.1", "711.2"), link=LinkRef(link.uid))
    if link.kind == "card" and st.is_current(link.source):
        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "move", "cites": ("711.1",)}))
    game.resolved.append((link.uid, link.source.id, "interrupted"))


def _what(targets: bool, tracked: bool) -> Text:
    """How the re-check names its objects: targets are 所指定的; objects it only refers to (tracked) are 所涉及的."""
    if targets and tracked:
        return Text("所指定及所涉及的", "targets and refers to")
    if targets:
        return Text("所指定的", "targets")
    return Text("所涉及的", "refers to")


def resolve_top(game: "Game") -> None:
    """709.2: the steps of resolution, during which no player receives priority; then 709.2h."""
    st = game.state
    st.priority = None
    link = st.chain[-1]
    legal, illegal = targets.recheck(game, link)  # 709.2a
    tracked_ok = [r for r in link.tracked if st.is_current(r)]
    tracked_bad = [r for r in link.tracked if not st.is_current(r)]
    n_legal = sum(len(v) for v in legal.values()) + len(tracked_ok)
    if illegal or tracked_bad:
        reasons = sorted({why for _, why in illegal} | ({"moved"} if tracked_bad else set()))
        game.trace.add("retarget_illegal", ("709.2a",), link=LinkRef(link.uid), what=_what(bool(illegal), bool(tracked_bad)),
                       targets=[o for o, _ in illegal] + tracked_bad, reason=[reason_text(game, r) for r in reasons])
    elif link.targets or link.tracked:
        n_targets = sum(len(v) for v in legal.values())
        game.trace.add("retarget_ok", ("709.2a",), link=LinkRef(link.uid), what=_what(n_targets > 0, bool(tracked_ok)),
                       targets=[o for v in legal.values() for o in v] + tracked_ok)
    if (illegal or tracked_bad) and n_legal == 0:
        interrupt(game, link, by_game=True)
        game.give_priority(st.turn, ("711.1",))
        return
    if illegal:
        game.trace.add("partial", ("709.2c",), targets=[o for v in legal.values() for o in v])
    cites = ("709.2b", "712.3", "712.5", "712.6")
    game.trace.add("resolve", cites, link=LinkRef(link.uid), card=link.source, player=game.player_ref(link.controller))
    ctx = effects.Context(game, link, link.controller, link.source, dict(link.bindings), legal=legal)
    ops = list(link.text.get("do") or [])
    mode_opts = (link.text.get("modes") or {}).get("options") or []
    for i in link.modes:
        ops += list(mode_opts[i].get("do") or [])
    with game.batch(link.uid):  # 717.4: the packets this resolution creates are one "next time"
        effects.run_ops(game, ctx, ops)
    finish(game, link)
    game.resolved.append((link.uid, link.source.id, "resolved"))
    game.give_priority(game.state.turn, ("709.2h",))


def finish(game: "Game", link: Link) -> None:
    """709.2g: the last step depends on what the link is."""
    st = game.state
    if link in st.chain:
        st.chain.remove(link)
    if link.kind != "card":
        game.trace.add("leave_chain", ("709.2g",), link=LinkRef(link.uid))
        return
    if not st.is_current(link.source):
        return
    card = st.cards[link.source.id]
    info = game.data.types.get(card.type, {})
    stays = info.get("permanent") or bool((card.play or {}).get("continuous"))
    if stays:  # 709.2g, 710: it enters the field
        attach_slot = (card.play or {}).get("attach")
        attach_to = None
        if attach_slot:
            objs = [o for o in targets.recheck(game, link)[0].get(attach_slot, [])]
            attach_to = objs[0] if objs else None
        events.emit(game, events.Event("move", link.source, player=link.controller, data={
            "to": info.get("enters", "units"), "controller": link.controller, "attach_to": attach_to,
            "face_down": bool((card.play or {}).get("face_down")), "cites": ("709.2g", "710.1"),
        }))
    else:  # 709.2g: a non-continuous ability goes to its owner's salvage base if still on the chain
        game.trace.add("to_salvage", ("709.2g",), card=link.source, zone=_zone(game.data.graveyard))
        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "silent"}))


def reason_text(game: "Game", why: str) -> Text:
    """A reason word from the game's data file (falls back to the engine's own word)."""
    w = game.data.words.get(f"why_{why}")
    return Text(w["zh"], w["en"]) if w else Text(why, why)


def _zone(z: str):  # type: ignore[no-untyped-def]
    from judge.engine.refs import ZoneRef

    return ZoneRef(z)
