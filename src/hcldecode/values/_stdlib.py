"""The functions available inside ``.hcldec`` spec files.

The reference's ``hcldec`` command offers fifteen functions of go-cty's
standard library to the expressions of a spec file (``literal`` values,
``variables``, ``transform`` results and user functions): ``abs``,
``coalesce``, ``concat``, ``hasindex``, ``int``, ``jsondecode``,
``jsonencode``, ``length``, ``lower``, ``max``, ``min``, ``reverse``,
``strlen``, ``substr`` and ``upper``. :data:`SPEC_FUNCTIONS` holds them,
with go-cty's parameters, results and error messages.

Case mapping is per character, as Go's ``strings.ToUpper`` does (no
``ß`` to ``SS``, no final-sigma rule); ``reverse``, ``strlen`` and
``substr`` count grapheme clusters.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from .._text import iter_graphemes
from . import _json as valuejson
from ._convert import ConversionError, convert, unify_unsafe
from ._function import Function, FunctionArgError, FunctionError, Parameter
from ._number import NumberRangeError
from ._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    SetType,
    TupleType,
    Type,
)
from ._value import FALSE, TRUE, Value

__all__ = ["SPEC_FUNCTIONS"]

_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1


def _static(
    params: Sequence[Parameter], result: Type, impl: Callable[[Sequence[Value]], Value]
) -> Function:
    return Function(params, return_type=result, impl=lambda args, _ret: impl(args))


# --------------------------------------------------------------------------- numbers


def _abs(args: Sequence[Value]) -> Value:
    n = args[0].as_number()
    return Value.number(-n) if n < 0 else args[0]


def _int(args: Sequence[Value]) -> Value:
    n = args[0].as_number()
    if isinstance(n, Fraction):
        return Value.number(int(n))  # towards zero, as big.Float.Int
    return args[0]


def _extreme(pick_first: Callable[[Value, Value], Value]) -> Function:
    """``max`` or ``min``: the argument ``pick_first`` prefers to every other."""

    def impl(args: Sequence[Value]) -> Value:
        if not args:
            raise FunctionError("must pass at least one number")
        best = args[0]
        for arg in args[1:]:
            if pick_first(arg, best).as_bool():
                best = arg
        return best

    numbers = Parameter("numbers", NUMBER, allow_dynamic_type=True)
    return Function([], numbers, return_type=NUMBER, impl=lambda args, _ret: impl(args))


# --------------------------------------------------------------------------- strings


def _simple_case(text: str, mapping: Callable[[str], str]) -> str:
    """``mapping`` applied per character where it maps one character to one."""
    if text.isascii():
        return mapping(text)
    out = []
    for ch in text:
        mapped = _SPECIAL_LOWER.get(ch) if mapping is str.lower else None
        if mapped is None:
            mapped = mapping(ch)
        out.append(mapped if len(mapped) == 1 else ch)
    return "".join(out)


# The one character whose simple lower-case mapping differs from the first
# character of its full mapping.
_SPECIAL_LOWER = {"\u0130": "i"}


def _string_function(transform: Callable[[str], str]) -> Function:
    return _static(
        [Parameter("str", STRING, allow_dynamic_type=True)],
        STRING,
        lambda args: Value.string(transform(args[0].as_str())),
    )


def _whole_number(value: Value) -> int:
    n = value.as_number()
    if isinstance(n, int) and _INT64_MIN <= n <= _INT64_MAX:
        return n
    raise FunctionError(f"value must be a whole number, between {_INT64_MIN} and {_INT64_MAX}")


def _substr(args: Sequence[Value]) -> Value:
    text = args[0].as_str()
    offset = _whole_number(args[1])
    length = _whole_number(args[2])
    clusters = list(iter_graphemes(text))
    if offset < 0:
        offset = max(offset + len(clusters), 0)
    elif length == 0:
        return Value.string("")
    rest = clusters[offset:]
    if length > 0:
        # A zero length only gets here with a negative offset, and then
        # takes the rest of the string, as the reference does.
        rest = rest[:length]
    return Value.string("".join(rest))


# --------------------------------------------------------------------------- collections


def _has_index(args: Sequence[Value]) -> Value:
    collection, key = args
    t = collection.type
    if DYNAMIC in (t, key.type):
        return Value.unknown(BOOL)
    if isinstance(t, MapType):
        if key.type != STRING:
            return FALSE
        return TRUE if any(k == key.as_str() for k, _ in collection.items()) else FALSE
    if key.type != NUMBER:
        return FALSE
    n = key.as_number()
    if not isinstance(n, int) or n < 0:
        return FALSE
    return TRUE if n < len(collection) else FALSE


def _has_index_type(args: Sequence[Value]) -> Type:
    if not isinstance(args[0].type, ListType | MapType | TupleType) and args[0].type != DYNAMIC:
        raise FunctionError("collection must be a list, a map or a tuple")
    return BOOL


def _length_type(args: Sequence[Value]) -> Type:
    t = args[0].type
    if t != DYNAMIC and not isinstance(t, ListType | MapType | SetType | TupleType):
        raise FunctionError("collection must be a list, a map or a tuple")
    return NUMBER


def _coalesce_type(args: Sequence[Value]) -> Type:
    result, _conversions = unify_unsafe([a.type for a in args])
    if result is None:
        raise FunctionError("all arguments must have the same type")
    return result


def _coalesce(args: Sequence[Value], result: Type) -> Value:
    for arg in args:
        if not arg.is_known:
            return Value.unknown(result)
        if not arg.is_null:
            try:
                return convert(arg, result)
            except ConversionError as error:
                raise FunctionError(error.message) from error
    raise FunctionError("no non-null arguments")


def _concat_type(args: Sequence[Value]) -> Type:
    if not args:
        raise FunctionError("at least one argument is required")
    if all(isinstance(a.type, ListType) for a in args):
        common, _conversions = unify_unsafe([a.type for a in args])
        if common is not None:
            return common
    elements: list[Type] = []
    for index, arg in enumerate(args):
        t = arg.type
        if isinstance(t, TupleType):
            elements.extend(t.elements)
        elif isinstance(t, ListType):
            if not arg.is_known:
                return DYNAMIC
            elements.extend([t.element] * len(arg))
        else:
            raise FunctionArgError(
                index, f"all arguments must be lists or tuples; got {t.friendly_name()}"
            )
    return TupleType(elements)


def _concat(args: Sequence[Value], result: Type) -> Value:
    if isinstance(result, ListType):
        items: list[Value] = []
        for index, arg in enumerate(args):
            try:
                items.extend(convert(arg, result).elements())
            except ConversionError as error:
                raise FunctionArgError(index, error.message) from error
        return Value.list(items, result.element)
    return Value.tuple(e for arg in args for e in arg.elements())


# --------------------------------------------------------------------------- JSON


def _json_encode(args: Sequence[Value], result: Type) -> Value:
    value = args[0]
    if not value.is_wholly_known:
        return Value.unknown(STRING)
    if value.is_null:
        return Value.string("null")
    try:
        return Value.string(valuejson.encode_json(value, value.type))
    except ValueError as error:
        raise FunctionError(str(error)) from error


def _json_data(text: str) -> object:
    try:
        return json.loads(
            text,
            parse_float=valuejson.JSONNumber,
            parse_int=valuejson.JSONNumber,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as error:
        raise FunctionError(_go_json_error(text, error)) from error


def _no_constant(name: str) -> object:
    raise json.JSONDecodeError("invalid constant", name, 0)


def _go_json_error(text: str, error: json.JSONDecodeError) -> str:
    """An approximation of the messages of Go's ``encoding/json`` for malformed text."""
    if not text.strip():
        return "EOF"
    if error.pos >= len(text):
        return "unexpected EOF"
    if error.msg.startswith("Extra data"):
        return "extraneous data after JSON object"
    return f"invalid character {text[error.pos]!r} looking for beginning of value"


