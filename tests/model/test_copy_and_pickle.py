"""Copies and pickles of what decoding gives.

A parsed tree does not change, so each of its parts (expressions, bodies,
attributes, blocks, files) is its own copy: a deep copy of a configuration
object holding one is equal to it. A configuration crosses process boundaries
(a worker gets it pickled), parsed parts and all: a pickled tree has the same
values and ranges, and its diagnostics render the same source lines. So do
diagnostics and configuration errors (a worker's exception is pickled to the
parent), but without the expression and evaluation context, which belong to
the process that evaluated."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from pathlib import Path
from typing import Annotated, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode import json as hcljson
from hcldecode import native
from hcldecode.compat import python_hcl2
from hcldecode.model import Diagnostic, File, HCLError, Range


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


# A module in each syntax, by file name and text.
_MODULES = pytest.mark.parametrize(
    ("filename", "text"),
    [
        ("main.hcl", 'resource "x" {\n  count = 2\n  tags = {a = 1}\n  ami = "a"\n}\nraw {}\n'),
        ("main.json", '{"resource": {"x": {"count": 2, "tags": {"a": 1}, "ami": "a"}}, "raw": {}}'),
    ],
)


def _module(filename: str, text: str) -> tuple[File, Module]:
    file = hcl.parse(
        text, filename=filename, syntax="json" if filename.endswith(".json") else "native"
    )
    return file, hcl.decode(file, Module)


@_MODULES
def test_a_deep_copy_of_a_configuration_shares_its_parsed_parts(filename: str, text: str) -> None:
    file, module = _module(filename, text)
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


@dataclasses.dataclass
class Config:
    ami: int


@_MODULES
def test_a_configuration_holding_parsed_parts_pickles(filename: str, text: str) -> None:
    _, module = _module(filename, text)
    again = pickle.loads(pickle.dumps(module))
    (resource,), (same,) = module.resources, again.resources
    assert same.count is not resource.count
    assert same.count.value(None) == (hcl.Value.number(2), hcl.model.Diagnostics())
    assert (same.count.range, same.tags.range, same.tags.name_range) == (
        resource.count.range,
        resource.tags.range,
        resource.tags.name_range,
    )
    assert hcl.to_dict(same.config) == hcl.to_dict(resource.config) == {"ami": "a"}
    assert again.raw[0].def_range == module.raw[0].def_range
    # The unpickled body's mistakes render with their source lines and block.
    with pytest.raises(hcl.DecodeError) as original:
        hcl.decode(resource.config, Config)
    with pytest.raises(hcl.DecodeError) as unpickled:
        hcl.decode(same.config, Config)
    assert str(unpickled.value) == str(original.value)
    assert f"on {filename} line " in str(original.value)
    assert "resource" in str(original.value).splitlines()[2]


@dataclasses.dataclass
class Core:
    name: str


def test_a_pickled_partial_decoding_reports_what_nobody_claimed() -> None:
    decoded = hcl.decode_partial(
        hcl.parse('name = "a"\nplugin { x = 1 }\n', filename="m.hcl"), Core
    )
    again = pickle.loads(pickle.dumps(decoded))
    assert (again.value, again.fields, list(again.files)) == (Core("a"), {"name": "a"}, ["m.hcl"])
    with pytest.raises(hcl.DecodeError) as original:
        hcl.reject_unclaimed(decoded.remaining)
    with pytest.raises(hcl.DecodeError) as unpickled:
        hcl.reject_unclaimed(again.remaining)
    assert str(unpickled.value) == str(original.value)
    assert str(original.value).splitlines()[2] == "  on m.hcl line 2, in plugin:"


def _native_nodes(file: File) -> list[tuple[str, Range]]:
    found: list[tuple[str, Range]] = []
    native.visit_all(file.body, lambda node: found.append((type(node).__name__, node.range)))
    return found


def _outcome(file: File) -> Any:
    try:
        return hcl.to_dict(file)
    except hcl.DecodeError as error:
        return str(error)


def _pickled_tree_reads_the_same(file: File) -> File:
    again = pickle.loads(pickle.dumps(file))
    assert again is not file
    assert (again.filename, again.text) == (file.filename, file.text)
    assert _outcome(again) == _outcome(file)
    attributes, _ = file.body.just_attributes()
    same, _ = again.body.just_attributes()
    assert [(a.name, a.range, a.expr.range) for a in same.values()] == [
        (a.name, a.range, a.expr.range) for a in attributes.values()
    ]
    for byte in range(0, len(file.text.encode()), 97):
        assert again.context_string(byte) == file.context_string(byte)
    return again


_NAMES = st.sampled_from(["a", "b", "var", "each", "x"])
_EXPRESSIONS = st.recursive(
    st.one_of(
        st.integers(-5, 99).map(str),
        st.sampled_from(["true", "null", '"s"', '"${x}y"', '"%{if a}b%{endif}"', "var.a[0]"]),
        _NAMES,
    ),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "==", "&&", "*"]), inner).map(" ".join),
        st.lists(inner, max_size=3).map(lambda items: "[" + ", ".join(items) + "]"),
        st.lists(st.tuples(_NAMES, inner), max_size=3).map(
            lambda items: "{" + ", ".join(f"{k} = {v}" for k, v in items) + "}"
        ),
        st.tuples(inner, inner).map(lambda p: f"[for v in {p[0]}: {p[1]} if v]"),
        st.tuples(inner, inner, inner).map(lambda p: f"{p[0]} ? {p[1]} : {p[2]}"),
        st.lists(inner, max_size=2).map(lambda args: f"max({', '.join(args)})"),
        inner.map(lambda e: f"({e})[*].a"),
        inner.map(lambda e: f'"<${{{e}}}>"'),
        inner.map(lambda e: e + "x"),  # often not valid: trees with errors pickle too
    ),
    max_leaves=12,
)
_CONFIGS = st.lists(
    st.tuples(_NAMES, _EXPRESSIONS, st.booleans()).map(
        lambda item: (
            f'{item[0]} "l" {{\n  v = {item[1]}\n}}\n' if item[2] else f"{item[0]} = {item[1]}\n"
        )
    ),
    max_size=4,
).map("".join)


@settings(max_examples=150, deadline=None)
@given(_CONFIGS)
def test_a_pickled_native_file_reads_the_same(text: str) -> None:
    file, diags = native.parse_config(text, "gen.hcl")
    again = _pickled_tree_reads_the_same(file)
    assert _native_nodes(again) == _native_nodes(file)
    assert pickle.loads(pickle.dumps(diags)) == diags


_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=15,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.text(max_size=3), _JSON, max_size=4), st.booleans())
def test_a_pickled_json_file_reads_the_same(document: dict[str, Any], positions: bool) -> None:
    file, _ = hcljson.parse(json.dumps(document), "gen.json")
    if positions:  # its lazy tree's positions found before it is pickled
        for attribute in file.body.just_attributes()[0].values():
            assert attribute.range.filename == "gen.json"
    _pickled_tree_reads_the_same(file)


def test_a_pickled_native_corpus_file_reads_the_same(native_corpus_file: Path) -> None:
    file, _ = native.parse_config(native_corpus_file.read_bytes(), native_corpus_file.name)
    again = _pickled_tree_reads_the_same(file)
    assert _native_nodes(again) == _native_nodes(file)


def test_a_pickled_json_corpus_file_reads_the_same(json_corpus_file: Path) -> None:
    data = json_corpus_file.read_bytes()
    file, _ = hcljson.parse(data, json_corpus_file.name)
    _pickled_tree_reads_the_same(file)
    # And once its positions were found (the lazy tree's full twin then exists).
    file, _ = hcljson.parse(data, json_corpus_file.name)
    for attribute in file.body.just_attributes()[0].values():
        assert attribute.range.filename == json_corpus_file.name
    _pickled_tree_reads_the_same(file)


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
