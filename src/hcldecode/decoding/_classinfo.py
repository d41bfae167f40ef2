"""What a configuration class says about its HCL body.

:func:`class_info` reads a class of fields (a dataclass, an attrs class, ...) once (the result is
cached) and returns a :class:`ClassInfo`: one :class:`FieldInfo` per field
and the :class:`~hcldecode.model.BodySchema` derived from them. Mistakes in
the class raise :class:`SchemaError` naming the class and the field.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .._text import counted
from ..model._diagnostics import Range
from ..model._structure import (
    Attribute,
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodySchema,
)
from ..pytypes._fields import ClassKind, Field, class_name
from ..pytypes._rules import kinds_text, strip_optional
from ._markers import (
    AttrMarker,
    BlockMarker,
    BodyMarker,
    LabelMarker,
    NullPolicy,
    RangeMarker,
    RemainMarker,
)
from ._pytypes import ConfigTypes, SchemaError, TypePlan

__all__ = [
    "BlockShape",
    "ClassInfo",
    "FieldInfo",
    "SchemaError",
    "class_info",
]


def label_choices(annotation: Any) -> tuple[tuple[str, object], ...] | None:
    """The texts a ``Literal`` of strings or an ``Enum`` of string values allows, each
    with the value it stands for; ``None`` for any other type."""
    if typing.get_origin(annotation) is Literal:
        args = typing.get_args(annotation)
        if args and all(isinstance(a, str) for a in args):
            return tuple((a, a) for a in args)
        return None
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        members = list(annotation)
        if members and all(isinstance(m.value, str) for m in members):
            return tuple((m.value, m) for m in members)
    return None


FieldKind = Literal["attr", "block", "label", "remain", "body", "range"]
BlockShape = Literal["one", "optional", "list", "tuple", "dict", "attributes"]


class FieldInfo:
    """How one field of a configuration class is filled: the field, and what its
    marker and type make of it."""

    __slots__ = (
        "attribute_plan",
        "block_class",
        "block_shape",
        "dict_depth",
        "field",
        "has_default",
        "hcl_name",
        "kind",
        "label_choices",
        "max_items",
        "min_items",
        "name",
        "null",
        "optional_none",
        "plan",
        "range_marker",
        "raw_labels",
        "required",
        "sensitive",
        "value_type",
    )

    field: Field
    #: The field's ``__init__`` parameter, HCL name, whether it has a default and
    #: whether it is sensitive: the :class:`Field`'s, read on every decoding of the class.
    name: str
    hcl_name: str
    has_default: bool
    sensitive: bool
    kind: FieldKind
    required: bool
    plan: TypePlan | None
    block_shape: BlockShape | None
    #: The class of a block field's blocks, or of a ``remain()`` field that decodes the rest.
    block_class: type | None
    min_items: int | None
    max_items: int | None
    range_marker: RangeMarker | None
    optional_none: bool
    null: NullPolicy
    #: The levels of ``dict[str, ...]`` of a "dict" block field (one per label).
    dict_depth: int
    #: The label names of blocks kept raw (``hcl.Block`` elements).
    raw_labels: tuple[str, ...]
    #: The value type of a free-form "attributes" block or ``remain()`` dict.
    value_type: Any
    #: How an attribute that gives a block field's value instead is decoded
    #: (``block(or_attribute=True)``), else ``None``.
    attribute_plan: TypePlan | None
    #: The values a ``Literal`` or ``Enum`` label field allows: each label's text and
    #: the field's value for it (``None``: a ``str`` label, any text).
    label_choices: tuple[tuple[str, object], ...] | None

    def __init__(
        self,
        field: Field,
        kind: FieldKind,
        required: bool,
        *,
        plan: TypePlan | None = None,
        block_shape: BlockShape | None = None,
        block_class: type | None = None,
        min_items: int | None = None,
        max_items: int | None = None,
        range_marker: RangeMarker | None = None,
        optional_none: bool = False,
        null: NullPolicy = "absent",
        dict_depth: int = 0,
        raw_labels: tuple[str, ...] = (),
        value_type: Any = None,
        attribute_plan: TypePlan | None = None,
        label_choices: tuple[tuple[str, object], ...] | None = None,
    ) -> None:
        self.field = field
        self.name = field.name
        self.hcl_name = field.hcl_name
        self.has_default = field.has_default
        self.sensitive = field.sensitive
        self.kind = kind
        self.required = required
        self.plan = plan
        self.block_shape = block_shape
        self.block_class = block_class
        self.min_items = min_items
        self.max_items = max_items
        self.range_marker = range_marker
        self.optional_none = optional_none
        self.null = null
        self.dict_depth = dict_depth
        self.raw_labels = raw_labels
        self.value_type = value_type
        self.attribute_plan = attribute_plan
        self.label_choices = label_choices

    @property
    def annotation(self) -> Any:
        return self.field.annotation

    @property
    def attribute(self) -> str:
        """The Python attribute holding the value."""
        return self.field.attribute


class ClassInfo:
    """The fields of a configuration class and the body schema they imply."""

    __slots__ = (
        "cls",
        "fields",
        "keeps_rest",
        "kind",
        "labels",
        "or_attributes",
        "remain",
        "schema",
    )

    cls: type
    #: The kind of class (dataclass, attrs class, ...): how it is built and read.
    kind: ClassKind
    fields: tuple[FieldInfo, ...]
    schema: BodySchema
    labels: tuple[FieldInfo, ...]
    #: The ``remain()`` field, if the class has one.
    remain: FieldInfo | None
    #: Whether what the class does not claim is no error: it has a
    #: ``remain()`` field, or a ``body()`` field that keeps the body for later.
    keeps_rest: bool
    #: The attributes that may give block fields' values instead
    #: (``block(or_attribute=True)``), read before the schema, or ``None``.
    or_attributes: BodySchema | None

    def __init__(  # noqa: PLR0917  (the parts, in order)
        self,
        cls: type,
        kind: ClassKind,
        fields: tuple[FieldInfo, ...],
        schema: BodySchema,
        labels: tuple[FieldInfo, ...],
        remain: FieldInfo | None = None,
        keeps_rest: bool = False,
        or_attributes: BodySchema | None = None,
    ) -> None:
        self.cls = cls
        self.kind = kind
        self.fields = fields
        self.schema = schema
        self.labels = labels
        self.remain = remain
        self.keeps_rest = keeps_rest
        self.or_attributes = or_attributes

    @property
    def label_names(self) -> tuple[str, ...]:
        return tuple(f.hcl_name for f in self.labels)

    @property
    def sensitive(self) -> frozenset[str]:
        """The names of the fields declared sensitive."""
        return frozenset(f.name for f in self.fields if f.sensitive)


def class_info(cls: type, types: ConfigTypes) -> ClassInfo:
    """The :class:`ClassInfo` of ``cls`` under ``types``, built on first use.

    Each :class:`ConfigTypes` keeps the classes built for it, since the
    types it knows decide which field types a class may have. The classes
    of ``cls``'s blocks (and theirs, ...) are built and checked with it, so
    that a mistake in any of them is reported at once, before a file is
    read; a block class may contain itself, at any depth. Nothing is kept
    unless all of them are right.
    """
    info = types.classes.get(cls)
    if info is not None:
        return typing.cast(ClassInfo, info)
    with types.classes_lock:
        built: dict[Any, ClassInfo] = {}
        pending = [cls]
        while pending:
            current = pending.pop()
            if current in built or current in types.classes:
                continue
            found = built[current] = _build(current, types)
            pending.extend(
                f.block_class
                for f in found.fields
                if f.block_class is not None
                and f.block_class is not Block
                and f.block_class not in types.block_decoders  # decoded by the application
            )
        for info in built.values():
            _check_remain_chain(info, {**types.classes, **built})
        types.classes.update(built)
    return typing.cast(ClassInfo, types.classes[cls])


def _check_remain_chain(info: ClassInfo, infos: dict[Any, Any]) -> None:
    """A class's ``remain()`` class (and its, ...) may not be the class again: each
    would decode the rest of the same body, without end."""
    seen = {info.cls}
    current: ClassInfo | None = info
    while current is not None and current.remain is not None:
        remain_class = current.remain.block_class
        if remain_class is None:
            return
        if remain_class in seen:
            raise SchemaError(
                f"{class_name(current.cls)}.{current.remain.name}: the rest of a body cannot "
                f"be decoded into {class_name(remain_class)} again (remain() fields lead "
                "back to it)"
            )
        seen.add(remain_class)
        current = infos.get(remain_class)


_SEQUENCES = (list, Sequence, typing.Sequence)
_MAPPINGS = (dict, Mapping, typing.Mapping)


def _is_block_element(tp: Any, types: ConfigTypes) -> bool:
    return tp is Block or tp in types.block_decoders or types.is_object_class(tp)


def _str_dict_value(tp: Any) -> Any:
    """``V`` of ``dict[str, V]`` (or a mapping like it), else ``None``."""
    args = typing.get_args(tp)
    if typing.get_origin(tp) in _MAPPINGS and len(args) == 2 and args[0] is str:
        return args[1]
    return None


def _block_shape(
    cls: type, name: str, annotation: Any, types: ConfigTypes
) -> tuple[BlockShape, Any, int, bool]:
    """The shape of a block field, its element type, its dict depth, and whether
    it may be ``None``."""
    inner, optional = strip_optional(annotation)
    if _is_block_element(inner, types):
        return ("optional" if optional else "one"), inner, 0, optional
    origin = typing.get_origin(inner)
    args = typing.get_args(inner)
    if (
        not optional
        and len(args) == 1
        and origin in _SEQUENCES
        and _is_block_element(args[0], types)
    ):
        return "list", args[0], 0, False
    if (
        not optional
        and origin is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and _is_block_element(args[0], types)
    ):
        return "tuple", args[0], 0, False
    value = _str_dict_value(inner)
    if value is not None:
        element, depth = value, 1
        while _str_dict_value(element) is not None:
            element, depth = _str_dict_value(element), depth + 1
        if _is_block_element(element, types) and not optional:
            return "dict", element, depth, False
        if not _is_block_element(value, types):
            return "attributes", value, 0, optional
    raise SchemaError(
        f"{class_name(cls)}.{name}: a block field must be T, T | None, list[T], "
        f"tuple[T, ...] or dict[str, T] (one dict level per label) of hcl.Block or of a class T "
        f"that is {kinds_text(types.kinds)}, or dict[str, V] for a block of attributes, "
        f"not {annotation!r}"
    )


def _block_header(f: FieldInfo, types: ConfigTypes) -> BlockHeaderSchema:
    """The schema of a block field's blocks: their type and labels; with optional
    labels, the names their bodies may hold (when the class says all of them)."""
    if f.block_shape == "attributes":
        return BlockHeaderSchema(f.hcl_name)
    if f.block_class is Block or (
        f.block_class in types.block_decoders and not types.is_object_class(f.block_class)
    ):
        return BlockHeaderSchema(f.hcl_name, f.raw_labels)
    assert f.block_class is not None
    fields = types.class_fields(f.block_class)
    labels = [field for field in fields if isinstance(field.marker, LabelMarker)]
    optional = len(labels) - next(
        (i for i, label in enumerate(labels) if label.has_default), len(labels)
    )
    body_names: frozenset[str] | None = None
    if optional and not any(isinstance(x.marker, RemainMarker | BodyMarker) for x in fields):
        body_names = frozenset(
            x.hcl_name for x in fields if x.marker is None or x.marker.claims_name
        )
    return BlockHeaderSchema(
        f.hcl_name,
        [label.hcl_name for label in labels],
        optional_labels=optional,
        body_names=body_names,
    )


class _MappingTarget(ClassKind):
    """``dict[str, V]`` (or a mapping like it) as what a whole body decodes into: its
    attributes, by name, each a ``V``, as a ``remain()`` dict would take them."""

    name = "mapping"

    def matches(self, tp: Any) -> bool:
        return _str_dict_value(tp) is not None

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        return [Field("attributes", "attributes", cls, "attributes", RemainMarker())]

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        return kwargs.get("attributes", {})

    def get(self, obj: Any, field: Field) -> Any:
        return obj


_MAPPING_TARGET = _MappingTarget()


def _build(cls: type, types: ConfigTypes) -> ClassInfo:
    if _MAPPING_TARGET.matches(cls):  # a body's attributes as a dict
        fields = [_field(cls, f, types, _MAPPING_TARGET) for f in _MAPPING_TARGET.fields(cls, {})]
        return ClassInfo(
            cls, _MAPPING_TARGET, tuple(fields), BodySchema([], []), (), fields[0], True
        )
    kind = types.kind_of(cls)
    if kind is None:
        raise SchemaError(f"{class_name(cls)} is not {kinds_text(types.kinds)}")
    fields = [_field(cls, cf, types, kind) for cf in types.class_fields(cls)]
    _check_fields(cls, fields)
    attributes = [AttributeSchema(f.hcl_name, f.required) for f in fields if f.kind == "attr"]
    blocks = []
    for f in fields:
        if f.kind == "block":
            header = _block_header(f, types)
            if f.block_shape == "dict" and len(header.label_names) != f.dict_depth:
                raise SchemaError(
                    f"{class_name(cls)}.{f.name}: blocks collected into a dict need one "
                    f"dict level per label; there are {f.dict_depth}, but the blocks have "
                    f"{len(header.label_names)} labels"
                )
            if f.block_shape == "dict" and header.optional_labels:
                raise SchemaError(
                    f"{class_name(cls)}.{f.name}: blocks collected into a dict need every "
                    f"label, but {counted(header.optional_labels, 'label')} of the "
                    f"{f.hcl_name} blocks may be left out"
                )
            blocks.append(header)
    labels = tuple(f for f in fields if f.kind == "label")
    optional = next((f for f in labels if f.has_default), None)
    if optional is not None and not all(f.has_default for f in labels[labels.index(optional) :]):
        raise SchemaError(
            f"{class_name(cls)}.{optional.name}: an optional label (one with a default) "
            "must come after every required one"
        )
    remain = next((f for f in fields if f.kind == "remain"), None)
    keeps_rest = any(f.kind in ("remain", "body") for f in fields)
    schema = BodySchema(attributes, blocks)
    or_attributes = BodySchema(
        [AttributeSchema(f.hcl_name) for f in fields if f.attribute_plan is not None]
    )
    return ClassInfo(
        cls,
        kind,
        tuple(fields),
        schema,
        labels,
        remain,
        keeps_rest,
        or_attributes if or_attributes.attributes else None,
    )


def _field(cls: type, rf: Field, types: ConfigTypes, kind: ClassKind) -> FieldInfo:
    base, marker = rf.annotation, rf.marker or AttrMarker()
    where = f"{class_name(cls)}.{rf.name}"
    required = not rf.has_default
    if isinstance(marker, AttrMarker):
        try:
            plan = types.plan(types.field_annotation(kind, rf))
        except TypeError as exc:
            raise SchemaError(f"{where}: {exc}") from None
        if marker.null == "value" and not plan.nullable:
            raise SchemaError(f"{where}: attr(null='value') needs a type that admits None")
        return FieldInfo(
            rf,
            "attr",
            required,
            plan=plan,
            null=marker.null,
        )
    if rf.sensitive:
        raise SchemaError(
            f"{where}: only an attribute field can be sensitive (its blocks' classes "
            "declare their own sensitive fields)"
        )
    if isinstance(marker, BlockMarker):
        shape, element, depth, optional = _block_shape(cls, rf.name, base, types)
        min_items, max_items = marker.min_items, marker.max_items
        if marker.labels and (types.is_object_class(element) or shape == "attributes"):
            raise SchemaError(
                f"{where}: block(labels=...) is for fields of hcl.Block, or of a type "
                "with a block decoder of its own"
            )
        value_type = None
        if shape == "attributes":
            value_type = element
            _check_value_type(where, element, types)
        if shape in ("one", "optional", "attributes") and (
            min_items is not None or max_items is not None
        ):
            raise SchemaError(
                f"{where}: min_items and max_items apply to list, tuple and dict blocks"
            )
        if min_items is not None and max_items is not None and min_items > max_items:
            raise SchemaError(f"{where}: min_items is greater than max_items")
        attribute_plan = None
        if marker.or_attribute:
            if shape == "dict" or element is Block:
                raise SchemaError(
                    f"{where}: block(or_attribute=True) is for blocks without labels of a "
                    "class or of attributes, not for dicts of blocks or hcl.Block"
                )
            inner = strip_optional(base)[0]
            try:
                attribute_plan = types.plan(inner)
            except SchemaError as error:
                raise SchemaError(
                    f"{where}: as an attribute (or_attribute=True), {error}"
                ) from None
        return FieldInfo(
            rf,
            "block",
            required and shape in ("one", "attributes") and not optional,
            block_shape=shape,
            block_class=None if shape == "attributes" else element,
            min_items=min_items,
            max_items=max_items,
            optional_none=optional,
            dict_depth=depth,
            raw_labels=marker.labels,
            value_type=value_type,
            attribute_plan=attribute_plan,
        )
    if isinstance(marker, LabelMarker):
        inner, optional = strip_optional(base)
        choices = label_choices(inner)
        if (inner is not str and choices is None) or (optional and required):
            raise SchemaError(
                f"{where}: a label field must be of type str, a Literal of strings or an "
                f"Enum of string values (or one of them | None with a default, for an "
                f"optional label), not {base!r}"
            )
        return FieldInfo(rf, "label", required, label_choices=choices)
    if isinstance(marker, RemainMarker | BodyMarker):
        inner, optional = strip_optional(base)
        value = _str_dict_value(inner) if isinstance(marker, RemainMarker) else None
        remain_class = None
        if value is not None:
            _check_value_type(where, value, types)
        elif isinstance(marker, RemainMarker) and types.is_object_class(inner):
            remain_class = inner
        elif inner is not Body:
            if isinstance(marker, RemainMarker):
                raise SchemaError(
                    f"{where}: a remain() field must be of type hcl.Body, hcl.Body | None, "
                    "dict[str, V] (the rest as attributes) or a class (the rest decoded "
                    "into it)"
                )
            raise SchemaError(
                f"{where}: a body() field must be of type hcl.Body or hcl.Body | None"
            )
        kind_name: FieldKind = "remain" if isinstance(marker, RemainMarker) else "body"
        return FieldInfo(
            rf,
            kind_name,
            False,
            block_class=remain_class,
            optional_none=optional,
            value_type=value,
        )
    inner, optional = strip_optional(base)
    if inner is not Range:
        raise SchemaError(f"{where}: a range field must be of type hcl.Range or hcl.Range | None")
    if not isinstance(marker, RangeMarker):
        raise SchemaError(f"{where}: {marker!r} is not a marker of class decoding")
    return FieldInfo(
        rf,
        "range",
        False,
        range_marker=marker,
        optional_none=optional,
    )


def _check_value_type(where: str, value_type: Any, types: ConfigTypes) -> None:
    """A free-form attribute's value type must be decodable (or ``hcl.Attribute``)."""
    if value_type is Attribute:
        return
    try:
        types.plan(value_type)
    except TypeError as exc:
        raise SchemaError(f"{where}: {exc}") from None


def _check_fields(cls: type, fields: list[FieldInfo]) -> None:
    singles = {"remain": "remain()", "body": "body()"}
    for kind, marker_name in singles.items():
        count = sum(1 for f in fields if f.kind == kind)
        if count > 1:
            raise SchemaError(f"{class_name(cls)} has {count} {marker_name} fields; one is allowed")
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
                f"{class_name(cls)}.{f.name}: {marker.target!r} is not {what} field of "
                f"{class_name(cls)}"
            )
