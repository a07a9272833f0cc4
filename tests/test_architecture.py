"""The house order: which parts of ``judge`` may import which, read from the code itself.

A *room* is a top-level part of the package: each subpackage (``judge/corpus/`` …) and each top-level module
(``judge/cli.py`` …). :data:`ROOMS` lists them bottom to top; a module may import its own room and the rooms below
it, never one above, and no import circle may join two rooms. Every module under ``judge/`` is read with
:mod:`ast`: imports at module level and inside functions alike (``import x``, ``from x import y``, relative
imports resolved against the module's package). Imports under ``if TYPE_CHECKING:`` are left out: they never run,
they only name types. Imports made from a string at run time (``importlib.import_module(name)``, the way
``judge/cli.py`` loads each command's module) are not seen; only ``cli``, the top room, does that.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "judge"
MAX_LINES = 600

# Bottom to top, each with why it stands there: a room may import only the rooms listed before it.
ROOMS: list[tuple[str, str]] = [
    ("__init__", "the package itself: a version string, no imports"),
    ("leanimport", "import-time stand-ins for heavy modules: the standard library only"),
    ("paths", "where the bundled data, the user's data and the cache live: the standard library only"),
    ("locale", "the words, the language in use, text widths, folding to Simplified: standard library (and OpenCC)"),
    ("datafile", "safe reading and writing of data files: only the locale, for its messages"),
    ("progress", "a long task's progress line on the terminal: the locale, for its words"),
    ("filesig", "content keys from file signatures, for caches: the standard library and datafile"),
    ("settings", "the judge's settings file in the data folder (the default game): paths, datafile, locale"),
    ("templating", "the one Jinja2 environment over templates/: paths, to find the templates"),
    ("corpus", "the parsed rules of each game, their documents and game names: the shared helpers only"),
    ("clitools", "what every room's commands share (JSON out, --game, the corpus or exit): click and the corpus"),
    ("engine", "the rules engine: state, chain, effects, trace; the games build on it, it needs no room above"),
    ("games", "each game's data and rules on the engine (data read through the corpus cache)"),
    ("printed", "cards as printed: each game's phrase templates (its data) read into the scenario language"),
    ("scenario", "loading scenario files and running them on the games' engines"),
    ("faq", "the official FAQ: parsed beside the corpus, its rulings checked by running scenarios"),
    ("cards", "the cards the documents quote, the FAQ names and the scenarios use: corpus, FAQ, scenario catalogue"),
    ("search", "the search index over the corpus and the FAQ entries"),
    ("report", "ruling reports, coverage and the site: corpus, scenarios, FAQ and search together"),
    ("corpus_commands", "judge rule / rules / corpus: the corpus, the scenarios citing a rule (report), the FAQ"),
    ("cli", "the judge command group: names each command's module and loads it by name (importlib)"),
]
ORDER = {name: i for i, (name, _) in enumerate(ROOMS)}


@dataclass(frozen=True)
class Import:
    file: str  # relative to the repository: judge/faq/check.py
    line: int
    source: str  # the importing module: judge.faq.check
    target: str  # the imported module: judge.report.runs
    names: tuple[str, ...] = ()  # what `from … import` takes from it: ("scenario_files",)

    @property
    def source_room(self) -> str:
        return room_of(self.source)

    @property
    def target_room(self) -> str:
        return room_of(self.target)

    def __str__(self) -> str:
        what = f"{self.target}.{{{', '.join(self.names)}}}" if self.names else self.target
        return f"{self.file}:{self.line}: {self.source} ({self.source_room}) imports {what} ({self.target_room})"


def room_of(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_module(name: str) -> bool:
    """Whether ``name`` (``judge.corpus.lookup``) is a module or package of the source tree."""
    base = PACKAGE.parent.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of the tree, at any depth, but those under ``if TYPE_CHECKING:``."""
    out: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(node)
        if isinstance(node, ast.If) and _type_checking_only(node):
            todo.extend(node.orelse)  # the `else:` branch does run
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def imports_in(code: str, module: str, is_package: bool = False, file: str = "<code>") -> list[Import]:
    """The ``judge`` modules that ``code`` (the module ``module``; ``is_package``: an ``__init__.py``) imports."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []
    for node in sorted(_import_nodes(ast.parse(code, file)), key=lambda n: (n.lineno, n.col_offset)):
        targets: dict[str, list[str]] = {}  # imported module -> the names taken from it
        if isinstance(node, ast.Import):
            for a in node.names:
                targets.setdefault(a.name, [])
        else:
            if node.level:  # `from . import x`: the package; each further dot, one package up
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for a in node.names:  # `from judge import paths` imports the module judge.paths
                sub = f"{base}.{a.name}"
                if a.name != "*" and _is_module(sub):
                    targets.setdefault(sub, [])
                else:
                    targets.setdefault(base, []).append(a.name)
        found += [Import(file, node.lineno, module, t, tuple(names)) for t, names in targets.items()
                  if t == "judge" or t.startswith("judge.")]
    return found


def imports_of(path: Path) -> list[Import]:
    """The ``judge`` modules that the file ``path`` imports, each with its line."""
    return imports_in(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py",
                      path.relative_to(PACKAGE.parent).as_posix())


def python_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def all_imports() -> list[Import]:
    return [imp for path in python_files() for imp in imports_of(path)]


def _listing(items: list[str]) -> str:
    return "\n  " + "\n  ".join(items)


def test_every_room_has_a_place_in_the_order() -> None:
    """A new subpackage or top-level module is given its place (and its reason) in ROOMS."""
    rooms = {room_of(module_name(p)) for p in python_files()}
    missing = sorted(rooms - set(ORDER))
    gone = sorted(set(ORDER) - rooms)
    if missing or gone:
        pytest.fail(f"rooms missing from ROOMS (give each a place and a reason): {missing}; "
                    f"rooms ROOMS lists that do not exist: {gone}")


def test_no_room_imports_a_room_above_it() -> None:
    """Each import, at module level or inside a function, goes to the module's own room or one below it."""
    upward = [str(i) for i in all_imports()
              if ORDER.get(i.target_room, -1) > ORDER.get(i.source_room, len(ORDER))]
    if upward:
        pytest.fail(f"{len(upward)} imports reach a room above their own:{_listing(upward)}", pytrace=False)


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one room (Tarjan's algorithm), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component, key=lambda r: ORDER.get(r, len(ORDER))))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def _path(edges: dict[str, set[str]], start: str, goal: str, within: set[str]) -> list[str]:
    """A shortest chain of room imports from ``start`` to ``goal`` inside ``within`` (breadth first)."""
    came: dict[str, str | None] = {start: None}
    todo = [start]
    while todo:
        room = todo.pop(0)
        if room == goal:
            break
        for nxt in sorted(edges.get(room, ()), key=lambda r: ORDER.get(r, len(ORDER))):
            if nxt in within and nxt not in came:
                came[nxt] = room
                todo.append(nxt)
    chain = [goal]
    while came.get(chain[-1]) is not None:
        chain.append(came[chain[-1]])  # type: ignore[arg-type]
    return chain[::-1]


def test_no_import_cycle_between_rooms() -> None:
    """Whatever the declared order: no two rooms import each other, directly or through others. Each circle is
    shown by the imports that close it (those that go up the declared order) and the way back down."""
    imports = [i for i in all_imports() if i.source_room != i.target_room]
    edges: dict[str, set[str]] = {}
    for i in imports:
        edges.setdefault(i.source_room, set()).add(i.target_room)
    report = []
    for component in _cycles(edges):
        inside = set(component)
        report.append(f"circle between {', '.join(component)}:")
        rank = {r: ORDER.get(r, len(ORDER)) for r in inside}
        closing = sorted({(i.source_room, i.target_room) for i in imports
                          if i.source_room in inside and i.target_room in inside
                          and rank[i.target_room] >= rank[i.source_room]}, key=lambda e: (rank[e[0]], rank[e[1]]))
        for src, dst in closing:
            report.append(f"  {' -> '.join([src] + _path(edges, dst, src, inside))}, closed by:")
            report += [f"    {i}" for i in imports if (i.source_room, i.target_room) == (src, dst)]
    if report:
        pytest.fail(f"import circles between rooms:{_listing(report)}", pytrace=False)


def test_no_module_longer_than_600_lines() -> None:
    """A module longer than this holds more than one idea: split it by idea."""
    long = []
    for path in python_files():
        with path.open(encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > MAX_LINES:
            long.append(f"{path.relative_to(PACKAGE.parent).as_posix()}:{MAX_LINES + 1}: {n} lines, "
                        f"{n - MAX_LINES} past the limit of {MAX_LINES}")
    if long:
        pytest.fail(f"modules longer than {MAX_LINES} lines:{_listing(long)}", pytrace=False)


def test_the_walker_sees_lazy_relative_and_module_imports_but_not_type_checking_ones() -> None:
    """The walker itself, on a module of its own making (``judge.faq.probe``): what it resolves each import to."""
    code = (
        "from typing import TYPE_CHECKING\n"
        "from . import model\n"
        "from .model import FaqEntry\n"
        "from ..corpus import store\n"
        "from judge import paths\n"
        "if TYPE_CHECKING:\n"
        "    from judge.report.runs import ScenarioRun\n"
        "else:\n"
        "    import judge.datafile\n"
        "def f():\n"
        "    import judge.search.query as q\n"
        "    from judge.corpus.lookup import find\n"
    )
    found = [(i.line, i.target) for i in imports_in(code, "judge.faq.probe")]
    assert found == [(2, "judge.faq.model"), (3, "judge.faq.model"), (4, "judge.corpus.store"), (5, "judge.paths"),
                     (9, "judge.datafile"), (11, "judge.search.query"), (12, "judge.corpus.lookup")]
    assert [i.target for i in imports_in("from . import check\n", "judge.faq", is_package=True)] == ["judge.faq.check"]
