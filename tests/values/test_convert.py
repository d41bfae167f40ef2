"""Tests for hcldecode.values._convert: conversion, unification, mismatch messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    EMPTY_OBJECT,
    EMPTY_TUPLE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    NUMBER,
    STRING,
    TRUE,
    AttrStep,
    CapsuleType,
    ConversionError,
    IndexStep,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
    Value,
    can_convert,
    convert,
    get_conversion,
    mismatch_message,
    unify,
    unify_unsafe,
)

V = Value
N = Value.number
S = Value.string


def _error(value: Value, want: Type) -> ConversionError:
    with pytest.raises(ConversionError) as info:
        convert(value, want)
    return info.value


# ----------------------------------------------------------------------------- general rules


@given(st.sampled_from([S("a"), N(1), TRUE, V.list([N(1)]), V.object({"a": N(1)})]))
def test_a_type_converts_to_itself(value: Value) -> None:
    assert convert(value, value.type) is value
    assert can_convert(value.type, value.type, safe=True)
    conv = get_conversion(value.type, value.type, safe=True)
    assert conv is not None
    assert conv(value) is value


@pytest.mark.parametrize(
    "want", [STRING, NUMBER, BOOL, ListType(STRING), ObjectType({"a": NUMBER}), TupleType([BOOL])]
)
@pytest.mark.parametrize("source", [STRING, NUMBER, ListType(BOOL), DYNAMIC, EMPTY_OBJECT])
def test_null_converts_to_null_of_any_type(source: Type, want: Type) -> None:
    # spec: null values are safely convertible to a null value of any other type...
    value = V.null(source)
    if can_convert(source, want):
        assert convert(value, want) == V.null(want)


def test_null_keeps_concrete_parts_of_a_dynamic_target() -> None:
    assert convert(V.null(TupleType([STRING])), ListType(DYNAMIC)) == V.null(ListType(STRING))
    assert convert(V.null(STRING), DYNAMIC) == V.null(STRING)


def test_unknown_converts_to_unknown_of_target_type() -> None:
    assert convert(V.unknown(NUMBER), STRING) == V.unknown(STRING)
    assert convert(V.unknown(SetType(STRING)), ListType(DYNAMIC)) == V.unknown(ListType(STRING))


@pytest.mark.parametrize("want", [STRING, ListType(NUMBER), ObjectType({"a": BOOL}), EMPTY_TUPLE])
def test_conversion_from_dynamic_always_succeeds(want: Type) -> None:
    # spec: conversion from the dynamic pseudo-type produces an unknown value of the target type
    assert convert(DYNAMIC_VALUE, want) == V.unknown(want)
    assert can_convert(DYNAMIC, want, safe=True)


@given(st.sampled_from([S("a"), N(1), TRUE, V.null(STRING), V.unknown(BOOL), V.list([N(1)])]))
def test_conversion_to_dynamic_is_identity(value: Value) -> None:
    assert convert(value, DYNAMIC) is value
    conv = get_conversion(value.type, DYNAMIC, safe=True)
    assert conv is not None
    assert conv(value) is value


# ----------------------------------------------------------------------------- primitives


@pytest.mark.parametrize(
    ("value", "want", "result"),
    [
        (TRUE, STRING, S("true")),
        (FALSE, STRING, S("false")),
        (S("true"), BOOL, TRUE),
        (S("1"), BOOL, TRUE),
        (S("false"), BOOL, FALSE),
        (S("0"), BOOL, FALSE),
        (N(12), STRING, S("12")),
        (N("-1.5"), STRING, S("-1.5")),
        (N(10**30), STRING, S("1" + "0" * 30)),  # no exponent
        (S("12.50"), NUMBER, N("12.5")),
        (S("1e3"), NUMBER, N(1000)),
    ],
)
def test_primitive_conversions(value: Value, want: Type, result: Value) -> None:
    assert convert(value, want) == result


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("True", 'a bool is required; to convert from string, use lowercase "true"'),
        ("FALSE", 'a bool is required; to convert from string, use lowercase "false"'),
        ("yes", "a bool is required"),
        ("", "a bool is required"),
    ],
)
def test_string_to_bool_errors(text: str, message: str) -> None:
    error = _error(S(text), BOOL)
    assert str(error) == error.message == message
    assert error.path == ()


@pytest.mark.parametrize("text", ["abc", "1 ", "0x10", "1_000", "NaN", ""])
def test_string_to_number_errors(text: str) -> None:
    assert str(_error(S(text), NUMBER)) == "a number is required"


def test_primitive_safety() -> None:
    assert can_convert(NUMBER, STRING, safe=True)
    assert can_convert(BOOL, STRING, safe=True)
    assert not can_convert(STRING, NUMBER, safe=True)
    assert can_convert(STRING, NUMBER)
    assert not can_convert(STRING, BOOL, safe=True)
    assert can_convert(STRING, BOOL)


def test_no_conversion_between_bool_and_number() -> None:
    assert not can_convert(BOOL, NUMBER)
    assert not can_convert(NUMBER, BOOL)
    assert str(_error(TRUE, NUMBER)) == "number required, but have bool"
    assert str(_error(N(1), BOOL)) == "bool required, but have number"


@given(
    st.integers()
    | st.fractions(max_denominator=1024).filter(lambda f: f.denominator & (f.denominator - 1) == 0)
)
def test_number_to_string_round_trips(n: object) -> None:
    value = N(n)  # type: ignore[arg-type]
    assert convert(convert(value, STRING), NUMBER) == value


# ----------------------------------------------------------------------------- collections


def test_set_to_list_is_safe_and_ordered() -> None:
    value = V.set([N(3), N(1), N(2)])
    assert can_convert(SetType(NUMBER), ListType(NUMBER), safe=True)
    assert convert(value, ListType(NUMBER)) == V.list([N(1), N(2), N(3)])
    assert convert(value, ListType(STRING)) == V.list([S("1"), S("2"), S("3")])


def test_list_to_set_is_unsafe_and_loses_duplicates() -> None:
    assert not can_convert(ListType(NUMBER), SetType(NUMBER), safe=True)
    assert convert(V.list([N(1), N(1), N(2)]), SetType(STRING)) == V.set([S("1"), S("2")])


def test_element_conversion_safety_carries_to_collections() -> None:
    assert not can_convert(SetType(STRING), ListType(NUMBER), safe=True)
    assert can_convert(SetType(STRING), ListType(NUMBER))
    assert can_convert(MapType(NUMBER), MapType(STRING), safe=True)


def test_tuple_to_list() -> None:
    value = V.tuple([N(1), S("a")])
    assert convert(value, ListType(STRING)) == V.list([S("1"), S("a")])
    # to a list of any single type, the element types are unified
    assert convert(value, ListType(DYNAMIC)) == V.list([S("1"), S("a")])
    assert convert(EMPTY_TUPLE_VALUE, ListType(DYNAMIC)) == V.list([], DYNAMIC)
    assert convert(EMPTY_TUPLE_VALUE, ListType(NUMBER)) == V.list([], NUMBER)
    assert not can_convert(TupleType([STRING]), ListType(NUMBER), safe=True)


def test_tuple_to_set_behaves_like_tuple_to_list_to_set() -> None:
    value = V.tuple([N(2), S("1"), N(1)])
    assert convert(value, SetType(STRING)) == V.set([S("1"), S("2")])
    assert convert(EMPTY_TUPLE_VALUE, SetType(BOOL)) == V.set([], BOOL)


def test_object_to_map() -> None:
    value = V.object({"a": N(1), "b": TRUE})
    assert convert(value, MapType(STRING)) == V.map({"a": S("1"), "b": S("true")})
    assert convert(V.object({}), MapType(DYNAMIC)) == V.map({}, DYNAMIC)
    assert convert(V.object({"a": N(1)}), MapType(DYNAMIC)) == V.map({"a": N(1)})


@pytest.mark.parametrize(
    ("value", "want", "message"),
    [
        (V.tuple([N(1), TRUE]), ListType(DYNAMIC), "all list elements must have the same type"),
        (V.tuple([N(1), TRUE]), SetType(DYNAMIC), "all set elements must have the same type"),
        (
            V.object({"a": N(1), "b": TRUE}),
            MapType(DYNAMIC),
            "all map elements must have the same type",
        ),
        (
            V.object({"a": N(1), "b": V.list([], STRING)}),
            MapType(STRING),
            'element "b": string required, but have list of string',
        ),
        (
            V.tuple([N(1), V.list([], STRING)]),
            ListType(STRING),
            "element 1: string required, but have list of string",
        ),
        (
            V.object({"a": EMPTY_TUPLE_VALUE}),
            MapType(STRING),
            'element "a": string required, but have tuple',
        ),
        (N(5), ListType(NUMBER), "list of number required, but have number"),
        (V.list([S("x")]), MapType(NUMBER), "map of number required"),
        (V.list([S("x")]), ListType(NUMBER), "a number is required"),
        (V.list([V.list([S("x")])]), ListType(SetType(BOOL)), "a bool is required"),
        (N(5), TupleType([STRING]), "tuple required, but have number"),
        (V.object({}), TupleType([STRING]), "tuple required"),
        (EMPTY_TUPLE_VALUE, EMPTY_OBJECT, "object required, but have tuple"),
        (V.list([], STRING), STRING, "string required, but have list of string"),
        (V.map({"a": N(1)}), ListType(STRING), "list of string required"),
        (
            V.map({"a": V.list([], STRING)}),
            MapType(NUMBER),
            "incorrect map element type: number required, but have list of string",
        ),
        (
            V.object({"a": N(1), "b": V.object({})}),
            ObjectType({"a": BOOL, "b": STRING}),
            'attribute "a": bool required, but have number',  # the first in name order
        ),
    ],
)
def test_conversion_errors(value: Value, want: Type, message: str) -> None:
    assert str(_error(value, want)) == message


def test_error_paths() -> None:
    error = _error(V.list([S("1"), S("x")]), ListType(NUMBER))
    assert error.path == (IndexStep(N(1)),)
    error = _error(V.object({"a": V.tuple([S("x")])}), ObjectType({"a": TupleType([BOOL])}))
    assert error.message == "a bool is required"
    assert error.path == (AttrStep("a"), IndexStep(N(0)))
    error = _error(V.map({"k": S("x")}), MapType(NUMBER))
    assert error.path == (IndexStep(S("k")),)


def test_unknown_set_length_gives_unknown_list() -> None:
    value = V.set([N(1), V.unknown(NUMBER)])
    assert convert(value, ListType(NUMBER)) == V.unknown(ListType(NUMBER))


# ----------------------------------------------------------------------------- structural


def test_object_to_object_drops_extra_and_fills_missing_with_null() -> None:
    # spec: attributes of the target type missing from the source become null
    value = V.object({"a": N(1), "extra": TRUE})
    assert convert(value, ObjectType({"a": STRING, "b": NUMBER})) == V.object(
        {"a": S("1"), "b": V.null(NUMBER)}
    )


def test_object_to_object_with_optional_attributes() -> None:
    want = ObjectType({"a": STRING, "b": ObjectType({"c": NUMBER}, ["c"])}, ["b"])
    result = convert(V.object({"a": S("x")}), want)
    assert result == V.object({"a": S("x"), "b": V.null(ObjectType({"c": NUMBER}))})
    assert convert(V.object({"a": S("x"), "b": V.object({})}), want).get("b") == V.object(
        {"c": V.null(NUMBER)}
    )


def test_tuple_to_tuple_needs_same_length() -> None:
    assert convert(V.tuple([N(1), TRUE]), TupleType([STRING, STRING])) == V.tuple(
        [S("1"), S("true")]
    )
    assert not can_convert(TupleType([STRING]), TupleType([STRING, STRING]))
    assert str(_error(V.tuple([S("a")]), TupleType([STRING, NUMBER]))) == "tuple required"


def test_list_and_set_to_tuple_are_unsafe_and_need_matching_length() -> None:
    want = TupleType([NUMBER, STRING])
    assert not can_convert(ListType(STRING), want, safe=True)
    assert convert(V.list([S("1"), S("2")]), want) == V.tuple([N(1), S("2")])
    assert convert(V.set([N(2), N(1)]), want) == V.tuple([N(1), S("2")])
    error = _error(V.list([S("1")]), want)
    assert (error.message, error.path) == ("2 elements are required, but got 1", ())
    assert convert(V.unknown(ListType(STRING)), want) == V.unknown(want)


def test_map_to_object_is_unsafe_and_needs_exact_keys() -> None:
    want = ObjectType({"a": NUMBER, "b": STRING})
    assert not can_convert(MapType(STRING), want, safe=True)
    assert convert(V.map({"a": S("1"), "b": S("x")}), want) == V.object({"a": N(1), "b": S("x")})
    assert str(_error(V.map({"a": S("1")}), want)) == (
        'map has no element for required attribute "b"'
    )
    assert str(_error(V.map({"a": S("1"), "b": S(""), "c": S("")}), want)) == (
        'unsupported attribute "c"'
    )
    optional = ObjectType({"a": NUMBER, "b": STRING}, ["b"])
    assert convert(V.map({"a": S("1")}), optional) == V.object({"a": N(1), "b": V.null(STRING)})


def test_map_to_object_with_incompatible_optional_attribute() -> None:
    want = ObjectType({"a": STRING, "b": ListType(STRING)}, ["b"])
    assert convert(V.map({"a": S("x")}), want) == V.object(
        {"a": S("x"), "b": V.null(ListType(STRING))}
    )
    assert str(_error(V.map({"a": S("x"), "b": S("y")}), want)) == (
        'map element type is incompatible with attribute "b": '
        "list of string required, but have string"
    )


def test_capsules_do_not_convert() -> None:
    blob = CapsuleType("blob")
    assert not can_convert(blob, STRING)
    assert not can_convert(STRING, blob)
    assert str(_error(S("x"), blob)) == "blob required, but have string"


# ----------------------------------------------------------------------------- unification


def _unified(types: list[Type], *, unsafe: bool = False) -> Type | None:
    return (unify_unsafe if unsafe else unify)(types)[0]


@pytest.mark.parametrize(
    ("types", "safe", "unsafe"),
    [
        ([NUMBER, STRING], STRING, STRING),
        ([BOOL, STRING], STRING, STRING),
        ([NUMBER, BOOL], None, None),
        ([NUMBER, NUMBER], NUMBER, NUMBER),
        ([ListType(NUMBER), ListType(STRING)], ListType(STRING), ListType(STRING)),
        ([MapType(NUMBER), MapType(STRING)], MapType(STRING), MapType(STRING)),
        ([SetType(BOOL), SetType(STRING)], SetType(STRING), SetType(STRING)),
        ([ListType(STRING), SetType(STRING)], ListType(STRING), ListType(STRING)),
        ([ListType(NUMBER), SetType(STRING)], ListType(STRING), ListType(STRING)),
        ([STRING, DYNAMIC], STRING, STRING),
        ([DYNAMIC, DYNAMIC], DYNAMIC, DYNAMIC),
        ([ListType(STRING), DYNAMIC], ListType(STRING), ListType(STRING)),
        ([ListType(STRING), ListType(DYNAMIC)], ListType(STRING), ListType(STRING)),
        (
            [TupleType([NUMBER]), TupleType([STRING])],
            TupleType([STRING]),
            TupleType([STRING]),
        ),
        (
            [TupleType([NUMBER]), TupleType([STRING, BOOL])],
            ListType(STRING),
            ListType(STRING),
        ),
        (
            [ObjectType({"a": NUMBER}), ObjectType({"a": STRING})],
            ObjectType({"a": STRING}),
            ObjectType({"a": STRING}),
        ),
        (
            [ObjectType({"a": NUMBER}), ObjectType({"b": STRING})],
            ObjectType({"a": NUMBER, "b": STRING}),
            ObjectType({"a": NUMBER, "b": STRING}),
        ),
        (
            [ObjectType({"a": NUMBER}), MapType(STRING)],
            MapType(STRING),
            ObjectType({"a": STRING}),
        ),
        (
            [TupleType([NUMBER, BOOL]), ListType(STRING)],
            ListType(STRING),
            TupleType([STRING, STRING]),
        ),
        ([TupleType([NUMBER]), SetType(STRING)], SetType(STRING), TupleType([STRING])),
        ([ObjectType({}), TupleType([])], None, None),
        ([ListType(STRING), STRING], None, None),
        ([STRING, CapsuleType("c")], None, None),
    ],
)
def test_unify(types: list[Type], safe: Type | None, unsafe: Type | None) -> None:
    assert _unified(types) == safe
    assert _unified(types, unsafe=True) == unsafe


def test_unify_nothing() -> None:
    assert unify([]) == (None, [])


def test_unify_conversions() -> None:
    result, conversions = unify([NUMBER, STRING, DYNAMIC])
    assert result == STRING
    first, second, third = conversions
    assert second is None
    assert first is not None and first(N(5)) == S("5")
    assert third is not None and third(DYNAMIC_VALUE) == V.unknown(STRING)


def test_unified_objects_fill_missing_attributes() -> None:
    result, (conv_a, conv_b) = unify_unsafe([ObjectType({"a": NUMBER}), ObjectType({"b": BOOL})])
    assert result == ObjectType({"a": NUMBER, "b": BOOL})
    assert conv_a is not None and conv_a(V.object({"a": N(1)})) == V.object(
        {"a": N(1), "b": V.null(BOOL)}
    )
    assert conv_b is not None


SIMPLE_TYPES = st.recursive(
    st.sampled_from([STRING, NUMBER, BOOL, DYNAMIC]),
    lambda children: st.one_of(
        children.map(ListType),
        children.map(SetType),
        children.map(MapType),
        st.dictionaries(st.sampled_from("ab"), children, max_size=2).map(ObjectType),
        st.lists(children, max_size=2).map(TupleType),
    ),
    max_leaves=4,
)


@given(st.lists(SIMPLE_TYPES, min_size=1, max_size=4), st.booleans())
def test_unified_type_is_one_every_input_converts_to(types: list[Type], unsafe: bool) -> None:
    result, conversions = (unify_unsafe if unsafe else unify)(types)
    if result is None:
        assert conversions == []
        return
    assert len(conversions) == len(types)
    for t, conv in zip(types, conversions, strict=True):
        assert can_convert(t, result, safe=not unsafe)
        assert (conv is None) == (t == result)
    if all(t == DYNAMIC for t in types):
        assert result == DYNAMIC
    else:
        assert result != DYNAMIC


@given(st.lists(st.sampled_from([STRING, NUMBER, BOOL, DYNAMIC]), min_size=1, max_size=4))
def test_unify_is_independent_of_order_for_primitives(types: list[Type]) -> None:
    assert _unified(types) == _unified(list(reversed(types)))


# ----------------------------------------------------------------------------- messages


@pytest.mark.parametrize(
    ("got", "want", "message"),
    [
        (BOOL, NUMBER, "number required, but have bool"),
        (NUMBER, ListType(NUMBER), "list of number required, but have number"),
        (STRING, NUMBER, "number required"),
        (ListType(STRING), STRING, "string required, but have list of string"),
        (
            ListType(STRING),
            ListType(DYNAMIC),
            "incorrect list element type: dynamic required, but have string",
        ),
        (SetType(STRING), ListType(NUMBER), "incorrect list element type: number required"),
        (MapType(STRING), ListType(STRING), "list of string required"),
        (STRING, DYNAMIC, "dynamic required, but have string"),
        (ObjectType({"a": STRING}), ObjectType({"a": BOOL}), 'attribute "a": bool required'),
        (
            ObjectType({"a": ListType(STRING), "b": STRING}),
            ObjectType({"a": STRING, "b": NUMBER}),
            # an unsafe failure is reported before a safe one
            'attribute "a": string required, but have list of string',
        ),
        (ObjectType({}), ObjectType({}), "incorrect object attributes"),
        (
            TupleType([ListType(STRING)]),
            ListType(BOOL),
            "element 0: bool required, but have list of string",
        ),
        (TupleType([STRING]), ListType(BOOL), "all elements must be bool"),
        (
            TupleType([STRING, ListType(STRING)]),
            ListType(STRING),
            "element 1: string required, but have list of string",
        ),
        (TupleType([STRING]), ListType(STRING), "all elements must be string"),
        (
            ObjectType({"x": TupleType([])}),
            MapType(NUMBER),
            'element "x": number required, but have tuple',
        ),
        (TupleType([STRING]), MapType(STRING), "map of string required"),
        (ObjectType({"a": STRING}), ListType(STRING), "list of string required"),
        (ObjectType({}), TupleType([]), "tuple required"),
        (TupleType([]), ObjectType({}), "object required, but have tuple"),
        (CapsuleType("blob"), STRING, "string required, but have blob"),
    ],
)
def test_mismatch_message(got: Type, want: Type, message: str) -> None:
    assert mismatch_message(got, want) == message
