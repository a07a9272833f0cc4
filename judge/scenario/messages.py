"""What the engine says about a scenario it cannot play, in the judge's language.

The engine speaks no language (it does not import the locale): it raises ``InvalidInput`` with a
:class:`judge.engine.errors.Msg`, a key and values. Here the key becomes ``msg.engine.<key>`` of
``judge/locale/<lang>.json``, the values are shown as a judge reads them, and a message that names the chain uses
the game's own word for it (响应链, 堆疊). A key the locale does not know is shown as it stands.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from judge.engine.choice import Choice
from judge.engine.errors import Msg
from judge.engine.ruleset import Ruleset
from judge.locale import current, has, t


def engine_message(m: Msg, data: Ruleset | None = None, lang: str | None = None) -> str:
    """``m`` in ``lang`` (default: the language in use), for the game ``data`` describes."""
    lang = lang or current()
    key = f"msg.engine.{m.key}"
    if not has(key, lang):
        return m.key if not m.values else f"{m.key} ({', '.join(f'{k}={_value(v, data, lang)}' for k, v in m.values.items())})"
    values = {k: options_text(v, lang) if k == "legal" and isinstance(v, (list, tuple)) else _value(v, data, lang)
              for k, v in m.values.items()}
    values.setdefault("chain", data.word("chain", lang) if data is not None else t("msg.engine.the_chain", lang))
    return t(key, lang, **values)


def choice_text(choice: Choice, lang: str | None = None, name: Callable[[str, str], str] | None = None) -> str:
    """An open choice as a judge reads it: what is chosen (in words; the slot when it is not the usual one), whose
    choice it is, for which card — "you为“strike”选择目标" with the file's ids, or with ``name`` (kind ``player``
    or ``card``, id → its name) "你为“毁灭打击”选择目标"."""
    key = f"msg.engine.choice_kind.{choice.kind}"
    what = t(key, lang) if has(key, lang) else str(choice.kind)
    named = name or (lambda kind, ident: ident)
    if choice.slot and choice.slot not in ("target", choice.kind):
        what = t("msg.engine.choice_slot", lang, what=what, slot=choice.slot)
    if choice.source:
        return t("msg.engine.choice_for", lang, kind=what, player=named("player", choice.player),
                 card=named("card", choice.source))
    return t("msg.engine.choice", lang, kind=what, player=named("player", choice.player))


def options_text(options: Any, lang: str) -> str:
    """Legal options as a judge reads them: each on its own, separated; a set of targets by its cards' ids."""
    def one(o: Any) -> str:
        if isinstance(o, (list, tuple)) and all(isinstance(x, str) for x in o):
            return t("list_sep", lang).join(o) if o else t("msg.engine.nothing", lang)
        if isinstance(o, bool):
            return t("msg.engine.yes" if o else "msg.engine.no", lang)
        if isinstance(o, (str, int)):
            return str(o)
        return json.dumps(o, ensure_ascii=False, default=str)
    return t("msg.engine.options_sep", lang).join(one(o) for o in options)


def _value(v: Any, data: Ruleset | None, lang: str) -> str:
    if isinstance(v, Msg):
        return engine_message(v, data, lang)
    if isinstance(v, Choice):
        return choice_text(v, lang)
    if isinstance(v, str):
        return "".join(c if c.isprintable() else repr(c)[1:-1] for c in v)
    if isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v):
        return t("list_sep", lang).join(v)
    try:
        return json.dumps(v, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(v)
