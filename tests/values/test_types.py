"""Tests for hcldecode.values._types: identity, names, the matches relation."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.values import (
    BOOL,
    DYNAMIC,
    EMPTY_OBJECT,
    EMPTY_TUPLE,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)

PRIMITIVES = st.sampled_from([STRING, NUMBER, BOOL, DYNAMIC])


def _compound(children: st.SearchStrategy[Type]) -> st.SearchStrategy[Type]:
    names = st.text(alphabet="abcxyz", min_size=1, max_size=3)
    return st.one_of(
        children.map(ListType),
        children.map(SetType),
        children.map(MapType),
        st.dictionaries(names, children, max_size=3).map(ObjectType),
        st.lists(children, max_size=3).map(TupleType),
    )


TYPES: st.SearchStrategy[Type] = st.recursive(PRIMITIVES, _compound, max_leaves=6)


# ----------------------------------------------------------------------------- identity


def test_collection_types_of_different_kinds_are_distinct() -> None:
    # spec: "list of string" is a distinct type from "set of string"
    list_type: Type = ListType(STRING)
    assert list_type != SetType(STRING)
    assert ListType(NUMBER) != ListType(STRING)
    assert ListType(STRING) == ListType(STRING)
    assert hash(MapType(BOOL)) == hash(MapType(BOOL))


def test_structural_types_identical_when_same_kind_and_types() -> None:
    assert ObjectType({"a": NUMBER, "b": STRING}) == ObjectType({"b": STRING, "a": NUMBER})
    assert ObjectType({"a": NUMBER}) != ObjectType({"a": STRING})
    assert ObjectType({"a": NUMBER}) != ObjectType({"b": NUMBER})
    assert TupleType([STRING, BOOL]) == TupleType((STRING, BOOL))
    assert TupleType([STRING, BOOL]) != TupleType([BOOL, STRING])
    assert ObjectType({}) == EMPTY_OBJECT
    assert TupleType([]) == EMPTY_TUPLE


def test_optional_attributes_are_part_of_object_identity() -> None:
    assert ObjectType({"a": NUMBER}, ["a"]) != ObjectType({"a": NUMBER})
    assert ObjectType({"a": NUMBER}, {"a"}) == ObjectType({"a": NUMBER}, ["a"])


def test_optional_attribute_must_be_declared() -> None:
    with pytest.raises(TypeError, match=r"optional attributes \['b'\] are not declared"):
        ObjectType({"a": NUMBER}, ["b"])


def test_attribute_names_are_nfc_normalised() -> None:
    assert ObjectType({"e\u0301": STRING}) == ObjectType({"\u00e9": STRING})
    assert list(ObjectType({"e\u0301": STRING}).attributes) == ["\u00e9"]


def test_dynamic_is_identical_only_to_itself() -> None:
    assert DYNAMIC.without_optional_attributes_deep() == DYNAMIC
    dynamic: Type = DYNAMIC
    assert dynamic != STRING
    assert ListType(DYNAMIC) != ListType(STRING)


def test_capsule_types_are_identical_only_to_themselves() -> None:
    a = CapsuleType("bytes", bytes)
    b = CapsuleType("bytes", bytes)
    assert {a: 1}[a] == 1
    assert a != b
    assert len({a, b}) == 2


def test_types_are_immutable() -> None:
    t = ObjectType({"a": NUMBER})
    with pytest.raises(AttributeError):
        t.attributes = {}
    with pytest.raises(TypeError):
        t.attributes["b"] = STRING  # type: ignore[index]
    with pytest.raises(AttributeError):
        ListType(STRING).element = NUMBER  # type: ignore[misc]


def test_non_types_are_rejected() -> None:
    with pytest.raises(TypeError):
        ListType("string")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ObjectType({"a": "string"})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        TupleType(["string"])  # type: ignore[list-item]


@given(TYPES)
def test_equal_types_hash_equal_and_pickle(t: Type) -> None:
    assert pickle.loads(pickle.dumps(t)) == t
    assert hash(pickle.loads(pickle.dumps(t))) == hash(t)


# ----------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("t", "name", "constraint"),
    [
        (STRING, "string", "string"),
        (NUMBER, "number", "number"),
        (BOOL, "bool", "bool"),
        (DYNAMIC, "dynamic", "any type"),
        (ListType(NUMBER), "list of number", "list of number"),
        (SetType(STRING), "set of string", "set of string"),
        (MapType(BOOL), "map of bool", "map of bool"),
        (ListType(DYNAMIC), "list of dynamic", "list of any single type"),
        (MapType(ListType(DYNAMIC)), "map of list of dynamic", "map of list of any single type"),
        (ObjectType({"a": STRING}), "object", "object"),
        (TupleType([STRING]), "tuple", "tuple"),
        (ListType(ObjectType({})), "list of object", "list of object"),
        (CapsuleType("blob"), "blob", "blob"),
    ],
)
def test_friendly_names(t: Type, name: str, constraint: str) -> None:
    assert t.friendly_name() == name
    assert t.friendly_name_for_constraint() == constraint


@pytest.mark.parametrize(
    ("t", "text"),
    [
        (STRING, "string"),
        (DYNAMIC, "any"),
        (ListType(STRING), "list(string)"),
        (SetType(MapType(NUMBER)), "set(map(number))"),
        (ObjectType({"b": NUMBER, "a": STRING}), "object({a=string,b=number})"),
        (ObjectType({"a-b": NUMBER, "x y": BOOL}), 'object({a-b=number,"x y"=bool})'),
        (ObjectType({"a": NUMBER}, ["a"]), "object({a=optional(number)})"),
        (TupleType([STRING, BOOL]), "tuple([string,bool])"),
        (EMPTY_TUPLE, "tuple([])"),
        (EMPTY_OBJECT, "object({})"),
        (CapsuleType("blob"), "blob"),
    ],
)
def test_type_expression_form(t: Type, text: str) -> None:
    assert str(t) == text


def test_repr_reads_back() -> None:
    t = ObjectType({"a": ListType(NUMBER), "b": TupleType([STRING, DYNAMIC])}, ["b"])
    assert repr(t) == (
        "ObjectType({'a': ListType(NUMBER), 'b': TupleType([STRING, DYNAMIC])}, optional=['b'])"
    )


# ----------------------------------------------------------------------------- matches


def test_any_type_matches_identical_type() -> None:
    assert STRING.matches(STRING)
    assert ObjectType({"a": NUMBER}).matches(ObjectType({"a": NUMBER}))
    assert not STRING.matches(NUMBER)


def test_any_type_matches_dynamic() -> None:
    assert STRING.matches(DYNAMIC)
    assert ListType(MapType(BOOL)).matches(DYNAMIC)


def test_matches_dynamic_nested_in_specification() -> None:
    # spec example: "list of dynamic" matches list of string and list of map, not set of string
    spec = ListType(DYNAMIC)
    assert ListType(STRING).matches(spec)
    assert ListType(MapType(STRING)).matches(spec)
    assert not SetType(STRING).matches(spec)
    obj_spec = ObjectType({"a": DYNAMIC, "b": NUMBER})
    assert ObjectType({"a": ListType(BOOL), "b": NUMBER}).matches(obj_spec)
    assert not ObjectType({"a": BOOL}).matches(obj_spec)
    assert TupleType([STRING, NUMBER]).matches(TupleType([DYNAMIC, NUMBER]))
    assert not TupleType([STRING]).matches(TupleType([DYNAMIC, NUMBER]))


def test_matches_is_not_commutative() -> None:
    assert STRING.matches(DYNAMIC)
    assert not DYNAMIC.matches(STRING)


@given(TYPES)
def test_every_type_matches_itself_and_dynamic(t: Type) -> None:
    assert t.matches(t)
    assert t.matches(DYNAMIC)


def test_has_dynamic_types() -> None:
    assert DYNAMIC.has_dynamic_types()
    assert ObjectType({"a": ListType(DYNAMIC)}).has_dynamic_types()
    assert TupleType([STRING, DYNAMIC]).has_dynamic_types()
    assert not MapType(TupleType([STRING])).has_dynamic_types()
    assert not CapsuleType("x").has_dynamic_types()


def test_without_optional_attributes_deep() -> None:
    t = ListType(TupleType([ObjectType({"a": ObjectType({"b": NUMBER}, ["b"])}, ["a"])]))
    assert t.without_optional_attributes_deep() == ListType(
        TupleType([ObjectType({"a": ObjectType({"b": NUMBER})})])
    )
