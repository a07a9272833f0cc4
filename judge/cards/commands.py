"""``judge card [NAME]``: a card by its name (either script, English, part of one) with every source that quotes it;
without NAME, a game's cards. Help and messages are the locale data's."""

from __future__ import annotations

import click

from judge.clitools import dump_json, echo, fail, game_option
from judge.locale import join, t


@click.command("card")
@click.argument("name", required=False)
@game_option()
@click.option("--json", "as_json", is_flag=True)
@click.option("--read", "text", metavar="TEXT")
@click.option("--type", "card_type", metavar="TYPE")
@click.option("--unread", is_flag=True)
def card_cmd(name: str | None, game: str | None, as_json: bool, text: str | None, card_type: str | None,
             unread: bool) -> None:
    """Look a card up by NAME: its printed texts and where each comes from, the FAQ entries and rules naming it, and
    the scenarios using it; without NAME, the cards of --game (or of every game). --read TEXT: the abilities a
    printed text compiles to; --unread: the quoted cards whose text does not read as their abilities."""
    if text is not None and (unread or name is not None):  # one thing at a time: never one silently ignored
        fail(t("msg.card.read_alone"))
    if card_type is not None and text is None:
        fail(t("msg.card.type_needs_read"))
    if text is not None:
        from judge.cards.reading import read_command

        read_command(text, game, card_type, as_json)
        return
    if unread:
        from judge.cards.reading import unread_command

        unread_command(game, as_json)
        return
    from judge.cards.index import cached, mentioning_rules

    if name is not None and not name.strip():  # an empty argument names no card (it is not "every card")
        fail(t("msg.card.empty"))
    index = cached()
    if not name:
        cards = index.of_game(game)
        if as_json:
            dump_json([{"game": c.game, "name": c.zh, "en": c.en} for c in cards])
            return
        from judge.corpus.gamenames import display_name

        for c in cards:
            echo(f"[{display_name(c.game)}] {c.zh}" + (f"（{c.en}）" if c.en else ""))
        return
    how, found = index.find(name, game)
    if how in ("none", "near"):
        near = join([f"{c.zh}" + (f"（{c.en}）" if c.en else "") for c in found])
        shown = name if len(name) <= 40 else name[:40] + "…"  # a long argument is named by its start
        fail(t("msg.card.unknown_near", name=shown, near=near) if found else t("msg.card.unknown", name=shown), 1)
    for c in found:
        c.rules = mentioning_rules(c)
    if as_json:
        from judge.cards.reading import reading_of

        dump_json({"matched": how, "cards": [{**c.to_dict(), "readings": [reading_of(c, p) for p in c.printings]}
                                             for c in found]})
        return
    if how == "part" and len(found) > 1:
        echo(t("msg.card.several", name=name, count=len(found)))
    echo("\n\n".join(render(c) for c in found))


def render(card) -> str:  # type: ignore[no-untyped-def]
    """One card as a judge reads it: names, each printed text with its source and how it reads, FAQ entries, rules,
    scenarios."""
    from judge.cards.reading import reading_line
    from judge.corpus.gamenames import display_name

    out = [t("msg.card.head", game=display_name(card.game), name=card.zh, en=f"（{card.en}）" if card.en else "")]
    others = [n for n in card.names if n != card.zh]
    if others:
        out.append(t("msg.card.also", names=join(others)))
    if card.printings:
        out.append(t("msg.card.printings"))
        for p in card.printings:
            text = p.text.strip().replace("\n", "\n    ")  # a text's own lines, indented under its source
            out.append("  " + t(f"msg.card.from_{p.kind}", where=p.where, line=p.line or "") + t("colon_text", text=text))
            if p.basis:
                out.append("    " + t("msg.card.basis", basis=p.basis))
            out.append("    " + reading_line(card, p))
    else:
        out.append(t("msg.card.no_printing"))
    for e in card.errata:  # the FAQ's new wording of the card's text
        out.append(t("msg.card.erratum", entry=e["entry"], text=e["text"]))
    out.append(t("msg.card.faq", ids=join(card.faq)) if card.faq else t("msg.card.no_faq"))
    out.append(t("msg.card.rules", ids=join(card.rules)) if card.rules else t("msg.card.no_rules"))
    out.append(t("msg.card.scenarios", names=join(card.scenarios)) if card.scenarios else t("msg.card.no_scenarios"))
    return "\n".join(out)
