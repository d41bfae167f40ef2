"""The spec-file functions, with go-cty's results and messages."""

from __future__ import annotations

import pytest

from hcldecode.functions import SPEC_FUNCTIONS
from hcldecode.values import (
    DYNAMIC,
    NUMBER,
    STRING,
    FunctionArgError,
    FunctionError,
    ListType,
    TupleType,
    Value,
)

S, N, B = Value.string, Value.number, Value.bool


def call(name: str, *args: Value) -> Value:
    return SPEC_FUNCTIONS[name].call(list(args))


@pytest.mark.parametrize(
    ("name", "args", "result"),
    [
        ("abs", [N(-3)], N(3)),
        ("abs", [N("2.5")], N("2.5")),
        ("coalesce", [Value.null(STRING), S("a"), S("b")], S("a")),
        ("coalesce", [Value.null(NUMBER), S("7")], S("7")),
        ("hasindex", [Value.list([N(1)]), N(0)], B(True)),
        ("hasindex", [Value.list([N(1)]), N(1)], B(False)),
        ("hasindex", [Value.list([N(1)]), S("0")], B(False)),
        ("hasindex", [Value.map({"a": N(1)}), S("a")], B(True)),
        ("hasindex", [Value.tuple([N(1)]), N("0.5")], B(False)),
        ("int", [N("-2.7")], N(-2)),
        ("int", [N("3.9")], N(3)),
        ("length", [Value.tuple([N(1), S("x")])], N(2)),
        ("length", [Value.map({"a": N(1)})], N(1)),
        ("lower", [S("ÀB İ")], S("àb i")),
        ("upper", [S("straße")], S("STRAßE")),
        ("max", [N(1), N(5), N(3)], N(5)),
        ("min", [N(4), N(2), N(3)], N(2)),
        ("reverse", [S("ab🇫🇷c")], S("c🇫🇷ba")),
        ("strlen", [S("héllo🇫🇷")], N(6)),
        ("substr", [S("hello"), N(1), N(3)], S("ell")),
        ("substr", [S("hello"), N(-3), N(-1)], S("llo")),
        ("substr", [S("hello"), N(-3), N(0)], S("llo")),
        ("substr", [S("hello"), N(1), N(0)], S("")),
        ("substr", [S("hello"), N(9), N(2)], S("")),
        (
            "jsonencode",
            [Value.object({"b": Value.null(STRING), "a": S("<")})],
            S('{"a":"\\u003c","b":null}'),
        ),
        ("jsonencode", [Value.null(DYNAMIC)], S("null")),
        (
            "jsondecode",
            [S('{"a": [1, "x", null], "b": 2.5}')],
            Value.object({"a": Value.tuple([N(1), S("x"), Value.null(DYNAMIC)]), "b": N("2.5")}),
        ),
        ("jsondecode", [S("[1e5000]")], Value.tuple([N(10**5000)])),
        ("jsonencode", [N(-(10**5000))], S("-1" + "0" * 5000)),
    ],
)
def test_results(name: str, args: list[Value], result: Value) -> None:
    assert call(name, *args) == result


def test_concat() -> None:
    lists = call("concat", Value.list([N(1)]), Value.list([S("x")]))
    assert lists == Value.list([S("1"), S("x")])
    mixed = call("concat", Value.tuple([B(True)]), Value.list([N(1)]))
    assert mixed == Value.tuple([B(True), N(1)])
    assert mixed.type == TupleType([Value.bool(True).type, NUMBER])
    assert call("concat", Value.list([], NUMBER)).type == ListType(NUMBER)


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("max", [], "must pass at least one number"),
        ("coalesce", [Value.null(STRING)], "no non-null arguments"),
        ("coalesce", [S("a"), Value.list([N(1)])], "all arguments must have the same type"),
        ("concat", [], "at least one argument is required"),
        ("length", [S("x")], "collection must be a list, a map or a tuple"),
        ("hasindex", [Value.set([N(1)]), N(0)], "collection must be a list, a map or a tuple"),
        (
            "substr",
            [S("x"), N("1.5"), N(1)],
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ),
        ("jsondecode", [S("")], "EOF"),
        ("jsondecode", [S("[1")], "unexpected EOF"),
        (
            "jsondecode",
            [S("[1e100001]")],
            "the magnitude of a number must be below 1e100001, "
            "and at least 1e-100000 unless it is zero",
        ),
    ],
)
def test_errors(name: str, args: list[Value], message: str) -> None:
    with pytest.raises(FunctionError) as info:
        call(name, *args)
    assert info.value.message == message


def test_concat_argument_error() -> None:
    with pytest.raises(FunctionArgError) as info:
        call("concat", Value.list([N(1)]), S("x"))
    assert (info.value.index, info.value.message) == (
        1,
        "all arguments must be lists or tuples; got string",
    )
