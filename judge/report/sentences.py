"""Plays, choices, expectations and open choices of a scenario as sentences in the judge's language, never as
the file's keys: "你使用毁灭打击，指定窥视者奥萨罗为目标"; "逝者阿尔贝托在星系漩涡"."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from judge.report.lexicon import Lexicon
from judge.report.words import fill

# Choices made while a link is added (707.1): said in the same sentence as the play that adds it.
_ADDING = ("target", "count", "mode", "x", "distribute", "alt_cost", "cost_card")
_CARD_STATS = ("power", "health", "armor")


@lru_cache(maxsize=1)
def _words_of(place: str) -> frozenset[str]:
    """The words of a place in any game's vocabulary (an action, a kind of choice)."""
    from judge.games import games_with_engine, load_game

    return frozenset(w for g in games_with_engine() for w in load_game(g).vocab.words(place))


def _action_kinds() -> frozenset[str]:
    return _words_of("action")


def action_kind(action: Any) -> str:
    """The kind of an action entry (``resolve_all``, ``{play: …}``): its known kind key wherever it stands."""
    if isinstance(action, str):
        return action
    return next((k for k in action if k in _action_kinds()), next(iter(action), ""))


def choice_kind(choice: dict[str, Any]) -> str:
    """The kind of a choice entry: its word (a kind of choice of the games' vocabularies) wherever it stands."""
    return next((k for k in choice if k in _words_of("choice")),
                next((k for k in choice if k not in ("for", "by", "slot", "note", "illegal")), ""))


