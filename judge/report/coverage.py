"""Rule coverage: which scenarios exercise (have a step citing) each rule of the sections a game's engine covers
(its data's ``coverage`` ranges)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from judge.corpus.store import Corpus
from judge.locale import join, t
from judge.report.runs import Ran, citing_index


def ranges(game: str) -> tuple[tuple[str, str], ...]:
    """The section ranges ``judge coverage`` reports on for ``game`` (none for a game without an engine)."""
    from judge.games import games_with_engine, load_game

    return load_game(game).coverage if game in games_with_engine() else ()


def spans(game: str, lang: str | None = None) -> str:
    """The game's coverage ranges as a judge reads them: ``706–719、802–803`` (a range of one section: ``500``)."""
    return join([lo if lo == hi else f"{lo}–{hi}" for lo, hi in ranges(game)], lang)


def in_scope(rule_id: str, game: str) -> bool:
    """True for a rule whose section number (the leading digits) is in one of the game's coverage ranges."""
    head = rule_id.split(".", 1)[0]
    return head.isdigit() and any(int(lo) <= int(head) <= int(hi) for lo, hi in ranges(game))


@dataclass
class RuleCoverage:
    """One rule and the scenarios (display names) whose steps cite it."""

    id: str
    title: str | None
    scenarios: list[str]


@dataclass
class GameCoverage:
    """A game's rules in scope and how many are exercised."""

    game: str
    rules: list[RuleCoverage]
    scenarios: int = 0  # the game's scenario files that ran

    @property
    def covered(self) -> int:
        return sum(1 for r in self.rules if r.scenarios)

    @property
    def percent(self) -> float:
        return round(100 * self.covered / len(self.rules), 1) if self.rules else 0.0


@dataclass
class Coverage:
    """Coverage per game, and the scenario files that could not be run."""

    games: list[GameCoverage]
    scenarios: int
    errors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ranges": {g.game: [list(r) for r in ranges(g.game)] for g in self.games},
            "scenarios": self.scenarios,
            "games": [
                {"game": g.game, "rules": len(g.rules), "covered": g.covered, "percent": g.percent, "scenarios": g.scenarios,
                 "by_rule": [{"id": r.id, "title": r.title, "scenarios": r.scenarios} for r in g.rules]}
                for g in self.games
            ],
            "errors": list(self.errors),
        }


def coverage(corpus: Corpus, runs: Sequence[Ran], game: str | None = None) -> Coverage:
    """Coverage of the in-scope rules of ``game`` (or of every game that has such rules) by ``runs``."""
    index = citing_index([r for r in runs if r.ran])
    games = []
    for g in [game] if game else corpus.games:
        # a section heading with no text of its own states no rule a step could cite: it is not counted
        rules = [r for r in corpus.all_rules(g) if in_scope(r.id, g) and r.text.strip()]
        if not rules and game is None:
            continue
        games.append(GameCoverage(g, [
            RuleCoverage(r.id, r.title, [s.name for s in index.get((g, r.id), [])]) for r in rules
        ], sum(1 for r in runs if r.ran and r.game == g)))
    errors = [f"{r.name}: {r.error}" for r in runs if not r.ran]
    return Coverage(games, sum(1 for r in runs if r.ran), errors)


def render_text(cov: Coverage, lang: str | None = None) -> str:
    """One line per rule (✓ with its scenarios, or · uncovered), then each game's figure, in ``lang`` (default:
    the language in use)."""
    from judge.corpus.gamenames import display_name

    out = []
    for g in cov.games:
        name = display_name(g.game, lang)  # the game as a judge calls it (JSON keeps the id)
        out.append(t("msg.coverage.heading", lang, game=name, ranges=spans(g.game, lang)))
        for r in g.rules:
            mark = "✓" if r.scenarios else "·"
            title = f" {r.title}" if r.title else ""
            out.append(f"  {mark} {r.id:<10}{title}" + (f"  ← {', '.join(r.scenarios)}" if r.scenarios else ""))
        out.append(t("msg.coverage.total", lang, game=name, covered=g.covered, total=len(g.rules),
                     percent=f"{g.percent:.1f}", scenarios=g.scenarios))
    for e in cov.errors:
        out.append(t("msg.coverage.not_run", lang, error=e))
    return "\n".join(out)