def _from_json_data(data: object) -> Value:
    """The value go-cty's JSON decoding gives for untyped JSON data."""
    if data is None:
        return Value.null(DYNAMIC)
    if isinstance(data, bool):
        return TRUE if data else FALSE
    if isinstance(data, valuejson.JSONNumber):
        try:
            return Value.number(data.text)
        except NumberRangeError as error:
            raise FunctionError(str(error)) from None
    if isinstance(data, str):
        return Value.string(data)
    if isinstance(data, list):
        return Value.tuple(_from_json_data(e) for e in data)
    assert isinstance(data, dict)
    return Value.object({k: _from_json_data(e) for k, e in data.items()})


def _json_decode_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return DYNAMIC
    return _from_json_data(_json_data(args[0].as_str())).type


def _json_decode(args: Sequence[Value], result: Type) -> Value:
    return _from_json_data(_json_data(args[0].as_str()))


# --------------------------------------------------------------------------- the table


SPEC_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        "abs": _static([Parameter("num", NUMBER, allow_dynamic_type=True)], NUMBER, _abs),
        "coalesce": Function(
            [],
            Parameter(
                "vals", DYNAMIC, allow_null=True, allow_unknown=True, allow_dynamic_type=True
            ),
            return_type=_coalesce_type,
            impl=_coalesce,
        ),
        "concat": Function([], Parameter("seqs", DYNAMIC), return_type=_concat_type, impl=_concat),
        "hasindex": Function(
            [
                Parameter("collection", DYNAMIC, allow_dynamic_type=True),
                Parameter("key", DYNAMIC, allow_dynamic_type=True),
            ],
            return_type=_has_index_type,
            impl=lambda args, _ret: _has_index(args),
        ),
        "int": _static([Parameter("num", NUMBER, allow_dynamic_type=True)], NUMBER, _int),
        "jsondecode": Function(
            [Parameter("str", STRING)], return_type=_json_decode_type, impl=_json_decode
        ),
        "jsonencode": Function(
            [Parameter("val", DYNAMIC, allow_dynamic_type=True, allow_null=True)],
            return_type=STRING,
            impl=_json_encode,
        ),
        "length": Function(
            [Parameter("collection", DYNAMIC, allow_dynamic_type=True)],
            return_type=_length_type,
            impl=lambda args, _ret: args[0].length(),
        ),
        "lower": _string_function(lambda s: _simple_case(s, str.lower)),
        "max": _extreme(Value.greater_than),
        "min": _extreme(Value.less_than),
        "reverse": _string_function(lambda s: "".join(reversed(list(iter_graphemes(s))))),
        "strlen": _static(
            [Parameter("str", STRING, allow_dynamic_type=True)],
            NUMBER,
            lambda args: Value.number(sum(1 for _ in iter_graphemes(args[0].as_str()))),
        ),
        "substr": _static(
            [
                Parameter("str", STRING, allow_dynamic_type=True),
                Parameter("offset", NUMBER, allow_dynamic_type=True),
                Parameter("length", NUMBER, allow_dynamic_type=True),
            ],
            STRING,
            _substr,
        ),
        "upper": _string_function(lambda s: _simple_case(s, str.upper)),
    }
)
