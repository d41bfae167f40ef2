"""The JSON form of decoded objects, as ``hcldecode decode`` prints them.

Every type a configuration class can hold has one form:

* ``None``, ``bool``, ``str``: ``null``, ``true``/``false``, a string;
* ``int``, ``float``, ``decimal.Decimal``: a number, exact; a
  ``fractions.Fraction`` as an HCL number (exact for fractions that have a
  decimal expansion in HCL's 512 bits);
* an ``enum.Enum`` member: the form of its value;
* ``datetime.datetime``/``date``/``time``: ISO 8601 text;
* ``datetime.timedelta``: a number of seconds, exact;
* ``uuid.UUID``: its text;
* a path: its text;
* lists and tuples: arrays; sets: arrays sorted by their elements' JSON text;
* dicts: objects (a ``TypedDict``'s instances too: their keys); dataclasses,
  attrs classes, msgspec ``Struct`` and ``NamedTuple`` classes and the classes
  of any other kind the decoder's types know: objects of their ``__init__``
  fields, by attribute name, in field order;
* ``hcl.Range``: ``"file:line,column-line,column"`` (HCL's own form,
  ``"file:line,column-column"`` when it is on one line);
* ``hcl.Value``: go-cty's JSON encoding of the value by its own type (``null``
  for an unknown value);
* ``hcl.Expression``: ``{"expression": SOURCE, "range": RANGE}``, its source
  text and range;
* ``hcl.Body``: ``{"body": RANGE}``, where it starts;
* ``hcl.Attribute``: ``{"attribute": NAME, "expression": SOURCE, "range": RANGE}``;
* ``hcl.Block``: ``{"block": TYPE, "labels": [...], "range": RANGE}``, the range
  of its header;
* anything else (a type of the application's own, taught to a ``Decoder``): the
  form of what the decoder's cattrs converter unstructures it to, if it has
  one that knows the type; else its ``str()``;
* a sensitive field (``hcl.attr(sensitive=True)``) or value: the string
  ``"(sensitive value)"`` unless sensitive values are shown
  (``--show-sensitive``); a sensitive field that is ``None`` is ``null``.

Strings are written so that a terminal shows them and does nothing else:
control characters, DEL, the C1 controls, bidirectional controls, line
separators and lone surrogates are ``\\u`` escapes. Nesting of any depth is
written without recursion, apart from one level per set.
"""

from __future__ import annotations

import datetime
import decimal
import enum
import fractions
import math
import pathlib
import re
import uuid
from collections.abc import Mapping

from ..model._diagnostics import Range
from ..model._structure import Attribute, Block, Body, Expression
from ..pytypes._fields import MISSING, ClassKind, Field
from ..pytypes._rules import DEFAULT_TYPES, PythonTypes
from ..values._json import JSONForm, JSONNumber, layout_json, value_to_json
from ..values._sensitive import REDACTED
from ..values._types import NUMBER, ListType, MapType, ObjectType, SetType, TupleType
from ..values._value import SENSITIVE, Marking, Value

__all__ = ["json_text"]

_ESCAPE = re.compile(
    '["\\\\\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]'
)
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}

# Numbers with more digits than this are written through Decimal, which
# has no limit on the digits of a conversion.
_INT_DIGITS = 4000


def _string(text: str) -> str:
    return (
        '"' + _ESCAPE.sub(lambda m: _SHORT.get(m.group(), f"\\u{ord(m.group()):04x}"), text) + '"'
    )


def _int_text(number: int) -> str:
    if number.bit_length() * 0.302 < _INT_DIGITS:
        return str(number)
    return format(decimal.Decimal(number), "f")


def _order(obj: object) -> tuple[int, fractions.Fraction]:
    """Numbers in a set come first, in order of value; then the rest by their text."""
    if isinstance(obj, enum.Enum):
        obj = obj.value
    if isinstance(obj, bool) or not isinstance(
        obj, int | float | decimal.Decimal | fractions.Fraction
    ):
        return (1, fractions.Fraction(0))
    try:
        return (0, fractions.Fraction(obj))
    except (ValueError, OverflowError):
        return (1, fractions.Fraction(0))


class _Raw(str):
    """JSON text already written."""

    __slots__ = ()


