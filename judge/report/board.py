"""A board as a report shows it: per player and zone, every card with its printed text and stats and its state."""

from __future__ import annotations

from typing import Any

from judge.report.lexicon import Lexicon


def card_anchor(cid: str) -> str:
    """The element id of a card's entry on the starting board (ids are letters, digits, ``_`` and ``-``)."""
    return "c-" + "".join(ch if ch.isascii() and (ch.isalnum() or ch in "_-") else f"~{ord(ch):x}" for ch in cid)


def stats(lex: Lexicon, printed: dict[str, Any]) -> list[str]:
    """Type, cost, power (with its damage type), health and armor as printed; statuses."""
    w = lex.w
    out = []
    if printed.get("type"):
        sub = printed.get("subtypes") or []
        out.append(lex.card_type(printed["type"]) + (w("paren", x=w.join([str(s) for s in sub])) if sub else ""))
    if printed.get("cost") is not None:
        out.append(w("stat_cost", n=printed["cost"]))
    for key in ("power", "health", "armor"):
        if printed.get(key) is not None:
            out.append(w("stat_power", word=lex.gword(key), n=printed[key]))
    if printed.get("damage_type"):
        out.append(w("stat_damage_type", kind=printed["damage_type"]))
    out += [lex.status(s) for s in printed.get("status") or []]
    if printed.get("token"):
        out.append(w("state_token"))
    return out


def state(lex: Lexicon, c: dict[str, Any], printed: dict[str, Any]) -> list[str]:
    """What is true of the card now: exhausted, face down, damage, counters, attachment, gained abilities."""
    w = lex.w
    out = []
    if c.get("exhausted"):
        out.append(lex.gword("exhausted"))
    if c.get("face_down"):
        out.append(lex.gword("face_down"))
    if c.get("damage"):
        out.append(w("state_damage", word=lex.gword("damage"), n=c["damage"]))
    if c.get("counters"):
        out.append(lex.counters(c["counters"]))
    if c.get("attached_to"):
        out.append(w("state_attached", card=lex.card(c["attached_to"])))
    if c.get("granted"):
        out.append(w("state_granted", n=c["granted"]))
    if (printed.get("copies") or 1) > 1:
        out.append(w("state_copies", n=printed["copies"]))
    return out


def board(st: dict[str, Any], lex: Lexicon, with_text: bool) -> dict[str, Any]:
    """A state (``final_state`` shape) grouped per player and zone, in the game's zone order, for the templates.

    ``with_text``: each card with its printed text and stats (the starting board); otherwise name and state only.
    """
    w = lex.w
    order = list(lex.game.zones) if lex.game is not None else []
    players = []
    for pid, info in (st.get("players") or {}).items():
        zones: dict[str, list[dict[str, Any]]] = {}
        for cid, c in (st.get("cards") or {}).items():
            if c.get("controller") != pid:
                continue
            printed = lex.printed.get(cid, {})
            text = str(printed.get("text") or "").strip()
            zones.setdefault(str(c.get("zone") or "?"), []).append({
                "id": cid, "anchor": card_anchor(cid), "name": lex.card(cid), "state": state(lex, c, printed),
                "stats": stats(lex, printed) if with_text else [],
                "text": (text or w("no_text")) if with_text else None, "has_text": bool(text),
                "href": None,  # the card's page, where a site has one (report.context)
            })
        ordered = sorted(zones, key=lambda z: (order.index(z) if z in order else len(order), z))
        players.append({
            "id": pid, "name": lex.player(pid),
            "counts": w("board_counts", hand=info.get("hand"), deck=info.get("deck"), resources=info.get("resources")),
            "zones": [{"id": z, "name": lex.zone(z), "cards": zones[z]} for z in ordered],
        })
    chain = [w("chain_link", card=lex.card(l.get("source")), player=lex.player(l.get("controller")))
             for l in reversed(st.get("chain") or [])]  # top first
    facts = [w("board_turn", player=lex.player(st.get("turn"))),
             w("board_priority", player=lex.player(st["priority"])) if st.get("priority") else w("board_no_priority"),
             w("board_chain", links=w.join(chain)) if chain else w("board_chain_empty")]
    return {"players": players, "facts": facts}
