"""``judge card --read TEXT`` (the abilities a printed text compiles to, clause by clause) and ``judge card --unread``
(the quoted cards whose printed text does not read as their hand-written abilities, with the clause that stops each)."""

from __future__ import annotations

from typing import Any

from judge.clitools import dump_json, echo, fail
from judge.locale import join, t


def read_command(text: str, game: str | None, card_type: str | None, as_json: bool) -> None:
    """Read ``text`` as a card of ``game``: of ``card_type`` when given, else as a played card, then as a card on the
    field (the first that reads); exit 1 when neither reads, naming the clause."""
    from judge.games import games_with_engine
    from judge.printed.reader import Unreadable, game_types, read_as_any
    from judge.printed.templates import language

    if game is None or game not in games_with_engine() or language(game) is None:
        fail(t("msg.card.read_game", games=join(list(games_with_engine()))))
    if not text.strip():
        fail(t("msg.card.read_empty"))
    if text.startswith("-"):  # an option taken as the text (judge card --read --game rise): no card text starts so
        fail(t("msg.card.read_option", text=text[:40]))
    types = list(game_types(game))
    if card_type is not None and card_type not in types:
        fail(t("msg.card.read_type", type=card_type, types=join(types)))
    try:
        typ, r = read_as_any(text, game, card_type)
    except Unreadable as e:
        if as_json:
            dump_json({"game": game, "unread": e.to_dict()})
            raise SystemExit(1) from None
        fail(t("msg.card.read_unread", offset=e.offset + 1, problem=e.message(game)), 1)
    if as_json:
        dump_json({"game": game, "type": typ, "fields": r.fields, "clauses": [c.to_dict() for c in r.clauses]})
        return
    from judge.locale import current

    spec = game_types(game).get(typ) if typ else None
    type_name = spec.get(current(), typ) if isinstance(spec, dict) else typ
    echo(t("msg.card.read_as", type=type_name))
    for c in r.clauses:
        echo(f"  「{c.text}」 ← {c.template}{t('msg.run.colon')}{c.say}")
    echo(_yaml(r.fields))


def _yaml(fields: dict[str, Any]) -> str:
    """The reading as a scenario file would write it (YAML, flow style for the inner parts)."""
    import yaml

    return yaml.safe_dump(fields, allow_unicode=True, sort_keys=False, default_flow_style=None, width=110).rstrip()


def unread_command(game: str | None, as_json: bool) -> None:
    """The quoted cards, counted by how they read, and each one whose text does not read as its abilities."""
    from judge.cards.readable import quoted

    cards = quoted(game)
    if as_json:
        dump_json([q.to_dict() for q in cards if q.status in ("unread", "differs")])
        return
    by_game: dict[str, list[Any]] = {}
    for q in cards:
        by_game.setdefault(q.game, []).append(q)
    from judge.corpus.gamenames import display_name

    for g, qs in by_game.items():
        count = {s: sum(1 for q in qs if q.status == s) for s in ("equal", "text_only", "differs", "unread")}
        echo(t("msg.card.unread_head", game=display_name(g), total=len(qs), **count))
        for q in qs:
            if q.status == "unread":
                echo("  " + t("msg.card.unread_item", name=q.name, where=q.where, clause=q.clause))
            elif q.status == "differs":
                echo("  " + t("msg.card.differs_item", name=q.name, where=q.where, paths=", ".join(q.differs)))
                if q.why:
                    echo("    " + t("msg.card.differs_why", why=q.why))


def reading_of(card: Any, printing: Any) -> dict[str, Any]:
    """How one of a card's printed texts reads (as the card type its library gives, else as a played card, then as a
    card on the field): the templates of its clauses, or the clause no template reads."""
    from judge.printed.reader import Unreadable, read_as_any
    from judge.printed.templates import language

    if language(card.game) is None:
        return {"unread": None}
    typ = printing.type or next((p.type for p in card.printings if p.type), None)
    text = printing.text
    head, _, rest = text.partition("\n")
    if printing.kind == "example" and rest and head.startswith(tuple(card.names or [card.zh])):
        text = rest  # a worked example gives the card's line of facts (name, cost, type, stats) before its text
    try:
        x, r = read_as_any(text, card.game, typ, card.zh)
    except Unreadable as e:
        return {"unread": e.to_dict(), "why": e.message(card.game)}
    return {"type": x, "templates": [c.template for c in r.clauses], "fields": r.fields}


def reading_line(card: Any, printing: Any) -> str:
    """The line under a printed text saying how it reads."""
    r = reading_of(card, printing)
    if "templates" in r:
        return t("msg.card.reads_as", templates=join(r["templates"]) if r["templates"] else "—")
    if r["unread"] is None:
        return t("msg.card.no_templates")
    return t("msg.card.reads_not", clause=r["unread"]["clause"])


__all__ = ["read_command", "reading_line", "reading_of", "unread_command"]
