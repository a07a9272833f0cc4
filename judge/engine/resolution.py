"""Resolving the top link [resolve.steps] and interrupting links [interrupt]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import effects, events, targets
from judge.engine.refs import LinkRef, Text
from judge.engine.state import Link

if TYPE_CHECKING:
    from judge.engine.game import Game


def all_pass_and_resolve(game: "Game") -> None:
    """[resolve.all_passed]: all players pass in succession with a non-empty chain: try to resolve the top link."""
    st = game.state
    top = st.chain[-1]
    game.trace.add("all_passed", game.data.cite("resolve.all_passed"), link=LinkRef(top.uid))
    resolve_top(game)


def interrupt(game: "Game", link: Link, by_game: bool) -> None:
    """[interrupt]: the link leaves the chain creating nothing; a card goes to its owner's graveyard zone."""
    st = game.state
    st.chain.remove(link)
    st.state_pending.discard(link.state_key)  # type: ignore[arg-type]
    if by_game:
        game.trace.add("interrupted_by_game", game.data.cite("resolve.fizzle"), link=LinkRef(link.uid))
    else:
        game.trace.add("interrupted", game.data.cite("interrupt"), link=LinkRef(link.uid))
    if link.kind == "card" and st.is_current(link.source):
        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "move", "cites": game.data.cite("interrupt.to_graveyard")}))
    game.resolved.append((link.uid, link.source.id, "interrupted"))


def _what(game: "Game", targets: bool, tracked: bool) -> Text:
    """How the re-check names its objects: its targets, the objects it only refers to (tracked), or both."""
    return game.data.text("recheck_both" if targets and tracked else "recheck_targets" if targets else "recheck_refers")


def resolve_top(game: "Game") -> None:
    """[resolve.steps]: the steps of resolution, during which no player receives priority; then [resolve.priority]."""
    st = game.state
    st.priority = None
    link = st.chain[-1]
    legal, illegal = targets.recheck(game, link)  # [resolve.recheck]
    tracked_ok = [r for r in link.tracked if st.is_current(r)]
    tracked_bad = [r for r in link.tracked if not st.is_current(r)]
    n_legal = sum(len(v) for v in legal.values()) + len(tracked_ok)
    if illegal or tracked_bad:
        reasons = sorted({why for _, why in illegal} | ({"moved"} if tracked_bad else set()))
        game.trace.add("retarget_illegal", game.data.cite("resolve.recheck"), link=LinkRef(link.uid), what=_what(game, bool(illegal), bool(tracked_bad)),
                       targets=[o for o, _ in illegal] + tracked_bad, reason=[reason_text(game, r) for r in reasons])
    elif link.targets or link.tracked:
        n_targets = sum(len(v) for v in legal.values())
        game.trace.add("retarget_ok", game.data.cite("resolve.recheck"), link=LinkRef(link.uid), what=_what(game, n_targets > 0, bool(tracked_ok)),
                       targets=[o for v in legal.values() for o in v] + tracked_ok)
    ignore = game.data.raw.get("mistarget") == "ignore"  # [instruction.ignored]: the game's rules do not fizzle it
    if (illegal or tracked_bad) and n_legal == 0 and not ignore:
        interrupt(game, link, by_game=True)
        game.give_priority(st.turn, game.data.cite("resolve.fizzle_priority"))
        return
    if illegal and not ignore:
        game.trace.add("partial", game.data.cite("resolve.partial"), targets=[o for v in legal.values() for o in v])
    if not _if_clause_holds(game, link):
        finish(game, link)
        game.resolved.append((link.uid, link.source.id, "resolved"))
        game.give_priority(game.state.turn, game.data.cite("resolve.priority"))
        return
    if not st.is_current(link.source) and game.data.cite("resolve.source_gone"):
        # [resolve.source_gone]: where the game's rules say so, a link whose source has left is resolved with the
        # source's last-known information (shown only for games whose document states it)
        game.trace.add("source_gone", game.data.cite("resolve.source_gone"), link=LinkRef(link.uid), card=link.source)
    game.trace.add("resolve", game.data.cite("resolve.steps"), link=LinkRef(link.uid), card=link.source, player=game.player_ref(link.controller))
    targets.divide_on_resolution(game, link, legal)  # [target.distribute]: where the game divides amounts now
    ctx = effects.Context(game, link, link.controller, link.source, dict(link.bindings), legal=legal)
    if ignore:  # [instruction.ignored]: the slots whose every target is no longer legal
        ctx.ignored = {name for name, objs in link.targets.items() if objs and not legal.get(name) and "#" not in name}
    ops = list(link.text.get("do") or [])
    mode_opts = (link.text.get("modes") or {}).get("options") or []
    for i in link.modes:
        ops += list(mode_opts[i].get("do") or [])
    with game.batch(link.uid):  # [replacement.next]: what this resolution does is one "next time"
        effects.run_ops(game, ctx, ops)
        for n in range(2, link.repeats + 2):  # [keyword.repeat]: its instructions once more, with their own choices
            _execute_again(game, link, ops, n)
    finish(game, link)
    game.resolved.append((link.uid, link.source.id, "resolved"))
    game.give_priority(game.state.turn, game.data.cite("resolve.priority"))


