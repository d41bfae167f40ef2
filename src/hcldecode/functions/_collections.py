"""go-cty's collection functions: ``element``, ``index``, ``coalescelist``,
``compact``, ``contains``, ``distinct``, ``chunklist``, ``keys``, ``values``,
``lookup``, ``merge``, ``reverse`` (of a list) and ``setproduct``, and the
conversion functions ``assertnotnull``,
``tostring``, ``tonumber``, ``tobool``, ``tolist``, ``toset`` and ``tomap``,
with go-cty's parameters, result types, unknown and null handling and
messages (``function/stdlib/collection.go``, ``conversion.go``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType

from .._text import go_quote
from ..values._convert import ConversionError, can_convert, convert, mismatch_message, unify_unsafe
from ..values._function import (
    Function,
    FunctionArgError,
    FunctionError,
    Parameter,
    check_result_count,
)
from ..values._types import (
    BOOL,
    DYNAMIC,
    EMPTY_OBJECT,
    NUMBER,
    STRING,
    CollectionType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import FALSE, TRUE, Value
from ._numbers import go_int

__all__ = ["COLLECTION_FUNCTIONS", "CONVERSION_FUNCTIONS"]


def _go_int(value: Value, what: str) -> int:
    """``value`` as a Go ``int``; the error names ``what`` it is."""
    try:
        return go_int(value)
    except FunctionError as error:
        raise FunctionError(f"invalid {what}: {error.message}") from None


# --------------------------------------------------------------------------- element


def _element_type(args: Sequence[Value]) -> Type:
    lst, index = args
    t = lst.type
    if isinstance(t, ListType):
        return t.element
    if isinstance(t, TupleType):
        if not index.is_known:
            return DYNAMIC
        i = _go_int(index, "index")
        if not t.elements:
            raise FunctionError("cannot use element function with an empty list")
        return t.elements[i % len(t.elements)]  # floored: -1 is the last (go-cty 1.15)
    raise FunctionError(f"cannot read elements from {t.friendly_name()}")


def _element(args: Sequence[Value], result: Type) -> Value:
    lst, index = args
    i = _go_int(index, "index")
    if not lst.is_known:
        return Value.unknown(result)
    elements = lst.elements()
    if not elements:
        raise FunctionError("cannot use element function with an empty list")
    return elements[i % len(elements)]


# --------------------------------------------------------------------------- lists


def _coalescelist_type(args: Sequence[Value]) -> Type:
    if not args:
        raise FunctionError("at least one argument is required")
    types = []
    for arg in args:
        if not arg.is_known:
            return DYNAMIC
        if not isinstance(arg.type, ListType | TupleType):
            raise FunctionError("coalescelist arguments must be lists or tuples")
        types.append(arg.type)
    return types[0] if all(t == types[0] for t in types) else DYNAMIC


def _coalescelist(args: Sequence[Value], result: Type) -> Value:
    for arg in args:
        if not arg.is_known:
            return Value.unknown(result)
        if not arg.is_null and arg.elements():
            return arg
    raise FunctionError("no non-null arguments")


def _compact(args: Sequence[Value], result: Type) -> Value:
    if not args[0].is_wholly_known:
        return Value.unknown(result)
    kept = [v for v in args[0].elements() if not v.is_null and v.as_str() != ""]
    return Value.list(kept, STRING)


def _contains(args: Sequence[Value], _result: Type) -> Value:
    collection, wanted = args
    if not isinstance(collection.type, ListType | TupleType | SetType):
        raise FunctionError("argument must be list, tuple, or set")
    if collection.is_null:
        raise FunctionError("cannot search a nil list or set")
    if not collection.is_known or not wanted.is_known:
        return Value.unknown(BOOL)
    elements = collection.elements()
    if not elements:
        return FALSE
    unknown = False
    for element in elements:
        equal = wanted.equals(element)
        if not equal.is_known:
            unknown = True
        elif equal.as_bool():
            return TRUE
    return Value.unknown(BOOL) if unknown else FALSE


def _distinct(args: Sequence[Value], result: Type) -> Value:
    if not args[0].is_wholly_known:
        return Value.unknown(result)
    assert isinstance(result, ListType)
    # Known values hash as they compare, so a dict keeps each first occurrence.
    return Value.list(list(dict.fromkeys(args[0].elements())), result.element)


def _chunklist(args: Sequence[Value], result: Type) -> Value:
    lst, size_value = args
    size = _go_int(size_value, "size")
    if size < 0:
        raise FunctionError("the size argument must be positive")
    elements = lst.elements()
    if not elements:
        return Value.list([], lst.type)
    if size == 0:
        return Value.list([lst])
    chunks = [Value.list(elements[i : i + size]) for i in range(0, len(elements), size)]
    return Value.list(chunks)


def _reverse_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if isinstance(t, TupleType):
        return TupleType(tuple(reversed(t.elements)))
    if isinstance(t, ListType | SetType):
        return ListType(t.element)
    raise FunctionArgError(0, f"can only reverse list or tuple values, not {t.friendly_name()}")


def _reverse(args: Sequence[Value], result: Type) -> Value:
    elements = list(reversed(args[0].elements()))
    if isinstance(result, TupleType):
        return Value.tuple(elements)
    assert isinstance(result, ListType)
    return Value.list(elements, result.element)


# --------------------------------------------------------------------------- maps


def _keys_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if isinstance(t, MapType):
        return ListType(STRING)
    if isinstance(t, ObjectType):
        return TupleType((STRING,) * len(t.attributes))
    raise FunctionArgError(0, "must have map or object type")


def _keys(args: Sequence[Value], result: Type) -> Value:
    m = args[0]
    if isinstance(m.type, ObjectType):
        return Value.tuple(Value.string(name) for name in sorted(m.type.attributes))
    if not m.is_known:
        return Value.unknown(result)
    return Value.list([Value.string(k) for k, _ in m.items()], STRING)


def _lookup_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if isinstance(t, ObjectType):
        if not args[1].is_known:
            return DYNAMIC
        key = args[1].as_str()
        if key in t.attributes:
            return t.attributes[key]
        if len(args) == 3:
            return args[2].type
        raise FunctionArgError(0, f'the given object has no attribute "{key}"')
    if isinstance(t, MapType):
        if len(args) == 3:
            try:
                convert(args[2], t.element)
            except ConversionError:
                raise FunctionArgError(
                    2, "the default value must have the same type as the map elements"
                ) from None
        return t.element
    raise FunctionArgError(0, "lookup() requires a map as the first argument")


def _lookup(args: Sequence[Value], result: Type) -> Value:
    m, key_value, default = args
    key = key_value.as_str()
    if not m.is_wholly_known:
        return Value.unknown(result)
    found = dict(m.items()).get(key)
    if found is not None:
        return found
    try:
        return convert(default, result)
    except ConversionError as error:
        raise FunctionError(str(error)) from None


def _merge_type(args: Sequence[Value]) -> Type:
    if not args:
        return EMPTY_OBJECT
    attributes: dict[str, Type] = {}
    first: Type | None = None
    matching = True
    known = True
    for index, arg in enumerate(args):
        t = arg.type
        if t == DYNAMIC:
            return DYNAMIC
        if not isinstance(t, MapType | ObjectType):
            raise FunctionError(f'arguments must be maps or objects, got "{t.friendly_name()}"')
        if isinstance(t, ObjectType) and not arg.is_null:
            attributes.update(t.attributes)
        elif isinstance(t, MapType) and not arg.is_null:
            if arg.is_known:
                attributes.update((k, t.element) for k, _ in arg.items())
            else:
                known = False
        if index == 0:
            first = t
        elif t != first:
            matching = False
    if matching:
        assert first is not None
        return first
    return ObjectType(attributes) if known else DYNAMIC


def _merge(args: Sequence[Value], result: Type) -> Value:
    merged: dict[str, Value] = {}
    for arg in args:
        if arg.is_null:
            continue
        if not isinstance(arg.type, MapType | ObjectType):  # only with a dynamic result type
            if arg.elements():
                raise FunctionError("arguments must be maps or objects")  # go-cty panics
            continue
        merged.update(arg.items())
    if isinstance(result, MapType):
        return Value.map(merged, result.element)
    return Value.object(merged)


def _values_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if isinstance(t, MapType):
        return ListType(t.element)
    if isinstance(t, ObjectType):
        return TupleType(tuple(t.attributes[name] for name in sorted(t.attributes)))
    raise FunctionError("values() requires a map as the first argument")


def _values(args: Sequence[Value], result: Type) -> Value:
    m = args[0]
    elements = [v for _, v in m.items()]
    if isinstance(result, TupleType):
        return Value.tuple(elements)
    assert isinstance(result, ListType)
    return Value.list(elements, result.element)


def _element_values(value: Value) -> tuple[Value, ...]:
    """The elements of a list, set or tuple, or the values of a map or object (go-cty
    iterates both alike)."""
    if isinstance(value.type, MapType | ObjectType):
        return tuple(v for _, v in value.items())
    return value.elements()


def _flattened(
    lst: Value, marks: list[frozenset[Hashable]] | None = None
) -> tuple[list[Value], bool]:
    """The elements of nested lists, sets and tuples, and whether all were known.

    The own marks of the nested lists are taken off and added to ``marks``.
    """
    if lst.is_marked:
        lst, found = lst.unmark()
        if marks is not None:
            marks.append(found)
    if not lst.is_known:
        return [], False
    out: list[Value] = []
    known = True
    for element in _element_values(lst):
        if element.type == DYNAMIC and not element.is_known:
            known = False
        if not element.is_null and isinstance(element.type, ListType | SetType | TupleType):
            if not element.is_known:
                known = False
                continue
            inner, inner_known = _flattened(element, marks)
            if inner_known:
                out.extend(inner)
            else:
                known = False
        else:
            out.append(element)
    return out, known


def _flatten_type(args: Sequence[Value]) -> Type:
    if not args[0].is_wholly_known:
        return DYNAMIC
    if not isinstance(args[0].type, ListType | SetType | TupleType):
        raise FunctionError("can only flatten lists, sets and tuples")
    elements, known = _flattened(args[0])
    return TupleType(tuple(e.type for e in elements)) if known else DYNAMIC


def _flatten(args: Sequence[Value], result: Type) -> Value:
    # The result type is dynamic when the argument is not wholly known, and
    # then go-cty flattens even a map or an object, taking its values.
    if not _element_values(args[0]):
        return Value.tuple([])
    marks: list[frozenset[Hashable]] = []
    elements, known = _flattened(args[0], marks)
    return (Value.tuple(elements) if known else Value.unknown(result)).with_marks(*marks)


def _slice_indexes(args: Sequence[Value]) -> tuple[int, int, bool]:
    lst, start_value, end_value = args
    length = len(lst.elements()) if isinstance(lst.type, TupleType) or lst.is_known else None
    start = end = 0
    for index, (value, which) in enumerate(((start_value, "start"), (end_value, "end")), 1):
        if not value.is_known:
            continue
        try:
            n = go_int(value)
        except FunctionError as error:
            raise FunctionArgError(index, f"invalid {which} index: {error.message}") from None
        if n < 0:
            raise FunctionArgError(index, f"{which} index must not be less than zero")
        if length is not None and n > length:
            raise FunctionArgError(
                index, f"{which} index must not be greater than the length of the list"
            )
        if which == "start":
            start = n
        else:
            end = n
    known = start_value.is_known and end_value.is_known
    if known and start > end:
        raise FunctionArgError(1, "start index must not be greater than end index")
    return start, end, known


def _slice_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if isinstance(t, SetType):
        raise FunctionArgError(
            0,
            "cannot slice a set, because its elements do not have indices; explicitly "
            "convert to a list if the ordering of the result is not important",
        )
    if not isinstance(t, ListType | TupleType):
        raise FunctionArgError(0, "must be a list or tuple value")
    start, end, known = _slice_indexes(args)
    if isinstance(t, ListType):
        return t
    return TupleType(t.elements[start:end]) if known else DYNAMIC


def _slice(args: Sequence[Value], result: Type) -> Value:
    if result == DYNAMIC:
        return Value.unknown(DYNAMIC)
    start, end, _ = _slice_indexes(args)
    elements = args[0].elements()[start:end]
    if isinstance(result, TupleType):
        return Value.tuple(elements)
    assert isinstance(result, ListType)
    return Value.list(elements, result.element)


def _zipmap_type(args: Sequence[Value]) -> Type:
    keys, values = args
    t = values.type
    if isinstance(t, ListType):
        return MapType(t.element)
    if isinstance(t, TupleType):
        if not keys.is_wholly_known:
            return DYNAMIC
        names = keys.elements()
        if len(names) != len(t.elements):
            raise FunctionError(
                f"number of keys ({len(names)}) does not match number of values ({len(t.elements)})"
            )
        attributes: dict[str, Type] = {}
        for index, name in enumerate(names):
            if name.is_null:
                raise FunctionError(f"keys list has null value at index {index}")
            attributes[name.unmark()[0].as_str()] = t.elements[index]
        return ObjectType(attributes)
    raise FunctionError("values argument must be a list or tuple value")


def _zipmap(args: Sequence[Value], result: Type) -> Value:
    keys, values = args
    if not keys.is_wholly_known:
        return Value.unknown(result)
    names, elements = keys.elements(), values.elements()
    if len(names) != len(elements):
        raise FunctionError(
            f"number of keys ({len(names)}) does not match number of values ({len(elements)})"
        )
    output: dict[str, Value] = {}
    key_marks: list[frozenset[Hashable]] = []  # keys cannot carry marks: the result does
    for index, (name, element) in enumerate(zip(names, elements, strict=True)):
        if name.is_null:  # go-cty panics here
            raise FunctionError(f"keys list has null value at index {index}")
        plain, marks = name.unmark()
        key_marks.append(marks)
        output[plain.as_str()] = element
    if isinstance(result, MapType):
        return Value.map(output, result.element).with_marks(*key_marks)
    return Value.object(output).with_marks(*key_marks)


# --------------------------------------------------------------------------- sets


def _set_result_type(args: Sequence[Value]) -> Type:
    element_types = []
    for arg in args:
        assert isinstance(arg.type, SetType)
        element = arg.type.element
        if arg.is_known and not arg.elements() and element == DYNAMIC:
            continue
        element_types.append(element)
    if not element_types:
        return SetType(DYNAMIC)
    unified, _ = unify_unsafe(element_types)
    if unified is None:
        raise FunctionError("given sets must all have compatible element types")
    return SetType(unified)


def _set_operation(
    combine: Callable[[list[Value], list[Value]], list[Value]], *, allow_unknowns: bool
) -> Callable[[Sequence[Value], Type], Value]:
    """go-cty's ``setOperationImpl``: each set converted to the result type, then
    combined in turn."""

    def impl(args: Sequence[Value], result: Type) -> Value:
        assert isinstance(result, SetType)
        sets = []
        for index, arg in enumerate(args):
            try:
                converted = convert(arg, result)
            except ConversionError as error:
                raise FunctionArgError(index, str(error)) from None
            if not allow_unknowns and not converted.is_wholly_known:
                return Value.unknown(result)
            sets.append(list(converted.elements()))
        combined = sets[0]
        for other in sets[1:]:
            combined = combine(combined, other)
        return Value.set(combined, result.element)

    return impl


def _intersection(a: list[Value], b: list[Value]) -> list[Value]:
    held = set(b)
    return [v for v in a if v in held]


def _subtraction(a: list[Value], b: list[Value]) -> list[Value]:
    held = set(b)
    return [v for v in a if v not in held]


def _symmetric_difference(a: list[Value], b: list[Value]) -> list[Value]:
    return _subtraction(a, b) + _subtraction(b, a)


def _set_has_element(args: Sequence[Value], _result: Type) -> Value:
    collection, element = args
    if not collection.is_known or not element.is_known:
        return Value.unknown(BOOL)
    assert isinstance(collection.type, SetType)
    if collection.type.element != element.type:
        return FALSE
    return TRUE if element in collection.elements() else FALSE


_Combine = Callable[[list[Value], list[Value]], list[Value]]


def _set_function(
    name: str, combine: _Combine, *, allow_unknowns: bool, variadic: bool = True
) -> Function:
    def parameter(param_name: str) -> Parameter:
        return Parameter(param_name, SetType(DYNAMIC), allow_dynamic_type=True)

    return Function(
        [parameter(name)] if variadic else [parameter(name), parameter("b")],
        parameter("other_sets") if variadic else None,
        return_type=_set_result_type,
        impl=_set_operation(combine, allow_unknowns=allow_unknowns),
    )


# --------------------------------------------------------------------------- index


def _index_type(args: Sequence[Value]) -> Type:
    collection, key = args
    t = collection.type
    if isinstance(t, TupleType):
        if key.type not in (NUMBER, DYNAMIC):
            raise FunctionError("key for tuple must be number")
        if not key.is_known:
            return DYNAMIC
        i = _go_int(key, "key for tuple")
        if not 0 <= i < len(t.elements):
            raise FunctionError(f"key must be between 0 and {len(t.elements)} inclusive")
        return t.elements[i]
    if isinstance(t, ListType):
        if key.type not in (NUMBER, DYNAMIC):
            raise FunctionError("key for list must be number")
        return t.element
    if isinstance(t, MapType):
        if key.type not in (STRING, DYNAMIC):
            raise FunctionError("key for map must be string")
        return t.element
    raise FunctionError("collection must be a list, a map or a tuple")


def _index(args: Sequence[Value], _result: Type) -> Value:
    collection, key = args
    if isinstance(collection.type, MapType):
        if key.type == STRING:
            found = dict(collection.items()).get(key.as_str())
            if found is not None:
                return found
    elif key.type == NUMBER:
        n = key.as_number()
        if isinstance(n, int) and 0 <= n < len(collection):
            return collection.elements()[n]
    raise FunctionError("invalid index")


# --------------------------------------------------------------------------- setproduct


def _setproduct_type(args: Sequence[Value]) -> Type:
    if len(args) < 2:
        raise FunctionError("at least two arguments are required")
    lists = 0
    element_types: list[Type] = []
    for index, arg in enumerate(args):
        t = arg.type
        if isinstance(t, SetType):
            element_types.append(t.element)
        elif isinstance(t, ListType):
            element_types.append(t.element)
            lists += 1
        elif isinstance(t, TupleType):
            unified = unify_unsafe(list(t.elements))[0] if t.elements else DYNAMIC
            if unified is None:
                raise FunctionArgError(index, "all elements must be of the same type")
            element_types.append(unified)
            lists += 1
        else:
            raise FunctionArgError(index, "a set or a list is required")
    element = TupleType(tuple(element_types))
    return ListType(element) if lists == len(args) else SetType(element)


def _unknown_product(args: Sequence[Value], result: Type) -> Value:
    """The unknown product of collections some of which have unknown lengths:
    go-cty 1.13+ bounds its length by the product of the greatest lengths,
    when that is small (at most 1,024 per argument and 2,048 in all)."""
    unknown = Value.unknown(result)
    most = 1
    for arg in args:
        known = arg.range()
        t = known.type
        if isinstance(t, CollectionType):
            longest = known.length_upper_bound
        elif isinstance(t, TupleType):
            longest = len(t.elements)
        else:
            return unknown
        if longest > _MAX_REFINED_FACTOR:
            return unknown
        most *= longest
        if most > _MAX_REFINED_PRODUCT:
            return unknown
    if most == 0:
        return unknown.refine().collection_length(0).new_value()
    builder = unknown.refine().collection_length_lower_bound(1)
    return builder.collection_length_upper_bound(most).new_value()


_MAX_REFINED_FACTOR = 1024
_MAX_REFINED_PRODUCT = 2048


def _setproduct(args: Sequence[Value], result: Type) -> Value:
    assert isinstance(result, ListType | SetType) and isinstance(result.element, TupleType)
    if any(not (arg.is_known and arg.length().is_known) for arg in args):
        return _unknown_product(args, result)
    total = 1
    for arg in args:
        total *= len(arg.elements())
    check_result_count(total * (len(args) + 1))
    make = Value.list if isinstance(result, ListType) else Value.set
    if total == 0:
        return make([], result.element)
    columns = [
        [convert(e, t) for e in arg.elements()]
        for arg, t in zip(args, result.element.elements, strict=True)
    ]
    rows: list[tuple[Value, ...]] = [()]
    for column in columns:
        rows = [(*row, e) for row in rows for e in column]
    return make([Value.tuple(row) for row in rows], result.element)


COLLECTION_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        "chunklist": Function(
            [Parameter("list", ListType(DYNAMIC)), Parameter("size", NUMBER)],
            return_type=lambda args: ListType(args[0].type),
            impl=_chunklist,
        ),
        "coalescelist": Function(
            [],
            Parameter(
                "vals", DYNAMIC, allow_unknown=True, allow_dynamic_type=True, allow_null=True
            ),
            return_type=_coalescelist_type,
            impl=_coalescelist,
        ),
        "compact": Function(
            [Parameter("list", ListType(STRING))], return_type=ListType(STRING), impl=_compact
        ),
        "contains": Function(
            [Parameter("list", DYNAMIC), Parameter("value", DYNAMIC)],
            return_type=BOOL,
            impl=_contains,
        ),
        "distinct": Function(
            [Parameter("list", ListType(DYNAMIC))],
            return_type=lambda args: args[0].type,
            impl=_distinct,
        ),
        "element": Function(
            [Parameter("list", DYNAMIC), Parameter("index", NUMBER)],
            return_type=_element_type,
            impl=_element,
        ),
        "flatten": Function([Parameter("list", DYNAMIC)], return_type=_flatten_type, impl=_flatten),
        "index": Function(
            [Parameter("collection", DYNAMIC), Parameter("key", DYNAMIC, allow_dynamic_type=True)],
            return_type=_index_type,
            impl=_index,
        ),
        "keys": Function(
            [Parameter("inputMap", DYNAMIC, allow_unknown=True)],
            return_type=_keys_type,
            impl=_keys,
        ),
        "lookup": Function(
            [
                Parameter("inputMap", DYNAMIC),
                Parameter("key", STRING),
                Parameter("default", DYNAMIC),
            ],
            return_type=_lookup_type,
            impl=_lookup,
        ),
        "merge": Function(
            [],
            Parameter("maps", DYNAMIC, allow_dynamic_type=True, allow_null=True),
            return_type=_merge_type,
            impl=_merge,
        ),
        "reverse": Function([Parameter("list", DYNAMIC)], return_type=_reverse_type, impl=_reverse),
        "sethaselement": Function(
            [
                Parameter("set", SetType(DYNAMIC), allow_dynamic_type=True),
                Parameter("elem", DYNAMIC, allow_dynamic_type=True),
            ],
            return_type=BOOL,
            impl=_set_has_element,
        ),
        "setintersection": _set_function("first_set", _intersection, allow_unknowns=False),
        "setsubtract": _set_function("a", _subtraction, allow_unknowns=False, variadic=False),
        "setsymmetricdifference": _set_function(
            "first_set", _symmetric_difference, allow_unknowns=False
        ),
        "setunion": _set_function("first_set", lambda a, b: a + b, allow_unknowns=True),
        "setproduct": Function(
            [],
            Parameter("sets", DYNAMIC, allow_unknown=True),
            return_type=_setproduct_type,
            impl=_setproduct,
        ),
        "slice": Function(
            [
                Parameter("list", DYNAMIC),
                Parameter("start_index", NUMBER),
                Parameter("end_index", NUMBER),
            ],
            return_type=_slice_type,
            impl=_slice,
        ),
        "values": Function([Parameter("mapping", DYNAMIC)], return_type=_values_type, impl=_values),
        "zipmap": Function(
            [Parameter("keys", ListType(STRING)), Parameter("values", DYNAMIC)],
            return_type=_zipmap_type,
            impl=_zipmap,
        ),
    }
)


# --------------------------------------------------------------------------- conversions


def _to_function(want: Type) -> Function:
    """go-cty's ``MakeToFunc``: ``tostring``, ``tonumber``, ``tobool``, ``tolist``..."""

    def result_type(args: Sequence[Value]) -> Type:
        got = args[0].type
        if got == want or can_convert(got, want):
            return want
        if isinstance(got, TupleType) and isinstance(want, TupleType):
            message = f"incompatible tuple type for conversion: {mismatch_message(got, want)}"
        elif isinstance(got, ObjectType) and isinstance(want, ObjectType):
            message = f"incompatible object type for conversion: {mismatch_message(got, want)}"
        else:
            message = (
                f"cannot convert {got.friendly_name()} to {want.friendly_name_for_constraint()}"
            )
        raise FunctionArgError(0, message)

    def impl(args: Sequence[Value], result: Type) -> Value:
        arg = args[0]
        try:
            return convert(arg, result)
        except ConversionError:
            what = "string" if arg.is_null or arg.type != STRING else go_quote(arg.as_str())
            if arg.type == STRING and want == BOOL:
                message = (
                    f'cannot convert {what} to bool; only the strings "true" or "false" are allowed'
                )
            elif arg.type == STRING and want == NUMBER:
                message = (
                    f"cannot convert {what} to number; given string must be a decimal "
                    "representation of a number"
                )
            else:
                message = (
                    f"cannot convert {arg.type.friendly_name()} to "
                    f"{want.friendly_name_for_constraint()}"
                )
            raise FunctionArgError(0, message) from None

    return Function([Parameter("v", DYNAMIC, allow_null=True)], return_type=result_type, impl=impl)


CONVERSION_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        # go-cty 1.14's: the argument as it is; a null one is refused by the rules of
        # a call (the parameter does not allow nulls).
        "assertnotnull": Function(
            [Parameter("v", DYNAMIC)],
            return_type=lambda args: args[0].type,
            impl=lambda args, _ret: args[0],
        ),
        "tobool": _to_function(BOOL),
        "tolist": _to_function(ListType(DYNAMIC)),
        "tomap": _to_function(MapType(DYNAMIC)),
        "tonumber": _to_function(NUMBER),
        "toset": _to_function(SetType(DYNAMIC)),
        "tostring": _to_function(STRING),
    }
)
