"""go-cty's JSON encoding of HCL types and values.

Types are written as ``"string"``, ``"number"``, ``"bool"``, ``"dynamic"``,
``["list", T]``, ``["set", T]``, ``["map", T]``, ``["object", {name: T}]``
(with a third element listing optional attributes, if any) and
``["tuple", [T, ...]]``.

Values are written according to a given type: lists, sets and tuples as
arrays, maps and objects as JSON objects, numbers as exact JSON numbers.
Wherever the given type is the dynamic pseudo-type the value is wrapped as
``{"value": ..., "type": ...}`` so that its type can be read back. This is
the format ``hcldec --with-type`` prints.

:func:`value_to_json` and :func:`value_from_json` work on Python JSON data
(what :func:`json.loads` returns); :func:`encode_json` and :func:`decode_json` work on
JSON text and keep every number exact. :func:`json.dumps` cannot print a
non-integer exactly, so :func:`value_to_json` gives non-integers as
:class:`JSONNumber`, a ``float`` that remembers its exact decimal text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .._text import go_quote
from . import _number as number
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

__all__ = [
    "JSONForm",
    "JSONNumber",
    "decode_json",
    "encode_json",
    "go_json_text",
    "layout_json",
    "type_from_json",
    "type_to_json",
    "value_from_json",
    "value_to_json",
]

JSON = object
"""Python JSON data: None, bool, int, float, str, list and dict."""


class JSONNumber(float):
    """A JSON number that keeps its exact decimal ``text``.

    As a ``float`` it is the nearest double; :func:`go_json_text` writes ``text``,
    and :func:`value_from_json` reads ``text``. Pass it to :func:`json.loads` as
    ``parse_float`` and ``parse_int`` to read numbers exactly.

    Args:
        text: The number as JSON writes it.

    Raises:
        ValueError: ``text`` is not a number ``float()`` can read.
    """

    __slots__ = ("text",)

    text: str

    def __new__(cls, text: str) -> JSONNumber:
        self = super().__new__(cls, text)
        self.text = text
        return self

    def __repr__(self) -> str:
        return f"JSONNumber({self.text!r})"


_PRIMITIVE_NAMES: dict[str, Type] = {"string": STRING, "number": NUMBER, "bool": BOOL}
_COLLECTIONS: dict[str, Callable[[Type], Type]] = {"list": ListType, "set": SetType, "map": MapType}


def type_to_json(t: Type) -> JSON:
    """The JSON description of a type, as go-cty's ``ctyjson.MarshalType`` gives it.

    Args:
        t: The type.

    Returns:
        JSON data: ``"string"``, ``["list", "number"]``,
        ``["object", {"a": "bool"}]`` and so on.

    Raises:
        ValueError: The type is, or contains, a capsule type, which has no
            description.
    """
    if t == DYNAMIC:
        return "dynamic"
    if t in (STRING, NUMBER, BOOL):
        return str(t)
    if isinstance(t, (ListType, SetType, MapType)):
        return [t.kind, type_to_json(t.element)]
    if isinstance(t, ObjectType):
        attributes = {name: type_to_json(a) for name, a in t.attributes.items()}
        if t.optional:
            return ["object", attributes, sorted(t.optional)]
        return ["object", attributes]
    if isinstance(t, TupleType):
        return ["tuple", [type_to_json(e) for e in t.elements]]
    raise ValueError(f"type not allowed: {t.friendly_name()}")


def type_from_json(obj: JSON) -> Type:
    """The type that a JSON description describes (go-cty's ``ctyjson.UnmarshalType``).

    Args:
        obj: JSON data, as :func:`type_to_json` gives it.

    Returns:
        The type.

    Raises:
        ValueError: The description is malformed.
    """
    if isinstance(obj, str):
        if obj == "dynamic":
            return DYNAMIC
        if obj not in _PRIMITIVE_NAMES:
            raise ValueError(f"invalid primitive type name {go_quote(obj)}")
        return _PRIMITIVE_NAMES[obj]
    if not isinstance(obj, list) or not obj:
        raise ValueError("invalid type description")
    kind, *rest = obj
    if kind in _COLLECTIONS and len(rest) == 1:
        return _COLLECTIONS[kind](type_from_json(rest[0]))
    if kind == "object" and len(rest) in (1, 2) and isinstance(rest[0], dict):
        attributes = {name: type_from_json(a) for name, a in rest[0].items()}
        optional = rest[1] if len(rest) == 2 else []
        if not isinstance(optional, list) or not all(isinstance(n, str) for n in optional):
            raise ValueError("invalid optional attribute names")
        try:
            return ObjectType(attributes, optional)
        except TypeError as exc:
            raise ValueError(str(exc)) from None
    if kind == "tuple" and len(rest) == 1 and isinstance(rest[0], list):
        return TupleType(type_from_json(e) for e in rest[0])
    raise ValueError("invalid complex type description")


def value_to_json(v: Value, t: Type) -> JSON:
    """A value as JSON data according to a type, as go-cty's ``ctyjson.Marshal`` lays it out.

    Args:
        v: The value.
        t: The type to encode it by (usually ``v.type``). With the dynamic
            pseudo-type, the value's own type is written beside it
            (``{"value": ..., "type": ...}``).

    Returns:
        JSON data; non-integer numbers are :class:`JSONNumber` objects.

    Raises:
        ValueError: The value is, or contains, an unknown value (``value is
            not known``), an infinity (``cannot serialize infinity as JSON``) or
            a capsule.
    """
    if t == DYNAMIC and v.type != DYNAMIC:
        return {"value": value_to_json(v, v.type), "type": type_to_json(v.type)}
    if v.is_null:
        return None
    if not v.is_known:
        raise ValueError("value is not known")
    if t == STRING:
        return v.as_str()
    if t == BOOL:
        return v.as_bool()
    if t == NUMBER:
        n = v.as_number()
        if isinstance(n, float):
            raise ValueError("cannot serialize infinity as JSON")
        return n if isinstance(n, int) else JSONNumber(number.to_string(n))
    if isinstance(t, (ListType, SetType)):
        return [value_to_json(e, t.element) for e in v.elements()]
    if isinstance(t, MapType):
        return {k: value_to_json(e, t.element) for k, e in v.items()}
    if isinstance(t, TupleType):
        return [value_to_json(e, et) for e, et in zip(v.elements(), t.elements, strict=True)]
    if isinstance(t, ObjectType):
        return {k: value_to_json(e, t.attributes[k]) for k, e in v.items()}
    raise ValueError(f"cannot JSON-serialize {t.friendly_name()}")


def value_from_json(obj: JSON, t: Type) -> Value:
    """The value of a type that JSON data encodes (go-cty's ``ctyjson.Unmarshal``).

    As go-cty does, a JSON string is accepted for a bool or number (and
    converted), a JSON number or bool for a string, and an object attribute
    that is absent is null.

    Args:
        obj: JSON data; numbers are read exactly from :class:`JSONNumber`
            objects.
        t: The type of the value.

    Returns:
        The value.

    Raises:
        ValueError: The data is malformed or does not fit ``t``.
    """
    if obj is None:
        return Value.null(t)
    if t == DYNAMIC:
        return _dynamic_from_json(obj)
    if t == BOOL:
        if isinstance(obj, bool):
            return Value.bool(obj)
        if isinstance(obj, str):
            return _converted(Value.string(obj), t)
        raise ValueError("bool is required")
    if t == NUMBER:
        text = _number_text(obj)
        if text is None:
            raise ValueError("number is required")
        return Value.number(text)
    if t == STRING:
        if isinstance(obj, str):
            return Value.string(obj)
        if isinstance(obj, bool):
            return Value.string("true" if obj else "false")
        text = _number_text(obj)
        if text is None:
            raise ValueError("string is required")
        return Value.string(text)
    if isinstance(t, (ListType, SetType, TupleType)):
        if not isinstance(obj, list):
            raise ValueError("missing expected [")
        if isinstance(t, TupleType):
            return _tuple_from_json(obj, t)
        elements = [value_from_json(e, t.element) for e in obj]
        if isinstance(t, ListType):
            return Value.list(elements, t.element)
        return Value.set(elements, t.element)
    if isinstance(t, (MapType, ObjectType)):
        if not isinstance(obj, dict):
            raise ValueError("missing expected {")
        if isinstance(t, MapType):
            return Value.map({k: value_from_json(e, t.element) for k, e in obj.items()}, t.element)
        return _object_from_json(obj, t)
    raise ValueError(f"unsupported type {t.friendly_name()}")


def _converted(v: Value, t: Type) -> Value:
    try:
        return convert(v, t)
    except ConversionError as exc:
        raise ValueError(exc.message) from None


def _number_text(obj: JSON) -> str | None:
    if isinstance(obj, JSONNumber):
        return obj.text
    if isinstance(obj, bool):
        return None
    if isinstance(obj, int):
        return number.to_string(obj)
    if isinstance(obj, float):
        return number.to_string(number.from_python(obj))
    if isinstance(obj, str):
        return obj
    return None


def _dynamic_from_json(obj: JSON) -> Value:
    if not isinstance(obj, dict):
        raise ValueError("missing expected {")
    for key in obj:
        if key not in ("type", "value"):
            raise ValueError(f"invalid key {go_quote(key)} in dynamically-typed value")
    if "type" not in obj:
        raise ValueError("missing type in dynamically-typed value")
    if "value" not in obj:
        raise ValueError("missing value in dynamically-typed value")
    try:
        t = type_from_json(obj["type"])
    except ValueError as exc:
        raise ValueError(f"failed to decode type for dynamic value: {exc}") from None
    return value_from_json(obj["value"], t)


def _tuple_from_json(obj: list[JSON], t: TupleType) -> Value:
    need = len(t.elements)
    if len(obj) > need:
        raise ValueError(f"too many tuple elements (need {need})")
    if len(obj) < need:
        raise ValueError(f"not enough tuple elements (need {need})")
    return Value.tuple(value_from_json(e, et) for e, et in zip(obj, t.elements, strict=True))


def _object_from_json(obj: dict[str, JSON], t: ObjectType) -> Value:
    attributes = {}
    for key, e in obj.items():
        if key not in t.attributes:
            raise ValueError(f"unsupported attribute {go_quote(key)}")
        attributes[key] = value_from_json(e, t.attributes[key])
    for name, attribute_type in t.attributes.items():
        attributes.setdefault(name, Value.null(attribute_type))
    return Value.object(attributes)


# --------------------------------------------------------------------------- JSON text

_GO_STRING_ESCAPES = re.compile('[\x00-\x1f"\\\\<>&\u2028\u2029]')
_SHORT_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _go_json_string(text: str) -> str:
    """``text`` as a JSON string the way Go's ``encoding/json`` writes it (HTML-safe)."""
    return (
        '"'
        + _GO_STRING_ESCAPES.sub(
            lambda m: _SHORT_ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), text
        )
        + '"'
    )


JSONForm = str | tuple[str, str, Sequence[tuple[str | None, Any]]]
"""How one value is written: its JSON text, or ``(opener, closer, items)`` for an
array or object, each item a key (``None`` in arrays) and the value under it."""


def layout_json(
    root: object,
    form: Callable[[Any, int], JSONForm],
    key_text: Callable[[str], str],
    indent: str | None = None,
    depth: int = 0,
) -> str:
    """JSON text of ``root``, with ``form`` saying how each value is written.

    ``form(value, depth)`` gives a value's text or its items (see
    :data:`JSONForm`); ``key_text`` writes object keys. With ``indent`` the
    layout is that of Go's ``json.MarshalIndent`` (and Python's
    ``json.dumps(indent=...)``), as if ``root`` stood ``depth`` levels deep.
    Nesting of any depth is written without recursion.
    """
    out: list[str] = []
    separator = ": " if indent is not None else ":"
    # Each entry: the items still to write in one array or object, its closer, its depth.
    stack: list[tuple[Iterator[tuple[str | None, Any]], str, int]] = []
    pending: list[tuple[str | None, Any]] = [(None, root)]
    first = True
    while True:
        if pending:
            key, obj = pending.pop()
            if not first:
                out.append(",")
            if indent is not None and stack:
                out.append("\n" + indent * depth)
            if key is not None:
                out.append(key_text(key) + separator)
            first = False
            written = form(obj, depth)
            if isinstance(written, str):
                out.append(written)
            else:
                opener, closer, items = written
                out.append(opener)
                if not items:
                    out.append(closer)
                    continue
                stack.append((iter(items), closer, depth))
                depth += 1
                first = True
        if not stack:
            return "".join(out)
        items_left, closer, outer = stack[-1]
        following = next(items_left, None)
        if following is not None:
            pending.append(following)
            continue
        stack.pop()
        depth = outer
        if indent is not None:
            out.append("\n" + indent * depth)
        out.append(closer)
        first = False


def go_json_text(data: JSON, indent: str | None = None, *, sort_keys: bool = False) -> str:
    """``data`` as JSON text the way Go's ``encoding/json`` writes it.

    Strings are HTML-safe (``<``, ``>`` and ``&`` escaped); a
    :class:`JSONNumber` keeps its exact text. With ``indent`` the layout is
    that of ``json.MarshalIndent``; ``sort_keys`` orders object keys as Go
    orders the keys of a map.
    """

    def form(obj: JSON, _depth: int) -> JSONForm:
        if isinstance(obj, dict):
            keys = sorted(obj) if sort_keys else list(obj)
            return "{", "}", [(k, obj[k]) for k in keys]
        if isinstance(obj, list):
            return "[", "]", [(None, e) for e in obj]
        return _scalar_text(obj)

    return layout_json(data, form, _go_json_string, indent)


def _scalar_text(obj: JSON) -> str:
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, JSONNumber):
        return obj.text
    if isinstance(obj, int):
        return number.to_string(obj)
    if isinstance(obj, float):
        return json.dumps(obj)
    if isinstance(obj, str):
        return _go_json_string(obj)
    raise TypeError(f"{obj!r} is not JSON data")


def encode_json(v: Value, t: Type) -> str:
    """A value encoded by a type as compact JSON text, as go-cty's ``ctyjson.Marshal`` writes it.

    Args:
        v: The value.
        t: The type to encode it by, as for :func:`value_to_json`.

    Returns:
        The JSON text.

    Raises:
        ValueError: As for :func:`value_to_json`.
    """
    return go_json_text(value_to_json(v, t))


def _no_constant(name: str) -> JSON:
    raise ValueError(f"invalid JSON number {name}")


def decode_json(text: str | bytes, t: Type) -> Value:
    """The value of a type encoded in JSON text, numbers read exactly.

    Args:
        text: The JSON text.
        t: The type of the value, as for :func:`value_from_json`.

    Returns:
        The value.

    Raises:
        ValueError: The JSON is malformed (``NaN`` and ``Infinity`` included),
            or the data does not fit ``t``.
    """
    obj = json.loads(
        text, parse_float=JSONNumber, parse_int=JSONNumber, parse_constant=_no_constant
    )
    return value_from_json(obj, t)
