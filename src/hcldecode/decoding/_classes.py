"""Reading the fields of dataclasses and attrs classes, with their markers.

The lowest step of class decoding: which ``__init__`` parameters a class
has, their resolved annotations, defaults and hcldecode markers. Both the
body schema of a class (:mod:`._classinfo`) and the object type of a class
used as an attribute value (:mod:`._pytypes`) are built from these.
"""

from __future__ import annotations

import dataclasses
import threading
import typing
from typing import Any

import attrs

from ..values._errors import Error
from ..values._python import init_fields
from ._markers import (
    AttrMarker,
    BlockMarker,
    BodyMarker,
    LabelMarker,
    Marker,
    RangeMarker,
    RemainMarker,
)

__all__ = ["ClassField", "SchemaError", "class_fields", "is_config_class"]

_MARKER_TYPES = (AttrMarker, BlockMarker, LabelMarker, RemainMarker, BodyMarker, RangeMarker)


class SchemaError(Error, TypeError):
    """A configuration class cannot be mapped onto HCL (a mistake in the program)."""


def is_config_class(tp: object) -> bool:
    """True for dataclasses and attrs classes."""
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or attrs.has(tp))


@attrs.frozen
class ClassField:
    """One ``__init__`` parameter of a configuration class.

    ``annotation`` is the field's type without its ``Annotated`` wrapper;
    ``marker`` is its hcldecode marker (an attribute when there is none);
    ``hcl_name`` the HCL name the marker gives, or the field's name;
    ``attribute`` the Python attribute that holds the value (an attrs
    field ``_x`` is the parameter ``x``).
    """

    name: str
    annotation: Any
    marker: Marker
    has_default: bool
    attribute: str

    @property
    def hcl_name(self) -> str:
        marker = self.marker
        if isinstance(marker, AttrMarker | BlockMarker | LabelMarker) and marker.name:
            return marker.name
        return self.name


_cache: dict[type, tuple[ClassField, ...]] = {}
_lock = threading.Lock()


def class_fields(cls: type) -> tuple[ClassField, ...]:
    """The fields of ``cls`` in ``__init__`` order (read once, then cached).

    Raises :class:`SchemaError` for a class that is not a dataclass or attrs
    class, a field without annotation or with more than one marker.
    """
    found = _cache.get(cls)
    if found is None:
        found = _read(cls)
        with _lock:
            found = _cache.setdefault(cls, found)
    return found


def _read(cls: type) -> tuple[ClassField, ...]:
    if not is_config_class(cls):
        raise SchemaError(
            f"{getattr(cls, '__qualname__', cls)!s} is not a dataclass or attrs class"
        )
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except NameError as exc:
        raise SchemaError(
            f"cannot resolve the annotations of {cls.__qualname__}: {exc}; define the "
            "classes it refers to at module level"
        ) from exc
    fields = []
    for name, attribute, has_default in init_fields(cls):
        annotation = hints.get(attribute)
        if annotation is None:
            raise SchemaError(f"{cls.__qualname__}.{name} has no type annotation")
        markers: list[Marker] = []
        if typing.get_origin(annotation) is typing.Annotated:
            annotation, *extras = typing.get_args(annotation)
            markers = [m for m in extras if isinstance(m, _MARKER_TYPES)]
        if len(markers) > 1:
            raise SchemaError(f"{cls.__qualname__}.{name} has more than one hcldecode marker")
        marker = markers[0] if markers else AttrMarker()
        fields.append(ClassField(name, annotation, marker, has_default, attribute))
    seen: dict[str, str] = {}
    for f in fields:
        if not isinstance(f.marker, AttrMarker | BlockMarker):
            continue
        other = seen.setdefault(f.hcl_name, f.name)
        if other != f.name:
            raise SchemaError(
                f"{cls.__qualname__}: fields {other!r} and {f.name!r} both map to "
                f"the HCL name {f.hcl_name!r}"
            )
    return tuple(fields)
