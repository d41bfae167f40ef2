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
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from .._text import go_quote, grapheme_count, iter_graphemes
from ..values import _json as valuejson
from ..values._convert import ConversionError, convert, unify_unsafe
from ..values._function import (
    Function,
    FunctionArgError,
    FunctionError,
    Parameter,
    check_result_count,
    check_result_length,
    refine_not_null,
)
from ..values._limits import current_limits, max_nesting
from ..values._number import NumberRangeError
from ..values._types import (
    BOOL,
    BYTES,
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
from ..values._value import FALSE, TRUE, RefinementBuilder, Value
from ._collections import COLLECTION_FUNCTIONS, CONVERSION_FUNCTIONS
from ._descriptions import DESCRIPTIONS
from ._format import FORMAT_FUNCTIONS
from ._go.csv import CSVError, CSVReader
from ._marks import VARIADIC, outer_marks
from ._numbers import NUMBER_FUNCTIONS, go_int
from ._regex import REGEX_FUNCTIONS
from ._time import TIME_FUNCTIONS

__all__ = ["SPEC_FUNCTIONS", "STDLIB"]


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


def _substr(args: Sequence[Value]) -> Value:
    text = args[0].as_str()
    offset = go_int(args[1])
    length = go_int(args[2])
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


# The characters Go's unicode.IsSpace takes for spaces (Unicode's White_Space),
# which strings.TrimSpace removes; Python's str.isspace also takes U+001C to
# U+001F.
_GO_SPACES = (
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def _title(text: str) -> str:
    """Go's ``strings.Title``: the first letter after each separator in title case."""
    out = []
    previous = " "
    for ch in text:
        if _is_word_separator(previous):
            mapped = ch.title()
            out.append(mapped if len(mapped) == 1 else ch)
        else:
            out.append(ch)
        previous = ch
    return "".join(out)


def _is_word_separator(ch: str) -> bool:
    if ch <= "\x7f":
        return not (ch.isalnum() or ch == "_")
    if ch.isalpha() or unicodedata.category(ch) == "Nd":
        return False
    return ch in _GO_SPACES


def _indent(args: Sequence[Value]) -> Value:
    spaces = go_int(args[0])
    text = args[1].as_str()
    if spaces < 0:
        raise FunctionError("the number of spaces must not be negative")
    if "\n" not in text:
        return Value.string(text)
    check_result_length(len(text) + text.count("\n") * spaces)
    return Value.string(text.replace("\n", "\n" + " " * spaces))


def _join(args: Sequence[Value], _result: Type) -> Value:
    separator, lists = args[0].as_str(), args[1:]
    if not lists:
        raise FunctionError("at least one list is required")
    if not all(lst.is_wholly_known for lst in lists):
        return Value.unknown(STRING)
    items = []
    for number, lst in enumerate(lists, 1):
        for index, element in enumerate(lst.elements()):
            if element.is_null:
                which = f" of list {number}" if len(lists) > 1 else ""
                raise FunctionArgError(
                    number, f"element {index}{which} is null; cannot concatenate null values"
                )
            items.append(element.as_str())
    check_result_length(sum(map(len, items)) + len(separator) * max(0, len(items) - 1))
    return Value.string(separator.join(items))


def _sort(args: Sequence[Value], result: Type) -> Value:
    lst = args[0]
    if not lst.is_wholly_known:
        # As long as the list, once known (go-cty 1.13+).
        length = lst.range()
        return (
            Value.unknown(result)
            .refine()
            .collection_length_lower_bound(length.length_lower_bound)
            .collection_length_upper_bound(length.length_upper_bound)
            .new_value()
        )
    items = []
    for index, element in enumerate(lst.elements()):
        if element.is_null:
            raise FunctionError(
                f"given list element {index} is null; a null string cannot be sorted"
            )
        items.append(element.as_str())
    if not items:
        return lst
    return Value.list([Value.string(item) for item in sorted(items)])


def _strlen(args: Sequence[Value]) -> Value:
    text = args[0]
    if not text.is_known:
        # At least as long as its known prefix (go-cty 1.13+).
        known = text.range()
        shortest = grapheme_count(known.string_prefix) if known.type == STRING else 0
        return Value.unknown(NUMBER).refine().number_lower_bound(shortest, True).new_value()
    return Value.number(grapheme_count(text.as_str()))


def _split(args: Sequence[Value]) -> Value:
    separator, text = args[0].as_str(), args[1].as_str()
    check_result_count(len(text) if separator == "" else text.count(separator) + 1)
    parts = list(text) if separator == "" else text.split(separator)
    if not parts:
        return Value.list([], STRING)
    return Value.list([Value.string(part) for part in parts])


def _csv_header(text: str) -> list[str]:
    reader = CSVReader(text)
    try:
        header = reader.read()
    except CSVError as error:
        raise FunctionError(f"CSV parse error on line {error.line}: {error.message}") from None
    if header is None:
        raise FunctionError("missing header line")
    return header


def _csvdecode_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return DYNAMIC
    names = _csv_header(args[0].as_str())
    if len(set(names)) != len(names):
        duplicate = next(n for i, n in enumerate(names) if n in names[:i])
        raise FunctionError(f"duplicate column name {go_quote(duplicate)}")
    return ListType(ObjectType(dict.fromkeys(names, STRING)))


def _csvdecode(args: Sequence[Value], result: Type) -> Value:
    assert isinstance(result, ListType) and isinstance(result.element, ObjectType)
    text = args[0].as_str()
    names = _csv_header(text)
    # Refuse more values than the limit allows before building them: the lines
    # bound the records from above (quickly; exactly by a first reading, where
    # the quick bound passes the limit).
    if (text.count("\n") + 1) * (len(names) + 1) >= current_limits().max_cost:
        check_result_count(1 + sum(len(names) + 1 for _ in _csv_records(text, len(names))))
    rows = [
        Value.object(dict(zip(names, map(Value.string, record), strict=True)))
        for record in _csv_records(text, len(names))
    ]
    return Value.list(rows, result.element)


def _csv_records(text: str, fields: int) -> Iterator[list[str]]:
    """The records of CSV ``text`` after its header line, each of ``fields`` fields."""
    reader = CSVReader(text, fields)
    reader.read()  # the header
    while True:
        try:
            record = reader.read()
        except CSVError as error:
            raise FunctionError(f"CSV parse error on line {error.line}: {error.message}") from None
        if record is None:
            return
        yield record


def _string_pair(name: str, second: str, transform: Callable[[str, str], str]) -> Function:
    return _static(
        [Parameter(name, STRING), Parameter(second, STRING)],
        STRING,
        lambda args: Value.string(transform(args[0].as_str(), args[1].as_str())),
    )


def _plain_string_function(transform: Callable[[str], str]) -> Function:
    return _static(
        [Parameter("str", STRING)], STRING, lambda args: Value.string(transform(args[0].as_str()))
    )


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
        # A value that cannot be null is known to start with "{", "[" or '"'.
        known = value.range()
        if known.could_be_null:
            return Value.unknown(STRING)
        t = known.type
        start = (
            '"'
            if t == STRING
            else "{"
            if isinstance(t, (ObjectType, MapType))
            else "["
            if isinstance(t, (TupleType, ListType, SetType))
            else ""
        )
        return Value.unknown(STRING).refine().string_prefix_full(start).new_value()
    if value.is_null:
        return Value.string("null")
    check_result_length(_text_length(value))
    try:
        text = valuejson.encode_json(value, value.type)
    except ValueError as error:
        raise FunctionError(str(error)) from error
    check_result_length(len(text))
    return Value.string(text)


def _text_length(value: Value) -> int:
    """At least how many characters ``value``'s strings and numbers take written out
    (without quotes, escapes or punctuation): a bound worked out before writing."""
    total = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if v.is_null or not v.is_known:
            continue
        if v.type == STRING:
            total += len(v.as_str())
        elif v.type == NUMBER:
            n = v.as_number()
            if not isinstance(n, float):  # whole digits, at least those of the integer part
                total += int(abs(int(n)).bit_length() * 0.30103)
        elif isinstance(v.type, ListType | SetType | TupleType):
            stack.extend(v.elements())
        elif isinstance(v.type, MapType | ObjectType):
            stack.extend(element for _key, element in v.items())
    return total


# An escape sequence, then (the escapes gone) a JSON string or an unterminated one to
# the end of the text: each value but the first follows a ``[``, ``,`` or ``:``
# outside strings (objects count up to twice). Neither pattern repeats a group, so
# both take time and memory linear in the text.
_JSON_ESCAPE = re.compile(r"\\[\s\S]")
_JSON_STRING = re.compile(r'"[^"]*(?:"|\Z)')


def _json_data(text: str) -> object:
    # Refuse text of more values than the limit allows before building them: the
    # structural characters bound the count from above (quickly; exactly, without
    # those inside strings, where the quick count passes the limit).
    if sum(map(text.count, "[,:")) >= current_limits().max_cost:
        outside = _JSON_STRING.sub("", _JSON_ESCAPE.sub("", text))
        check_result_count(sum(map(outside.count, "[,:")))
    try:
        return json.loads(
            text,
            parse_float=valuejson.JSONNumber,
            parse_int=valuejson.JSONNumber,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as error:
        raise FunctionError(_go_json_error(text, error)) from error
    except RecursionError:
        raise FunctionError(_json_too_deep()) from None


def _json_too_deep() -> str:
    return (
        f"the JSON text nests more than {max_nesting()} levels deep, more than hcldecode "
        f"supports at the interpreter's recursion limit ({sys.getrecursionlimit()})"
    )


def _no_constant(name: str) -> object:
    raise json.JSONDecodeError("invalid constant", name, 0)


def _go_json_error(text: str, error: json.JSONDecodeError) -> str:
    """The message of Go's ``encoding/json`` for malformed text, where Python's
    error says enough to tell it (the common cases: nothing but spaces, a
    character that cannot start a value, a sign without digits, data after the
    value); an approximation otherwise."""
    if not text.strip(" \t\r\n"):
        return "EOF"
    pos = error.pos
    if pos >= len(text) or error.msg.startswith("Unterminated string"):
        return "unexpected EOF"
    if error.msg.startswith("Invalid control character"):
        return f"invalid character {_go_quote_byte(text[pos])} in string literal"
    if error.msg.startswith("Invalid \\escape"):
        if pos + 1 >= len(text):
            return "unexpected EOF"
        return f"invalid character {_go_quote_byte(text[pos + 1])} in string escape code"
    if error.msg.startswith("Extra data"):
        after_number = pos > 0 and text[pos - 1].isdigit()
        if after_number and text[pos] in ".eE":
            return _go_number_tail_error(text, pos)
        return "extraneous data after JSON object"
    if text[pos] == "-":
        if pos + 1 >= len(text):
            return "unexpected EOF"
        return f"invalid character {_go_quote_byte(text[pos + 1])} in numeric literal"
    return f"invalid character {_go_quote_byte(text[pos])} looking for beginning of value"


def _go_number_tail_error(text: str, pos: int) -> str:
    """Go's error for a number whose fraction or exponent is cut short (``1.``, ``2e+``)."""
    if text[pos] == ".":
        if pos + 1 >= len(text):
            return "unexpected EOF"
        char = _go_quote_byte(text[pos + 1])
        return f"invalid character {char} after decimal point in numeric literal"
    rest = pos + 1
    if rest < len(text) and text[rest] in "+-":
        rest += 1
    if rest >= len(text):
        return "unexpected EOF"
    return f"invalid character {_go_quote_byte(text[rest])} in exponent of numeric literal"


def _go_quote_byte(char: str) -> str:
    """Go's ``quoteChar`` of the first UTF-8 byte of ``char``, which it shows as the
    character of that code point (``Ω`` is ``'Î'``)."""
    byte = char.encode("utf-8", "surrogatepass")[0]
    if byte == 0x27:
        return "'\\''"
    if byte == 0x22:
        return "'\"'"
    return "'" + go_quote(chr(byte))[1:-1] + "'"


def _from_json_data(data: object, depth: int = 0) -> Value:
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
    if depth == max_nesting():
        raise FunctionError(_json_too_deep())
    if isinstance(data, list):
        return Value.tuple(_from_json_data(e, depth + 1) for e in data)
    assert isinstance(data, dict)
    return Value.object({k: _from_json_data(e, depth + 1) for k, e in data.items()})


def _json_decode_type(args: Sequence[Value]) -> Type:
    if not args[0].is_known:
        return DYNAMIC
    return _from_json_data(_json_data(args[0].as_str())).type


def _json_decode(args: Sequence[Value], result: Type) -> Value:
    return _from_json_data(_json_data(args[0].as_str()))


# --------------------------------------------------------------------------- bytes


def _buffer(value: Value) -> bytes:
    data = value.as_capsule()
    assert isinstance(data, bytes)
    return data


def _bytes_slice(args: Sequence[Value]) -> Value:
    data = _buffer(args[0])
    offset, length = go_int(args[1]), go_int(args[2])
    if offset < 0 or length < 0:
        raise FunctionError("offset and length must be non-negative")
    if offset > len(data):
        raise FunctionError(f"offset {offset} is greater than total buffer length {len(data)}")
    if offset + length > len(data):
        raise FunctionError(
            f"offset {offset} + length {length} is greater than total buffer length {len(data)}"
        )
    return Value.capsule(BYTES, data[offset : offset + length])


# --------------------------------------------------------------------------- the table


_SPEC_FUNCTIONS: dict[str, Function] = {
    "abs": _static([Parameter("num", NUMBER, allow_dynamic_type=True)], NUMBER, _abs),
    "coalesce": Function(
        [],
        Parameter("vals", DYNAMIC, allow_null=True, allow_unknown=True, allow_dynamic_type=True),
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
        [Parameter("val", DYNAMIC, allow_dynamic_type=True, allow_null=True, allow_unknown=True)],
        return_type=STRING,
        impl=_json_encode,
    ),
    "length": Function(
        [Parameter("collection", DYNAMIC, allow_dynamic_type=True, allow_unknown=True)],
        return_type=_length_type,
        impl=lambda args, _ret: args[0].length(),
    ),
    "lower": _string_function(lambda s: _simple_case(s, str.lower)),
    "max": _extreme(Value.greater_than),
    "min": _extreme(Value.less_than),
    "reverse": _string_function(lambda s: "".join(reversed(list(iter_graphemes(s))))),
    "strlen": _static(
        [Parameter("str", STRING, allow_dynamic_type=True, allow_unknown=True)],
        NUMBER,
        _strlen,
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


_FUNCTIONS: dict[str, Function] = {
    **{k: v for k, v in _SPEC_FUNCTIONS.items() if k != "reverse"},
    **COLLECTION_FUNCTIONS,
    **CONVERSION_FUNCTIONS,
    **NUMBER_FUNCTIONS,
    "byteslen": _static(
        [Parameter("buf", BYTES, allow_dynamic_type=True)],
        NUMBER,
        lambda args: Value.number(len(_buffer(args[0]))),
    ),
    "bytesslice": _static(
        [
            Parameter("buf", BYTES, allow_dynamic_type=True),
            Parameter("offset", NUMBER, allow_dynamic_type=True),
            Parameter("length", NUMBER, allow_dynamic_type=True),
        ],
        BYTES,
        _bytes_slice,
    ),
    **TIME_FUNCTIONS,
    **FORMAT_FUNCTIONS,
    **REGEX_FUNCTIONS,
    "csvdecode": Function([Parameter("str", STRING)], return_type=_csvdecode_type, impl=_csvdecode),
    # go-cty removes ``(?:\r\n?|\n)*\z``: any run of CRs and LFs at the end.
    "chomp": _plain_string_function(lambda s: s.rstrip("\r\n")),
    "indent": _static([Parameter("spaces", NUMBER), Parameter("str", STRING)], STRING, _indent),
    "join": Function(
        [Parameter("separator", STRING)],
        Parameter("lists", ListType(STRING)),
        return_type=STRING,
        impl=_join,
    ),
    "sort": Function(
        [Parameter("list", ListType(STRING), allow_unknown=True)],
        return_type=ListType(STRING),
        impl=_sort,
    ),
    "split": _static(
        [Parameter("separator", STRING), Parameter("str", STRING)], ListType(STRING), _split
    ),
    "strrev": _SPEC_FUNCTIONS["reverse"],
    "title": _plain_string_function(_title),
    "trim": _string_pair("str", "cutset", lambda s, cut: s.strip(cut)),
    "trimprefix": _string_pair("str", "prefix", lambda s, p: s.removeprefix(p)),
    "trimspace": _plain_string_function(lambda s: s.strip(_GO_SPACES)),
    "trimsuffix": _string_pair("str", "suffix", lambda s, p: s.removesuffix(p)),
}

# What go-cty (1.13 and later) knows of each function's unknown results: they
# are never null, but for these functions, and strlen's are not negative.
_NULLABLE_RESULTS = frozenset(
    {
        "element",
        "index",
        "jsondecode",
        "lookup",
        "timeadd",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
    }
)


def _strlen_refinement(builder: RefinementBuilder) -> RefinementBuilder:
    return builder.not_null().number_lower_bound(0, True)


def _refined(name: str, fn: Function) -> Function:
    if name in _NULLABLE_RESULTS:
        return fn
    return fn.refined(_strlen_refinement if name == "strlen" else refine_not_null)


# The functions whose parameters allow marks (go-cty's AllowMarked): the
# positions whose own marks go to the result, and those passed on marked.
_MARKS_ALLOWED: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "chunklist": ((0, 1), ()),
    "concat": ((VARIADIC,), ()),
    "element": ((0,), ()),
    "flatten": ((0,), ()),
    "keys": ((0,), ()),
    "length": ((0,), ()),
    "lookup": ((0, 1), (2,)),
    "merge": ((VARIADIC,), ()),
    "reverse": ((0,), ()),
    "setproduct": ((VARIADIC,), ()),
    "slice": ((0,), ()),
    "values": ((0,), ()),
    "zipmap": ((0, 1), ()),
}


def _marking(name: str, fn: Function) -> Function:
    allowed = _MARKS_ALLOWED.get(name)
    return fn if allowed is None else outer_marks(fn, *allowed)


SPEC_FUNCTIONS: Mapping[str, Function] = MappingProxyType(
    {
        # The spec language's "reverse" reverses a string: it takes no marks.
        name: _refined(name, fn) if name == "reverse" else _marking(name, _refined(name, fn))
        for name, fn in _SPEC_FUNCTIONS.items()
    }
)
STDLIB: Mapping[str, Function] = MappingProxyType(
    {
        name: _marking(name, _refined(name, fn)).described(DESCRIPTIONS[name])
        for name, fn in sorted(_FUNCTIONS.items())
    }
)
"""go-cty's standard library under the names Terraform-style applications use,
as far as hcldecode has it (see docs/functions.md): give it, or the functions
of it an application wants, as ``functions=``."""
