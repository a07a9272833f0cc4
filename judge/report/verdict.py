"""The 裁定结论 at the top of a report, generated from the run: what happens (the board's changes, each with the
step that made it, and the links that left the chain without resolving), the decisive rules, and whether the
run agrees with the scenario's expectations — or, for a stopped run, whose choice it stopped at."""

from __future__ import annotations

from typing import Any

from judge.corpus.store import Corpus
from judge.report.lexicon import Lexicon
from judge.report.sentences import Describer
from judge.report.words import Seg

MAX_FACTS = 5
MAX_RULES = 5


def _mentions(value: Any, ref: dict[str, Any]) -> bool:
    """True when a step argument (in the trace's JSON form) holds ``ref`` (``{"card": id}``, ``{"zone": z}`` …)."""
    if value == ref:
        return True
    if isinstance(value, list):
        return any(_mentions(v, ref) for v in value)
    if isinstance(value, dict):
        return any(_mentions(v, ref) for v in value.values())
    return False


def _last_step(steps: list[dict[str, Any]], *refs: dict[str, Any]) -> dict[str, Any] | None:
    """The last step with citations whose arguments hold every one of ``refs``."""
    for step in reversed(steps):
        if step.get("cites") and all(_mentions(step.get("args"), r) for r in refs):
            return step
    return None


def _card_facts(lex: Lexicon, cid: str, b: dict[str, Any] | None, a: dict[str, Any],
                steps: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any] | None]]:
    w, card = lex.w, lex.card(cid)
    me = {"card": cid}
    out: list[tuple[str, dict[str, Any] | None]] = []
    if b is None:
        return [(w("v_appears", card=card, to=lex.zone(a.get("zone"))), _last_step(steps, me))]
    if a.get("zone") != b.get("zone"):
        step = _last_step(steps, me, {"zone": a.get("zone")}) or _last_step(steps, me)
        out.append((w("v_moved", card=card, **{"from": lex.zone(b.get("zone")), "to": lex.zone(a.get("zone"))}), step))
    diff = int(a.get("damage") or 0) - int(b.get("damage") or 0)
    if diff and a.get("zone") == b.get("zone"):  # damage leaves with a card that changes zones
        key = "v_damage" if diff > 0 else "v_repaired"
        out.append((w(key, card=card, n=abs(diff), word=lex.gword("damage")), _last_step(steps, me)))
    for key, yes, no in (("exhausted", "v_exhausted", "v_readied"), ("face_down", "v_face_down", "v_face_up")):
        if bool(a.get(key)) != bool(b.get(key)) and a.get("zone") == b.get("zone"):
            out.append((w(yes if a.get(key) else no, card=card), _last_step(steps, me)))
    if a.get("controller") != b.get("controller"):
        out.append((w("v_controller", card=card, player=lex.player(a.get("controller"))), _last_step(steps, me)))
    if (a.get("counters") or {}) != (b.get("counters") or {}):
        counters = lex.counters(a.get("counters") or {}) or w("none")
        out.append((w("v_counters", card=card, counters=counters), _last_step(steps, me)))
    return out


def _link_facts(describer: Describer, expectations: list[dict[str, Any]]) -> list[str]:
    """Links that left the chain without resolving, as the run found them (the actual values, pass or fail)."""
    out: list[str] = []
    for e in expectations:
        exp, actual = e["expect"], e["actual"]
        pairs = []
        if "link" in exp and isinstance(actual, list):
            pairs = [(exp["link"], o) for o in actual]
        elif "outcomes" in exp and isinstance(actual, list):
            pairs = [tuple(p) for p in actual if isinstance(p, (list, tuple)) and len(p) == 2]
        for src, outcome in pairs:
            if outcome != "resolved":
                text = describer.actual({"link": src}, [outcome])
                if text not in out:
                    out.append(text)
    return out


def _step_label(lex: Lexicon, step: dict[str, Any] | None) -> list[Seg]:
    if step is None:
        return []
    return [{"text": lex.w("v_at_step", n=step["n"]), "href": f"#step-{step['n']}"}]


def rule_links(lex: Lexicon, ids: list[str], anchors: dict[str, str]) -> list[Seg]:
    """Rule ids joined as a list, each linked to its block when the page has one."""
    out: list[Seg] = []
    for i, rid in enumerate(ids):
        if i:
            out.append({"text": lex.w("list_sep"), "href": None})
        out.append({"text": rid, "href": f"#{anchors[rid]}" if rid in anchors else None})
    return out


