"""One ruling report: the board before and after, the plays, every step with its citations, the cited
rules' text, the expectations, the ruling's source and the corpus version — as HTML or Markdown."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from judge.corpus.store import Corpus
from judge.report.meta import CorpusMeta
from judge.report.runs import ScenarioRun, card_names, initial_state, player_names



def zone_names(game: str) -> dict[str, str]:
    """Zone id → the game's own (Chinese) name, in the game data's order; empty for a game without one."""
    from judge.games import games_with_engine, load_game

    if game not in games_with_engine():
        return {}
    return {z: str(v.get("zh", z)) for z, v in load_game(game).zones.items()}

FORMATS = ("html", "md")
RuleHref = Callable[[str, str], str | None]


def anchor(rule_id: str) -> str:
    """The element id of a rule's block, in a report and on a site page."""
    return f"r-{rule_id}"


@dataclass
class RuleBlock:
    """A cited rule as a report shows it; ``rule`` is None when the corpus does not hold the id."""

    id: str
    anchor: str
    crumbs: list[dict[str, str | None]]
    title: str | None
    text: str | None
    examples: list[dict[str, Any]]
    source: str | None
    href: str | None = None


def rule_block(corpus: Corpus, game: str, rid: str, href: RuleHref | None = None) -> RuleBlock:
    """The block for rule ``rid`` of ``game`` (a placeholder when it is not in the corpus)."""
    rule = corpus.get(game, rid) if game in corpus.games else None
    if rule is None:
        return RuleBlock(rid, anchor(rid), [], None, None, [], None)
    return RuleBlock(
        rule.id, anchor(rule.id),
        [{"id": r.id, "title": r.title} for r in corpus.breadcrumb(rule)],
        rule.title, rule.text, [e.to_dict() for e in rule.examples],
        f"{rule.source.file}:{rule.source.line}", href(game, rule.id) if href else None,
    )


def _name_of(value: Any, cards: dict[str, str], players: dict[str, str]) -> Any:
    if isinstance(value, str):
        if value in cards:
            return f"{cards[value]}（{value}）"
        if value in players:
            return players[value]
        return value
    if isinstance(value, list):
        return [_name_of(v, cards, players) for v in value]
    if isinstance(value, dict):
        return {k: _name_of(v, cards, players) for k, v in value.items()}
    return value


def describe(item: Any, cards: dict[str, str], players: dict[str, str]) -> str:
    """An action, choice or expectation as one line, ids shown with their names."""
    if isinstance(item, str):
        return item
    named = _name_of({k: v for k, v in item.items() if k != "note"}, cards, players)
    return "；".join(
        f"{k}: {v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)}" for k, v in named.items()
    )


