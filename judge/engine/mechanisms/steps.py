"""The steps of an instruction (the effect language), done in text order [effect.text_order]: a step is a mapping
with one word of the place ``step`` (``damage``, ``move`` …) and optional fields: ``text`` (how the trace names it),
"if you do" [effect.if_you_do] and "if you cannot" [effect.if_not_done]. Steps that cannot be done are skipped; the
rest still happen. An instruction about targets that are no longer legal is ignored where the game's rules say so
[instruction.ignored]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from judge.engine.context import Context, cards
from judge.engine.language.shapes import Field, ListOf, Ref, Str
from judge.engine.language.words import Mechanism, OneKey
from judge.engine.refs import CardRef, Text

if TYPE_CHECKING:
    from judge.engine.game import Game

MECHANISM = Mechanism("steps", "the steps of an instruction, in text order; if you do, if you cannot",
                      requires=("references", "numbers", "conditions", "filters"))
M = MECHANISM
TEXTS = ("text", "text_en")
MODIFIERS = ("if_you_do", "if_not_done")

M.place("step", "one step of an instruction: {word: argument}, with text:, if_you_do:, if_not_done:", unknown="unknown_op",
        several="several_ops", common={
            "text": Field(Str(), "how the trace names the step (its printed words)"),
            "text_en": Field(Str(), "the same in English"),
            "if_you_do": Field(Ref("steps"), "steps done only if this step was done [effect.if_you_do]"),
            "if_not_done": Field(Ref("steps"), "steps done only if this step could not be done [effect.if_not_done]"),
        })
STEP = M.define("step", OneKey("step", doc="one step of the effect language"))
STEPS = M.define("steps", ListOf(Ref("step"), doc="steps, done in text order"))


def op_key(op: dict[str, Any]) -> str:
    """The word of a step: its one key that is not a modifier or a text, wherever it stands."""
    return next(k for k in op if k not in MODIFIERS and k not in TEXTS)


def run_ops(game: "Game", ctx: Context, ops: list[dict[str, Any]]) -> bool:
    """Do each step in text order [effect.text_order]; returns True if every step was fully done."""
    done_all = True
    for op in ops:
        done = run_op(game, ctx, op)
        done_all = done_all and done
    return done_all


def run_op(game: "Game", ctx: Context, op: dict[str, Any]) -> bool:
    game.spend()
    key = op_key(op)
    if ctx.ignored and _refers_only_to(op, ctx.ignored, set(ctx.legal) - ctx.ignored):
        # [instruction.ignored]: an instruction about targets that are no longer legal is not carried out, nor is
        # an instruction linked to it (one that refers to those targets)
        game.trace.add("ignored", game.data.cite("instruction.ignored"), what=op_text(game, op, key))
        return False
    handler = game.data.vocab.handler("step", key)
    if "if_you_do" not in op:
        done = handler(game, ctx, op[key])
    else:  # [effect.if_you_do]: only if all those actions were done; the game's rule says what a replaced one counts as
        made: list[Any] = []
        game.watched.append((game.emit_depth, made))
        try:
            done = handler(game, ctx, op[key])
        finally:
            game.watched.pop()
        replaced = any(ev.replaced for ev in made)
        counts = game.data.if_you_do(done, replaced)
        kind = ("if_you_do_follows" if counts else "if_you_do_replaced") if replaced else \
            ("if_you_do_yes" if counts else "if_you_do_no")
        game.trace.add(kind, game.data.cite("effect.if_you_do"))
        if counts:
            run_ops(game, ctx, op["if_you_do"])
    if "if_not_done" in op:  # [effect.if_not_done]: "if you cannot", the consequence of not doing it
        game.trace.add("if_not_done_yes" if not done else "if_not_done_no", game.data.cite("effect.if_not_done"))
        if not done:
            run_ops(game, ctx, op["if_not_done"])
    return done


def _refers_only_to(op: Any, names: set[str], others: set[str]) -> bool:
    """Does this step refer to some of ``names`` and to none of ``others`` (target slot names)?"""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k not in TEXTS:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(op)
    return bool(found & names) and not found & others


def op_text(game: "Game", op: dict[str, Any], key: str) -> Text:
    """How the trace names a step: its own text, else the word for its operation."""
    if op.get("text"):  # in English: its English text, else the operation's word (never the Chinese text)
        word = game.data.word(f"op_{key}", "en") if f"op_{key}" in game.data.words else ""
        return Text(str(op["text"]), str(op.get("text_en") or word))
    return game.data.text(f"op_{key}") if f"op_{key}" in game.data.words else Text(key, key)


def on_field(game: "Game", ref: CardRef) -> bool:
    """[effect.field_only]: effects touch cards on the field unless they name another zone."""
    return game.state.is_current(ref) and game.is_field(game.state.cards[ref.id].zone)


def each_card(ctx: Context, spec: Any, act: Callable[[CardRef], bool], cant: str) -> bool:
    """Do ``act`` to each card ``spec`` names (they become "that"); a step naming none cannot be done."""
    refs = cards(ctx, spec)
    if not refs:
        ctx.game.trace.add("cannot", ctx.game.data.cite("effect.text_order"), what=ctx.game.data.text(f"op_{cant}"))
        return False
    results = [act(r) for r in refs]
    ctx.that = refs
    return all(results)


