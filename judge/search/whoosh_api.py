"""The parts of Whoosh that search uses, imported without the modules its query path never needs.

Importing Whoosh 2.7 naively costs about 100 ms, half of it in imports no search here uses:
``whoosh.compat`` imports ``urllib.request`` for a download helper (pulling in http, email and
ssl) and ``html`` for an escape function, ``whoosh.reading`` imports the ``cached_property``
package for one decorator (pulling in asyncio), and ``whoosh.query.terms`` and
``whoosh.analysis`` load English language machinery (the morphology tables of
``whoosh.lang.morph_en``, the Porter stemmer, double metaphone) that Chinese text never uses.

While Whoosh is first imported, each of those names that is not already loaded is served by a
stand-in: ``functools.cached_property`` (the same caching descriptor), or a function that imports
the real module on its first call and forwards to it.  The stand-ins are taken out of
``sys.modules`` right after, so a later ``import urllib.request`` anywhere gets the real module.
No Whoosh file is changed or copied.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types
from typing import Any, Callable

# module -> {attribute: stand-in}; None means "forward to the real module on first call"
_DEFERRED: dict[str, dict[str, Any]] = {
    "cached_property": {"cached_property": functools.cached_property},
    "urllib.request": {"urlretrieve": None},
    "whoosh.lang.morph_en": {"variations": None},
    "whoosh.lang.porter": {"stem": None},
    "whoosh.lang.dmetaphone": {"double_metaphone": None},
    "html": {"escape": None},
}


def _forwarder(module: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module`` when first called and calls its ``name``."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _stand_in(module: str, attrs: dict[str, Any]) -> types.ModuleType:
    mod = types.ModuleType(module, f"stand-in for {module} while Whoosh is imported (judge.search.whoosh_api)")
    for name, value in attrs.items():
        setattr(mod, name, _forwarder(module, name) if value is None else value)
    return mod


def _import_lean() -> None:
    """Import the Whoosh modules below with the stand-ins in place, then remove the stand-ins."""
    placed = {m: _stand_in(m, attrs) for m, attrs in _DEFERRED.items() if m not in sys.modules}
    sys.modules.update(placed)
    try:
        for m in ("whoosh.analysis", "whoosh.fields", "whoosh.index", "whoosh.filedb.filestore", "whoosh.query",
                  "whoosh.scoring", "whoosh.matching", "whoosh.searching"):
            importlib.import_module(m)
    finally:
        for m, mod in placed.items():
            if sys.modules.get(m) is mod:
                del sys.modules[m]


if "whoosh.searching" not in sys.modules:
    _import_lean()

import whoosh  # noqa: E402
from whoosh import fields, index, matching, query, scoring  # noqa: E402
from whoosh.analysis import Token, Tokenizer  # noqa: E402
from whoosh.filedb.filestore import FileStorage  # noqa: E402

VERSION = whoosh.versionstring()

__all__ = ["FileStorage", "Token", "Tokenizer", "VERSION", "fields", "index", "matching", "query", "scoring"]
