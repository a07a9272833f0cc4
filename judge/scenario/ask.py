"""``judge run FILE --ask``: the judge answers each open choice as the run reaches it, on the terminal.

At each choice the file does not answer, the board is shown in two lines, then the question and the legal options,
numbered by name; the judge types a number (``b`` takes the last answer back, ``q`` stops). The run is replayed
from the start with the answers given so far (the engine is deterministic, so each replay reaches the next choice).
At the end the answers can be written into the file's ``choices:`` (:mod:`judge.scenario.writeback`), so the
ruling becomes a regression: the new file is checked to run the same way, without asking, before it replaces the
old one (atomically).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from judge.engine.options import Space
from judge.engine.refs import CardRef, LinkRef, PlayerRef
from judge.locale import t
from judge.scenario.loader import Scenario

Prompt = Callable[[str], str | None]  # shows a question, returns the typed line (None: end of input)
Say = Callable[[str], None]


def board_lines(res: Any, lang: str) -> list[str]:
    """The position at the open choice in two lines: whose turn, priority and the chain; then each zone's cards."""
    from judge.scenario.runner import final_state, namer

    game, sc = res.game, res.scenario
    n, w = namer(game, sc, lang), (lambda key: game.data.word(key, lang))
    fs = final_state(game)
    sep = t("list_sep", lang)
    chain = sep.join(n(LinkRef(link["link"])) for link in reversed(fs["chain"])) or w("empty")
    priority = n(PlayerRef(fs["priority"])) if fs["priority"] else w("none")
    first = t("msg.ask.turn", lang, player=n(PlayerRef(fs["turn"])), priority=priority, chain_word=w("chain"), chain=chain)
    zones: dict[str, list[str]] = {}
    for cid, c in fs["cards"].items():
        if c["zone"] in (None, "deck"):  # a deck is hidden: its cards are not shown
            continue
        details = [n(PlayerRef(c["controller"]))] if c["controller"] else []
        details += [w("exhausted")] if c["exhausted"] else []
        details += [f"{w('damage')} {c['damage']}"] if c["damage"] else []
        label = n(CardRef(cid, 0))
        zones.setdefault(c["zone"], []).append(label + t("msg.ask.card_of", lang, details=sep.join(details)) if details else label)
    second = t("msg.ask.zone_sep", lang).join(
        t("msg.ask.zone", lang, zone=game.data.zone_name(z, lang), cards=sep.join(cs)) for z, cs in zones.items())
    return [first, second] if second else [first]


def option_label(res: Any, option: Any, lang: str) -> str:
    """One legal option by name: cards by their names (and ids), yes/no in words, numbers as they are."""
    from judge.scenario.choices import show
    from judge.scenario.runner import namer

    game, c = res.game, res.open_choice
    n = namer(game, res.scenario, lang)
    shown = show(c.kind, option)

    def one(v: Any) -> str:
        if isinstance(v, bool):
            return game.data.word("yes" if v else "no", lang)
        if isinstance(v, str) and v in game.state.cards:
            return f"{n(CardRef(v, 0))} [{v}]"
        return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)

    if isinstance(shown, list):
        return t("list_sep", lang).join(one(v) for v in shown) if shown else game.data.word("none", lang)
    return one(shown)


def _names(res: Any, lang: str) -> Callable[[str, str], str]:
    """Players and cards by the names the trace gives them."""
    from judge.scenario.runner import namer

    n = namer(res.game, res.scenario, lang)
    return lambda kind, ident: n(PlayerRef(ident) if kind == "player" else CardRef(ident, 0))


def _options(choice: Any) -> list[Any] | None:
    """The options to number, or None when they are too many to list (a space of answers)."""
    if isinstance(choice.options, Space):
        return None
    return list(choice.options)


def ask(sc: Scenario, lang: str, prompt: Prompt, say: Say) -> tuple[Any, list[Any]] | None:
    """Run ``sc``, asking each open choice; the finished result and the answers given (None: the judge quit)."""
    from judge.scenario.messages import choice_text
    from judge.scenario.runner import run

    answers: list[Any] = []
    while True:
        res = run(sc, answers)
        if res.status != "stopped" or res.open_choice is None:
            return res, answers
        c = res.open_choice
        options = _options(c)
        say("")
        for line in board_lines(res, lang):
            say(f"  {line}")
        say(t("msg.ask.question", lang, n=len(answers) + 1, question=choice_text(c, lang, _names(res, lang))))
        if options is None:
            say(t("msg.ask.too_many", lang, count=len(c.options)))
            return None
        for i, o in enumerate(options, 1):
            say(f"  {i}. {option_label(res, o, lang)}")
        while True:
            typed = prompt(t("msg.ask.prompt", lang, last=len(options)))
            if typed is None or typed.strip().lower() in ("q", "quit", "退出"):
                return None
            typed = typed.strip()
            if typed.lower() in ("b", "back", "返回"):
                if answers:
                    answers.pop()
                    break
                say(t("msg.ask.nothing_back", lang))
                continue
            if typed.isdigit() and 1 <= int(typed) <= len(options):
                answers.append(options[int(typed) - 1])
                break
            say(t("msg.ask.not_an_option", lang, typed=typed, last=len(options)))


def answer_lines(res: Any) -> list[str]:
    """The answers given, as entries of the file's ``choices:`` (``{for: strike, target: ["osaro"]}``)."""
    from judge.scenario.runner import answer_text

    return [answer_text(c, a) for c, a in res.path]


def write_back(path: Path, text: str, res: Any) -> tuple[bool, list[str]]:
    """Add the answers of ``res`` to the file at ``path`` (whose text is ``text``) when the new file runs to the same
    steps without asking; (written, the entries)."""
    from judge.datafile import atomic_write
    from judge.scenario.loader import ScenarioError, load_text
    from judge.scenario.runner import run
    from judge.scenario.writeback import with_choices

    entries = answer_lines(res)
    new = with_choices(text, entries)
    if new is None:
        return False, entries
    try:
        again = run(load_text(new, str(path)))
    except ScenarioError:
        return False, entries
    same = [(s.kind, s.cites) for s in again.game.trace.steps] == [(s.kind, s.cites) for s in res.game.trace.steps]
    if again.status == "stopped" or not same:
        return False, entries
    atomic_write(path, new)
    return True, entries
