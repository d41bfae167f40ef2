"""Copies and pickles of what decoding gives.

A parsed tree does not change, so each of its parts (expressions, bodies,
attributes, blocks, files) is its own copy: a deep copy of a configuration
object holding one is equal to it. Diagnostics and configuration errors cross
process boundaries (a worker's exception is pickled to the parent): a pickled
one keeps its diagnostics, ranges and rendering, but not the expression and
evaluation context, which belong to the process that evaluated."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Annotated

import pytest

import hcldecode as hcl
from hcldecode import native
from hcldecode.compat import python_hcl2
from hcldecode.model import Diagnostic, HCLError


@dataclasses.dataclass
class Service:
    name: Annotated[str, hcl.label()]
    port: int


@dataclasses.dataclass
class App:
    services: Annotated[list[Service], hcl.block("service")] = dataclasses.field(
        default_factory=list
    )


@dataclasses.dataclass
class Resource:
    type: Annotated[str, hcl.label()]
    count: hcl.Expression | None = None
    tags: hcl.Attribute | None = None
    config: Annotated[hcl.Body | None, hcl.remain()] = None


@dataclasses.dataclass
class Module:
    resources: Annotated[list[Resource], hcl.block("resource")] = dataclasses.field(
        default_factory=list
    )
    raw: Annotated[list[hcl.Block], hcl.block("raw")] = dataclasses.field(default_factory=list)


@pytest.mark.parametrize(
    ("filename", "text"),
    [
        ("main.hcl", 'resource "x" {\n  count = 2\n  tags = {}\n  ami = "a"\n}\nraw {}\n'),
        ("main.json", '{"resource": {"x": {"count": 2, "tags": {}, "ami": "a"}}, "raw": {}}'),
    ],
)
def test_a_deep_copy_of_a_configuration_shares_its_parsed_parts(filename: str, text: str) -> None:
    syntax = "json" if filename.endswith(".json") else "native"
    file = hcl.parse(text, filename=filename, syntax=syntax)
    module = hcl.decode(file, Module)
    copied = copy.deepcopy(module)
    assert copied == module
    assert copied is not module and copied.resources is not module.resources
    (resource,), (same,) = module.resources, copied.resources
    assert (same.count, same.tags, same.config) == (resource.count, resource.tags, resource.config)
    assert same.count is resource.count and same.config is resource.config
    assert copied.raw[0] is module.raw[0]
    for part in (file, file.body, resource.count, resource.tags, module.raw[0]):
        assert copy.copy(part) is part
        assert copy.deepcopy(part) is part


_TEXT = 'service "web" {\n  port = var.p + 1\n}\nservice "db" {\n  port = "x"\n}\n'

# The error as the process that decoded renders it, and its pickled copy: the
# same, but for the line that shows the variable's value.
_RENDERED = """\
Error: Invalid operand

  on app.hcl line 2, in service "web":
   2:   port = var.p + 1

with var.p as "a".

Unsuitable value for left operand: a number is required.

Error: Unsuitable value type

  on app.hcl line 5, in service "db":
   5:   port = "x"

Unsuitable value: a number is required."""


def _decode_error() -> hcl.DecodeError:
    with pytest.raises(hcl.DecodeError) as caught:
        hcl.loads(_TEXT, App, filename="app.hcl", variables={"var": {"p": "a"}})
    return caught.value


def test_a_pickled_decode_error_renders_its_diagnostics_and_source_lines() -> None:
    error = _decode_error()
    assert str(error) == _RENDERED
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is hcl.DecodeError
    assert again.diagnostics == error.diagnostics
    assert str(again) == _RENDERED.replace('with var.p as "a".\n\n', "")
    assert [d.expression for d in again.diagnostics] == [None, None]
    assert [d.eval_context for d in again.diagnostics] == [None, None]
    assert str(pickle.loads(pickle.dumps(again))) == str(again)


def test_a_pickled_error_keeps_what_its_class_set_but_the_remaining_body() -> None:
    with pytest.raises(hcl.DecodeError) as caught:
        hcl.decode_partial(hcl.parse('service "web" {\n  port = "x"\n}\nother = 1\n'), App)
    error = caught.value
    assert error.remaining is not None
    error.max_shown = 1
    again = pickle.loads(pickle.dumps(error))
    assert (again.max_shown, again.remaining, again.diagnostics) == (1, None, error.diagnostics)
    assert str(again) == str(error)


def test_syntax_errors_and_python_hcl2_errors_pickle() -> None:
    with pytest.raises(HCLError) as caught:
        hcl.parse("a = \n", filename="bad.hcl")
    again = pickle.loads(pickle.dumps(caught.value))
    assert (type(again), str(again)) == (type(caught.value), str(caught.value))
    with pytest.raises(python_hcl2.PythonHcl2Error) as hcl2_caught:
        python_hcl2.loads("a = \n")
    hcl2_again = pickle.loads(pickle.dumps(hcl2_caught.value))
    assert (type(hcl2_again), str(hcl2_again)) == (
        python_hcl2.PythonHcl2Error,
        str(hcl2_caught.value),
    )


def test_a_diagnostic_is_its_own_copy_and_pickles_with_its_extra() -> None:
    expr, _ = native.parse_expression("upper(1, 2)")
    _, diags = expr.value(hcl.EvalContext(functions=hcl.STDLIB))
    (diag,) = diags
    assert diag.expression is expr
    assert copy.copy(diag) is diag
    assert copy.deepcopy(diag) is diag
    again = pickle.loads(pickle.dumps(diag))
    assert again == diag
    assert (again.expression, again.eval_context, again.extra) == (None, None, diag.extra)
    assert again.extra == hcl.model.FunctionCallDiagExtra("upper", None)
    assert isinstance(again, Diagnostic)