class Describer:
    """Turns the entries of a scenario file (and a run's values) into sentences with a :class:`Lexicon`."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.w = lex.w

    # --- plays and choices ------------------------------------------------------------------------------
    def plays(self, actions: list[Any], choices: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
        """The actions as sentences, each play with the choices made as its link is added; then the other choices."""
        used: set[int] = set()
        out = []
        for action in actions:
            text = self.action(action)
            kind = action_kind(action)
            if kind in ("play", "use") and isinstance(action, dict):
                card = action.get(kind)
                for i, c in enumerate(choices):
                    if i not in used and c.get("for") == card and choice_kind(c) in _ADDING:
                        used.add(i)
                        text += self.w("comma") + self.answer(choice_kind(c), c[choice_kind(c)])
            out.append(text)
        rest = [self.choice(c) for i, c in enumerate(choices) if i not in used]
        return out, rest

    def action(self, action: Any) -> str:
        w, lex = self.w, self.lex
        kind = action_kind(action)
        a = action if isinstance(action, dict) else {}
        value = a.get(kind)
        by = lex.player(a.get("by")) if a.get("by") else ""
        if kind == "play":
            return w("act_play_free" if a.get("free") else "act_play", by=by, card=lex.card(value))
        if kind == "use":
            ability = a.get("ability")
            if isinstance(ability, int) and not isinstance(ability, bool):
                return w("act_use_index", by=by, card=lex.card(value), n=ability + 1)
            if ability:
                return w("act_use_named", by=by, card=lex.card(value), ability=ability)
            return w("act_use", by=by, card=lex.card(value))
        if kind == "resolve":
            return w("act_resolve_n", n=value) if isinstance(value, int) and value not in (True, 1) else w("act_resolve")
        if kind == "resolve_all":
            return w("act_resolve_all")
        if kind in ("pass", "draw"):
            return w(f"act_{kind}", player=lex.player(value))
        if kind == "end_turn":
            return w("act_end_turn_to", player=lex.player(value)) if isinstance(value, str) else w("act_end_turn")
        if kind == "attack":
            return w("act_attack", card=lex.card(value), target=lex.thing(a.get("target")))
        if kind in ("combat_damage", "end_combat"):
            return w(f"act_{kind}")
        if kind == "check":
            checks = value if isinstance(value, list) else [value]
            return w("act_check", what=w("clause_sep").join(self.expectation(c) for c in checks if isinstance(c, dict)))
        return w("act_unknown", kind=kind)

    def choice(self, c: dict[str, Any]) -> str:
        kind = choice_kind(c)
        what = self.answer(kind, c.get(kind))
        player = self.lex.player(c["by"]) if c.get("by") else None
        card = self.lex.card(c["for"]) if c.get("for") else None
        if player and card:
            return self.w("choice_by_for", player=player, card=card, what=what)
        if card:
            return self.w("choice_for", card=card, what=what)
        if player:
            return self.w("choice_by", player=player, what=what)
        return self.w("choice_any", what=what)

    def answer(self, kind: str, value: Any) -> str:
        """One answer (or legal option) of a choice of ``kind``, as a clause."""
        w, lex = self.w, self.lex
        yes = value is True or value == "yes"
        if kind == "target":
            return w("ch_target", cards=lex.thing(value if isinstance(value, list) else [value]))
        if kind in ("count", "x"):
            return w(f"ch_{kind}", n=value)
        if kind == "distribute" and isinstance(value, dict):
            return w("ch_distribute", parts=w.join([w("ch_share", card=lex.thing(k), n=n) for k, n in value.items()]))
        if kind == "mode":
            modes = value if isinstance(value, list) else [value]
            return w("ch_mode", modes=w.join([str(m) for m in modes]))
        if kind in ("alt_cost", "pay", "may"):
            return w(f"ch_{kind}_{'yes' if yes else 'no'}")
        if kind in ("cost_card", "new_target", "unique", "card"):
            return w(f"ch_{kind}", card=lex.thing(value))
        if kind == "sacrifice":
            return w("ch_sacrifice", cards=lex.thing(list(value) if isinstance(value, (list, tuple)) else [value]))
        if kind == "name":
            return w("ch_name", value=lex.card_type(value))
        if kind in ("order", "timestamps"):
            return w(f"ch_{kind}", cards=lex.thing(list(value) if isinstance(value, (list, tuple)) else [value]))
        if kind == "discard":
            items = value if isinstance(value, (list, tuple)) else [value]
            return w("ch_discard", cards=lex.thing(list(items))) if items else w("ch_discard_none")
        if kind == "remake":
            items = value if isinstance(value, (list, tuple)) else [value]
            return w("ch_remake", parts=w.join([self._part(str(i)) for i in items])) if items else w("ch_remake_none")
        if kind == "replacement":
            return w("ch_replacement_none") if value == "none" else w("ch_replacement", card=lex.thing(value))
        if kind == "loop":
            if isinstance(value, dict) and "min" in value:
                return w("ch_loop", n=w("ch_loop_range", min=value["min"], max=value["max"]))
            return w("ch_loop", n=value)
        return w("ch_other", kind=kind, value=lex.thing(value))

    def _part(self, part: str) -> str:
        """One choice of a chain item made again (``mode``, ``target#2``, a slot's own name), in words."""
        from judge.engine.mechanisms.targets import split_run

        base, n = split_run(part)
        what = self.w("ch_part_mode") if base == "mode" else self.w("ch_part_target") if base == "target" else \
            self.w("ch_part_slot", slot=base)
        return self.w("ch_part_run", n=n, what=what) if n > 1 else what

    def ask(self, open_choice: dict[str, Any]) -> str:
        """Who must decide what, for an open choice (``open_choice`` of a run's JSON)."""
        kind = str(open_choice.get("kind"))
        key = f"ask_{kind}" if self.w.has(f"ask_{kind}") else "ask_other"
        what = self.w(key, kind=kind)
        player = self.lex.player(open_choice.get("player"))
        if open_choice.get("for"):
            return self.w("open_who_for", player=player, card=self.lex.card(open_choice["for"]), what=what)
        return self.w("open_who", player=player, what=what)

    # --- expectations -----------------------------------------------------------------------------------
    def expectation(self, exp: dict[str, Any]) -> str:
        """What an expectation asks for, as a sentence (its ``note`` is shown apart)."""
        return self._state(exp, exp)

    def actual(self, exp: dict[str, Any], actual: Any) -> str:
        """What the run actually gave for ``exp``, in the same words."""
        w = self.w
        if "card" in exp or "player" in exp:
            return self._state(exp, {**exp, **actual} if isinstance(actual, dict) else exp)
        if "chain" in exp or "priority" in exp or "result" in exp:
            key = next(k for k in ("chain", "priority", "result") if k in exp)
            return self._state(exp, {key: actual})
        if "cites" in exp or "not_cites" in exp:
            return w("ex_cited_yes" if actual else "ex_cited_no")
        if "step" in exp or "no_step" in exp:
            return w("ex_step_seen", n=actual)
        if "link" in exp:
            items = [w(f"outcome_{o}") if w.has(f"outcome_{o}") else str(o) for o in actual or []]
            return w("ex_link", card=self.lex.card(exp["link"]), outcome=w.join(items)) if items else \
                w("ex_link_none", card=self.lex.card(exp["link"]))
        if "outcomes" in exp:
            return self._state(exp, {"outcomes": actual})
        if "explain" in exp:
            return self._state(exp, {"explain": actual})
        if "refused" in exp:  # the legal options each refusal named
            found = list(actual or [])
            return self._state(exp, {"legal": found[0]}) if found else w("ex_refused_none")
        if "shield" in exp:
            return self._state(exp, {"left": actual})
        if "applied" in exp:
            return self._state(exp, {"applied": actual})
        return str(actual)

    def _state(self, exp: dict[str, Any], v: dict[str, Any]) -> str:
        w, lex = self.w, self.lex
        if "card" in exp:
            return w("clause_sep").join(self._card_fields(exp["card"], v)) or lex.card(exp["card"])
        if "player" in exp:
            p = lex.player(exp["player"])
            return w("clause_sep").join(w(f"ex_{k}", player=p, n=v[k]) for k in ("hand", "resources", "deck", "units")
                                        if k in v) or p
        if "chain" in exp:
            chain = list(v["chain"] or [])
            return w("ex_chain", cards=lex.thing(chain)) if chain else w("ex_chain_empty")
        if "priority" in exp:
            return w("ex_priority", player=lex.player(v["priority"])) if v["priority"] else w("ex_priority_none")
        if "link" in exp:
            outcome = str(exp.get("outcome"))
            return w("ex_link", card=lex.card(exp["link"]), outcome=self._outcome(outcome))
        if "outcomes" in exp:
            items = [w("ex_outcome_item", card=lex.thing(src), outcome=self._outcome(str(o))) for src, o in v["outcomes"] or []]
            return w("ex_outcomes", list=w.join(items)) if items else w("ex_outcomes_none")
        if "cites" in exp:
            return w("ex_cites", rule=exp["cites"])
        if "not_cites" in exp:
            return w("ex_not_cites", rule=exp["not_cites"])
        if "step" in exp or "no_step" in exp:
            step = self.step_like(str(exp.get("step") or exp.get("no_step")), exp.get("with") or {})
            if "no_step" in exp:
                return w("ex_no_step", step=step)
            lead = w("ex_step_after", after=self.step_like(str(exp["after"]), {})) if "after" in exp else ""
            return lead + (w("ex_step_count", n=exp["count"], step=step) if "count" in exp else w("ex_step", step=step))
        if "result" in exp:
            return w("ex_result_draw") if v["result"] == "draw" else w("ex_result_none")
        if "explain" in exp:
            return w("clause_sep").join(self._explain(key, rows) for key, rows in (v["explain"] or {}).items())
        if "refused" in exp:
            card = lex.card(exp["refused"])
            if v.get("legal") is None:
                return w("ex_refused", card=card)
            return w("ex_refused_legal", card=card, options=w.join([lex.thing(o) for o in v["legal"]]) or w("none"))
        if "shield" in exp:
            return w("ex_shield", card=lex.card(exp["shield"]), n=v.get("left"), word=lex.gword("damage"))
        if "applied" in exp:
            cards = list(v.get("applied") or [])
            if not cards:
                return w("ex_applied_none")
            if "to" in exp:
                return w("ex_applied_to", target=lex.card(exp["to"]), cards=lex.thing(cards))
            return w("ex_applied", cards=lex.thing(cards))
        return w("ex_unknown", kind=next(iter(exp), ""))

    def _card_fields(self, cid: str, v: dict[str, Any]) -> list[str]:
        w, lex = self.w, self.lex
        card = lex.card(cid)
        out = []
        for key in ("zone", "damage", "exhausted", "face_down", "controller", "attached_to", "counters", "granted",
                    *_CARD_STATS, "attacking", "copies"):
            if key not in v:
                continue
            val = v[key]
            if key == "zone":
                out.append(w("ex_zone", card=card, zone=lex.zone(val)))
            elif key == "damage":
                out.append(w("ex_damage", card=card, n=val, word=lex.gword("damage")))
            elif key in ("exhausted", "face_down", "attacking"):
                out.append(w(f"ex_{key}_{'yes' if val else 'no'}", card=card))
            elif key == "controller":
                out.append(w("ex_controller", card=card, player=lex.player(val)))
            elif key == "attached_to":
                out.append(w("ex_attached", card=card, target=lex.card(val)) if val else w("ex_not_attached", card=card))
            elif key == "counters":
                counters = lex.counters(val or {})
                out.append(w("ex_counters", card=card, counters=counters) if counters else w("ex_no_counters", card=card))
            elif key in _CARD_STATS:
                word = lex.gword(key)
                out.append(w("ex_stat", card=card, word=word, n=val) if val is not None else w("ex_stat_none", card=card, word=word))
            else:
                out.append(w(f"ex_{key}", card=card, n=val))
        return out

    def _outcome(self, outcome: str) -> str:
        key = f"outcome_{outcome}"
        return self.w(key) if self.w.has(key) else outcome

    def _explain(self, key: str, rows: list[Any]) -> str:
        w, lex = self.w, self.lex
        cid, _, char = str(key).partition(".")
        items = []
        for row in rows or []:
            if not isinstance(row, dict):
                items.append(w("ex_explain_item", card=lex.card(row)))
                continue
            bits = []
            if row.get("reason"):
                bits.append(w("ex_explain_reason", reason=lex.gword(f"explain_{row['reason']}")))
            if row.get("depends_on"):
                bits.append(w("ex_explain_depends", cards=lex.thing(list(row["depends_on"]))))
            item = w("ex_explain_item", card=lex.card(row.get("source")))
            items.append(item + (w("paren", x=w("comma").join(bits)) if bits else ""))
        return w("ex_explain", card=lex.card(cid), word=lex.gword(char), list=w.join(items))

    def step_like(self, kind: str, with_args: dict[str, Any]) -> str:
        """A trace step of ``kind`` in the game's own phrase, the arguments given filled in and the rest left as …"""
        phrase = self.lex.phrase(kind)
        if phrase is None:
            return self.w("quote", x=kind)
        args = {k: self.lex.thing(v) for k, v in with_args.items()}
        return self.w("quote", x=fill(phrase, args))
