"""Tests for hcldecode.values._value: construction, equality, set order, operators."""

from __future__ import annotations

import copy
import pickle
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    EMPTY_OBJECT_VALUE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    NUMBER,
    SENSITIVE,
    STRING,
    TRUE,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    OperationError,
    SetType,
    TupleType,
    Value,
)

V = Value
N = Value.number
S = Value.string
UNKNOWN_BOOL = V.unknown(BOOL)
UNKNOWN_NUMBER = V.unknown(NUMBER)
# go-cty 1.13+: operators on unknowns give results refined as never null
UNKNOWN_BOOL_NOT_NULL = UNKNOWN_BOOL.refine_not_null()
UNKNOWN_NUMBER_NOT_NULL = UNKNOWN_NUMBER.refine_not_null()

# ----------------------------------------------------------------------------- strategies

NUMBER_VALUES = st.one_of(
    st.integers(-20, 20).map(N),
    st.fractions(max_denominator=8)
    .filter(lambda f: f.denominator & (f.denominator - 1) == 0)
    .map(N),
)
PRIMITIVE_VALUES = st.one_of(
    st.text(max_size=4).map(S),
    NUMBER_VALUES,
    st.booleans().map(V.bool),
)


def _unknown_of(t: object) -> Value:
    return V.unknown(t)  # type: ignore[arg-type]


def _most_common_type(values: list[Value]) -> list[Value]:
    """The values of the type most of them have (drawn, not filtered: filtering is slow)."""
    groups: dict[object, list[Value]] = {}
    for value in values:
        groups.setdefault(value.type, []).append(value)
    return max(groups.values(), key=len)


def _values_of_one_type(elements: st.SearchStrategy[Value]) -> st.SearchStrategy[list[Value]]:
    return st.lists(elements, min_size=1, max_size=4).map(_most_common_type)


VALUES = st.recursive(
    PRIMITIVE_VALUES,
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(V.tuple),
        st.dictionaries(st.sampled_from("abc"), children, max_size=3).map(V.object),
        _values_of_one_type(children).map(V.list),
        _values_of_one_type(children).map(V.set),
    ),
    max_leaves=8,
)


# ----------------------------------------------------------------------------- construction


def test_strings_are_nfc_normalised() -> None:
    assert S("e\u0301").as_str() == "\u00e9"
    assert S("e\u0301") == S("\u00e9")
    assert S("e\u0301").equals(S("\u00e9")) is TRUE


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (5, 5),
        (2.5, Fraction(5, 2)),
        (Decimal("0.5"), Fraction(1, 2)),
        (Fraction(3, 4), Fraction(3, 4)),
        ("1e3", 1000),
        ("-Inf", float("-inf")),
        (float("inf"), float("inf")),
    ],
)
def test_number_constructor(
    given: int | float | Decimal | Fraction | str, expected: object
) -> None:
    assert N(given).as_number() == expected


def test_number_constructor_rejects_bool_and_bad_strings() -> None:
    with pytest.raises(TypeError):
        N(True)
    with pytest.raises(ValueError, match="a number is required"):
        N("abc")


def test_number_accessors() -> None:
    assert N(7).as_int() == 7
    assert N("0.5").as_float() == 0.5
    assert N("0.5").as_fraction() == Fraction(1, 2)
    assert N("0.25").as_decimal() == Decimal("0.25")


def test_bool_constants() -> None:
    assert V.bool(True) is TRUE
    assert V.bool(False) is FALSE
    assert TRUE.as_bool() is True


def test_list_element_types_must_agree() -> None:
    with pytest.raises(TypeError, match=r"inconsistent list element types \(string then number\)"):
        V.list([S("a"), N(1)])
    with pytest.raises(TypeError, match="an empty list needs an element_type"):
        V.list([])
    with pytest.raises(TypeError, match=r"inconsistent map element types"):
        V.map({"a": S("a")}, NUMBER)
    assert V.list([], STRING).type == ListType(STRING)
    assert V.set([], NUMBER).type == SetType(NUMBER)
    assert V.map({}, BOOL).type == MapType(BOOL)


def test_dynamic_elements_take_the_collection_element_type() -> None:
    value = V.list([DYNAMIC_VALUE, S("a"), V.null(DYNAMIC)])
    assert value.type == ListType(STRING)
    assert value.elements() == (V.unknown(STRING), S("a"), V.null(STRING))
    assert V.list([DYNAMIC_VALUE]).type == ListType(DYNAMIC)


