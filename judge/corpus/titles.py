"""A rule's title as lookup, search and the site show it: its own heading, else its nearest titled ancestor's."""

from __future__ import annotations

from typing import Callable

from judge.corpus.model import Rule
from judge.corpus.store import Corpus

TitleOf = Callable[[str], "tuple[str | None, str | None] | None"]  # rule id -> (title, parent id)


def inherited_title(rule: Rule, title_of: TitleOf) -> str:
    """The rule's own title, else its nearest titled ancestor's (through ``title_of``), else its section path."""
    current: tuple[str | None, str | None] | None = (rule.title, rule.parent)
    while current is not None:
        title, parent = current
        if title:
            return title
        current = title_of(parent) if parent else None
    return " › ".join(rule.section)


def heading_title(rule: Rule, title_of: TitleOf) -> str:
    """The heading the rule itself carries (empty when it only repeats its parent's), else its section path."""
    parent = title_of(rule.parent) if rule.parent else None
    if rule.title and (parent is None or parent[0] != rule.title):
        return rule.title
    return "" if rule.title else " › ".join(rule.section)


def titles_of(corpus: Corpus, game: str) -> TitleOf:
    """Rule id → (title, parent id) over ``game``'s rules in ``corpus``."""
    rules = corpus.rules.get(game, {})
    return lambda rid: (r.title, r.parent) if (r := rules.get(rid)) else None


def display_title(corpus: Corpus, rule: Rule) -> str:
    """The rule's own title, else its nearest titled ancestor's, else its section path."""
    return inherited_title(rule, titles_of(corpus, rule.game))
