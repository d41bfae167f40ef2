"""Development sessions: ``nox -s tests lint typecheck docs bench bench_compiled conformance``
(and ``tests_without_extras``, ``differential``, ``fuzz``, ``fuzz_atheris``).

Every session runs on the interpreter nox itself runs on, so no session
fails for a missing interpreter.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import nox
from nox.command import CommandFailed

nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite with every optional extra installed (``all``: google-re2,
    pydantic, pydantic-settings, msgspec, cattrs, pygls); the regular-expression tests
    run with RE2 and, forced, with Python's ``re``."""
    session.install("-e", ".[test,all]")
    session.run("pytest", *session.posargs)


@nox.session
def tests_without_extras(session: nox.Session) -> None:
    """Run the test suite without the optional extras, as a plain install is: the
    tests that need one are deselected (``HCLDECODE_WITHOUT_EXTRAS=1``), not skipped."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs, env={"HCLDECODE_WITHOUT_EXTRAS": "1"})


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the sources, tests, examples and tools."""
    session.install("ruff")
    session.run("ruff", "check", "src", "tests", "examples", "tools", "benchmarks", "noxfile.py")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package, with every extra installed: the modules that use
    pydantic-settings, msgspec, cattrs, google-re2 and pygls are checked against them."""
    session.install("-e", ".[all]", "mypy")
    session.run("mypy", "--strict", "src/hcldecode")


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation site (warnings are errors, links inside it are
    checked) into docs/_build/html, then run every code block in docs/ and
    every example in examples/."""
    # Every extra: the pages of the model libraries run, and hcldecode.settings is
    # documented.
    session.install("-e", ".[test,all]", "sphinx>=7", "myst-parser>=3")
    session.run(
        "sphinx-build", "-E", "-W", "--keep-going", "-q", "-b", "html", "docs", "docs/_build/html"
    )
    session.run("pytest", "tests/test_docs.py", "tests/test_examples.py", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Speed against the peers, each of issue 15's targets as a ratio (benchmarks/bench.py),
    pure Python; ``bench_compiled`` runs the same with the compiled build.

    pygohcl and python-hcl2 8.x are installed here; python-hcl2 7.x, which cannot share an
    environment with 8.x, into a venv of its own that bench.py runs a helper with. A peer
    that cannot be installed is left out of the comparison with a one-line note.
    """
    # Not editable: start-up is measured as a regular install has it (issue 28).
    session.install(".[pydantic,msgspec]")
    _bench(session)


@nox.session
def bench_compiled(session: nox.Session) -> None:
    """``bench`` with the compiled build (``HCLDECODE_COMPILE=1``, docs/architecture.md)
    installed, not editable, in this session's environment; it needs a C compiler."""
    session.install(".[pydantic,msgspec]", env={"HCLDECODE_COMPILE": "1"})
    _bench(session)


def _bench(session: nox.Session) -> None:
    """Install the peers beside the hcldecode installed in ``session`` and run bench.py
    (``--quick`` leaves python-hcl2 out, so it is not installed then)."""
    quick = "--quick" in session.posargs
    for peer in ("pygohcl",) if quick else ("python-hcl2>=8,<9", "pygohcl"):
        try:
            session.install(peer)
        except CommandFailed:
            session.warn(f"{peer} could not be installed: bench.py leaves it out")
    if quick:
        session.run("python", "benchmarks/bench.py", *session.posargs)
        return
    old = Path(session.create_tmp()) / "python-hcl2-7"
    python = old / "bin" / "python"
    args: list[str] = []
    try:
        if not python.exists():
            session.run("python", "-m", "venv", str(old))
        session.run(str(python), "-m", "pip", "install", "-q", "python-hcl2==7.3.1", external=True)
        args = ["--hcl2-7", str(python)]
    except CommandFailed:
        session.warn("python-hcl2 7.x could not be installed: bench.py leaves it out")
    session.run("python", "benchmarks/bench.py", *args, *session.posargs)


_HCL_SOURCES = Path("/usr/share/gocode/src/github.com/hashicorp/hcl/v2")


def _reference_tool(session: nox.Session, command: str) -> Path:
    """Build one of the reference's commands (``hclspecsuite``, ``hcldec``, ``hclfmt``)
    from Debian's sources.

    Go and golang-github-hashicorp-hcl-v2-dev are installed with apt-get when
    missing and nox runs as root.
    """
    if shutil.which("go") is None or not (_HCL_SOURCES / "specsuite").is_dir():
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            session.error(
                "this session needs go and golang-github-hashicorp-hcl-v2-dev "
                "(apt-get install -y golang-go golang-github-hashicorp-hcl-v2-dev)"
            )
        session.run("apt-get", "update", "-q", external=True)
        session.run(
            "apt-get",
            "install",
            "-y",
            "golang-go",
            "golang-github-hashicorp-hcl-v2-dev",
            external=True,
        )
    return _go_build(session, f"github.com/hashicorp/hcl/v2/cmd/{command}")


def _go_build(session: nox.Session, package: str) -> Path:
    """Build a Go program (a package path, or a folder of ours) in GOPATH mode against
    Debian's sources; the path of the program."""
    tool = Path(session.create_tmp()) / package.rstrip("/").rsplit("/", 1)[-1]
    session.run(
        "go",
        "build",
        "-o",
        str(tool),
        package,
        env={"GOPATH": "/usr/share/gocode", "GO111MODULE": "off"},
        external=True,
    )
    return tool


@nox.session
def conformance(session: nox.Session) -> None:
    """HCL's specsuite, with its Go harness, run against ``hcldecode hcldec``."""
    harness = _reference_tool(session, "hclspecsuite")
    session.install("-e", ".")
    hcldec = Path(session.create_tmp()) / "hcldecode-hcldec"
    hcldec.write_text(f'#!/bin/sh\nexec "{Path(session.bin) / "hcldecode"}" hcldec "$@"\n')
    hcldec.chmod(0o755)
    session.run(str(harness), str(_HCL_SOURCES / "specsuite" / "tests"), str(hcldec), external=True)


@nox.session
def differential(session: nox.Session) -> None:
    """The reference ``hcldec`` and ``hcldecode hcldec`` compared on the whole corpus,
    the reference ``hclfmt`` and ``hcldecode.write.format`` on it and generated files, and
    ``hclwrite.TokensForValue`` and ``hcldecode.write.value_text`` on generated values,
    hclwrite's ``TokensFor*`` builders and edits and ``hcldecode.write``'s on generated
    expressions and sample files,
    go-cty's standard library functions and ``hcldecode.functions.STDLIB`` on generated calls
    (twice: regular expressions matched with RE2, from the ``re2`` extra, and with Python's re),
    HCL's ``ext/dynblock`` and ``hcldecode.ext.dynblock`` on generated configurations,
    go-cty's marks and hcldecode's on generated expressions over marked variables,
    and HCL's position lookups, lexer and walker and hcldecode's on the corpus."""
    reference = _reference_tool(session, "hcldec")
    formatter = _reference_tool(session, "hclfmt")
    writer = _go_build(session, "./tools/differential/go/gowrite")
    hclwrite = _go_build(session, "./tools/differential/go/gohclwrite")
    functions = _go_build(session, "./tools/differential/go/gofuncs")
    dynamic = _go_build(session, "./tools/differential/go/godynblock")
    navigation = _go_build(session, "./tools/differential/go/gonav")
    marks = _go_build(session, "./tools/differential/go/gomarks")
    # pytest too: the dynamic-block harness reads its cases from the tests.
    session.install("-e", ".[test,re2]")
    session.run("python", "tools/differential/differential.py", str(reference), *session.posargs)
    session.run(
        "python", "tools/differential/differential_format.py", str(formatter), *session.posargs
    )
    session.run("python", "tools/differential/differential_values.py", str(writer))
    session.run("python", "tools/differential/differential_hclwrite.py", str(hclwrite))
    for engine in ("re2", "re"):
        session.run(
            "python",
            "tools/differential/differential_functions.py",
            str(functions),
            "--engine",
            engine,
        )
    session.run("python", "tools/differential/differential_dynblock.py", str(dynamic))
    session.run(
        "python", "tools/differential/differential_marks.py", "--go", str(marks), "--seed", "2"
    )
    session.run(
        "python",
        "tools/differential/differential_navigation.py",
        str(navigation),
        "--mutants",
        "300",
    )


@nox.session
def fuzz(session: nox.Session) -> None:
    """Property-based fuzzing (hypothesis) of the function library, ``try``/``can``,
    dynamic blocks, documents and their edits, ``dumps``/``loads`` round trips and
    the soundness of refinements: ``nox -s fuzz -- --minutes 30``.

    Not part of the default sessions. Each example is measured (CPU time and
    peak allocations): one over the budget (``--seconds 2 --megabytes 256`` by
    default) is a finding, as is a crash or a broken check; findings are
    printed, written to .fuzz/findings/, and fail the session
    (tools/fuzz/run.py).
    """
    session.install("-e", ".", "hypothesis")
    session.run("python", "tools/fuzz/run.py", *session.posargs)


@nox.session
def fuzz_atheris(session: nox.Session) -> None:
    """Coverage-guided fuzzing of whole files (atheris): ``nox -s fuzz_atheris --
    --minutes 30``.

    Not part of the default sessions. Findings (crashes, and inputs slower
    than two seconds) are written to .fuzz/findings/ and fail the session.
    """
    session.install("-e", ".", "atheris")
    session.run("python", "tools/checks/fuzz.py", *session.posargs)
