"""The ``hcldecode`` command, run as users run it: in a process of its own."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from hcldecode.values import max_nesting

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SCHEMA = """\
from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import fractions
import ipaddress
import pathlib
import uuid
from typing import Annotated, Any, Literal

import attrs

import hcldecode as hcl
from hcldecode.values import STRING

decoder = hcl.Decoder(types={ipaddress.IPv4Address: (STRING, ipaddress.IPv4Address)})


class Level(enum.Enum):
    LOW = "low"
    HIGH = "high"


@attrs.define
class Limits:
    cpu: float
    memory: int


@dataclasses.dataclass
class Job:
    name: Annotated[str, hcl.label()]
    where: Annotated[hcl.Range, hcl.def_range()]
    command: hcl.Expression
    level: Level = Level.LOW
    rest: Annotated[hcl.Body | None, hcl.remain()] = None


@dataclasses.dataclass
class Config:
    text: str
    whole: int
    ratio: decimal.Decimal
    third: fractions.Fraction
    scale: float
    on: bool
    nothing: int | None
    when: datetime.datetime
    day: datetime.date
    home: pathlib.Path
    tags: set[str]
    ids: frozenset[int]
    pair: tuple[int, str]
    sizes: dict[str, int]
    mode: Literal["fast", "slow"]
    anything: Any
    raw: hcl.Value
    address: ipaddress.IPv4Address
    limits: Limits
    jobs: Annotated[list[Job], hcl.block("job")]
    timeout: datetime.timedelta
    at: datetime.time
    id: uuid.UUID
    owner: hcl.Attribute
    hooks: Annotated[list[hcl.Block], hcl.block("hook", labels=["event"])]
    mixed: dict[str, Any]


@dataclasses.dataclass
class Small:
    name: str = ""
    port: int = 0
"""

CONFIG = """\
text     = "caf\\u00e9 <b> \\u001b[31m"
whole    = 123456789012345678901234567890
ratio    = 0.1
third    = 1/4
scale    = 2.5e-3
on       = true
nothing  = null
when     = "2024-05-01T12:30:00+02:00"
day      = "2024-05-01"
home     = "/home/me"
tags     = ["b", "a", "b"]
ids      = [10, 9, 100]
pair     = [1, "x"]
sizes    = { small = 1, large = 100 }
mode     = "fast"
anything = { list = [1, 2.5, "x"], flag = false }
raw      = { n = 1.5, s = ["a"] }
address  = "10.0.0.1"
limits   = { cpu = 0.5, memory = 512 }

