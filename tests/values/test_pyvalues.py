from __future__ import annotations

import dataclasses
import datetime
import enum
import pathlib
import unicodedata
import uuid
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal, Optional

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.pytypes import to_python, to_value
from hcldecode.pytypes._rules import nullable, type_for_annotation
from hcldecode.values import (
    BOOL,
    BYTES,
    DYNAMIC,
    DYNAMIC_VALUE,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Value,
)
from hcldecode.values._number import to_string as number_text


def s(text: str) -> Value:
    return Value.string(text)


def n(number: int | str) -> Value:
    return Value.number(number)


class Color(enum.Enum):
    RED = "red"


@dataclasses.dataclass
class Point:
    x: int
    y: list[str]


@dataclasses.dataclass
class Looped:
    again: list[Looped]


@attrs.define
class Box:
    size: float
    label: str | None


# --------------------------------------------------------------------------- to_value


@pytest.mark.parametrize(
    ("obj", "expected"),
    [
        ("héllo", s("héllo")),
        (True, Value.bool(True)),
        (3, n(3)),
        (2**300, n(2**300)),
        (0.5, n("0.5")),
        (Decimal("1.25"), n("1.25")),
        (Fraction(1, 4), n("0.25")),
        (float("inf"), Value.number(float("inf"))),
        (None, Value.null(DYNAMIC)),
        (Color.RED, s("red")),
        ([1, "a"], Value.tuple([n(1), s("a")])),
        ((), Value.tuple([])),
        ({"b": 1, "a": [True]}, Value.object({"a": Value.tuple([Value.bool(True)]), "b": n(1)})),
        ({1, 2}, Value.set([n(1), n(2)])),
        (frozenset({"x"}), Value.set([s("x")])),
        ({1, "a"}, Value.set([s("1"), s("a")])),
        (Point(1, ["p"]), Value.object({"x": n(1), "y": Value.tuple([s("p")])})),
        (Box(1.5, None), Value.object({"size": n("1.5"), "label": Value.null(DYNAMIC)})),
        (DYNAMIC_VALUE, DYNAMIC_VALUE),
        ([Value.unknown(STRING)], Value.tuple([Value.unknown(STRING)])),
    ],
)
def test_to_value(obj: object, expected: Value) -> None:
    assert to_value(obj) == expected


def test_bytes_are_values_of_the_bytes_capsule_type() -> None:
    data = b"\x00\xff"
    value = to_value(data)
    assert (value.type, value.as_capsule()) == (BYTES, data)
    assert to_python(value, bytes) is data
    with pytest.raises(ValueError, match="bytes required, but have string"):
        to_python(Value.string("x"), bytes)


def test_to_value_with_type() -> None:
    assert to_value([1, 2], ListType(NUMBER)) == Value.list([n(1), n(2)])
    assert to_value({"a": 1}, MapType(STRING)) == Value.map({"a": s("1")})
    assert to_value(None, STRING) == Value.null(STRING)
    assert to_value("5", NUMBER) == n(5)
    with pytest.raises(ValueError, match="a number is required"):
        to_value("five", NUMBER)


@pytest.mark.parametrize(
    ("obj", "error", "message"),
    [
        (float("nan"), ValueError, "NaN is not an HCL number"),
        ({"a": [Decimal("NaN")]}, ValueError, r"NaN at \['a'\]\[0\] is not an HCL number"),
        (bytearray(b"x"), TypeError, "cannot convert bytearray to an HCL value"),
        ([1, object()], TypeError, r"cannot convert object at \[1\] to an HCL value"),
        ({1: "a"}, TypeError, "keys of HCL objects must be strings"),
        ({frozenset({1}), "a"}, TypeError, "the elements of the set have no common type"),
        (Point, TypeError, "cannot convert type to an HCL value"),
    ],
)
def test_to_value_errors(obj: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        to_value(obj)


# --------------------------------------------------------------------------- to_python


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (s("x"), "x"),
        (Value.bool(False), False),
        (n(7), 7),
        (n("2.5"), Decimal("2.5")),
        (Value.number(float("-inf")), Decimal("-Infinity")),
        (Value.null(STRING), None),
        (Value.list([n(1)]), [1]),
        (Value.set([s("b"), s("a")]), ["a", "b"]),
        (Value.tuple([s("a"), Value.null(BOOL)]), ["a", None]),
        (Value.map({"k": Value.bool(True)}), {"k": True}),
        (Value.object({"a": Value.list([], STRING)}), {"a": []}),
        (Value.capsule(CapsuleType("thing"), Color.RED), Color.RED),
    ],
)
def test_to_python(value: Value, expected: object) -> None:
    result = to_python(value)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize("number", [Fraction(1, 3), Fraction(1, 10), Fraction(-22, 7)])
def test_to_python_decimal_identifies_the_value(number: Fraction) -> None:
    value = Value.number(number)
    result = to_python(value)
    assert isinstance(result, Decimal)
    assert Value.number(result) == value
    assert str(result) == number_text(value.as_number())


