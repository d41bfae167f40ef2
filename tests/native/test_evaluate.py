"""Evaluation of native-syntax expressions, checked against the reference.

Expected values and diagnostics were obtained by running the reference
implementation (HCL v2.14 ``hcldec``) on ``r = <expression>`` with the
variables of :data:`VARIABLES`; ranges are byte offsets into the expression
text. Behaviour the local reference lacks (namespaced function calls, the
short-circuit of ``&&`` and ``||`` since v2.24, the nested-splat error of
v2.24) follows the reference notes and the v2.24 source.
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


# --------------------------------------------------------------------------- literals


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("1", n(1)),
        ("1.5", n("1.5")),
        ('"x"', s("x")),
        ("true", TRUE),
        ("false", FALSE),
        ("null", Value.null(DYNAMIC)),
        ("(1)", n(1)),
        ("((((1))))", n(1)),
        ("[]", EMPTY_TUPLE_VALUE),
        ("{}", EMPTY_OBJECT_VALUE),
        ('[1, "a", true]', tup(n(1), s("a"), TRUE)),
    ],
)
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("obj.id", s("x")),
        ('obj["id"]', s("x")),
        ("tup[1]", s("two")),
        ('tup["1"]', s("two")),
        ("tup.1", s("two")),
        ("lst[0].id", s("a")),
        ("[1,2][0]", n(1)),
        ('{a=1}["a"]', n(1)),
        ("[for v in [1]: v][0]", n(1)),
        ("[1, 2][a]", n(2)),
        ('{x = 3}[s == "hello" ? "x" : "y"]', n(3)),
    ],
)
def test_traversal_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


INVALID_INDEX = "The given key does not identify an element in this collection value"


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            "obj.nope",
            [
                (
                    "Unsupported attribute",
                    'This object does not have an attribute named "nope".',
                    (3, 8),
                    None,
                )
            ],
        ),
        (
            "obj[0]",
            [
                (
                    "Invalid index",
                    f"{INVALID_INDEX}. An object only supports looking up "
                    "attributes by name, not by numeric index.",
                    (3, 6),
                    None,
                )
            ],
        ),
        (
            "tup[3]",
            [
                (
                    "Invalid index",
                    f"{INVALID_INDEX}: the given index is greater than or equal "
                    "to the length of the collection.",
                    (3, 6),
                    None,
                )
            ],
        ),
        (
            "tup[-1]",
            [
                (
                    "Invalid index",
                    f"{INVALID_INDEX}: a negative number is not a valid index for a sequence.",
                    (3, 7),
                    None,
                )
            ],
        ),
        (
            "tup[nul]",
            [("Invalid index", "Can't use a null value as an indexing key.", (3, 8), None)],
        ),
        (
            "nul[0]",
            [
                (
                    "Attempt to index null value",
                    "This value is null, so it does not have any indices.",
                    (3, 6),
                    None,
                )
            ],
        ),
        ("s[0]", [("Invalid index", "This value does not have any indices.", (1, 4), None)]),
        ("tup[0][0]", [("Invalid index", "This value does not have any indices.", (6, 9), None)]),
        ("tup[nosuch]", [unknown_var("nosuch", 4)]),
        ("[1,2][nosuch]", [unknown_var("nosuch", 6)]),
        ("nosuch[0]", [unknown_var("nosuch", 0)]),
    ],
)
def test_traversal_errors(src: str, expected: list[Expect]) -> None:
    _value, diags = errors_of(src)
    assert diags == expected


def test_index_error_names_the_index_expression() -> None:
    ctx = ctx_with()
    expr = parse("[1][a]")
    _, diags = expr.value(ctx)
    assert [d.expression for d in diags] == [expr]


# --------------------------------------------------------------------------- operators


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("1 + 2 * 3", n(7)),
        ("10-4-3", n(3)),
        ("2*3%4", n(2)),
        ("!true == false", TRUE),
        ("- 2 * 3", n(-6)),
        ("1 < 2 == true", TRUE),
        ("true || false && false", TRUE),
        ('"1" + 1', n(2)),
        ('"true" && true', TRUE),
        ('-"5"', n(-5)),
        ('!"false"', TRUE),
        ('"1" == 1', FALSE),
        ("null == null", TRUE),
        ("nul == null", TRUE),
        ("nul != 1", TRUE),
        ("1 == 1.0", TRUE),
        ("[] == []", TRUE),
        ("{} == {}", TRUE),
        ("[1] == [1]", TRUE),
        ("{a=1} == {a=1}", TRUE),
        ('[1, "a"] == [1, "a"]', TRUE),
        ("-1/0", Value.number(float("-inf"))),
        ("1/0", Value.number(float("inf"))),
        ("5 % 0", n(5)),
        ("-7 % 3", n(-1)),
        ("7 % -3", n(1)),
        ("7.5 % 2", n("1.5")),
        ("0.1 + 0.2 == 0.3", TRUE),
        ('1 < "2"', TRUE),
        ("1 > 0", TRUE),
        ("2 >= 2", TRUE),
        ("1 <= 0", FALSE),
        ("-a", n(-1)),
        ("!t", FALSE),
        ("-(-(3))", n(3)),
        ("(1 + 2) * 3", n(9)),
        (
            "3.14159265358979323846264338327950288419716939937510582097494459 + 1",
            n("4.14159265358979323846264338327950288419716939937510582097494459"),
        ),
        ("1 / 10", n("0.1")),
    ],
)
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
    ("src", "expected_value", "expected"),
    [
        (
            '"a" + 1',
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: a number is required.",
                    (0, 3),
                    (0, 7),
                )
            ],
        ),
        (
            "true + 1",
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: number required, but have bool.",
                    (0, 4),
                    (0, 8),
                )
            ],
        ),
        (
            "1 + true",
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for right operand: number required, but have bool.",
                    (4, 8),
                    (0, 8),
                )
            ],
        ),
        (
            '"a" + "b"',
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: a number is required.",
                    (0, 3),
                    (0, 9),
                ),
                (
                    "Invalid operand",
                    "Unsuitable value for right operand: a number is required.",
                    (6, 9),
                    (0, 9),
                ),
            ],
        ),
        (
            '"a" < 1',
            Value.unknown(BOOL),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: a number is required.",
                    (0, 3),
                    (0, 7),
                )
            ],
        ),
        (
            "1 + nul",
            Value.unknown(NUMBER),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 7),
                    None,
                )
            ],
        ),
        (
            "nul + 1",
            Value.unknown(NUMBER),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 7),
                    None,
                )
            ],
        ),
        (
            "0/0",
            Value.unknown(NUMBER),
            [
                (
                    "Operation failed",
                    "Error during operation: can't divide zero by zero or infinity by infinity.",
                    (0, 3),
                    None,
                )
            ],
        ),
        (
            "-nul",
            Value.unknown(NUMBER),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 4),
                    None,
                )
            ],
        ),
        (
            "!nul",
            Value.unknown(BOOL),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 4),
                    None,
                )
            ],
        ),
        (
            '-"x"',
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for unary operand: a number is required.",
                    (1, 4),
                    (0, 4),
                )
            ],
        ),
        (
            '!"x"',
            Value.unknown(BOOL),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for unary operand: a bool is required.",
                    (1, 4),
                    (0, 4),
                )
            ],
        ),
        (
            "!1",
            Value.unknown(BOOL),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for unary operand: bool required, but have number.",
                    (1, 2),
                    (0, 2),
                )
            ],
        ),
        ("!nosuch", Value.unknown(BOOL), [unknown_var("nosuch", 1)]),
        ("-nosuch", Value.unknown(NUMBER), [unknown_var("nosuch", 1)]),
        (
            "nosuch + 1 + nosuch2",
            Value.unknown(NUMBER),
            [unknown_var("nosuch", 0), unknown_var("nosuch2", 13)],
        ),
        # Operand diagnostics come before conversion errors (as in v2.14).
        (
            '"a" + nosuch',
            Value.unknown(NUMBER),
            [
                unknown_var("nosuch", 6),
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: a number is required.",
                    (0, 3),
                    (0, 12),
                ),
            ],
        ),
        (
            "1 + [1]",
            Value.unknown(NUMBER),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for right operand: number required, but have tuple.",
                    (4, 7),
                    (0, 7),
                )
            ],
        ),
    ],
)
def test_operator_errors(src: str, expected_value: Value, expected: list[Expect]) -> None:
    assert errors_of(src) == (expected_value, expected)


def test_operation_failed_names_the_operation() -> None:
    expr = parse("0/0")
    _, diags = expr.value(None)
    assert diags[0].expression is expr


# --------------------------------------------------------------------------- && and || (v2.24)


@pytest.mark.parametrize(
    ("src", "expected_value", "expected"),
    [
        ("true && true", TRUE, []),
        ("true && false", FALSE, []),
        ("false || true", TRUE, []),
        ("false || false", FALSE, []),
        # The deciding operand's diagnostics are kept, the other side's dropped.
        ("false && nosuch", FALSE, []),
        ("true || nosuch", TRUE, []),
        ("nosuch && false", FALSE, []),
        ("nosuch || true", TRUE, []),
        ("nosuch && true", NOT_NULL_BOOL, [unknown_var("nosuch", 0)]),
        ("true && nosuch", NOT_NULL_BOOL, [unknown_var("nosuch", 8)]),
        ("false || nosuch", NOT_NULL_BOOL, [unknown_var("nosuch", 9)]),
        (
            "nosuch && nosuch2",
            Value.unknown(BOOL),
            [unknown_var("nosuch", 0), unknown_var("nosuch2", 10)],
        ),
        (
            "nosuch || nosuch2",
            Value.unknown(BOOL),
            [unknown_var("nosuch", 0), unknown_var("nosuch2", 10)],
        ),
        # A null operand counts as false (go-cty's Value.True on null).
        ("nul && true", FALSE, []),
        ("true && nul", FALSE, []),
        ("nul && nul", FALSE, []),
        ("nul || true", TRUE, []),
        (
            "nul || false",
            Value.unknown(BOOL),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 12),
                    None,
                )
            ],
        ),
        (
            "false || nul",
            Value.unknown(BOOL),
            [
                (
                    "Operation failed",
                    "Error during operation: argument must not be null.",
                    (0, 12),
                    None,
                )
            ],
        ),
        # Conversion errors are always reported, with both sides' diagnostics.
        (
            '"x" || nosuch',
            Value.unknown(BOOL),
            [
                unknown_var("nosuch", 7),
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: a bool is required.",
                    (0, 3),
                    (0, 13),
                ),
            ],
        ),
        (
            "1 && true",
            Value.unknown(BOOL),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for left operand: bool required, but have number.",
                    (0, 1),
                    (0, 9),
                )
            ],
        ),
        (
            "true && 1",
            Value.unknown(BOOL),
            [
                (
                    "Invalid operand",
                    "Unsuitable value for right operand: bool required, but have number.",
                    (8, 9),
                    (0, 9),
                )
            ],
        ),
        ('"true" || false', TRUE, []),
    ],
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("true ? 1 : 2", n(1)),
        ("false ? 1 : 2", n(2)),
        ('"true" ? 1 : 2', n(1)),
        ('true ? 1 : "a"', s("1")),
        ("true ? null : 1", Value.null(NUMBER)),
        ("false ? null : 1", n(1)),
        ("false ? 1 : null", Value.null(NUMBER)),
        ("true ? null : null", Value.null(DYNAMIC)),
        ('true ? [1] : ["a"]', tup(s("1"))),
        ("true ? [1] : [1,2]", Value.list([n(1)])),
        ("false ? nosuch : 2", n(2)),
        ("true ? 1 : nosuch", n(1)),
        ("true ? nul : 1", Value.null(NUMBER)),
        ("true ? tup : tup", Value.tuple([n(1), s("two"), TRUE])),
        ('false ? "a" : true ? "b" : "c"', s("b")),
    ],
)
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            "true ? 1 : [1]",
            mismatch(
                "The 'true' value is number, but the 'false' value is tuple", (7, 14), (0, 14)
            ),
        ),
        (
            "true ? {a=[1]} : {a={}}",
            mismatch(
                "Type mismatch for object attribute \"a\": The 'true' value is tuple, but "
                "the 'false' value is object",
                (7, 23),
                (0, 23),
            ),
        ),
        (
            "true ? [[1]] : [{}]",
            mismatch(
                "Type mismatch for tuple element 0: The 'true' value is tuple, but the "
                "'false' value is object",
                (7, 19),
                (0, 19),
            ),
        ),
        (
            "true ? tup : obj",
            mismatch(
                "The 'true' value is tuple, but the 'false' value is object", (7, 16), (0, 16)
            ),
        ),
        (
            "false ? [1, 2] : [[]]",
            mismatch(
                "The 'true' tuple has length 2, but the 'false' tuple has length 1",
                (8, 21),
                (0, 21),
            ),
        ),
        # Only the mismatch is reported: no arm or condition diagnostics.
        (
            "nosuch ? [nosuch2] : 1",
            mismatch(
                "The 'true' value is tuple, but the 'false' value is number", (9, 22), (0, 22)
            ),
        ),
    ],
)
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
    ("src", "expected_value", "expected"),
    [
        (
            '"x" ? 1 : 2',
            Value.unknown(NUMBER),
            [
                (
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    (0, 3),
                    (0, 11),
                )
            ],
        ),
        (
            "5 ? 1 : 2",
            Value.unknown(NUMBER),
            [
                (
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    (0, 1),
                    (0, 9),
                )
            ],
        ),
        (
            "nul ? 1 : 2",
            Value.unknown(NUMBER),
            [
                (
                    "Null condition",
                    "The condition value is null. Conditions must either be true or false.",
                    (0, 3),
                    (0, 11),
                )
            ],
        ),
        ("true ? nosuch : 2", DYNAMIC_VALUE, [unknown_var("nosuch", 7)]),
        ("nosuch ? 1 : 2", ONE_OR_TWO, [unknown_var("nosuch", 0)]),
        ("nosuch ? nosuch2 : nosuch3", DYNAMIC_VALUE, [unknown_var("nosuch", 0)]),
        ("nosuch ? 1 : nosuch2", DYNAMIC_VALUE, [unknown_var("nosuch", 0)]),
    ],
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("{a = 1, b = 2}", obj(a=n(1), b=n(2))),
        ("{a = 1, a = 2}", obj(a=n(2))),
        ('{a = 1, "a" = 2}', obj(a=n(2))),
        ('{"a" = 1}', obj(a=n(1))),
        ("{(s) = 1}", obj(hello=n(1))),
        ("{s = 1}", obj(s=n(1))),
        ("{nosuch = 1}", obj(nosuch=n(1))),
        (
            "{true = 1, null = 2, false = 3}",
            Value.object({"true": n(1), "null": n(2), "false": n(3)}),
        ),
        ('{1 = "x"}', Value.object({"1": s("x")})),
        ("{(obj.id) = 1}", obj(x=n(1))),
        ('{"${s}x" = 1}', obj(hellox=n(1))),
        ("{a: 1, b: 2}", obj(a=n(1), b=n(2))),
        ('{"for" = 1}', Value.object({"for": n(1)})),
        ("{(t) = 1}", Value.object({"true": n(1)})),
    ],
)
def test_object_constructor(src: str, expected: Value) -> None:
    assert value_of(src) == expected


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("{(nul) = 1}", [("Null value as key", "Can't use a null value as a key.", (9, 10), None)]),
        (
            "{a.b = 1}",
            [
                (
                    "Ambiguous attribute key",
                    "If this expression is intended to be a reference, wrap it in "
                    "parentheses. If it's instead intended as a literal name containing "
                    "periods, wrap it in quotes to create a string literal.",
                    (1, 4),
                    None,
                )
            ],
        ),
        (
            "{([1]) = 1}",
            [
                (
                    "Incorrect key type",
                    "Can't use this value as a key: string required, but have tuple.",
                    (1, 6),
                    None,
                )
            ],
        ),
        ("{(nosuch) = 1}", [unknown_var("nosuch", 2)]),
        ("{(nosuch) = 1, b = nosuch2}", [unknown_var("nosuch", 2), unknown_var("nosuch2", 19)]),
        (
            "{(nul) = nosuch}",
            [
                unknown_var("nosuch", 9),
                ("Null value as key", "Can't use a null value as a key.", (9, 15), None),
            ],
        ),
        ("[nosuch, nosuch2]", [unknown_var("nosuch", 1), unknown_var("nosuch2", 9)]),
        ("{a = nosuch, b = nosuch2}", [unknown_var("nosuch", 5), unknown_var("nosuch2", 17)]),
    ],
)
def test_collection_errors(src: str, expected: list[Expect]) -> None:
    assert errors_of(src)[1] == expected


def test_collection_error_values() -> None:
    assert run("{(nul) = 1}")[0] == DYNAMIC_VALUE
    assert run("{a = nosuch, b = 1}")[0] == obj(a=DYNAMIC_VALUE, b=n(1))
    assert run("[nosuch, 1]")[0] == tup(DYNAMIC_VALUE, n(1))


# --------------------------------------------------------------------------- for expressions


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("[for x in tup: x]", tup(n(1), s("two"), TRUE)),
        ("[for i, x in tup: i]", tup(n(0), n(1), n(2))),
        ("[for k, v in obj: k]", tup(s("id"), s("n"))),
        ("[for k, v in obj: v]", tup(s("x"), n(2))),
        ("{for k, v in obj: v => k}", Value.object({"2": s("n"), "x": s("id")})),
        ('{for i, v in ["a","a","b"]: v => i...}', obj(a=tup(n(0), n(1)), b=tup(n(2)))),
        ('{ for v in ["a", "b", "a"]: v => v... }', obj(a=tup(s("a"), s("a")), b=tup(s("b")))),
        ("{for k, v in {a=1}: k => v...}", obj(a=tup(n(1)))),
        ("[for x in [1,2,3]: x if x > 1]", tup(n(2), n(3))),
        ("[for x in tup: x if x == true]", tup(TRUE)),
        ("{for i, x in tup: x => i}", Value.object({"1": n(0), "true": n(2), "two": n(1)})),
        ("{for i, x in tup: x => i if i > 0}", Value.object({"true": n(2), "two": n(1)})),
        ("[for k, v in tup: k]", tup(n(0), n(1), n(2))),
        ("{for k, v in {b=1, a=2, c=3}: k => v}", obj(a=n(2), b=n(1), c=n(3))),
        ('[for k, v in {b=1, a=2, "B"=3}: k]', tup(s("B"), s("a"), s("b"))),
        ("[for x in [true, false]: !x]", tup(FALSE, TRUE)),
        ("[for x in []: x]", EMPTY_TUPLE_VALUE),
        ("{for x in []: x => x}", EMPTY_OBJECT_VALUE),
        ('[for x in ["a"]: [for y in [1, 2]: "${x}${y}"]]', tup(tup(s("a1"), s("a2")))),
        ("[for x in [1]: a + x]", tup(n(2))),
        ("[for a in [5]: a]", tup(n(5))),
        ('[for x in [1, 2]: x if "true"]', tup(n(1), n(2))),
    ],
)
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


FOR_DUPLICATE = (
    "Two different items produced the key \"{}\" in this 'for' expression. If duplicates "
    "are expected, use the ellipsis (...) after the value expression to enable grouping "
    "by key."
)


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            '{for i, v in ["a","a","b"]: v => i}',
            [("Duplicate object key", FOR_DUPLICATE.format("a"), (28, 29), (0, 35))],
        ),
        (
            '{for x in [[1], [2]]: "k" => x}',
            [("Duplicate object key", FOR_DUPLICATE.format("k"), (22, 25), (0, 31))],
        ),
        (
            "[for x in nul: x]",
            [
                (
                    "Iteration over null value",
                    "A null value cannot be used as the collection in a 'for' expression.",
                    (10, 13),
                    (0, 17),
                )
            ],
        ),
        (
            "[for x in 5: x]",
            [
                (
                    "Iteration over non-iterable value",
                    "A value of type number cannot be used as the collection in a 'for' "
                    "expression.",
                    (10, 11),
                    (0, 15),
                )
            ],
        ),
        (
            '[for v in "str": v]',
            [
                (
                    "Iteration over non-iterable value",
                    "A value of type string cannot be used as the collection in a 'for' "
                    "expression.",
                    (10, 15),
                    (0, 19),
                )
            ],
        ),
        (
            "[for x in tup: x if x]",
            [
                (
                    "Invalid 'for' condition",
                    "The 'if' clause value is invalid: bool required, but have number.",
                    (20, 21),
                    (0, 22),
                )
            ],
        ),
        (
            "[for x in [1,2,3]: x if nul]",
            [
                (
                    "Condition is null",
                    "The value of the 'if' clause must not be null.",
                    (24, 27),
                    (0, 28),
                )
            ],
        ),
        (
            '[for x in [1,2,3]: x if "x"]',
            [
                (
                    "Invalid 'for' condition",
                    "The 'if' clause value is invalid: a bool is required.",
                    (24, 27),
                    (0, 28),
                )
            ],
        ),
        (
            "[for x in [1,2,3]: x if x == 2 ? null : true]",
            [
                (
                    "Invalid 'for' condition",
                    "The value of the 'if' clause must not be null.",
                    (24, 44),
                    (0, 45),
                )
            ],
        ),
        (
            "{for x in [1,2,3]: x => x if x == 2 ? null : true}",
            [
                (
                    "Invalid 'for' condition",
                    "The value of the 'if' clause must not be null.",
                    (29, 49),
                    (0, 50),
                )
            ],
        ),
        (
            '[for x in [1,2,3]: x if x == 2 ? "y" : true]',
            [
                (
                    "Invalid 'for' condition",
                    "The 'if' clause value is invalid: a bool is required.",
                    (24, 43),
                    (0, 44),
                )
            ],
        ),
        (
            "{for x in [1,null]: x => 1}",
            [
                (
                    "Invalid object key",
                    "Key expression in 'for' expression must not produce a null value.",
                    (20, 21),
                    (0, 27),
                )
            ],
        ),
        (
            "{for x in [1,[2]]: x => 1}",
            [
                (
                    "Invalid object key",
                    "The key expression produced an invalid result: string "
                    "required, but have tuple.",
                    (19, 20),
                    (0, 26),
                )
            ],
        ),
        ("[for x in nosuch: x]", [unknown_var("nosuch", 10)]),
        ("[for x in [1]: nosuch]", [unknown_var("nosuch", 15)]),
        ("[for x in [1, 2]: nosuch]", [unknown_var("nosuch", 18), unknown_var("nosuch", 18)]),
        ("{for x in [1, 2]: x => nosuch}", [unknown_var("nosuch", 23), unknown_var("nosuch", 23)]),
        ("{for x in [1, 2]: nosuch => x}", [unknown_var("nosuch", 18), unknown_var("nosuch", 18)]),
        ("[for x in [1,2]: x if nosuch]", [unknown_var("nosuch", 22)]),
    ],
)
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("lst[*].id", tup(s("a"), s("b"))),
        ("lst.*.id", tup(s("a"), s("b"))),
        ("lst.*.id[0]", s("a")),
        ("obj.*.id", tup(s("x"))),
        ("obj[*].id", tup(s("x"))),
        ("5[*]", tup(n(5))),
        ("nul[*]", EMPTY_TUPLE_VALUE),
        ("nul.*.x", EMPTY_TUPLE_VALUE),
        ("tup[*]", tup(n(1), s("two"), TRUE)),
        ("nested[*][0]", tup(n(1), n(3))),
        ("s[*]", tup(s("hello"))),
        ("objs[*].x", tup(n(1), s("s"))),
        ("emp[*].x", EMPTY_TUPLE_VALUE),
        ("[[1,2],[3]][*][0]", tup(n(1), n(3))),
        ("[{a=[{b=1}]},{a=[{b=2}]}][*].a[*].b", tup(tup(n(1)), tup(n(2)))),
        ("[{a={b=1}},{a={b=2}}].*.a.b", tup(n(1), n(2))),
        ("[[1], [2]].*.0", tup(n(1), n(2))),
    ],
)
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ('upper("a")', s("A")),
        ('join("-", "a", "b")', s("a-b")),
        ('join("-")', s("")),
        ('join("-", ["a", "b"]...)', s("a-b")),
        ('join(["-", "a"]...)', s("a")),
        ('join(",", tup...)', s("1,two,true")),
        ('ns::upper("x")', s("X")),
        ('provider::util::shout("x")', s("X")),
        ("upper(s)", s("HELLO")),
        ('upper(\n  "a",\n)', s("A")),
        ("upper(upper(upper(s)))", s("HELLO")),
    ],
)
def test_function_calls(src: str, expected: Value) -> None:
    assert value_of(src, fctx()) == expected


@pytest.mark.parametrize(
    ("src", "ctx", "expected"),
    [
        (
            'upper("a")',
            None,
            [("Function calls not allowed", "Functions may not be called here.", (0, 10), None)],
        ),
        (
            'upper("a")',
            EvalContext({"x": 1}),
            [("Function calls not allowed", "Functions may not be called here.", (0, 10), None)],
        ),
        (
            'uper("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There is no function named "uper". Did you mean "upper"?',
                    (0, 4),
                    (0, 9),
                )
            ],
        ),
        (
            'zzzzzz("a")',
            EvalContext(functions={}),
            [("Call to unknown function", 'There is no function named "zzzzzz".', (0, 6), (0, 11))],
        ),
        (
            'other::upper("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There are no functions in namespace "other::".',
                    (0, 12),
                    (0, 17),
                )
            ],
        ),
        (
            'ns::nope("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There is no function named "nope" in namespace ns::.',
                    (0, 8),
                    (0, 13),
                )
            ],
        ),
        (
            'ns::uper("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There is no function named "uper" in namespace ns::. Did you mean ns::upper?',
                    (0, 8),
                    (0, 13),
                )
            ],
        ),
        (
            'provider::util::shot("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There is no function named "shot" in namespace '
                    "provider::util::. Did you mean provider::util::shout?",
                    (0, 20),
                    (0, 25),
                )
            ],
        ),
        (
            'provider::shout("a")',
            EvalContext(functions=FUNCTIONS),
            [
                (
                    "Call to unknown function",
                    'There is no function named "shout" in namespace provider::.',
                    (0, 15),
                    (0, 20),
                )
            ],
        ),
        # Arguments of an unknown function are not evaluated.
        (
            "nope(nosuch)",
            EvalContext(functions={}),
            [("Call to unknown function", 'There is no function named "nope".', (0, 4), (0, 12))],
        ),
    ],
)
def test_function_lookup_errors(src: str, ctx: EvalContext | None, expected: list[Expect]) -> None:
    assert errors_of(src, ctx) == (DYNAMIC_VALUE, expected)


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        (
            "upper()",
            [
                (
                    "Not enough function arguments",
                    'Function "upper" expects 1 argument(s). Missing value for "text".',
                    (6, 7),
                    (0, 7),
                )
            ],
        ),
        (
            'upper("a", "b")',
            [
                (
                    "Too many function arguments",
                    'Function "upper" expects only 1 argument(s).',
                    (12, 13),
                    (0, 15),
                )
            ],
        ),
        (
            "join()",
            [
                (
                    "Not enough function arguments",
                    'Function "join" expects at least 1 argument(s). Missing value for "sep".',
                    (5, 6),
                    (0, 6),
                )
            ],
        ),
        # A wrong argument count drops the arguments' diagnostics.
        (
            "upper(nosuch, nosuch2)",
            [
                (
                    "Too many function arguments",
                    'Function "upper" expects only 1 argument(s).',
                    (14, 21),
                    (0, 22),
                )
            ],
        ),
        (
            "upper(nul)",
            [
                (
                    "Invalid function argument",
                    'Invalid value for "text" parameter: argument must not be null.',
                    (6, 9),
                    (0, 10),
                )
            ],
        ),
        (
            "upper([])",
            [
                (
                    "Invalid function argument",
                    'Invalid value for "text" parameter: string required, but have tuple.',
                    (6, 7),
                    (0, 9),
                )
            ],
        ),
        ("upper(nosuch)", [unknown_var("nosuch", 6)]),
        ('join("-", nosuch...)', [unknown_var("nosuch", 10)]),
        (
            'join("-", nul...)',
            [
                (
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must not be null.",
                    (10, 13),
                    (0, 17),
                )
            ],
        ),
        (
            'join("-", "a"...)',
            [
                (
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set "
                    "type.",
                    (10, 13),
                    (0, 17),
                )
            ],
        ),
        (
            "fail(1)",
            [
                (
                    "Error in function call",
                    'Call to function "fail" failed: no good.',
                    (0, 5),
                    (0, 7),
                )
            ],
        ),
    ],
)
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


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("1 + 2 + u + 3", NOT_NULL_NUMBER),
        ("u + 1 + 2", NOT_NULL_NUMBER),
        ("1 + 2 + u * 3 + 4", NOT_NULL_NUMBER),
        ('"1" + 2 + 3', n(6)),
        ("9223372036854775807 + 1 + 1", n(9223372036854775809)),
        ("1 + 2 + 0.5 + 1", n("4.5")),
        ("0.5 + 1 + 2", n("3.5")),
        ("10 - 2 - 3 * 2 - 1", n(1)),
        ("1 + 2 == 3", TRUE),
    ],
)
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
