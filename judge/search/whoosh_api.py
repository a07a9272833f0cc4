"""The parts of Whoosh that search uses, imported without the modules its query path never needs.

Importing Whoosh 2.7 naively costs about 100 ms, most of it in imports no search here uses:
``whoosh.compat`` imports ``urllib.request`` for a download helper (pulling in http, email and
ssl) and ``html`` for an escape function, ``whoosh.reading`` imports the ``cached_property``
package for one decorator (pulling in asyncio), ``whoosh.query.terms`` and ``whoosh.analysis``
load English language machinery (the morphology tables of ``whoosh.lang.morph_en``, the Porter
stemmer, double metaphone) that Chinese text never uses, and the storage and field modules
import ``tempfile``, ``shutil``, ``random`` and the date helpers of ``whoosh.util.times``
(calendar, locale) for writing indexes and date fields; ``whoosh.compat`` also imports
``pickle.py`` (whose functions are the C module ``_pickle``'s) and ``queue`` (for the
multiprocessing writer), the codec imports the fuzzy-term automata, ``whoosh.reading`` a spelling
distance, and the hash tables ``hashlib`` for MD5 (which loads OpenSSL).

While Whoosh is first imported, each of those modules that is not already loaded is served by
a stand-in (:class:`_Deferred`): a module object whose named functions import the real module
on their first call, and whose other attributes import it on first use.  ``cached_property``
is ``functools.cached_property`` (the same caching descriptor).  The stand-ins are taken out
of ``sys.modules`` right after, so a later ``import tempfile`` anywhere gets the real module;
the names Whoosh bound keep forwarding to it.  No Whoosh file is changed or copied.
"""

from __future__ import annotations

import _pickle
import functools
import importlib
import sys
import types
from typing import Any, Callable

try:
    import _md5
except ImportError:  # a Python built without it: Whoosh gets hashlib's md5 (forwarded)
    _md5 = None

# module -> the functions Whoosh imports from it by name (forwarded on first call) or a
# replacement; any other attribute of a stand-in imports the real module on first use
_DEFERRED: dict[str, dict[str, Any]] = {
    "cached_property": {"cached_property": functools.cached_property},
    "urllib.request": {"urlretrieve": None},
    "html": {"escape": None},
    "whoosh.lang.morph_en": {"variations": None},
    "whoosh.lang.porter": {"stem": None},
    "whoosh.lang.dmetaphone": {"double_metaphone": None},
    "whoosh.util.times": {"datetime_to_long": None, "long_to_datetime": None},
    "shutil": {"copyfileobj": None},
    "tempfile": {},
    "random": {},
    # pickle.py's functions are _pickle's (the C module the stored fields are read with); the rest of
    # pickle.py, the multiprocessing writer's queue, fuzzy-term automata and spelling distances wait
    "pickle": {name: getattr(_pickle, name) for name in ("dump", "dumps", "load", "loads", "Pickler", "Unpickler")},
    "queue": {},
    "whoosh.automata.lev": {},
    "whoosh.support.levenshtein": {"distance": None},
    # the index's hash tables key on MD5: Python's built-in MD5 gives the same digests as hashlib's,
    # without loading OpenSSL (``_hashlib``, ~2 ms) at every start-up
    "hashlib": {"md5": getattr(_md5, "md5", None) if _md5 else None},
}


class _Deferred(types.ModuleType):
    """Stands for a module: the first use of an attribute it does not hold imports the real module
    (taking the stand-in out of ``sys.modules`` first, should that happen while Whoosh is imported)."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        real = self.__dict__.get("_real")
        if real is None:
            if sys.modules.get(self.__name__) is self:
                del sys.modules[self.__name__]
            real = self.__dict__["_real"] = importlib.import_module(self.__name__)
        return getattr(real, attr)


def _forwarder(module: str, name: str) -> Callable[..., Any]:
    """A function that imports ``module`` when first called and calls its ``name``."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = name
    return call


def _stand_in(module: str, attrs: dict[str, Any]) -> types.ModuleType:
    mod = _Deferred(module, f"stand-in for {module} while Whoosh is imported (judge.search.whoosh_api)")
    for name, value in attrs.items():
        setattr(mod, name, _forwarder(module, name) if value is None else value)
    return mod


def _import_lean() -> None:
    """Import the Whoosh modules below with the stand-ins in place, then remove the stand-ins (the
    codec, which Whoosh would import when an index is opened, is imported here for the same reason)."""
    placed = {m: _stand_in(m, attrs) for m, attrs in _DEFERRED.items() if m not in sys.modules}
    sys.modules.update(placed)
    try:
        for m in ("whoosh.analysis", "whoosh.fields", "whoosh.index", "whoosh.filedb.filestore", "whoosh.query",
                  "whoosh.scoring", "whoosh.matching", "whoosh.searching", "whoosh.codec.whoosh3"):
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
from whoosh.codec.whoosh3 import W3Codec  # noqa: E402
from whoosh.filedb.filestore import FileStorage  # noqa: E402

VERSION = whoosh.versionstring()

__all__ = ["FileStorage", "Token", "Tokenizer", "VERSION", "W3Codec", "fields", "index", "matching", "query", "scoring"]
