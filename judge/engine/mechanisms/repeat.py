"""Paying to carry out a card's instructions once more [keyword.repeat]: an optional additional cost decided as the
card is played, with the choices for each more execution made then (``slot#2`` …) and checked again when that
execution comes (resolution runs them: ``resolution._execute_again``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine.choice import Choice
from judge.engine.language.shapes import Bool, Enum, Field, Ref
from judge.engine.language.words import Mechanism
from judge.engine.mechanisms.abilities import kind_shape

if TYPE_CHECKING:
    from judge.engine.game import Game
    from judge.engine.state import Link


def abilities(game: "Game", link: "Link") -> list[dict[str, Any]]:
    """The Repeat costs a link's controller may pay for one more execution (``kind: repeat``): a card's own, as it is
    played; or, for a triggered or activated ability, those its card gives its abilities (``applies_to: abilities``:
    「我的技能带有[回响] — 弃置一张手牌」)."""
    wanted = "card" if link.kind == "card" else "abilities" if link.kind in ("trigger", "ability") else None
    card = game.state.cards.get(link.source.id)
    if wanted is None or card is None:
        return []
    return [ab for ab in card.all_abilities() if ab.get("kind") == "repeat" and ab.get("applies_to", "card") == wanted]


def choose(game: "Game", link: "Link") -> None:
    """Each such cost may be paid once: asked as the card is played; then the choices of that execution."""
    from judge.engine.mechanisms import targets
    from judge.engine.mechanisms.chain import choose_modes

    found = abilities(game, link)
    each = ("keyword.repeat_each",) if len(found) > 1 else ()  # several Repeat costs: each paid or not on its own
    for i, ab in enumerate(found):
        if link.free or not affordable(game, link, ab.get("cost") or {}):  # a cost that cannot be paid is not offered
            continue
        if not game.ask(Choice("pay", link.controller, link.source.id, (False, True), slot="repeat")):
            continue
        link.repeat_paid.append(i)
        n = link.repeats + 1
        game.trace.add("repeat_paid", game.data.cite("keyword.repeat", *each), player=game.player_ref(link.controller),
                       amount=n, which=i + 1)
        if link.text.get("modes"):  # [keyword.repeat]: that execution's modes, the same or others, chosen now
            chooser, link.repeat_modes[n] = choose_modes(game, link, f"mode#{n}")
            game.trace.add("repeat_mode", game.data.cite("keyword.repeat"), player=game.player_ref(chooser), amount=n,
                           modes=[m + 1 for m in link.repeat_modes[n]])
        for slot in targets.all_slots(link, n):
            targets.choose_slot(game, link, {**slot, "name": f"{slot.get('name', 'target')}#{n}"}, set())


def affordable(game: "Game", link: "Link", cost: dict[str, Any]) -> bool:
    """Whether the player could pay a Repeat cost's cards now: enough cards in hand to discard (the card being played
    is not one of them). Resources are counted with the whole cost, as it is paid [cost.total]."""
    n = int(cost.get("discard") or 0)
    if not n:
        return True
    hand = [c for c in game.state.in_zone("hand", link.controller) if c.id != link.source.id]
    return len(hand) >= n


def cost(game: "Game", link: "Link") -> list[dict[str, Any]]:
    """The costs of the executions paid for — those of the Repeat costs chosen, not the first ones (added to the
    link's total cost)."""
    found = abilities(game, link)
    return [found[i].get("cost") or {} for i in link.repeat_paid if i < len(found)]


MECHANISM = Mechanism("repeat", "paying to carry out a card's instructions once more", requires=("abilities", "costs"))
M = MECHANISM
M.word("ability_kind", "repeat", kind_shape({"cost": Field(Ref("cost"), "what one more execution costs"),
                                             "applies_to": Field(Enum(("card", "abilities")), "what it lets its controller "
                                                         "repeat: the card as it is played (default), or each of its "
                                                         "abilities as it is used or triggers")},
                                            required=("cost",), doc="pay this to carry out the card's instructions again"),
       doc="an optional additional cost: each paid carries out the card's instructions once more [keyword.repeat]",
       rules=("keyword.repeat", "keyword.repeat_each"), phrases=("repeat_paid", "repeat_mode", "repeat_exec"))
M.word("choice_slot", "repeat", Ref("steps"), doc="whether to pay for one more execution", extra={"kinds": ("pay",)})
M.word("choice_slot", "mode", Bool(), doc="the modes of a card's text (mode#2 …: those of one more execution)",
       extra={"kinds": ("mode",)})
M.hook("link.choices")(choose)
M.hook("cost.additional")(cost)
