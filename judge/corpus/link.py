"""Linking parsed rules into a corpus: parents, children, titles, references, cited-by."""

from __future__ import annotations

from judge.corpus import refs as refs_mod
from judge.corpus.formats.common import EXAMPLE_START_RE
from judge.corpus.model import Example, ParsedRule, Ref, Rule, Source
from judge.corpus.ruleid import lineage, sort_key


class DuplicateRuleError(ValueError):
    """Two rules of one game carry the same number."""


def link(game: str, file: str, parsed: list[ParsedRule]) -> list[Rule]:
    """Turn one game's parsed rules (document order) into linked rules, in natural id order."""
    seen: dict[str, ParsedRule] = {}
    for p in parsed:
        if p.id in seen:
            from judge.locale import t

            raise DuplicateRuleError(t("msg.corpus.err.duplicate_rule", file=file, id=p.id, first=seen[p.id].line, second=p.line))
        seen[p.id] = p
    ids = set(seen)

    # the nearest ancestor by number, else the rule the document places it under (a chapter under its part)
    parent_of = {p.id: next((a for a in lineage(p.id) if a in ids), p.parent if p.parent in ids else None) for p in parsed}
    children: dict[str, list[str]] = {p.id: [] for p in parsed}
    for p in parsed:  # document order
        if parent_of[p.id]:
            children[parent_of[p.id]].append(p.id)

    def title_of(rid: str) -> str | None:
        p = seen[rid]
        if p.heading:
            return p.heading
        if p.section:
            return p.section[-1]
        parent = parent_of[rid]
        return title_of(parent) if parent else None

    rules: dict[str, Rule] = {}
    for p in parsed:
        targets = refs_mod.extract(p.text, own_id=p.id)
        for ex in p.examples:
            targets += [t for t in refs_mod.extract(ex.text, own_id=p.id) if t not in targets]
        rules[p.id] = Rule(
            game=game,
            id=p.id,
            parent=parent_of[p.id],
            children=children[p.id],
            title=title_of(p.id),
            section=list(p.section),
            text=p.text,
            examples=[Example(EXAMPLE_START_RE.sub("", e.text, count=1).strip(), e.cards) for e in p.examples],
            refs=[Ref(t, t in ids) for t in targets],
            cited_by=[],
            damaged=p.damaged,
            source=Source(file, p.line),
            raw=p.raw,
        )
    for r in rules.values():
        for ref in r.refs:
            if ref.resolved and r.id not in rules[ref.id].cited_by:
                rules[ref.id].cited_by.append(r.id)
    for r in rules.values():
        r.cited_by.sort(key=sort_key)
    return [rules[i] for i in sorted(rules, key=sort_key)]