def test_maps_and_objects_are_in_key_order() -> None:
    value = V.object({"b": N(1), "a": N(2), "B": N(3)})
    assert [k for k, _ in value.items()] == ["B", "a", "b"]
    assert value.type == ObjectType({"a": NUMBER, "b": NUMBER, "B": NUMBER})
    assert [k for k, _ in V.map({"z": TRUE, "y": FALSE}).items()] == ["y", "z"]


def test_tuple_and_object_types_follow_their_values() -> None:
    assert V.tuple([S("a"), TRUE]).type == TupleType([STRING, BOOL])
    assert EMPTY_TUPLE_VALUE.type == TupleType([])
    assert EMPTY_OBJECT_VALUE.type == ObjectType({})


def test_get() -> None:
    obj = V.object({"a": N(1)})
    assert obj.get("a") == N(1)
    with pytest.raises(KeyError):
        obj.get("b")
    assert V.unknown(ObjectType({"a": STRING})).get("a") == V.unknown(STRING)
    assert DYNAMIC_VALUE.get("x") is DYNAMIC_VALUE
    assert V.map({"k": S("v")}).get("k") == S("v")
    with pytest.raises(TypeError, match="value is null"):
        V.null(ObjectType({"a": STRING})).get("a")


def test_len() -> None:
    assert len(V.list([N(1), N(2)])) == 2
    assert len(V.unknown(TupleType([STRING]))) == 1
    assert len(V.null(ObjectType({"a": STRING, "b": STRING}))) == 2
    with pytest.raises(TypeError, match="value is unknown"):
        len(V.unknown(ListType(STRING)))
    with pytest.raises(TypeError, match="not a collection"):
        len(S("abc"))


def test_accessor_misuse_raises_type_error() -> None:
    with pytest.raises(TypeError, match="value is number, not string"):
        N(1).as_str()
    with pytest.raises(TypeError, match="value is null"):
        V.null(STRING).as_str()
    with pytest.raises(TypeError, match="value is unknown"):
        V.unknown(BOOL).as_bool()


def test_values_are_immutable() -> None:
    with pytest.raises(AttributeError):
        S("a").payload = "b"


def test_capsules_compare_by_identity() -> None:
    blob = CapsuleType("blob", bytearray)
    data = bytearray(b"x")
    a = V.capsule(blob, data)
    assert a == V.capsule(blob, data)
    assert a.equals(V.capsule(blob, data)) is TRUE
    assert a.equals(V.capsule(blob, bytearray(b"x"))) is FALSE
    with pytest.raises(TypeError, match="capsule type blob holds bytearray, not str"):
        V.capsule(blob, "x")


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (S("x"), "Value.string('x')"),
        (N(5), "Value.number(5)"),
        (N("0.5"), "Value.number('0.5')"),
        (N(float("-inf")), "Value.number(float('-inf'))"),
        (TRUE, "Value.bool(True)"),
        (V.null(NUMBER), "Value.null(NUMBER)"),
        (DYNAMIC_VALUE, "Value.unknown(DYNAMIC)"),
        (V.list([N(1)]), "Value.list([Value.number(1)])"),
        (V.list([], STRING), "Value.list([], element_type=STRING)"),
        (V.map({"a": TRUE}), "Value.map({'a': Value.bool(True)})"),
        (V.object({"a": TRUE}), "Value.object({'a': Value.bool(True)})"),
        (V.tuple([S("a")]), "Value.tuple([Value.string('a')])"),
    ],
)
def test_repr(value: Value, text: str) -> None:
    assert repr(value) == text


# ----------------------------------------------------------------------------- sets


def test_set_deduplicates_and_orders_strings_by_bytes() -> None:
    value = V.set([S("b"), S("B"), S("a"), S("b"), S("\u00e9"), S("~")])
    assert value.elements() == (S("B"), S("a"), S("b"), S("~"), S("\u00e9"))


def test_set_orders_numbers_by_value_and_bools_false_first() -> None:
    assert V.set([N(10), N(9), N("-0.5"), N(float("inf"))]).elements() == (
        N("-0.5"),
        N(9),
        N(10),
        N(float("inf")),
    )
    assert V.set([TRUE, FALSE]).elements() == (FALSE, TRUE)


def test_set_puts_known_before_unknown_before_null() -> None:
    value = V.set([V.null(BOOL), V.unknown(BOOL), TRUE, FALSE, V.unknown(BOOL), V.null(BOOL)])
    # two unknowns may be different values, so both stay; nulls are equal
    assert value.elements() == (FALSE, TRUE, V.unknown(BOOL), V.unknown(BOOL), V.null(BOOL))


