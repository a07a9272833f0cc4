"""English agreement for the trace's phrases: "you receive priority", "your turn", "you order your effects".

A phrase is written for a third-person subject ("{player} receives priority", "{turn}'s turn", "{player} orders
{player:their} triggered effects"). When a placeholder names the second person ("you", by the data in
``english.json``), :func:`agree` rewrites the phrase before it is filled: the verb after the placeholder (past an
adverb such as *already*) in its base form, ``{x}'s`` as the possessive (*your*), ``{x:their}`` as *your*. Any
other ``{x:their}`` is *their*.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=1)
def grammar() -> dict[str, Any]:
    return json.loads((Path(__file__).with_name("english.json")).read_text(encoding="utf-8"))


def is_second_person(name: str) -> bool:
    return name.strip().lower() in grammar()["second_person"]


def base_form(verb: str) -> str:
    """The base form of a third-person-singular verb: receives → receive, passes → pass, readies → ready."""
    irregular = grammar()["base"]
    if verb in irregular:
        return str(irregular[verb])
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def agree(template: str, second: dict[str, str]) -> str:
    """``template`` with the grammar of each placeholder in ``second`` (placeholder → the second-person name it
    holds, "you")."""
    g = grammar()
    adverbs = "|".join(map(re.escape, g["adverbs"]))
    for name, said in second.items():
        mark = re.escape("{" + name + "}")
        mine = g["possessive"].get(said.strip().lower(), said)
        template = re.sub(mark + r"[’']s\b", lambda m: mine, template)
        template = template.replace("{" + name + ":their}", mine)
        template = re.sub(
            rf"({mark} (?:(?:{adverbs}) )?)([a-z]+)\b",
            lambda m: m.group(1) + base_form(m.group(2)), template)
        template = re.sub(r"\{" + re.escape(name) + r":([a-z]+)\}", lambda m: base_form(m.group(1)), template)
    template = re.sub(r"\{[a-z_]+:their\}", g["their"], template)
    return re.sub(r"\{[a-z_]+:([a-z]+)\}", r"\1", template)  # a verb marked as agreeing, for a third person


def tidy(text: str) -> str:
    """A filled English phrase: one space where an empty value left two, none before punctuation, a capital first."""
    text = re.sub(r" {2,}", " ", text)
    text = re.sub(r" ([,.;:)])", r"\1", text).strip()
    return text[:1].upper() + text[1:] if text[:1].islower() else text
