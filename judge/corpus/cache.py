"""Fast reading of the parsed corpus files: a per-user cache of their parsed data, and a streaming reader.

``cached_yaml(path)`` returns what ``read_yaml(path)`` would, from a copy in the per-user cache
(``$JUDGE_CACHE_DIR/parsed/``, in :mod:`marshal` format) when the file has not changed since the
copy was made: the copy records the file's size, modification and change times and inode when
it is built, and is used only while all four still match.  The 290 KB corpus loads from it in
about a millisecond where YAML takes over a hundred (JSON: about three).  A file changed less
than :data:`RACY_SECONDS` before it is read is not cached (a change within the same timestamp
tick could otherwise go unseen).  A damaged, foreign or unwritable cache only costs speed.

``cached_game(path)`` is the same for a game's corpus file, kept so that a lookup reads only what it needs: the
file's metadata and each rule's id, with every rule's data as its own :mod:`marshal` bytes, decoded when that
rule is asked for (a 2,400-rule game loads in about a millisecond, where the whole data takes twenty).

``stream_rules(path)`` yields the rules of a ``<game>.yaml`` file one at a time from the YAML
parser's events, so a large corpus is indexed without holding all of it in memory.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
from pathlib import Path
from typing import Any, Iterator, NamedTuple

from judge import paths

try:  # Python's built-in SHA-256: the same digests as hashlib's, without loading OpenSSL (~2 ms of start-up)
    from _sha256 import sha256
except ImportError:
    from hashlib import sha256

CACHE_VERSION = 2
RACY_SECONDS = 2.0


def _signature(st: os.stat_result) -> tuple[int, ...]:
    # marshal's format belongs to the Python version that wrote it
    return (CACHE_VERSION, *sys.version_info[:2], st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)


def _cache_file(path: Path, kind: str = "") -> Path:
    digest = sha256(str(path.resolve()).encode()).hexdigest()[:24]
    return paths.cache_dir() / "parsed" / f"{path.stem}-{digest}{'.' + kind if kind else ''}.marshal"


def cached_yaml(path: Path) -> Any:
    """The parsed content of the YAML file ``path`` (see the module docstring); errors as ``read_yaml``'s."""
    from judge.datafile import read_yaml

    try:
        sig = _signature(path.stat())
    except OSError:
        return read_yaml(path)  # raises the DataError naming the file
    cache = _cache_file(path)
    found = _stored(cache, sig)
    if found is not _MISSING:
        return found
    data = read_yaml(path)
    if time.time() - _mtime(sig) > RACY_SECONDS:
        _store(cache, sig, data)
    return data