def _execute_again(game: "Game", link: Link, ops: list[dict[str, object]], n: int) -> None:
    """[keyword.repeat]: the n-th execution of a link's instructions: the targets chosen for it (``slot#n``), each
    checked again now; an instruction whose targets are no longer legal is ignored [instruction.ignored]."""
    game.trace.add("repeat_exec", game.data.cite("keyword.repeat"), link=LinkRef(link.uid), amount=n)
    legal, _ = targets.recheck(game, link)
    own = {name.split("#")[0]: objs for name, objs in legal.items() if name.endswith(f"#{n}")}
    chosen = {name.split("#")[0]: objs for name, objs in link.targets.items() if name.endswith(f"#{n}")}
    ctx = effects.Context(game, link, link.controller, link.source, dict(link.bindings), legal=own)
    ctx.ignored = {name for name, objs in chosen.items() if objs and not own.get(name)}
    effects.run_ops(game, ctx, ops)


def _if_clause_holds(game: "Game", link: Link) -> bool:
    """[trigger.if_clause]: a triggered ability whose trigger is followed by "if …" checks it again as it resolves;
    if it no longer holds, the ability does nothing."""
    cond = (link.text.get("when") or {}).get("if") if link.kind == "trigger" else None
    if cond is None:
        return True
    ctx = effects.Context(game, link, link.controller, link.source, dict(link.bindings))
    ok = effects.test_condition(game, ctx, cond)
    game.trace.add("if_clause_ok" if ok else "if_clause_false", game.data.cite("trigger.if_clause"), link=LinkRef(link.uid))
    return ok


def finish(game: "Game", link: Link) -> None:
    """[resolve.last_step]: the last step depends on what the link is."""
    st = game.state
    st.state_pending.discard(link.state_key)  # type: ignore[arg-type]
    if link in st.chain:
        st.chain.remove(link)
    if link.kind != "card":
        game.trace.add("leave_chain", game.data.cite("resolve.leave_chain"), link=LinkRef(link.uid))
        return
    if not st.is_current(link.source):
        return
    card = st.cards[link.source.id]
    info = game.data.types.get(card.type, {})
    stays = info.get("permanent") or bool((card.play or {}).get("continuous"))
    if stays:  # [resolve.last_step]: it enters the field [enter]
        attach_slot = (card.play or {}).get("attach")
        attach_to = None
        if attach_slot:
            objs = [o for o in targets.recheck(game, link)[0].get(attach_slot, [])]
            attach_to = objs[0] if objs else None
        events.emit(game, events.Event("move", link.source, player=link.controller, data={
            "to": info["enters"], "controller": link.controller, "attach_to": attach_to,
            "face_down": bool((card.play or {}).get("face_down")), "cites": game.data.cite("resolve.last_step", "enter"),
        }))
    else:  # [resolve.last_step]: any other card goes to its owner's graveyard zone if still on the chain
        game.trace.add("to_salvage", game.data.cite("resolve.last_step"), card=link.source, zone=_zone(game.data.graveyard))
        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "silent",
                                                                  "own_resolution": True}))
    if game.data.raw.get("played_event") == "resolved":  # [play.trigger]: "when you play …" once it has resolved
        card = st.cards[link.source.id]
        events.emit(game, events.Event("played", card.ref, player=link.controller, data={
            "link": link.uid, "trigger_cites": game.data.cite("play.trigger")}))


def reason_text(game: "Game", why: str, args: dict[str, object] | None = None) -> Text:
    """A reason word from the game's data file (``why_<reason>``; a test checks every reason has one)."""
    return game.data.text(f"why_{why}", **(args or {}))


def _zone(z: str):  # type: ignore[no-untyped-def]
    from judge.engine.refs import ZoneRef

    return ZoneRef(z)
