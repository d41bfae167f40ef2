"""Specs: a declarative description of how to turn a body into an HCL value.

A *spec* says where each part of a value comes from: an attribute of the
body (:class:`AttrSpec`), the content of nested blocks (:class:`BlockSpec`
and its list, set, tuple, map and object variants), a block's label
(:class:`BlockLabelSpec`), a fixed value or expression, and combinations of
these (:class:`ObjectSpec`, :class:`TupleSpec`, :class:`DefaultSpec`,
:class:`TransformExprSpec`, :class:`TransformFuncSpec`,
:class:`ValidateSpec`). It is the dynamic counterpart of the class-based
decoder, following the reference implementation's ``hcldec`` package:

* :func:`decode` reads a whole body and gives a :class:`Value`;
* :func:`partial_decode` also hands back the body of what the spec did not
  use (nested block bodies are always read whole);
* :func:`variables` lists the traversals decoding would need, so that an
  application can build its evaluation context lazily;
* :func:`implied_type`, :func:`implied_schema`, :func:`source_range` and
  :func:`child_block_types` answer questions about a spec without decoding.

The value is always returned, even with errors: the parts that could not be
decoded are null or unknown values of the expected type.

Unlike the reference, whose object specs are unordered Go maps, attributes
and diagnostics come in the order the spec lists them.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar, NamedTuple

import attrs

from .._text import go_quote
from ..ext import dynblock
from ..ext._frozen import frozen_mapping
from ..ext.typeexpr import Defaults
from ..model._context import EvalContext, too_costly
from ..model._diagnostics import Diagnostic, Diagnostics, Pos, Range
from ..model._structure import (
    Attribute,
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
    Expression,
)
from ..values._convert import ConversionError, convert, unify_unsafe
from ..values._errors import raw_text
from ..values._function import Function, FunctionError
from ..values._limits import BUDGET, DEFAULT_LIMITS, Budget, BudgetExhausted
from ..values._types import (
    DYNAMIC,
    EMPTY_OBJECT,
    EMPTY_TUPLE,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ..values._value import DYNAMIC_VALUE, RefinementBuilder, Value

if TYPE_CHECKING:
    from ..model._traversal import Traversal

__all__ = [
    "AttrSpec",
    "BlockAttrsSpec",
    "BlockLabelSpec",
    "BlockListSpec",
    "BlockMapSpec",
    "BlockObjectSpec",
    "BlockSetSpec",
    "BlockSpec",
    "BlockTupleSpec",
    "DefaultSpec",
    "ExprSpec",
    "LiteralSpec",
    "ObjectSpec",
    "RefineSpec",
    "Spec",
    "TransformExprSpec",
    "TransformFuncSpec",
    "TupleSpec",
    "ValidateSpec",
    "child_block_types",
    "decode",
    "implied_schema",
    "implied_type",
    "partial_decode",
    "source_range",
    "variables",
]


class BlockLabel(NamedTuple):
    """A label of the block whose body is being decoded, for :class:`BlockLabelSpec`."""

    value: str
    range: Range


Labels = tuple[BlockLabel, ...]

_UNKNOWN_RANGE = Range("<unknown>", Pos(0, 0, 0), Pos(0, 0, 0))


# --------------------------------------------------------------------------- the interface


class Spec(abc.ABC):
    """How to decode a body (or part of one) into a value.

    The methods are the protocol between specs; applications use the
    module functions (:func:`decode` and the rest) instead.
    """

    __slots__ = ()

    @abc.abstractmethod
    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        """Decode from ``content`` (the body read with the implied schema)."""

    @abc.abstractmethod
    def implied_type(self) -> Type:
        """The type of the values this spec produces."""

    def same_body_children(self) -> Sequence[Spec]:
        """The specs that decode from the same body as this one (not those of nested blocks)."""
        return ()

    def attribute_schemata(self) -> list[AttributeSchema]:
        """The attributes this spec itself reads from the body."""
        return []

    def block_schemata(self) -> list[BlockHeaderSchema]:
        """The block types this spec itself reads from the body."""
        return []

    def nested_spec(self) -> Spec | None:
        """For a block spec, the spec of the nested blocks' bodies."""
        return None

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        """The traversals this spec itself needs (nested block bodies included)."""
        return []

    @abc.abstractmethod
    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        """The source range of what this spec decodes, or where it could be added."""


def _walk(spec: Spec) -> Iterator[Spec]:
    """``spec`` and every spec that decodes from the same body, depth first."""
    yield spec
    for child in spec.same_body_children():
        yield from _walk(child)


# --------------------------------------------------------------------------- public functions


