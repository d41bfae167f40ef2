"""What a configuration class says about its HCL body.

:func:`class_info` reads a dataclass or attrs class once (the result is
cached) and returns a :class:`ClassInfo`: one :class:`FieldInfo` per field
and the :class:`~hcldecode.model._structure.BodySchema` derived from them. Mistakes in
the class raise :class:`SchemaError` naming the class and the field.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import attrs

from ..model._diagnostics import Range
from ..model._structure import AttributeSchema, BlockHeaderSchema, Body, BodySchema
from ._classes import ClassField, SchemaError, class_fields, is_config_class
from ._markers import (
    AttrMarker,
    BlockMarker,
    BodyMarker,
    LabelMarker,
    NullPolicy,
    RangeMarker,
    RemainMarker,
)
from ._pytypes import PythonTypes, TypePlan, strip_optional

__all__ = [
    "BlockShape",
    "ClassInfo",
    "FieldInfo",
    "SchemaError",
    "class_info",
    "is_config_class",
]

FieldKind = Literal["attr", "block", "label", "remain", "body", "range"]
BlockShape = Literal["one", "optional", "list", "tuple", "dict"]


@attrs.frozen
class FieldInfo:
    """How one field of a configuration class is filled."""

    name: str
    kind: FieldKind
    hcl_name: str
    annotation: Any
    required: bool
    has_default: bool
    plan: TypePlan | None = None
    block_shape: BlockShape | None = None
    block_class: type | None = None
    min_items: int | None = None
    max_items: int | None = None
    range_marker: RangeMarker | None = None
    optional_none: bool = False
    null: NullPolicy = "absent"


@attrs.frozen
class ClassInfo:
    """The fields of a configuration class and the body schema they imply."""

    cls: type
    fields: tuple[FieldInfo, ...]
    schema: BodySchema
    labels: tuple[FieldInfo, ...]

    @property
    def remain(self) -> FieldInfo | None:
        return next((f for f in self.fields if f.kind == "remain"), None)

    @property
    def label_names(self) -> tuple[str, ...]:
        return tuple(f.hcl_name for f in self.labels)


def class_info(cls: type, types: PythonTypes) -> ClassInfo:
    """The :class:`ClassInfo` of ``cls`` under ``types``, built on first use.

    Each :class:`PythonTypes` keeps the classes built for it, since the
    types it knows decide which field types a class may have.
    """
    info = types.classes.get(cls)
    if info is not None:
        return typing.cast(ClassInfo, info)
    with types.classes_lock:
        info = types.classes.get(cls)
        if info is None:
            if cls in types.classes_in_progress:
                raise SchemaError(
                    f"{cls.__qualname__} contains itself: recursive structures cannot be decoded"
                )
            types.classes_in_progress.add(cls)
            try:
                info = _build(cls, types)
            finally:
                types.classes_in_progress.discard(cls)
            types.classes[cls] = info
    return typing.cast(ClassInfo, info)


def _block_shape(cls: type, name: str, annotation: Any) -> tuple[BlockShape, type]:
    inner, optional = strip_optional(annotation)
    if optional:
        if is_config_class(inner):
            return "optional", inner
    elif is_config_class(inner):
        return "one", inner
    else:
        origin = typing.get_origin(inner)
        args = typing.get_args(inner)
        if origin in (list, Sequence, typing.Sequence) and len(args) == 1:
            if is_config_class(args[0]):
                return "list", args[0]
        elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            if is_config_class(args[0]):
                return "tuple", args[0]
        elif (
            origin in (dict, Mapping, typing.Mapping)
            and len(args) == 2
            and args[0] is str
            and is_config_class(args[1])
        ):
            return "dict", args[1]
    raise SchemaError(
        f"{cls.__qualname__}.{name}: a block field must be T, T | None, list[T], "
        f"tuple[T, ...] or dict[str, T] of a dataclass or attrs class T, not {annotation!r}"
    )


def _build(cls: type, types: PythonTypes) -> ClassInfo:
    fields = [_field(cls, cf, types) for cf in class_fields(cls)]
    _check_fields(cls, fields)
    attributes = [AttributeSchema(f.hcl_name, f.required) for f in fields if f.kind == "attr"]
    blocks = []
    for f in fields:
        if f.kind == "block":
            assert f.block_class is not None
            nested = class_info(f.block_class, types)
            if f.block_shape == "dict" and len(nested.labels) != 1:
                raise SchemaError(
                    f"{cls.__qualname__}.{f.name}: blocks collected into a dict need "
                    f"exactly one label field, but {f.block_class.__qualname__} has "
                    f"{len(nested.labels)}"
                )
            blocks.append(BlockHeaderSchema(f.hcl_name, nested.label_names))
    labels = tuple(f for f in fields if f.kind == "label")
    return ClassInfo(cls, tuple(fields), BodySchema(attributes, blocks), labels)


def _field(cls: type, cf: ClassField, types: PythonTypes) -> FieldInfo:
    base, marker, rf = cf.annotation, cf.marker, cf
    where = f"{cls.__qualname__}.{rf.name}"
    required = not rf.has_default
    if isinstance(marker, AttrMarker):
        try:
            plan = types.plan(base)
        except TypeError as exc:
            raise SchemaError(f"{where}: {exc}") from None
        if marker.null == "value" and not plan.nullable:
            raise SchemaError(f"{where}: attr(null='value') needs a type that admits None")
        return FieldInfo(
            rf.name,
            "attr",
            cf.hcl_name,
            base,
            required,
            rf.has_default,
            plan=plan,
            null=marker.null,
        )
    if isinstance(marker, BlockMarker):
        shape, block_class = _block_shape(cls, rf.name, base)
        min_items, max_items = marker.min_items, marker.max_items
        if shape in ("one", "optional") and (min_items is not None or max_items is not None):
            raise SchemaError(
                f"{where}: min_items and max_items apply to list, tuple and dict blocks"
            )
        if min_items is not None and max_items is not None and min_items > max_items:
            raise SchemaError(f"{where}: min_items is greater than max_items")
        return FieldInfo(
            rf.name,
            "block",
            cf.hcl_name,
            base,
            required and shape == "one",
            rf.has_default,
            block_shape=shape,
            block_class=block_class,
            min_items=min_items,
            max_items=max_items,
        )
    if isinstance(marker, LabelMarker):
        if base is not str:
            raise SchemaError(f"{where}: a label field must be of type str, not {base!r}")
        return FieldInfo(rf.name, "label", cf.hcl_name, base, required, rf.has_default)
    if isinstance(marker, RemainMarker | BodyMarker):
        inner, optional = strip_optional(base)
        if inner is not Body:
            kind = "remain" if isinstance(marker, RemainMarker) else "body"
            raise SchemaError(
                f"{where}: a {kind}() field must be of type hcl.Body or hcl.Body | None"
            )
        kind_name: FieldKind = "remain" if isinstance(marker, RemainMarker) else "body"
        return FieldInfo(
            rf.name, kind_name, rf.name, base, False, rf.has_default, optional_none=optional
        )
    inner, optional = strip_optional(base)
    if inner is not Range:
        raise SchemaError(f"{where}: a range field must be of type hcl.Range or hcl.Range | None")
    return FieldInfo(
        rf.name,
        "range",
        rf.name,
        base,
        False,
        rf.has_default,
        range_marker=marker,
        optional_none=optional,
    )


def _check_fields(cls: type, fields: list[FieldInfo]) -> None:
    singles = {"remain": "remain()", "body": "body()"}
    for kind, marker_name in singles.items():
        count = sum(1 for f in fields if f.kind == kind)
        if count > 1:
            raise SchemaError(
                f"{cls.__qualname__} has {count} {marker_name} fields; one is allowed"
            )
    by_name = {f.name: f for f in fields}
    for f in fields:
        marker = f.range_marker
        if marker is None or marker.target is None:
            continue
        target = by_name.get(marker.target)
        want = "label" if marker.part == "label" else "attr"
        if target is None or target.kind != want:
            what = "a label" if want == "label" else "an attribute"
            raise SchemaError(
                f"{cls.__qualname__}.{f.name}: {marker.target!r} is not {what} field of "
                f"{cls.__qualname__}"
            )
