"""Running a scenario: build the game from the file, take the actions, check the expectations, render."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from judge.engine.choice import Choice
from judge.engine.errors import InvalidInput, OpenChoice
from judge.engine.game import Game
from judge.engine.mechanisms.expectations import Checked, check
from judge.engine.mechanisms.loops import GameOver
from judge.engine.mechanisms.position import words as _words
from judge.engine.options import ENUMERATE_MAX, Space
from judge.engine.refs import CardRef, LinkRef, PlayerRef, Text, ZoneRef
from judge.engine.trace import Namer, plain
from judge.engine.ruleset import Ruleset
from judge.games import load_game
from judge.locale import t
from judge.scenario.choices import ScriptedChooser, show, show_space
from judge.scenario.loader import Scenario, ScenarioError, load_file
from judge.scenario.messages import choice_text, engine_message

DEFAULT_BOUND = 64


@dataclass
class Result:
    """What running one scenario (one branch) gave."""

    scenario: Scenario
    game: Game | None
    status: str  # pass | fail | stopped
    checked: list[Checked] = field(default_factory=list)
    open_choice: Choice | None = None
    unused: list[int] = field(default_factory=list)
    path: list[tuple[Choice, Any]] = field(default_factory=list)


def build_game(sc: Scenario, chooser: Any) -> Game:
    """The starting state the file describes (the game's ``position`` mechanism builds it)."""
    from judge.engine.mechanisms.position import build

    return build(sc.data, load_game(sc.data["game"]), chooser)


def _actions(sc: Scenario) -> list[dict[str, Any]]:
    return [{a: True} if isinstance(a, str) else a for a in sc.data.get("actions") or []]


class RefusingChooser(ScriptedChooser):
    """Scripted answers, where an entry marked ``illegal: true`` is one the rules must refuse: it is offered, its
    refusal is kept with the legal options (for ``refused:`` expectations), and the next entry answers instead. An
    ``illegal`` answer the rules accept is kept too: it fails the run."""

    def __init__(self, entries: list[dict[str, Any]], forced: list[Any] | None = None, kinds: tuple[str, ...] = ()) -> None:
        super().__init__(entries, forced, kinds)
        self.refused: list[tuple[str | None, list[Any]]] = []  # (the card whose choice it was, the legal options)
        self.accepted: list[int] = []  # entries marked illegal that were legal

    def choose(self, choice: Choice) -> Any:
        while True:
            i = self._match(choice)
            if i is None or not self.entries[i].get("illegal"):
                return super().choose(choice)
            try:
                answer = super().choose(choice)  # answers with entry i (the first that matches), marking it used
            except InvalidInput:
                self.refused.append((choice.source, _options(choice)))
                continue
            self.accepted.append(i)
            return answer


def run(sc: Scenario, forced: list[Any] | None = None) -> Result:
    """Run one scenario with its scripted choices (and ``forced`` answers for open ones, in branch mode)."""
    kinds = tuple(load_game(sc.data["game"]).vocab.words("choice"))
    chooser = RefusingChooser(list(sc.data.get("choices") or []), forced, kinds)
    try:
        game = build_game(sc, chooser)
        try:
            game.give_priority(sc.data.get("priority", sc.data["turn"]), ())
            for i, action in enumerate(_actions(sc)):
                game.act(action, ("actions", i))
        except GameOver:
            pass  # a player lost or the game is drawn (the trace's last step cites the rule): no later action is taken
        # characteristics read by an expectation can still ask a question [timestamp.simultaneous], so they are checked here
        checked = list(game.checks) + [check(game, exp) for exp in sc.data.get("expect") or []]
        checked += [Checked(sc.data["choices"][i], False, "accepted: the rules allow this answer") for i in chooser.accepted]
    except InvalidInput as e:
        raise sc.error(e.path or ("actions",), engine_message(e.msg, load_game(sc.data["game"]))) from None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
        # A file the loader accepted but the engine could not run: a bad-input report that names the error.
        raise sc.error(("actions",), t("msg.scenario.engine_failed", kind=type(e).__name__, error=e)) from None
    except OpenChoice as e:
        return Result(sc, game, "stopped", open_choice=e.choice, path=chooser.open_path)
    unused = chooser.unused()
    ok = all(c.ok for c in checked) and not unused
    return Result(sc, game, "pass" if ok else "fail", checked, unused=unused, path=chooser.open_path)


def run_file(path: str) -> Result:
    """Load and run one scenario file."""
    return run(load_file(path))


def outcome(path: str) -> dict[str, Any]:
    """Load and run one file for a batch (the FAQ check, coverage, listings): its status, the rules its steps cite
    (first appearance first) and, when it did not pass, why, in the judge's language. An invalid file or an engine
    failure is an outcome too (a batch must report every file, not stop at the first failure)."""
    try:
        res = run_file(path)
    except ScenarioError as e:
        return {"status": "invalid", "error": str(e), "message": e.message, "detail": t("msg.run.invalid", error=e)}
    except Exception as e:  # noqa: BLE001 — an engine bug is a regression to report, not a crash
        err = t("msg.run.engine_error", kind=type(e).__name__, error=e)
        return {"status": "engine-error", "error": err, "detail": err, "crashed": True}
    cites: list[str] = []
    for step in res.game.trace.steps if res.game is not None else []:
        cites += [r for r in step.cites if r not in cites]
    detail = "" if res.status == "pass" else t(f"msg.status.{res.status}")
    if res.status == "fail":
        detail = t("msg.run.sep").join(
            t("msg.run.expected_found", expected=json.dumps(c.expect, ensure_ascii=False),
              found=json.dumps(c.actual, ensure_ascii=False))
            for c in res.checked if not c.ok) or t("msg.run.unused_choices")
    return {"status": res.status, "ran": True, "passed": res.status == "pass", "detail": detail, "cites": cites}


@dataclass
class Branches:
    """Every distinct outcome branch mode found, with the open choices that lead to each."""

    scenario: Scenario
    outcomes: list[tuple[Result, list[list[tuple[Choice, Any]]]]]
    runs: int
    bound: int
    unexplored: int
    refused: list[str] = field(default_factory=list)  # open choices with too many options to try each


def run_branches(sc: Scenario, bound: int = DEFAULT_BOUND) -> Branches:
    """Try every legal option at each open choice (breadth first, at most ``bound`` runs)."""
    queue: list[list[Any]] = [[]]
    runs = 0
    groups: dict[str, tuple[Result, list[list[tuple[Choice, Any]]]]] = {}
    refused: list[str] = []
    while queue and runs < bound:
        prefix = queue.pop(0)
        res = run(sc, prefix)
        runs += 1
        if res.status == "stopped" and res.open_choice is not None:
            opts = res.open_choice.options
            if isinstance(opts, Space):  # counted, never listed: more options than any bound on runs
                refused.append(t("msg.run.refused", choice=choice_text(res.open_choice), count=opts.count, limit=ENUMERATE_MAX))
                continue
            tried = opts[:1] if isinstance(opts, range) else opts  # a number range (803 loops): its smallest value only
            size = max(len(tried), res.open_choice.answers or 0)  # an "up to" count: every set of targets it opens
            if size > bound:  # refused at once: each answer is a run at least, more than the whole bound allows
                refused.append(t("msg.run.over_bound", choice=choice_text(res.open_choice), count=size, bound=bound))
                continue
            queue.extend(prefix + [opt] for opt in tried)
            continue
        assert res.game is not None
        key = json.dumps([final_state(res.game), [c.ok for c in res.checked]], ensure_ascii=False, sort_keys=True)
        if key in groups:
            groups[key][1].append(res.path)
        else:
            groups[key] = (res, [res.path])
    return Branches(sc, list(groups.values()), runs, bound, len(queue), refused)


# --- rendering ------------------------------------------------------------------------------------
def namer(game: Game, sc: Scenario, lang: str) -> Namer:
    names = {p["id"]: _words(p.get("name", p["id"])) for p in sc.data["players"]}
    return Namer(
        lang,
        lambda cid, lg: game.state.cards[cid].own_name.get(lg) or game.state.cards[cid].own_name["zh"] if cid in game.state.cards else cid,
        lambda pid, lg: names.get(pid, {}).get(lg, pid),
        lambda z, lg: game.data.zone_name(z, lg),
        lambda k, lg: game.data.word(f"link_{k}", lg) if k != "card" else "",
        game.trace.links,
        game.data.word,
    )


class _Args(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def step_text(game: Game, n: Namer, kind: str, args: dict[str, Any]) -> str:
    """A step in the game's phrase for ``kind``; in English with the grammar of its players ("you receive priority",
    "your turn": :mod:`judge.locale.english`)."""
    values = {k: n(v) for k, v in args.items()}
    template = game.data.phrase(kind, n.lang)
    if n.lang != "en":
        return template.format_map(_Args(values))
    from judge.locale.english import agree, is_second_person, tidy

    second = {k: values[k] for k, v in args.items() if isinstance(v, PlayerRef) and is_second_person(values[k])}
    return tidy(agree(template, second).format_map(_Args(values)))


def final_state(game: Game) -> dict[str, Any]:
    """The end position as plain data (stable order)."""
    st = game.state
    return {
        "turn": st.turn,
        "priority": st.priority,
        "players": {p: {"hand": len(st.in_zone("hand", p)), "resources": st.pools.get(p, 0), "deck": len(st.in_zone("deck", p)),
                        **({"life": st.life[p]} if st.life.get(p) is not None else {})}
                    for p in st.players},
        "chain": [{"link": l.uid, "source": l.source.id, "kind": l.kind, "controller": l.controller} for l in st.chain],
        "cards": {c.id: {"zone": c.zone, "controller": c.controller, "damage": c.damage, "exhausted": c.exhausted,
                         "face_down": c.face_down, "attached_to": c.attached_to,
                         "counters": {k: v for k, v in c.counters.items() if v}, "granted": len(c.granted),
                         **({"copy_of": c.copying.id} if c.copying is not None else {})}
                  for c in st.cards.values()},
    }


def _describe_exp(exp: dict[str, Any]) -> str:
    return ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in exp.items() if k != "note")


def explain_lines(game: Game, per_card: dict[str, Any], n: Namer, lang: str) -> list[str]:
    """`--explain`: per card and characteristic, the effects applied in order and why (timestamps, dependency, layers)."""
    w = lambda key: game.data.word(key, lang)  # noqa: E731
    out: list[str] = []
    for cid, per in per_card.items():
        for ch, rows in per.items():
            out.append(f"  {n(CardRef(cid, 0))} [{cid}] {w(ch)}:")
            for k, a in enumerate(rows, 1):
                dep = "".join(f"; {w('explain_depends')} {n(d.source)} “{n(d.text)}” "
                              f"({w('explain_' + d.kind).format(char=w(d.char) if d.char else '')})" for d in a.depends_on)
                rule = f" ({a.ts_rule})" if a.ts_rule else ""
                out.append(f"    {k}. {n(a.source)} “{n(a.text)}”: {_shown(a.before)} → {_shown(a.after)}  "
                           f"[{w('explain_ts')} {a.ts}{rule}; {w('explain_' + a.reason)}{dep}]")
    return out


def _shown(value: Any) -> str:
    """A characteristic's value for ``--explain``: a number, or a list of subtypes joined."""
    return "、".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


def explain_json(per_card: dict[str, Any]) -> dict[str, Any]:
    """The `--explain` data: card → characteristic → applied effects in order."""
    return {cid: {ch: [{"source": a.source.id, "text": a.text.zh, "before": a.before, "after": a.after, "timestamp": a.ts,
                        "timestamp_rule": a.ts_rule, "reason": a.reason,
                        "depends_on": [{"source": d.source.id, "text": d.text.zh, "why": d.kind, "characteristic": d.char or None}
                                       for d in a.depends_on]} for a in rows]
                  for ch, rows in per.items()} for cid, per in per_card.items()}


def _final_explain(res: Result) -> dict[str, Any] | None:
    """The final state's explanation, or None when the run stopped at an open choice (computing the values could ask
    that question again)."""
    from judge.engine.mechanisms.continuous import explain as explain_all

    if res.status == "stopped" or res.game is None:
        return None
    try:
        return explain_all(res.game)
    except OpenChoice:
        return None


def render_text(res: Result, lang: str, explain: bool = False) -> str:
    sc, game = res.scenario, res.game
    assert game is not None
    w = lambda key: game.data.word(key, lang)  # noqa: E731
    n = namer(game, sc, lang)
    title = sc.data.get("title_en") if lang == "en" and sc.data.get("title_en") else sc.data["title"]
    out = [f"== {title}  ({sc.file})"]
    from judge.scenario.printed import differing, reading_lines

    if sc.readings or differing(sc):  # each card written as printed, read once at the top
        out += [f"{w('readings')}:", *reading_lines(sc, lambda c: n(CardRef(c, 0)), w, lang)]
    out.append(f"{w('steps')}:")
    for i, s in enumerate(game.trace.steps, 1):
        named = game.data.outside_concepts(s.outside, lang) if s.outside and not s.cites else []
        said = w("outside") + (t("colon_text", lang, text=t("list_sep", lang).join(named)) if named else "")
        cites = f"  [{', '.join(s.cites)}]" if s.cites else (f"  [{said}]" if s.outside else "")
        out.append(f"{i:3d}. {step_text(game, n, s.kind, s.args)}{cites}")
    if res.status == "stopped" and res.open_choice is not None:
        c = res.open_choice
        what = f"{c.kind}" + (f" ({c.slot})" if c.slot else "") + (f" — {n(CardRef(c.source, 0))} [{c.source}]" if c.source else "")
        opts = "; ".join(json.dumps(o, ensure_ascii=False) for o in _options(c))
        out.append(f"  ✋ {step_text(game, n, 'stopped', {'what': what, 'player': PlayerRef(c.player), 'options': opts})}")
        who = f"for: {c.source}, " if c.source else f"by: {c.player}, "
        out.append("     " + t("msg.run.answer_it", lang, choice=f"- {{{who}{c.kind}: …}}"))
    out.append(f"{w('final_state')}:")
    fs = final_state(game)
    for p, info in fs["players"].items():
        life = f", {w('life')} {info['life']}" if "life" in info else ""
        out.append(f"  {n(PlayerRef(p))}: {w('hand')} {info['hand']}, {w('pool')} {info['resources']}, {w('deck')} {info['deck']}{life}")
    chain = [n(LinkRef(l['link'])) for l in reversed(fs["chain"])]
    out.append(f"  {w('chain')}: {t('list_sep', lang).join(chain) if chain else w('empty')}")
    out.append(f"  {w('priority')}: {n(PlayerRef(fs['priority'])) if fs['priority'] else w('none')}")
    for cid, c in fs["cards"].items():
        bits = [n(ZoneRef(c["zone"]))]
        if c["exhausted"]:
            bits.append(w("exhausted"))
        if c["face_down"]:
            bits.append(w("face_down"))
        if c["damage"]:
            bits.append(f"{w('damage')} {c['damage']}")
        if c["attached_to"]:
            bits.append(f"{w('attached_to')} {n(CardRef(c['attached_to'], 0))}")
        if c["counters"]:
            bits.append(f"{w('counters')} {c['counters']}")
        if c.get("copy_of"):
            bits.append(f"{w('copy_of')} {n(CardRef(c['copy_of'], 0))}")
        out.append(f"  {n(CardRef(cid, 0))} [{cid}]: {', '.join(bits)}")
    if explain:
        for at, per_card in game.explained:
            out.append(w("explain_at").format(at=at))
            out.extend(explain_lines(game, per_card, n, lang) or ["  —"])
        out.append(w("explain_final"))
        final = _final_explain(res)
        out.extend(["  " + w("explain_stopped")] if final is None else explain_lines(game, final, n, lang) or ["  —"])
    if res.status != "stopped":
        out.append(f"{w('expectations')}:")
        for c in res.checked:
            mark = "✓" if c.ok else "✗"
            extra = "" if c.ok else "   " + t("msg.run.actual", lang, value=json.dumps(c.actual, ensure_ascii=False))
            out.append(f"  {mark} {_describe_exp(c.expect)}{extra}")
        for i in res.unused:
            out.append(f"  ✗ {w('unused_choice')}: choices[{i}] {_describe_exp(sc.data['choices'][i])}")
    status = {"pass": w("pass"), "fail": w("fail"), "stopped": w("stopped")}[res.status]
    out.append(f"{w('result')}: {status}")
    return "\n".join(out)


def to_json(res: Result, lang: str, explain: bool = False) -> dict[str, Any]:
    sc, game = res.scenario, res.game
    assert game is not None
    n = namer(game, sc, lang)
    out: dict[str, Any] = {
        "file": sc.file, "game": sc.data["game"], "title": sc.data["title"], "status": res.status,
        "steps": [{"n": i, "kind": s.kind, "text": step_text(game, n, s.kind, s.args), "cites": list(s.cites),
                   **({"outside": list(s.outside), "outside_concepts": game.data.outside_concepts(s.outside, lang)}
                      if s.outside else {}),
                   "args": {k: plain(v) for k, v in s.args.items()}} for i, s in enumerate(game.trace.steps, 1)],
        "final_state": final_state(game),
        "expectations": [{"expect": c.expect, "pass": c.ok, "actual": c.actual} for c in res.checked],
        "unused_choices": [sc.data["choices"][i] for i in res.unused],
    }
    from judge.scenario.printed import differing, readings_json

    if sc.readings or differing(sc):
        out["readings"] = readings_json(sc)
    if explain:
        final = _final_explain(res)
        out["explain"] = explain_json(final) if final is not None else None
        out["explain_at_checks"] = [{"action": at, "explain": explain_json(per_card)} for at, per_card in game.explained]
    if res.open_choice is not None:
        c = res.open_choice
        out["open_choice"] = {"kind": c.kind, "player": c.player, "for": c.source, "slot": c.slot,
                              "options": _options(c)}
    return out


def _options(c: Choice) -> list[Any]:
    """The legal options as a file would write them; a number range (803) as its bounds."""
    if isinstance(c.options, range):
        return [{"min": c.options.start, "max": c.options.stop - 1}]
    if isinstance(c.options, Space):  # too many to list: what an answer looks like, and how many there are
        return [show_space(c.kind, c.options)]
    return [show(c.kind, o) for o in c.options]


def describe_path(path: list[tuple[Choice, Any]]) -> list[dict[str, Any]]:
    return [{"kind": c.kind, "by": c.player, "for": c.source, "answer": show(c.kind, a)} for c, a in path]


def answer_text(c: Choice, answer: Any) -> str:
    """One answer of a branch as the file's ``choices:`` would script it: ``{for: strike, target: "osaro"}``."""
    who = {"for": c.source} if c.source else {"by": c.player}
    parts = {**who, **({"slot": c.slot} if c.slot else {}), c.kind: show(c.kind, answer)}
    return "{" + ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in parts.items()) + "}"


