"""The Python types of one decoder: the values layer's plan, with configuration classes.

:class:`ConfigTypes` is :class:`~hcldecode.pytypes.PythonTypes` (the
one plan of Python types that fields, function parameters and variables
share) told about hcldecode's markers: a configuration class used as an
attribute value is an object whose attribute names are the fields' HCL
names. It also keeps what one decoder caches: the :class:`TypePlan` of each
field annotation and the class information built for it (see
``_classinfo.class_info``). Nothing here is shared between two decoders.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Mapping
from typing import Any

from ..model._context import EvalContext
from ..model._structure import Attribute, Block, Expression
from ..pytypes._fields import ClassKind, Field, class_name
from ..pytypes._lowering import Lowering
from ..pytypes._rules import PythonTypes, nullable, strip_optional
from ..values._errors import Error
from ..values._types import DYNAMIC, Type
from ..values._value import Value
from ._markers import AttrMarker

__all__ = ["BlockDecoder", "ConfigTypes", "SchemaError", "TypePlan"]

#: An application's decoder of the blocks of one type (``Decoder(block_decoders=...)``):
#: called with the block and the evaluation context; returns the object, or a
#: ``Decoded`` of it with its diagnostics.
BlockDecoder = Callable[[Block, EvalContext | None], Any]


class SchemaError(Error, TypeError):
    """A configuration class cannot be mapped onto HCL (a mistake in the program)."""


class TypePlan:
    """How an attribute of one Python type is decoded.

    ``hcl_type`` is the type the value is converted to; ``raw`` is set for
    fields that take the expression, attribute or value as it is
    (``hcl.Expression``, ``hcl.Attribute``, ``hcl.Value``) and names which;
    ``nullable`` when ``None`` is a valid Python value; ``lowering`` is the
    compiled walk that makes values objects of the type (``None`` when
    ``raw``).
    """

    __slots__ = ("annotation", "hcl_type", "lowering", "nullable", "raw")

    def __init__(
        self,
        annotation: Any,
        hcl_type: Type,
        nullable: bool = False,
        raw: type | None = None,
        lowering: Lowering | None = None,
    ) -> None:
        self.annotation = annotation
        self.hcl_type = hcl_type
        self.nullable = nullable
        self.raw = raw
        self.lowering = lowering


class ConfigTypes(PythonTypes):
    """The Python types one decoder knows, configuration classes included."""

    def __init__(
        self,
        registered: Any = None,
        rules: Any = (),
        converter: Any = None,
        block_decoders: Mapping[type, BlockDecoder] | None = None,
    ) -> None:
        super().__init__(registered, rules, converter)
        decoders = dict(block_decoders or {})
        for tp, decoder in decoders.items():
            if not isinstance(tp, type) or not callable(decoder):
                raise TypeError(
                    f"block_decoders maps classes to callables, not {tp!r} to {decoder!r}"
                )
        #: The application's own decoders of the blocks of a type, by type.
        self.block_decoders: Mapping[type, BlockDecoder] = decoders
        self._plans: dict[Any, TypePlan] = {}
        #: The class information built for this decoder (see ``class_info``),
        #: with the lock that guards building it.
        self.classes: dict[type, Any] = {}
        self.classes_lock = threading.RLock()

    def plan(self, annotation: Any) -> TypePlan:
        """The :class:`TypePlan` of an attribute annotation; ``TypeError`` if unsupported."""
        try:
            cached = self._plans.get(annotation)
        except TypeError:  # an unhashable annotation
            cached = None
        if cached is not None:
            return cached
        if _is_raw(annotation):
            plan = TypePlan(annotation, DYNAMIC, nullable=True, raw=strip_optional(annotation)[0])
        else:
            try:
                lowering = self.lowering(annotation)
            except SchemaError:
                raise
            except TypeError as exc:  # a mistake in the class, like the others
                raise SchemaError(str(exc)) from None
            plan = TypePlan(
                annotation, lowering.hcl_type, nullable=nullable(annotation), lowering=lowering
            )
        with contextlib.suppress(TypeError):  # an unhashable annotation is planned each time
            self._plans[annotation] = plan
        return plan

    def field_annotation(self, kind: ClassKind, field: Field) -> Any:
        """As :meth:`PythonTypes.field_annotation`; fields that take the expression,
        attribute or value as it is keep their annotation."""
        if _is_raw(field.annotation):
            return field.annotation
        return super().field_annotation(kind, field)

    def class_fields(self, cls: type) -> tuple[Field, ...]:
        """The fields of a configuration class; :class:`SchemaError` if they cannot be read."""
        try:
            return super().class_fields(cls)
        except SchemaError:
            raise
        except TypeError as exc:
            raise SchemaError(str(exc)) from None

    def object_fields(self, cls: type) -> tuple[Field, ...]:
        """The fields of a configuration class used as a value: all plain attributes."""
        fields = self.class_fields(cls)
        for field in fields:
            if not isinstance(field.marker, AttrMarker | None) or _is_raw(field.annotation):
                raise SchemaError(
                    f"{class_name(cls)} is used as an attribute value, so its fields must be "
                    f"plain attributes; {field.name!r} is not"
                )
        return fields


def _is_raw(annotation: Any) -> bool:
    """Whether fields of this type take the expression or value as it is."""
    inner, _ = strip_optional(annotation)
    return inner is Expression or inner is Value or inner is Attribute
