"""Indexing, attribute access and traversals, with HCL's diagnostics.

:func:`index` is HCL's ``collection[key]`` and :func:`get_attr` its
``value.name``, with the reference implementation's rules (``hcl.Index``
and ``hcl.GetAttr``): list and tuple keys are converted to numbers, map and
object keys to strings; unknown collections or keys give unknown results of
the best type that can be known; every impossible access is an error
diagnostic with the reference's texts, pointing at ``src_range`` (the
bracket or attribute part of the expression). On error the value is
:data:`~hcldecode.values.DYNAMIC_VALUE`.

Traversals (:class:`~hcldecode.model.Traversal`) apply these step by step,
and so does :func:`apply_path` with the path of a value's part.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .._text import go_quote
from ..values._convert import AttrStep, ConversionError, IndexStep, PathStep, convert
from ..values._errors import raw_text
from ..values._types import (
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    PrimitiveType,
    SetType,
    TupleType,
)
from ..values._value import DYNAMIC_VALUE, Value
from ._diagnostics import Diagnostic, Diagnostics, Range

__all__ = ["apply_path", "get_attr", "index"]

_NOT_AN_ELEMENT = "The given key does not identify an element in this collection value"


def _error(summary: str, detail: str, subject: Range | None) -> tuple[Value, Diagnostics]:
    return DYNAMIC_VALUE, Diagnostics([Diagnostic.error(summary, detail, subject)])


def _invalid_index(detail: str, subject: Range | None) -> tuple[Value, Diagnostics]:
    return _error("Invalid index", detail, subject)


def index(collection: Value, key: Value, src_range: Range | None) -> tuple[Value, Diagnostics]:
    """HCL's ``collection[key]``.

    Lists and tuples take number keys (``"1"`` converts), maps and objects
    string keys (a number converts to its decimal text); sets and primitive
    values cannot be indexed.

    Args:
        collection: The value indexed.
        key: The key.
        src_range: Where the diagnostics point (the bracket part of the
            expression), or ``None``.

    Returns:
        ``(value, diagnostics)``. An unknown list or map, or an unknown key,
        gives an unknown value of the element type; with a tuple or object
        whose element cannot be told, :data:`~hcldecode.values.DYNAMIC_VALUE`.
        Every impossible access (a null collection, a missing key, a key of
        the wrong type) is an error diagnostic with the reference's text,
        and the value is then :data:`~hcldecode.values.DYNAMIC_VALUE`.
        The marks of a marked collection mark the result; those of a
        marked key too when it selects a known element of a list, tuple or
        map (as HCL does).
    """
    if collection._marks or key._marks:
        return _marked_index(collection, key, src_range)
    return _index_unmarked(collection, key, src_range, marked=False)


def _marked_index(
    collection: Value, key: Value, src_range: Range | None
) -> tuple[Value, Diagnostics]:
    """:func:`index` of a marked collection or with a marked key."""
    collection, collection_marks = collection.unmark()
    key, key_marks = key.unmark()
    result, diags = _index_unmarked(collection, key, src_range, marked=bool(collection_marks))
    if diags.has_errors():
        return result, diags
    t = collection.type
    converted = key
    if isinstance(t, (ListType, TupleType, MapType)) and DYNAMIC not in (t, key.type):
        converted = convert(key, STRING if isinstance(t, MapType) else NUMBER)
    if (
        isinstance(t, (ListType, TupleType, MapType))
        and converted.is_known
        and (collection.is_known or isinstance(t, TupleType))
    ):
        return result.with_marks(collection_marks, key_marks), diags
    return result.with_marks(collection_marks), diags


def _index_unmarked(
    collection: Value, key: Value, src_range: Range | None, *, marked: bool
) -> tuple[Value, Diagnostics]:
    if collection.is_null:
        return _error(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
            src_range,
        )
    if key.is_null:
        return _invalid_index("Can't use a null value as an indexing key.", src_range)
    t = collection.type
    if DYNAMIC in (t, key.type):
        return DYNAMIC_VALUE, Diagnostics()
    if isinstance(t, (ListType, TupleType, MapType)):
        want = STRING if isinstance(t, MapType) else NUMBER
        try:
            key = convert(key, want)
        except ConversionError as error:
            return _invalid_index(f"{_NOT_AN_ELEMENT}: {raw_text(error)}.", src_range)
        if not (key.is_known and (collection.is_known or isinstance(t, TupleType))):
            if isinstance(t, TupleType):
                return DYNAMIC_VALUE, Diagnostics()
            return Value.unknown(t.element), Diagnostics()
        if want == STRING:
            return _map_element(collection, key.as_str(), src_range)
        return _sequence_element(collection, key.as_number(), src_range, marked=marked)
    if isinstance(t, ObjectType):
        was_number = key.type == NUMBER
        try:
            key = convert(key, STRING)
        except ConversionError as error:
            return _invalid_index(f"{_NOT_AN_ELEMENT}: {raw_text(error)}.", src_range)
        if not key.is_known:
            return DYNAMIC_VALUE, Diagnostics()
        name = key.as_str()
        if name not in t.attributes:
            hint = (
                " An object only supports looking up attributes by name, not by numeric index."
                if was_number
                else ""
            )
            return _invalid_index(f"{_NOT_AN_ELEMENT}.{hint}", src_range)
        return collection.get(name), Diagnostics()
    if isinstance(t, SetType):
        return _invalid_index(
            "Elements of a set are identified only by their value and don't have any "
            "separate index or key to select with, so it's only possible to perform "
            "operations across all elements of the set.",
            src_range,
        )
    return _invalid_index("This value does not have any indices.", src_range)


def _map_element(collection: Value, key: str, src_range: Range | None) -> tuple[Value, Diagnostics]:
    try:
        return collection.get(key), Diagnostics()
    except KeyError:
        return _invalid_index(f"{_NOT_AN_ELEMENT}.", src_range)


def _sequence_element(
    collection: Value, key: int | Fraction | float, src_range: Range | None, *, marked: bool
) -> tuple[Value, Diagnostics]:
    """Element ``key`` of a list or tuple (a tuple may be unknown: its element type is known).

    ``marked``: the collection was marked, so its length is too, and HCL
    then gives no reason for a key beyond the end.
    """
    t = collection.type
    length = len(t.elements) if isinstance(t, TupleType) else len(collection)
    whole = not isinstance(key, float) and Fraction(key).denominator == 1
    if whole and 0 <= key < length:
        position = int(key)
        if not collection.is_known:
            assert isinstance(t, TupleType)
            return Value.unknown(t.elements[position]), Diagnostics()
        return collection.elements()[position], Diagnostics()
    # The reference's messages, including its quirk: an index beyond the
    # length (rather than equal to it) gets only the generic message.
    if not whole:
        reason = (
            ": indexing a sequence requires a whole number, but the given index has a "
            "fractional part"
        )
    elif key < 0:
        reason = ": a negative number is not a valid index for a sequence"
    elif marked:
        reason = ""
    elif key == length == 0:
        reason = ": the collection has no elements"
    elif key == length:
        reason = ": the given index is greater than or equal to the length of the collection"
    else:
        reason = ""
    return _invalid_index(f"{_NOT_AN_ELEMENT}{reason}.", src_range)


def get_attr(obj: Value, name: str, src_range: Range | None) -> tuple[Value, Diagnostics]:
    """HCL's ``obj.name``: an object's attribute, or a map's element.

    Args:
        obj: The value whose attribute is taken.
        name: The attribute's name.
        src_range: Where the diagnostics point (the attribute part of the
            expression), or ``None``.

    Returns:
        ``(value, diagnostics)``. An unknown object or map gives an unknown
        value of the attribute or element type; a value of the dynamic
        pseudo-type gives :data:`~hcldecode.values.DYNAMIC_VALUE`. Every
        impossible access (a null value, a missing attribute or key, a value
        with no attributes) is an error diagnostic with the reference's text,
        and the value is then :data:`~hcldecode.values.DYNAMIC_VALUE`; lists
        and sets of objects get a hint that the attribute belongs to their
        elements. The marks of a marked value mark the result.
    """
    if obj._marks:
        unmarked, marks = obj.unmark()
        result, diags = get_attr(unmarked, name, src_range)
        return (result, diags) if diags.has_errors() else (result.with_marks(marks), diags)
    if obj.is_null:
        return _error(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
            src_range,
        )
    t = obj.type
    unsupported = "Unsupported attribute"
    if isinstance(t, ObjectType):
        if name not in t.attributes:
            return _error(
                unsupported,
                f"This object does not have an attribute named {go_quote(name)}.",
                src_range,
            )
        return obj.get(name), Diagnostics()
    if isinstance(t, MapType):
        if not obj.is_known:
            return Value.unknown(t.element), Diagnostics()
        try:
            return obj.get(name), Diagnostics()
        except KeyError:
            return _error(
                "Missing map element",
                f"This map does not have an element with the key {go_quote(name)}.",
                src_range,
            )
    if t == DYNAMIC:
        return DYNAMIC_VALUE, Diagnostics()
    if isinstance(t, ListType) and isinstance(t.element, ObjectType):
        if name in t.element.attributes:
            detail = (
                "Can't access attributes on a list of objects. Did you mean to access "
                f"attribute {go_quote(name)} for a specific element of the list, or across "
                "all elements of the list?"
            )
        else:
            detail = (
                "Can't access attributes on a list of objects. Did you mean to access an "
                "attribute for a specific element of the list, or across all elements of "
                "the list?"
            )
        return _error(unsupported, detail, src_range)
    if isinstance(t, SetType) and isinstance(t.element, ObjectType):
        return _error(
            unsupported,
            "Can't access attributes on a set of objects. Did you mean to access an "
            "attribute across all elements of the set?",
            src_range,
        )
    if isinstance(t, PrimitiveType):
        return _error(
            unsupported,
            f"Can't access attributes on a primitive-typed value ({t.friendly_name()}).",
            src_range,
        )
    return _error(unsupported, "This value does not have any attributes.", src_range)


def apply_path(
    value: Value, path: Iterable[PathStep], src_range: Range | None
) -> tuple[Value, Diagnostics]:
    """The part of a value that a path leads to, with HCL's diagnostics (``hcl.ApplyPath``).

    Args:
        value: The value the path starts from.
        path: The steps: each :class:`~hcldecode.values.IndexStep` is applied
            with :func:`index`, each :class:`~hcldecode.values.AttrStep` with
            :func:`get_attr`.
        src_range: Where the diagnostics point, or ``None``.

    Returns:
        ``(value, diagnostics)``; at the first step with an error the value
        is :data:`~hcldecode.values.DYNAMIC_VALUE`.

    Raises:
        TypeError: A step is of any other type.
    """
    diags = Diagnostics()
    for step in path:
        if isinstance(step, IndexStep):
            value, step_diags = index(value, step.key, src_range)
        elif isinstance(step, AttrStep):
            value, step_diags = get_attr(value, step.name, src_range)
        else:
            raise TypeError(f"not a path step: {step!r}")
        diags.extend(step_diags)
        if step_diags.has_errors():
            return DYNAMIC_VALUE, diags
    return value, diags
