"""The shortcuts of leaf types and of sequences of them (``LeafLowering.lower``,
``SequenceLowering.lower``) give what the whole walk gives.

For a known, unmarked, non-null value of the leaf's own HCL type the leaf's
object is made at once, and so are the objects of a tuple or list of such
values; every other value, and a value the leaf refuses, goes through the
walk of :class:`Lowering`. Whatever the value, the two must agree: the object,
or every error with its message, path and key.
"""

from __future__ import annotations

import decimal
import fractions
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hcldecode.pytypes import PythonTypes
from hcldecode.pytypes._lowering import LeafLowering, Lowering, SequenceLowering
from hcldecode.values import BOOL, NUMBER, SENSITIVE, STRING, ListType, Value

_TYPES = PythonTypes()
_ANNOTATIONS: list[Any] = [
    str,
    int,
    float,
    bool,
    decimal.Decimal,
    fractions.Fraction,
    Literal["a", "b"],
]

_PLAIN = st.one_of(
    st.text(max_size=8).map(Value.string),
    st.integers(min_value=-(10**30), max_value=10**30).map(Value.number),
    st.floats(allow_nan=False, allow_infinity=False).map(Value.number),
    st.sampled_from(["0.5", "1e400", "-7", "a", "b"]).map(Value.string),
    st.booleans().map(Value.bool),
    st.sampled_from([STRING, NUMBER, BOOL]).flatmap(
        lambda t: st.sampled_from([Value.null(t), Value.unknown(t)])
    ),
)
_VALUES = st.one_of(_PLAIN, _PLAIN.map(lambda v: v.mark(SENSITIVE)))

_SEQUENCE_ANNOTATIONS: list[Any] = [
    list[str],
    list[int],
    tuple[str, ...],
    tuple[bool, ...],
    set[str],
    frozenset[float],
    list[Literal["a", "b"]],
]


def _list_of(elements: list[Value]) -> st.SearchStrategy[Value]:
    """A list value of ``elements`` where they share one type, else none."""
    types = {e.type for e in elements}
    if len(types) != 1 or any(e.is_marked for e in elements):
        return st.nothing()
    return st.just(Value.list(elements))


_SEQUENCES = st.one_of(
    _VALUES,
    st.lists(_VALUES, max_size=4).map(Value.tuple),
    st.lists(_PLAIN, min_size=1, max_size=4).flatmap(_list_of),
    st.lists(_VALUES, max_size=4).map(lambda items: Value.tuple(items).mark(SENSITIVE)),
    st.sampled_from([Value.null(ListType(STRING)), Value.unknown(ListType(STRING))]),
)


def _outcome(result: tuple[Any, list[Any]]) -> tuple[Any, list[tuple[Any, ...]]]:
    obj, errors = result
    return (type(obj), obj), [(e.message, e.path, e.key) for e in errors]


@pytest.mark.parametrize(
    ("annotations", "values"),
    [(_ANNOTATIONS, _VALUES), (_SEQUENCE_ANNOTATIONS, _SEQUENCES)],
    ids=["leaves", "sequences of leaves"],
)
@given(data=st.data(), strict=st.booleans(), sensitive=st.booleans())
def test_the_shortcut_gives_what_the_walk_gives(
    annotations: list[Any],
    values: st.SearchStrategy[Value],
    data: st.DataObject,
    strict: bool,
    sensitive: bool,
) -> None:
    lowering = _TYPES.lowering(data.draw(st.sampled_from(annotations)))
    value = data.draw(values)
    walk = Lowering.lower(lowering, value, strict=strict, sensitive=sensitive)
    assert _outcome(lowering.lower(value, strict=strict, sensitive=sensitive)) == _outcome(walk)


def test_the_annotations_are_leaves() -> None:
    assert [type(_TYPES.lowering(a)) for a in _ANNOTATIONS] == [LeafLowering] * len(_ANNOTATIONS)


def test_the_sequence_annotations_are_sequences_of_leaves() -> None:
    lowerings = [_TYPES.lowering(a) for a in _SEQUENCE_ANNOTATIONS]
    assert [type(lw) for lw in lowerings] == [SequenceLowering] * len(lowerings)
    assert all(
        type(lw.element) is LeafLowering for lw in lowerings if isinstance(lw, SequenceLowering)
    )