def test_set_of_structures_uses_the_reference_order() -> None:
    # orders observed from go-cty: its set hash serialisation compared bytewise
    lists = V.set([V.list([N(9)]), V.list([N(10)]), V.list([N(1), N(2)])])
    assert lists.elements() == (V.list([N(10)]), V.list([N(1), N(2)]), V.list([N(9)]))
    objects = V.set(
        [
            V.object({"a": S("z"), "b": N(1)}),
            V.object({"a": S("b"), "b": N(2)}),
            V.object({"a": S("Z"), "b": N(2)}),
        ]
    )
    assert [o.get("a").as_str() for o in objects.elements()] == ["Z", "b", "z"]
    tuples = V.set([V.tuple([S(s)]) for s in ["a\nb", "a", "\u00e9", "~"]])
    assert [t.elements()[0].as_str() for t in tuples.elements()] == ["a", "a\nb", "~", "\u00e9"]
    maps = V.set([V.map({"b": N(1)}), V.map({"a": N(2)}), V.map({"a": N(1), "c": N(0)})])
    assert maps.elements() == (
        V.map({"a": N(1), "c": N(0)}),
        V.map({"a": N(2)}),
        V.map({"b": N(1)}),
    )


def test_set_order_breaks_ties_of_ten_digit_serialisation() -> None:
    a = V.list([N("1.00000000001")])
    b = V.list([N("1.00000000002")])
    assert V.set([a, b]).elements() == V.set([b, a]).elements() == (a, b)


@given(st.lists(NUMBER_VALUES, min_size=1), st.randoms())
def test_set_order_is_independent_of_input_order(values: list[Value], rnd: object) -> None:
    shuffled = list(values)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert V.set(values) == V.set(shuffled)
    assert len(V.set(values)) == len(set(values))


@given(st.lists(VALUES, min_size=1, max_size=8).map(_most_common_type))
def test_set_order_is_independent_of_input_order_for_any_type(values: list[Value]) -> None:
    assert V.set(values) == V.set(list(reversed(values)))


# ----------------------------------------------------------------------------- equality


@pytest.mark.parametrize(
    ("a", "b", "result"),
    [
        (N(1), N("1.0"), TRUE),
        (N(1), N(2), FALSE),
        (N(float("inf")), N(float("inf")), TRUE),
        (N(float("inf")), N(float("-inf")), FALSE),
        (S("1"), N(1), FALSE),
        (V.null(STRING), V.null(NUMBER), TRUE),  # nulls of any type are equal
        (V.null(STRING), S(""), FALSE),
        (V.list([N(1)]), V.tuple([N(1)]), FALSE),  # different types
        (V.list([N(1), N(2)]), V.list([N(1), N(2)]), TRUE),
        (V.list([N(1)]), V.list([N(1), N(2)]), FALSE),
        (V.map({"a": N(1)}), V.map({"b": N(1)}), FALSE),
        (V.object({"a": N(1)}), V.object({"a": N(1)}), TRUE),
        (V.set([N(1), N(2)]), V.set([N(2), N(1)]), TRUE),
        (V.list([], STRING), V.list([], STRING), TRUE),
        (EMPTY_OBJECT_VALUE, V.object({}), TRUE),
        (V.unknown(STRING), N(1), FALSE),  # an unknown string can never be a number
        (V.unknown(STRING), S("a"), UNKNOWN_BOOL_NOT_NULL),
        (V.unknown(STRING), V.null(STRING), UNKNOWN_BOOL_NOT_NULL),
        (DYNAMIC_VALUE, N(1), UNKNOWN_BOOL_NOT_NULL),
        (V.unknown(STRING), V.unknown(NUMBER), UNKNOWN_BOOL_NOT_NULL),
        (V.tuple([V.unknown(NUMBER), N(1)]), V.tuple([N(2), N(2)]), UNKNOWN_BOOL_NOT_NULL),
        (V.tuple([N(1), V.unknown(NUMBER)]), V.tuple([N(2), N(2)]), FALSE),
        (V.tuple([DYNAMIC_VALUE]), V.tuple([N(2), N(2)]), FALSE),
        (V.tuple([DYNAMIC_VALUE]), V.tuple([N(2)]), UNKNOWN_BOOL_NOT_NULL),
        (V.set([N(1), V.unknown(NUMBER)]), V.set([N(1), N(2)]), UNKNOWN_BOOL_NOT_NULL),
        (
            V.set([V.list([V.unknown(NUMBER)])]),
            V.set([V.list([V.unknown(NUMBER)])]),
            FALSE,  # partly unknown elements equal nothing, as in go-cty
        ),
    ],
)
def test_equals(a: Value, b: Value, result: Value) -> None:
    assert a.equals(b) == result
    assert b.equals(a) == result
    assert a.not_equals(b) == result.not_()


