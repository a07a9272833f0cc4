"""Countering (反制 in the FAQ; 无效化 in the rules' 206 example) and what is not countering.

A chain item that "can't be countered" stays a legal target of a counter; the counter fails (FAQ vendetta-05). Gaining
control of a chain item is not countering it, so "can't be countered" does not stop it (vendetta-06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.context import Context
from judge.engine.language.shapes import Bool, Enum, Map, Str
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.targets import link_slot
from judge.engine.refs import LinkRef, PlayerRef

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link

MECHANISM = Mechanism("riftbound.counter", "countering, and gaining control of chain items",
                      requires=("resolution", "continuous", "targets"))
M = MECHANISM


def protected(game: "Game", link: "Link") -> bool:
    """Does a rule effect on the board say this chain item can't be countered (``cannot: [be_countered]`` with
    ``links:`` naming whose items, from the ability's controller's point of view, while its condition holds)?"""
    from judge.games.riftbound.rules import active

    for card in game.state.cards.values():
        if not game.is_field(card.zone):
            continue
        for ab in card.all_abilities():
            if ab.get("kind") != "continuous" or "be_countered" not in (ab.get("cannot") or ()) or "links" not in ab:
                continue
            who = (ab.get("links") or {}).get("controller", "you")
            mine = link.controller == card.controller
            if (who == "you") == mine and active(game, card, ab):
                return True
    return False


@M.declare("step", "counter", Str(min_len=1), check=link_slot, doc="each chain item chosen (a slot with on_chain) leaves "
           "the chain for its owner's trash, unless it can't be countered", rules=("instruction.negated", "counter.cannot"),
           phrases=("counter_cannot", "interrupted"))
def counter_op(game: "Game", ctx: "Context", slot: Any) -> bool:
    """``counter: SLOT``: each chain item chosen leaves the chain for its owner's trash — unless it can't be countered,
    and then the instruction is negated."""
    from judge.engine.mechanisms.resolution import interrupt

    done = False
    for obj in ctx.legal.get(slot, []):
        other = game.state.link(obj.uid) if isinstance(obj, LinkRef) else None
        if other is None or (ctx.link is not None and other.uid == ctx.link.uid):
            continue
        if protected(game, other):
            game.trace.add("counter_cannot", game.data.cite("instruction.negated", "counter.cannot"), link=obj)
            continue
        interrupt(game, other, by_game=False)
        done = True
    return done


@M.declare("step", "gain_control", Str(min_len=1), check=link_slot, doc="the link's controller now controls the chosen "
           "chain item (and its card)", rules=("chain.control",), phrases=("gain_control",))
def gain_control_op(game: "Game", ctx: "Context", slot: Any) -> bool:
    """``gain_control: SLOT``: the link's controller now controls the chosen chain item (and its card)."""
    done = False
    for obj in ctx.legal.get(slot, []):
        other = game.state.link(obj.uid) if isinstance(obj, LinkRef) else None
        if other is None:
            continue
        other.controller = ctx.controller
        if other.kind == "card" and game.state.is_current(other.source):
            game.state.cards[other.source.id].controller = ctx.controller
        game.trace.add("gain_control", game.data.cite("chain.control"), player=PlayerRef(ctx.controller), link=obj)
        done = True
    return done


M.word("cannot", "be_countered", Bool(), doc="a chain item that can't be countered (links: whose)")
M.word("ability.continuous", "links", Map({"controller": Enum(("you", "opponent"))}),
       doc="for a rule effect on chain items (can't be countered): whose items, from its controller's view")
