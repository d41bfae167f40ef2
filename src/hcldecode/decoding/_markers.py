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

from .._record import Record
from ..pytypes._fields import FieldMarker

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


@attrs.frozen(eq=False, repr=False)
class AttrMarker(FieldMarker, Record):
    """The field is an attribute; made by :func:`attr`.

    Attributes:
        name: The attribute's name; ``None`` for the field's name.
        null: What an explicit ``null`` in the configuration means (see
            :func:`attr`).
        sensitive: Whether the field holds a sensitive value (see
            :func:`attr`).

    Raises:
        TypeError: ``name`` is not ``None`` or a non-empty string.
        ValueError: ``null`` is not ``"absent"``, ``"value"`` or ``"error"``.
    """

    claims_name: ClassVar[bool] = True

    name: str | None = attrs.field(default=None, validator=_check_name)
    null: NullPolicy = attrs.field(default="absent", validator=_check_null)
    sensitive: bool = attrs.field(default=False, kw_only=True)

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


def _label_tuple(labels: Sequence[str]) -> tuple[str, ...]:
    if isinstance(labels, str):
        raise TypeError("labels must be a sequence of label names, not one string")
    return tuple(labels)


@attrs.frozen(eq=False, repr=False)
class BlockMarker(FieldMarker, Record):
    """The field holds blocks of one type; made by :func:`block`.

    The field's type gives the shape: ``T`` (exactly one block), ``T | None``
    (at most one), ``list[T]`` or ``tuple[T, ...]`` (any number, in source
    order), ``dict[str, T]`` (keyed by the label; one ``dict[str, ...]``
    level per label). ``T`` is a configuration class, or ``hcl.Block`` for
    blocks kept as they are, whose label names are ``labels``. A
    ``dict[str, V]`` of anything else is one block of free-form attributes.

    Attributes:
        name: The block type; ``None`` for the field's name.
        min_items: The fewest blocks allowed, or ``None``.
        max_items: The most blocks allowed, or ``None``.
        labels: The label names of blocks kept raw.
        or_attribute: Whether an attribute of the same name may give the
            value instead (``env = { ... }`` for ``env { ... }``).

    Raises:
        TypeError: ``name`` is not ``None`` or a non-empty string; a count is
            not ``None`` or a non-negative ``int``; ``labels`` is one string.
    """

    name: str | None = attrs.field(default=None, validator=_check_name)
    min_items: int | None = attrs.field(default=None, validator=_check_count)
    max_items: int | None = attrs.field(default=None, validator=_check_count)
    labels: tuple[str, ...] = attrs.field(default=(), converter=_label_tuple)
    or_attribute: bool = attrs.field(default=False, kw_only=True)

    claims_name: ClassVar[bool] = True

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


@attrs.frozen(eq=False, repr=False)
class LabelMarker(FieldMarker, Record):
    """The field receives one label of its block; made by :func:`label`.

    Attributes:
        name: The label's name, used in messages; ``None`` for the field's name.

    Raises:
        TypeError: ``name`` is not ``None`` or a non-empty string.
    """

    name: str | None = attrs.field(default=None, validator=_check_name)

    def hcl_name(self, field_name: str) -> str:
        return self.name or field_name


@attrs.frozen(eq=False, repr=False)
class RemainMarker(FieldMarker, Record):
    """The field receives what the class does not claim, as an ``hcl.Body``."""


@attrs.frozen(eq=False, repr=False)
class BodyMarker(FieldMarker, Record):
    """The field receives the whole body of the block, as an ``hcl.Body``."""


RangePart = Literal["def", "type", "label", "attr", "attr_name", "attr_value"]


@attrs.frozen(eq=False, repr=False)
class RangeMarker(FieldMarker, Record):
    """The field (of type ``hcl.Range``, or ``hcl.Range | None``) receives a source range.

    Made by :func:`def_range`, :func:`type_range`, :func:`label_range` and
    :func:`attr_range`.

    Attributes:
        part: Which range: the block's header (``def``), its type name
            (``type``), one of its labels (``label``), or an attribute's whole
            definition, name or value (``attr``, ``attr_name``,
            ``attr_value``).
        target: For ``label``, the label field's name; for the ``attr`` parts,
            the attribute field's name; else ``None``.
    """

    part: RangePart
    target: str | None = None