def board(state: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """A state (``final_state`` shape) grouped per player and zone, with names, for the templates."""
    cards, players = card_names(data), player_names(data)
    names = zone_names(str(data.get("game", "")))
    order = list(names)
    per_player = []
    for pid, info in state.get("players", {}).items():
        zones: dict[str, list[dict[str, Any]]] = {}
        for cid, c in state.get("cards", {}).items():
            if c.get("controller") != pid:
                continue
            bits = []
            if c.get("exhausted"):
                bits.append("消耗")
            if c.get("face_down"):
                bits.append("面朝下")
            if c.get("damage"):
                bits.append(f"损伤 {c['damage']}")
            if c.get("attached_to"):
                bits.append(f"附着于 {cards.get(c['attached_to'], c['attached_to'])}")
            for k, v in (c.get("counters") or {}).items():
                bits.append(f"{k} 指示物 {v}")
            if c.get("granted"):
                bits.append(f"获得异能 {c['granted']}")
            zones.setdefault(c.get("zone") or "?", []).append({"id": cid, "name": cards.get(cid, cid), "state": bits})
        zone_list = [
            {"id": z, "name": names.get(z, z), "cards": zones[z]}
            for z in sorted(zones, key=lambda z: (order.index(z) if z in order else len(order), z))
        ]
        per_player.append({"id": pid, "name": players.get(pid, pid), "hand": info.get("hand"),
                           "resources": info.get("resources"), "deck": info.get("deck"), "zones": zone_list})
    chain = [
        {"source": cards.get(l.get("source"), l.get("source")), "kind": l.get("kind"),
         "controller": players.get(l.get("controller"), l.get("controller"))}
        for l in reversed(state.get("chain", []))  # top first
    ]
    return {
        "players": per_player, "chain": chain,
        "turn": players.get(state.get("turn"), state.get("turn")),
        "priority": players.get(state.get("priority"), state.get("priority")) if state.get("priority") else None,
    }


def source_info(data: dict[str, Any], corpus: Corpus, faq: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ruling's source: its kind, the rule or FAQ entry it names, and the published text when known."""
    src = data.get("source") or {"kind": "none"}
    if isinstance(src, list):
        src = src[0] if src else {"kind": "none"}
    kind = src.get("kind", "none")
    game = str(data.get("game", ""))
    out: dict[str, Any] = {"kind": kind, "rule": src.get("rule") or src.get("of"), "entry": src.get("entry") or src.get("id"),
                           "quotes": []}
    if kind == "example" and out["rule"] and game in corpus.games:
        rule = corpus.get(game, out["rule"])
        out["quotes"] = [e.text for e in rule.examples] if rule else []
    if kind == "faq" and out["entry"] and faq and out["entry"] in faq:
        e = faq[out["entry"]]
        out["quotes"] = [f"问：{e.question}", f"答：{e.answer}"]
    return out


def context(run: ScenarioRun, corpus: Corpus, meta: CorpusMeta, rule_href: RuleHref | None = None,
            faq: dict[str, Any] | None = None, home: str | None = None) -> dict[str, Any]:
    """Everything the report templates show, from the run's ``to_json`` and the scenario file."""
    if run.result is None:
        raise ValueError(f"{run.name}: {run.error}")
    data, res = run.data, run.result
    game = str(data.get("game", ""))
    cards, players = card_names(data), player_names(data)
    cited: list[str] = []
    for step in res["steps"]:
        cited += [c for c in step["cites"] if c not in cited]
    for e in res["expectations"]:
        for key in ("cites", "not_cites"):
            rid = e["expect"].get(key)
            if isinstance(rid, str) and rid not in cited:
                cited.append(rid)
    src = source_info(data, corpus, faq)
    if src["kind"] in ("example", "variant") and src["rule"] and src["rule"] not in cited:
        cited.append(src["rule"])
    blocks = [rule_block(corpus, game, rid, rule_href) for rid in cited]
    return {
        "name": run.name,
        "title": res.get("title") or data.get("title"),
        "title_en": data.get("title_en"),
        "game": game,
        "status": res["status"],
        "notes": data.get("notes"),
        "source": src,
        "before": board(initial_state(data), data),
        "after": board(res["final_state"], data),
        "actions": [describe(a, cards, players) for a in data.get("actions") or []],
        "choices": [describe(c, cards, players) for c in data.get("choices") or []],
        "steps": [{"n": s["n"], "kind": s["kind"], "text": s["text"],
                   "cites": [{"id": c, "anchor": anchor(c)} for c in s["cites"]]} for s in res["steps"]],
        "expectations": [
            {"text": describe(e["expect"], cards, players), "note": e["expect"].get("note"), "pass": e["pass"],
             "actual": json.dumps(_name_of(e["actual"], cards, players), ensure_ascii=False)}
            for e in res["expectations"]
        ],
        "unused": [describe(c, cards, players) for c in res.get("unused_choices", [])],
        "open_choice": res.get("open_choice"),
        "rules": blocks,
        "meta": meta,
        "home": home,
    }


def environment() -> Any:
    """The Jinja2 environment over ``templates/``: autoescaping on, undefined names are errors."""
    import jinja2
    from markupsafe import Markup

    from judge import paths

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(paths.templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )

    def md(value: Any) -> Markup:
        """Markdown-safe inline text: HTML-escaped, Markdown punctuation backslash-escaped, one line."""
        text = str(value).replace("\r", "")
        for ch in "\\`*_[]|#":
            text = text.replace(ch, "\\" + ch)
        lines = [line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") for line in text.split("\n")]
        return Markup("<br>".join(lines))

    env.filters["md"] = md
    return env


def render(ctx: dict[str, Any], fmt: str = "html") -> str:
    """The report for a context from :func:`context`, as ``html`` or ``md``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    return environment().get_template(f"report.{fmt}.j2").render(**ctx)