def differing_steps(results: list[Result], lang: str) -> list[list[tuple[int, str]]]:
    """For each result, its steps (number and text with citations) that are not in every result: where the branches
    differ. A step shared by all is a text every trace has as often (its first occurrences count as shared)."""
    texts = []
    for res in results:
        assert res.game is not None
        n = namer(res.game, res.scenario, lang)
        texts.append([step_text(res.game, n, s.kind, s.args) + (f"  [{', '.join(s.cites)}]" if s.cites else "")
                      for s in res.game.trace.steps])
    counts = [Counter(ts) for ts in texts]
    shared = {x: min(c[x] for c in counts) for x in counts[0]} if counts else {}
    out = []
    for ts in texts:
        seen: Counter[str] = Counter()
        mine = []
        for i, x in enumerate(ts, 1):
            seen[x] += 1
            if seen[x] > shared.get(x, 0):
                mine.append((i, x))
        out.append(mine)
    return out


def render_branches(br: Branches, lang: str) -> str:
    """Each distinct outcome: the answers that lead to it, the steps where it differs from the other outcomes (not the
    whole trace again), its final state and expectations."""
    sc = br.scenario
    first = br.outcomes[0][0].game if br.outcomes else None
    data: Ruleset = first.data if first else load_game(sc.data["game"])
    w = lambda key: data.word(key, lang)  # noqa: E731
    colon = t("msg.run.colon", lang)
    out = [f"== {sc.data['title']}  ({sc.file})",
           f"{w('branches')}{colon}{len(br.outcomes)}{t('msg.run.runs', lang, n=br.runs)}"]
    differ = differing_steps([res for res, _ in br.outcomes], lang)
    for k, ((res, paths), steps) in enumerate(zip(br.outcomes, differ), 1):
        assert res.game is not None
        out.append(f"-- {w('outcome')} {k}{colon}{w(res.status)}")
        for p in paths:
            out.append(f"   {w('via')}{colon}" + (t("list_sep", lang).join(answer_text(c, a) for c, a in p) or w("none")))
        if len(br.outcomes) > 1:
            out.append("   " + t("msg.run.differs", lang))
            out.extend(f"   {i:3d}. {text}" for i, text in steps)
            if not steps:
                out.append("     " + w("none"))
        body = render_text(res, lang).splitlines()
        start = next(i for i, line in enumerate(body) if line.startswith(f"{w('final_state')}:"))
        out.extend("   " + line for line in body[start:])
    if br.unexplored:
        out.append("!! " + t("msg.run.bound", lang, bound=br.bound, unexplored=br.unexplored))
    out.extend("!! " + t("msg.run.not_explored", lang, why=why) for why in dict.fromkeys(br.refused))
    return "\n".join(out)


def branches_json(br: Branches, lang: str) -> dict[str, Any]:
    return {
        "file": br.scenario.file, "title": br.scenario.data["title"], "runs": br.runs, "bound": br.bound,
        "unexplored": br.unexplored, "refused": list(dict.fromkeys(br.refused)),
        "outcomes": [{"status": r.status, "paths": [describe_path(p) for p in paths], "result": to_json(r, lang)}
                     for r, paths in br.outcomes],
    }


__all__ = ["Result", "run", "run_file", "run_branches", "render_text", "to_json", "ScenarioError", "Text"]
