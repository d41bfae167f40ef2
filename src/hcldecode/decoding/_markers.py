"""Field markers: how a class field maps onto an HCL body.

Markers go inside ``typing.Annotated``::

    port: Annotated[int, hcl.attr("listen_port")]
    listeners: Annotated[list[Listener], hcl.block("listener")]
    name: Annotated[str, hcl.label()]

A field without a marker is an attribute named after the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import attrs

from ..values._classes import FieldMarker

__all__ = [
    "AttrMarker",
    "BlockMarker",
    "BodyMarker",
    "LabelMarker",
    "Marker",
    "RangeMarker",
    "RemainMarker",
    "attr",
    "attr_range",
    "block",
    "body",
    "def_range",
    "label",
    "label_range",
    "remain",
    "type_range",
]


def _check_name(
    _instance: object, attribute: attrs.Attribute[str | None], value: str | None
) -> None:
    if value is not None and (not isinstance(value, str) or not value):
        raise TypeError(f"{attribute.name} must be a non-empty string, not {value!r}")


def _check_count(
    _instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise TypeError(f"{attribute.name} must be a non-negative int, not {value!r}")


NullPolicy = Literal["absent", "value", "error"]


def _check_null(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("absent", "value", "error"):
        raise ValueError(f"null must be 'absent', 'value' or 'error', not {value!r}")


@attrs.frozen
class AttrMarker(FieldMarker):
    """The field is the attribute ``name`` (default: the field's name).

    ``null`` says what an explicit ``null`` in the configuration means (see
    :func:`attr`).
    """

    claims_name: ClassVar[bool] = True

    name: str | None = attrs.field(default=None, validator=_check_name)
    null: NullPolicy = attrs.field(default="absent", validator=_check_null)

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


def _label_tuple(labels: Sequence[str]) -> tuple[str, ...]:
    if isinstance(labels, str):
        raise TypeError("labels must be a sequence of label names, not one string")
    return tuple(labels)


@attrs.frozen
class BlockMarker(FieldMarker):
    """The field holds blocks of type ``name`` (default: the field's name).

    The field's type gives the shape: ``T`` (exactly one block), ``T | None``
    (at most one), ``list[T]`` or ``tuple[T, ...]`` (any number, in source
    order), ``dict[str, T]`` (keyed by the label; one ``dict[str, ...]``
    level per label). ``T`` is a configuration class, or ``hcl.Block`` for
    blocks kept as they are, whose label names are ``labels``. A
    ``dict[str, V]`` of anything else is one block of free-form attributes.
    """

    name: str | None = attrs.field(default=None, validator=_check_name)
    min_items: int | None = attrs.field(default=None, validator=_check_count)
    max_items: int | None = attrs.field(default=None, validator=_check_count)
    labels: tuple[str, ...] = attrs.field(default=(), converter=_label_tuple)

    claims_name: ClassVar[bool] = True

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


@attrs.frozen
class LabelMarker(FieldMarker):
    """The field receives one label of its block; ``name`` is used in messages."""

    name: str | None = attrs.field(default=None, validator=_check_name)

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


@attrs.frozen
class RemainMarker(FieldMarker):
    """The field receives what the class does not claim, as an ``hcl.Body``."""


@attrs.frozen
class BodyMarker(FieldMarker):
    """The field receives the whole body of the block, as an ``hcl.Body``."""


RangePart = Literal["def", "type", "label", "attr", "attr_name", "attr_value"]


@attrs.frozen
class RangeMarker(FieldMarker):
    """The field (of type ``hcl.Range``, or ``hcl.Range | None``) receives a source range.

    ``part`` says which: the block's header (``def``), its type name
    (``type``), one of its labels (``label``, with ``target`` the label
    field's name), or an attribute's whole definition, name or value
    (``attr``, ``attr_name``, ``attr_value``, with ``target`` the attribute
    field's name).
    """

    part: RangePart
    target: str | None = None


Marker = AttrMarker | BlockMarker | LabelMarker | RemainMarker | BodyMarker | RangeMarker


def attr(name: str | None = None, *, null: NullPolicy = "absent") -> AttrMarker:
    """Mark a field as the attribute ``name`` (default: the field's name).

    ``null`` says what ``name = null`` means: ``"absent"`` (the default, as
    in HCL) that the attribute is not set, so the field's default applies
    and a required field is missing; ``"value"`` that the field is ``None``
    even where it has another default (its type must admit ``None``);
    ``"error"`` that null is not allowed: ``Unsuitable value: null value is
    not allowed``.
    """
    return AttrMarker(name, null)


def block(
    name: str | None = None,
    *,
    min_items: int | None = None,
    max_items: int | None = None,
    labels: Sequence[str] = (),
) -> BlockMarker:
    """Mark a field as holding blocks of type ``name`` (default: the field's name).

    ``labels`` names the labels of blocks kept raw (a field of ``hcl.Block``
    elements); a configuration class names them with its label fields.
    """
    return BlockMarker(name, min_items, max_items, labels)


def label(name: str | None = None) -> LabelMarker:
    """Mark a field as a label of the enclosing block, in field order."""
    return LabelMarker(name)


def remain() -> RemainMarker:
    """Mark an ``hcl.Body`` field to receive whatever the class does not claim."""
    return RemainMarker()


def body() -> BodyMarker:
    """Mark an ``hcl.Body`` field to receive the block's whole body."""
    return BodyMarker()


def def_range() -> RangeMarker:
    """Mark an ``hcl.Range`` field to receive the block's header range (type and labels)."""
    return RangeMarker("def")


def type_range() -> RangeMarker:
    """Mark an ``hcl.Range`` field to receive the range of the block's type name."""
    return RangeMarker("type")


def label_range(field: str) -> RangeMarker:
    """Mark an ``hcl.Range`` field to receive the range of the label held by ``field``."""
    return RangeMarker("label", field)


def attr_range(field: str, *, part: Literal["all", "name", "value"] = "all") -> RangeMarker:
    """Mark an ``hcl.Range`` field to receive where the attribute held by ``field`` is set.

    ``part`` picks the whole definition (``name = value``), the name, or the value.
    """
    kinds: dict[str, RangePart] = {"all": "attr", "name": "attr_name", "value": "attr_value"}
    if part not in kinds:
        raise TypeError(f"part must be 'all', 'name' or 'value', not {part!r}")
    return RangeMarker(kinds[part], field)