def verdict(res: dict[str, Any], before: dict[str, Any], lex: Lexicon, describer: Describer, corpus: Corpus,
            game: str, source: dict[str, Any], anchors: dict[str, str], choice_cites: list[str]) -> dict[str, Any]:
    """Three sentences as segments: ``what`` happens, the decisive ``rules``, the ``outcome`` against the expectations;
    and the ``decisive`` rule ids themselves (the report shows their full texts beside the verdict).

    ``anchors``: rule id → its block's anchor in the page (rules without a block are not linked).
    """
    w = lex.w
    steps = res.get("steps") or []
    after = res.get("final_state") or {}
    expectations = res.get("expectations") or []

    # what happens: cards named by the expectations first, then the others in the file's order
    named = [e["expect"].get("card") or e["expect"].get("link") for e in expectations]
    order = {c: i for i, c in enumerate(after.get("cards") or {})}
    cids = sorted(order, key=lambda c: (named.index(c) if c in named else len(named), order[c]))
    facts: list[tuple[str, dict[str, Any] | None]] = []
    for cid in cids:
        facts += _card_facts(lex, cid, (before.get("cards") or {}).get(cid), after["cards"][cid], steps)
    facts += [(t, None) for t in _link_facts(describer, expectations)]
    for pid, info in (after.get("players") or {}).items():
        was = ((before.get("players") or {}).get(pid) or {}).get("resources")
        if was is not None and was != info.get("resources"):
            facts.append((w("v_resources", player=lex.player(pid), a=was, b=info.get("resources")), None))
    shown, rest = facts[:MAX_FACTS], len(facts) - MAX_FACTS
    items: list[Seg] = []
    for i, (text, step) in enumerate(shown):
        if i:
            items.append({"text": w("clause_sep"), "href": None})
        items += [{"text": text, "href": None}, *_step_label(lex, step)]
    if rest > 0:
        items.append({"text": w("clause_sep") + w("and_more", n=rest), "href": None})
    what = w.segs("v_what", facts=items or [{"text": w("v_nothing"), "href": None}])

    # the decisive rules: the ruling's own rule, those the expectations require, those of the steps above
    ids: list[str] = []
    if source.get("kind") in ("example", "variant") and source.get("rule"):
        ids.append(str(source["rule"]))
    ids += [str(e["expect"]["cites"]) for e in expectations if "cites" in e["expect"] and e["pass"]]
    ids += list(choice_cites)
    for _, step in shown:
        ids += list(step["cites"]) if step else []
    known = [i for i in ids if game in corpus.games and corpus.get(game, i) is not None]
    ids = list(dict.fromkeys(known))[:MAX_RULES]
    rule_items: list[Seg] = []
    for i, rid in enumerate(ids):
        rule = corpus.get(game, rid)
        if i:
            rule_items.append({"text": w("list_sep"), "href": None})
        linked = [{"text": rid, "href": f"#{anchors[rid]}" if rid in anchors else None}]
        rule_items += w.segs("v_rule_item", id=linked, title=str(rule.title or "") if rule else "")
    rules = w.segs("v_rules", rules=rule_items) if rule_items else []

    # the outcome against the expectations, or where the run stopped
    status = res.get("status")
    if status == "stopped" and res.get("open_choice"):
        text = w("v_stopped", who=describer.ask(res["open_choice"]))
        cited = rule_links(lex, choice_cites, anchors)
        outcome = [{"text": text, "href": None}, *(w.segs("v_stopped_rule", rules=cited) if choice_cites else []),
                   {"text": w("stop"), "href": None}]
    else:
        failing = [e for e in expectations if not e["pass"]]
        if not expectations:
            text = w("v_no_expectations")
        elif failing:
            text = w("v_fail", k=len(failing), n=len(expectations),
                     list=w("clause_sep").join(describer.expectation(e["expect"]) for e in failing))
        else:
            text = w("v_pass", n=len(expectations))
            if source.get("kind") == "example" and source.get("rule"):
                text += w("v_pass_source", source=w("source_example", rule=source["rule"]))
            elif source.get("kind") == "faq" and source.get("entry"):
                text += w("v_pass_source", source=w("source_faq", entry=source["entry"]))
        unused = res.get("unused_choices") or []
        if unused:
            text += w("clause_sep") + w("v_unused", k=len(unused))
        outcome = [{"text": text + w("stop"), "href": None}]
    return {"what": what, "rules": rules, "outcome": outcome, "decisive": ids}
