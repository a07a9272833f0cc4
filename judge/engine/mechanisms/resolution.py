"""Resolving the top link [resolve.steps] once every player passes [resolve.all_passed]: targets re-checked
[resolve.recheck], a link with none left interrupted by the game [resolve.fizzle], the steps done, the last step by what
the link is [resolve.last_step]; interrupting a link [interrupt]; the actions ``pass``, ``resolve`` and
``resolve_all`` (a repeating state is a loop [loop.found])."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import events
from judge.engine.context import Context, test_condition
from judge.engine.errors import InvalidInput
from judge.engine.language.shapes import Const, Either, Int, Ref, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms import targets
from judge.engine.mechanisms.steps import run_ops
from judge.engine.refs import LinkRef, PlayerRef, Text, ZoneRef
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
                       targets=[o for o, _ in illegal] + tracked_bad, reason=[game.data.reason(r) for r in reasons])
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
    ctx = Context(game, link, link.controller, link.source, dict(link.bindings), legal=legal)
    if ignore:  # [instruction.ignored]: the slots whose every target is no longer legal
        ctx.ignored = {name for name, objs in link.targets.items() if objs and not legal.get(name) and "#" not in name}
    with game.batch(link.uid):  # [replacement.next]: what this resolution does is one "next time"
        run_ops(game, ctx, instructions(link))
        for n in range(2, link.repeats + 2):  # [keyword.repeat]: its instructions once more, with their own choices
            _execute_again(game, link, instructions(link, n), n)
    finish(game, link)
    game.resolved.append((link.uid, link.source.id, "resolved"))
    game.give_priority(game.state.turn, game.data.cite("resolve.priority"))


def instructions(link: Link, n: int = 1) -> list[dict[str, object]]:
    """What the link's n-th execution carries out: its text's instructions, then those of the modes chosen for it."""
    ops = list(link.text.get("do") or [])
    mode_opts = (link.text.get("modes") or {}).get("options") or []
    for i in link.modes_of(n):
        ops += list(mode_opts[i].get("do") or [])
    return ops


def _execute_again(game: "Game", link: Link, ops: list[dict[str, object]], n: int) -> None:
    """[keyword.repeat]: the n-th execution of a link's instructions: the targets chosen for it (``slot#n``), each
    checked again now; an instruction whose targets are no longer legal is ignored [instruction.ignored]."""
    game.trace.add("repeat_exec", game.data.cite("keyword.repeat"), link=LinkRef(link.uid), amount=n)
    legal, _ = targets.recheck(game, link)
    own = {name.split("#")[0]: objs for name, objs in legal.items() if name.endswith(f"#{n}")}
    chosen = {name.split("#")[0]: objs for name, objs in link.targets.items() if name.endswith(f"#{n}")}
    ctx = Context(game, link, link.controller, link.source, dict(link.bindings), legal=own)
    ctx.ignored = {name for name, objs in chosen.items() if objs and not own.get(name)}
    run_ops(game, ctx, ops)


def _if_clause_holds(game: "Game", link: Link) -> bool:
    """[trigger.if_clause]: a triggered ability whose trigger is followed by "if …" checks it again as it resolves;
    if it no longer holds, the ability does nothing."""
    cond = (link.text.get("when") or {}).get("if") if link.kind == "trigger" else None
    if cond is None:
        return True
    ctx = Context(game, link, link.controller, link.source, dict(link.bindings))
    ok = test_condition(game, ctx, cond)
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
        game.trace.add("to_salvage", game.data.cite("resolve.last_step"), card=link.source, zone=ZoneRef(game.data.graveyard))
        events.emit(game, events.Event("move", link.source, data={"to": game.data.graveyard, "cause": "silent",
                                                                  "own_resolution": True}))
    if game.data.raw.get("played_event") == "resolved":  # [play.trigger]: "when you play …" once it has resolved
        card = st.cards[link.source.id]
        events.emit(game, events.Event("played", card.ref, player=link.controller, data={
            "link": link.uid, "trigger_cites": game.data.cite("play.trigger")}))


# --- the language ---------------------------------------------------------------------------------------------------
MECHANISM = Mechanism("resolution", "passing, resolving, interrupting", requires=("targets", "steps", "actions", "loops"))
M = MECHANISM


@M.declare("action", "pass", Ref("player_id"), doc="the player holding priority passes",
           rules=("priority.pass",), phrases=("pass",))
def act_pass(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    player = action["pass"]
    if game.state.priority != player:
        raise InvalidInput("no_priority", path, player=player, holder=game.state.priority)
    game.trace.add("pass", game.data.cite("priority.pass"), player=PlayerRef(player))
    game.state.priority = game.state.seat_order_from(player)[1]


@M.declare("action", "resolve", Either(Const(True), Int(1)), doc="every player passes: the top link resolves (a number: "
                                                              "that many times)", rules=("resolve.all_passed",))
def act_resolve(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    n = int(action.get("resolve") or 1) if action.get("resolve") is not True else 1
    for _ in range(n):
        if not game.state.chain:
            raise InvalidInput("resolve_empty", path)
        game.spend(1 + len(game.state.cards))
        all_pass_and_resolve(game)


@M.declare("action", "resolve_all", Const(True), doc="every player keeps passing until the chain is empty (a repeating "
                                                      "state is a loop)", rules=("loop.found",))
def act_resolve_all(game: "Game", action: dict[str, Any], path: tuple[Any, ...]) -> None:
    """Every player keeps passing until the chain is empty; a repeating state is a loop [loop.found]."""
    from judge.engine.mechanisms.loops import Detector

    guard = 0
    detector = Detector(game)
    while game.state.chain:
        game.spend(1 + len(game.state.cards))
        all_pass_and_resolve(game)
        detector.step()
        guard += 1
        if guard > 5000:
            raise InvalidInput(game.runaway("resolutions", repeats=True), path)


def _interrupt_slot(value: Any, at: Any) -> None:
    targets.link_slot(value, at)


@M.declare("step", "interrupt", Str(min_len=1), doc="interrupt the targeted link(s): they leave the chain doing nothing "
                                                    "(the slot: a target slot with on_chain)", check=_interrupt_slot,
           rules=("interrupt", "interrupt.to_graveyard"), phrases=("interrupted",))
def interrupt_step(game: "Game", ctx: Context, spec: Any) -> bool:
    """[interrupt]: interrupt the targeted link(s)."""
    done = False
    for obj in ctx.legal.get(spec, []):
        if isinstance(obj, LinkRef):
            other = game.state.link(obj.uid)
            if other is not None and (ctx.link is None or other.uid != ctx.link.uid):  # [interrupt]: not itself
                interrupt(game, other, by_game=False)
                done = True
    return done
