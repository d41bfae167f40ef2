"""The spec kinds: decode, partial_decode, variables, implied types and schemas."""

from __future__ import annotations

import pytest

from hcldecode.ext.typeexpr import Defaults
from hcldecode.hcldec import (
    AttrSpec,
    BlockAttrsSpec,
    BlockLabelSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockObjectSpec,
    BlockSetSpec,
    BlockSpec,
    BlockTupleSpec,
    DefaultSpec,
    ExprSpec,
    LiteralSpec,
    ObjectSpec,
    TransformExprSpec,
    TransformFuncSpec,
    TupleSpec,
    ValidateSpec,
    child_block_types,
    decode,
    implied_schema,
    implied_type,
    partial_decode,
    source_range,
    variables,
)
from hcldecode.model import (
    AttributeSchema,
    BlockHeaderSchema,
    BodySchema,
    Diagnostic,
    EvalContext,
    Pos,
    Range,
)
from hcldecode.native import parse_config, parse_expression
from hcldecode.values import (
    DYNAMIC,
    NUMBER,
    STRING,
    Function,
    FunctionError,
    ListType,
    MapType,
    ObjectType,
    Parameter,
    SetType,
    TupleType,
    Value,
)


def body(src: str):  # type: ignore[no-untyped-def]
    file, diags = parse_config(src, "t.hcl")
    assert not diags
    return file.body


def rng(*pos: int) -> Range:
    """A range in the test file from (line, column, byte) to (line, column, byte)."""
    return Range("t.hcl", Pos(*pos[:3]), Pos(*pos[3:]))


S, N = Value.string, Value.number
INNER = ObjectSpec({"v": AttrSpec("v", NUMBER)})


def test_object_and_tuple_of_attributes() -> None:
    spec = ObjectSpec(
        {"a": AttrSpec("a", STRING), "b": TupleSpec([AttrSpec("b", NUMBER), LiteralSpec(S("x"))])}
    )
    value, diags = decode(body('a = 1\nb = "2"\n'), spec)
    assert diags == []
    assert value == Value.object({"a": S("1"), "b": Value.tuple([N(2), S("x")])})
    assert implied_type(spec) == ObjectType({"a": STRING, "b": TupleType([NUMBER, STRING])})


def test_empty_object_and_tuple_types() -> None:
    assert implied_type(ObjectSpec({})) == ObjectType({})
    assert implied_type(TupleSpec([])) == TupleType([])


def test_attr_missing_is_null_and_required_is_an_error() -> None:
    value, diags = decode(body(""), AttrSpec("a", ListType(STRING)))
    assert value == Value.null(ListType(STRING))
    assert diags == []
    _value, diags = decode(body(""), AttrSpec("a", STRING, required=True))
    assert [(d.summary, d.detail) for d in diags] == [
        ("Missing required argument", 'The argument "a" is required, but no definition was found.')
    ]


def test_attr_wrong_type() -> None:
    value, diags = decode(body('a = "x"\n'), AttrSpec("a", NUMBER))
    assert value == Value.unknown(NUMBER)
    assert diags == [
        Diagnostic.error(
            "Incorrect attribute value type",
            'Inappropriate value for attribute "a": a number is required.',
            rng(1, 5, 4, 1, 8, 7),
            rng(1, 1, 0, 1, 8, 7),
        )
    ]


POINT = ObjectType({"x": NUMBER, "y": NUMBER}, ["y"])
POINT_DEFAULTS = Defaults(POINT, {"y": Value.number(0)})


def test_attr_with_defaults() -> None:
    spec = AttrSpec("a", POINT, defaults=POINT_DEFAULTS)
    assert decode(body("a = { x = 1 }\n"), spec) == (Value.object({"x": N(1), "y": N(0)}), [])
    assert decode(body("a = { x = 1, y = 2 }\n"), spec)[0] == Value.object({"x": N(1), "y": N(2)})
    assert decode(body(""), spec)[0] == Value.null(ObjectType({"x": NUMBER, "y": NUMBER}))
    assert implied_type(spec) == POINT
    _value, diags = decode(body('a = { x = "one" }\n'), spec)
    assert [d.detail for d in diags] == [
        'Inappropriate value for attribute "a": a number is required.'
    ]


