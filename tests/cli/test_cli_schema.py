"""``hcldecode schema``: a configuration class's JSON Schema, printed for editors."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import hcldecode as hcl

CONFIG = Path(__file__).resolve().parents[2] / "examples" / "webservice" / "config.py"

SCHEMA = """\
import dataclasses
from typing import Annotated

import hcldecode as hcl
from hcldecode.values import NUMBER


class Port:
    def __init__(self, number: int) -> None:
        self.number = number


decoder = hcl.Decoder(types={Port: (NUMBER, Port)})


@dataclasses.dataclass
class App:
    '''The application.'''

    name: str = dataclasses.field(metadata={"doc": "Its name."})
    port: Port = Port(80)


@dataclasses.dataclass
class Bad:
    number: complex
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
    (tmp_path / "app.py").write_text(SCHEMA, encoding="utf-8")
    return tmp_path


def test_the_schema_of_a_class_with_the_module_s_own_decoder(work: Path) -> None:
    result = hcldecode(work, "schema", "--schema", "app.py:App", "--title", "Café")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        "{\n"
        '  "$schema": "https://json-schema.org/draft/2020-12/schema",\n'
        '  "title": "Café",\n'
        '  "description": "The application.",\n'
        '  "type": "object",\n'
        '  "properties": {\n'
        '    "//": {},\n'
        '    "name": {\n'
        '      "description": "Its name.",\n'
        '      "type": [\n'
        '        "string",\n'
        '        "number",\n'
        '        "boolean"\n'
        "      ]\n"
        "    },\n"
        '    "port": {\n'
        '      "type": [\n'
        '        "number",\n'
        '        "string",\n'
        '        "null"\n'
        "      ],\n"
        '      "pattern": "^[+-]?(?:[0-9]+\\\\.?[0-9]*|\\\\.[0-9]+)(?:[eEpP][+-]?[0-9]+)?$'
        '|^[+-]?[Ii]nf$|[$%]\\\\{"\n'
        "    }\n"
        "  },\n"
        '  "required": [\n'
        '    "name"\n'
        "  ],\n"
        '  "additionalProperties": false\n'
        "}\n"
    )


def test_the_example_s_schema_is_the_library_s(tmp_path: Path) -> None:
    result = hcldecode(tmp_path, "schema", "--schema", f"{CONFIG}:Service")
    assert (result.returncode, result.stderr) == (0, "")
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    spec = importlib.util.spec_from_file_location("_cli_schema_webservice", CONFIG)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    assert schema == json.loads(json.dumps(hcl.json_schema(module.Service)))
    assert list(schema["$defs"]) == ["Backend", "Listener", "Logging"]


@pytest.mark.parametrize(
    ("schema", "stderr"),
    [
        ("nosuch:App", 'hcldecode schema: error: no module named "nosuch"\n'),
        ("app.py:Nope", 'hcldecode schema: error: app.py has no class "Nope"\n'),
        (
            "spec.hcldec",
            "hcldecode schema: error: schema needs a configuration class, not a spec file\n",
        ),
        (
            "app.py:Bad",
            "hcldecode schema: error: Bad.number: hcldecode has no HCL type for <class "
            "'complex'> (a Decoder learns the application's own types from its types= and "
            "rules=)\n",
        ),
    ],
)
def test_a_class_that_cannot_be_loaded_or_described_is_status_2(
    work: Path, schema: str, stderr: str
) -> None:
    result = hcldecode(work, "schema", "--schema", schema)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", stderr)


def test_schema_needs_a_class(work: Path) -> None:
    result = hcldecode(work, "schema")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.endswith(
        "hcldecode schema: error: the following arguments are required: --schema\n"
    )
