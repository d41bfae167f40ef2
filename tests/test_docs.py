"""Every code block in docs/ and the README runs.

In a page, ``python`` blocks run in order in one namespace, in a temporary
directory holding the page's files: a block preceded by
``<!-- file: NAME -->`` is written there as NAME. Other ``hcl`` blocks must
parse without errors. ``console`` blocks are ``hcldecode`` commands (lines
starting with ``$ ``, optionally ending in ``; echo $?``), each followed by
its output (standard output and standard error), which must be exactly what
the command prints. A ``text`` block is the output of the ``python`` block
above it: exactly what that block prints. ``sh`` and ``none`` blocks are
shown, not run. A page about an optional extra starts with
``<!-- extra: NAME -->``: its test carries the extra's marker (conftest skips
or deselects it without the package).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import runpy
import shlex
import subprocess
import sys
import types
import warnings
from pathlib import Path
from typing import Any

import pytest

import hcldecode as hcl

ROOT = Path(__file__).resolve().parents[1]
PAGES = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
# Pages whose code needs optional extras: their markers (conftest skips them without).
BLOCK = re.compile(
    r"(?:<!-- file: (?P<file>[^ ]+) -->\n)?```(?P<lang>\w*)\n(?P<code>.*?)^```$",
    re.DOTALL | re.MULTILINE,
)


# A page whose code needs an optional extra says so (``<!-- extra: cattrs -->``): its
# test has the extra's marker, so it is skipped or deselected without the package.
EXTRA = re.compile(r"^<!-- extra: (\w+) -->$", re.MULTILINE)


def _page(page: Path) -> Any:
    extras = EXTRA.findall(page.read_text(encoding="utf-8"))
    return pytest.param(page, marks=[getattr(pytest.mark, e) for e in extras], id=page.name)


@pytest.mark.parametrize("page", [_page(p) for p in PAGES])
def test_code_blocks_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # The page's code runs as one module, importable by name as a real one is (so
    # that typing.get_type_hints resolves a class's references to itself).
    module = types.ModuleType(f"docs_{page.stem.replace('-', '_')}")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    namespace: dict[str, object] = module.__dict__
    ran = 0
    printed: str | None = None  # what the last python block printed
    for match in BLOCK.finditer(page.read_text(encoding="utf-8")):
        lang, code, name = match["lang"], match["code"], match["file"]
        if name:
            (tmp_path / name).write_text(code, encoding="utf-8")
        if lang == "python":
            # The docs use no name that is deprecated (moved or renamed).
            with contextlib.redirect_stdout(io.StringIO()) as out, warnings.catch_warnings():
                warnings.filterwarnings("error", "hcldecode", DeprecationWarning)
                exec(
                    compile(code, f"{page.name}:{match.start()}", "exec", dont_inherit=True),
                    namespace,
                )
            printed = out.getvalue()
            ran += 1
        elif lang == "text":
            assert printed is not None, f"{page.name}: a text block with no python block above"
            assert code == printed, f"{page.name}: output shown at offset {match.start()}"
        elif lang == "hcl" and not name:
            hcl.parse(code, filename=f"{page.name}.hcl")
        elif lang == "console":
            for command, expected in _commands(code):
                assert _run(command, tmp_path) == expected, command
            ran += 1
    if page.name not in {"architecture.md", "compatibility.md"}:
        assert ran > 0, f"{page.name} has no python block"


def _commands(block: str) -> list[tuple[str, str]]:
    """The commands of a ``console`` block, each with the output shown after it."""
    found: list[tuple[str, str]] = []
    for line in block.splitlines(keepends=True):
        if line.startswith("$ "):
            found.append((line[2:].rstrip("\n"), ""))
        else:
            found[-1] = (found[-1][0], found[-1][1] + line)
    return found


def _run(command: str, cwd: Path) -> str:
    """Run one ``hcldecode`` command as a shell would, off a terminal; its output."""
    show_status = command.endswith("; echo $?")
    words = shlex.split(command.removesuffix("; echo $?"))
    assert words[0] == "hcldecode", command
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    result = subprocess.run(
        [sys.executable, "-m", "hcldecode", *words[1:]],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**env, "COLUMNS": "80"},
        check=False,
    )
    return result.stdout + (f"{result.returncode}\n" if show_status else "")


def test_every_page_is_found() -> None:
    names = {p.name for p in PAGES}
    assert {
        "getting-started.md",
        "markers.md",
        "types.md",
        "layered-decoding.md",
        "specs.md",
        "cli.md",
        "tooling.md",
    } <= names


def test_the_function_reference_is_written_from_the_functions() -> None:
    generator = runpy.run_path(str(ROOT / "tools" / "generate" / "gen_function_docs.py"))
    page = (ROOT / "docs" / "function-reference.md").read_text(encoding="utf-8")
    assert page == generator["page"]()
