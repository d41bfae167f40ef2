"""The standard library's classes of fields: ``TypedDict`` and ``NamedTuple``.

A ``TypedDict``'s fields are its keys, in the order its annotations give
them; a key that is not required (``total=False``, ``NotRequired[...]``) is
:attr:`~hcldecode.pytypes.Field.omittable`: left out of the dict when the
configuration does not set it. Its instances are plain dicts, so an object
cannot say which ``TypedDict`` it is: the writers take the class from the
annotation of the field that holds it, or from the caller.

A ``NamedTuple``'s fields are its ``_fields``, with their annotations and
``_field_defaults``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import typing_extensions

from ._fields import MISSING, ClassKind, Field

__all__ = ["NAMED_TUPLES", "TYPED_DICTS"]

#: The qualifiers a TypedDict's annotation may carry around (or inside
#: ``Annotated``) the field's type.
_QUALIFIERS = tuple(
    q
    for q in (
        typing_extensions.Required,
        typing_extensions.NotRequired,
        getattr(typing_extensions, "ReadOnly", None),
    )
    if q is not None
)


def _unqualified(hint: Any) -> tuple[Any, bool | None]:
    """``hint`` without ``Required``/``NotRequired``/``ReadOnly`` (also inside
    ``Annotated``), and whether it said the key is required (``None``: it did not)."""
    origin = typing_extensions.get_origin(hint)
    if origin is typing_extensions.Annotated:
        inner, *extras = typing_extensions.get_args(hint)
        bare, required = _unqualified(inner)
        if bare is inner:
            return hint, required
        annotated: Any = typing_extensions.Annotated
        params = (bare, *extras)
        return annotated[params], required
    if origin in _QUALIFIERS:
        bare, required = _unqualified(typing_extensions.get_args(hint)[0])
        if origin is typing_extensions.Required:
            return bare, True
        if origin is typing_extensions.NotRequired:
            return bare, False
        return bare, required
    return hint, None


class _TypedDicts(ClassKind):
    name = "TypedDict"

    def matches(self, tp: Any) -> bool:
        return isinstance(tp, type) and typing_extensions.is_typeddict(tp)

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        required_keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
        found = []
        for key, hint in hints.items():
            annotation, said = _unqualified(hint)
            # What the annotation says wins: with postponed annotations, Python
            # before 3.14 cannot see NotRequired[...] when it makes __required_keys__.
            required = said if said is not None else key in required_keys
            found.append(self.field(cls, key, key, annotation, omittable=not required))
        return found

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        return dict(kwargs)

    def get(self, obj: Any, field: Field) -> Any:
        return obj.get(field.name, MISSING)

    def instance_of(self, obj: object, cls: type) -> bool:
        return isinstance(obj, dict)


class _NamedTuples(ClassKind):
    name = "NamedTuple"

    def matches(self, tp: Any) -> bool:
        return (
            isinstance(tp, type)
            and issubclass(tp, tuple)
            and isinstance(getattr(tp, "_fields", None), tuple)
            and isinstance(getattr(tp, "_field_defaults", None), dict)
        )

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
        names: tuple[str, ...] = getattr(cls, "_fields", ())
        return [
            self.field(cls, name, name, hints.get(name), default=defaults.get(name, MISSING))
            for name in names
        ]


TYPED_DICTS: ClassKind = _TypedDicts()
"""``TypedDict`` classes: their keys (``NotRequired`` ones left out when not set)."""

NAMED_TUPLES: ClassKind = _NamedTuples()
"""``NamedTuple`` classes: their ``_fields``."""
