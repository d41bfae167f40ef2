"""Python objects to HCL values and back.

:func:`to_value` builds a :class:`~hcldecode.values._value.Value` from ordinary
Python data (what an application passes as variables); :func:`to_python`
lowers a value to ordinary Python data (what an application, or a function
written in Python, receives). :func:`type_for_annotation` reads a Python
type annotation as an HCL type.

Numbers: HCL numbers are exact. Integers become ``int``; every other finite
number becomes an exact ``Decimal`` (HCL's non-integers are binary
fractions, so a finite decimal expansion always exists); the infinities
become ``Decimal("Infinity")`` / ``Decimal("-Infinity")``. An annotation can
ask for ``float`` or ``Fraction`` instead.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs

from ._convert import ConversionError, convert
from ._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ._value import Value

__all__ = ["is_optional_annotation", "to_python", "to_value", "type_for_annotation"]


# --------------------------------------------------------------------------- Python to HCL


def to_value(obj: object, type: Type | None = None) -> Value:
    """The HCL value for the Python object ``obj``, converted to ``type`` if given.

    * a :class:`~hcldecode.values._value.Value` stays as it is;
    * ``None`` is null (of the dynamic pseudo-type);
    * ``str`` is a string, ``bool`` a bool;
    * ``int``, ``float``, ``Decimal``, ``Fraction`` are numbers (NaN raises ``ValueError``);
    * an ``Enum`` member is the value of its ``value``;
    * ``list`` and ``tuple`` are tuples (as HCL's ``[...]`` syntax makes them);
    * a mapping with string keys is an object (as HCL's ``{...}`` syntax makes it);
    * ``set`` and ``frozenset`` are sets; their elements must unify to one type;
    * dataclass and attrs instances are objects of their fields.

    Anything else raises ``TypeError`` naming where in ``obj`` it was found;
    a failed conversion to ``type`` raises ``ValueError`` with HCL's message.
    """
    value = _to_value(obj, "")
    if type is None:
        return value
    return _convert(value, type)


def _convert(value: Value, t: Type) -> Value:
    try:
        return convert(value, t)
    except ConversionError as error:
        raise ValueError(str(error)) from error


def _to_value(obj: object, path: str) -> Value:
    if isinstance(obj, Value):
        return obj
    if obj is None:
        return Value.null(DYNAMIC)
    if isinstance(obj, bool):
        return Value.bool(obj)
    if isinstance(obj, enum.Enum):
        return _to_value(obj.value, path)
    if isinstance(obj, (int, Fraction)):
        return Value.number(obj)
    if isinstance(obj, (float, Decimal)):
        if math.isnan(obj):
            raise ValueError(f"NaN{_at(path)} is not an HCL number")
        return Value.number(obj)
    if isinstance(obj, str):
        return Value.string(obj)
    if isinstance(obj, Mapping):
        return Value.object(_object_items(obj, path))
    if isinstance(obj, (list, tuple)):
        return Value.tuple(_to_value(e, f"{path}[{i}]") for i, e in enumerate(obj))
    if isinstance(obj, (set, frozenset)):
        elements = Value.tuple(_to_value(e, f"{path}[*]") for e in obj)
        try:
            return convert(elements, SetType(DYNAMIC))
        except ConversionError as error:
            raise TypeError(f"the elements of the set{_at(path)} have no common type") from error
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        names = [f.name for f in dataclasses.fields(obj)]
    elif attrs.has(type(obj)):
        names = [a.name for a in attrs.fields(type(obj))]  # type: ignore[arg-type]
    else:
        raise TypeError(f"cannot convert {type(obj).__name__}{_at(path)} to an HCL value")
    return Value.object(_object_items({n: getattr(obj, n) for n in names}, path))


def _object_items(mapping: Mapping[Any, object], path: str) -> dict[str, Value]:
    items: dict[str, Value] = {}
    for key, element in mapping.items():
        if not isinstance(key, str):
            raise TypeError(
                f"mapping{_at(path)} has key {key!r}: keys of HCL objects must be strings"
            )
        items[key] = _to_value(element, f"{path}[{key!r}]")
    return items


def _at(path: str) -> str:
    return f" at {path}" if path else ""


# --------------------------------------------------------------------------- HCL to Python


def to_python(value: Value, python_type: Any = Any) -> Any:
    """Ordinary Python data for ``value``, shaped by the annotation ``python_type``.

    Without an annotation (``Any``): null is ``None``; strings ``str``;
    bools ``bool``; integers ``int``, other numbers an exact ``Decimal``;
    lists, sets and tuples ``list``; maps and objects ``dict``; a capsule
    its Python object.

    An annotation accepted by :func:`type_for_annotation` first converts
    the value to that HCL type (failure: ``ValueError`` with HCL's message)
    and then picks the Python form: ``int`` (a fractional or infinite number
    raises ``ValueError``), ``float``, ``Decimal``, ``Fraction``, ``tuple``,
    ``set``, ``frozenset`` where the annotation says so. A null value is
    only accepted where the annotation allows ``None`` (``T | None`` or
    ``Any``). ``Value`` as annotation returns the value itself. An unknown
    value anywhere raises ``ValueError``.
    """
    if python_type is Value:
        return value
    optional = is_optional_annotation(python_type)
    annotation = _strip_optional(python_type)
    if annotation is not Any:
        value = _convert(value, type_for_annotation(annotation))
    if not value.is_known:
        raise ValueError("value must be known")
    if value.is_null:
        if optional or annotation is Any:
            return None
        raise ValueError("null value is not allowed")
    return _lower(value, annotation)


def _lower(value: Value, annotation: Any) -> Any:
    """The Python form of a known, non-null ``value`` already of the annotation's type."""
    t = value.type
    origin = typing.get_origin(annotation) or annotation
    args = typing.get_args(annotation)
    if t in (STRING, BOOL):
        return value.as_str() if t == STRING else value.as_bool()
    if t == NUMBER:
        return _lower_number(value, annotation)
    if isinstance(t, (ListType, SetType, TupleType)):
        elements = value.elements()
        if origin is tuple and args and args[-1] is not Ellipsis:
            return tuple(to_python(e, a) for e, a in zip(elements, args, strict=True))
        element_type = args[0] if args else Any
        lowered = [to_python(e, element_type) for e in elements]
        if origin in (set, AbstractSet):
            return set(lowered)
        if origin in (frozenset, tuple):
            return origin(lowered)
        return lowered
    if isinstance(t, (MapType, ObjectType)):
        element_type = args[1] if len(args) == 2 else Any
        return {k: to_python(v, element_type) for k, v in value.items()}
    return value.payload  # a capsule's object


def _lower_number(value: Value, annotation: Any) -> Any:
    n = value.as_number()
    if annotation is float:
        return value.as_float()
    finite = not isinstance(n, float)
    if annotation is int:
        if not (finite and Fraction(n).denominator == 1):
            raise ValueError("a whole number is required")
        return int(n)
    if annotation is Fraction:
        if not finite:
            raise ValueError("an infinite number has no exact fraction")
        return value.as_fraction()
    if annotation is not Decimal and isinstance(n, int):
        return n
    return value.as_decimal()


# --------------------------------------------------------------------------- annotations

_PRIMITIVES: dict[Any, Type] = {
    str: STRING,
    bool: BOOL,
    int: NUMBER,
    float: NUMBER,
    Decimal: NUMBER,
    Fraction: NUMBER,
}


def is_optional_annotation(annotation: Any) -> bool:
    """Whether the annotation admits ``None`` (``T | None``, ``Optional[T]``)."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return type(None) in typing.get_args(annotation)
    return annotation is None or annotation is type(None)


def _strip_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) is typing.Annotated:
        return _strip_optional(typing.get_args(annotation)[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(rest) == 1:
            return _strip_optional(rest[0])
        if not rest:
            return Any
        return typing.Union[tuple(rest)]  # noqa: UP007 - rebuilt from parts
    return annotation


def type_for_annotation(annotation: Any) -> Type:
    """The HCL type for a Python annotation; ``TypeError`` when there is none.

    ``str`` → string; ``int``, ``float``, ``Decimal``, ``Fraction`` →
    number; ``bool`` → bool; ``list[T]`` and ``Sequence[T]`` → list;
    ``set[T]``, ``frozenset[T]``, ``AbstractSet[T]`` → set; ``dict[str, T]``
    and ``Mapping[str, T]`` → map; ``tuple[A, B]`` → tuple type;
    ``tuple[T, ...]`` → list; ``Any``, ``object``, :class:`Value` and the
    unparameterised containers → the dynamic pseudo-type where the type is
    not given. ``T | None`` is the type of ``T``; ``Annotated[T, ...]`` too.
    """
    annotation = _strip_optional(annotation)
    if annotation in (Any, object, Value):
        return DYNAMIC
    if annotation in _PRIMITIVES:
        return _PRIMITIVES[annotation]
    origin = typing.get_origin(annotation) or annotation
    args = typing.get_args(annotation)
    if origin in (list, Sequence):
        return ListType(_element(args, 0))
    if origin in (set, frozenset, AbstractSet):
        return SetType(_element(args, 0))
    if origin in (dict, Mapping):
        if args and _strip_optional(args[0]) is not str:
            raise TypeError(f"{annotation!r}: HCL map keys are strings")
        return MapType(_element(args, 1))
    if origin is tuple:
        if annotation is tuple:
            return DYNAMIC
        if len(args) == 2 and args[1] is Ellipsis:
            return ListType(type_for_annotation(args[0]))
        # ``tuple[()]`` has no arguments (or ``((),)`` before Python 3.11)
        return TupleType(type_for_annotation(a) for a in args if a != ())
    raise TypeError(f"{annotation!r} has no HCL type")


def _element(args: tuple[Any, ...], index: int) -> Type:
    return type_for_annotation(args[index]) if len(args) > index else DYNAMIC