class JsonWriter:
    """Writes decoded objects as JSON; ``sources`` gives expressions their source text,
    ``types`` says which classes are classes of fields."""

    def __init__(
        self,
        sources: Mapping[str, bytes],
        types: PythonTypes = DEFAULT_TYPES,
        indent: str | None = "  ",
        *,
        show_sensitive: bool = False,
    ) -> None:
        self.sources = sources
        self.types = types
        self.indent = indent
        #: Whether sensitive fields and values are shown (else "(sensitive value)").
        self.show_sensitive = show_sensitive

    def text(self, obj: object, depth: int = 0) -> str:
        """``obj`` as JSON text, indented as if it were ``depth`` levels deep."""
        return layout_json(obj, self.form, _string, self.indent, depth)

    def form(self, obj: object, depth: int) -> JSONForm:
        """The JSON text of a scalar, or the items of a container."""
        if isinstance(obj, _Raw):
            return obj
        if obj is None:
            return "null"
        if isinstance(obj, bool):
            return "true" if obj else "false"
        if isinstance(obj, enum.Enum):
            return self.form(obj.value, depth)
        if isinstance(obj, JSONNumber):
            return obj.text
        if isinstance(obj, int):
            return _int_text(obj)
        if isinstance(obj, float):
            return repr(obj) if math.isfinite(obj) else _string(repr(obj))
        if isinstance(obj, str):
            return _string(obj)
        if isinstance(obj, decimal.Decimal):
            return format(obj, "f") if obj.is_finite() else _string(str(obj))
        if isinstance(obj, fractions.Fraction):
            text = value_to_json(Value.number(obj), NUMBER)
            return text.text if isinstance(text, JSONNumber) else str(text)
        if isinstance(obj, datetime.date | datetime.time):
            return _string(obj.isoformat())
        if isinstance(obj, datetime.timedelta):
            micros = obj // datetime.timedelta(microseconds=1)
            return format(decimal.Decimal(micros).scaleb(-6).normalize(), "f")
        if isinstance(obj, uuid.UUID):
            return _string(str(obj))
        if isinstance(obj, Attribute):
            return "{", "}", [("attribute", obj.name), *self.expression(obj.expr)]
        if isinstance(obj, Block):
            return (
                "{",
                "}",
                [("block", obj.type), ("labels", list(obj.labels)), ("range", str(obj.def_range))],
            )
        if isinstance(obj, pathlib.PurePath):
            return _string(str(obj))
        if isinstance(obj, Range):
            return _string(str(obj))
        if isinstance(obj, Value):
            return self.value(obj, depth)
        if isinstance(obj, Expression):
            return "{", "}", self.expression(obj)
        if isinstance(obj, Body):
            return ("{", "}", [("body", str(obj.missing_item_range))])
        kind = self.types.kind_of(type(obj))  # a NamedTuple is a tuple too
        if kind is not None:
            fields = self.types.class_fields(type(obj))
            found = [(f.attribute, self.field_value(obj, kind, f)) for f in fields]
            return ("{", "}", [(name, v) for name, v in found if v is not MISSING])
        if isinstance(obj, list | tuple):
            return ("[", "]", [(None, e) for e in obj])
        if isinstance(obj, set | frozenset):
            texts = sorted((_order(e), self.text(e, depth + 1)) for e in obj)
            return ("[", "]", [(None, _Raw(t)) for _, t in texts])
        if isinstance(obj, dict):
            return ("{", "}", [(str(k), v) for k, v in obj.items()])
        converter = self.types.converter
        if converter is not None:
            unstructured = converter.unstructure(obj)
            if type(unstructured) is not type(obj):  # the converter knows it
                return self.form(unstructured, depth)
        return _string(str(obj))

    def field_value(self, obj: object, kind: ClassKind, field: Field) -> object:
        """The value of ``field`` in ``obj``, or ``(sensitive value)`` for a sensitive
        field (``None`` stays ``null``)."""
        value = kind.get(obj, field)
        if field.sensitive and not self.show_sensitive and value is not None:
            return value if value is MISSING else _Raw(_string(REDACTED))
        return value

    def value(self, value: Value, depth: int) -> JSONForm:
        if Marking.used and value.contains_marked:
            if value.is_marked:
                if value.has_mark(SENSITIVE) and not self.show_sensitive:
                    return _string(REDACTED)
                value = value.unmark()[0]
            t = value.type
            if value.contains_marked and value.is_known and not value.is_null:
                if isinstance(t, ObjectType | MapType):
                    return ("{", "}", list(value.items()))
                if isinstance(t, ListType | TupleType | SetType):
                    return ("[", "]", [(None, e) for e in value.elements()])
        try:
            data = value_to_json(value, value.type)
        except ValueError:
            return "null"
        return self.form(data, depth)

    def expression(self, expr: Expression) -> list[tuple[str | None, object]]:
        r = expr.range
        source = self.sources.get(r.filename)
        items: list[tuple[str | None, object]] = []
        if source is not None and 0 <= r.start.byte <= r.end.byte <= len(source):
            items.append(
                ("expression", source[r.start.byte : r.end.byte].decode("utf-8", "replace"))
            )
        items.append(("range", str(r)))
        return items


def json_text(
    obj: object, sources: Mapping[str, bytes] | None = None, types: PythonTypes = DEFAULT_TYPES
) -> str:
    """``obj`` as indented JSON text (see the module's documentation for the forms);
    ``types`` says which classes are classes of fields."""
    return JsonWriter(sources or {}, types).text(obj)
