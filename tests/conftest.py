"""Session-wide test isolation: no test reads or writes the user's real cache or data folder, and no test depends
on the machine's locale (judge speaks Chinese unless the locale starts with ``en``: tests that want English say so).

And the expensive runs several test files read, done once per session (under pytest-xdist: once per worker) and
only when a test asks for them: each bundled scenario's run, each bundled scenario's HTML report, the site.  Tests
only read what these give; a test that changes a scenario, a report or the site makes its own.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import pytest

if TYPE_CHECKING:
    from judge.scenario.runner import Result

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = REPO / "scenarios"  # the bundled scenarios


def _private(variable: str, folder: Path) -> Iterator[Path]:
    old = os.environ.get(variable)
    os.environ[variable] = str(folder)
    yield folder
    if old is None:
        os.environ.pop(variable, None)
    else:
        os.environ[variable] = old


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point $JUDGE_CACHE_DIR at a temporary folder for the whole session (tests may override it)."""
    yield from _private("JUDGE_CACHE_DIR", tmp_path_factory.mktemp("judge-cache"))


@pytest.fixture(autouse=True, scope="session")
def _private_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Point $JUDGE_DATA_DIR (documents a judge adds) at an empty temporary folder for the whole session."""
    yield from _private("JUDGE_DATA_DIR", tmp_path_factory.mktemp("judge-data"))


@pytest.fixture(autouse=True, scope="session")
def _neutral_locale() -> Iterator[None]:
    """A locale that is not English (so judge's default, Chinese) for the whole session, subprocesses included."""
    names = ("LC_ALL", "LC_MESSAGES", "LANG")
    old = {name: os.environ.get(name) for name in names}
    os.environ.pop("LC_ALL", None)
    os.environ.pop("LC_MESSAGES", None)
    os.environ["LANG"] = "C.UTF-8"
    yield
    for name, value in old.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(autouse=True, scope="session")
def _no_default_game() -> Iterator[None]:
    """No $JUDGE_GAME or $JUDGE_SITE_URL from the developer's shell: the lookups search every game, as the tests
    expect (the tests that use them set them)."""
    old = {name: os.environ.pop(name, None) for name in ("JUDGE_GAME", "JUDGE_SITE_URL")}
    yield
    for name, value in old.items():
        if value is not None:
            os.environ[name] = value


@pytest.fixture
def editions(tmp_path: Path) -> dict[str, object]:
    """Two versions of the generated publisher's document in ``tmp_path`` (official_doc.editions: July's, and
    October's with 002.2.a changed, 003.1 removed and 002.5 added), for tests/test_corpus_versions.py and
    tests/test_site_versions.py."""
    import official_doc

    return official_doc.editions(tmp_path)


# --- the expensive runs, shared -----------------------------------------------------------------------------------
def _bundled(path: str | Path) -> Path:
    """``path`` as the key of a bundled scenario (asserting it is one: only those are shared)."""
    key = Path(path).resolve()
    assert key.is_relative_to(SCENARIOS) and key.suffix == ".yaml", f"not a bundled scenario: {path}"
    return key


@pytest.fixture(scope="session")
def bundled_run(_private_cache: Path, _private_data: Path, _neutral_locale: None) -> Callable[[str | Path], Result]:
    """``bundled_run(path)``: the Result of running the bundled scenario at ``path`` (``run_file``), run once per
    session on first asking.  It replaces the runs of every bundled scenario that tests/test_scenario_baseline.py,
    test_engine_zone_index.py, test_scenario_files.py, test_engine_rulings_review.py, test_sanguo_rules.py and
    test_riftbound.py each did again; they only read the Result (status, trace, state, expectations)."""
    from judge.scenario.runner import run_file

    runs: dict[Path, Result] = {}

    def get(path: str | Path) -> Result:
        key = _bundled(path)
        if key not in runs:
            runs[key] = run_file(str(path))
        return runs[key]

    return get


@pytest.fixture(scope="session")
def html_report(tmp_path_factory: pytest.TempPathFactory, _private_cache: Path, _private_data: Path,
                _neutral_locale: None) -> Callable[[str | Path], str]:
    """``html_report(path)``: the HTML of ``judge report PATH -o FILE.html`` for a bundled scenario, rendered once per
    session on first asking (the report does not depend on the output file's name, nor on ``--format html``, the
    default).  It replaces the module fixture that rendered every report for tests/test_report_rulings.py and the
    report each scenario's test in tests/test_report_html.py rendered again."""
    from click.testing import CliRunner

    from judge.cli import cli

    out = tmp_path_factory.mktemp("reports")
    pages: dict[Path, str] = {}

    def get(path: str | Path) -> str:
        key = _bundled(path)
        if key not in pages:
            dest = out / ("--".join(key.relative_to(SCENARIOS).with_suffix("").parts) + ".html")
            res = CliRunner().invoke(cli, ["report", str(path), "-o", str(dest)])
            assert res.exit_code == 0, res.output
            pages[key] = dest.read_text(encoding="utf-8")
        return pages[key]

    return get


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, _private_cache: Path, _private_data: Path, _neutral_locale: None) -> Path:
    """The site of the bundled corpus and scenarios (``judge site OUT``), built once per session: replaces the module
    fixtures of tests/test_site_build.py and tests/test_browser_report.py that each built it."""
    from click.testing import CliRunner

    from judge.cli import cli

    out = tmp_path_factory.mktemp("site")
    res = CliRunner().invoke(cli, ["site", str(out)])
    assert res.exit_code == 0, res.output
    return out
