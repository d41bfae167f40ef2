"""hcl.to_dict: a configuration as plain Python, without a schema."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

import hcldecode as hcl
from hcldecode.native import parse_config
from hcldecode.values import STRING, Value

TEXT = """\
region = "eu"
name   = "${var.env}-web"
count  = var.n * 2
tags   = { a = 1, b = [true, null, 1.5] }

resource "aws_instance" "web" {
  ami = "x"
  lifecycle {
    create_before_destroy = true
  }
}
resource "aws_instance" "db" {}
locals {
  x = upper("a")
}
"""


def test_native_files_become_attributes_and_lists_of_blocks() -> None:
    assert hcl.to_dict(TEXT) == {
        "region": "eu",
        "name": "${var.env}-web",
        "count": "${var.n * 2}",
        "tags": {"a": 1, "b": [True, None, 1.5]},
        "resource": [
            {"aws_instance": {"web": {"ami": "x", "lifecycle": [{"create_before_destroy": True}]}}},
            {"aws_instance": {"db": {}}},
        ],
        "locals": [{"x": '${upper("a")}'}],
    }


def test_variables_and_functions_given_are_used() -> None:
    result = hcl.to_dict(
        TEXT,
        variables={"var": {"env": "prod", "n": 2}},
        functions={"upper": lambda s: s.upper()},
    )
    assert (result["name"], result["count"], result["locals"]) == ("prod-web", 4, [{"x": "A"}])


def test_json_files_are_all_attributes() -> None:
    text = '{"a": {"b": "${x}"}, "n": 1.5, "l": [1, "two"]}'
    assert hcl.to_dict(text, syntax="json") == {
        "a": {"b": "${x}"},
        "n": 1.5,
        "l": [1, "two"],
    }


def test_files_and_bodies_are_taken_too() -> None:
    file, _ = parse_config(b'a = 1\nb "x" {}\n', "f.hcl")
    assert hcl.to_dict(file) == hcl.to_dict(file.body) == {"a": 1, "b": [{"x": {}}]}


def test_syntax_errors_and_clashes_are_decode_errors() -> None:
    with pytest.raises(hcl.DecodeError) as info:
        hcl.to_dict("a = \n", filename="bad.hcl")
    assert [d.summary for d in info.value.diagnostics] == ["Invalid expression"]
    with pytest.raises(hcl.DecodeError) as info:
        hcl.to_dict("a = 1\na {}\n", filename="both.hcl")
    assert [(d.summary, d.detail, str(d.subject)) for d in info.value.diagnostics] == [
        (
            "Attribute and block share a name",
            '"a" is an attribute and a block type here, which a plain dict cannot hold both '
            "of; decode this file with a schema.",
            "both.hcl:2,1-2",
        )
    ]
    with pytest.raises(TypeError):
        hcl.to_dict(3)  # type: ignore[arg-type]


def test_numbers_are_floats_where_that_keeps_them() -> None:
    text = "a = 0.1\nb = 2.5e-3\nc = 12345678901234567890.5\nd = 1.5e-400\ne = 1e3\n"
    result = hcl.to_dict(text)
    assert result == {
        "a": 0.1,
        "b": 0.0025,
        "c": Decimal("12345678901234567890.5"),
        "d": Decimal("1.5e-400"),
        "e": 1000,
    }
    assert [type(v) for v in result.values()] == [float, float, Decimal, Decimal, int]
    # What json.dumps writes reads back to the same numbers.
    assert json.loads(json.dumps({k: result[k] for k in "abe"})) == {
        "a": 0.1,
        "b": 0.0025,
        "e": 1000,
    }


def test_templates_kept_as_text_are_read_once() -> None:
    # Escapes of a quoted template that cannot be evaluated are processed, and an
    # unknown interpolation is its own template, not one wrapped in another.
    text = 'a = "q\\"${x}\\""\nb = "${x}"\n'
    expected = {"a": 'q"${x}"', "b": "${x}"}
    assert hcl.to_dict(text) == expected
    assert hcl.to_dict(text, variables={"x": Value.unknown(STRING)}) == expected
