"""The command decodes as the application does: with the whole of the schema module's
``decoder`` (functions, variables, types, limits), ``--var`` on top, and ``--stdlib``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

APP = """\
import dataclasses

import hcldecode as hcl
from hcldecode.values import STRING


class Region(str):
    pass


def shout(text: str) -> str:
    return text.upper() + "!"


decoder = hcl.Decoder(
    types={Region: (STRING, Region)},
    variables={"env": "prod", "region": "eu"},
    functions={"shout": shout, "upper": lambda text: "own upper"},
    limits=hcl.Limits(max_string_length=12),
)


@dataclasses.dataclass
class App:
    name: str
    where: str = ""
    region: Region = Region("none")
"""

PLAIN = """\
import dataclasses


@dataclasses.dataclass
class App:
    name: str
    where: str = ""
"""


def hcldecode(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    return subprocess.run(
        [sys.executable, "-m", "hcldecode", *args],
        cwd=cwd,
        capture_output=True,
        env=environment,
        check=False,
        text=True,
        encoding="utf-8",
    )


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "app.py").write_text(APP, encoding="utf-8")
    (tmp_path / "plain.py").write_text(PLAIN, encoding="utf-8")
    (tmp_path / "app.hcl").write_text(
        'name   = shout(env)\nwhere  = upper(region)\nregion = "${region}-1"\n', encoding="utf-8"
    )
    (tmp_path / "std.hcl").write_text(
        'name  = lower("ABC")\nwhere = try(var.nope, "fallback")\n', encoding="utf-8"
    )
    return tmp_path


def test_the_module_s_functions_variables_and_types_are_used(work: Path) -> None:
    result = hcldecode(work, "decode", "app.hcl", "--schema", "app.py:App")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "PROD!", "where": "own upper", "region": "eu-1"}


def test_command_line_variables_add_to_and_override_the_module_s(work: Path) -> None:
    (work / "vars.hcl").write_text('region = "us"\nextra = 1\n', encoding="utf-8")
    result = hcldecode(
        work, "decode", "app.hcl", "--schema", "app.py:App", "--var", "env=dev",
        "--var-file", "vars.hcl",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "DEV!", "where": "own upper", "region": "us-1"}


def test_the_module_s_limits_hold(work: Path) -> None:
    (work / "long.hcl").write_text('name = "${env}-and-more"\n', encoding="utf-8")
    result = hcldecode(work, "check", "long.hcl", "--schema", "app.py:App", "--var", "env=prod")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: String too long\n"
        "\n"
        "  on long.hcl line 1:\n"
        '   1: name = "${env}-and-more"\n'
        "             ^^^^^^^^^^^^^^^^^\n"
        "\n"
        'with env as "prod".\n'
        "\n"
        "The result is a string of 13 characters, more than the 12 that hcldecode "
        "allows for one string.\n"
        "\n"
    )


def test_without_functions_a_call_says_how_to_give_the_standard_library(work: Path) -> None:
    args = ("check", "std.hcl", "--schema", "plain.py:App", "--diagnostics", "json")
    result = hcldecode(work, *args)
    assert (result.returncode, result.stdout) == (1, "")
    found = json.loads(result.stderr)["diagnostics"]
    assert [(d["summary"], d["detail"], d["subject"]["start"]["line"]) for d in found] == [
        (
            "Function calls not allowed",
            "Functions may not be called here. The standard library's functions can be "
            "given with --stdlib.",
            line,
        )
        for line in (1, 2)
    ]


def test_stdlib_gives_the_standard_library_and_try_and_can(work: Path) -> None:
    result = hcldecode(work, "decode", "std.hcl", "--schema", "plain.py:App", "--stdlib")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "abc", "where": "fallback"}


def test_the_module_s_functions_win_over_the_standard_library_s(work: Path) -> None:
    result = hcldecode(work, "decode", "app.hcl", "--schema", "app.py:App", "--stdlib")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "PROD!", "where": "own upper", "region": "eu-1"}
    result = hcldecode(work, "decode", "std.hcl", "--schema", "app.py:App", "--stdlib")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "abc", "where": "fallback", "region": "none"}


def test_stdlib_with_a_spec_file(work: Path) -> None:
    (work / "s.hcldec").write_text(
        'function "lower" {\n  params = [s]\n  result = "own"\n}\n'
        'object {\n  attr "a" { type = string }\n  attr "b" { type = string }\n}\n',
        encoding="utf-8",
    )
    (work / "s.hcl").write_text('a = lower("X")\nb = upper("x")\n', encoding="utf-8")
    result = hcldecode(work, "decode", "s.hcl", "--schema", "s.hcldec", "--stdlib")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"a": "own", "b": "X"}


HOOKED = """\
import dataclasses

import hcldecode as hcl


def keep(traversal):
    return "${" + str(traversal) + "}"


decoder = hcl.Decoder(undefined_variable=keep)


@dataclasses.dataclass
class App:
    name: str
"""


def test_the_module_s_undefined_variable_hook_is_used(work: Path) -> None:
    (work / "hooked.py").write_text(HOOKED, encoding="utf-8")
    (work / "hooked.hcl").write_text('name = "node-${attr.kernel.name}"\n', encoding="utf-8")
    result = hcldecode(work, "decode", "hooked.hcl", "--schema", "hooked.py:App")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"name": "node-${attr.kernel.name}"}
