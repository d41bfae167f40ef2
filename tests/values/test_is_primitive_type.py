"""``Type.is_primitive_type``: go-cty's ``IsPrimitiveType``."""

from __future__ import annotations

import pytest

from hcldecode.values import (
    BOOL,
    BYTES,
    DYNAMIC,
    EMPTY_OBJECT,
    EMPTY_TUPLE,
    NUMBER,
    STRING,
    ListType,
    MapType,
    PrimitiveType,
    SetType,
    Type,
)


@pytest.mark.parametrize("t", [STRING, NUMBER, BOOL])
def test_string_number_and_bool_are_primitive(t: Type) -> None:
    assert t.is_primitive_type()
    assert isinstance(t, PrimitiveType)


@pytest.mark.parametrize(
    "t",
    [DYNAMIC, BYTES, ListType(STRING), SetType(NUMBER), MapType(BOOL), EMPTY_OBJECT, EMPTY_TUPLE],
)
def test_other_types_are_not(t: Type) -> None:
    assert not t.is_primitive_type()
    assert not isinstance(t, PrimitiveType)