def implied_schema(spec: Spec) -> BodySchema:
    """The schema :func:`decode` applies to the body for a spec (HCL's ``hcldec.ImpliedSchema``).

    An attribute read by several specs is required when any of them
    requires it; a block type read by several specs takes the label names
    of the last one (as the reference's bodies do).

    Args:
        spec: The spec.

    Returns:
        The schema.

    Raises:
        TypeError: The spec reads a name both as an attribute and as a block
            type (the implied schema is invalid).
    """
    attributes: dict[str, bool] = {}
    blocks: dict[str, BlockHeaderSchema] = {}
    for s in _walk(spec):
        for attr in s.attribute_schemata():
            attributes[attr.name] = attributes.get(attr.name, False) or attr.required
        for block in s.block_schemata():
            blocks.pop(block.type, None)
            blocks[block.type] = block
    return BodySchema(
        [AttributeSchema(name, required) for name, required in attributes.items()],
        list(blocks.values()),
    )


def _check_root(spec: Spec) -> None:
    for s in _walk(spec):
        if isinstance(s, BlockLabelSpec):
            raise TypeError("BlockLabelSpec used outside the nested spec of a block spec")


def _decode(
    body: Body, labels: Labels, ctx: EvalContext | None, spec: Spec, *, partial: bool
) -> tuple[Value, Body | None, Diagnostics]:
    schema = implied_schema(spec)
    remain: Body | None = None
    if partial:
        content, remain, diags = body.partial_content(schema)
    else:
        content, diags = body.content(schema)
    if BUDGET.get() is not None:  # called by an evaluation (a function decoding): its budget
        value, value_diags = spec.decode_content(content, labels, ctx)
    else:  # one budget for everything the decoding evaluates (see hcldecode.values.Limits)
        token = BUDGET.set(Budget(ctx.limits if ctx is not None else DEFAULT_LIMITS))
        try:
            value, value_diags = spec.decode_content(content, labels, ctx)
        except BudgetExhausted as stop:
            value, value_diags = Value.unknown(spec.implied_type()), Diagnostics()
            value_diags.append(too_costly(stop, None, ctx))
        finally:
            BUDGET.reset(token)
    diags.extend(value_diags)
    return value, remain, diags


