"""HCL's values and types: the layer that go-cty is for HCL's Go packages.

It knows nothing of syntax, source positions or diagnostics. What it offers:

* types: :data:`STRING`, :data:`NUMBER`, :data:`BOOL` (the
  :class:`PrimitiveType` ones: ``Type.is_primitive_type()``), :data:`DYNAMIC` (the
  dynamic pseudo-type), :class:`ListType`, :class:`SetType`, :class:`MapType`,
  :class:`ObjectType`, :class:`TupleType`, :class:`CapsuleType`;
* :class:`Value`: immutable, typed, possibly null or unknown, with HCL's
  equality and operators (:class:`OperationError` when one cannot proceed),
  and marks that follow it through them (:meth:`Value.mark`, :class:`PathMarks`);
* :class:`Error`, the base of every exception hcldecode raises for a
  configuration, schema or value problem (``hcldecode.Error``);
* conversion and unification by HCL's rules (:func:`convert`, :func:`unify`,
  :class:`ConversionError`);
* functions callable from expressions (:class:`Function`, :class:`Parameter`);
* go-cty's JSON encoding of values and types.

Above it, :mod:`hcldecode.pytypes` turns Python objects and classes into
values and back, and :mod:`hcldecode.functions` is go-cty's function
library. ``hcldecode.values.STDLIB``, ``to_value``, ``to_python`` and
``function`` still give those layers' names for one release, with a
:class:`DeprecationWarning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
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
    path_text,
    unify,
    unify_unsafe,
)
from ._errors import Error
from ._function import Function, FunctionArgError, FunctionError, Parameter, refine_not_null
from ._limits import DEFAULT_LIMITS, Limits, current_limits, max_nesting
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
    PrimitiveType,
    SetType,
    TupleType,
    Type,
)
from ._value import (
    DYNAMIC_VALUE,
    EMPTY_OBJECT_VALUE,
    EMPTY_TUPLE_VALUE,
    FALSE,
    SENSITIVE,
    TRUE,
    OperationError,
    PathMarks,
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
# with a DeprecationWarning (the function library is hcldecode.functions now, and
# Python objects and classes are hcldecode.pytypes).
_MOVED = {
    "STDLIB": "hcldecode.functions.STDLIB",
    "function": "hcldecode.pytypes.function",
    "to_python": "hcldecode.pytypes.to_python",
    "to_value": "hcldecode.pytypes.to_value",
}

__getattr__ = lazy_names(__name__, _LAZY, _MOVED)


__all__ = [
    "BOOL",
    "BYTES",
    "DEFAULT_LIMITS",
    "DYNAMIC",
    "DYNAMIC_VALUE",
    "EMPTY_OBJECT",
    "EMPTY_OBJECT_VALUE",
    "EMPTY_TUPLE",
    "EMPTY_TUPLE_VALUE",
    "FALSE",
    "NUMBER",
    "SENSITIVE",
    "STRING",
    "TRUE",
    "AttrStep",
    "CapsuleType",
    "ConversionError",
    "Error",
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
    "PathMarks",
    "PathStep",
    "PrimitiveType",
    "RefinementBuilder",
    "SetType",
    "TupleType",
    "Type",
    "Value",
    "ValueRange",
    "can_convert",
    "convert",
    "current_limits",
    "decode_json",
    "encode_json",
    "get_conversion",
    "max_nesting",
    "mismatch_message",
    "path_text",
    "refine_not_null",
    "safe_known_prefix",
    "type_from_json",
    "type_to_json",
    "unify",
    "unify_unsafe",
    "value_from_json",
    "value_to_json",
]