@given(VALUES, VALUES)
def test_equals_is_symmetric_and_agrees_with_raw_equality(a: Value, b: Value) -> None:
    assert a.equals(b) == b.equals(a)
    if a.is_wholly_known and b.is_wholly_known:
        assert (a.equals(b) is TRUE) == (a == b)


@given(VALUES)
def test_raw_equality_and_hash(a: Value) -> None:
    copy = Value.tuple([a]).elements()[0]
    assert a == copy
    assert hash(a) == hash(Value.tuple([a]).elements()[0])
    assert a.equals(a) is TRUE


# ----------------------------------------------------------------------------- operators


@pytest.mark.parametrize(
    ("op", "a", "b", "result"),
    [
        (Value.add, N(1), N(2), N(3)),
        (Value.add, N("0.1"), N("0.2"), N("0.3")),
        (Value.subtract, N(1), N(3), N(-2)),
        (Value.multiply, N(4), N("0.5"), N(2)),
        (Value.divide, N(1), N(4), N("0.25")),
        (Value.divide, N(1), N(0), N(float("inf"))),
        (Value.divide, N(-1), N(0), N(float("-inf"))),
        (Value.modulo, N(7), N(3), N(1)),
        (Value.modulo, N(-5), N(3), N(-2)),
        (Value.modulo, N(5), N(0), N(5)),
        (Value.less_than, N(1), N(2), TRUE),
        (Value.less_than, N(2), N(2), FALSE),
        (Value.less_equal, N(2), N(2), TRUE),
        (Value.greater_than, N(float("inf")), N(10**100), TRUE),
        (Value.greater_equal, N(float("-inf")), N(float("-inf")), TRUE),
        (Value.greater_equal, N(1), N(2), FALSE),
        (Value.and_, TRUE, FALSE, FALSE),
        (Value.and_, TRUE, TRUE, TRUE),
        (Value.or_, FALSE, TRUE, TRUE),
        (Value.or_, FALSE, FALSE, FALSE),
    ],
)
def test_binary_operators(op: object, a: Value, b: Value, result: Value) -> None:
    assert op(a, b) == result  # type: ignore[operator]


NUMBER_OPS = [
    Value.add,
    Value.subtract,
    Value.multiply,
    Value.divide,
    Value.modulo,
]
COMPARISONS = [Value.less_than, Value.less_equal, Value.greater_than, Value.greater_equal]


@pytest.mark.parametrize("op", NUMBER_OPS)
@pytest.mark.parametrize("other", [UNKNOWN_NUMBER, DYNAMIC_VALUE])
def test_arithmetic_propagates_unknown(op: object, other: Value) -> None:
    # adding a number and the dynamic value produces an unknown number
    assert op(N(1), other) == UNKNOWN_NUMBER_NOT_NULL  # type: ignore[operator]
    assert op(other, N(1)) == UNKNOWN_NUMBER_NOT_NULL  # type: ignore[operator]


@pytest.mark.parametrize("op", COMPARISONS)
def test_comparisons_propagate_unknown(op: object) -> None:
    assert op(N(1), UNKNOWN_NUMBER) == UNKNOWN_BOOL_NOT_NULL  # type: ignore[operator]
    assert op(DYNAMIC_VALUE, N(1)) == UNKNOWN_BOOL_NOT_NULL  # type: ignore[operator]


def test_logic_and_unary_propagate_unknown() -> None:
    assert TRUE.and_(UNKNOWN_BOOL) == UNKNOWN_BOOL_NOT_NULL
    assert FALSE.and_(UNKNOWN_BOOL) is FALSE  # false decides, as in go-cty 1.13+
    assert UNKNOWN_BOOL.or_(TRUE) is TRUE
    assert DYNAMIC_VALUE.or_(FALSE) == UNKNOWN_BOOL_NOT_NULL
    assert UNKNOWN_BOOL.not_() == UNKNOWN_BOOL_NOT_NULL
    assert DYNAMIC_VALUE.negate() == UNKNOWN_NUMBER_NOT_NULL
    assert N(3).negate() == N(-3)
    assert TRUE.not_() is FALSE