Marker = AttrMarker | BlockMarker | LabelMarker | RemainMarker | BodyMarker | RangeMarker


def attr(
    name: str | None = None, *, null: NullPolicy = "absent", sensitive: bool = False
) -> AttrMarker:
    """Mark a field as an attribute.

    Args:
        name: The attribute's name in the configuration; by default the
            field's name.
        null: What ``name = null`` means: ``"absent"`` (the default, as in
            HCL) that the attribute is not set, so the field's default applies
            and a required field is missing; ``"value"`` that the field is
            ``None`` even where it has another default (its type must admit
            ``None``); ``"error"`` that null is not allowed: ``Unsuitable
            value: null value is not allowed``.
        sensitive: The field holds a secret: its value is marked
            :data:`~hcldecode.SENSITIVE` when decoded, so no message shows
            it, and it is never written back as text (``dumps`` refuses it;
            ``update_document`` keeps the expression that gave it). A field
            that is not sensitive refuses a value computed from a sensitive
            one (Terraform's rule for outputs).

    Returns:
        The marker, to put in ``Annotated[T, ...]``.

    Raises:
        TypeError: ``name`` is an empty string or not a string.
        ValueError: ``null`` is not one of the three policies.
    """
    return AttrMarker(name, null, sensitive=bool(sensitive))


def block(
    name: str | None = None,
    *,
    min_items: int | None = None,
    max_items: int | None = None,
    labels: Sequence[str] = (),
    or_attribute: bool = False,
) -> BlockMarker:
    """Mark a field as holding blocks of one type.

    The field's type gives the shape (see :class:`BlockMarker`).

    Args:
        name: The block type; by default the field's name.
        min_items: The fewest blocks allowed; fewer is an ``Insufficient ...
            blocks`` error diagnostic when decoding.
        max_items: The most blocks allowed; more is a ``Too many ... blocks``
            error diagnostic.
        labels: The label names of blocks kept raw (a field of ``hcl.Block``
            elements); a configuration class names them with its label fields.
        or_attribute: The value may be given by an attribute of the same name
            instead of blocks, as Nomad's ``env = { ... }`` beside ``env { ...
            }`` and Terraform's list-of-object attributes written as blocks:
            an object for a single block (``T``, ``T | None``, a block of
            attributes), a list of objects for ``list[T]`` or ``tuple[T,
            ...]``. Giving both is an error; blocks with labels cannot be
            attributes. In the JSON syntax, where both are one property, it is
            read as the attribute.

    Returns:
        The marker, to put in ``Annotated[T, ...]``.

    Raises:
        TypeError: ``name`` is an empty string or not a string; a count is
            negative or not an ``int``; ``labels`` is a single string.
    """
    return BlockMarker(name, min_items, max_items, labels, or_attribute=bool(or_attribute))


def label(name: str | None = None) -> LabelMarker:
    """Mark a field as a label of the enclosing block; labels are taken in field order.

    Args:
        name: The label's name, used in messages; by default the field's name.

    Returns:
        The marker, to put in ``Annotated[str, ...]``.

    Raises:
        TypeError: ``name`` is an empty string or not a string.
    """
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
    """Mark an ``hcl.Range`` field to receive the range of a label.

    Args:
        field: The name of the label field whose range is wanted.

    Returns:
        The marker, to put in ``Annotated[hcl.Range, ...]``.
    """
    return RangeMarker("label", field)


def attr_range(field: str, *, part: Literal["all", "name", "value"] = "all") -> RangeMarker:
    """Mark an ``hcl.Range`` field to receive where an attribute is set.

    Args:
        field: The name of the attribute field whose range is wanted.
        part: ``"all"`` for the whole definition (``name = value``),
            ``"name"`` for the name, ``"value"`` for the value.

    Returns:
        The marker, to put in ``Annotated[hcl.Range | None, ...]`` (``None``
        when the attribute is not set).

    Raises:
        TypeError: ``part`` is not one of the three.
    """
    kinds: dict[str, RangePart] = {"all": "attr", "name": "attr_name", "value": "attr_value"}
    if part not in kinds:
        raise TypeError(f"part must be 'all', 'name' or 'value', not {part!r}")
    return RangeMarker(kinds[part], field)