@pytest.mark.parametrize(
    ("value", "annotation", "expected"),
    [
        (n(3), int, 3),
        (n("1.5"), float, 1.5),
        (n(3), float, 3.0),
        (n(3), Decimal, Decimal(3)),
        (n("0.75"), Fraction, Fraction(3, 4)),
        (s("12"), int, 12),
        (n(1), str, "1"),
        (s("true"), bool, True),
        (Value.tuple([n(1), n(2)]), list[int], [1, 2]),
        (Value.tuple([n(1), n(2)]), Sequence[str], ["1", "2"]),
        (Value.tuple([n(1), n(1)]), set[int], {1}),
        (Value.tuple([n(1)]), frozenset[int], frozenset({1})),
        (Value.tuple([n(1)]), AbstractSet[int], {1}),
        (Value.tuple([n(1), s("a")]), tuple[str, str], ("1", "a")),
        (Value.tuple([n(1), n(2)]), tuple[int, ...], (1, 2)),
        (Value.object({"a": n(1)}), dict[str, str], {"a": "1"}),
        (Value.object({"a": n(1)}), Mapping[str, int], {"a": 1}),
        (Value.null(STRING), Optional[int], None),  # noqa: UP045
        (Value.null(STRING), int | None, None),
        (n(2), Annotated[int, "meta"], 2),
        (Value.tuple([Value.null(NUMBER)]), list[int | None], [None]),
        (n(2), Any, 2),
        (Value.unknown(STRING), Value, Value.unknown(STRING)),
    ],
)
def test_to_python_with_annotation(value: Value, annotation: Any, expected: object) -> None:
    result = to_python(value, annotation)
    assert result == expected
    assert type(result) is type(expected)


@pytest.mark.parametrize(
    ("value", "annotation", "message"),
    [
        (n("1.5"), int, "a whole number is required"),
        (Value.number(float("inf")), int, "a whole number is required"),
        (Value.number(float("inf")), Fraction, "a finite number is required"),
        (Value.null(STRING), str, "null value is not allowed"),
        (Value.tuple([Value.null(NUMBER)]), list[int], "null value is not allowed"),
        (Value.unknown(STRING), Any, "value must be known"),
        (Value.tuple([Value.unknown(STRING)]), Any, "value must be known"),
        (s("x"), int, "a number is required"),
    ],
)
def test_to_python_errors(value: Value, annotation: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        to_python(value, annotation)


# --------------------------------------------------------------------------- annotations


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        (str, STRING),
        (int, NUMBER),
        (float, NUMBER),
        (Decimal, NUMBER),
        (Fraction, NUMBER),
        (bool, BOOL),
        (Any, DYNAMIC),
        (object, DYNAMIC),
        (Value, DYNAMIC),
        (list, DYNAMIC),
        (list[str], ListType(STRING)),
        (Sequence[int], ListType(NUMBER)),
        (set[bool], SetType(BOOL)),
        (frozenset[str], SetType(STRING)),
        (dict, DYNAMIC),
        (dict[str, list[int]], MapType(ListType(NUMBER))),
        (Mapping[str, Any], DYNAMIC),
        (Mapping[str, int], MapType(NUMBER)),
        (tuple, DYNAMIC),
        (tuple[()], TupleType([])),
        (tuple[int, str], TupleType([NUMBER, STRING])),
        (tuple[int, ...], ListType(NUMBER)),
        (str | None, STRING),
        (Optional[list[int]], ListType(NUMBER)),  # noqa: UP045
        (Annotated[str, 1], STRING),
        (list[Annotated[int, "meta"]], ListType(NUMBER)),
        (int | str, DYNAMIC),
        (Point, ObjectType({"x": NUMBER, "y": ListType(STRING)})),
        (datetime.date, STRING),
        (datetime.timedelta, DYNAMIC),
        (pathlib.Path, STRING),
        (uuid.UUID, STRING),
        (Literal["a", "b"], STRING),
        (Color, STRING),
        (bytes, BYTES),
    ],
)
def test_type_for_annotation(annotation: Any, expected: object) -> None:
    assert type_for_annotation(annotation) == expected


@pytest.mark.parametrize(
    ("annotation", "message"),
    [
        (complex, "hcldecode has no HCL type for <class 'complex'>"),
        (list[complex], "hcldecode has no HCL type for <class 'complex'>"),
        (dict[int, str], "HCL maps have string keys; dict[int, str] has <class 'int'> keys"),
        (Literal["a", 1], "Literal['a', 1] mixes value types"),
        (
            Looped,
            "Looped contains itself, and HCL's object types cannot (a class that contains "
            "itself can be decoded from nested blocks)",
        ),
    ],
)
def test_type_for_annotation_rejects(annotation: Any, message: str) -> None:
    with pytest.raises(TypeError) as info:
        type_for_annotation(annotation)
    assert str(info.value).startswith(message)


def test_nullable_annotations() -> None:
    assert nullable(int | None)
    assert nullable(Optional[str])  # noqa: UP045
    assert nullable(Annotated[str | None, "doc"])
    assert nullable(Any)
    assert not nullable(int)
    assert not nullable(int | str)


@attrs.define
class Private:
    _host: str
    _hidden: int = attrs.field(default=0, init=False)


def test_private_attrs_fields_are_objects_under_their_parameter_names() -> None:
    value = to_value(Private("h"))
    assert value == Value.object({"host": Value.string("h")})
    assert to_python(value, Private) == Private("h")


def test_object_type_of_nested_data() -> None:
    value = to_value({"p": Point(1, [])})
    assert value.type == ObjectType({"p": ObjectType({"x": NUMBER, "y": TupleType([])})})


# --------------------------------------------------------------------------- round trips

json_like = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]))
    | st.integers(-(10**6), 10**6).map(lambda i: Decimal(i) / 8),
    lambda children: st.lists(children) | st.dictionaries(st.text("abc", max_size=3), children),
    max_leaves=10,
)


def _normalised(obj: Any) -> Any:
    """What a round trip gives: NFC text, integral decimals as ints."""
    if isinstance(obj, str):
        return unicodedata.normalize("NFC", obj)
    if isinstance(obj, Decimal):
        return int(obj) if obj == obj.to_integral_value() else obj
    if isinstance(obj, list):
        return [_normalised(e) for e in obj]
    if isinstance(obj, dict):
        return {k: _normalised(v) for k, v in obj.items()}
    return obj


@given(json_like)
def test_round_trip_of_plain_data(obj: Any) -> None:
    assert to_python(to_value(obj)) == _normalised(obj)