def decode(body: Body, spec: Spec, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
    """Decode a body with a spec (HCL's ``hcldec.Decode``).

    Anything in the body the spec does not read is an error.

    Args:
        body: The body, such as a file's.
        spec: The spec.
        ctx: The variables and functions expressions may use; ``None`` for
            literal-only mode.

    Returns:
        ``(value, diagnostics)``; the value (of :func:`implied_type`) is
        returned even when there are errors. Mistakes in the configuration are
        error diagnostics.

    Raises:
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec, or the spec reads a name both as an attribute and as
            a block type (the implied schema is invalid).
    """
    _check_root(spec)
    value, _remain, diags = _decode(body, (), ctx, spec, partial=False)
    return value, diags


def partial_decode(
    body: Body, spec: Spec, ctx: EvalContext | None = None
) -> tuple[Value, Body, Diagnostics]:
    """Like :func:`decode`, but what the spec does not read is handed back as a body.

    HCL's ``hcldec.PartialDecode``. Only the top-level body is read partially:
    nested block bodies must be described completely by their specs.

    Args:
        body: The body.
        spec: The spec.
        ctx: The variables and functions expressions may use; ``None`` for
            literal-only mode.

    Returns:
        ``(value, remain, diagnostics)``: ``remain`` holds what the spec does
        not read.

    Raises:
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec, or the spec reads a name both as an attribute and as
            a block type (the implied schema is invalid).
    """
    _check_root(spec)
    value, remain, diags = _decode(body, (), ctx, spec, partial=True)
    assert remain is not None
    return value, remain, diags


def implied_type(spec: Spec) -> Type:
    """The type of the values decoding with a spec produces (HCL's ``hcldec.ImpliedType``).

    Args:
        spec: The spec.

    Returns:
        The type.
    """
    return spec.implied_type()


def _variables(body: Body, spec: Spec) -> list[Traversal]:
    content, _remain, _diags = body.partial_content(implied_schema(spec))
    found: list[Traversal] = []
    for s in _walk(spec):
        found.extend(s.variables_needed(content))
    return found


def variables(body: Body, spec: Spec, *, dynamic_blocks: bool = False) -> list[Traversal]:
    """Every traversal that decoding a body with a spec would evaluate (HCL's ``hcldec.Variables``).

    Nested block bodies are included. A body that does not fit the spec
    gives what could be found; :func:`decode` will report the problems.

    Args:
        body: The body.
        spec: The spec.
        dynamic_blocks: Read the body as :func:`hcldecode.ext.dynblock.expand`
            would expand it: the ``for_each`` and ``labels`` of its dynamic
            blocks and the attributes of their content count, the iterators do
            not (Go's ``dynblock.VariablesHCLDec``).

    Returns:
        The traversals, in the order they are found.

    Raises:
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec, or the spec reads a name both as an attribute and as
            a block type (the implied schema is invalid).
    """
    _check_root(spec)
    if dynamic_blocks:
        return _walk_dynamic(dynblock.walk_variables(body), spec)
    return _variables(body, spec)


def expansion_variables(body: Body, spec: Spec) -> list[Traversal]:
    """The traversals that expanding the dynamic blocks of a body evaluates.

    Their ``for_each`` and ``labels``, for the blocks the spec reads: what must
    be known before :func:`hcldecode.ext.dynblock.expand` (Go's
    ``dynblock.ExpandVariablesHCLDec``).

    Args:
        body: The body.
        spec: The spec.

    Returns:
        The traversals, in the order they are found.

    Raises:
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec, or the spec reads a name both as an attribute and as
            a block type (the implied schema is invalid).
    """
    _check_root(spec)
    return _walk_dynamic(dynblock.walk_expand_variables(body), spec)


def _walk_dynamic(node: dynblock.WalkVariablesNode, spec: Spec) -> list[Traversal]:
    found, children = node.visit(implied_schema(spec))
    if children:
        nested = child_block_types(spec)
        for child in children:
            child_spec = nested.get(child.block_type)
            if child_spec is not None:
                found.extend(_walk_dynamic(child.node, child_spec))
    return found


def _source_range(body: Body, labels: Labels, spec: Spec) -> Range:
    content, _remain, _diags = body.partial_content(implied_schema(spec))
    return spec.value_range(content, labels)


def source_range(body: Body, spec: Spec) -> Range:
    """The source range of what a spec would decode from a body (HCL's ``hcldec.SourceRange``).

    Meant for diagnostics an application makes after decoding; the more
    precise the spec (one attribute, one block) the more useful the range.

    Args:
        body: The body.
        spec: The spec.

    Returns:
        The range of what the spec decodes, or, when there is nothing, where it
        could be added.

    Raises:
        TypeError: A :class:`BlockLabelSpec` is used outside the nested spec of
            a block spec, or the spec reads a name both as an attribute and as
            a block type (the implied schema is invalid).
    """
    _check_root(spec)
    return _source_range(body, (), spec)


def child_block_types(spec: Spec) -> dict[str, Spec]:
    """The block types a spec reads from a body, each with the spec of its bodies.

    HCL's ``hcldec.ChildBlockTypes``.

    Args:
        spec: The spec.

    Returns:
        Block types mapped to their nested specs.
    """
    found: dict[str, Spec] = {}
    for s in _walk(spec):
        nested = s.nested_spec()
        if nested is None:
            continue
        for block in s.block_schemata():
            found[block.type] = nested
    return found


# --------------------------------------------------------------------------- combinations


def _to_specs_tuple(specs: Iterable[Spec]) -> tuple[Spec, ...]:
    return tuple(specs)


@attrs.frozen(eq=False)
class ObjectSpec(Spec):
    """An object value: each attribute decoded by its own spec from the same body.

    Attributes:
        specs: Attribute names of the value mapped to their specs.
    """

    specs: Mapping[str, Spec] = attrs.field(converter=frozen_mapping)

    def same_body_children(self) -> Sequence[Spec]:
        return tuple(self.specs.values())

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        values: dict[str, Value] = {}
        for name, spec in self.specs.items():
            values[name], spec_diags = spec.decode_content(content, labels, ctx)
            diags.extend(spec_diags)
        return Value.object(values), diags

    def implied_type(self) -> Type:
        if not self.specs:
            return EMPTY_OBJECT
        return ObjectType({name: spec.implied_type() for name, spec in self.specs.items()})

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return content.missing_item_range


@attrs.frozen(eq=False)
class TupleSpec(Spec):
    """A tuple value: each element decoded by its own spec from the same body.

    Attributes:
        specs: The elements' specs, in order (any iterable, kept as a tuple).
    """

    specs: tuple[Spec, ...] = attrs.field(converter=_to_specs_tuple)

    def same_body_children(self) -> Sequence[Spec]:
        return self.specs

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        values: list[Value] = []
        for spec in self.specs:
            value, spec_diags = spec.decode_content(content, labels, ctx)
            values.append(value)
            diags.extend(spec_diags)
        return Value.tuple(values), diags

    def implied_type(self) -> Type:
        if not self.specs:
            return EMPTY_TUPLE
        return TupleType(spec.implied_type() for spec in self.specs)

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return content.missing_item_range


# --------------------------------------------------------------------------- leaves


def _convert_attribute(  # noqa: PLR0917 (the conversion and the message's parts)
    attr: Attribute,
    target: Type,
    defaults: Defaults | None,
    ctx: EvalContext | None,
    summary: str,
    detail: str,
) -> tuple[Value, Diagnostics]:
    """Evaluate ``attr``, apply ``defaults`` and convert to ``target``.

    ``detail`` has a ``{}`` for the reason a conversion fails.
    """
    value, diags = attr.expr.value(ctx)
    if defaults is not None:
        value = defaults.apply(value)
    try:
        return convert(value, target), diags
    except ConversionError as error:
        diags.append(
            Diagnostic.error(
                summary,
                detail.format(error),
                attr.expr.range,
                attr.name_range.through(attr.expr.range),
                expression=attr.expr,
                eval_context=ctx,
            )
        )
        return Value.unknown(target), diags


@attrs.frozen(eq=False)
class AttrSpec(Spec):
    """The value of one attribute, converted to a type; null when the attribute is absent.

    Attributes:
        name: The attribute's name.
        type: The type to convert the value to (by default any). An
            ``ObjectType`` with optional attributes may be given; the value of
            an absent attribute is then null of the type without the optional
            marks.
        required: Whether an absent attribute is an error.
        defaults: Defaults (from
            :func:`hcldecode.ext.typeexpr.type_constraint_with_defaults`)
            applied to the attribute's value before the conversion, filling the
            absent optional attributes of the objects in it.
    """

    name: str
    type: Type = DYNAMIC
    required: bool = False
    defaults: Defaults | None = attrs.field(default=None, kw_only=True)

    def attribute_schemata(self) -> list[AttributeSchema]:
        return [AttributeSchema(self.name, self.required)]

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        attr = content.attributes.get(self.name)
        return attr.expr.variables() if attr is not None else []

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        attr = content.attributes.get(self.name)
        if attr is None:
            # A missing required attribute was reported when reading the content.
            return Value.null(self.type.without_optional_attributes_deep()), Diagnostics()
        return _convert_attribute(
            attr,
            self.type,
            self.defaults,
            ctx,
            "Incorrect attribute value type",
            f"Inappropriate value for attribute {go_quote(self.name)}: {{}}.",
        )

    def implied_type(self) -> Type:
        return self.type

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        attr = content.attributes.get(self.name)
        return attr.expr.range if attr is not None else content.missing_item_range


@attrs.frozen(eq=False)
class LiteralSpec(Spec):
    """A fixed value; the body is not read.

    Attributes:
        value: The value.
    """

    value: Value

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        return self.value, Diagnostics()

    def implied_type(self) -> Type:
        return self.value.type

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return _UNKNOWN_RANGE


@attrs.frozen(eq=False)
class ExprSpec(Spec):
    """The value of a fixed expression, evaluated in the decoding context.

    Attributes:
        expr: The expression.
    """

    expr: Expression

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        return self.expr.variables()

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        return self.expr.value(ctx)

    def implied_type(self) -> Type:
        return DYNAMIC

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return self.expr.range


@attrs.frozen(eq=False)
class BlockLabelSpec(Spec):
    """One label of the block being decoded, as a string.

    Only meaningful in the nested spec of a block spec; the label specs of
    one nested spec decide how many labels the blocks have (the highest
    ``index`` plus one).

    Attributes:
        index: The label's position, 0-based.
        name: The label's name, used in messages.
    """

    index: int
    name: str

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        return Value.string(self._label(labels).value), Diagnostics()

    def _label(self, labels: Labels) -> BlockLabel:
        if self.index >= len(labels):
            raise TypeError("BlockLabelSpec used outside the nested spec of a block spec")
        return labels[self.index]

    def implied_type(self) -> Type:
        return STRING

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return self._label(labels).range


def _label_names(spec: Spec) -> tuple[str, ...]:
    """The label names the :class:`BlockLabelSpec` objects under ``spec`` ask for."""
    names: dict[int, str] = {}
    for s in _walk(spec):
        if isinstance(s, BlockLabelSpec):
            names[s.index] = s.name
    count = max(names, default=-1) + 1
    return tuple(names.get(i) or f"missing{i:02d}" for i in range(count))


def _block_labels(block: Block) -> Labels:
    return tuple(BlockLabel(v, r) for v, r in zip(block.labels, block.label_ranges, strict=True))


def _decode_block(
    block: Block, labels: Labels, ctx: EvalContext | None, spec: Spec
) -> tuple[Value, Diagnostics]:
    value, _remain, diags = _decode(block.body, labels, ctx, spec, partial=False)
    return value, diags


def _block_range(block: Block, spec: Spec) -> Range:
    return _source_range(block.body, _block_labels(block), spec)


# --------------------------------------------------------------------------- blocks


@attrs.frozen(eq=False)
class _BlockSpecBase(Spec):
    """What every spec of nested blocks of one type shares."""

    type_name: str
    nested: Spec

    def block_schemata(self) -> list[BlockHeaderSchema]:
        return [BlockHeaderSchema(self.type_name, self._label_names())]

    def _label_names(self) -> tuple[str, ...]:
        return _label_names(self.nested)

    def nested_spec(self) -> Spec | None:
        return self.nested

    def _blocks(self, content: BodyContent) -> list[Block]:
        return content.blocks_of_type(self.type_name)

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        found: list[Traversal] = []
        for block in self._blocks(content):
            found.extend(_variables(block.body, self.nested))
        return found

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        # The first block: blocks of one type need not be next to each other.
        blocks = self._blocks(content)
        if not blocks:
            return content.missing_item_range
        return _block_range(blocks[0], self.nested)


def _duplicate_block(type_name: str, previous: Block, block: Block) -> Diagnostic:
    return Diagnostic.error(
        f"Duplicate {type_name} block",
        f"Only one block of type {go_quote(type_name)} is allowed. "
        f"Previous definition was at {previous.def_range}.",
        block.def_range,
    )


def _missing_block(type_name: str, content: BodyContent) -> Diagnostic:
    return Diagnostic.error(
        f"Missing {type_name} block",
        f"A block of type {go_quote(type_name)} is required here.",
        content.missing_item_range,
    )


@attrs.frozen(eq=False)
class BlockSpec(_BlockSpecBase):
    """The nested body of the one block of a type; null when there is none.

    Attributes:
        type_name: The block type.
        nested: The spec of the block's body.
        required: Whether a missing block is an error.
    """

    required: bool = False

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        blocks = self._blocks(content)
        if not blocks:
            if self.required:
                diags.append(_missing_block(self.type_name, content))
            return Value.null(self.nested.implied_type()), diags
        if len(blocks) > 1:
            diags.append(_duplicate_block(self.type_name, blocks[0], blocks[1]))
        value, block_diags = _decode_block(blocks[0], _block_labels(blocks[0]), ctx, self.nested)
        diags.extend(block_diags)
        return value, diags

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        # Only the block that is decoded counts, as in the reference.
        blocks = self._blocks(content)
        return _variables(blocks[0].body, self.nested) if blocks else []

    def implied_type(self) -> Type:
        return self.nested.implied_type()


@attrs.frozen(eq=False)
class _BlockSequenceSpec(_BlockSpecBase):
    """Every block of one type, in order, with bounds on their number (0: no bound)."""

    min_items: int = 0
    max_items: int = 0

    def _decode_all(
        self, content: BodyContent, ctx: EvalContext | None
    ) -> tuple[list[Value] | None, list[Range], Diagnostics]:
        """The values of the blocks, or ``None`` when one has an unknown body (then the
        whole result is unknown, and the bounds are not checked)."""
        diags = Diagnostics()
        values: list[Value] = []
        ranges: list[Range] = []
        for block in self._blocks(content):
            value, block_diags = _decode_block(block, _block_labels(block), ctx, self.nested)
            diags.extend(block_diags)
            if block.body.is_unknown:
                return None, ranges, diags
            values.append(value)
            ranges.append(_block_range(block, self.nested))
        if len(values) < self.min_items:
            diags.append(
                Diagnostic.error(
                    f"Insufficient {self.type_name} blocks",
                    f"At least {self.min_items} {go_quote(self.type_name)} blocks are required.",
                    content.missing_item_range,
                )
            )
        elif 0 < self.max_items < len(values):
            diags.append(
                Diagnostic.error(
                    f"Too many {self.type_name} blocks",
                    f"No more than {self.max_items} {go_quote(self.type_name)} blocks are allowed",
                    ranges[self.max_items],
                )
            )
        return values, ranges, diags


def _unify_values(
    values: list[Value], ranges: list[Range], type_name: str, diags: Diagnostics
) -> tuple[list[Value], Type] | None:
    """``values`` converted to one type, or ``None`` after an error diagnostic.

    Blocks decoded with attributes of type ``any`` may give values of
    different types; a collection needs them to be of one.
    """
    element_type, conversions = unify_unsafe([v.type for v in values])
    inconsistent = f"Unconsistent argument types in {type_name} blocks"
    if element_type is None:
        diags.append(
            Diagnostic.error(
                inconsistent,
                "Corresponding attributes in all blocks of this type must be the same.",
                ranges[0],
            )
        )
        return None
    converted: list[Value] = []
    for index, (value, conversion) in enumerate(zip(values, conversions, strict=True)):
        try:
            converted.append(value if conversion is None else conversion(value))
        except ConversionError as error:
            diags.append(
                Diagnostic.error(
                    inconsistent,
                    f"Block with index {index} has inconsistent argument types: {raw_text(error)}.",
                    ranges[index],
                )
            )
            return None
    return converted, element_type


@attrs.frozen(eq=False)
class _BlockCollectionSpec(_BlockSequenceSpec):
    """A list or set of the nested bodies: their values are converted to one type."""

    collection_type: ClassVar[type[ListType] | type[SetType]]

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        make = Value.list if self.collection_type is ListType else Value.set
        values, ranges, diags = self._decode_all(content, ctx)
        if values is None:
            return Value.unknown(self.implied_type()), diags
        if not values:
            return make([], self.nested.implied_type()), diags
        unified = _unify_values(values, ranges, self.type_name, diags)
        if unified is None:
            return DYNAMIC_VALUE, diags
        return make(*unified), diags

    def implied_type(self) -> Type:
        return self.collection_type(self.nested.implied_type())


@attrs.frozen(eq=False)
class BlockListSpec(_BlockCollectionSpec):
    """A list of the nested bodies of every block of a type.

    Attributes:
        type_name: The block type.
        nested: The spec of each block's body.
        min_items: The fewest blocks allowed (0: no bound); fewer is an error
            diagnostic.
        max_items: The most blocks allowed (0: no bound); more is an error
            diagnostic.
    """

    collection_type = ListType


@attrs.frozen(eq=False)
class BlockSetSpec(_BlockCollectionSpec):
    """A set of the nested bodies of every block of a type (duplicates merge).

    Attributes:
        type_name: The block type.
        nested: The spec of each block's body.
        min_items: The fewest blocks allowed (0: no bound); fewer is an error
            diagnostic.
        max_items: The most blocks allowed (0: no bound); more is an error
            diagnostic.
    """

    collection_type = SetType


@attrs.frozen(eq=False)
class BlockTupleSpec(_BlockSequenceSpec):
    """A tuple of the nested bodies of every block of a type.

    Unlike :class:`BlockListSpec` the elements may have different types
    (when the nested spec has attributes of type ``any``), so the implied
    type is the dynamic pseudo-type.

    Attributes:
        type_name: The block type.
        nested: The spec of each block's body.
        min_items: The fewest blocks allowed (0: no bound); fewer is an error
            diagnostic.
        max_items: The most blocks allowed (0: no bound); more is an error
            diagnostic.
    """

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        values, _ranges, diags = self._decode_all(content, ctx)
        if values is None:
            return Value.unknown(self.implied_type()), diags
        return Value.tuple(values), diags

    def implied_type(self) -> Type:
        return DYNAMIC


def _to_label_names(names: Iterable[str]) -> tuple[str, ...]:
    result = tuple(names)
    if not result:
        raise TypeError("a block map or block object spec needs at least one label name")
    return result


@attrs.frozen(eq=False)
class _BlockKeyedSpec(_BlockSpecBase):
    """Blocks of one type keyed by their first labels, one nesting level per label name.

    Labels after ``label_names`` go to the nested spec's
    :class:`BlockLabelSpec` objects.
    """

    label_names: tuple[str, ...] = attrs.field(converter=_to_label_names, kw_only=True)

    def _label_names(self) -> tuple[str, ...]:
        return self.label_names + _label_names(self.nested)

    def _decode_tree(
        self, content: BodyContent, ctx: EvalContext | None
    ) -> tuple[dict[str, object] | None, Diagnostics]:
        """The values of the blocks by their labels, or ``None`` when one has an
        unknown body (then the whole result is unknown)."""
        diags = Diagnostics()
        tree: dict[str, object] = {}
        depth = len(self.label_names)
        for block in self._blocks(content):
            if block.body.is_unknown:
                return None, diags
            value, block_diags = _decode_block(
                block, _block_labels(block)[depth:], ctx, self.nested
            )
            diags.extend(block_diags)
            level = tree
            for key in block.labels[: depth - 1]:
                child = level.setdefault(key, {})
                assert isinstance(child, dict)
                level = child
            key = block.labels[depth - 1]
            if key in level:
                labels = " ".join(go_quote(label) for label in block.labels)
                diags.append(
                    Diagnostic.error(
                        f"Duplicate {self.type_name} block",
                        f"A block for {self.type_name} {labels} was already defined. "
                        f"The {self.type_name} labels must be unique.",
                        block.def_range,
                    )
                )
                continue
            level[key] = value
        return tree, diags

    def _build(self, tree: Mapping[str, object], depth: int) -> Value:
        entries = {
            key: child if isinstance(child, Value) else self._build(_as_tree(child), depth - 1)
            for key, child in tree.items()
        }
        return self._make(entries)

    @abc.abstractmethod
    def _make(self, entries: Mapping[str, Value]) -> Value:
        """One level of the result."""


def _as_tree(node: object) -> Mapping[str, object]:
    assert isinstance(node, dict)
    return node


@attrs.frozen(eq=False)
class BlockMapSpec(_BlockKeyedSpec):
    """Nested maps (one level per label name) of the nested bodies of blocks of one type.

    Attributes:
        type_name: The block type.
        nested: The spec of each block's body. Labels after ``label_names`` go
            to its :class:`BlockLabelSpec` objects.
        label_names: The names of the labels that key the blocks, one nesting
            level each (keyword only).

    Raises:
        TypeError: ``label_names`` is empty, or the nested spec's implied type
            contains the dynamic pseudo-type (map elements share one type).
    """

    def __attrs_post_init__(self) -> None:
        if self.nested.implied_type().has_dynamic_types():
            raise TypeError("a BlockMapSpec's nested spec may not have attributes of type any")

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        tree, diags = self._decode_tree(content, ctx)
        if tree is None:
            return Value.unknown(self.implied_type()), diags
        if not tree:
            return Value.map({}, self.nested.implied_type()), diags
        return self._build(tree, len(self.label_names)), diags

    def _make(self, entries: Mapping[str, Value]) -> Value:
        return Value.map(entries)

    def implied_type(self) -> Type:
        result = self.nested.implied_type()
        for _name in self.label_names:
            result = MapType(result)
        return result


@attrs.frozen(eq=False)
class BlockObjectSpec(_BlockKeyedSpec):
    """Like :class:`BlockMapSpec` with objects, so nested values may differ in type.

    Attributes:
        type_name: The block type.
        nested: The spec of each block's body. Labels after ``label_names`` go
            to its :class:`BlockLabelSpec` objects.
        label_names: The names of the labels that key the blocks, one nesting
            level each (keyword only).

    Raises:
        TypeError: ``label_names`` is empty.
    """

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        tree, diags = self._decode_tree(content, ctx)
        if tree is None:
            return Value.unknown(self.implied_type()), diags
        return self._build(tree, len(self.label_names)), diags

    def _make(self, entries: Mapping[str, Value]) -> Value:
        return Value.object(entries)

    def implied_type(self) -> Type:
        return DYNAMIC


@attrs.frozen(eq=False)
class BlockAttrsSpec(Spec):
    """The attributes of the one block of a type, as a map.

    The block has no labels and may contain only attributes.

    Attributes:
        type_name: The block type.
        element_type: The type each attribute's value is converted to.
        required: Whether a missing block is an error (otherwise the value is
            null).
        defaults: Applied to each attribute's value before its conversion, as
            for :class:`AttrSpec`.
    """

    type_name: str
    element_type: Type
    required: bool = False
    defaults: Defaults | None = attrs.field(default=None, kw_only=True)

    def block_schemata(self) -> list[BlockHeaderSchema]:
        return [BlockHeaderSchema(self.type_name)]

    def nested_spec(self) -> Spec | None:
        # The body is read as attributes, not with a spec; an empty literal
        # stands in so that the block type is listed by child_block_types.
        return LiteralSpec(Value.null(DYNAMIC))

    def variables_needed(self, content: BodyContent) -> list[Traversal]:
        blocks = content.blocks_of_type(self.type_name)
        if not blocks:
            return []
        attributes, diags = blocks[0].body.just_attributes()
        if diags.has_errors():
            return []
        found = [t for attr in attributes.values() for t in attr.expr.variables()]
        found.sort(key=lambda t: t.range.start.byte)
        return found

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        blocks = content.blocks_of_type(self.type_name)
        if not blocks:
            if self.required:
                diags.append(_missing_block(self.type_name, content))
            return Value.null(MapType(self.element_type)), diags
        if len(blocks) > 1:
            diags.append(_duplicate_block(self.type_name, blocks[0], blocks[1]))
        attributes, attr_diags = blocks[0].body.just_attributes()
        diags.extend(attr_diags)
        values: dict[str, Value] = {}
        for name, attr in attributes.items():
            values[name], value_diags = _convert_attribute(
                attr,
                self.element_type,
                self.defaults,
                ctx,
                "Invalid attribute value",
                f"Invalid value for attribute of {go_quote(self.type_name)} block: {{}}.",
            )
            diags.extend(value_diags)
        if not values:
            return Value.map({}, self.element_type), diags
        # With an element type of ``any`` the values may differ in type.
        ranges = [attributes[name].expr.range for name in values]
        unified = _unify_values(list(values.values()), ranges, self.type_name, diags)
        if unified is None:
            return Value.unknown(self.implied_type()), diags
        return Value.map(dict(zip(values, unified[0], strict=True)), unified[1]), diags

    def implied_type(self) -> Type:
        return MapType(self.element_type)

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        blocks = content.blocks_of_type(self.type_name)
        return blocks[0].def_range if blocks else content.missing_item_range


# --------------------------------------------------------------------------- wrappers


@attrs.frozen(eq=False)
class DefaultSpec(Spec):
    """One spec's value, or another's when that is null.

    Both specs read the body, so what ``default`` requires is required
    even when ``primary`` has a value. Only ``primary`` may read blocks.

    Attributes:
        primary: The spec whose value is wanted.
        default: The spec whose value stands in for a null one.
    """

    primary: Spec
    default: Spec

    def same_body_children(self) -> Sequence[Spec]:
        return (self.primary, self.default)

    def attribute_schemata(self) -> list[AttributeSchema]:
        return self.primary.attribute_schemata() + self.default.attribute_schemata()

    def block_schemata(self) -> list[BlockHeaderSchema]:
        return self.primary.block_schemata()

    def nested_spec(self) -> Spec | None:
        return self.primary.nested_spec()

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        value, diags = self.primary.decode_content(content, labels, ctx)
        if value.is_null:
            value, default_diags = self.default.decode_content(content, labels, ctx)
            diags.extend(default_diags)
        return value, diags

    def implied_type(self) -> Type:
        return self.primary.implied_type()

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return self.primary.value_range(content, labels)


@attrs.frozen(eq=False)
class _WrapperSpec(Spec):
    """A spec that post-processes the value of ``wrapped``."""

    wrapped: Spec

    def same_body_children(self) -> Sequence[Spec]:
        return (self.wrapped,)

    def value_range(self, content: BodyContent, labels: Labels) -> Range:
        return self.wrapped.value_range(content, labels)

    def decode_content(
        self, content: BodyContent, labels: Labels, ctx: EvalContext | None
    ) -> tuple[Value, Diagnostics]:
        value, diags = self.wrapped.decode_content(content, labels, ctx)
        if diags.has_errors():
            return Value.unknown(self.implied_type()), diags
        result, more = self._process(value, content, labels)
        diags.extend(more)
        return result, diags

    @abc.abstractmethod
    def _process(
        self, value: Value, content: BodyContent, labels: Labels
    ) -> tuple[Value, Diagnostics]:
        """The result for the wrapped spec's value (decoded without errors)."""


@attrs.frozen(eq=False)
class TransformExprSpec(_WrapperSpec):
    """The value of an expression with the wrapped spec's value as a variable.

    The implied type is found by evaluating ``expr`` with an unknown value of
    the wrapped type, so it may be imprecise. When the wrapped spec has errors
    the result is an unknown value.

    Attributes:
        wrapped: The spec whose value is transformed.
        expr: The expression that transforms it.
        transform_ctx: The context ``expr`` is evaluated in a child of (not the
            decoding context).
        var_name: The name of the variable holding the wrapped value.
    """

    expr: Expression
    transform_ctx: EvalContext | None = None
    var_name: str = "nested"

    def _evaluate(self, value: Value) -> tuple[Value, Diagnostics]:
        ctx = EvalContext({self.var_name: value}, parent=self.transform_ctx)
        return self.expr.value(ctx)

    def _process(
        self, value: Value, content: BodyContent, labels: Labels
    ) -> tuple[Value, Diagnostics]:
        return self._evaluate(value)

    def implied_type(self) -> Type:
        return self._evaluate(Value.unknown(self.wrapped.implied_type()))[0].type


@attrs.frozen(eq=False)
class TransformFuncSpec(_WrapperSpec):
    """The result of calling a one-parameter function with the wrapped value.

    A failing call is a ``Transform function failed`` error: the application
    must make sure ``func`` accepts every value the wrapped spec can produce.

    Attributes:
        wrapped: The spec whose value is transformed.
        func: The function.
    """

    func: Function

    def _process(
        self, value: Value, content: BodyContent, labels: Labels
    ) -> tuple[Value, Diagnostics]:
        try:
            return self.func.call([value]), Diagnostics()
        except FunctionError as error:
            failed = Diagnostic.error(
                "Transform function failed",
                f"Decoder transform returned an error: {error.message}",
                self.value_range(content, labels),
            )
            return Value.unknown(self.implied_type()), Diagnostics([failed])

    def implied_type(self) -> Type:
        try:
            return self.func.return_type_for([Value.unknown(self.wrapped.implied_type())])
        except FunctionError:
            return DYNAMIC


@attrs.frozen(eq=False)
class ValidateSpec(_WrapperSpec):
    """The wrapped value, checked by a function that returns diagnostics about it.

    Diagnostics without a subject get the wrapped spec's source range.
    ``func`` is not called when the wrapped spec has errors (the value is
    then unknown).

    Attributes:
        wrapped: The spec whose value is checked.
        func: Receives the value and returns diagnostics.
    """

    func: Callable[[Value], Iterable[Diagnostic]]

    def _process(
        self, value: Value, content: BodyContent, labels: Labels
    ) -> tuple[Value, Diagnostics]:
        diags = Diagnostics(
            found
            if found.subject is not None
            else attrs.evolve(found, subject=self.value_range(content, labels))
            for found in self.func(value)
        )
        return value, diags

    def implied_type(self) -> Type:
        return self.wrapped.implied_type()


@attrs.frozen(eq=False)
class RefineSpec(_WrapperSpec):
    """The wrapped value refined (HCL's ``RefineValueSpec``).

    An unknown value gets the refinements, so expressions and applications
    can tell more about it; on a known value they are checks: the
    application must only state what holds of every value the wrapped spec
    can produce. When the wrapped spec has errors the result is an unknown
    value.

    Attributes:
        wrapped: The spec whose value is refined.
        refine: Receives a :class:`~hcldecode.values.RefinementBuilder` and
            returns it, for example ``lambda b: b.not_null()``.

    Raises:
        ValueError: When decoding, a known value breaks the refinements.
    """

    refine: Callable[[RefinementBuilder], RefinementBuilder]

    def _process(
        self, value: Value, content: BodyContent, labels: Labels
    ) -> tuple[Value, Diagnostics]:
        return value.refine_with(self.refine), Diagnostics()

    def implied_type(self) -> Type:
        return self.wrapped.implied_type()
