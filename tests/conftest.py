"""The test data that lives outside the repository, found in one place.

A few tests read real-world configuration files (``corpus/``) and the
syntax specifications (``seeds/``) from a folder kept beside our checkouts,
not in the repository. The folder is ``$HCLDECODE_SHARED`` when that is set,
else ``../shared`` beside the repository. Tests ask for it through the
fixtures below (``corpus``, ``seeds``, ``corpus_files``) or the parameters
``native_corpus_file`` and ``json_corpus_file`` (one test per file).

When the folder is missing, those tests are skipped, all with the same
one-line reason. With ``HCLDECODE_REQUIRE_SHARED=1`` (CI sets it) a missing
folder stops the run with an error instead.

Tests of an optional extra are marked with its name (``re2``, ``pydantic``,
``settings``, ``msgspec``, ``cattrs``, ``lsp``: see :data:`EXTRAS`) and are skipped
without its package, all with one line per extra saying which package is
missing and how to install it. With ``HCLDECODE_WITHOUT_EXTRAS=1`` (CI's
environment without the extras sets it) they are deselected instead, and a
run where one of the packages is installed all the same stops with an
error: CI runs them in its environment with the extras.

Everything else the suite needs is in the repository; the larger expected
outputs are data files under ``data/`` (one folder per package), read by
``expected_data.load_expected``. That module and the helpers of the folders
``cli``, ``decoding``, ``lsp`` and ``write`` (``test_cli``'s command runner,
``decoding_helpers``, ``lsp_client``, ``value_strategies``) are importable by
name: pytest runs in importlib mode, which puts no test folder on the path.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

SHARED_VARIABLE = "HCLDECODE_SHARED"
REQUIRE_VARIABLE = "HCLDECODE_REQUIRE_SHARED"
WITHOUT_EXTRAS_VARIABLE = "HCLDECODE_WITHOUT_EXTRAS"

_REPOSITORY = Path(__file__).resolve().parents[1]

for _folder in ("", "cli", "decoding", "lsp", "write"):
    _helpers = str(Path(__file__).resolve().parent / _folder)
    if _helpers not in sys.path:
        sys.path.insert(0, _helpers)

from extras import EXTRAS, missing  # noqa: E402 (found on the path set just above)


def _shared() -> Path:
    """The folder holding ``corpus/`` and ``seeds/``, found or not."""
    configured = os.environ.get(SHARED_VARIABLE)
    return Path(configured).resolve() if configured else _REPOSITORY.parent / "shared"


@functools.cache
def _missing() -> str | None:
    """None when the shared test data is there, else one line saying what to do."""
    shared = _shared()
    absent = [name for name in ("corpus", "seeds") if not (shared / name).is_dir()]
    if not absent:
        return None
    where = f"${SHARED_VARIABLE}" if os.environ.get(SHARED_VARIABLE) else "default ../shared"
    return (
        f"shared test data missing: no {' or '.join(f'{a}/' for a in absent)} in {shared}"
        f" ({where}); set {SHARED_VARIABLE} to the folder holding corpus/ and seeds/"
    )


def _required() -> bool:
    return os.environ.get(REQUIRE_VARIABLE, "") not in ("", "0")


def _listing(folder: str) -> list[str]:
    """The names of the corpus files in ``folder`` (none when the corpus is missing)."""
    if _missing() is not None:
        return []
    return sorted(p.name for p in (_shared() / "corpus" / folder).iterdir())


def pytest_report_header() -> str:
    return _missing() or f"shared test data: {_shared()}"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # One test per corpus file; a single stand-in (skipped) when the corpus is missing.
    for argument, folder in (("native_corpus_file", "native"), ("json_corpus_file", "json")):
        if argument in metafunc.fixturenames:
            names = _listing(folder) or ["no-corpus"]
            metafunc.parametrize(argument, names, ids=names, indirect=True)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get(WITHOUT_EXTRAS_VARIABLE, "") not in ("", "0"):
        for module, package in EXTRAS.values():
            if importlib.util.find_spec(module) is not None:
                raise pytest.UsageError(
                    f"{WITHOUT_EXTRAS_VARIABLE} is set, but {package} is installed"
                )
        deselected = [item for item in items if _extras_of(item)]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [item for item in items if not _extras_of(item)]
    # Runs after selection (-k, -m), so a run that needs no shared data is not stopped.
    message = _missing()
    needed = any("_shared_folder" in getattr(item, "fixturenames", ()) for item in items)
    if message is not None and _required() and needed:
        raise pytest.UsageError(f"{message} ({REQUIRE_VARIABLE} is set)")


def _extras_of(item: pytest.Item) -> list[str]:
    return [name for name in EXTRAS if item.get_closest_marker(name) is not None]


def pytest_runtest_setup(item: pytest.Item) -> None:
    for name in _extras_of(item):
        message = missing(name)
        if message is not None:
            pytest.skip(message)


def _one_line_reasons() -> set[str]:
    """The skip reasons reported once for all the tests they skip: the missing shared
    data, and each missing extra."""
    found = {missing(name) for name in EXTRAS} | {_missing()}
    return {f"Skipped: {reason}" for reason in found if reason is not None}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport() -> Generator[None, Any, None]:
    # pytest reports a skip at each test's own line, one summary line per test function;
    # the missing shared data and each missing extra get a single line, placed here.
    report: pytest.TestReport = (yield).get_result()
    longrepr = report.longrepr
    if report.skipped and isinstance(longrepr, tuple) and longrepr[2] in _one_line_reasons():
        report.longrepr = (__file__, None, longrepr[2])


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    # A test module that needs an extra (extras.need) is skipped as a whole without its
    # package: on the same single line as the extra's marked tests, or, with
    # HCLDECODE_WITHOUT_EXTRAS=1, not collected at all (as those tests are deselected).
    report: pytest.CollectReport = (yield).get_result()
    longrepr = report.longrepr
    if not (
        isinstance(collector, pytest.Module)
        and report.skipped
        and isinstance(longrepr, tuple)
        and longrepr[2] in _one_line_reasons()
    ):
        return
    if os.environ.get(WITHOUT_EXTRAS_VARIABLE, "") not in ("", "0"):
        report.outcome = "passed"
        report.longrepr = None
        report.result = []
    else:
        report.longrepr = (__file__, None, longrepr[2])


@pytest.fixture(scope="session")
def _shared_folder() -> Path:
    message = _missing()
    if message is not None:
        pytest.skip(message)
    return _shared()


@pytest.fixture(scope="session")
def corpus(_shared_folder: Path) -> Path:
    """The corpus folder: ``native/``, ``json/`` and the lists of files to reject."""
    return _shared_folder / "corpus"


@pytest.fixture(scope="session")
def seeds(_shared_folder: Path) -> Path:
    """The seed specifications (``hcl-spec.md``, ``json-spec.md``)."""
    return _shared_folder / "seeds"


@pytest.fixture(scope="session")
def corpus_files(corpus: Path) -> list[Path]:
    """Every corpus file, native ones first, each part sorted by name."""
    return sorted((corpus / "native").iterdir()) + sorted((corpus / "json").iterdir())


@pytest.fixture
def native_corpus_file(request: pytest.FixtureRequest, corpus: Path) -> Path:
    """One file of ``corpus/native`` (the test runs once per file)."""
    return corpus / "native" / str(request.param)


@pytest.fixture
def json_corpus_file(request: pytest.FixtureRequest, corpus: Path) -> Path:
    """One file of ``corpus/json`` (the test runs once per file)."""
    return corpus / "json" / str(request.param)


@pytest.fixture
def call_count() -> Callable[[Callable[[], object]], int]:
    """Counts the Python and C function calls ``work()`` makes.

    Tests of linear behaviour compare these counts at two sizes instead of
    timing anything: counts do not depend on the machine or its load.
    """

    def count(work: Callable[[], object]) -> int:
        calls = 0

        def profile(_frame: object, event: str, _arg: object) -> None:
            nonlocal calls
            if event in ("call", "c_call"):
                calls += 1

        previous = sys.getprofile()
        sys.setprofile(profile)
        try:
            work()
        finally:
            sys.setprofile(previous)
        return calls

    return count