def test_block_attrs_with_defaults() -> None:
    spec = BlockAttrsSpec("points", POINT, defaults=POINT_DEFAULTS)
    value, diags = decode(body("points {\n  p = { x = 1 }\n  q = { x = 2, y = 3 }\n}\n"), spec)
    assert diags == []
    assert value == Value.map(
        {"p": Value.object({"x": N(1), "y": N(0)}), "q": Value.object({"x": N(2), "y": N(3)})}
    )


def test_unexpected_attribute_is_an_error_but_partial_decode_returns_it() -> None:
    b = body("a = 1\nz = 2\n")
    _value, diags = decode(b, AttrSpec("a", NUMBER))
    assert [d.summary for d in diags] == ["Unsupported argument"]
    value, remain, diags = partial_decode(b, AttrSpec("a", NUMBER))
    assert (value, diags) == (N(1), [])
    attrs, _ = remain.just_attributes()
    assert list(attrs) == ["z"]


def test_expr_spec() -> None:
    expr, _ = parse_expression("x + 1", "e.hcl")
    spec = ExprSpec(expr)
    value, diags = decode(body(""), spec, EvalContext({"x": 2}))
    assert (value, diags) == (N(3), [])
    assert implied_type(spec) == DYNAMIC
    assert [t.root_name for t in variables(body(""), spec)] == ["x"]
    assert source_range(body(""), spec) == expr.range


def test_block_spec() -> None:
    spec = BlockSpec("b", INNER, required=True)
    value, diags = decode(body("b {\n  v = 1\n}\n"), spec)
    assert (value, diags) == (Value.object({"v": N(1)}), [])
    value, diags = decode(body(""), spec)
    assert value == Value.null(ObjectType({"v": NUMBER}))
    assert [(d.summary, d.detail) for d in diags] == [
        ("Missing b block", 'A block of type "b" is required here.')
    ]


def test_block_spec_duplicate() -> None:
    _value, diags = decode(body("b {}\nb {}\n"), BlockSpec("b", INNER))
    assert diags == [
        Diagnostic.error(
            "Duplicate b block",
            'Only one block of type "b" is allowed. Previous definition was at t.hcl:1,1-2.',
            rng(2, 1, 5, 2, 2, 6),
        )
    ]


def test_block_list_unifies_and_checks_bounds() -> None:
    spec = BlockListSpec("b", ObjectSpec({"v": AttrSpec("v")}), min_items=1, max_items=2)
    value, diags = decode(body('b { v = 1 }\nb { v = "x" }\n'), spec)
    assert diags == []
    assert value == Value.list([Value.object({"v": S("1")}), Value.object({"v": S("x")})])
    _value, diags = decode(body(""), spec)
    assert [(d.summary, d.detail) for d in diags] == [
        ("Insufficient b blocks", 'At least 1 "b" blocks are required.')
    ]
    _value, diags = decode(body("b {}\nb {}\nb {}\n"), spec)
    assert [(d.summary, d.detail, d.subject) for d in diags] == [
        # The third block's body, at its opening brace.
        ("Too many b blocks", 'No more than 2 "b" blocks are allowed', rng(3, 3, 12, 3, 3, 12))
    ]


def test_block_list_inconsistent_types() -> None:
    spec = BlockListSpec("b", ObjectSpec({"v": AttrSpec("v")}))
    value, diags = decode(body("b { v = 1 }\nb { v = [1] }\n"), spec)
    assert value == Value.unknown(DYNAMIC)
    assert [(d.summary, d.detail) for d in diags] == [
        (
            "Unconsistent argument types in b blocks",
            "Corresponding attributes in all blocks of this type must be the same.",
        )
    ]


def test_block_list_empty_and_type() -> None:
    spec = BlockListSpec("b", INNER)
    assert decode(body(""), spec) == (Value.list([], ObjectType({"v": NUMBER})), [])
    assert implied_type(spec) == ListType(ObjectType({"v": NUMBER}))


def test_block_set_merges_duplicates() -> None:
    spec = BlockSetSpec("b", INNER)
    value, diags = decode(body("b { v = 2 }\nb { v = 1 }\nb { v = 2 }\n"), spec)
    assert diags == []
    assert value == Value.set([Value.object({"v": N(1)}), Value.object({"v": N(2)})])
    assert implied_type(spec) == SetType(ObjectType({"v": NUMBER}))
    assert decode(body(""), spec)[0] == Value.set([], ObjectType({"v": NUMBER}))


