"""Type conversion and unification of HCL values.

A conversion turns a value of one type into the corresponding value of
another type. *Safe* conversions never fail and never lose information
(``number`` to ``string``); *unsafe* ones may fail for some values
(``string`` to ``number``) or lose information (``list`` to ``set``).
:func:`convert` allows both, as HCL does wherever it converts a value to a
required type.

*Unification* finds one type that several types all convert to, preferring
the most general one (``string`` over ``number``), as HCL does for the two
results of a conditional or the elements of a collection.

The behaviour and every message follow go-cty's ``convert`` package, except
where HCL's specification says otherwise; the differences are listed in
``docs/compatibility.md``:

* an object converts to an object type that has attributes it lacks (they
  become null) and loses the attributes the target type does not have;
* objects with different attributes unify to an object type with all of the
  attributes, not to a map;
* a list or set converts (unsafely) to a tuple type of its length, and a
  map converts to an object type only when its keys are exactly the
  object's attributes;
* maps and objects unify (unsafely) to an object type, lists, sets and
  tuples to a tuple type;
* an input of the dynamic pseudo-type never makes the unified type dynamic
  unless every input is dynamic, and the conversion from the dynamic
  pseudo-type counts as safe.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from .._text import go_quote
from . import _number as number
from ._errors import Error, raw_text
from ._path import AttrStep, IndexStep, Path, PathStep
from ._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CollectionType,
    ListType,
    MapType,
    ObjectType,
    PrimitiveType,
    SetType,
    TupleType,
    Type,
)
from ._value import FALSE, TRUE, Value

__all__ = [
    "AttrStep",
    "Conversion",
    "ConversionError",
    "IndexStep",
    "Path",
    "PathStep",
    "can_convert",
    "convert",
    "get_conversion",
    "mismatch_message",
    "path_text",
    "unify",
    "unify_unsafe",
]


def path_text(path: Path) -> str:
    """A path as the words that lead a message about the part it leads to.

    Args:
        path: The path, as :attr:`ConversionError.path` holds it.

    Returns:
        ``element 1: attribute "q": `` (empty for the whole value), so that
        ``path_text(error.path) + error.message`` says where and what.
    """
    words = []
    for step in path:
        key = step.name if isinstance(step, AttrStep) else step.key
        if isinstance(key, str):
            words.append(f"attribute {go_quote(key)}: ")
        elif key.type == NUMBER and key.is_known and not key.is_null:
            words.append(f"element {number.to_string(key.as_number())}: ")
        elif key.type == STRING and key.is_known and not key.is_null:
            words.append(f"element {go_quote(key.as_str())}: ")
    return "".join(words)


class ConversionError(Error, ValueError):
    """A value that cannot be converted to the required type.

    Args:
        message: The reference's message (also ``str(error)``), for example
            ``a number is required``.
        path: Leads from the converted value to the part of it that failed
            (empty for the value itself).

    Attributes:
        message: The message.
        path: The path, a tuple of :class:`AttrStep` and :class:`IndexStep`.
    """

    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


Conversion = Callable[[Value], Value]
"""A conversion of values of one type to another; raises :class:`ConversionError`."""

_Conv = Callable[[Value, Path], Value]


# --------------------------------------------------------------------------- public API


def convert(value: Value, want: Type) -> Value:
    """A value converted to a type, allowing unsafe conversions (go-cty's ``convert.Convert``).

    Args:
        value: The value to convert.
        want: The type, or type specification (the dynamic pseudo-type inside
            it accepts any type).

    Returns:
        The converted value. Null converts to the null value of ``want``, an
        unknown value to the unknown value of ``want``; conversion to the
        dynamic pseudo-type returns ``value`` itself.

    Raises:
        ConversionError: The value cannot be converted; its ``path`` says which
            part failed.
    """
    return _convert(value, want, ())


def get_conversion(from_type: Type, to_type: Type, *, safe: bool) -> Conversion | None:
    """The conversion of values of one type to another.

    Args:
        from_type: The type of the values to convert.
        to_type: The type to convert them to.
        safe: Offer only safe conversions (those that cannot fail for any
            value of ``from_type``).

    Returns:
        A callable that converts one value (and raises
        :class:`ConversionError` for a value it cannot convert), or ``None``
        when there is no conversion. A type converts to itself (the
        conversion returns its argument).
    """
    conv = _get_conversion(from_type, to_type, unsafe=not safe)
    if conv is None:
        return None
    return lambda value: conv(value, ())


def can_convert(from_type: Type, to_type: Type, *, safe: bool = False) -> bool:
    """Whether values of one type may be converted to another.

    Args:
        from_type: The type of the values to convert.
        to_type: The type to convert them to.
        safe: Accept only safe conversions.

    Returns:
        ``True`` when :func:`get_conversion` would give a conversion.
    """
    return _get_conversion(from_type, to_type, unsafe=not safe) is not None


def unify(types: Sequence[Type]) -> tuple[Type | None, list[Conversion | None]]:
    """The most general type that all the given types convert to safely (go-cty's ``Unify``).

    Args:
        types: The types to unify.

    Returns:
        ``(type, conversions)``: the type and, for each input, the conversion
        to it (``None`` where the input is already of that type); or
        ``(None, [])`` when there is no such type.
    """
    return _unify_with_conversions(types, unsafe=False)


def unify_unsafe(types: Sequence[Type]) -> tuple[Type | None, list[Conversion | None]]:
    """Like :func:`unify`, but the conversions may be unsafe (as HCL's conditionals use).

    Args:
        types: The types to unify.

    Returns:
        ``(type, conversions)`` as for :func:`unify`; ``(None, [])`` when there
        is no such type.
    """
    return _unify_with_conversions(types, unsafe=True)


def mismatch_message(got: Type, want: Type) -> str:
    """Why a value of one type does not convert to another, as go-cty's ``MismatchMessage``.

    Args:
        got: The type of the value.
        want: The type required.

    Returns:
        The message, for example ``number required, but have bool``,
        ``list of number required, but have number``,
        ``element "a": string required, but have object``.
    """
    if isinstance(got, ObjectType) and isinstance(want, ObjectType):
        return _mismatch_objects(got, want)
    if isinstance(want, CollectionType) and want.element == DYNAMIC:
        if isinstance(got, TupleType) and isinstance(want, (ListType, SetType)):
            return f"all {want.kind} elements must have the same type"
        if isinstance(got, ObjectType) and isinstance(want, MapType):
            return "all map elements must have the same type"
    if isinstance(got, (TupleType, ObjectType)) and isinstance(want, CollectionType):
        return _mismatch_from_structural(got, want)
    if isinstance(got, CollectionType) and isinstance(want, CollectionType):
        return _mismatch_from_collection(got, want)
    if not _likely_confusing(got, want):
        return f"{want.friendly_name()} required, but have {got.friendly_name()}"
    return f"{want.friendly_name_for_constraint()} required"


# --------------------------------------------------------------------------- conversion


def _convert(value: Value, want: Type, path: Path) -> Value:
    if value.type == want.without_optional_attributes_deep():
        return value
    conv = _get_conversion(value.type, want, unsafe=True)
    if conv is None:
        raise ConversionError(mismatch_message(value.type, want), path)
    return conv(value, path)


def _identity(value: Value, path: Path) -> Value:
    return value


@functools.lru_cache(maxsize=4096)
def _get_conversion(in_type: Type, out_type: Type, *, unsafe: bool) -> _Conv | None:
    """The conversion, wrapped with the rules for null, unknown and dynamic values.

    Conversions are pure, so they are cached: unification asks for the same
    ones at every level of a nested type.
    """
    if out_type == DYNAMIC:
        return _identity
    if in_type == out_type:
        return _identity
    conv = _known_conversion(in_type, out_type, unsafe=unsafe)
    if conv is None:
        return None
    concrete_out = out_type.without_optional_attributes_deep()

    def wrapped(value: Value, path: Path) -> Value:
        if value._marks:
            # As go-cty: converted unmarked, the result marked again.
            unmarked, marks = value.unmark()
            return wrapped(unmarked, path).with_marks(marks)
        if not value.is_known:
            return _unknown_result(value, _dynamic_replace(value.type, concrete_out))
        if value.is_null:
            return Value.null(_dynamic_replace(value.type, concrete_out))
        return conv(value, path)

    return wrapped


def _unknown_result(value: Value, target: Type) -> Value:
    """An unknown value converted to ``target``: what go-cty keeps of its
    refinements (whether it can be null, and collection lengths; a string
    prefix or number bounds do not survive a change of type)."""
    source = value.range()
    source_type = source.type
    builder = Value.unknown(target).refine()
    if source.definitely_not_null:
        builder.not_null()
    if isinstance(source_type, ObjectType) and isinstance(target, MapType):
        builder.collection_length(len(source_type.attributes))
    elif isinstance(source_type, TupleType) and isinstance(target, ListType):
        builder.collection_length(len(source_type.elements))
    elif isinstance(source_type, TupleType) and isinstance(target, SetType):
        count = len(source_type.elements)
        if count <= 1:
            builder.collection_length(count)
        else:
            builder.collection_length_lower_bound(1).collection_length_upper_bound(count)
    elif isinstance(source_type, CollectionType) and isinstance(target, CollectionType):
        if not isinstance(target, SetType):
            builder.collection_length_lower_bound(source.length_lower_bound)
        elif source.length_lower_bound > 0:
            builder.collection_length_lower_bound(1)
        builder.collection_length_upper_bound(source.length_upper_bound)
    return builder.new_value()


def _known_conversion(in_type: Type, out_type: Type, *, unsafe: bool) -> _Conv | None:
    """The conversion of known, non-null values of ``in_type`` to ``out_type``."""
    if in_type == DYNAMIC:
        return lambda value, path: _convert(value, out_type, path)
    if isinstance(in_type, PrimitiveType) and isinstance(out_type, PrimitiveType):
        return _primitive_conversion(in_type, out_type, unsafe=unsafe)
    if isinstance(out_type, ObjectType):
        if isinstance(in_type, ObjectType):
            return _object_to_object(in_type, out_type, unsafe=unsafe)
        if isinstance(in_type, MapType) and unsafe:
            return _map_to_object(in_type, out_type)
        return None
    if isinstance(out_type, TupleType):
        if isinstance(in_type, TupleType):
            return _tuple_to_tuple(in_type, out_type, unsafe=unsafe)
        if isinstance(in_type, (ListType, SetType)) and unsafe:
            return _collection_to_tuple(in_type, out_type)
        return None
    if isinstance(out_type, (ListType, SetType)):
        if isinstance(in_type, (ListType, SetType)):
            if isinstance(in_type, ListType) and isinstance(out_type, SetType) and not unsafe:
                return None
            return _collection_to_collection(in_type, out_type, unsafe=unsafe)
        if isinstance(in_type, TupleType):
            return _tuple_to_sequence(in_type, out_type, unsafe=unsafe)
        return None
    if isinstance(out_type, MapType):
        if isinstance(in_type, MapType):
            return _collection_to_collection(in_type, out_type, unsafe=unsafe)
        if isinstance(in_type, ObjectType):
            return _object_to_map(in_type, out_type, unsafe=unsafe)
    return None


_STRING_TRUE = Value.string("true")
_STRING_FALSE = Value.string("false")


def _number_to_string(value: Value, path: Path) -> Value:
    return Value.string(number.to_string(value.as_number()))


def _bool_to_string(value: Value, path: Path) -> Value:
    return _STRING_TRUE if value.as_bool() else _STRING_FALSE


def _string_to_number(value: Value, path: Path) -> Value:
    try:
        return Value.number(value.as_str())
    except number.NumberRangeError as err:
        raise ConversionError(raw_text(err), path) from None
    except ValueError:
        raise ConversionError("a number is required", path) from None


_STRING_BOOLS = {"true": TRUE, "1": TRUE, "false": FALSE, "0": FALSE}


def _string_to_bool(value: Value, path: Path) -> Value:
    text = value.as_str()
    if text in _STRING_BOOLS:
        return _STRING_BOOLS[text]
    lowered = text.lower()
    if lowered in ("true", "false"):
        raise ConversionError(
            f'a bool is required; to convert from string, use lowercase "{lowered}"', path
        )
    raise ConversionError("a bool is required", path)


_SAFE_PRIMITIVE: dict[tuple[Type, Type], _Conv] = {
    (NUMBER, STRING): _number_to_string,
    (BOOL, STRING): _bool_to_string,
}
_UNSAFE_PRIMITIVE: dict[tuple[Type, Type], _Conv] = {
    (STRING, NUMBER): _string_to_number,
    (STRING, BOOL): _string_to_bool,
}


def _primitive_conversion(
    in_type: PrimitiveType, out_type: PrimitiveType, *, unsafe: bool
) -> _Conv | None:
    key = (in_type, out_type)
    if key in _SAFE_PRIMITIVE:
        return _SAFE_PRIMITIVE[key]
    return _UNSAFE_PRIMITIVE.get(key) if unsafe else None


def _element_conversions(pairs: Sequence[tuple[Type, Type]], *, unsafe: bool) -> list[_Conv] | None:
    """The conversion for each ``(from, to)`` pair, or None if one is impossible."""
    convs = []
    for in_type, out_type in pairs:
        conv = _get_conversion(in_type, out_type, unsafe=unsafe)
        if conv is None:
            return None
        convs.append(conv)
    return convs


def _concrete_null(value: Value) -> Value:
    """A null value re-made with the optional-attribute markers of its type removed."""
    if value.is_null:
        return Value.null(value.type.without_optional_attributes_deep()).with_same_marks(value)
    return value


def _object_to_object(in_type: ObjectType, out_type: ObjectType, *, unsafe: bool) -> _Conv | None:
    names = [name for name in out_type.attributes if name in in_type.attributes]
    convs = _element_conversions(
        [(in_type.attributes[name], out_type.attributes[name]) for name in names], unsafe=unsafe
    )
    if convs is None:
        return None
    by_name = dict(zip(names, convs, strict=True))
    missing = {
        name: Value.null(t.without_optional_attributes_deep())
        for name, t in out_type.attributes.items()
        if name not in by_name
    }

    def conversion(value: Value, path: Path) -> Value:
        attributes = dict(missing)
        for name, attribute in value.items():
            if name in by_name:
                converted = by_name[name](attribute, (*path, AttrStep(name)))
                attributes[name] = _concrete_null(converted)
        return Value.object(attributes)

    return conversion


def _tuple_to_tuple(in_type: TupleType, out_type: TupleType, *, unsafe: bool) -> _Conv | None:
    if len(in_type.elements) != len(out_type.elements):
        return None
    convs = _element_conversions(
        list(zip(in_type.elements, out_type.elements, strict=True)), unsafe=unsafe
    )
    if convs is None:
        return None

    def conversion(value: Value, path: Path) -> Value:
        return Value.tuple(
            conv(element, (*path, _index(i)))
            for i, (conv, element) in enumerate(zip(convs, value.elements(), strict=True))
        )

    return conversion


def _index(i: int) -> IndexStep:
    return IndexStep(Value.number(i))


def _make_collection(
    kind: type[CollectionType],
    elements: Sequence[Value],
    element_type: Type,
    source_element_type: Type,
    path: Path,
) -> Value:
    """A list or set value of converted elements.

    ``element_type`` is the target element type; where it is dynamic the
    elements keep their own type, which must then be the same for all.
    """
    if not elements:
        empty_type = (
            source_element_type
            if element_type == DYNAMIC
            else element_type.without_optional_attributes_deep()
        )
        return _collection_value(kind, [], empty_type)
    _check_same_types(elements, "element types", kind.kind, path)
    return _collection_value(kind, elements, None)


def _collection_value(
    kind: type[CollectionType], elements: Sequence[Value], element_type: Type | None
) -> Value:
    if kind is ListType:
        return Value.list(elements, element_type)
    return Value.set(elements, element_type)


def _collection_to_collection(
    in_type: CollectionType, out_type: CollectionType, *, unsafe: bool
) -> _Conv | None:
    out_element = out_type.element
    conv = _get_conversion(in_type.element, out_element, unsafe=unsafe)
    if conv is None:
        return None
    if isinstance(out_type, MapType):
        return _map_to_map(conv, out_element)
    kind = type(out_type)

    def conversion(value: Value, path: Path) -> Value:
        length = value.length()
        if not length.is_known:
            element = _dynamic_replace(in_type.element, out_element)
            return Value.unknown(kind(element.without_optional_attributes_deep()))
        elements = [
            _concrete_null(conv(element, (*path, _index(i))))
            for i, element in enumerate(value.elements())
        ]
        return _make_collection(kind, elements, out_element, in_type.element, path)

    return conversion


def _map_to_map(conv: _Conv, out_element: Type) -> _Conv:
    def conversion(value: Value, path: Path) -> Value:
        entries = {
            key: conv(element, (*path, IndexStep(Value.string(key))))
            for key, element in value.items()
        }
        return _make_map(entries, out_element, value.type, path, unsafe=False, noun="element")

    return conversion


def _make_map(
    entries: dict[str, Value],
    element_type: Type,
    source_type: Type,
    path: Path,
    *,
    unsafe: bool,
    noun: str,
) -> Value:
    """A map of converted entries, their types unified where the element type is inexact."""
    if not entries:
        if element_type != DYNAMIC:
            return Value.map({}, element_type.without_optional_attributes_deep())
        empty = source_type.element if isinstance(source_type, MapType) else DYNAMIC
        return Value.map({}, empty)
    if isinstance(element_type, (CollectionType, ObjectType)):
        keys = list(entries)
        unified = _unify_elements(
            [(IndexStep(Value.string(k)), entries[k]) for k in keys], path, unsafe=unsafe
        )
        entries = dict(zip(keys, unified, strict=True))
    _check_same_types(list(entries.values()), f"{noun} types", "map", path)
    return Value.map(entries)


def _check_same_types(elements: Sequence[Value], noun: str, kind: str, path: Path) -> None:
    first = elements[0].type
    if any(e.type not in (first, DYNAMIC) for e in elements):
        raise ConversionError(f"{noun} must all match for conversion to {kind}", path)


def _unify_elements(
    items: Sequence[tuple[PathStep, Value]], path: Path, *, unsafe: bool
) -> list[Value]:
    """The values of ``items`` converted to the unification of their types."""
    unified = _unify([value.type for _, value in items], unsafe=unsafe)
    if unified is None:
        raise ConversionError("cannot find a common base type for all elements", path)
    result = []
    for step, value in items:
        conv = _get_conversion(value.type, unified, unsafe=unsafe)
        assert conv is not None  # _unify checked that every type converts
        result.append(conv(value, (*path, step)))
    return result


def _structural_element_type(
    element_types: Sequence[Type], element_type: Type, *, unsafe: bool
) -> Type | None:
    """The element type a tuple or object converts to: ``element_type``, or the unified one."""
    if element_type != DYNAMIC:
        return element_type
    unified = _unify(element_types, unsafe=unsafe)
    if unified == DYNAMIC and any(t != DYNAMIC for t in element_types):
        return None
    return unified


def _tuple_to_sequence(
    in_type: TupleType, out_type: ListType | SetType, *, unsafe: bool
) -> _Conv | None:
    kind = type(out_type)
    if not in_type.elements:
        empty = _collection_value(kind, [], out_type.element.without_optional_attributes_deep())
        return lambda value, path: empty
    element_type = _structural_element_type(in_type.elements, out_type.element, unsafe=unsafe)
    if element_type is None:
        return None
    convs = _element_conversions([(t, element_type) for t in in_type.elements], unsafe=unsafe)
    if convs is None:
        return None

    def conversion(value: Value, path: Path) -> Value:
        elements = [
            conv(element, (*path, _index(i)))
            for i, (conv, element) in enumerate(zip(convs, value.elements(), strict=True))
        ]
        if kind is ListType:
            elements = _unify_elements(
                [(_index(i), e) for i, e in enumerate(elements)], path, unsafe=unsafe
            )
        else:
            elements = [_concrete_null(e) for e in elements]
        return _make_collection(kind, elements, element_type, element_type, path)

    return conversion


def _object_to_map(in_type: ObjectType, out_type: MapType, *, unsafe: bool) -> _Conv | None:
    if not in_type.attributes:
        empty = Value.map({}, out_type.element.without_optional_attributes_deep())
        return lambda value, path: empty
    element_type = _structural_element_type(
        list(in_type.attributes.values()), out_type.element, unsafe=unsafe
    )
    if element_type is None:
        return None
    names = list(in_type.attributes)
    convs = _element_conversions(
        [(in_type.attributes[name], element_type) for name in names], unsafe=unsafe
    )
    if convs is None:
        return None
    by_name = dict(zip(names, convs, strict=True))

    def conversion(value: Value, path: Path) -> Value:
        entries = {
            name: by_name[name](attribute, (*path, IndexStep(Value.string(name))))
            for name, attribute in value.items()
        }
        return _make_map(entries, element_type, in_type, path, unsafe=unsafe, noun="attribute")

    return conversion


def _map_to_object(in_type: MapType, out_type: ObjectType) -> _Conv | None:
    convs: dict[str, _Conv | None] = {}
    for name, attribute_type in out_type.attributes.items():
        conv = _get_conversion(in_type.element, attribute_type, unsafe=True)
        if conv is None and name not in out_type.optional:
            return None
        convs[name] = conv

    def conversion(value: Value, path: Path) -> Value:
        attributes = {}
        for key, element in value.items():
            if key not in convs:
                raise ConversionError(f"unsupported attribute {go_quote(key)}", path)
            conv = convs[key]
            if conv is None:
                wanted = out_type.attributes[key]
                raise ConversionError(
                    f"map element type is incompatible with attribute {go_quote(key)}: "
                    f"{mismatch_message(element.type, wanted)}",
                    path,
                )
            attributes[key] = _concrete_null(conv(element, (*path, IndexStep(Value.string(key)))))
        for name, attribute_type in out_type.attributes.items():
            if name in attributes:
                continue
            if name not in out_type.optional:
                raise ConversionError(
                    f"map has no element for required attribute {go_quote(name)}", path
                )
            attributes[name] = Value.null(attribute_type.without_optional_attributes_deep())
        return Value.object(attributes)

    return conversion


def _collection_to_tuple(in_type: ListType | SetType, out_type: TupleType) -> _Conv | None:
    convs = _element_conversions([(in_type.element, t) for t in out_type.elements], unsafe=True)
    if convs is None:
        return None

    def conversion(value: Value, path: Path) -> Value:
        length = value.length()
        if not length.is_known:
            return Value.unknown(out_type.without_optional_attributes_deep())
        elements = value.elements()
        if len(elements) != len(convs):
            raise ConversionError(
                f"{len(convs)} elements are required, but got {len(elements)}", path
            )
        return Value.tuple(
            _concrete_null(conv(element, (*path, _index(i))))
            for i, (conv, element) in enumerate(zip(convs, elements, strict=True))
        )

    return conversion


def _dynamic_replace(in_type: Type, out_type: Type) -> Type:
    """``out_type`` with its dynamic parts replaced by the matching parts of ``in_type``."""
    if in_type == DYNAMIC:
        return out_type
    if out_type == DYNAMIC:
        return in_type
    if isinstance(out_type, MapType):
        if isinstance(in_type, MapType):
            return MapType(_dynamic_replace(in_type.element, out_type.element))
        if isinstance(in_type, ObjectType):
            unified = _unify(list(in_type.attributes.values()), unsafe=True)
            return MapType(_dynamic_replace(unified or DYNAMIC, out_type.element))
        return out_type
    if isinstance(out_type, (ListType, SetType)):
        if isinstance(in_type, (ListType, SetType)):
            return type(out_type)(_dynamic_replace(in_type.element, out_type.element))
        if isinstance(in_type, TupleType):
            unified = _unify(in_type.elements, unsafe=True)
            return type(out_type)(_dynamic_replace(unified or DYNAMIC, out_type.element))
        return out_type
    if isinstance(out_type, ObjectType):
        attributes = {}
        for name, t in out_type.attributes.items():
            if isinstance(in_type, MapType):
                attributes[name] = _dynamic_replace(in_type.element, t)
            elif isinstance(in_type, ObjectType) and name in in_type.attributes:
                attributes[name] = _dynamic_replace(in_type.attributes[name], t)
            else:
                attributes[name] = t
        return ObjectType(attributes)
    if (
        isinstance(out_type, TupleType)
        and isinstance(in_type, TupleType)
        and len(in_type.elements) == len(out_type.elements)
    ):
        return TupleType(
            _dynamic_replace(i, o) for i, o in zip(in_type.elements, out_type.elements, strict=True)
        )
    return out_type


# --------------------------------------------------------------------------- unification


def _unify_with_conversions(
    types: Sequence[Type], *, unsafe: bool
) -> tuple[Type | None, list[Conversion | None]]:
    result = _unify(types, unsafe=unsafe)
    if result is None:
        return None, []
    conversions: list[Conversion | None] = []
    for t in types:
        if t == result:
            conversions.append(None)
            continue
        conv = get_conversion(t, result, safe=not unsafe)
        if conv is None:
            return None, []
        conversions.append(conv)
    return result, conversions


def _unify(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    """The unified type of ``types``, or None; every input converts to the result."""
    result = _unify_type(types, unsafe=unsafe)
    if result is None:
        return None
    for t in types:
        if _get_conversion(t, result, unsafe=unsafe) is None:
            return None
    return result


def _unify_type(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    if not types:
        return None
    concrete = [t for t in types if t != DYNAMIC]
    if not concrete:
        return DYNAMIC
    if all(t == concrete[0] for t in concrete):
        return concrete[0]
    kinds = {_kind(t) for t in concrete}
    if {"object", "tuple"} <= kinds:
        return None
    if len(kinds) == 1 and isinstance(concrete[0], CollectionType):
        element = _unify([t.element for t in concrete], unsafe=unsafe)  # type: ignore[attr-defined]
        return None if element is None else type(concrete[0])(element)
    if kinds == {"list", "set"}:
        return _unify_collections(ListType, concrete, unsafe=unsafe)
    if kinds == {"object"}:
        return _unify_objects(concrete, unsafe=unsafe)
    if kinds == {"object", "map"}:
        return _unify_objects_and_maps(concrete, unsafe=unsafe)
    if kinds == {"tuple"}:
        return _unify_tuples(concrete, unsafe=unsafe)
    if "tuple" in kinds and kinds <= {"tuple", "list", "set"}:
        return _unify_tuples_and_sequences(concrete, kinds, unsafe=unsafe)
    return _unify_by_preference(concrete, unsafe=unsafe)


def _kind(t: Type) -> str:
    if isinstance(t, CollectionType):
        return t.kind
    if isinstance(t, ObjectType):
        return "object"
    if isinstance(t, TupleType):
        return "tuple"
    return "other"


def _element_types(types: Sequence[Type]) -> list[Type]:
    """The element types of collections and tuples, in order."""
    elements: list[Type] = []
    for t in types:
        if isinstance(t, CollectionType):
            elements.append(t.element)
        elif isinstance(t, TupleType):
            elements.extend(t.elements)
        elif isinstance(t, ObjectType):
            elements.extend(t.attributes.values())
    return elements


def _unify_collections(
    kind: type[CollectionType], types: Sequence[Type], *, unsafe: bool
) -> Type | None:
    element = _unify(_element_types(types), unsafe=unsafe)
    return None if element is None else kind(element)


def _unify_objects(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    """Object types unify to the object type with all their attributes (HCL's specification)."""
    across: dict[str, list[Type]] = {}
    for t in types:
        assert isinstance(t, ObjectType)
        for name, attribute_type in t.attributes.items():
            across.setdefault(name, []).append(attribute_type)
    attributes = {}
    for name, attribute_types in across.items():
        unified = _unify(attribute_types, unsafe=unsafe)
        if unified is None:
            return None
        attributes[name] = unified
    return ObjectType(attributes)


def _unify_objects_and_maps(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    """Objects and maps: an object type when unsafe conversions are allowed, else a map."""
    if not unsafe:
        return _unify_collections(MapType, types, unsafe=unsafe)
    objects = _unify_objects([t for t in types if isinstance(t, ObjectType)], unsafe=unsafe)
    if objects is None:
        return None
    assert isinstance(objects, ObjectType)
    map_element = _unify(_element_types([t for t in types if isinstance(t, MapType)]), unsafe=True)
    if map_element is None:
        return None
    attributes = {}
    for name, attribute_type in objects.attributes.items():
        unified = _unify([attribute_type, map_element], unsafe=True)
        if unified is None:
            return None
        attributes[name] = unified
    return ObjectType(attributes)


def _unify_tuples(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    """Tuples of one length unify element by element; otherwise to a list, as go-cty does."""
    lengths = {len(t.elements) for t in types if isinstance(t, TupleType)}
    if len(lengths) != 1:
        return _unify_collections(ListType, types, unsafe=unsafe)
    elements = []
    for i in range(lengths.pop()):
        unified = _unify([t.elements[i] for t in types if isinstance(t, TupleType)], unsafe=unsafe)
        if unified is None:
            return None
        elements.append(unified)
    return TupleType(elements)


def _unify_tuples_and_sequences(
    types: Sequence[Type], kinds: set[str], *, unsafe: bool
) -> Type | None:
    """Tuples with lists or sets: a tuple type when unsafe conversions are allowed."""
    tuples = _unify_tuples([t for t in types if isinstance(t, TupleType)], unsafe=unsafe)
    if tuples is None:
        return None
    others = [t for t in types if not isinstance(t, TupleType)]
    if unsafe and isinstance(tuples, TupleType):
        element = _unify(_element_types(others), unsafe=True)
        if element is None:
            return None
        elements = []
        for t in tuples.elements:
            unified = _unify([t, element], unsafe=True)
            if unified is None:
                return None
            elements.append(unified)
        return TupleType(elements)
    kind: type[CollectionType] = ListType if "list" in kinds else SetType
    return _unify_collections(kind, [tuples, *others], unsafe=unsafe)


def _unify_by_preference(types: Sequence[Type], *, unsafe: bool) -> Type | None:
    """The first type, in go-cty's order of generality, that every type converts to."""
    for candidate in _by_generality(types):
        if all(_get_conversion(t, candidate, unsafe=unsafe) is not None for t in types):
            return candidate
    return None


def _by_generality(types: Sequence[Type]) -> list[Type]:
    """``types`` topologically sorted, most general first (go-cty's ``sortTypes``)."""
    count = len(types)
    edges: list[list[int]] = [[] for _ in types]
    in_degree = [0] * count
    for i in range(count - 1):
        for j in range(i + 1, count):
            order = _compare_generality(types[i], types[j])
            if order < 0:
                edges[i].append(j)
                in_degree[j] += 1
            elif order > 0:
                edges[j].append(i)
                in_degree[i] += 1
    queue = [i for i in range(count) if in_degree[i] == 0]
    position = 0
    while position < len(queue):
        for j in edges[queue[position]]:
            in_degree[j] -= 1
            if in_degree[j] == 0:
                queue.append(j)
        position += 1
    return [types[i] for i in queue]


def _compare_generality(a: Type, b: Type) -> int:
    """-1 if ``a`` is more general than ``b``, 1 if less, else 0 (go-cty's ``compareTypes``)."""
    if DYNAMIC in (a, b):
        return (a == DYNAMIC) - (b == DYNAMIC)
    if isinstance(a, PrimitiveType) and isinstance(b, PrimitiveType):
        return (a != STRING) - (b != STRING) if STRING in (a, b) else 0
    if isinstance(a, CollectionType) and type(a) is type(b):
        return _compare_generality(a.element, b.element)
    if isinstance(a, ObjectType) and isinstance(b, ObjectType):
        if a.attributes.keys() != b.attributes.keys():
            return 0
        return _compare_parts(
            [_compare_generality(t, b.attributes[name]) for name, t in a.attributes.items()]
        )
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        if len(a.elements) != len(b.elements):
            return 0
        return _compare_parts(
            [_compare_generality(x, y) for x, y in zip(a.elements, b.elements, strict=True)]
        )
    return 0


def _compare_parts(orders: Sequence[int]) -> int:
    a_more, b_more = -1 in orders, 1 in orders
    if a_more == b_more:
        return 0
    return -1 if a_more else 1


# --------------------------------------------------------------------------- messages


def _mismatch_objects(got: ObjectType, want: ObjectType) -> str:
    """The first attribute that does not convert; unsafe failures before safe ones.

    Attributes missing from ``got`` are no error here: conversion fills them
    with null, as HCL's specification says.
    """
    unsafe_problem = safe_problem = ""
    for name, want_type in want.attributes.items():
        if name not in got.attributes:
            continue
        got_type = got.attributes[name]
        if got_type == want_type:
            continue
        problem = f"attribute {go_quote(name)}: {mismatch_message(got_type, want_type)}"
        if not unsafe_problem and not can_convert(got_type, want_type):
            unsafe_problem = problem
        if not safe_problem and not can_convert(got_type, want_type, safe=True):
            safe_problem = problem
    return unsafe_problem or safe_problem or "incorrect object attributes"


def _mismatch_from_structural(got: TupleType | ObjectType, want: CollectionType) -> str:
    if isinstance(want, (ListType, SetType)) != isinstance(got, TupleType):
        return f"{want.friendly_name_for_constraint()} required"
    want_element = want.element
    parts: list[tuple[str, Type]] = (
        [(str(i), t) for i, t in enumerate(got.elements)]
        if isinstance(got, TupleType)
        else [(go_quote(name), t) for name, t in got.attributes.items()]
    )
    for label, got_element in parts:
        if got_element == want_element or can_convert(got_element, want_element):
            continue
        return f"element {label}: {mismatch_message(got_element, want_element)}"
    return f"all elements must be {want_element.friendly_name_for_constraint()}"


def _mismatch_from_collection(got: CollectionType, want: CollectionType) -> str:
    compatible = (
        isinstance(got, MapType)
        if isinstance(want, MapType)
        else isinstance(got, (ListType, SetType))
    )
    if not compatible:
        return f"{want.friendly_name_for_constraint()} required"
    return f"incorrect {want.kind} element type: {mismatch_message(got.element, want.element)}"


def _likely_confusing(got: Type, want: Type) -> bool:
    """Whether naming both types would mislead (go-cty's ``typesAreLikelyToCauseConfusion``)."""
    if isinstance(got, PrimitiveType) != isinstance(want, PrimitiveType):
        return False
    if want == STRING:
        return False
    if {got, want} == {BOOL, NUMBER}:
        return False
    if (
        isinstance(got, CollectionType)
        and isinstance(want, CollectionType)
        and not got.element.has_dynamic_types()
        and want.element.has_dynamic_types()
    ):
        return False
    return not (isinstance(got, TupleType) and isinstance(want, ObjectType))
