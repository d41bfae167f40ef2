"""A file that cannot be read, and ``decode_body`` given a parsed file.

The diagnostics are what ``tools/differential/go/goreadfile`` prints for
hclparse's ``ParseHCLFile`` and ``ParseJSONFile`` of HCL v2.14.1.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import hcldecode as hcl


def _listed(diags: hcl.Diagnostics) -> list[tuple[str, str | None, object]]:
    return [(d.summary, d.detail, d.subject) for d in diags]


def test_parse_config_file_reports_a_missing_native_file(tmp_path: Path) -> None:
    name = str(tmp_path / "missing.hcl")
    result = hcl.parse_config_file(name)
    assert result.value is None
    assert _listed(result.diagnostics) == [
        ("Failed to read file", f'The configuration file "{name}" could not be read.', None)
    ]


def test_parse_config_file_reports_a_folder(tmp_path: Path) -> None:
    result = hcl.parse_config_file(tmp_path)
    assert result.value is None
    assert _listed(result.diagnostics) == [
        ("Failed to read file", f'The configuration file "{tmp_path}" could not be read.', None)
    ]


def test_parse_config_file_reports_a_missing_json_file(tmp_path: Path) -> None:
    name = str(tmp_path / "missing.json")
    result = hcl.parse_config_file(name)
    assert result.value is None
    assert _listed(result.diagnostics) == [
        ("Failed to open file", f'The file "{name}" could not be opened.', None)
    ]


def test_parse_config_file_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "ok.hcl"
    path.write_text("a = 1\n")
    result = hcl.parse_config_file(path)
    assert result.value is not None and result.ok
    assert result.value.filename == str(path)


def test_parse_file_keeps_raising_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        hcl.parse_file(tmp_path / "missing.hcl")


@dataclass
class A:
    x: int


def test_decode_body_takes_a_file_as_decode_does() -> None:
    file = hcl.parse("x = 1\n", filename="a.hcl")
    assert hcl.decode_body(file, A).value == A(1)
    assert hcl.decode(file, A) == A(1)
    wrong = hcl.parse('x = "no"\n', filename="a.hcl")
    result = hcl.decode_body(wrong, A)
    assert result.value is None
    assert [(d.summary, str(d.subject)) for d in result.diagnostics] == [
        ("Unsuitable value type", "a.hcl:1,5-9")
    ]
