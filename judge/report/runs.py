"""Running scenario files for reports, coverage and the site, through the runner's public functions.

Data source: :func:`judge.scenario.runner.to_json` (the stable JSON form of a run).  The board *before*
is read from the scenario file itself (what the file states), in the same shape as ``final_state``.  Two things
``to_json`` does not carry are read from the run as well: each card's printed characteristics (tokens made during
the run included) and, for a run stopped at an open choice, the rules the engine cites once that choice is answered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from judge.scenario.catalogue import display_name
from judge.scenario.files import file_game, read_data, scenario_files


class Ran(Protocol):
    """What coverage and "cited by" read of a run: a :class:`ScenarioRun`, or a catalogue's summary of one
    (:class:`judge.scenario.catalogue.Summary`, which holds no trace)."""

    name: str
    error: str | None

    @property
    def game(self) -> str | None: ...

    @property
    def ran(self) -> bool: ...

    @property
    def decisive(self) -> list[str]: ...

    def cited_rules(self) -> list[str]: ...


@dataclass
class ScenarioRun:
    """One scenario file: its data, its run (``to_json``), or why it could not be run."""

    path: Path
    name: str  # how pages show it: relative to the scenarios folder when it is inside it
    data: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    error: str | None = None
    crashed: bool = False  # the engine failed on a valid file (a bug to report), not the file
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)  # card id → printed characteristics
    choice_cites: list[str] = field(default_factory=list)  # the rules behind the open choice of a stopped run

    @property
    def game(self) -> str:
        return str(self.data.get("game", ""))

    @property
    def title(self) -> str:
        return str(self.data.get("title") or self.name)

    @property
    def ran(self) -> bool:
        return self.result is not None

    @property
    def status(self) -> str:
        if self.result:
            return str(self.result["status"])
        return "engine-error" if self.crashed else "invalid"

    @property
    def slug(self) -> str:
        """A file-name-safe id (the name without its suffix, folders joined by ``--``)."""
        return self.name.rsplit(".", 1)[0].replace("/", "--")

    @property
    def decisive(self) -> list[str]:
        """The rules the file says its ruling rests on (:func:`judge.scenario.catalogue.decisive_rules`)."""
        from judge.scenario.catalogue import decisive_rules

        return decisive_rules(self.data)

    def cited_rules(self) -> list[str]:
        """Every rule id a step of the run cites, first appearance first."""
        out: list[str] = []
        for step in (self.result or {}).get("steps", []):
            for rid in step.get("cites", []):
                if rid not in out:
                    out.append(rid)
        return out


_PRINTED = ("text", "type", "subtypes", "cost", "power", "damage_type", "health", "armor", "status", "owner",
            "token", "copies")


def printed_cards(result: Any) -> dict[str, dict[str, Any]]:
    """Card id → name (``{zh, en}``) and printed characteristics, for every card of a run's game (tokens too)."""
    cards = result.game.state.cards if result.game is not None else {}

    def own(c: Any, k: str) -> Any:  # a card that is a copy now: its own printed values
        return (c.own or {}).get(k, getattr(c, k, None))

    return {cid: {"name": dict(c.own_name), **{k: own(c, k) for k in _PRINTED}} for cid, c in cards.items()}


def choice_cites(sc: Any, result: Any) -> list[str]:
    """The rules behind the choice a run stopped at: those the first step cites once the choice is answered
    (with its first legal option), which is where the engine records the answer and the rule that asks it."""
    from judge.scenario.runner import run

    if result.open_choice is None or result.game is None or not len(result.open_choice.options):
        return []
    done = len(result.game.trace.steps)
    try:
        again = run(sc, [answer for _, answer in result.path] + [result.open_choice.options[0]])
    except Exception:  # noqa: BLE001 — answering may raise what the unanswered run did not; no rule to show then
        return []
    steps = again.game.trace.steps if again.game is not None else []
    return next((list(s.cites) for s in steps[done:] if s.cites), [])


def run_one(path: Path, scenarios_root: Path | None = None, lang: str = "zh") -> ScenarioRun:
    """Load and run one scenario file; an invalid file gives a run with ``error`` set."""
    from judge.locale import t
    from judge.scenario.loader import ScenarioError, load_file
    from judge.scenario.runner import run, to_json

    sr = ScenarioRun(path, display_name(path, scenarios_root))
    try:
        sc = load_file(str(path))
        sr.data = sc.data
        res = run(sc)
        sr.result = to_json(res, lang)
        sr.cards = printed_cards(res)
        if res.status == "stopped":
            sr.choice_cites = choice_cites(sc, res)
    except Exception as e:  # noqa: BLE001 — an engine failure must not take down lookup, coverage or the site
        sr.error = str(e) if isinstance(e, ScenarioError) else t("msg.run.engine_error", kind=type(e).__name__, error=e)
        sr.crashed = not isinstance(e, ScenarioError)
        raw = read_data(path)  # only for a file the runner refused: what can be read of it (its title, its source)
        sr.data = raw if isinstance(raw, dict) else {}
    return sr


def run_all(root: Path, game: str | None = None, lang: str = "zh") -> list[ScenarioRun]:
    """Run every scenario under ``root`` (only those of ``game`` when given), in path order."""
    from judge.progress import Progress

    files = scenario_files(root)
    if game is not None:
        files = [p for p in files if file_game(p) == game]
    out = []
    with Progress("msg.progress.scenarios", len(files)) as progress:  # on a terminal, once it takes a while
        for p in files:
            out.append(run_one(p, root, lang))
            progress.step()
    return out


def citing_index(runs: list[Any]) -> dict[tuple[str, str], list[Any]]:
    """(game, rule id) → the runs whose steps cite that rule, in run order."""
    out: dict[tuple[str, str], list[Any]] = {}
    for r in runs:
        for rid in r.cited_rules():
            out.setdefault((r.game, rid), []).append(r)
    return out


def initial_state(data: dict[str, Any]) -> dict[str, Any]:
    """The board the file states, in the shape of the runner's ``final_state``."""
    cards = data.get("cards") or {}
    players = [p["id"] for p in data.get("players") or []]
    chain = []
    for i, entry in enumerate(data.get("chain") or [], 1):
        src = entry.get("card") or (entry.get("ability") or {}).get("of")
        kind = "card" if "card" in entry else "ability"
        chain.append({"link": i, "source": src, "kind": kind, "controller": entry.get("by", (cards.get(src) or {}).get("owner"))})
    return {
        "turn": data.get("turn"),
        "priority": data.get("priority", data.get("turn")),
        "players": {
            p["id"]: {
                "hand": sum(1 for c in cards.values() if c.get("owner") == p["id"] and c.get("zone") == "hand"),
                "resources": int(p.get("resources", 0)),
                "deck": sum(1 for c in cards.values() if c.get("owner") == p["id"] and c.get("zone") == "deck"),
            }
            for p in data.get("players") or []
            if p.get("id") in players
        },
        "chain": chain,
        "cards": {
            cid: {
                "zone": c.get("zone"),
                "controller": c.get("controller", c.get("owner")),
                "damage": int(c.get("damage", 0) or 0),
                "exhausted": bool(c.get("exhausted", False)),
                "face_down": bool(c.get("face_down", False)),
                "attached_to": c.get("attached_to"),
                "counters": {k: v for k, v in (c.get("counters") or {}).items() if v},
                "granted": 0,
            }
            for cid, c in cards.items()
        },
    }
