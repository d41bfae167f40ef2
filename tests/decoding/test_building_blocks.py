"""The pieces hand-written loaders build on: parsing without raising, one
block at a time, static analyses, type constraints, synthetic references."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import pytest
from decoding_helpers import Syntax, listed, span

import hcldecode as hcl
from hcldecode.ext.typeexpr import type_constraint, type_constraint_with_defaults
from hcldecode.model import (
    BlockHeaderSchema,
    BodySchema,
    Traversal,
    TraversalExpression,
    abs_traversal_for_expr,
    expr_as_keyword,
    expr_call,
    expr_list,
    expr_map,
    rel_traversal_for_expr,
)
from hcldecode.native import parse_expression, parse_traversal_abs
from hcldecode.values import STRING, ListType, Value


def test_parse_config_returns_the_file_and_its_diagnostics() -> None:
    result = hcl.parse_config("a = 1\nb = [\n", filename="x.hcl")
    file, diags = result.value, result.diagnostics
    assert [(d.summary, str(d.subject)) for d in diags] == [("Missing expression", "x.hcl:3,1-1")]
    attributes, _ = file.body.just_attributes()
    assert list(attributes) == ["a", "b"]
    assert attributes["a"].expr.value(None) == (Value.number(1), hcl.Diagnostics())

    result = hcl.parse_config('{"a": 1,}', filename="x.json", syntax="json")

    file, diags = result.value, result.diagnostics
    assert [d.summary for d in diags] == ["Trailing comma in object"]
    assert list(file.body.just_attributes()[0]) == ["a"]


def test_parse_config_file_chooses_the_syntax_by_name(tmp_path: Path) -> None:
    (tmp_path / "a.hcl").write_text("a = \n", encoding="utf-8")
    (tmp_path / "b.hcl.json").write_text('{"b": 2}', encoding="utf-8")
    result = hcl.parse_config_file(tmp_path / "a.hcl")
    file, diags = result.value, result.diagnostics
    assert [d.summary for d in diags] == ["Invalid expression"]
    result = hcl.parse_config_file(tmp_path / "b.hcl.json")
    file, diags = result.value, result.diagnostics
    assert diags == []
    assert list(file.body.just_attributes()[0]) == ["b"]
    missing = hcl.parse_config_file(tmp_path / "missing.hcl")  # hclparse's diagnostic
    assert (missing.value, [d.summary for d in missing.diagnostics]) == (
        None,
        ["Failed to read file"],
    )


@dataclasses.dataclass
class Resource:
    kind: Annotated[str, hcl.label()]
    name: Annotated[str, hcl.label()]
    count: int = 1
    where: Annotated[hcl.Range | None, hcl.def_range()] = None


SCHEMA = BodySchema(blocks=[BlockHeaderSchema("resource", ("kind", "name"))])
NATIVE = 'resource "aws_vpc" "main" {\n  count = 2\n}\n'
JSON = '{"resource": {"aws_vpc": {"main": {"count": 2}}}}'


@pytest.mark.parametrize(("text", "syntax"), [(NATIVE, "native"), (JSON, "json")])
def test_decode_block_fills_labels_and_ranges(text: str, syntax: Syntax) -> None:
    file = hcl.parse(text, filename="t.hcl", syntax=syntax)
    content, diags = file.body.content(SCHEMA)
    assert diags == []
    (block,) = content.blocks
    resource = hcl.decode_block(block, Resource)
    assert (resource.kind, resource.name, resource.count) == ("aws_vpc", "main", 2)
    assert resource.where == block.def_range


def test_decode_block_reports_the_blocks_mistakes() -> None:
    text = 'resource "aws_vpc" "main" {\n  count = "many"\n  cuont = 1\n}\n'
    file = hcl.parse(text, filename="t.hcl")
    (block,) = file.body.content(SCHEMA)[0].blocks
    with pytest.raises(hcl.DecodeError) as info:
        hcl.decode_block(block, Resource)
    assert listed(info.value) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            span(text, '"many"'),
        ),
        (
            "Unsupported argument",
            # "count" is set already, so it is not suggested.
            'An argument named "cuont" is not expected here.',
            span(text, "cuont"),
        ),
    ]


def test_decode_block_needs_a_label_field_per_label() -> None:
    file = hcl.parse('resource "a" {}\n')
    (block,) = file.body.content(BodySchema(blocks=[BlockHeaderSchema("resource", ("kind",))]))[
        0
    ].blocks
    with pytest.raises(
        TypeError, match="Resource has 2 label fields, but the resource block has 1"
    ):
        hcl.decode_block(block, Resource)


def test_static_analyses_and_type_constraints_at_the_top_level() -> None:
    expr, _ = parse_expression("[a.b, {k = 1}, f(x), list(string)]", "e.hcl")
    items, diags = expr_list(expr)
    assert diags == [] and len(items) == 4
    traversal, _ = abs_traversal_for_expr(items[0])
    assert str(traversal) == "a.b"
    relative, _ = rel_traversal_for_expr(items[0])
    assert relative is not None and relative.is_relative
    pairs, _ = expr_map(items[1])
    assert expr_as_keyword(pairs[0][0]) == "k"
    call, _ = expr_call(items[2])
    assert call is not None and call.name == "f"
    assert type_constraint(items[3]) == (ListType(STRING), hcl.Diagnostics())
    constraint, defaults, diags = type_constraint_with_defaults(items[3])
    assert (constraint, defaults, diags) == (ListType(STRING), None, hcl.Diagnostics())


def test_a_traversal_expression_is_a_reference_built_in_code() -> None:
    traversal, diags = parse_traversal_abs("count.index", "synthetic.hcl")
    assert diags == []
    expr = TraversalExpression(traversal)
    ctx = hcl.EvalContext({"count": {"index": 3}})
    assert expr.value(ctx) == (Value.number(3), hcl.Diagnostics())
    assert expr.variables() == [traversal]
    assert expr.range == traversal.range
    assert abs_traversal_for_expr(expr) == (traversal, hcl.Diagnostics())
    value, diags = expr.value(hcl.EvalContext({}))
    assert value == Value.unknown(hcl.values.DYNAMIC)
    assert [d.summary for d in diags] == ["Unknown variable"]
    relative = Traversal(list(traversal)[1:])
    with pytest.raises(TypeError, match="needs an absolute traversal"):
        TraversalExpression(relative)