job "build" {
  command = upper(
    "make")
  level   = "high"
  retries = 3
}
timeout = "1h30m0.5s"
at      = "08:15:00"
id      = "12345678-1234-5678-1234-567812345678"
owner   = "ops"
hook "deploy" {}
mixed   = { image = "x", ports = ["http"] }
"""


def run_command(
    cwd: Path, *args: str, env: dict[str, str] | None = None, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    """Run the command as a user would, off a terminal, with colours left to it."""
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hcldecode", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env=environment,
        check=False,
    )


def hcldecode(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """:func:`run_command`, its output as text."""
    done = run_command(cwd, *args, env=env)
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode(), done.stderr.decode()
    )


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "schema.py").write_text(SCHEMA, encoding="utf-8")
    (tmp_path / "config.hcl").write_text(CONFIG, encoding="utf-8")
    return tmp_path


# --------------------------------------------------------------------------- JSON forms


def test_every_field_type_has_a_json_form(work: Path) -> None:
    result = hcldecode(work, "decode", "config.hcl", "--schema", "schema.py:Config")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        "{\n"
        '  "text": "caf\u00e9 <b> \\u001b[31m",\n'
        '  "whole": 123456789012345678901234567890,\n'
        '  "ratio": 0.1,\n'
        '  "third": 0.25,\n'
        '  "scale": 0.0025,\n'
        '  "on": true,\n'
        '  "nothing": null,\n'
        '  "when": "2024-05-01T12:30:00+02:00",\n'
        '  "day": "2024-05-01",\n'
        '  "home": "/home/me",\n'
        '  "tags": [\n    "a",\n    "b"\n  ],\n'
        '  "ids": [\n    9,\n    10,\n    100\n  ],\n'
        '  "pair": [\n    1,\n    "x"\n  ],\n'
        '  "sizes": {\n    "large": 100,\n    "small": 1\n  },\n'
        '  "mode": "fast",\n'
        '  "anything": {\n    "flag": false,\n    "list": [\n      1,\n      2.5,\n'
        '      "x"\n    ]\n  },\n'
        '  "raw": {\n    "n": 1.5,\n    "s": [\n      "a"\n    ]\n  },\n'
        '  "address": "10.0.0.1",\n'
        '  "limits": {\n    "cpu": 0.5,\n    "memory": 512\n  },\n'
        '  "jobs": [\n'
        "    {\n"
        '      "name": "build",\n'
        '      "where": "config.hcl:21,1-12",\n'
        '      "command": {\n'
        '        "expression": "upper(\\n    \\"make\\")",\n'
        '        "range": "config.hcl:22,13-23,12"\n'
        "      },\n"
        '      "level": "high",\n'
        '      "rest": {\n'
        '        "body": "config.hcl:21,13-13"\n'
        "      }\n"
        "    }\n"
        "  ],\n"
        '  "timeout": 5400.5,\n'
        '  "at": "08:15:00",\n'
        '  "id": "12345678-1234-5678-1234-567812345678",\n'
        '  "owner": {\n'
        '    "attribute": "owner",\n'
        '    "expression": "\\"ops\\"",\n'
        '    "range": "config.hcl:30,11-16"\n'
        "  },\n"
        '  "hooks": [\n'
        "    {\n"
        '      "block": "hook",\n'
        '      "labels": [\n        "deploy"\n      ],\n'
        '      "range": "config.hcl:31,1-14"\n'
        "    }\n"
        "  ],\n"
        '  "mixed": {\n    "image": "x",\n    "ports": [\n      "http"\n    ]\n  }\n'
        "}\n"
    )


def test_terraform_example_decodes(tmp_path: Path) -> None:
    result = hcldecode(
        EXAMPLES / "terraform", "decode", "demo/main.tf", "--schema", "schema.py:Module"
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {
        "variables": [],
        "outputs": [
            {
                "name": "arn",
                "value": {
                    "expression": "aws_s3_bucket.this.arn",
                    "range": "demo/main.tf:7,11-33",
                },
                "description": "",
                "sensitive": False,
                "rest": {"body": "demo/main.tf:6,14-14"},
            }
        ],
        "resources": [
            {
                "type": "aws_s3_bucket",
                "name": "this",
                "count": None,
                "for_each": None,
                "config": {"body": "demo/main.tf:1,33-33"},
            }
        ],
        "data": [],
        "modules": [],
        "locals": [],
        "terraform": [],
        "providers": [],
    }


def test_values_nested_deeply_and_numbers_with_many_digits(work: Path) -> None:
    depth = max_nesting() - 1
    (work / "deep.hcl").write_text('name = "x"\nport = 1' + "0" * 5000 + "\n", encoding="utf-8")
    result = hcldecode(work, "decode", "deep.hcl", "--schema", "schema.py:Small")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == '{\n  "name": "x",\n  "port": 1' + "0" * 5000 + "\n}\n"
    (work / "deep.py").write_text(
        "import dataclasses\nfrom typing import Any\n\n\n"
        "@dataclasses.dataclass\nclass Deep:\n    a: Any\n",
        encoding="utf-8",
    )
    (work / "deep.hcl").write_text("a = " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    result = hcldecode(work, "decode", "deep.hcl", "--schema", "deep.py:Deep")
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"a": _nested(depth - 1)}


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


# --------------------------------------------------------------------------- schemas


def test_a_schema_file_is_loaded_by_its_path_not_by_its_name(tmp_path: Path) -> None:
    # A file named like a module of the standard library, which is loaded already.
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "types.py").write_text(
        "import dataclasses\n\n\n@dataclasses.dataclass\nclass Service:\n    name: str\n",
        encoding="utf-8",
    )
    (tmp_path / "a.hcl").write_text('name = "web"\n', encoding="utf-8")
    result = hcldecode(tmp_path, "decode", "a.hcl", "--schema", "conf/types.py:Service")
    assert (result.returncode, result.stdout, result.stderr) == (0, '{\n  "name": "web"\n}\n', "")


def test_a_schema_module_is_imported_by_its_name(work: Path) -> None:
    (work / "a.hcl").write_text('name = "web"\n', encoding="utf-8")
    result = hcldecode(work, "decode", "a.hcl", "--schema", "schema:Small")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == '{\n  "name": "web",\n  "port": 0\n}\n'


@pytest.mark.parametrize(
    ("module", "schema", "message"),
    [
        (
            "def broken(:\n",
            "bad.py:Config",
            "the schema module bad.py could not be loaded: invalid syntax ({path}, line 1)",
        ),
        (
            "raise RuntimeError('no database')\n",
            "bad.py:Config",
            "the schema module bad.py could not be loaded: RuntimeError: no database "
            "({path}, line 1)",
        ),
        (
            "import sys\nsys.exit(3)\n",
            "bad.py:Config",
            "the schema module bad.py could not be loaded: SystemExit: 3 ({path}, line 2)",
        ),
        (
            "import no_such_module_anywhere\n",
            "bad.py:Config",
            "the schema module bad.py could not be loaded: ModuleNotFoundError: No module "
            "named 'no_such_module_anywhere' ({path}, line 1)",
        ),
        ("X = 1\n", "bad.py:Config", 'bad.py has no class "Config"'),
        ("X = 1\n", "bad.py:X", '"X" in bad.py is not a class'),
        ("X = 1\n", "missing.py:X", "the schema file missing.py does not exist"),
        ("X = 1\n", "no_such_module_anywhere:X", 'no module named "no_such_module_anywhere"'),
        (
            "X = 1\n",
            "bad.py",
            '--schema must look like module:Class or path/to/file.py:Class, not "bad.py"',
        ),
        (
            "import dataclasses\n\n\n@dataclasses.dataclass\nclass Config:\n    x: complex\n",
            "bad.py:Config",
            "Config.x: hcldecode has no HCL type for <class 'complex'> (a Decoder learns the "
            "application's own types from its types= and rules=)",
        ),
    ],
)
def test_a_schema_that_cannot_be_loaded_is_one_line_and_status_2(
    tmp_path: Path, module: str, schema: str, message: str
) -> None:
    (tmp_path / "bad.py").write_text(module, encoding="utf-8")
    (tmp_path / "a.hcl").write_text("x = 1\n", encoding="utf-8")
    result = hcldecode(tmp_path, "check", "a.hcl", "--schema", schema)
    assert (result.returncode, result.stdout) == (2, "")
    expected = message.format(path=tmp_path.resolve() / "bad.py")
    assert result.stderr == f"hcldecode check: error: {expected}\n"


def test_an_exception_from_the_schema_s_own_code_is_a_clean_error(tmp_path: Path) -> None:
    (tmp_path / "s.py").write_text(
        "import dataclasses\n\n\n@dataclasses.dataclass\nclass S:\n    x: int = 0\n\n"
        "    def __post_init__(self) -> None:\n        raise RuntimeError('x is odd')\n",
        encoding="utf-8",
    )
    (tmp_path / "a.hcl").write_text("x = 1\n", encoding="utf-8")
    result = hcldecode(tmp_path, "decode", "a.hcl", "--schema", "s.py:S")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "hcldecode decode: error: S could not be created: RuntimeError: x is odd\n"
    )


# --------------------------------------------------------------------------- the command line

EPILOG = (
    "exit status: 0 when the configuration is valid, 1 when it has errors, 2 for a\n"
    "mistake on the command line; the hcldec command keeps the statuses of HCL's\n"
    "own hcldec. See docs/cli.md.\n"
)


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        ((), "usage: hcldecode [-h] [--version] COMMAND ...\n"),
        (("decode",), "usage: hcldecode decode [-h] --schema SCHEMA [--var NAME=VALUE]\n"),
        (("check",), "usage: hcldecode check [-h] --schema SCHEMA [--var NAME=VALUE]\n"),
    ],
)
def test_help_exits_0(tmp_path: Path, args: tuple[str, ...], usage: str) -> None:
    result = hcldecode(tmp_path, *args, "--help", env={"COLUMNS": "80"})
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(usage)
    assert result.stdout.endswith("\n\n" + EPILOG)


def test_hcldec_keeps_the_reference_s_help_and_version(tmp_path: Path) -> None:
    result = hcldecode(tmp_path, "hcldec", "--help")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("usage: hcldec --spec=<spec-file> [options] [hcl-file ...]\n")
    result = hcldecode(tmp_path, "hcldec", "--version")
    assert (result.returncode, result.stdout, result.stderr) == (0, "0.0.1-dev\n", "")


def test_version(tmp_path: Path) -> None:
    result = hcldecode(tmp_path, "--version")
    version = __import__("importlib.metadata").metadata.version("hcldecode")
    # The build that runs: CI says which one it installed (tests/test_compiled.py).
    build = {"1": "compiled", "0": "pure"}.get(os.environ.get("HCLDECODE_EXPECT_COMPILED", ""))
    if build is None:
        parser = sys.modules["hcldecode.native._parser"].__file__ or ""
        build = "pure" if parser.endswith(".py") else "compiled"
    expected = f"hcldecode {version} ({build})\n"
    assert (result.returncode, result.stdout, result.stderr) == (0, expected, "")


@pytest.mark.parametrize(
    ("args", "status", "stderr"),
    [
        (("check", "a.hcl", "--schema", "schema.py:Small"), 0, ""),
        (
            ("check", "bad.hcl", "--schema", "schema.py:Small"),
            1,
            'Error: Unsuitable value type\n\n  on bad.hcl line 1:\n   1: port = "x"\n'
            "             ^^^\n\nUnsuitable value: a number is "
            "required.\n\n",
        ),
        (
            ("check", "missing.hcl", "--schema", "schema.py:Small"),
            2,
            "hcldecode check: error: cannot read missing.hcl: No such file or directory\n",
        ),
        (
            ("check", "a.hcl", "--schema", "schema.py:Small", "--max-errors", "-1"),
            2,
            'argument --max-errors: not a count (0 or more): "-1"\n',
        ),
        (
            ("check", "a.hcl", "--schema", "schema.py:Small", "--bogus"),
            2,
            "hcldecode: error: unrecognized arguments: --bogus\n",
        ),
    ],
)
def test_exit_status(work: Path, args: tuple[str, ...], status: int, stderr: str) -> None:
    (work / "a.hcl").write_text("port = 1\n", encoding="utf-8")
    (work / "bad.hcl").write_text('port = "x"\n', encoding="utf-8")
    result = hcldecode(work, *args)
    assert (result.returncode, result.stdout) == (status, "")
    assert result.stderr.endswith(stderr)


def test_a_closed_output_pipe_ends_the_command_quietly(work: Path) -> None:
    (work / "big.py").write_text(
        "import dataclasses\n\n\n@dataclasses.dataclass\nclass Big:\n    items: list[int]\n",
        encoding="utf-8",
    )
    (work / "big.hcl").write_text(
        "items = [" + ", ".join(["1234567"] * 50_000) + "]\n", encoding="utf-8"
    )
    with subprocess.Popen(
        [sys.executable, "-m", "hcldecode", "decode", "big.hcl", "--schema", "big.py:Big"],
        cwd=work,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(14) == b'{\n  "items": ['
        process.stdout.close()
        assert process.stderr.read() == b""
        assert process.wait() == 141


# --------------------------------------------------------------------------- diagnostics

TWO_ON_ONE_LINE = 'name = x + y\nport = "p"\n'
HINT = "Variables can be given on the command line with --var NAME=VALUE or --var-file FILE."


def _variables_not_allowed(marks: str, line: str = "name = x + y") -> str:
    return (
        "Error: Variables not allowed\n\n  on two.hcl line 1:\n"
        f"   1: {line}\n{marks}\n"
        f"Variables may not be used here. {HINT}\n\n"
    )


PLAIN = (
    _variables_not_allowed("             ^\n")
    + _variables_not_allowed("                 ^\n")
    + "Error: Unsuitable value type\n\n  on two.hcl line 2:\n"
    '   2: port = "p"\n             ^^^\n\n'
    "Unsuitable value: a number is required.\n\n"
)
COLORED = (
    "\x1b[31mError\x1b[0m: Variables not allowed\n\n  on two.hcl line 1:\n"
    "   1: name = \x1b[1;4mx\x1b[0m + y\n\n"
    f"Variables may not be used here. {HINT}\n\n"
    "\x1b[31mError\x1b[0m: Variables not allowed\n\n  on two.hcl line 1:\n"
    "   1: name = x + \x1b[1;4my\x1b[0m\n\n"
    f"Variables may not be used here. {HINT}\n\n"
    "\x1b[31mError\x1b[0m: Unsuitable value type\n\n  on two.hcl line 2:\n"
    '   2: port = \x1b[1;4m"p"\x1b[0m\n\n'
    "Unsuitable value: a number is required.\n\n"
)


@pytest.mark.parametrize(
    ("options", "env", "expected"),
    [
        ((), {}, PLAIN),
        (("--color=always",), {}, COLORED),
        (("--color=always",), {"NO_COLOR": "1"}, COLORED),
        (("--color=never",), {}, PLAIN),
    ],
)
def test_diagnostics_off_a_terminal(
    work: Path, options: tuple[str, ...], env: dict[str, str], expected: str
) -> None:
    (work / "two.hcl").write_text(TWO_ON_ONE_LINE, encoding="utf-8")
    result = hcldecode(work, "check", "two.hcl", "--schema", "schema.py:Small", *options, env=env)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", expected)


def _on_a_terminal(cwd: Path, *args: str, env: dict[str, str]) -> tuple[int, str]:
    """Run the command with its standard error on a pseudo-terminal."""
    # POSIX only: imported here so that the module collects on Windows (the release's
    # wheel tests), where the terminal tests skip.
    pty = pytest.importorskip("pty")
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    environment.update(env)
    controller, terminal = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "hcldecode", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=terminal,
        env=environment,
    ) as process:
        os.close(terminal)
        chunks = []
        while True:
            ready, _, _ = select.select([controller], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal's other side is closed: the command is done
                break
            if not chunk:
                break
            chunks.append(chunk)
        status = process.wait()
    os.close(controller)
    return status, b"".join(chunks).decode().replace("\r\n", "\n")


@pytest.mark.parametrize(
    ("env", "expected"),
    [({}, COLORED), ({"NO_COLOR": "1"}, PLAIN), ({"TERM": "dumb"}, PLAIN)],
)
def test_diagnostics_on_a_terminal(work: Path, env: dict[str, str], expected: str) -> None:
    (work / "two.hcl").write_text(TWO_ON_ONE_LINE, encoding="utf-8")
    status, text = _on_a_terminal(work, "check", "two.hcl", "--schema", "schema.py:Small", env=env)
    assert (status, text) == (1, expected)


def test_max_errors(work: Path) -> None:
    (work / "two.hcl").write_text(TWO_ON_ONE_LINE, encoding="utf-8")
    result = hcldecode(work, "check", "two.hcl", "--schema", "schema.py:Small", "--max-errors=1")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        _variables_not_allowed("             ^\n")
        + "and 2 more diagnostics, not shown (--max-errors=0 shows all)\n"
    )
    result = hcldecode(work, "check", "two.hcl", "--schema", "schema.py:Small", "--max-errors=2")
    assert result.stderr.endswith("and 1 more diagnostic, not shown (--max-errors=0 shows all)\n")
    result = hcldecode(work, "check", "two.hcl", "--schema", "schema.py:Small", "--max-errors=0")
    assert result.stderr == PLAIN


def test_default_max_errors_is_50(work: Path) -> None:
    (work / "many.hcl").write_text("".join(f"x{i} = 1\n" for i in range(60)), encoding="utf-8")
    result = hcldecode(work, "check", "many.hcl", "--schema", "schema.py:Small")
    assert result.returncode == 1
    assert result.stderr.count("Error: Unsupported argument\n") == 50
    assert result.stderr.endswith(
        "\nand 10 more diagnostics, not shown (--max-errors=0 shows all)\n"
    )


def test_json_diagnostics(work: Path) -> None:
    (work / "two.hcl").write_text(TWO_ON_ONE_LINE, encoding="utf-8")
    for command in ("check", "decode"):
        result = hcldecode(
            work, command, "two.hcl", "--schema", "schema.py:Small", "--diagnostics=json"
        )
        assert (result.returncode, result.stdout) == (1, "")

        def entry(summary: str, detail: str, line: int, start: int, end: int) -> object:
            offset = 0 if line == 1 else 13
            return {
                "severity": "error",
                "summary": summary,
                "detail": detail,
                "subject": {
                    "filename": "two.hcl",
                    "start": {"line": line, "column": start, "byte": offset + start - 1},
                    "end": {"line": line, "column": end, "byte": offset + end - 1},
                },
            }

        assert json.loads(result.stderr) == {
            "diagnostics": [
                entry("Variables not allowed", f"Variables may not be used here. {HINT}", 1, 8, 9),
                entry(
                    "Variables not allowed", f"Variables may not be used here. {HINT}", 1, 12, 13
                ),
                entry(
                    "Unsuitable value type",
                    "Unsuitable value: a number is required.",
                    2,
                    8,
                    11,
                ),
            ]
        }


def test_configuration_text_is_made_safe_for_a_terminal(work: Path) -> None:
    (work / "esc.hcl").write_bytes(
        b'name = "\x1b]0;pwned\x07\xc2\x9b2J"\nport = "\xe2\x80\xae\x1b[2J\x7f"\n'
    )
    result = hcldecode(work, "check", "esc.hcl", "--schema", "schema.py:Small")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: Unsuitable value type\n\n  on esc.hcl line 2:\n"
        '   2: port = "\\u202e\\x1b[2J\\x7f"\n'
        "             ^^^^^^^^^^^^^^^^^^^\n\n"
        "Unsuitable value: a number is required.\n\n"
    )
    result = hcldecode(work, "decode", "esc.hcl", "--schema", "schema.py:Small", "--var", "x=1")
    assert result.returncode == 1
    (work / "esc.hcl").write_bytes(b'name = "\x1b]0;pwned\x07\xc2\x9b2J\xe2\x80\xae"\n')
    result = hcldecode(work, "decode", "esc.hcl", "--schema", "schema.py:Small")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        '{\n  "name": "\\u001b]0;pwned\\u0007\\u009b2J\\u202e",\n  "port": 0\n}\n'
    )


def test_two_carets_for_a_subject_over_two_lines_and_tabs_kept(work: Path) -> None:
    (work / "multi.hcl").write_text('name = "a"\n\tport = [\n\t  1]\n', encoding="utf-8")
    result = hcldecode(work, "check", "multi.hcl", "--schema", "schema.py:Small")
    assert result.stderr == (
        "Error: Unsuitable value type\n\n  on multi.hcl line 2:\n"
        "   2: \tport = [\n"
        "      \t       ^\n"
        "   3: \t  1]\n"
        "      ^^^^^\n\n"
        "Unsuitable value: number required, but have tuple.\n\n"
    )


# --------------------------------------------------------------------------- variables

VARS_HCL = 'name = "from-file"\nport = 8080\n'
VARS_JSON = '{"port": 9090}\n'
USES_VARS = 'name = "${name}-${n}"\nport = port\n'


@pytest.fixture
def with_vars(work: Path) -> Path:
    (work / "vars.hcl").write_text(VARS_HCL, encoding="utf-8")
    (work / "vars.json").write_text(VARS_JSON, encoding="utf-8")
    (work / "v.hcl").write_text(USES_VARS, encoding="utf-8")
    (work / "j.json").write_text('{"name": "${x}"}\n', encoding="utf-8")
    return work


@pytest.mark.parametrize(
    ("options", "name", "port"),
    [
        (
            ("--var-file", "vars.hcl", "--var", "n=cli", "--var-file", "vars.json"),
            "from-file-cli",
            9090,
        ),
        (
            (
                "--var-file",
                "vars.json",
                "--var",
                "n=1",
                "--var-file",
                "vars.hcl",
                "--var",
                "name=x",
            ),
            "x-1",
            8080,
        ),
        (("--var", "name=a", "--var", "n=b", "--var", "port= 7 "), "a-b", 7),
    ],
)
def test_variables_later_ones_win(
    with_vars: Path, options: tuple[str, ...], name: str, port: int
) -> None:
    result = hcldecode(with_vars, "decode", "v.hcl", "--schema", "schema.py:Small", *options)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f'{{\n  "name": "{name}",\n  "port": {port}\n}}\n'


@pytest.mark.parametrize(
    ("var", "name"),
    [
        ("x=web", "web"),
        ("x=1.2.3", "1.2.3"),
        ("x=01", "01"),
        ("x=NaN", "NaN"),
        ("x=-1.5e3", "-1500"),
        ('x="quoted"', "quoted"),
        ("x=true", "true"),
        ("x=", ""),
        ("x=a=b", "a=b"),
    ],
)
def test_var_values(with_vars: Path, var: str, name: str) -> None:
    result = hcldecode(with_vars, "decode", "j.json", "--schema", "schema.py:Small", "--var", var)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f'{{\n  "name": "{name}",\n  "port": 0\n}}\n'


@pytest.mark.parametrize(
    ("var", "message"),
    [
        (
            'x={"a":',
            "--var x: the value looks like JSON but is not valid JSON at column 6: "
            "Missing value. The JSON data ends prematurely.",
        ),
        (
            "x=[1,]",
            "--var x: the value looks like JSON but is not valid JSON at column 3: "
            "Trailing comma in array. JSON does not permit a trailing comma after the final "
            "value in an array.",
        ),
        (
            'x="abc',
            "--var x: the value looks like JSON but is not valid JSON at column 5: "
            "Invalid JSON string. There is a syntax error in the given JSON string.",
        ),
        (
            "1x=2",
            '--var "1x": a variable name must be an identifier (letters, digits, underscores '
            "and dashes, not starting with a digit)",
        ),
        (
            "\x1b[2J=2",
            '--var "\\x1b[2J": a variable name must be an identifier (letters, digits, '
            "underscores and dashes, not starting with a digit)",
        ),
        ("x", '--var must look like NAME=VALUE, not "x"'),
    ],
)
def test_bad_var_is_a_usage_error(with_vars: Path, var: str, message: str) -> None:
    result = hcldecode(with_vars, "decode", "j.json", "--schema", "schema.py:Small", "--var", var)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"hcldecode decode: error: {message}\n"


def test_var_file_mistakes(with_vars: Path) -> None:
    (with_vars / "bad.hcl").write_text("name = \n", encoding="utf-8")
    result = hcldecode(
        with_vars, "decode", "v.hcl", "--schema", "schema.py:Small", "--var-file", "bad.hcl"
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: Invalid expression\n\n  on bad.hcl line 1:\n   1: name = \n             ^\n\n"
        "Expected the start of an expression, but found an invalid expression token.\n\n"
    )
    result = hcldecode(
        with_vars, "decode", "v.hcl", "--schema", "schema.py:Small", "--var-file", "none.hcl"
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "hcldecode decode: error: cannot read --var-file none.hcl: No such file or directory\n"
    )


def test_json_strings_are_templates_with_or_without_variables(with_vars: Path) -> None:
    (with_vars / "t.json").write_text('{"name": "${2 * 21}"}\n', encoding="utf-8")
    for options in ((), ("--var", "x=1")):
        result = hcldecode(with_vars, "decode", "t.json", "--schema", "schema.py:Small", *options)
        assert (result.returncode, result.stderr) == (0, "")
        assert result.stdout == '{\n  "name": "42",\n  "port": 0\n}\n'
    result = hcldecode(with_vars, "decode", "j.json", "--schema", "schema.py:Small")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "Error: Variables not allowed\n\n  on j.json line 1:\n"
        '   1: {"name": "${x}"}\n                  ^\n\n'
        f"Variables may not be used here. {HINT}\n\n"
    )


def test_check_verbose_says_what_it_checked(with_vars: Path) -> None:
    result = hcldecode(
        with_vars, "check", "-v", "v.hcl", "--schema", "schema.py:Small",
        "--var-file", "vars.hcl", "--var", "n=x",
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "ok: v.hcl matches schema.py:Small with variables name, port, n\n"
    result = hcldecode(
        with_vars, "check", "--verbose", "config.hcl", "--schema", "schema.py:Config"
    )
    assert (result.returncode, result.stdout) == (0, "ok: config.hcl matches schema.py:Config\n")
    (with_vars / "more.hcl").write_text("", encoding="utf-8")
    result = hcldecode(
        with_vars, "check", "config.hcl", "more.hcl", "--schema", "schema.py:Config", "-v"
    )
    assert result.stdout == "ok: config.hcl, more.hcl match schema.py:Config\n"
    result = hcldecode(with_vars, "check", "config.hcl", "--schema", "schema.py:Config")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
