"""hcldecode.testing: mock bodies and expressions, as HCL's hcltest makes them.

The messages are hcltest's (hcl v2.14.1 hcltest/mock.go); the decoding tests check
that a class decodes from a mock body exactly as from parsed text.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Annotated

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode.model import (
    AttributeSchema,
    BlockHeaderSchema,
    BodyContent,
    BodySchema,
    Pos,
    Traversal,
    TraverseAttr,
    TraverseRoot,
    abs_traversal_for_expr,
    expr_list,
    expr_map,
    rel_traversal_for_expr,
)
from hcldecode.testing import (
    mock_attrs,
    mock_block,
    mock_body,
    mock_expr_list,
    mock_expr_literal,
    mock_expr_map,
    mock_expr_traversal,
    mock_expr_traversal_src,
    mock_expr_variable,
)
from hcldecode.values import DYNAMIC, STRING, Value

Problem = tuple[str, str, str]


def listed(diags: hcl.Diagnostics) -> list[Problem]:
    return [(d.summary, d.detail, str(d.subject)) for d in diags]


def _range(filename: str, line: int = 0, start: int = 0, end: int = 0) -> hcl.Range:
    return hcl.Range(filename, Pos(line, start, start), Pos(line, end, end))


SCHEMA = BodySchema(
    [AttributeSchema("name", required=True), AttributeSchema("port")],
    [BlockHeaderSchema("listener", ("protocol",))],
)


# --------------------------------------------------------------------------- bodies


def test_content_picks_what_the_schema_names_in_the_order_given() -> None:
    listener = mock_block("listener", "http")
    body = mock_body(attributes=mock_attrs({"port": 80, "name": "web"}), blocks=[listener])
    content, diags = body.content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name", "port"]  # the schema's order
    assert content.blocks == (listener,)
    assert content.missing_item_range == _range("")
    name = content.attributes["name"]
    assert (name.name, str(name.range), str(name.name_range)) == (
        "name",
        "MockAttrs:0,0-0",
        "MockAttrs:0,0-0",
    )
    assert name.expr.value(None) == (Value.string("web"), [])


def test_content_reports_hcltest_messages_in_its_order() -> None:
    where = _range("main.hcl", 3, 1, 2)
    body = mock_body(
        attributes=mock_attrs({"nme": "web", "port": 80}),
        blocks=[mock_block("listener"), mock_block("listner", "http")],
        missing_item_range=where,
    )
    content, diags = body.content(SCHEMA)
    assert listed(diags) == [
        ("Missing required argument", 'Mock body doesn\'t have argument "name"', str(where)),
        (
            "Wrong number of block labels",
            'Block of type "listener" requires 1 labels, but got 0',
            str(where),
        ),
        (
            "Extraneous argument in mock body",
            'Mock body has extraneous argument "nme".',
            "MockAttrs:0,0-0",
        ),
        (
            "Extraneous block in mock body",
            'Mock body has extraneous block of type "listner".',
            "MockBlock:0,0-0",
        ),
    ]
    assert list(content.attributes) == ["port"]
    # The mislabelled block is left out (hcltest keeps it), and its type marked.
    assert content.blocks == ()
    assert content.mislabelled == frozenset({"listener"})


def test_optional_labels_may_be_left_out_but_not_exceeded() -> None:
    schema = BodySchema(blocks=[BlockHeaderSchema("rule", ("kind", "name"), optional_labels=1)])
    one, two, three = (
        mock_block("rule", "a"),
        mock_block("rule", "a", "b"),
        mock_block("rule", *"abc"),
    )
    content, diags = mock_body(blocks=[one, two, three]).content(schema)
    assert content.blocks == (one, two)
    assert listed(diags) == [
        (
            "Wrong number of block labels",
            'Block of type "rule" requires 2 labels, but got 3',
            ":0,0-0",
        )
    ]


def test_partial_content_leaves_the_rest_in_a_mock_body() -> None:
    extra = mock_block("extra")
    body = mock_body(
        attributes=mock_attrs({"name": "web", "other": True}),
        blocks=[extra],
        missing_item_range=_range("m.hcl", 1),
    )
    content, remain, diags = body.partial_content(SCHEMA)
    assert diags == []
    assert list(content.attributes) == ["name"]
    assert remain.missing_item_range == _range("m.hcl", 1)
    rest, diags = remain.content(
        BodySchema([AttributeSchema("other")], [BlockHeaderSchema("extra")])
    )
    assert diags == []
    assert list(rest.attributes) == ["other"]
    assert rest.blocks == (extra,)
    _, diags = remain.content(BodySchema())
    assert [d.summary for d in diags] == [
        "Extraneous argument in mock body",
        "Extraneous block in mock body",
    ]


def test_just_attributes_gives_every_attribute_and_refuses_blocks() -> None:
    attributes = mock_attrs({"a": 1, "b": 2})
    assert mock_body(attributes=attributes).just_attributes() == (attributes, [])
    found, diags = mock_body(attributes=attributes, blocks=[mock_block("c")]).just_attributes()
    assert found == attributes
    assert listed(diags) == [
        (
            "Mock body has blocks",
            "Can't use JustAttributes on a mock body with blocks.",
            ":0,0-0",
        )
    ]


def test_a_body_from_a_content_object() -> None:
    content = BodyContent(mock_attrs({"name": "x"}), (), _range("f"))
    body = mock_body(content)
    assert body.missing_item_range == _range("f")
    assert body.content(BodySchema([AttributeSchema("name")]))[0].attributes == content.attributes
    with pytest.raises(TypeError, match=r"^mock_body takes content or its parts, not both$"):
        mock_body(content, blocks=[mock_block("b")])


def test_a_block_has_mock_ranges_and_an_empty_body_by_default() -> None:
    block = mock_block("service", "web", "api")
    assert (block.type, block.labels) == ("service", ("web", "api"))
    assert [str(r) for r in (block.def_range, block.type_range, *block.label_ranges)] == [
        "MockBlock:0,0-0"
    ] * 4
    assert block.body.just_attributes() == ({}, [])


# --------------------------------------------------------------------------- expressions


def test_a_literal_is_its_value_in_any_context_with_no_variables() -> None:
    expr = mock_expr_literal({"a": [1, "x"]})
    assert expr.value(hcl.EvalContext({"a": 1})) == (
        Value.object({"a": Value.tuple([Value.number(1), Value.string("x")])}),
        [],
    )
    assert mock_expr_literal(Value.string("s")).value() == (Value.string("s"), [])
    assert expr.variables() == []
    assert (str(expr.range), str(expr.start_range)) == ("MockExprLiteral:0,0-0",) * 2


def test_a_literal_collection_is_a_static_list_or_map() -> None:
    items, diags = expr_list(mock_expr_literal(Value.list([Value.number(1), Value.number(2)])))
    assert diags == []
    assert [item.value()[0] for item in items] == [Value.number(1), Value.number(2)]
    pairs, diags = expr_map(mock_expr_literal({"b": True, "a": "x"}))
    assert diags == []
    assert [(k.value()[0], v.value()[0]) for k, v in pairs] == [
        (Value.string("a"), Value.string("x")),
        (Value.string("b"), Value.bool(True)),
    ]
    for value in (Value.null(hcl.values.ListType(STRING)), Value.unknown(DYNAMIC), "s"):
        assert listed(expr_list(mock_expr_literal(value))[1]) == [
            ("Invalid expression", "A static list expression is required.", "MockExprLiteral:0,0-0")
        ]
    assert listed(expr_map(mock_expr_literal([1]))[1]) == [
        ("Invalid expression", "A static map expression is required.", "MockExprLiteral:0,0-0")
    ]


def test_a_variable_is_looked_up_in_the_context_and_its_parents() -> None:
    expr = mock_expr_variable("port")
    parent = hcl.EvalContext({"port": 80})
    assert expr.value(parent.child({"other": 1})) == (Value.number(80), [])
    value, diags = expr.value(hcl.EvalContext({"other": 1}))
    assert value == Value.unknown(DYNAMIC)
    assert listed(diags) == [
        (
            "Reference to undefined variable",
            'Variable "port" is not defined.',
            "MockExprVariable:0,0-0",
        )
    ]
    assert listed(expr.value(None)[1]) == listed(diags)
    root = Traversal([TraverseRoot("port", _range("MockExprVariable"))])
    assert expr.variables() == [root]
    assert abs_traversal_for_expr(expr) == (root, [])
    assert rel_traversal_for_expr(expr)[0] == Traversal(
        [TraverseAttr("port", _range("MockExprVariable"))]
    )


def test_a_traversal_from_source_has_hcltest_ranges_from_line_zero() -> None:
    expr = mock_expr_traversal_src("var.ports[1]")
    assert str(expr.range) == "MockExprTraversal:0,0-12"
    (traversal,) = expr.variables()
    assert [str(step.range) for step in traversal] == [
        "MockExprTraversal:0,0-3",
        "MockExprTraversal:0,3-9",
        "MockExprTraversal:0,9-12",
    ]
    assert abs_traversal_for_expr(expr) == (traversal, [])
    ctx = hcl.EvalContext({"var": {"ports": [80, 443]}})
    assert expr.value(ctx) == (Value.number(443), [])
    value, diags = expr.value(hcl.EvalContext({"var": {"ports": [80]}}))
    assert value == Value.unknown(DYNAMIC)
    assert listed(diags) == [
        (
            "Invalid index",
            "The given key does not identify an element in this collection value: the "
            "given index is greater than or equal to the length of the collection.",
            "MockExprTraversal:0,9-12",
        )
    ]
    assert mock_expr_traversal(traversal).value(ctx) == (Value.number(443), [])


def test_a_traversal_must_be_absolute_and_its_source_valid() -> None:
    with pytest.raises(ValueError, match=r"^invalid traversal string 'a\+b': "):
        mock_expr_traversal_src("a+b")
    with pytest.raises(TypeError, match=r"^mock_expr_traversal needs an absolute traversal$"):
        mock_expr_traversal(Traversal([TraverseAttr("a", _range("x"))]))
    with pytest.raises(TypeError, match=r"^mock_expr_traversal needs an absolute traversal$"):
        mock_expr_traversal(Traversal())


def test_a_list_evaluates_its_elements_into_a_list() -> None:
    expr = mock_expr_list([mock_expr_variable("a"), 2, mock_expr_variable("b")])
    value, diags = expr.value(hcl.EvalContext({"a": 1}))
    assert value == Value.list([Value.number(1), Value.number(2), Value.unknown(DYNAMIC)])
    assert listed(diags) == [
        (
            "Reference to undefined variable",
            'Variable "b" is not defined.',
            "MockExprVariable:0,0-0",
        )
    ]
    assert [t.root_name for t in expr.variables()] == ["a", "b"]
    assert str(expr.range) == "MockExprList:0,0-0"
    assert mock_expr_list([]).value() == (Value.list([], DYNAMIC), [])
    items, diags = expr_list(expr)
    assert (len(items), diags) == (3, [])
    with pytest.raises(TypeError, match=r"^mock_expr_list: "):
        mock_expr_list([1, "a"]).value()


def test_a_map_makes_an_object_with_string_keys() -> None:
    expr = mock_expr_map([(mock_expr_variable("k"), 1), ("b", mock_expr_variable("v"))])
    assert expr.value(hcl.EvalContext({"k": "a", "v": True})) == (
        Value.object({"a": Value.number(1), "b": Value.bool(True)}),
        [],
    )
    assert mock_expr_map({1: "x"}).value() == (Value.object({"1": Value.string("x")}), [])
    assert [t.root_name for t in expr.variables()] == ["k", "v"]
    assert str(expr.range) == "MockExprMap:0,0-0"
    pairs, diags = expr_map(expr)
    assert (len(pairs), diags) == (2, [])
    value, diags = mock_expr_map({None: 1, "ok": 2, mock_expr_literal([1]): 3}).value()
    assert value == Value.unknown(DYNAMIC)
    assert listed(diags) == [
        ("Null value as key", "Can't use a null value as a key.", "MockExprLiteral:0,0-0"),
        (
            "Incorrect key type",
            "Can't use this value as a key: string required, but have tuple.",
            "MockExprLiteral:0,0-0",
        ),
    ]
    assert mock_expr_map({mock_expr_literal(Value.unknown(STRING)): 1}).value() == (
        Value.unknown(DYNAMIC),
        [],
    )


@given(
    st.lists(st.integers(-(10**6), 10**6), max_size=5),
    st.dictionaries(st.text("abc", min_size=1, max_size=3), st.booleans(), max_size=4),
)
def test_literals_decode_to_what_they_were_made_of(xs: list[int], flags: dict[str, bool]) -> None:
    assert hcl.decode_expression(mock_expr_literal(xs), list[int]).value == xs
    assert hcl.decode_expression(mock_expr_list(xs), list[int]).value == xs
    assert hcl.decode_expression(mock_expr_map(flags), dict[str, bool]).value == flags
    items, _ = expr_list(mock_expr_literal(xs))
    assert [item.value()[0].as_int() for item in items] == xs


# --------------------------------------------------------------------------- decoding


@dataclasses.dataclass
class Listener:
    protocol: Annotated[str, hcl.label()]
    port: int
    tls: bool = False


@dataclasses.dataclass
class Service:
    name: str
    replicas: int = 1
    tags: list[str] = dataclasses.field(default_factory=list)
    listeners: Annotated[list[Listener], hcl.block("listener")] = dataclasses.field(
        default_factory=list
    )


TEXT = """\
name     = "web-${env}"
replicas = 3
tags     = ["a", env]
listener "http" {
  port = 80
}
listener "https" {
  port = 443
  tls  = true
}
"""

MOCK = mock_body(
    attributes=mock_attrs(
        {
            "name": mock_expr_literal("web-prod"),
            "replicas": 3,
            "tags": mock_expr_list(["a", mock_expr_variable("env")]),
        }
    ),
    blocks=[
        mock_block("listener", "http", body=mock_body(attributes=mock_attrs({"port": 80}))),
        mock_block(
            "listener", "https", body=mock_body(attributes=mock_attrs({"port": 443, "tls": True}))
        ),
    ],
)


def test_a_class_decodes_from_a_mock_body_as_from_text() -> None:
    parsed = hcl.loads(TEXT, Service, variables={"env": "prod"})
    assert parsed == Service(
        "web-prod", 3, ["a", "prod"], [Listener("http", 80), Listener("https", 443, True)]
    )
    assert hcl.decode(MOCK, Service, variables={"env": "prod"}) == parsed
    found = hcl.decode_body(MOCK, Service, variables={"env": "prod"})
    assert (found.value, found.diagnostics) == (parsed, [])


def test_decode_block_reads_a_mock_block_labels() -> None:
    block = mock_block("listener", "https", body=mock_body(attributes=mock_attrs({"port": 443})))
    assert hcl.decode_block(block, Listener) == Listener("https", 443)


def test_layered_decoding_leaves_a_mock_body_for_the_next_layer() -> None:
    @dataclasses.dataclass
    class Core:
        name: str

    @dataclasses.dataclass
    class Plugin:
        replicas: int
        tags: list[str]

    body = mock_body(attributes=mock_attrs({"name": "web", "replicas": 2, "tags": ["x"]}))
    core = hcl.decode_partial(body, Core)
    assert core.value == Core("web")
    plugin = hcl.decode_partial(core.remaining, Plugin)
    assert plugin.value == Plugin(2, ["x"])
    assert plugin.remaining.just_attributes() == ({}, [])


def test_mistakes_in_a_mock_body_are_diagnostics() -> None:
    body = mock_body(
        attributes=mock_attrs({"replicas": "many", "tags": mock_expr_variable("tags")}),
        blocks=[mock_block("listener", body=mock_body(attributes=mock_attrs({"port": 1})))],
        missing_item_range=_range("main.hcl", 1, 1, 1),
    )
    found = hcl.decode_body(body, Service)
    assert found.value is None
    # In order of position, as the decoder sorts them: the mock files' names first.
    assert listed(found.diagnostics) == [
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required.",
            "MockExprLiteral:0,0-0",
        ),
        (
            "Reference to undefined variable",
            'Variable "tags" is not defined.',
            "MockExprVariable:0,0-0",
        ),
        ("Missing required argument", 'Mock body doesn\'t have argument "name"', "main.hcl:1,1-1"),
        (
            "Wrong number of block labels",
            'Block of type "listener" requires 1 labels, but got 0',
            "main.hcl:1,1-1",
        ),
    ]


def test_decode_expression_of_mocks() -> None:
    found = hcl.decode_expression(
        mock_expr_traversal_src("var.port"), int, variables={"var": {"port": "8080"}}
    )
    assert (found.value, found.diagnostics) == (8080, [])
    found = hcl.decode_expression(mock_expr_literal("x"), int)
    assert found.value is None
    assert listed(found.diagnostics) == [  # gohcl's words: no full stop
        (
            "Unsuitable value type",
            "Unsuitable value: a number is required",
            "MockExprLiteral:0,0-0",
        )
    ]


def test_a_raw_attribute_field_keeps_the_mock_expression() -> None:
    @dataclasses.dataclass
    class Raw:
        depends_on: hcl.Attribute

    expr = mock_expr_list([mock_expr_traversal_src("service.api")])
    raw = hcl.decode(mock_body(attributes=mock_attrs({"depends_on": expr})), Raw)
    assert raw.depends_on.expr is expr
    items, _ = expr_list(raw.depends_on.expr)
    assert [str(abs_traversal_for_expr(item)[0]) for item in items] == ["service.api"]


# What tools/differential/go/gohcltest prints (hcltest of HCL v2.14.1).
GO_HCLTEST = Path(__file__).parent / "data" / "testing" / "gohcltest.txt"


def test_the_same_cases_report_what_hcltest_reports() -> None:
    lines: list[str] = []

    def show(name: str, diags: hcl.Diagnostics) -> None:
        lines.extend(f"{name}: {d.summary} | {d.detail} | {d.subject}" for d in diags)

    zero = _range("")
    body = mock_body(
        attributes=mock_attrs({"nme": "web"}),
        blocks=[
            hcl.Block("listener", (), mock_body(), zero, zero, ()),
            hcl.Block("listner", ("http",), mock_body(), zero, zero, (zero,)),
        ],
        missing_item_range=_range("main.hcl", 3, 1, 2),
    )
    show("content", body.content(SCHEMA)[1])
    show("just_attributes", body.just_attributes()[1])
    value, diags = mock_expr_variable("port").value(None)
    assert value == Value.unknown(DYNAMIC)
    lines.append("variable: cty.DynamicVal")
    show("variable", diags)
    expr = mock_expr_traversal_src("var.ports[1]")
    lines.append(f"traversal: {expr.range}")
    lines.extend(f"traversal step: {step.range}" for step in expr.variables()[0])
    literal = mock_expr_literal("x")
    lines.append(f"literal: {literal.range}")
    show("literal expr_list", expr_list(literal)[1])
    show("literal traversal", abs_traversal_for_expr(literal)[1])
    lines.append(f"attrs: {mock_attrs({'a': literal})['a'].name_range}")
    empty = mock_expr_list([])
    assert empty.value() == (Value.list([], DYNAMIC), [])
    lines.append(f"list: {empty.range} cty.ListValEmpty(cty.DynamicPseudoType)")
    # The one deliberate difference: the undefined variable has a range.
    assert "\n".join(lines) + "\n" == GO_HCLTEST.read_text(encoding="utf-8").replace(
        "not defined. | <nil>", "not defined. | MockExprVariable:0,0-0"
    )
