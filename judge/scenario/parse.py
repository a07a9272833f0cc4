"""Reading scenario text: YAML with a line and column for every value and key, refused where it is not a scenario's
YAML (aliases, merge keys, duplicate keys, nesting too deep, bytes that are not UTF-8); the parsed form kept in the
per-user cache so that a file read before is not parsed again."""

from __future__ import annotations

import marshal
import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judge.locale import has, t
from judge.scenario.problems import ScenarioError, msg, show

if TYPE_CHECKING:
    import yaml

try:  # Python's built-in SHA-256: the same digests as hashlib's, without loading OpenSSL (~2 ms of start-up)
    from _sha256 import sha256
except ImportError:
    from hashlib import sha256

Path_ = tuple[Any, ...]
MAX_DEPTH = 60  # levels of mappings and lists; the bundled scenarios use at most 13


@dataclass
class Marks:
    """Where each value (and each mapping key) starts in the file, by path from the top."""

    values: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def at(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """The mark of ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        while True:
            if key and p in self.keys:
                return self.keys[p]
            if p in self.values:
                return self.values[p]
            if not p:
                return (1, 1)
            p = p[:-1]


# PyYAML is imported only to read a scenario the per-user cache does not hold (see parse): ~11 ms of start-up
@lru_cache(maxsize=1)
def _yaml_loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@lru_cache(maxsize=1)
def _scalars() -> Any:
    import yaml

    return yaml.constructor.SafeConstructor()


def _plain(node: yaml.Node, path: Path_, marks: Marks, file: str) -> Any:
    """Turn a composed node into plain data, recording marks; duplicate keys are an error."""
    import yaml

    _SCALARS = _scalars()  # noqa: N806
    marks.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if len(path) > MAX_DEPTH:  # every node, not only steps: deeper input would exhaust the stack later on
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1,
                            msg("too_deep", limit=MAX_DEPTH))
    if isinstance(node, yaml.ScalarNode):
        try:
            return _SCALARS.construct_object(node)
        except (ValueError, TypeError, OverflowError):  # a scalar YAML reads as a value that cannot be (2024-13-45)
            raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1,
                                msg("bad_value", problem=t("msg.scenario.bad_scalar"))) from None
    if isinstance(node, yaml.SequenceNode):
        return [_plain(n, path + (i,), marks, file) for i, n in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("key_not_word"))
            if knode.tag == "tag:yaml.org,2002:merge":  # (before building it: PyYAML cannot build a merge key)
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("merge_key"))
            try:
                key = _SCALARS.construct_object(knode)
            except (ValueError, TypeError, OverflowError):
                key = str(knode.value)  # a key is a word, whatever YAML would read it as
            if isinstance(key, bool):  # a key is a word: YAML 1.1 would read `on:` / `yes:` as true
                key = str(knode.value)
            elif not isinstance(key, str):
                key = str(key)
            if key in out:
                raise ScenarioError(file, knode.start_mark.line + 1, knode.start_mark.column + 1, msg("duplicate_key", key=key))
            marks.keys[path + (key,)] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _plain(vnode, path + (key,), marks, file)
        return out
    raise ScenarioError(file, 1, 1, msg("yaml_node"))


def _parse_yaml(text: str, file: str) -> tuple[Any, Marks]:
    """The plain data of scenario text and where each value is, read by PyYAML; a ScenarioError says where the
    text is not a scenario's YAML."""
    import yaml

    marks = Marks()
    try:
        _refuse_aliases(text, file)
        node = yaml.compose(text, Loader=_yaml_loader())
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ScenarioError(file, line, col, msg("not_yaml", problem=_yaml_problem(e.problem or e.context))) from None
    except yaml.reader.ReaderError as e:  # a character YAML does not allow (a control character): where it is
        line = text.count("\n", 0, e.position) + 1
        col = e.position - (text.rfind("\n", 0, e.position) + 1) + 1
        code = f"U+{e.character:04X}" if isinstance(e.character, int) else show(e.character)
        raise ScenarioError(file, line, col, msg("control", code=code)) from None
    except yaml.YAMLError:
        raise ScenarioError(file, 1, 1, msg("not_yaml", problem=t("msg.scenario.yaml_other"))) from None
    if node is None:
        raise ScenarioError(file, 1, 1, msg("empty"))
    try:
        data = _plain(node, (), marks, file)
    except yaml.constructor.ConstructorError as e:
        mark = e.problem_mark
        raise ScenarioError(file, (mark.line + 1) if mark else 1, (mark.column + 1) if mark else 1,
                            msg("bad_value", problem=_yaml_problem(e.problem))) from None
    except (ValueError, TypeError, OverflowError):  # a scalar YAML reads as a value that cannot be (2024-13-45)
        raise ScenarioError(file, 1, 1, msg("bad_value", problem=t("msg.scenario.bad_scalar"))) from None
    except RecursionError:
        raise ScenarioError(file, node.start_mark.line + 1, node.start_mark.column + 1, msg("too_deep", limit=MAX_DEPTH)) from None
    finally:  # the constructor keeps every node it built (PyYAML clears it per document): let them go
        _scalars().constructed_objects.clear()
        _scalars().recursive_objects.clear()
    return data, marks


# --- the parsed-scenario cache -------------------------------------------------------------------------------------
PARSED_VERSION = 2  # of what _parse_yaml gives (data and marks): a new value leaves the old entries unread
_CHECKSUM = 32  # bytes of SHA-256 before each entry's marshal data
MAX_PARSED = 2000  # entries kept (the least recently used go first): the bundled scenarios need 150, of about 10 KB
MAX_PARSED_BYTES = 64 * 1024 * 1024  # and bytes: a 256 KB file (the largest read) gives an entry of 1–2 MB


def parse(text: str, file: str) -> tuple[Any, Marks]:
    """What :func:`_parse_yaml` gives for ``text``, from the per-user cache (``$JUDGE_CACHE_DIR/scenarios/``) when
    this exact text was read before: an entry is named by a hash of the text (a changed file is another entry),
    holds a checksum of itself (a damaged entry is read again from the text and rewritten) and is written only for
    text that parsed (errors are found again, by YAML).  A missing or unwritable cache only costs speed."""
    key = sha256(f"{PARSED_VERSION}\0{sys.version_info[0]}.{sys.version_info[1]}\0".encode() + text.encode("utf-8")).hexdigest()
    entry = _parsed_entry(key)
    stored = _read_parsed(entry, key)
    if stored is not None:
        return stored
    data, marks = _parse_yaml(text, file)
    _store_parsed(entry, key, data, marks)
    return data, marks


def _parsed_entry(key: str) -> Path:
    from judge import paths

    return paths.cache_dir() / "scenarios" / f"{key[:32]}.marshal"


def _read_parsed(entry: Path, key: str) -> tuple[Any, Marks] | None:
    """The data and marks an entry holds for ``key``, or None (no entry, or a damaged or foreign one)."""
    try:
        blob = entry.read_bytes()
    except OSError:
        return None
    body = blob[_CHECKSUM:]
    if len(blob) <= _CHECKSUM or sha256(body).digest() != blob[:_CHECKSUM]:
        return None
    try:
        stored = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    if not (isinstance(stored, tuple) and len(stored) == 4 and stored[0] == key
            and isinstance(stored[2], dict) and isinstance(stored[3], dict)):
        return None
    try:
        os.utime(entry)  # a hit: the entry is recently used (the cache keeps those, :data:`MAX_PARSED`)
    except OSError:
        pass
    return stored[1], Marks(stored[2], stored[3])


def _store_parsed(entry: Path, key: str, data: Any, marks: Marks) -> None:
    """Write an entry atomically; data marshal cannot hold (a date YAML read from an unquoted value) is not cached."""
    from judge.datafile import prune_cache, write_cache

    try:
        body = marshal.dumps((key, data, marks.values, marks.keys))
    except ValueError:
        return  # unusual data only costs speed
    write_cache(entry, sha256(body).digest() + body)
    prune_cache(entry.parent, ".marshal", MAX_PARSED, MAX_PARSED_BYTES)


def _yaml_problem(problem: str | None) -> str:
    """What the YAML parser found, in the judge's language (``msg.scenario.yaml.<its English>``); a problem the
    locale does not list is said in general words, the place pointing at it."""
    said = " ".join((problem or "").split())
    for problem in (said, re.sub(r" '[^']*'$", "", said)):  # as said, or without a quoted name at its end (a tag …)
        key = f"msg.scenario.yaml.{problem}"
        if problem and "." not in problem and has(key):
            return t(key)
    # not in the locale: the general words, and what the parser itself said (its own English, shown as such)
    return t("msg.scenario.yaml_said", said=show(said)) if said else t("msg.scenario.yaml_other")


def _refuse_aliases(text: str, file: str) -> None:
    """A scenario has no use for YAML aliases (``*name``), and a few of them can expand to billions of values."""
    if "*" not in text:
        return
    import yaml

    for event in yaml.parse(text, Loader=_yaml_loader()):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            raise ScenarioError(file, mark.line + 1, mark.column + 1, msg("alias", anchor=event.anchor))


def text_of(raw: bytes, name: str) -> str:
    """The UTF-8 text of a file's bytes with its line ends made ``\\n``; a ScenarioError says where a byte is not UTF-8."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise ScenarioError(name, line, col, msg("not_utf8", byte=f"0x{raw[e.start]:02x}")) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