def test_block_tuple_allows_different_types() -> None:
    spec = BlockTupleSpec("b", ObjectSpec({"v": AttrSpec("v")}))
    value, diags = decode(body("b { v = 1 }\nb { v = [true] }\n"), spec)
    assert diags == []
    assert value == Value.tuple(
        [Value.object({"v": N(1)}), Value.object({"v": Value.tuple([Value.bool(True)])})]
    )
    assert implied_type(spec) == DYNAMIC
    assert decode(body(""), spec)[0] == Value.tuple([])


def test_block_map_with_two_labels_and_a_label_spec() -> None:
    nested = ObjectSpec({"v": AttrSpec("v", NUMBER), "n": BlockLabelSpec(0, "name")})
    spec = BlockMapSpec("b", nested, label_names=["x", "y"])
    assert implied_schema(spec) == BodySchema(blocks=[BlockHeaderSchema("b", ("x", "y", "name"))])
    value, diags = decode(body('b "a" "b" "c" { v = 1 }\nb "a" "d" "e" { v = 2 }\n'), spec)
    assert diags == []
    assert value == Value.map(
        {
            "a": Value.map(
                {
                    "b": Value.object({"n": S("c"), "v": N(1)}),
                    "d": Value.object({"n": S("e"), "v": N(2)}),
                }
            )
        }
    )
    assert implied_type(spec) == MapType(MapType(ObjectType({"n": STRING, "v": NUMBER})))


def test_block_map_duplicate_labels() -> None:
    spec = BlockMapSpec("b", INNER, label_names=["k"])
    value, diags = decode(body('b "a" { v = 1 }\nb "a" { v = 2 }\n'), spec)
    assert value == Value.map({"a": Value.object({"v": N(1)})})
    assert diags == [
        Diagnostic.error(
            "Duplicate b block",
            'A block for b "a" was already defined. The b labels must be unique.',
            rng(2, 1, 16, 2, 6, 21),
        )
    ]
    assert decode(body(""), spec)[0] == Value.map({}, ObjectType({"v": NUMBER}))


def test_block_map_refuses_dynamic_types_and_no_labels() -> None:
    with pytest.raises(TypeError):
        BlockMapSpec("b", AttrSpec("v"), label_names=["k"])
    with pytest.raises(TypeError):
        BlockMapSpec("b", INNER, label_names=[])


def test_block_object() -> None:
    spec = BlockObjectSpec("b", ObjectSpec({"v": AttrSpec("v")}), label_names=["k"])
    value, diags = decode(body('b "x" { v = 1 }\nb "y" { v = "s" }\n'), spec)
    assert diags == []
    assert value == Value.object({"x": Value.object({"v": N(1)}), "y": Value.object({"v": S("s")})})
    assert implied_type(spec) == DYNAMIC
    assert decode(body(""), spec)[0] == Value.object({})


def test_block_attrs() -> None:
    spec = BlockAttrsSpec("env", STRING, required=True)
    value, diags = decode(body('env {\n  a = 1\n  b = "x"\n}\n'), spec)
    assert diags == []
    assert value == Value.map({"a": S("1"), "b": S("x")})
    value, diags = decode(body('env {\n  a = "x"\n}\n'), BlockAttrsSpec("env", NUMBER))
    assert value == Value.map({"a": Value.unknown(NUMBER)})
    assert [(d.summary, d.detail) for d in diags] == [
        (
            "Invalid attribute value",
            'Invalid value for attribute of "env" block: a number is required.',
        )
    ]
    value, diags = decode(body(""), spec)
    assert value == Value.null(MapType(STRING))
    assert [d.summary for d in diags] == ["Missing env block"]
    assert decode(body("env {}\n"), spec)[0] == Value.map({}, STRING)
    assert implied_type(spec) == MapType(STRING)


def test_block_attrs_variables_in_source_order() -> None:
    spec = BlockAttrsSpec("env", DYNAMIC)
    found = variables(body("env {\n  b = y\n  a = x\n}\n"), spec)
    assert [t.root_name for t in found] == ["y", "x"]


