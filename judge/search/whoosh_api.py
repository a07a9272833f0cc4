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
distance, the hash tables ``hashlib`` for MD5 (which loads OpenSSL), and ``whoosh.searching`` the
highlighter of its Results objects.

While Whoosh is first imported, each of those modules that is not already loaded is served by
a stand-in (``judge.leanimport``): a module object whose named functions import the real module
on their first call, and whose other attributes import it on first use.  ``cached_property``
is ``functools.cached_property`` (the same caching descriptor).  No Whoosh file is changed or copied.
"""

from __future__ import annotations

import _pickle
import functools
import importlib
import sys
from typing import Any

from judge.leanimport import standing_in

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
    # result highlighting: only Whoosh's Results objects use it (judge marks its own snippets)
    "whoosh.highlight": {},
    # the index's hash tables key on MD5: Python's built-in MD5 gives the same digests as hashlib's,
    # without loading OpenSSL (``_hashlib``, ~2 ms) at every start-up
    "hashlib": {"md5": getattr(_md5, "md5", None) if _md5 else None},
}


def _import_lean() -> None:
    """Import the Whoosh modules below with the stand-ins in place, then remove the stand-ins (the
    codec, which Whoosh would import when an index is opened, is imported here for the same reason)."""
    with standing_in(_DEFERRED, "Whoosh"):
        for m in ("whoosh.analysis", "whoosh.fields", "whoosh.index", "whoosh.filedb.filestore", "whoosh.query",
                  "whoosh.scoring", "whoosh.matching", "whoosh.searching", "whoosh.codec.whoosh3"):
            importlib.import_module(m)


if "whoosh.searching" not in sys.modules:
    _import_lean()

import whoosh  # noqa: E402
from whoosh import fields, index, matching, query, scoring  # noqa: E402
from whoosh.analysis import Token, Tokenizer  # noqa: E402
from whoosh.codec.whoosh3 import W3Codec  # noqa: E402
from whoosh.filedb.filestore import FileStorage  # noqa: E402
from whoosh.filedb.structfile import BufferFile  # noqa: E402
from whoosh.searching import Searcher  # noqa: E402

VERSION = whoosh.versionstring()

__all__ = ["BufferFile", "FileStorage", "Searcher", "Token", "Tokenizer", "VERSION", "W3Codec", "fields", "index", "matching", "query", "scoring"]
