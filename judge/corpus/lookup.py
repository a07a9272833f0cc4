"""Rule lookup for the CLI: the JSON shape of a rule and its plain-text rendering."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from judge.clitools import unknown_game
from judge.corpus.model import Rule
from judge.corpus.store import Corpus, load_corpus


def corpus_or_exit(game: str | None) -> Corpus:
    """The bundled corpus; exit 2 with the valid ids when ``game`` is unknown."""
    corpus = load_corpus()
    if not corpus.games:
        click.echo("error: the corpus is empty; run `judge corpus build`", err=True)
        sys.exit(2)
    if game is not None and game not in corpus.games:
        unknown_game(game, corpus.games)
    return corpus


def _ref_title(corpus: Corpus, game: str, rid: str) -> str | None:
    target = corpus.get(game, rid)
    return target.title if target else None


def citing_scenarios(rule: Rule, scenarios_root: Path | None = None) -> list[dict[str, str]]:
    """The scenarios (of the rule's game) with a step citing ``rule``: ``[{file, title, status}]``, by path."""
    from judge.report.citations import citing

    return citing(rule.game, scenarios_root).get(rule.id, [])


def render_scenarios(found: list[dict[str, str]]) -> str:
    """The ``judge rule`` block listing the scenarios that cite the rule."""
    if not found:
        return "场景: 没有场景的步骤引用此条"
    return "\n".join(["场景（步骤引用此条）:"] + [f"  {s['file']}  {s['title']}  [{s['status']}]" for s in found])


def rule_json(corpus: Corpus, rule: Rule) -> dict[str, Any]:
    """The documented JSON form of a rule (README, "Rule JSON")."""
    d = rule.to_dict()
    d["breadcrumb"] = [{"id": r.id, "title": r.title} for r in corpus.breadcrumb(rule)]
    d["refs"] = [
        {"id": ref.id, "resolved": ref.resolved, "title": _ref_title(corpus, rule.game, ref.id)}
        for ref in rule.refs
    ]
    d["cited_by"] = [
        {"id": cid, "title": _ref_title(corpus, rule.game, cid)} for cid in rule.cited_by
    ]
    return d


def _first_line(text: str, width: int = 60) -> str:
    line = text.split("\n", 1)[0]
    return line if len(line) <= width else line[: width - 1] + "…"


def render_line(rule: Rule) -> str:
    """One line of ``judge rules``: game, id, title, first words."""
    title = f"［{rule.title}］" if rule.title else ""
    flag = " ⚠损坏" if rule.damaged else ""
    return f"{rule.game:<9} {rule.id:<12} {title}{_first_line(rule.text)}{flag}"


def render_rule(corpus: Corpus, rule: Rule) -> str:
    """The full text view of ``judge rule``."""
    chain = corpus.breadcrumb(rule)
    # A title is shown where it starts (a heading or a new section), not repeated on each level.
    crumbs = " › ".join(
        f"{r.id} {r.title}" if r.title and (i == 0 or r.title != chain[i - 1].title) else r.id
        for i, r in enumerate(chain)
    )
    out = [f"[{rule.game}] {crumbs}"]
    if rule.section:
        out.append("所属：" + " › ".join(rule.section))
    if rule.damaged:
        out.append("⚠ 此条文本在源文件中受损，〔…〕内为无法修复的部分，请核对原文（raw）。")
    out.append("")
    out.append(rule.text or "（无正文）")
    for i, ex in enumerate(rule.examples, 1):
        out.append("")
        out.append(f"示例 {i}: {ex.text}")
        for card in ex.cards:
            out.append(f"  卡牌 {card.name}: {card.text}")
    if rule.children:
        out.append("")
        out.append("子条目: " + ", ".join(rule.children))
    if rule.refs:
        out.append("")
        out.append("引用:")
        for ref in rule.refs:
            title = _ref_title(corpus, rule.game, ref.id)
            mark = "" if ref.resolved else "  (不在语料库中)"
            out.append(f"  → {ref.id}{' ' + title if title else ''}{mark}")
    if rule.cited_by:
        out.append("")
        out.append("被引用: " + ", ".join(rule.cited_by))
    out.append("")
    out.append(f"来源: {rule.source.file}:{rule.source.line}")
    return "\n".join(out)