def test_label_spec_outside_a_block_is_a_program_error() -> None:
    with pytest.raises(TypeError):
        decode(body(""), BlockLabelSpec(0, "name"))


def test_label_names_fill_gaps() -> None:
    nested = ObjectSpec({"a": BlockLabelSpec(1, "second")})
    assert implied_schema(BlockListSpec("b", nested)) == BodySchema(
        blocks=[BlockHeaderSchema("b", ("missing00", "second"))]
    )


def test_default_spec() -> None:
    spec = DefaultSpec(AttrSpec("a", NUMBER), LiteralSpec(N(7)))
    assert decode(body(""), spec) == (N(7), [])
    assert decode(body("a = 1\n"), spec) == (N(1), [])
    both = DefaultSpec(AttrSpec("a", NUMBER), AttrSpec("b", NUMBER, required=True))
    assert implied_schema(both) == BodySchema(
        [AttributeSchema("a"), AttributeSchema("b", required=True)]
    )


def test_transform_expr_spec() -> None:
    expr, _ = parse_expression("nested * 2", "e.hcl")
    spec = TransformExprSpec(AttrSpec("a", NUMBER), expr)
    assert decode(body("a = 4\n"), spec) == (N(8), [])
    assert implied_type(spec) == NUMBER
    value, diags = decode(body('a = "x"\n'), spec)
    assert value == Value.unknown(NUMBER)
    assert [d.summary for d in diags] == ["Incorrect attribute value type"]


def test_transform_func_spec() -> None:
    def impl(args, _ret):  # type: ignore[no-untyped-def]
        if args[0].as_str() == "bad":
            raise FunctionError("no good")
        return Value.string(args[0].as_str() * 2)

    fn = Function([Parameter("s", STRING)], return_type=STRING, impl=impl)
    spec = TransformFuncSpec(AttrSpec("a", STRING), fn)
    assert decode(body('a = "ab"\n'), spec) == (S("abab"), [])
    assert implied_type(spec) == STRING
    value, diags = decode(body('a = "bad"\n'), spec)
    assert value == Value.unknown(STRING)
    assert diags == [
        Diagnostic.error(
            "Transform function failed",
            "Decoder transform returned an error: no good",
            rng(1, 5, 4, 1, 10, 9),
        )
    ]


def test_validate_spec_fills_in_the_subject() -> None:
    def check(value: Value) -> list[Diagnostic]:
        return [Diagnostic.error("Too big", "")] if value.as_int() > 3 else []

    spec = ValidateSpec(AttrSpec("a", NUMBER), check)
    assert decode(body("a = 1\n"), spec) == (N(1), [])
    value, diags = decode(body("a = 5\n"), spec)
    assert value == N(5)
    assert diags == [Diagnostic.error("Too big", "", rng(1, 5, 4, 1, 6, 5))]
    assert implied_type(spec) == NUMBER


def test_variables_recurse_into_blocks() -> None:
    nested = ObjectSpec({"c": AttrSpec("c")})
    spec = ObjectSpec({"a": AttrSpec("a"), "b": BlockListSpec("b", nested)})
    found = variables(body("a = x.y\nb { c = z[0] }\nb { c = 1 }\n"), spec)
    assert [str(t) for t in found] == ["x.y", "z[0]"]


def test_variables_of_a_single_block_spec_come_from_the_decoded_block_only() -> None:
    spec = ObjectSpec({"b": BlockSpec("b", ObjectSpec({"c": AttrSpec("c")}))})
    found = variables(body("b { c = 1 }\nb { c = v.x }\n"), spec)
    assert found == []  # as the reference: the second block is a duplicate, not decoded
    found = variables(body("b { c = v.x }\nb { c = w }\n"), spec)
    assert [str(t) for t in found] == ["v.x"]


def test_child_block_types_and_source_range() -> None:
    spec = ObjectSpec({"b": BlockSpec("b", INNER), "e": BlockAttrsSpec("e", STRING)})
    assert set(child_block_types(spec)) == {"b", "e"}
    assert child_block_types(spec)["b"] is INNER
    assert source_range(body("b {\n  v = 12\n}\n"), BlockSpec("b", AttrSpec("v"))) == rng(
        2, 7, 10, 2, 9, 12
    )