@given(VALUES, VALUES)
def test_no_unknown_result_from_known_operands(a: Value, b: Value) -> None:
    # spec: unknown values are never returned unless an operand is unknown or dynamic
    if a.is_wholly_known and b.is_wholly_known:
        assert a.equals(b).is_known


@pytest.mark.parametrize(
    ("op", "a", "b", "message"),
    [
        (Value.divide, N(0), N(0), "can't divide zero by zero or infinity by infinity"),
        (Value.add, N(float("inf")), N(float("-inf")), "can't compute sum of opposing infinities"),
        (Value.subtract, N(float("inf")), N(float("inf")), "can't subtract infinity from itself"),
        (Value.multiply, N(0), N(float("inf")), "can't multiply zero by infinity"),
        (Value.add, V.null(NUMBER), N(1), "argument must not be null"),
        (Value.add, N(1), V.null(DYNAMIC), "argument must not be null"),
        (Value.less_than, V.null(NUMBER), UNKNOWN_NUMBER, "argument must not be null"),
        (Value.or_, V.null(BOOL), TRUE, "argument must not be null"),
    ],
)
def test_operation_errors(op: object, a: Value, b: Value, message: str) -> None:
    with pytest.raises(OperationError) as info:
        op(a, b)  # type: ignore[operator]
    assert str(info.value) == message


def test_operator_on_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="operand is string, but the operator needs number"):
        S("1").add(N(1))
    with pytest.raises(TypeError, match="operand is number, but the operator needs bool"):
        N(1).not_()


def test_length() -> None:
    assert V.list([N(1), N(2)]).length() == N(2)
    assert V.map({"a": N(1)}).length() == N(1)
    assert V.object({"a": N(1), "b": N(2)}).length() == N(2)
    assert V.unknown(TupleType([STRING, STRING])).length() == N(2)
    any_length = UNKNOWN_NUMBER.refine().not_null().number_range_inclusive(0, 2**63 - 1).new_value()
    assert V.unknown(ListType(STRING)).length() == any_length
    assert DYNAMIC_VALUE.length() == any_length
    # a set with unknowns may shrink once they are known
    assert (
        V.set([N(1), UNKNOWN_NUMBER]).length()
        == UNKNOWN_NUMBER.refine().not_null().number_range_inclusive(1, 2).new_value()
    )
    assert V.set([UNKNOWN_NUMBER]).length() == N(1)
    with pytest.raises(OperationError, match="argument must not be null"):
        V.null(ListType(STRING)).length()


def test_is_wholly_known() -> None:
    assert V.list([N(1)]).is_wholly_known
    assert not V.list([UNKNOWN_NUMBER]).is_wholly_known
    assert not V.object({"a": V.tuple([DYNAMIC_VALUE])}).is_wholly_known
    assert V.null(ListType(STRING)).is_wholly_known
    assert V.list([UNKNOWN_NUMBER]).is_known


# ----------------------------------------------------------------------------- copy, pickle

_MAYBE_MARKED = st.one_of(
    VALUES,
    VALUES.map(lambda v: v.mark(SENSITIVE)),
    st.sampled_from([STRING, NUMBER, BOOL, ListType(STRING)]).flatmap(
        lambda t: st.sampled_from([V.null(t), V.unknown(t), V.unknown(t).refine_not_null()])
    ),
    st.text(max_size=3).map(lambda p: V.unknown(STRING).refine().string_prefix(p).new_value()),
)


@given(value=_MAYBE_MARKED)
def test_a_value_is_its_own_copy_and_pickles_to_an_equal_value(value: Value) -> None:
    assert copy.copy(value) is value
    assert copy.deepcopy(value) is value
    again = pickle.loads(pickle.dumps(value))
    assert again == value
    assert hash(again) == hash(value)
    assert repr(again) == repr(value)
    assert (again.is_null, again.is_known, again.is_wholly_known, again.marks) == (
        value.is_null,
        value.is_known,
        value.is_wholly_known,
        value.marks,
    )


def test_an_object_holding_values_deep_copies() -> None:
    config = {"default": V.object({"port": N(8080)}), "tags": [S("a")]}
    copied = copy.deepcopy(config)
    assert copied == config
    assert copied["default"] is config["default"]
    assert copied["tags"] is not config["tags"]
