"""Refinements of unknown values, as go-cty 1.13+ and HCL v2.17+ have them.

Expected values follow the reference's sources (go-cty's ``unknown_refinement.go``,
``value_range.go``, ``value_ops.go``, ``ctystrings``, the stdlib's
``RefineResult``s; HCL's template, conditional, splat and for expressions).
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hcldecode as hcl
from hcldecode import hcldec
from hcldecode.ext import tryfunc
from hcldecode.functions import STDLIB
from hcldecode.model import EvalContext
from hcldecode.native import parse_config, parse_expression
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    FALSE,
    NUMBER,
    STRING,
    TRUE,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Value,
    convert,
    safe_known_prefix,
)

MAX_INT = 2**63 - 1
U_STRING = Value.unknown(STRING)
U_NUMBER = Value.unknown(NUMBER)
U_BOOL = Value.unknown(BOOL)
NN_STRING = U_STRING.refine_not_null()
NN_NUMBER = U_NUMBER.refine_not_null()
NN_BOOL = U_BOOL.refine_not_null()
STRINGS = ListType(STRING)


def between(low: int, high: int) -> Value:
    return NN_NUMBER.refine().number_range_inclusive(low, high).new_value()


def at_least(low: int) -> Value:
    return NN_NUMBER.refine().number_lower_bound(low, True).new_value()


def lengths(t: Any, low: int, high: int) -> Value:
    builder = Value.unknown(t).refine().not_null()
    return (
        builder.collection_length_lower_bound(low).collection_length_upper_bound(high).new_value()
    )


def prefixed(prefix: str) -> Value:
    return NN_STRING.refine().string_prefix_full(prefix).new_value()


# --------------------------------------------------------------------------- the builder


def test_a_not_null_number_bounded_by_one_number_is_that_number() -> None:
    assert NN_NUMBER.refine().number_range_inclusive(3, 3).new_value() == Value.number(3)
    # Without "not null" it could still be null, so it stays unknown.
    bounded = U_NUMBER.refine().number_range_inclusive(3, 3).new_value()
    assert not bounded.is_known
    assert bounded.range().number_lower_bound() == (Value.number(3), True)


@pytest.mark.parametrize(
    ("t", "length", "expected"),
    [
        (STRINGS, 0, Value.list([], STRING)),
        (SetType(STRING), 0, Value.set([], STRING)),
        (MapType(STRING), 0, Value.map({}, STRING)),
        (STRINGS, 2, Value.list([U_STRING, U_STRING])),
        (SetType(STRING), 1, Value.set([U_STRING])),
    ],
)
def test_a_length_alone_can_make_a_collection_known(t: Any, length: int, expected: Value) -> None:
    assert Value.unknown(t).refine().not_null().collection_length(length).new_value() == expected


def test_lengths_that_do_not_make_a_known_collection() -> None:
    two = Value.unknown(SetType(STRING)).refine().not_null().collection_length(2).new_value()
    assert not two.is_known
    assert (two.range().length_lower_bound, two.range().length_upper_bound) == (2, 2)
    assert repr(two) == (
        "Value.unknown(SetType(STRING)).refine().not_null()"
        ".collection_length_lower_bound(2).collection_length_upper_bound(2).new_value()"
    )


def test_refined_as_null_is_the_null_value() -> None:
    assert U_STRING.refine().null().new_value() == Value.null(STRING)


def test_the_dynamic_value_takes_no_refinements() -> None:
    assert DYNAMIC_VALUE.refine().not_null().new_value() is DYNAMIC_VALUE
    assert DYNAMIC_VALUE.refine_not_null() is DYNAMIC_VALUE


def test_refinements_of_a_known_value_are_checks() -> None:
    assert Value.string("https://x").refine().string_prefix_full("https").new_value() == (
        Value.string("https://x")
    )
    with pytest.raises(ValueError, match="does not match the known string"):
        Value.string("http://x").refine().string_prefix_full("https")
    with pytest.raises(ValueError, match="null value as not null"):
        Value.null(STRING).refine().not_null()
    with pytest.raises(ValueError, match="to be >= 5"):
        Value.number(3).refine().number_lower_bound(5, True)
    with pytest.raises(ValueError, match="of 2 elements to at most 1"):
        Value.list([Value.string("a"), Value.string("b")]).refine().collection_length_upper_bound(1)


def test_refinements_for_another_type_are_the_callers_mistake() -> None:
    with pytest.raises(TypeError, match="cannot refine a string property of number"):
        U_NUMBER.refine().string_prefix("a")
    with pytest.raises(TypeError, match="cannot refine a number property of string"):
        U_STRING.refine().number_lower_bound(1, True)


def test_contradicting_refinements() -> None:
    with pytest.raises(ValueError, match="prefix refined before"):
        U_STRING.refine().string_prefix_full("ab").string_prefix_full("ac")
    with pytest.raises(ValueError, match="lower bound is above its upper bound"):
        U_NUMBER.refine().number_upper_bound(1, True).number_lower_bound(2, True)


def test_a_tighter_bound_stays() -> None:
    value = U_NUMBER.refine().number_lower_bound(5, True).number_lower_bound(1, True).new_value()
    assert value.range().number_lower_bound() == (Value.number(5), True)
    longer = U_STRING.refine().string_prefix_full("abc").string_prefix_full("ab").new_value()
    assert longer.range().string_prefix == "abc"


def test_refine_with_runs_each_refiner() -> None:
    value = U_NUMBER.refine_with(lambda b: b.not_null(), lambda b: b.number_lower_bound(0, True))
    assert value == NN_NUMBER.refine().number_lower_bound(0, True).new_value()
    with pytest.raises(TypeError, match="must return the builder"):
        U_NUMBER.refine_with(lambda b: U_NUMBER.refine())


# --------------------------------------------------------------------------- ranges


def test_range_of_known_values() -> None:
    assert Value.string("abc").range().string_prefix == "abc"
    assert Value.number(4).range().number_upper_bound() == (Value.number(4), True)
    known = Value.list([Value.string("a")]).range()
    assert (known.length_lower_bound, known.length_upper_bound) == (1, 1)
    assert known.definitely_not_null
    assert Value.null(STRING).range().definitely_null


def test_range_without_refinements() -> None:
    r = Value.unknown(STRINGS).range()
    assert (r.could_be_null, r.length_lower_bound, r.length_upper_bound) == (True, 0, MAX_INT)
    assert U_NUMBER.range().number_lower_bound() == (Value.number(float("-inf")), False)
    assert DYNAMIC_VALUE.range().number_lower_bound() == (U_NUMBER, False)
    with pytest.raises(TypeError, match="not a number"):
        U_STRING.range().number_lower_bound()


@pytest.mark.parametrize(
    ("refined", "value", "expected"),
    [
        (prefixed("https://"), Value.string("http://a"), FALSE),
        (prefixed("https://"), Value.string("https://a"), NN_BOOL),
        (prefixed("https://"), Value.null(STRING), FALSE),
        (U_STRING, Value.null(STRING), TRUE),
        (between(1, 5), Value.number(6), FALSE),
        (between(1, 5), Value.number(5), NN_BOOL),
        (U_STRING, Value.number(1), FALSE),
        (
            Value.unknown(STRINGS).refine().collection_length_lower_bound(2).new_value(),
            Value.list([Value.string("a")]),
            FALSE,
        ),
    ],
)
def test_includes(refined: Value, value: Value, expected: Value) -> None:
    assert refined.range().includes(value) == expected


# --------------------------------------------------------------------------- operations


def test_equality_decided_by_refinements() -> None:
    assert prefixed("https://").equals(Value.null(STRING)) is FALSE
    assert prefixed("https://").not_equals(Value.null(STRING)) is TRUE
    assert prefixed("https://").equals(Value.string("ftp://x")) is FALSE
    assert prefixed("https://").equals(Value.string("https://x")) == NN_BOOL
    assert U_STRING.equals(Value.null(STRING)) == NN_BOOL


def test_comparisons_decided_by_bounds() -> None:
    assert between(1, 5).less_than(Value.number(6)) is TRUE
    assert between(1, 5).greater_than(Value.number(6)) is FALSE
    assert between(1, 5).greater_than(Value.number(5)) == NN_BOOL
    assert between(1, 5).less_than(Value.number(3)) == NN_BOOL
    # <= is "< or ==": the bounds are compared as if exclusive.
    assert between(1, 5).less_equal(Value.number(5)) == NN_BOOL
    assert between(1, 5).less_equal(Value.number(6)) is TRUE


def test_arithmetic_bounds() -> None:
    assert between(1, 5).add(Value.number(10)) == between(11, 15)
    assert between(1, 5).multiply(Value.number(-2)) == between(-10, -2)
    assert between(1, 5).subtract(between(0, 1)) == between(0, 5)
    assert between(1, 5).divide(Value.number(2)) == NN_NUMBER
    assert U_NUMBER.add(Value.number(1)) == NN_NUMBER


def test_lengths() -> None:
    assert Value.unknown(STRINGS).length() == between(0, MAX_INT)
    limited = Value.unknown(STRINGS).refine().collection_length_upper_bound(3).new_value()
    assert limited.length() == between(0, 3)
    # A set with unknown elements may shrink once they are known, but not below one.
    assert Value.set([Value.string("a"), U_STRING, U_STRING]).length() == between(1, 3)
    assert Value.set([U_STRING]).length() == Value.number(1)


def test_logic() -> None:
    assert FALSE.and_(U_BOOL) is FALSE
    assert TRUE.or_(U_BOOL) is TRUE
    assert TRUE.and_(U_BOOL) == NN_BOOL
    assert U_BOOL.not_() == NN_BOOL


def test_conversions_keep_nullness_and_lengths() -> None:
    pair = Value.unknown(TupleType([STRING, STRING])).refine_not_null()
    assert convert(pair, STRINGS) == Value.list([U_STRING, U_STRING])
    assert convert(pair, SetType(STRING)) == (
        Value.unknown(SetType(STRING))
        .refine()
        .not_null()
        .collection_length_lower_bound(1)
        .collection_length_upper_bound(2)
        .new_value()
    )
    # A string's prefix and a number's bounds do not survive a change of type.
    assert convert(prefixed("12"), NUMBER) == NN_NUMBER
    assert convert(between(1, 2), STRING) == NN_STRING
    obj = Value.unknown(ObjectType({"a": STRING, "b": STRING})).refine_not_null()
    assert convert(obj, MapType(STRING)) == (
        Value.unknown(MapType(STRING)).refine().not_null().collection_length(2).new_value()
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", ""),
        ("a", ""),
        ("ab", "a"),
        ("hello", "hell"),
        ("https://", "https://"),
        ("foo-", "foo-"),
        ("foo.bar", "foo.ba"),
        ("a b", "a "),
        ("abc\n", "abc"),
        ("x=", "x"),
        ("a<", "a"),
        ("1.0", "1."),
        ('x"', 'x"'),
        ('{"a":', '{"a":'),
        ("e\u0301", ""),
        ("café", "caf"),
        ("a\u0301b", "á"),
        ("é-", "é-"),
        ("日本", "日"),
        ("👍", ""),
        ("a😀-", "a😀-"),
        ("a\r\n", "a"),
    ],
)
def test_safe_known_prefix(text: str, expected: str) -> None:
    # go-cty's ctystrings.SafeKnownPrefix, worked out by the reference's algorithm
    assert safe_known_prefix(text) == expected


# --------------------------------------------------------------------------- expressions

VARIABLES = {
    "s": U_STRING,
    "n": U_NUMBER,
    "b": U_BOOL,
    "l": Value.unknown(STRINGS),
    "short": Value.unknown(ListType(ObjectType({"id": STRING})))
    .refine()
    .not_null()
    .collection_length_lower_bound(1)
    .collection_length_upper_bound(3)
    .new_value(),
    "obj": Value.unknown(ObjectType({"id": STRING})).refine_not_null(),
    "maybe": Value.unknown(ObjectType({"id": STRING})),
    "two": Value.list([Value.string("a"), Value.string("b")]),
    "three": Value.list([Value.string("a"), Value.string("b"), Value.string("c")]),
}


TWO_OR_THREE = lengths(STRINGS, 2, 3)
ONE_TO_THREE = lengths(STRINGS, 1, 3)
PRODUCT = lengths(ListType(TupleType([ObjectType({"id": STRING}), STRING])), 1, 6)


def evaluate(src: str, functions: bool = False) -> tuple[Value, list[str]]:
    expr, diags = parse_expression(src)
    assert not diags
    ctx = EvalContext(VARIABLES, STDLIB if functions else None)
    value, diags = expr.value(ctx)
    return value, [f"{d.summary}: {d.detail}" for d in diags]


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ('"https://${s}" != null', TRUE),
        ('"https://${s}" == "ftp://x"', FALSE),
        ('"https://${s}/x"', prefixed("https://")),
        ('"abc${s}"', prefixed("ab")),
        ('"${s}"', U_STRING),  # one interpolation alone is its value, unchanged
        ('"${s}x"', NN_STRING),
        ('"a${n}b${s}"', NN_STRING),
        ('"x-${s == "a"}"', prefixed("x-")),
        ('"%{if b}a%{endif}x"', NN_STRING),
        ("b ? 1 : 5", between(1, 5)),
        ("b ? 5 : 5", Value.number(5)),
        ("b ? null : null", Value.null(DYNAMIC)),
        ("b ? n : 5", U_NUMBER),
        ('b ? "a" : "b"', NN_STRING),
        ("b ? two : three", TWO_OR_THREE),
        ("(b ? 1 : 5) < 6", TRUE),
        ("(b ? 1 : 5) >= 6", FALSE),
        # Arithmetic operators take no unknown operands: no bounds, only "not null".
        ("(b ? 1 : 5) + 1", NN_NUMBER),
        ("((b ? 1 : 5) + 1) < 100", NN_BOOL),
        ("-n", NN_NUMBER),
        ("b && false", FALSE),
        ("b && true", NN_BOOL),
        ("short[*].id", ONE_TO_THREE),
        ("l[*]", Value.unknown(STRINGS).refine_not_null()),
        ("obj[*].id", Value.tuple([U_STRING])),
        ("maybe[*].id", DYNAMIC_VALUE),
        ("[for x in l: x]", DYNAMIC_VALUE),
    ],
)
def test_expressions(src: str, expected: Value) -> None:
    assert evaluate(src) == (expected, [])


def test_template_prefix_is_at_most_128_bytes() -> None:
    value, _ = evaluate('"' + "a" * 200 + '${s}"')
    assert value == prefixed("a" * 127)  # 128 bytes, then the last letter dropped
    value, _ = evaluate('"' + "-" * 200 + '${s}"')
    assert value == prefixed("-" * 128)


def test_template_prefix_cut_inside_a_character() -> None:
    # "a" and 63 "é" make 127 bytes; byte 128 is half an "é": the broken
    # character goes, and the "é" before it (a letter an accent could join).
    value, _ = evaluate('"a' + "é" * 100 + '${s}"')
    assert value == prefixed("a" + "é" * 62)
    value, _ = evaluate('"a/' + "é" * 100 + '${s}"')
    assert value == prefixed("a/" + "é" * 62)


def test_template_with_errors_has_no_prefix() -> None:
    value, diags = evaluate('"https://${nosuch}${s}"')
    assert value == NN_STRING
    assert diags == ['Unknown variable: There is no variable named "nosuch".']


def test_for_checks_its_condition_before_an_unknown_collection() -> None:
    # HCL v2.23+: the condition's early check runs even when the collection is unknown.
    value, diags = evaluate("[for x in l: x if 1]")
    assert value == DYNAMIC_VALUE
    assert diags == [
        "Invalid 'for' condition: The 'if' clause value is invalid: bool required, but have number."
    ]


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("length(l)", between(0, MAX_INT)),
        ("length(short)", between(1, 3)),
        ('strlen("abc${s}")', at_least(2)),
        ("strlen(s)", at_least(0)),
        ('format("https://%s/%d", s, 1)', prefixed("https://")),
        ('format("%s", s)', NN_STRING),
        ('format("ab%s", s)', prefixed("a")),
        ("jsonencode(obj)", prefixed("{")),
        ("jsonencode(maybe)", NN_STRING),
        ("jsonencode([s])", prefixed("[")),
        ("sort(l)", Value.unknown(STRINGS).refine_not_null()),
        ('sort(["a", s])', Value.list([U_STRING, U_STRING])),
        ('setproduct(short, ["a", "b"])', PRODUCT),
        ("lessthan(b ? 1 : 5, 6)", TRUE),
        ("add(n, 1)", NN_NUMBER),
        ("upper(s)", NN_STRING),
        ("tostring(n)", U_STRING),
        ("element(l, 0)", U_STRING),
        ("keys({a = s})", Value.tuple([Value.string("a")])),
    ],
)
def test_functions(src: str, expected: Value) -> None:
    assert evaluate(src, functions=True) == (expected, [])


def test_python_functions_say_their_results_are_not_null() -> None:
    @hcl.function
    def shout(text: str) -> str:
        return text.upper()

    @hcl.function
    def maybe(text: str) -> str | None:
        return None

    assert shout.call([U_STRING]) == NN_STRING
    assert maybe.call([U_STRING]) == U_STRING


def test_refine_spec() -> None:
    spec = hcldec.ObjectSpec(
        {"url": hcldec.RefineSpec(hcldec.AttrSpec("url", STRING), lambda b: b.not_null())}
    )
    body = parse_config(b'url = "${s}"\n', "t.hcl")[0].body
    value, diags = hcldec.decode(body, spec, EvalContext({"s": U_STRING}))
    assert (value, list(diags)) == (Value.object({"url": NN_STRING}), [])
    value, diags = hcldec.decode(body, spec, EvalContext({"s": Value.string("x")}))
    assert value == Value.object({"url": Value.string("x")})
    broken = hcldec.ObjectSpec(
        {"url": hcldec.RefineSpec(hcldec.AttrSpec("url", STRING), lambda b: b.null())}
    )
    with pytest.raises(ValueError, match="not null as null"):
        hcldec.decode(body, broken, EvalContext({"s": Value.string("x")}))


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        # HCL v2.17.1: an argument that fails is a failure even when it uses
        # unknown values; one that succeeds with an unknown value makes the
        # result unknown.
        ('try(obj.nosuch, "x")', Value.string("x")),
        ('try(s, "x")', DYNAMIC_VALUE),
        ("can(obj.nosuch)", FALSE),
        ("can(s)", U_BOOL),
        ("can(obj.id)", U_BOOL),
    ],
)
def test_try_and_can(src: str, expected: Value) -> None:
    expr, _ = parse_expression(src)
    value, diags = expr.value(EvalContext(VARIABLES, dict(tryfunc.FUNCTIONS)))
    assert (value, list(diags)) == (expected, [])


# --------------------------------------------------------------------------- soundness

_INTS = st.integers(min_value=-50, max_value=50)


@given(_INTS, _INTS, _INTS, _INTS)
def test_what_a_refined_number_decides_holds_of_every_number_in_its_range(
    a: int, b: int, x: int, y: int
) -> None:
    low, high = sorted((a, b))
    x = min(max(x, low), high)  # a number the unknown may turn out to be
    refined, known, other = between(low, high), Value.number(x), Value.number(y)
    for op in ("less_than", "less_equal", "greater_than", "greater_equal", "equals"):
        decided = getattr(refined, op)(other)
        if decided.is_known:
            assert decided == getattr(known, op)(other), op
    for op in ("add", "subtract", "multiply"):
        bounded = getattr(refined, op)(other)
        assert bounded.range().includes(getattr(known, op)(other)) != FALSE, op


@given(st.text(max_size=12), st.text(max_size=6))
def test_a_safe_prefix_is_a_prefix_of_every_longer_string(start: str, more: str) -> None:
    # What is appended cannot change the prefix: normalisation and grapheme
    # clusters keep it the start of the whole text.
    assert unicodedata.normalize("NFC", start + more).startswith(safe_known_prefix(start))
