"""HCL's values and types: the layer that go-cty is for HCL's Go packages.

It knows nothing of syntax, source positions or diagnostics. What it offers:

* types: :data:`STRING`, :data:`NUMBER`, :data:`BOOL`, :data:`DYNAMIC` (the
  dynamic pseudo-type), :class:`ListType`, :class:`SetType`, :class:`MapType`,
  :class:`ObjectType`, :class:`TupleType`, :class:`CapsuleType`;
* :class:`Value`: immutable, typed, possibly null or unknown, with HCL's
  equality and operators (:class:`OperationError` when one cannot proceed);
* :class:`Error`, the base of every exception hcldecode raises for a
  configuration, schema or value problem (``hcldecode.Error``);
* conversion and unification by HCL's rules (:func:`convert`, :func:`unify`,
  :class:`ConversionError`);
* functions callable from expressions (:class:`Function`, :class:`Parameter`,
  :func:`function` for plain Python callables);
* Python objects to values and back (:func:`to_value`, :func:`to_python`,
  and :class:`PythonTypes`, whose table of :data:`Rule` entries decides how
  each annotation is handled), and go-cty's JSON encoding of values and types;
* the one model of a class's fields (:class:`Field`, read by a
  :class:`ClassKind` such as :data:`DATACLASSES` and :data:`ATTRS_CLASSES`).

go-cty's function library is the layer above, :mod:`hcldecode.functions`
(``hcldecode.values.STDLIB`` still gives its :data:`~hcldecode.functions.STDLIB`
for one release, with a :class:`DeprecationWarning`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from ._callable import function
from ._classes import ATTRS_CLASSES, DATACLASSES, MISSING, ClassKind, Field, FieldMarker
from ._convert import (
    AttrStep,
    ConversionError,
    IndexStep,
    Path,
    PathStep,
    can_convert,
    convert,
    get_conversion,
    mismatch_message,
    unify,
    unify_unsafe,
)
from ._errors import Error
from ._function import Function, FunctionArgError, FunctionError, Parameter, refine_not_null
from ._limits import DEFAULT_LIMITS, Limits, current_limits, max_nesting
from ._python import PythonTypes, Rule, TypeRule, to_python, to_value
from ._refinement import safe_known_prefix
from ._types import (
    BOOL,
    BYTES,
    DYNAMIC,
    EMPTY_OBJECT,
    EMPTY_TUPLE,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ._value import (
    DYNAMIC_VALUE,
    EMPTY_OBJECT_VALUE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    TRUE,
    OperationError,
    RefinementBuilder,
    Value,
    ValueRange,
)

if TYPE_CHECKING:
    from ._json import (
        JSONNumber,
        decode_json,
        encode_json,
        type_from_json,
        type_to_json,
        value_from_json,
        value_to_json,
    )

# Names whose modules load on first use: go-cty's JSON encoding costs milliseconds to
# import, and decoding needs it only for the JSON functions and tools.
_LAZY = {
    "JSONNumber": "_json",
    "decode_json": "_json",
    "encode_json": "_json",
    "type_from_json": "_json",
    "type_to_json": "_json",
    "value_from_json": "_json",
    "value_to_json": "_json",
}


# Names that have moved to another package: they still work here, for one release,
# with a DeprecationWarning (the function library is hcldecode.functions now).
_MOVED = {"STDLIB": "hcldecode.functions.STDLIB"}

__getattr__ = lazy_names(__name__, _LAZY, _MOVED)


__all__ = [
    "ATTRS_CLASSES",
    "BOOL",
    "BYTES",
    "DATACLASSES",
    "DEFAULT_LIMITS",
    "DYNAMIC",
    "DYNAMIC_VALUE",
    "EMPTY_OBJECT",
    "EMPTY_OBJECT_VALUE",
    "EMPTY_TUPLE",
    "EMPTY_TUPLE_VALUE",
    "FALSE",
    "MISSING",
    "NUMBER",
    "STRING",
    "TRUE",
    "AttrStep",
    "CapsuleType",
    "ClassKind",
    "ConversionError",
    "Error",
    "Field",
    "FieldMarker",
    "Function",
    "FunctionArgError",
    "FunctionError",
    "IndexStep",
    "JSONNumber",
    "Limits",
    "ListType",
    "MapType",
    "ObjectType",
    "OperationError",
    "Parameter",
    "Path",
    "PathStep",
    "PythonTypes",
    "RefinementBuilder",
    "Rule",
    "SetType",
    "TupleType",
    "Type",
    "TypeRule",
    "Value",
    "ValueRange",
    "can_convert",
    "convert",
    "current_limits",
    "decode_json",
    "encode_json",
    "function",
    "get_conversion",
    "max_nesting",
    "mismatch_message",
    "refine_not_null",
    "safe_known_prefix",
    "to_python",
    "to_value",
    "type_from_json",
    "type_to_json",
    "unify",
    "unify_unsafe",
    "value_from_json",
    "value_to_json",
]