def cached_value(name: Path, kind: str, key: Any, files: list[Path], compute: Any) -> Any:
    """``compute()``, or the copy the per-user cache keeps of it for ``name`` (one copy per name and kind) while
    ``key`` (marshal data) and the signatures of ``files`` (what the value is worked out from) are unchanged."""
    try:
        stats = [f.stat() for f in files]
        sig = (CACHE_VERSION, *sys.version_info[:2], *((st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
                                                        for st in stats), key)
        marshal.dumps(sig)
    except (OSError, ValueError):
        return compute()  # a file gone, or a key marshal cannot hold: only speed is lost
    cache = _cache_file(name, kind)
    found = _stored(cache, sig)
    if found is not _MISSING:
        return found
    value = compute()
    if all(time.time() - st.st_mtime > RACY_SECONDS for st in stats):  # a file just changed may change again unseen
        _store(cache, sig, value)
    return value


GAME_KIND = "game"


class GameData(NamedTuple):
    """A game's corpus file: its documents, its versions, and each rule id with the rule's data as marshal bytes."""

    documents: list[Any]
    versions: list[Any]
    rules: dict[str, bytes]


def cached_game(path: Path) -> GameData:
    """A game's corpus file ``path`` (see the module docstring); a malformed file raises ``read_yaml``'s DataError."""
    try:
        sig = (*_signature(path.stat()), GAME_KIND)
    except OSError:
        return _game(path, read_yaml_or_raise(path))
    cache = _cache_file(path, GAME_KIND)
    try:
        stored = marshal.loads(cache.read_bytes())
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == sig:
            documents, versions, ids, blobs = stored[1]
            return GameData(documents, versions, dict(zip(ids, blobs)))
    except (OSError, ValueError, EOFError, TypeError):
        pass
    game = _game(path, read_yaml_or_raise(path))
    if time.time() - _mtime(sig) > RACY_SECONDS:
        _store(cache, sig, (game.documents, game.versions, list(game.rules), list(game.rules.values())))
    return game


def read_yaml_or_raise(path: Path) -> Any:
    from judge.datafile import read_yaml

    return read_yaml(path)


def _game(path: Path, data: Any) -> GameData:
    from judge.datafile import DataError, expect_mapping

    data = expect_mapping(path, data, ("rules",))
    if not isinstance(data["rules"], list):
        raise DataError(f"{path}: 'rules' must be a list")
    rules: dict[str, bytes] = {}
    for i, d in enumerate(data["rules"]):
        if not isinstance(d, dict) or not isinstance(d.get("id"), (str, int)):
            raise DataError(f"{path}: rules[{i}] is not a valid rule (it needs an id)")
        try:
            rules[str(d["id"])] = marshal.dumps(d)
        except ValueError as e:  # data marshal cannot hold (a date YAML read from an unquoted value)
            raise DataError(f"{path}: rules[{i}] is not a valid rule ({e})") from e
    return GameData(list(data.get("documents") or []), list(data.get("versions") or []), rules)


_MISSING = object()  # no usable copy


def _stored(cache: Path, sig: tuple[Any, ...]) -> Any:
    """The copy ``cache`` keeps for the signature ``sig``, or _MISSING (none, another signature's, or damaged)."""
    try:
        stored = marshal.loads(cache.read_bytes())
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == sig:
            return stored[1]
    except (OSError, ValueError, EOFError, TypeError):
        pass
    return _MISSING


def _mtime(sig: tuple[Any, ...]) -> float:
    """The modification time (seconds) a signature records."""
    return float(sig[4]) / 1e9


def _store(cache: Path, sig: tuple[Any, ...], data: Any) -> None:
    """Write the copy atomically; data marshal cannot hold (dates) is not cached."""
    from judge.datafile import write_cache

    try:
        blob = marshal.dumps((sig, data))
    except ValueError:
        return  # unusual data only costs speed
    write_cache(cache, blob)


class _Streamed(Exception):
    """The file uses YAML the streaming reader does not handle (anchors, tags): read it whole instead."""


def stream_rules(path: Path) -> Iterator[dict[str, Any]]:
    """The items of the top-level ``rules`` list of a corpus file, one at a time, in file order.

    Built from the parser's events (mapping keys taken as written).  Where the streaming reader
    stops (anchors, tags or complex keys, which the corpus writer never emits) the file is read
    whole and the remaining rules follow; a
    malformed file raises the same DataError as ``read_yaml`` (file, line, column).
    """
    import yaml

    from judge.datafile import DataError, expect_mapping, read_yaml

    count = 0
    try:
        with path.open(encoding="utf-8") as f:
            for rule in _rules_from_events(yaml.parse(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))):
                count += 1
                yield rule
        return
    except (_Streamed, yaml.YAMLError, UnicodeDecodeError, OSError):
        pass  # read whole below: read_yaml reports a malformed file with its line and column
    data = expect_mapping(path, read_yaml(path), ("rules",))
    if not isinstance(data["rules"], list):
        raise DataError(f"{path}: 'rules' must be a list")
    yield from data["rules"][count:]


def _rules_from_events(events: Iterator[Any]) -> Iterator[dict[str, Any]]:
    import yaml

    resolver = yaml.resolver.Resolver()
    constructor = yaml.constructor.SafeConstructor()
    plain: dict[str, Any] = {}  # resolved plain scalars (null, true, line numbers…), bounded below

    def scalar(ev: Any) -> Any:
        if ev.tag and not (ev.implicit[0] or ev.implicit[1]):
            raise _Streamed  # an explicit tag
        if ev.style or not ev.implicit[0]:
            return ev.value  # quoted or block scalar: a string
        if ev.value in plain:
            return plain[ev.value]
        tag = resolver.resolve(yaml.ScalarNode, ev.value, (True, False))
        value = constructor.yaml_constructors[tag](constructor, yaml.ScalarNode(tag, ev.value))
        if len(plain) < 10_000:
            plain[ev.value] = value
        return value

    # A stack of containers being built: [container, pending key or None].
    stack: list[list[Any]] = []
    in_rules = False  # the top-level "rules" sequence is open
    seen_rules = False
    for ev in events:
        if isinstance(ev, yaml.AliasEvent) or getattr(ev, "anchor", None):
            raise _Streamed
        if isinstance(ev, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentStartEvent, yaml.DocumentEndEvent)):
            continue
        if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(stack) == 1 and stack[0][1] == "rules" and isinstance(ev, yaml.SequenceStartEvent):
                in_rules = seen_rules = True
                stack[0][1] = None
                continue
            stack.append([{} if isinstance(ev, yaml.MappingStartEvent) else [], None])
            continue
        if isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            if in_rules and len(stack) == 1:
                in_rules = False
                continue
            done = stack.pop()[0]
            if in_rules and len(stack) == 1:
                yield done
                continue
            value: Any = done
        elif stack and isinstance(stack[-1][0], dict) and stack[-1][1] is None:
            stack[-1][1] = ev.value  # a mapping key: the corpus writer's keys are plain words
            continue
        else:
            value = scalar(ev)
        if not stack:
            continue
        top = stack[-1]
        if isinstance(top[0], list):
            top[0].append(value)
        elif top[1] is None:
            raise _Streamed  # a complex mapping key
        else:
            top[0][top[1]] = value
            top[1] = None
    if not seen_rules:
        raise _Streamed  # not a mapping with a rules list: read whole, which says what is wrong
