"""Evaluation of native-syntax expressions, checked against the reference.

Expected values and diagnostics were obtained by running the reference
implementation (HCL v2.14 ``hcldec``) on ``r = <expression>`` with the
variables of :data:`VARIABLES`; ranges are byte offsets into the expression
text. Behaviour the local reference lacks (namespaced function calls, the
short-circuit of ``&&`` and ``||`` since v2.24, the nested-splat error of
v2.24) follows the reference notes and the v2.24 source. The tables of
expressions and what they give are in ``tests/data/native/evaluate.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expected_data import load_expected
from hcldecode.model import Diagnostic, Diagnostics, EvalContext
from hcldecode.native import BinaryOp, parse_expression
from hcldecode.pytypes import function
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    EMPTY_OBJECT_VALUE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    NUMBER,
    STRING,
    TRUE,
    Function,
    ListType,
    MapType,
    ObjectType,
    Parameter,
    SetType,
    TupleType,
    Value,
    max_nesting,
    type_from_json,
    value_from_json,
)

VARIABLES: dict[str, Any] = {
    "nul": None,
    "a": 1,
    "s": "hello",
    "t": True,
    "f": False,
    "obj": {"id": "x", "n": 2},
    "tup": [1, "two", True],
    "lst": [{"id": "a"}, {"id": "b"}],
    "emp": [],
    "nested": [[1, 2], [3]],
    "objs": [{"x": 1}, {"x": "s"}],
}

Expect = tuple[str, str, tuple[int, int], tuple[int, int] | None]


# Operators on unknown operands give results known not to be null (go-cty 1.13+).
NOT_NULL_BOOL = Value.unknown(BOOL).refine_not_null()
NOT_NULL_NUMBER = Value.unknown(NUMBER).refine_not_null()
# A conditional with an unknown condition between 1 and 2 (HCL v2.17+).
ONE_OR_TWO = NOT_NULL_NUMBER.refine().number_range_inclusive(1, 2).new_value()


def n(x: int | str) -> Value:
    return Value.number(x)


def s(x: str) -> Value:
    return Value.string(x)


def tup(*xs: Value) -> Value:
    return Value.tuple(xs)


def obj(**kw: Value) -> Value:
    return Value.object(kw)


def ctx_with(**variables: Any) -> EvalContext:
    return EvalContext({**VARIABLES, **variables}, {})


def parse(src: str) -> Any:
    expr, diags = parse_expression(src, "t.hcl")
    assert list(diags) == []
    return expr


def run(src: str, ctx: EvalContext | str | None = "default") -> tuple[Value, Diagnostics]:
    if ctx == "default":
        ctx = ctx_with()
    assert not isinstance(ctx, str)
    result: tuple[Value, Diagnostics] = parse(src).value(ctx)
    return result


def span(diag: Diagnostic) -> tuple[tuple[int, int], tuple[int, int] | None]:
    assert diag.subject is not None
    subject = (diag.subject.start.byte, diag.subject.end.byte)
    context = diag.context
    return subject, (context.start.byte, context.end.byte) if context is not None else None


def described(diags: Sequence[Diagnostic]) -> list[Expect]:
    return [(d.summary, d.detail, *span(d)) for d in diags]


def value_of(src: str, ctx: EvalContext | str | None = "default") -> Value:
    value, diags = run(src, ctx)
    assert list(diags) == [], described(diags)
    return value


def errors_of(src: str, ctx: EvalContext | str | None = "default") -> tuple[Value, list[Expect]]:
    value, diags = run(src, ctx)
    assert all(d.is_error for d in diags)
    return value, described(diags)


def unknown_var(name: str, start: int, suggestion: str = "") -> Expect:
    detail = f'There is no variable named "{name}".'
    if suggestion:
        detail += f' Did you mean "{suggestion}"?'
    return ("Unknown variable", detail, (start, start + len(name)), None)


# The expected results of the parametrized tables (tests/data/native/evaluate.json):
# for each table its cases in order, each an expression ("src") with the value it
# evaluates to, its diagnostics (summary, detail, subject and context byte ranges)
# or the context it is evaluated in. A value is go-cty's JSON encoding with its
# type ("type" and "value"), or {"type": ..., "unknown": true} for an unknown value
# without refinements; the few JSON cannot hold are named, from NAMED_VALUES.
EXPECTED: dict[str, list[dict[str, Any]]] = load_expected(
    "native/evaluate.json", exact_numbers=True
)
NAMED_VALUES = {
    "NOT_NULL_BOOL": NOT_NULL_BOOL,
    "NOT_NULL_NUMBER": NOT_NULL_NUMBER,
    "ONE_OR_TWO": ONE_OR_TWO,
    "INFINITY": Value.number(float("inf")),
    "NEGATIVE_INFINITY": Value.number(float("-inf")),
}
_TABLES_READ: list[str] = []


def expected_value(data: dict[str, Any]) -> Value:
    if "named" in data:
        return NAMED_VALUES[data["named"]]
    t = type_from_json(data["type"])
    return Value.unknown(t) if data.get("unknown") else value_from_json(data["value"], t)


def expected_diags(data: list[list[Any]]) -> list[Expect]:
    return [
        (
            summary,
            detail,
            (subject[0], subject[1]),
            None if context is None else (context[0], context[1]),
        )
        for summary, detail, subject, context in data
    ]


def expected_ctx(name: str | None) -> EvalContext | None:
    contexts = {
        "variables only": lambda: EvalContext({"x": 1}),
        "functions": lambda: EvalContext(functions=FUNCTIONS),
        "no functions": lambda: EvalContext(functions={}),
    }
    return None if name is None else contexts[name]()


def cases(table: str, *fields: str) -> list[tuple[Any, ...]]:
    """The cases of a table: the expression, then the fields named, decoded."""
    decode = {"value": expected_value, "diags": expected_diags, "ctx": expected_ctx}
    _TABLES_READ.append(table)
    return [
        (case["src"], *(decode[field](case[field]) for field in fields)) for case in EXPECTED[table]
    ]


# --------------------------------------------------------------------------- literals


@pytest.mark.parametrize(("src", "expected"), cases("literals", "value"))
def test_literals(src: str, expected: Value) -> None:
    assert value_of(src) == expected
    assert value_of(src, None) == expected


# --------------------------------------------------------------------------- variables


def test_variables() -> None:
    assert value_of("a") == n(1)
    assert value_of("obj") == obj(id=s("x"), n=n(2))
    assert value_of("nul") == Value.null(DYNAMIC)


@pytest.mark.parametrize("ctx", [None, EvalContext(), EvalContext(functions={})])
def test_variables_not_allowed(ctx: EvalContext | None) -> None:
    value, diags = errors_of("foo.bar", ctx)
    assert value == DYNAMIC_VALUE
    assert diags == [("Variables not allowed", "Variables may not be used here.", (0, 3), None)]


def test_unknown_variable_and_suggestion() -> None:
    ctx = EvalContext({"a-b": 5, "zzzzzz": 1})
    assert errors_of("a_b", ctx) == (DYNAMIC_VALUE, [unknown_var("a_b", 0, "a-b")])
    assert errors_of("nosuch", ctx) == (DYNAMIC_VALUE, [unknown_var("nosuch", 0)])
    assert value_of("a-b", ctx) == n(5)
    # An empty table is a table: "Unknown variable", not "Variables not allowed".
    assert errors_of("x", EvalContext({})) == (DYNAMIC_VALUE, [unknown_var("x", 0)])
    # Names of parent scopes are visible and suggested.
    child = EvalContext({}).child({"inner": 1}).child({"other": 2})
    assert errors_of("innr", child)[1] == [unknown_var("innr", 0, "inner")]


def test_diagnostics_record_expression_and_context() -> None:
    ctx = ctx_with()
    expr = parse("1 + nosuch")
    _, diags = expr.value(ctx)
    (diag,) = diags
    assert diag.expression is expr.rhs
    assert diag.eval_context is ctx


# --------------------------------------------------------------------------- traversals and indexes


@pytest.mark.parametrize(("src", "expected"), cases("traversal_values", "value"))
def test_traversal_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


@pytest.mark.parametrize(("src", "expected"), cases("traversal_errors", "diags"))
def test_traversal_errors(src: str, expected: list[Expect]) -> None:
    _value, diags = errors_of(src)
    assert diags == expected


def test_index_error_names_the_index_expression() -> None:
    ctx = ctx_with()
    expr = parse("[1][a]")
    _, diags = expr.value(ctx)
    assert [d.expression for d in diags] == [expr]


# --------------------------------------------------------------------------- operators


@pytest.mark.parametrize(("src", "expected"), cases("operator_values", "value"))
def test_operator_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


def test_modulo_at_full_precision() -> None:
    # The reference's specsuite asserts this exact 512-bit result.
    expected = "0.8" + "0" * 152 + "24"
    assert value_of(f"11 % 5.1 == {expected}") == TRUE
    assert value_of("11 % 5.1 == 0.8") == FALSE
    assert value_of("11 % 5.1") == n(expected)


def test_division_precision() -> None:
    assert value_of("1/3") == value_of("1/3")
    assert value_of("1/3 * 3 == 1") == TRUE


@pytest.mark.parametrize(
    ("src", "expected_value", "expected"), cases("operator_errors", "value", "diags")
)
def test_operator_errors(src: str, expected_value: Value, expected: list[Expect]) -> None:
    assert errors_of(src) == (expected_value, expected)


def test_operation_failed_names_the_operation() -> None:
    expr = parse("0/0")
    _, diags = expr.value(None)
    assert diags[0].expression is expr


# --------------------------------------------------------------------------- && and || (v2.24)


@pytest.mark.parametrize(
    ("src", "expected_value", "expected"), cases("logical_operators", "value", "diags")
)
def test_logical_operators(src: str, expected_value: Value, expected: list[Expect]) -> None:
    assert errors_of(src) == (expected_value, expected)


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("u && false", FALSE),
        ("false && u", FALSE),
        ("u || true", TRUE),
        ("true || u", TRUE),
        ("u && true", NOT_NULL_BOOL),
        ("u || false", NOT_NULL_BOOL),
        ("u && u", NOT_NULL_BOOL),
        ("!u", NOT_NULL_BOOL),
        ("d && false", FALSE),
        ("d || true", TRUE),
    ],
)
def test_logical_operators_with_unknowns(src: str, expected: Value) -> None:
    ctx = ctx_with(u=Value.unknown(BOOL), d=DYNAMIC_VALUE)
    assert value_of(src, ctx) == expected


# --------------------------------------------------------------------------- unknowns


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("un + 1", NOT_NULL_NUMBER),
        ("un == 1", NOT_NULL_BOOL),
        ("d == 1", NOT_NULL_BOOL),
        ("-un", NOT_NULL_NUMBER),
        ("d + 1", NOT_NULL_NUMBER),
        ("us", Value.unknown(STRING)),
        ("[un, 1]", tup(Value.unknown(NUMBER), n(1))),
        ("{a = un}", obj(a=Value.unknown(NUMBER))),
        ("{(us) = 1}", DYNAMIC_VALUE),
        ("{(d) = 1, b = 2}", DYNAMIC_VALUE),
        ("un > 1 ? 1 : 2", ONE_OR_TWO),
        ('ub ? 1 : "a"', Value.unknown(STRING).refine_not_null()),
        ("ub ? un : 2", Value.unknown(NUMBER)),
        ("d ? [1] : [2]", Value.unknown(TupleType([NUMBER])).refine_not_null()),
        ("true ? un : 2", Value.unknown(NUMBER)),
        ("false ? d : 2", n(2)),
        ("true ? d : 2", DYNAMIC_VALUE),
    ],
)
def test_unknown_propagation(src: str, expected: Value) -> None:
    ctx = ctx_with(
        un=Value.unknown(NUMBER),
        us=Value.unknown(STRING),
        ub=Value.unknown(BOOL),
        d=DYNAMIC_VALUE,
        nul2=Value.null(NUMBER),
    )
    assert value_of(src, ctx) == expected


def test_unknown_and_null_operand_is_an_error() -> None:
    # go-cty checks for nulls before unknowns.
    ctx = ctx_with(un=Value.unknown(NUMBER))
    value, diags = errors_of("un + nul", ctx)
    assert value == Value.unknown(NUMBER)
    assert diags == [
        ("Operation failed", "Error during operation: argument must not be null.", (0, 8), None)
    ]


# --------------------------------------------------------------------------- conditionals


@pytest.mark.parametrize(("src", "expected"), cases("conditional_values", "value"))
def test_conditional_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


def test_conditional_object_unification() -> None:
    # Object types with different attributes unify to the object type with all
    # their attributes (the seed spec's rule, which convert.unify follows); the
    # reference (go-cty) unifies them to a map instead: {b = 2} there.
    assert value_of("false ? {a=1} : {b=2}") == obj(a=Value.null(NUMBER), b=n(2))
    assert value_of('true ? {a=1} : {a="x", b=2}') == obj(a=s("1"), b=Value.null(NUMBER))


def mismatch(detail: str, subject: tuple[int, int], context: tuple[int, int]) -> list[Expect]:
    return [
        (
            "Inconsistent conditional result types",
            f"The true and false result expressions must have consistent types. {detail}.",
            subject,
            context,
        )
    ]


@pytest.mark.parametrize(("src", "expected"), cases("conditional_type_mismatch", "diags"))
def test_conditional_type_mismatch(src: str, expected: list[Expect]) -> None:
    assert errors_of(src) == (DYNAMIC_VALUE, expected)


def test_conditional_mismatch_details() -> None:
    ctx = ctx_with(
        la=Value.list([obj(a=n(1))]),
        lb=Value.list([obj(a=tup())]),
        ma=Value.map({"k": tup(n(1))}),
        mb=Value.map({"k": tup(EMPTY_TUPLE_VALUE)}),
        oa=obj(a=n(1), z=tup(n(1))),
        ob=obj(z=EMPTY_OBJECT_VALUE),
        ln=Value.list([n(1)]),
        mn=Value.map({"k": n(1)}),
        lt1=Value.list([Value.list([tup(n(1))])]),
        lt2=Value.list([Value.list([tup(EMPTY_TUPLE_VALUE)])]),
    )
    cases = {
        "t ? la : lb": "Mismatched list element types: Type mismatch for object attribute "
        "\"a\": The 'true' value is number, but the 'false' value is tuple",
        "t ? ma : mb": "Mismatched map element types: Type mismatch for tuple element 0: The "
        "'true' value is number, but the 'false' value is tuple",
        # The first attribute in name order is described, whatever the real trouble.
        "t ? oa : ob": "The 'true' value includes object attribute \"a\", which is absent in "
        "the 'false' value",
        "t ? ln : mn": "The 'true' value is list of number, but the 'false' value is map of number",
        "t ? lt1 : lt2": "At least one deeply-nested attribute or element is not compatible "
        "across both the 'true' and the 'false' value",
    }
    for src, detail in cases.items():
        value, diags = run(src, ctx)
        assert value == DYNAMIC_VALUE
        assert [d.detail for d in diags] == [
            f"The true and false result expressions must have consistent types. {detail}."
        ], src


@pytest.mark.parametrize(
    ("src", "expected_value", "expected"), cases("conditional_errors", "value", "diags")
)
def test_conditional_errors(src: str, expected_value: Value, expected: list[Expect]) -> None:
    assert errors_of(src) == (expected_value, expected)


def test_conditional_selected_arm_diagnostics_after_condition() -> None:
    value, diags = errors_of("nul2 == null ? nosuch : 1", ctx_with(nul2=None))
    assert value == DYNAMIC_VALUE
    assert diags == [unknown_var("nosuch", 15)]


def test_conditional_unsafe_conversion_failure() -> None:
    # A map and an object unify to the object type; this map's keys do not fit it.
    ctx = ctx_with(mp=Value.map({"b": n(1)}))
    value, diags = errors_of("true ? mp : {a = 1}", ctx)
    assert value == Value.unknown(ObjectType({"a": NUMBER}))
    assert diags == [
        (
            "Inconsistent conditional result types",
            'The true result value has the wrong type: unsupported attribute "b".',
            (7, 9),
            (0, 19),
        )
    ]
    value, diags = errors_of("false ? {a = 1} : mp", ctx)
    assert diags == [
        (
            "Inconsistent conditional result types",
            'The false result value has the wrong type: unsupported attribute "b".',
            (18, 20),
            (0, 20),
        )
    ]
    # The other arm is not converted, so it cannot fail.
    assert value_of("true ? {a = 1} : mp", ctx) == obj(a=n(1))


# --------------------------------------------------------------------------- collections


@pytest.mark.parametrize(("src", "expected"), cases("object_constructor", "value"))
def test_object_constructor(src: str, expected: Value) -> None:
    assert value_of(src) == expected


@pytest.mark.parametrize(("src", "expected"), cases("collection_errors", "diags"))
def test_collection_errors(src: str, expected: list[Expect]) -> None:
    assert errors_of(src)[1] == expected


def test_collection_error_values() -> None:
    assert run("{(nul) = 1}")[0] == DYNAMIC_VALUE
    assert run("{a = nosuch, b = 1}")[0] == obj(a=DYNAMIC_VALUE, b=n(1))
    assert run("[nosuch, 1]")[0] == tup(DYNAMIC_VALUE, n(1))


# --------------------------------------------------------------------------- for expressions


@pytest.mark.parametrize(("src", "expected"), cases("for_values", "value"))
def test_for_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


def test_for_over_collections() -> None:
    ctx = ctx_with(
        lst2=Value.list([n(3), n(1)]),
        st=Value.set([s("b"), s("B"), s("a")]),
        mp=Value.map({"y": n(1), "x": n(2)}),
    )
    assert value_of("[for i, v in lst2: [i, v]]", ctx) == tup(tup(n(0), n(3)), tup(n(1), n(1)))
    # A set's elements are their own keys, in set order.
    assert value_of("[for k, v in st: [k, v]]", ctx) == tup(
        tup(s("B"), s("B")), tup(s("a"), s("a")), tup(s("b"), s("b"))
    )
    assert value_of("{for k, v in mp: k => v}", ctx) == obj(x=n(2), y=n(1))
    assert value_of("[for v in mp: v]", ctx) == tup(n(2), n(1))


def test_for_without_context() -> None:
    assert value_of("[for x in [1, 2]: x * 2]", None) == tup(n(2), n(4))
    # The iteration scope is a variable table: other names are unknown variables.
    _value, diags = errors_of("[for x in [1]: y]", None)
    assert diags == [unknown_var("y", 15, "x")]


@pytest.mark.parametrize(("src", "expected"), cases("for_errors", "diags"))
def test_for_errors(src: str, expected: list[Expect]) -> None:
    assert errors_of(src)[1] == expected


def test_for_error_values() -> None:
    # A duplicate key keeps the first value.
    assert run('{for i, v in ["a","a","b"]: v => i}')[0] == obj(a=n(0), b=n(2))
    assert run("[for x in nul: x]")[0] == DYNAMIC_VALUE
    assert run("[for x in [1,2,3]: x if nul]")[0] == DYNAMIC_VALUE
    assert run("[for x in [1, 2]: nosuch]")[0] == tup(DYNAMIC_VALUE, DYNAMIC_VALUE)
    assert run("{for x in [1, 2]: nosuch => x}")[0] == DYNAMIC_VALUE


def test_for_with_unknowns() -> None:
    ctx = ctx_with(
        un=Value.unknown(NUMBER),
        ul=Value.unknown(ListType(NUMBER)),
        d=DYNAMIC_VALUE,
        ub=Value.unknown(BOOL),
    )
    assert value_of("[for x in ul: x]", ctx) == DYNAMIC_VALUE
    assert value_of("[for x in d: x]", ctx) == DYNAMIC_VALUE
    assert value_of("[for x in [1, 2]: x if ub]", ctx) == DYNAMIC_VALUE
    assert value_of("{for x in [1, 2]: x => x if ub}", ctx) == DYNAMIC_VALUE
    assert value_of("{for x in [1, 2]: un => x}", ctx) == DYNAMIC_VALUE
    assert value_of("[for x in [1, 2]: un]", ctx) == tup(
        Value.unknown(NUMBER), Value.unknown(NUMBER)
    )
    assert value_of("[for x in [un]: x + 1]", ctx) == tup(NOT_NULL_NUMBER)
    # A condition evaluated per element that is unknown for one makes the result unknown.
    assert value_of("[for x in [1, un]: x if x > 0]", ctx) == DYNAMIC_VALUE


def test_for_condition_precheck_uses_unknown_variables() -> None:
    # The early check runs the condition with unknown variables, which is fine
    # here, then each element is checked.
    assert value_of('[for x in ["a", 1]: x if x != "a"]') == tup(n(1))


# --------------------------------------------------------------------------- splat


@pytest.mark.parametrize(("src", "expected"), cases("splat_values", "value"))
def test_splat_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


def test_splat_over_collections() -> None:
    ctx = ctx_with(
        ol=Value.list([obj(id=s("p")), obj(id=s("q"))]),
        os=Value.set([obj(id=s("q")), obj(id=s("p"))]),
        el=Value.list([], ObjectType({"id": STRING})),
        nl=Value.null(ListType(ObjectType({"id": STRING}))),
        ul=Value.unknown(ListType(ObjectType({"id": STRING}))),
        uo=Value.unknown(ObjectType({"id": STRING})),
        ut=Value.unknown(TupleType([ObjectType({"id": STRING}), ObjectType({"id": NUMBER})])),
        d=DYNAMIC_VALUE,
        lol=Value.list([Value.list([n(1)]), Value.list([n(2)])]),
    )
    assert value_of("ol[*].id", ctx) == Value.list([s("p"), s("q")])
    # A set gives a list, in set order.
    assert value_of("os[*].id", ctx) == Value.list([s("p"), s("q")])
    assert value_of("el[*].id", ctx) == Value.list([], STRING)
    assert value_of("ul[*].id", ctx) == Value.unknown(ListType(STRING)).refine_not_null()
    assert value_of("ut[*].id", ctx) == Value.unknown(TupleType([STRING, NUMBER])).refine_not_null()
    assert value_of("uo[*].id", ctx) == DYNAMIC_VALUE
    assert value_of("d[*].id", ctx) == DYNAMIC_VALUE
    assert value_of("lol[*][0]", ctx) == Value.list([n(1), n(2)])
    value, diags = errors_of("nl[*].id", ctx)
    assert value == DYNAMIC_VALUE
    assert diags == [
        (
            "Splat of null value",
            "Splat expressions (with the * symbol) cannot be applied to null sequences.",
            (0, 2),
            (0, 5),
        )
    ]
    value, diags = errors_of("uo[*].nope", ctx)
    assert value == DYNAMIC_VALUE
    assert diags == [
        (
            "Unsupported attribute",
            'This object does not have an attribute named "nope".',
            (5, 10),
            None,
        )
    ]


def test_splat_errors() -> None:
    no_indices = ("Invalid index", "This value does not have any indices.", (9, 12), None)
    assert errors_of("lst[*].id[0]") == (
        Value.unknown(TupleType([DYNAMIC, DYNAMIC])),
        [no_indices, no_indices],
    )
    nope = (
        "Unsupported attribute",
        'This object does not have an attribute named "nope".',
        (5, 10),
        None,
    )
    assert errors_of("lst.*.nope")[1] == [nope, nope]
    assert errors_of("nosuch[*].x") == (DYNAMIC_VALUE, [unknown_var("nosuch", 0)])


def test_nested_splat_of_different_types() -> None:
    ctx = ctx_with(ld=Value.list([obj(x=n(1)), obj(x=Value.null(NUMBER))]))
    value, diags = errors_of("ld[*].x[*]", ctx)
    assert value == DYNAMIC_VALUE
    assert diags == [
        (
            "Invalid nested splat expressions",
            "The second level of splat expression produced elements of different types, so it "
            "isn't possible to construct a valid list to represent the top-level result.\n\n"
            "Consider using a for expression instead, to produce a tuple-typed result which can "
            "therefore have non-homogenous element types.",
            (2, 10),
            (0, 10),
        )
    ]


def test_splat_leaves_no_state_behind() -> None:
    expr = parse("lst[*].id")
    ctx = ctx_with()
    assert expr.value(ctx) == expr.value(ctx)
    assert expr.item.slots == {}


# --------------------------------------------------------------------------- function calls


def _upper(text: str) -> str:
    return text.upper()


def _fail(x: Any) -> Any:
    raise ValueError("no good")


def _join(sep: str, *parts: str) -> str:
    return sep.join(parts)


FUNCTIONS = {
    "upper": function(_upper, name="upper"),
    "join": function(_join, name="join"),
    "fail": function(_fail, name="fail"),
    "ns::upper": function(_upper, name="upper"),
    "provider::util::shout": function(_upper, name="shout"),
}


def fctx(**extra: Any) -> EvalContext:
    return EvalContext(VARIABLES, {**FUNCTIONS, **extra})


@pytest.mark.parametrize(("src", "expected"), cases("function_calls", "value"))
def test_function_calls(src: str, expected: Value) -> None:
    assert value_of(src, fctx()) == expected


@pytest.mark.parametrize(
    ("src", "ctx", "expected"), cases("function_lookup_errors", "ctx", "diags")
)
def test_function_lookup_errors(src: str, ctx: EvalContext | None, expected: list[Expect]) -> None:
    assert errors_of(src, ctx) == (DYNAMIC_VALUE, expected)


@pytest.mark.parametrize(("src", "expected"), cases("function_call_errors", "diags"))
def test_function_call_errors(src: str, expected: list[Expect]) -> None:
    assert errors_of(src, fctx()) == (DYNAMIC_VALUE, expected)


def test_function_call_with_unknowns() -> None:
    ctx = EvalContext(
        {"us": Value.unknown(STRING), "ul": Value.unknown(ListType(STRING)), "d": DYNAMIC_VALUE},
        FUNCTIONS,
    )
    assert value_of("upper(us)", ctx) == Value.unknown(STRING).refine_not_null()
    assert value_of('join("-", ul...)', ctx) == DYNAMIC_VALUE
    assert value_of('join("-", d...)', ctx) == DYNAMIC_VALUE


def test_function_call_diagnostic_names_the_argument() -> None:
    ctx = fctx()
    expr = parse("upper([])")
    _, diags = expr.value(ctx)
    assert diags[0].expression is expr.args[0]
    assert diags[0].eval_context is ctx
    expr = parse("upper(nosuch)")
    _, diags = expr.value(ctx)
    assert diags[0].expression is expr.args[0]


def test_function_in_child_context() -> None:
    ctx = EvalContext(functions=FUNCTIONS).child({"x": "q"})
    assert value_of("upper(x)", ctx) == s("Q")
    assert value_of("[for v in [x]: upper(v)]", ctx) == tup(s("Q"))


def test_function_receiving_values() -> None:
    seen: list[Value] = []

    def record(v: Value) -> Value:
        seen.append(v)
        return v

    ctx = EvalContext({"un": Value.unknown(NUMBER)}, {"record": function(record)})
    assert value_of("record(un)", ctx) == Value.unknown(NUMBER)
    assert value_of("record(null)", ctx) == Value.null(DYNAMIC)
    assert seen == [Value.unknown(NUMBER), Value.null(DYNAMIC)]


def test_function_with_explicit_parameters() -> None:
    def impl(args: Sequence[Value], ret: Any) -> Value:
        return Value.number(len(args))

    count = Function(
        [Parameter("first", NUMBER)], Parameter("rest", DYNAMIC), return_type=NUMBER, impl=impl
    )
    ctx = EvalContext(functions={"count": count})
    assert value_of('count("1", 2, [])', ctx) == n(3)
    _value, diags = errors_of('count("x")', ctx)
    assert diags == [
        (
            "Invalid function argument",
            'Invalid value for "first" parameter: a number is required.',
            (7, 8),
            (0, 10),
        )
    ]


# --------------------------------------------------------------------------- nesting and chains


def test_deep_nesting() -> None:
    depth = max_nesting() - 2  # the whole expression, and the innermost [1] below, nest too
    srcs = [
        "(" * depth + "1" + ")" * depth,
        "[" * depth + "1" + "]" * depth,
        "{a = " * depth + "1" + "}" * depth,
        "-" * depth + "1",
        "!" * depth + "true",
        "true ? " * depth + "1" + " : 2" * depth,
        '"${' * depth + "1" + '}"' * depth,
        "[for x in " * depth + "[1]" + ": x]" * depth,
        "upper(" * depth + '"a"' + ")" * depth,
        "[" * depth + "1" + "]" * depth + "[0]" * depth,
        "1 + (" * depth + "1" + ")" * depth,
    ]
    for src in srcs:
        value, diags = parse(src).value(fctx())
        assert list(diags) == []
        assert value.type is not None


def test_deep_nesting_results() -> None:
    depth = max_nesting() - 1
    value = value_of("[" * depth + "1" + "]" * depth + "[0]" * depth)
    assert value == n(1)
    assert value_of("-" * depth + "1") == n(1)
    assert value_of("!" * depth + "true") == (TRUE if depth % 2 == 0 else FALSE)
    assert value_of("1 + (" * depth + "1" + ")" * depth) == n(depth + 1)
    value, diags = parse("[" * depth + "nosuch" + "]" * depth).value(ctx_with())
    assert described(diags) == [unknown_var("nosuch", depth)]


def test_long_operator_chains() -> None:
    # Twenty times the default recursion limit: chains are parsed and evaluated without
    # recursion (how the work grows is the next test's subject).
    terms = 20_000
    expr = parse(" + ".join(["1"] * terms))
    assert isinstance(expr, BinaryOp)
    assert expr.value(None) == (n(terms), Diagnostics())
    assert value_of(" && ".join(["true"] * 10_000)) == TRUE
    value, diags = run(" - ".join(["a"] * 10_000))
    assert value == n(1 - 9_999)
    # Errors in a long chain: each reported once, in source order, the first
    # hundred of one summary, then how many more there are.
    value, diags = run(" + ".join(["nosuch"] * 1000))
    assert value == Value.unknown(NUMBER)
    assert [d.summary for d in diags] == ["Unknown variable"] * 100 + ["Too many diagnostics"]
    assert [d.subject.start.byte for d in diags[:-1] if d.subject] == [9 * i for i in range(100)]
    assert diags[-1].detail.startswith("900 more diagnostics of this expression are left out")


@pytest.mark.parametrize(
    ("operator", "term"), [(" + ", "1"), (" && ", "true"), (" - ", "a")], ids=["+", "&&", "-"]
)
def test_operator_chains_take_calls_linear_in_length(
    call_count: Callable[[Callable[[], object]], int], operator: str, term: str
) -> None:
    # Counted in calls, not seconds: twice the terms take (about) twice the calls.
    def work(terms: int) -> int:
        return call_count(lambda: run(operator.join([term] * terms)))

    assert work(2000) <= 2.05 * work(1000)


def test_long_logical_chain_short_circuits() -> None:
    value, diags = run(" || ".join(["nosuch"] * 1000 + ["true"]))
    assert (value, list(diags)) == (TRUE, [])
    # With errors on both unknown sides nothing is dropped.
    value, diags = run(" && ".join(["nosuch"] * 3))
    assert value == Value.unknown(BOOL)
    assert described(diags) == [unknown_var("nosuch", i) for i in (0, 10, 20)]


def test_set_and_map_types_survive() -> None:
    ctx = ctx_with(st=Value.set([n(1)]), mp=Value.map({"k": n(1)}))
    assert value_of("st", ctx).type == SetType(NUMBER)
    assert value_of("mp", ctx).type == MapType(NUMBER)
    # convert unifies a map and an object to an object type (go-cty: to a map).
    assert value_of("true ? mp : {k = 2}", ctx) == obj(k=n(1))


# --------------------------------------------------------------------------- odds and ends


def test_syntax_error_placeholder_repeats_its_diagnostics() -> None:
    expr, parse_diags = parse_expression("[1, ", "t.hcl")
    assert [d.summary for d in parse_diags] == ["Missing expression"]
    value, diags = expr.value(None)
    assert value == tup(n(1), DYNAMIC_VALUE)
    assert list(diags) == list(parse_diags)


def test_splat_item_outside_a_splat_is_unknown() -> None:
    expr = parse("lst[*].id")
    assert expr.item.value(ctx_with()) == (DYNAMIC_VALUE, Diagnostics())
    assert expr.item.value(None) == (DYNAMIC_VALUE, Diagnostics())


def test_literal_only_context() -> None:
    ctx = EvalContext(literal_only=True)
    assert value_of("[for x in [1, 2]: x + 1]", ctx) == tup(n(2), n(3))
    assert value_of("[[1], [2]][*][0]", ctx) == tup(n(1), n(2))
    _, diags = errors_of("x", ctx)
    assert diags == [("Variables not allowed", "Variables may not be used here.", (0, 1), None)]


def test_for_variables_shadow_outer_ones() -> None:
    assert value_of("[for s in [1]: s]") == tup(n(1))
    assert value_of("[for a, s in [9]: [a, s]]") == tup(tup(n(0), n(9)))
    assert value_of("[for x in [1]: s]") == tup(s("hello"))
    assert value_of("[for x, x in [5]: x]") == tup(n(5))


def _chain(operands: st.SearchStrategy[str], operators: list[str]) -> st.SearchStrategy[str]:
    """Operator chains over ``operands``, like ``a + b * c - d``."""
    return st.lists(st.tuples(st.sampled_from(operators), operands), max_size=5).flatmap(
        lambda rest: operands.map(lambda first: first + "".join(f" {o} {x}" for o, x in rest))
    )


_ARITH = st.recursive(
    st.integers(min_value=0, max_value=50).map(str),
    lambda inner: _chain(inner, ["+", "-", "*"]).map(lambda x: f"({x})"),
    max_leaves=20,
)


@given(_chain(_ARITH, ["+", "-", "*"]))
def test_integer_arithmetic_matches_python(src: str) -> None:
    # The same precedence and left associativity as Python's + - *.
    assert value_of(src, None) == n(eval(src))


_MIXED = st.sampled_from(
    ["0", "7", "123456789012345678901234567890", "0.5", "2.25", "1e2", "a", "(a * 3)", '"4"']
)


@given(_chain(_MIXED, ["+", "-", "*"]))
def test_mixed_arithmetic_matches_python(src: str) -> None:
    # Integer runs are folded as ints; fractions, variables and strings take
    # the general path; both give Python's exact result.
    src = "0 + " + src  # a lone string operand would stay a string
    python = re.sub(r'"?([0-9.e]+)"?|a', lambda m: f'Fraction("{m.group(1) or 1}")', src)
    assert value_of(src) == n(eval(python, {"Fraction": Fraction}))


@pytest.mark.parametrize(("src", "expected"), cases("folded_chains", "value"))
def test_folded_chains(src: str, expected: Value) -> None:
    assert value_of(src, ctx_with(u=Value.unknown(NUMBER))) == expected


def test_folded_chain_after_an_error() -> None:
    value, diags = errors_of('1 + 2 + "x" + 4')
    assert value == Value.unknown(NUMBER)
    assert diags == [
        (
            "Invalid operand",
            "Unsuitable value for right operand: a number is required.",
            (8, 11),
            (0, 11),
        )
    ]


# Boolean expressions, as (HCL, Python) pairs.
_LOGIC: st.SearchStrategy[tuple[str, str]] = st.recursive(
    st.sampled_from([("true", "True"), ("false", "False")]),
    lambda inner: (
        st.tuples(
            inner, st.sampled_from([("&&", "and"), ("||", "or"), ("==", "=="), ("!=", "!=")]), inner
        ).map(lambda t: (f"({t[0][0]} {t[1][0]} {t[2][0]})", f"({t[0][1]} {t[1][1]} {t[2][1]})"))
        | inner.map(lambda x: (f"!{x[0]}", f"(not {x[1]})"))
    ),
    max_leaves=12,
)


@given(
    st.lists(st.tuples(st.sampled_from([("&&", "and"), ("||", "or")]), _LOGIC), max_size=4), _LOGIC
)
def test_boolean_logic_matches_python(
    rest: list[tuple[tuple[str, str], tuple[str, str]]], first: tuple[str, str]
) -> None:
    # && binds tighter than ||, as Python's "and" does than "or".
    src = first[0] + "".join(f" {op[0]} {x[0]}" for op, x in rest)
    python = first[1] + "".join(f" {op[1]} {x[1]}" for op, x in rest)
    assert value_of(src, None) == Value.bool(eval(python))


@given(st.lists(st.text(alphabet='ab$%{}~ \\"\n\t', max_size=5), max_size=5))
def test_interpolated_string_literals_concatenate(parts: list[str]) -> None:
    quoted = [json.dumps(p).replace("${", "$${").replace("%{", "%%{") for p in parts]
    src = '"' + "".join("${" + q + "}" for q in quoted) + '"'
    assert value_of(src, None) == s("".join(parts))


def test_every_expected_result_has_its_case() -> None:
    assert sorted(_TABLES_READ) == sorted(EXPECTED)
    assert len(_TABLES_READ) == len(set(_TABLES_READ))
