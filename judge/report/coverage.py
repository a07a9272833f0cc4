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
    """One rule, the scenarios (display names) whose steps cite it, and those of them whose ruling rests on it (they
    assert it is cited, or encode its worked example); the others cite it in passing."""

    id: str
    title: str | None
    scenarios: list[str]
    decided_by: list[str] = field(default_factory=list)

    @property
    def routine(self) -> int:
        return len(self.scenarios) - len(self.decided_by)


@dataclass
class GameCoverage:
    """A game's rules in scope and how many are exercised."""

    game: str
    rules: list[RuleCoverage]
    scenarios: int = 0  # the game's scenario files that ran

    @property
    def covered(self) -> int:
        """Rules some step cites."""
        return sum(1 for r in self.rules if r.scenarios)

    @property
    def decided(self) -> int:
        """Rules some scenario's ruling rests on."""
        return sum(1 for r in self.rules if r.decided_by)

    def share(self, count: int) -> float:
        return round(100 * count / len(self.rules), 1) if self.rules else 0.0

    @property
    def percent(self) -> float:
        return self.share(self.covered)

    @property
    def decided_percent(self) -> float:
        return self.share(self.decided)


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
                 "decided": g.decided, "decided_percent": g.decided_percent,
                 "by_rule": [{"id": r.id, "title": r.title, "scenarios": r.scenarios, "decided_by": r.decided_by}
                             for r in g.rules]}
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
            RuleCoverage(r.id, r.title, [s.name for s in index.get((g, r.id), [])],
                         [s.name for s in index.get((g, r.id), []) if r.id in s.decisive]) for r in rules
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
        for r in g.rules:  # ✓ a ruling rests on it (those scenarios named); ○ only cited in passing (counted); · neither
            mark = "✓" if r.decided_by else "○" if r.scenarios else "·"
            title = f" {r.title}" if r.title else ""
            said = f"  ← {', '.join(r.decided_by)}" if r.decided_by else ""
            if r.routine:  # "(33 scenarios cite it in passing)", or after the named ones "(and 1 more in passing)"
                said += "  " + t("msg.coverage.routine_more" if r.decided_by else "msg.coverage.routine", lang, count=r.routine)
            out.append(f"  {mark} {r.id:<10}{title}{said}")
        out.append(t("msg.coverage.total", lang, game=name, covered=g.covered, total=len(g.rules),
                     percent=f"{g.percent:.1f}", scenarios=g.scenarios))
        out.append(t("msg.coverage.decided", lang, decided=g.decided, total=len(g.rules), percent=f"{g.decided_percent:.1f}"))
    for e in cov.errors:
        out.append(t("msg.coverage.not_run", lang, error=e))
    return "\n".join(out)
