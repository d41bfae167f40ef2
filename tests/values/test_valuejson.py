"""Tests for hcldecode.values._json: go-cty's JSON encoding of types and values."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    FALSE,
    NUMBER,
    STRING,
    TRUE,
    CapsuleType,
    JSONNumber,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
    Value,
    decode_json,
    encode_json,
    type_from_json,
    type_to_json,
    value_from_json,
    value_to_json,
)

V = Value
N = Value.number
S = Value.string


@pytest.mark.parametrize(
    ("t", "text"),
    [
        (STRING, '"string"'),
        (NUMBER, '"number"'),
        (BOOL, '"bool"'),
        (DYNAMIC, '"dynamic"'),
        (ListType(STRING), '["list","string"]'),
        (SetType(NUMBER), '["set","number"]'),
        (MapType(ListType(BOOL)), '["map",["list","bool"]]'),
        (ObjectType({"y": NUMBER, "x": STRING}), '["object",{"x":"string","y":"number"}]'),
        (
            ObjectType({"x": STRING, "y": NUMBER}, ["y"]),
            '["object",{"x":"string","y":"number"},["y"]]',
        ),
        (TupleType([STRING, DYNAMIC]), '["tuple",["string","dynamic"]]'),
    ],
)
def test_type_json(t: Type, text: str) -> None:
    assert json.dumps(type_to_json(t), separators=(",", ":")) == text
    assert type_from_json(json.loads(text)) == t


def test_capsule_type_has_no_json() -> None:
    with pytest.raises(ValueError, match="type not allowed: blob"):
        type_to_json(CapsuleType("blob"))


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ("float", 'invalid primitive type name "float"'),
        ([], "invalid type description"),
        (5, "invalid type description"),
        (["list"], "invalid complex type description"),
        (["frob", "string"], "invalid complex type description"),
        (["object", {"a": "string"}, ["b"]], r"optional attributes \['b'\] are not declared"),
    ],
)
def test_bad_type_json(obj: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        type_from_json(obj)


def test_dynamic_type_wraps_value_with_its_type() -> None:
    # the format hcldec --with-type prints
    value = V.object({"n": V.null(STRING), "s": V.set([S("b"), S("a")])})
    assert encode_json(value, DYNAMIC) == (
        '{"value":{"n":null,"s":["a","b"]},"type":["object",{"n":"string","s":["set","string"]}]}'
    )
    assert decode_json(encode_json(value, DYNAMIC), DYNAMIC) == value


def test_nested_dynamic_attribute_is_wrapped() -> None:
    t = ObjectType({"a": DYNAMIC})
    assert encode_json(V.object({"a": N(1)}), t) == '{"a":{"value":1,"type":"number"}}'
    assert decode_json('{"a":{"value":"x","type":"string"}}', t) == V.object({"a": S("x")})
    assert encode_json(V.object({"a": V.null(DYNAMIC)}), t) == '{"a":null}'


def test_numbers_are_exact() -> None:
    value = V.list([N("0.1"), N(10**30), N("-1.5e-20")])
    text = encode_json(value, value.type)
    assert text == "[0.1,1000000000000000000000000000000,-0.000000000000000000015]"
    assert decode_json(text, value.type) == value
    data = value_to_json(N("0.1"), NUMBER)
    assert isinstance(data, JSONNumber)
    assert data.text == "0.1"
    assert value_to_json(N(7), NUMBER) == 7


@given(st.integers() | st.decimals(allow_nan=False, allow_infinity=False, places=6))
def test_number_round_trip(n: object) -> None:
    value = N(n)  # type: ignore[arg-type]
    assert decode_json(encode_json(value, NUMBER), NUMBER) == value


def test_strings_are_escaped_like_go() -> None:
    assert encode_json(S('<a&b>"\\\n\t\x01\u2028\u00e9'), STRING) == (
        '"\\u003ca\\u0026b\\u003e\\"\\\\\\n\\t\\u0001\\u2028\u00e9"'
    )


def test_unserialisable_values() -> None:
    with pytest.raises(ValueError, match="value is not known"):
        value_to_json(V.unknown(STRING), STRING)
    with pytest.raises(ValueError, match="value is not known"):
        encode_json(V.list([V.unknown(STRING)]), ListType(STRING))
    with pytest.raises(ValueError, match="cannot serialize infinity as JSON"):
        encode_json(N(float("inf")), NUMBER)
    with pytest.raises(ValueError, match="value is not known"):
        value_to_json(DYNAMIC_VALUE, DYNAMIC)


def test_collections_and_structures() -> None:
    value = V.object(
        {
            "l": V.list([TRUE, FALSE]),
            "m": V.map({"b": N(2), "a": N(1)}),
            "t": V.tuple([S("x"), V.null(NUMBER)]),
            "e": V.set([], STRING),
        }
    )
    text = encode_json(value, value.type)
    assert text == '{"e":[],"l":[true,false],"m":{"a":1,"b":2},"t":["x",null]}'
    assert decode_json(text, value.type) == value


@pytest.mark.parametrize(
    ("text", "t", "value"),
    [
        ('"true"', BOOL, TRUE),
        ('"12"', NUMBER, N(12)),
        ("12.5", STRING, S("12.5")),
        ("true", STRING, S("true")),
        ("null", ListType(STRING), V.null(ListType(STRING))),
        ("null", DYNAMIC, V.null(DYNAMIC)),
        ("{}", ObjectType({"a": STRING}), V.object({"a": V.null(STRING)})),
        ('["a","a"]', SetType(STRING), V.set([S("a")])),
    ],
)
def test_lenient_decoding(text: str, t: Type, value: Value) -> None:
    assert decode_json(text, t) == value


@pytest.mark.parametrize(
    ("text", "t", "message"),
    [
        ("1", BOOL, "bool is required"),
        ('"yes"', BOOL, "a bool is required"),
        ("true", NUMBER, "number is required"),
        ('"x"', NUMBER, "a number is required"),
        ("[]", STRING, "string is required"),
        ('["a","b"]', TupleType([STRING]), r"too many tuple elements \(need 1\)"),
        ("[]", TupleType([STRING]), r"not enough tuple elements \(need 1\)"),
        ('{"b":1}', ObjectType({"a": NUMBER}), 'unsupported attribute "b"'),
        ("{}", ListType(STRING), "missing expected \\["),
        ("[]", MapType(STRING), "missing expected {"),
        ('{"value":1}', DYNAMIC, "missing type in dynamically-typed value"),
        ('{"type":"number"}', DYNAMIC, "missing value in dynamically-typed value"),
        ('{"value":1,"type":"number","x":1}', DYNAMIC, 'invalid key "x" in dynamically-typed'),
        ('{"value":1,"type":"int"}', DYNAMIC, "failed to decode type for dynamic value"),
        ("NaN", NUMBER, "invalid JSON number NaN"),
    ],
)
def test_decoding_errors(text: str, t: Type, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        decode_json(text, t)


def test_value_from_json_accepts_plain_python_data() -> None:
    t = ObjectType({"a": ListType(NUMBER), "b": STRING})
    assert value_from_json({"a": [1, 0.5], "b": "x"}, t) == V.object(
        {"a": V.list([N(1), N("0.5")]), "b": S("x")}
    )
