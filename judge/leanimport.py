"""Importing a module without the modules it imports but rarely uses: stand-ins, placed only while it is imported.

A stand-in (:class:`Deferred`) is a module object whose named functions import the real module on their first
call, and whose other attributes import it on first use.  :func:`standing_in` puts stand-ins in ``sys.modules``
for the modules not yet loaded, and takes them out again right after, so a later ``import`` anywhere gets the
real module; the names the imported module bound keep forwarding to it.  No file of the imported library is
changed.  ``judge.search.whoosh_api`` imports Whoosh this way; :func:`import_pathlib` imports ``pathlib``.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from typing import Any, Callable, Iterator


class Deferred(types.ModuleType):
    """Stands for a module: the first use of an attribute it does not hold imports the real module
    (taking the stand-in out of ``sys.modules`` first, should that happen while it is still placed)."""

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


def _stand_in(module: str, attrs: dict[str, Any], why: str) -> types.ModuleType:
    mod = Deferred(module, f"stand-in for {module} while {why} is imported (judge.leanimport)")
    for name, value in attrs.items():
        setattr(mod, name, _forwarder(module, name) if value is None else value)
    return mod


@contextlib.contextmanager
def standing_in(plan: dict[str, dict[str, Any]], why: str) -> Iterator[None]:
    """Stand-ins for the modules of ``plan`` not yet loaded, while the body runs.  ``plan`` maps a module to the
    functions it is imported for by name (``None``: forwarded on first call) or their replacements."""
    placed = {m: _stand_in(m, attrs, why) for m, attrs in plan.items() if m not in sys.modules}
    sys.modules.update(placed)
    try:
        yield
    finally:
        for m, mod in placed.items():
            if sys.modules.get(m) is mod:
                del sys.modules[m]


def import_pathlib() -> None:
    """Import ``pathlib`` without ``urllib.parse`` (and the ``ipaddress`` it imports), which it needs only for
    ``Path.as_uri``: about half of pathlib's import time, paid by every command that reads a file."""
    if "pathlib" not in sys.modules:
        with standing_in({"urllib.parse": {"quote_from_bytes": None}}, "pathlib"):
            importlib.import_module("pathlib")
