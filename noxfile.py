"""Development sessions: ``nox -s tests lint typecheck docs bench``.

Every session runs on the interpreter nox itself runs on, so no session
fails for a missing interpreter.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "lint", "typecheck"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the sources, tests, examples and tools."""
    session.install("ruff")
    session.run("ruff", "check", "src", "tests", "examples", "tools", "benchmarks", "noxfile.py")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package."""
    session.install("-e", ".", "mypy")
    session.run("mypy", "--strict", "src/hcldecode")


@nox.session
def docs(session: nox.Session) -> None:
    """Run every code block in docs/ and every example in examples/."""
    session.install("-e", ".[test]")
    session.run("pytest", "tests/test_docs.py", "tests/test_examples.py", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Parser throughput on the shared corpus, beside python-hcl2 and json.loads."""
    session.install("-e", ".", "python-hcl2")
    session.run("python", "benchmarks/bench.py", *session.posargs)
