"""Python objects and classes as HCL values, and HCL values as Python objects.

The layer between Python's types and HCL's values (``values``):

* :class:`PythonTypes`: which Python types have an HCL form, decided for
  each annotation by one table of rules (:data:`Rule`): the application's
  own types (:data:`TypeRule`) and rules first, then the built-in ones
  (``str``, numbers, dates, paths, enums, ``Literal``, unions, sequences,
  sets, mappings, ``Any``, :class:`~hcldecode.values.Value`), then the
  kinds of classes whose fields make objects;
* the one model of a class's fields: :class:`Field`, read by a
  :class:`ClassKind` (:data:`DATACLASSES`, :data:`ATTRS_CLASSES`,
  :data:`MSGSPEC_STRUCTS`, :data:`TYPED_DICTS` and :data:`NAMED_TUPLES` are
  built in; a new kind of model class is one more rule), with the markers
  of a decoder as :class:`FieldMarker` subclasses, and what a class's own
  validation refused (:class:`InvalidFields`, :class:`FieldProblem`);
* :func:`to_value` and :func:`to_python` with the built-in types, and
  :func:`function`, which makes a plain Python callable an HCL
  :class:`~hcldecode.values.Function`.

A ``hcldecode.Decoder`` owns a :class:`PythonTypes` (``Decoder.types``):
nothing here is shared between two of them.
"""

from __future__ import annotations

from ._callable import function
from ._fields import (
    ATTRS_CLASSES,
    DATACLASSES,
    MISSING,
    ClassKind,
    Field,
    FieldMarker,
    FieldProblem,
    InvalidFields,
)
from ._msgspec import MSGSPEC_STRUCTS
from ._rules import PythonTypes, Rule, TypeRule, to_python, to_value
from ._sensitive import sensitive
from ._stdlib_classes import NAMED_TUPLES, TYPED_DICTS

__all__ = [
    "ATTRS_CLASSES",
    "DATACLASSES",
    "MISSING",
    "MSGSPEC_STRUCTS",
    "NAMED_TUPLES",
    "TYPED_DICTS",
    "ClassKind",
    "Field",
    "FieldMarker",
    "FieldProblem",
    "InvalidFields",
    "PythonTypes",
    "Rule",
    "TypeRule",
    "function",
    "sensitive",
    "to_python",
    "to_value",
]
