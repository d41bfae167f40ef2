"""``dynamic`` blocks, as HCL's ``ext/dynblock``: blocks generated from a collection.

A configuration writes one ``dynamic`` block in place of many blocks of a
type that the schema expects::

    dynamic "setting" {
      for_each = var.settings        # a list, set, tuple, map or object
      iterator = s                   # optional; the block type by default
      labels   = [s.key]             # one per label of the generated blocks
      content {
        value = s.value
      }
    }

:func:`expand` wraps a body so that reading it through a schema gives, for
each element of ``for_each``, one block of type ``setting`` whose body is
the ``content`` block's, evaluated with the iterator variable (an object of
``key`` and ``value``) in scope. Dynamic blocks nest: a ``content`` body may
hold dynamic blocks of its own, whose expressions also see the iterators
around them. A ``for_each`` whose value is not known yet gives one block
whose body is unknown (:attr:`~hcldecode.model.Body.is_unknown`): every
attribute read from it is an unknown value, and the hcldec block specs
make their whole result unknown.

The expanded body behaves as any body: class decoding and hcldec specs
read it unchanged (``hcl.Decoder(dynamic_blocks=True)`` expands for you).
:func:`walk_variables` and :func:`walk_expand_variables` find the variables
that decoding, or the expansion alone, needs before anything is evaluated.

Diagnostics and their ranges are the reference's. hcldecode adds limits:
the blocks that one ``dynamic`` block makes, multiplied by those of the
dynamic blocks around it, may number at most the evaluation's
:attr:`~hcldecode.values.Limits.max_cost` divided by 50 (``Too many dynamic blocks``,
reported once however many outer blocks repeat it); each block made costs
that many steps of the evaluation's budget as it is made. A ``dynamic``
block inside another has its ``for_each`` (and labels' checks) read once for
each distinct value of the outer iterators it refers to, not once per outer
block.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence

import attrs

from .._text import go_quote
from ..model._closure import LiteralExpression
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics, Range, SourceFile
from ..model._static import abs_traversal_for_expr, expr_list
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
from ..model._traversal import Traversal
from ..values._convert import ConversionError, convert
from ..values._limits import DEFAULT_LIMITS, STEPS_PER_BLOCK, BudgetExhausted, charge
from ..values._types import DYNAMIC, STRING, ListType, MapType, ObjectType, SetType, TupleType
from ..values._value import DYNAMIC_VALUE, Value

__all__ = [
    "WalkVariablesChild",
    "WalkVariablesNode",
    "expand",
    "walk_expand_variables",
    "walk_variables",
]

_DYNAMIC = BlockHeaderSchema("dynamic", ("type",))
_CONTENT = BlockHeaderSchema("content")
_FOR_EACH = AttributeSchema("for_each", required=True)
_ITERATOR = AttributeSchema("iterator")
_WITH_LABELS = BodySchema(
    [_FOR_EACH, _ITERATOR, AttributeSchema("labels", required=True)], [_CONTENT]
)
_WITHOUT_LABELS = BodySchema([_FOR_EACH, _ITERATOR], [_CONTENT])
_ALL_OPTIONAL = BodySchema(
    [AttributeSchema("for_each"), AttributeSchema("labels"), _ITERATOR], [_CONTENT]
)


def expand(body: Body, ctx: EvalContext | None = None) -> Body:
    """A body with its ``dynamic`` blocks expanded (HCL's ``dynblock.Expand``).

    Nothing is evaluated until the body's content is read.

    Args:
        body: The body, of either syntax.
        ctx: The context ``for_each``, ``labels`` and the content are evaluated
            in; ``None`` for literal-only mode.

    Returns:
        The expanded body. Mistakes in the dynamic blocks (a bad ``for_each``,
        wrong labels) are error diagnostics that come with its content.

    Raises:
        TypeError: ``body`` is not a :class:`~hcldecode.model.Body`, or ``ctx``
            is neither ``None`` nor an :class:`~hcldecode.model.EvalContext`.
    """
    if not isinstance(body, Body):
        raise TypeError(f"expand() needs a Body, not {type(body).__name__}")
    if ctx is not None and not isinstance(ctx, EvalContext):
        raise TypeError(f"ctx must be an EvalContext, not {type(ctx).__name__}")
    return _ExpandedBody(body, ctx, None, specs={})


# --------------------------------------------------------------------------- iterations


@attrs.frozen
class _Iteration:
    """One element of a ``for_each``: its iterator's name, key and value, the
    iterations around it by iterator name, and how many blocks the dynamic
    blocks down to this one make in all."""

    name: str
    key: Value
    value: Value
    inherited: Mapping[str, _Iteration]
    blocks: int
    # The marks of the for_each collection: they mark every value of the
    # generated block's body (HCL v2.21 and later).
    marks: frozenset[Hashable] = frozenset()

    def object(self) -> Value:
        return Value.object({"key": self.key, "value": self.value})

    def names(self) -> frozenset[str]:
        """The iterator names in scope: this one's and those around it."""
        return frozenset(self.inherited) | {self.name}

    def context(self, base: EvalContext | None) -> EvalContext:
        """``base`` with the iterators in scope as variables."""
        variables = {name: it.object() for name, it in self.inherited.items()}
        variables[self.name] = self.object()
        if base is None or base.literal_only:
            limits = base.limits if base is not None else None
            return EvalContext(variables, limits=limits)
        return base.child(variables)


def _iteration(  # noqa: PLR0917 (the fields of an iteration)
    parent: _Iteration | None,
    name: str,
    key: Value,
    value: Value,
    blocks: int,
    marks: frozenset[Hashable] = frozenset(),
) -> _Iteration:
    if parent is None:
        return _Iteration(name, key, value, {}, blocks, marks)
    return _Iteration(name, key, value, {**parent.inherited, parent.name: parent}, blocks, marks)


def _context(iteration: _Iteration | None, base: EvalContext | None) -> EvalContext | None:
    return base if iteration is None else iteration.context(base)


class _IteratedExpression(Expression):
    """An expression of a generated block's body: evaluated with the iterators in scope."""

    __slots__ = ("_expr", "_iteration")

    def __init__(self, expr: Expression, iteration: _Iteration) -> None:
        self._expr = expr
        self._iteration = iteration

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        value, diags = self._expr.value(self._iteration.context(ctx))
        marks = self._iteration.marks
        return (value.with_marks(marks) if marks else value), diags

    def variables(self) -> list[Traversal]:
        inner = self._iteration.names()
        return [t for t in self._expr.variables() if t.root_name not in inner]

    @property
    def range(self) -> Range:
        return self._expr.range

    @property
    def start_range(self) -> Range:
        return self._expr.start_range

    def unwrap(self) -> Expression:
        return self._expr

    def __repr__(self) -> str:
        return f"<{self._expr!r} iterated by {self._iteration.name}>"


def _elements(collection: Value) -> Iterator[tuple[Value, Value]]:
    """The keys and values of a known collection, as go-cty's ``ElementIterator``."""
    t = collection.type
    if isinstance(t, SetType):
        for element in collection.elements():
            yield element, element
    elif isinstance(t, ListType | TupleType):
        for index, element in enumerate(collection.elements()):
            yield Value.number(index), element
    else:
        for key, element in collection.items():
            yield Value.string(key), element


# --------------------------------------------------------------------------- the body


class _ExpandedBody(Body):
    """A body whose ``dynamic`` blocks are expanded as its content is read.

    The attributes of a body inside a generated block, those that
    ``just_attributes`` gives included, are evaluated with the iterators in
    scope.
    """

    __slots__ = (
        "_ctx",
        "_hidden_attrs",
        "_hidden_blocks",
        "_iteration",
        "_original",
        "_specs",
        "_visible_body",
    )

    def __init__(
        self,
        original: Body,
        ctx: EvalContext | None,
        iteration: _Iteration | None,
        hidden_attrs: frozenset[str] = frozenset(),
        hidden_blocks: Mapping[str, BlockHeaderSchema] | None = None,
        *,
        specs: dict[tuple[object, ...], tuple[_Spec | None, Diagnostics]],
    ) -> None:
        self._specs = specs  # shared by the whole expansion: see _cached_spec
        self._original = original
        self._ctx = ctx
        self._iteration = iteration
        self._hidden_attrs = hidden_attrs
        self._hidden_blocks: Mapping[str, BlockHeaderSchema] = hidden_blocks or {}
        self._visible_body: Body | None = None

    def __repr__(self) -> str:
        return f"<expanded {self._original!r}>"

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        raw, diags = self._visible().content(_with_dynamic(schema))
        return self._expanded(schema, raw, diags, partial=False), diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        raw, _remain, diags = self._visible().partial_content(_with_dynamic(schema))
        content = self._expanded(schema, raw, diags, partial=True)
        remain = _ExpandedBody(
            self._original,
            self._ctx,
            self._iteration,
            self._hidden_attrs | schema.attribute_names(),
            {**self._hidden_blocks, **schema.block_types()},
            specs=self._specs,
        )
        return content, remain, diags

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        attributes, diags = self._visible().just_attributes()
        return dict(self._attributes(attributes)), diags

    @property
    def missing_item_range(self) -> Range:
        return self._original.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        return self._original.source_files()

    def _visible(self) -> Body:
        """The original body without what earlier partial reads consumed.

        The original body hides it itself (as it does for a remaining body),
        so that a later schema may ask for a block type of the name of a
        consumed attribute, or the reverse. The ``dynamic`` blocks stay: those
        of consumed types are skipped as they are expanded.
        """
        if self._visible_body is None:
            body = self._original
            if self._hidden_attrs:
                names = sorted(self._hidden_attrs)
                _, body, _ = body.partial_content(BodySchema([AttributeSchema(n) for n in names]))
            blocks = [b for t, b in self._hidden_blocks.items() if t != "dynamic"]
            if blocks:
                _, body, _ = body.partial_content(BodySchema((), blocks))
            self._visible_body = body
        return self._visible_body

    def _expanded(
        self, schema: BodySchema, raw: BodyContent, diags: Diagnostics, *, partial: bool
    ) -> BodyContent:
        return BodyContent(
            self._attributes(raw.attributes),
            tuple(self._blocks(schema, raw.blocks, diags, partial=partial)),
            lambda: self._original.missing_item_range,
            raw.mislabelled - {"dynamic"},
        )

    def _attributes(self, raw: Mapping[str, Attribute]) -> Mapping[str, Attribute]:
        iteration = self._iteration
        if iteration is None:
            return raw
        return {
            name: Attribute(
                name, _IteratedExpression(attr.expr, iteration), attr.range, attr.name_range
            )
            for name, attr in raw.items()
        }

    def _blocks(
        self, schema: BodySchema, raw: Sequence[Block], diags: Diagnostics, *, partial: bool
    ) -> Iterator[Block]:
        wanted = schema.block_types()
        for block in raw:
            if block.type != "dynamic":
                if block.type not in self._hidden_blocks:
                    yield _with_body(block, self._child(block.body, self._iteration))
                continue
            block_type = block.labels[0]
            if block_type in self._hidden_blocks:
                continue
            header = wanted.get(block_type)
            if header is None:
                if not partial:
                    diags.append(
                        Diagnostic.error(
                            "Unsupported block type",
                            f"Blocks of type {go_quote(block_type)} are not expected here.",
                            block.label_ranges[0],
                        )
                    )
                continue
            spec = self._cached_spec(header, block, diags)
            if spec is not None:
                yield from self._generated(spec, diags)

    def _generated(self, spec: _Spec, diags: Diagnostics) -> Iterator[Block]:
        if not spec.for_each.is_known:
            iteration = _iteration(
                self._iteration,
                spec.iterator,
                DYNAMIC_VALUE,
                DYNAMIC_VALUE,
                spec.blocks,
                spec.for_each_marks,
            )
            block = spec.block(iteration, self._ctx, diags)
            if block is not None:
                yield _with_body(block, _UnknownBody(self._child(block.body, iteration)))
            return
        for key, value in _elements(spec.for_each):
            try:
                charge(STEPS_PER_BLOCK)  # each block made is paid for as it is made
            except BudgetExhausted as stop:
                if stop.where is None:
                    stop.where, stop.ctx = spec.for_each_expr, self._ctx
                raise
            iteration = _iteration(
                self._iteration, spec.iterator, key, value, spec.blocks, spec.for_each_marks
            )
            block = spec.block(iteration, self._ctx, diags)
            if block is not None:
                yield _with_body(block, self._child(block.body, iteration))

    def _child(self, body: Body, iteration: _Iteration | None) -> Body:
        return _ExpandedBody(body, _context(iteration, self._ctx), iteration, specs=self._specs)

    def _cached_spec(
        self, header: BlockHeaderSchema, block: Block, diags: Diagnostics
    ) -> _Spec | None:
        """``_spec`` of a dynamic block, read once for each distinct value of the
        iterators around it that its ``for_each`` refers to (a dynamic block inside
        another is otherwise read again for every block the outer one makes).

        The diagnostics are given again with each use, as the reference gives
        them for each outer block, but ``Too many dynamic blocks`` only with
        the first outer block.
        """
        iteration = self._iteration
        key: tuple[object, ...] = (header, block.def_range)
        if iteration is not None:
            in_scope = {iteration.name: iteration, **iteration.inherited}
            each = _for_each_attribute(block)
            roots = {t.root_name for t in each.expr.variables()} if each is not None else set()
            key += (
                iteration.blocks,
                *(
                    (name, in_scope[name].key, in_scope[name].value)
                    for name in sorted(roots & in_scope.keys())
                ),
            )
        cached = self._specs.get(key)
        if cached is None:
            found = Diagnostics()
            try:
                spec = _spec(header, block, self._ctx, iteration, found)
            except BudgetExhausted as stop:
                if stop.where is None and (each := _for_each_attribute(block)) is not None:
                    stop.where, stop.ctx = each.expr, self._ctx
                raise
            self._specs[key] = (spec, found)
            diags.extend(found)
            return spec
        spec, found = cached
        if iteration is None:  # the same body read again: all of them again
            diags.extend(found)
        else:  # another outer block: the refusal was given with the first
            diags.extend(d for d in found if d.summary != "Too many dynamic blocks")
        return spec


def _with_dynamic(schema: BodySchema) -> BodySchema:
    """``schema`` with ``dynamic`` blocks besides its own."""
    return BodySchema(
        schema.attributes, [*(b for b in schema.blocks if b.type != "dynamic"), _DYNAMIC]
    )


def _with_body(block: Block, body: Body) -> Block:
    return Block(
        block.type, block.labels, body, block.def_range, block.type_range, block.label_ranges
    )


# --------------------------------------------------------------------------- dynamic blocks


@attrs.frozen
class _Spec:
    """A ``dynamic`` block read: what it generates, and from what."""

    block_type: str
    type_range: Range
    def_range: Range
    for_each: Value
    iterator: str
    labels: tuple[Expression, ...]
    content: Body
    blocks: int
    for_each_expr: Expression
    for_each_marks: frozenset[Hashable]

    def block(
        self, iteration: _Iteration, ctx: EvalContext | None, diags: Diagnostics
    ) -> Block | None:
        """The block for one element, or ``None`` after a diagnostic about a label."""
        label_ctx = iteration.context(ctx)
        labels: list[str] = []
        for expr in self.labels:
            value, label_diags = expr.value(label_ctx)
            diags.extend(label_diags)
            if label_diags.has_errors():
                return None
            try:
                value = convert(value, STRING)
            except ConversionError as error:
                problem = f"Cannot use this value as a dynamic block label: {error}."
            else:
                if value.is_null:
                    problem = "Cannot use a null value as a dynamic block label."
                elif not value.is_known:
                    problem = (
                        "This value is not yet known. Dynamic block labels must be "
                        "immediately-known values."
                    )
                elif value.is_marked:
                    problem = (
                        "This value has dynamic marks that make it unsuitable for use as a "
                        "block label."
                    )
                else:
                    labels.append(value.as_str())
                    continue
            diags.append(
                Diagnostic.error(
                    "Invalid dynamic block label",
                    problem,
                    expr.range,
                    expression=expr,
                    eval_context=label_ctx,
                )
            )
            return None
        return Block(
            self.block_type,
            tuple(labels),
            self.content,
            self.def_range,
            self.type_range,
            tuple(expr.range for expr in self.labels),
        )


def _spec(
    header: BlockHeaderSchema,
    block: Block,
    ctx: EvalContext | None,
    around: _Iteration | None,
    diags: Diagnostics,
) -> _Spec | None:
    content, content_diags = block.body.content(
        _WITH_LABELS if header.label_names else _WITHOUT_LABELS
    )
    diags.extend(content_diags)
    if content_diags.has_errors():
        return None

    each = content.attributes["for_each"]
    for_each, each_diags = each.expr.value(ctx)
    for_each, for_each_marks = for_each.unmark()  # they mark the generated blocks' values
    diags.extend(each_diags)
    problem = None
    if for_each.type != DYNAMIC and not isinstance(
        for_each.type, ListType | MapType | SetType | TupleType | ObjectType
    ):
        problem = (
            f"Cannot use a {for_each.type.friendly_name()} value in for_each. "
            "An iterable collection is required."
        )
    elif for_each.is_null:
        problem = "Cannot use a null value in for_each."
    if problem is not None:
        diags.append(
            Diagnostic.error(
                "Invalid dynamic for_each value",
                problem,
                each.expr.range,
                expression=each.expr,
                eval_context=ctx,
            )
        )
        return None
    blocks = (around.blocks if around is not None else 1) * (
        len(for_each) if for_each.is_known else 1
    )
    limit = (ctx.limits if ctx is not None else DEFAULT_LIMITS).max_cost // STEPS_PER_BLOCK
    if blocks > limit:
        diags.append(
            Diagnostic.error(
                "Too many dynamic blocks",
                f"This dynamic block makes {blocks} blocks (counting those of the dynamic "
                f"blocks around it), more than the {limit} that hcldecode allows.",
                each.expr.range,
                expression=each.expr,
                eval_context=ctx,
            )
        )
        return None

    iterator = header.type
    iterator_attr = content.attributes.get("iterator")
    if iterator_attr is not None:
        traversal, traversal_diags = abs_traversal_for_expr(iterator_attr.expr)
        diags.extend(traversal_diags)
        if traversal is None or traversal_diags.has_errors():
            return None
        if len(traversal) != 1:
            diags.append(
                Diagnostic.error(
                    "Invalid dynamic iterator name",
                    "Dynamic iterator must be a single variable name.",
                    traversal.range,
                )
            )
            return None
        iterator = traversal.root_name

    labels: list[Expression] = []
    labels_attr = content.attributes.get("labels")
    if labels_attr is not None:
        labels, label_diags = expr_list(labels_attr.expr)
        diags.extend(label_diags)
        if label_diags.has_errors():
            return None
        wanted = len(header.label_names)
        if not header.required_labels <= len(labels) <= wanted:
            detail = f"Blocks of type {go_quote(header.type)} require {wanted} label(s)."
            if header.optional_labels:
                detail = (
                    f"Blocks of type {go_quote(header.type)} require "
                    f"{header.required_labels} to {wanted} labels."
                )
            if len(labels) > wanted:
                summary, subject = "Extraneous dynamic block label", labels[wanted].range
            else:
                summary, subject = "Insufficient dynamic block labels", labels_attr.expr.range
            diags.append(Diagnostic.error(summary, detail, subject))
            return None

    if not content.blocks:
        diags.append(
            Diagnostic.error(
                "Missing dynamic content block",
                'A dynamic block must have a nested block of type "content" to describe the '
                "body of each generated block.",
                content.missing_item_range,
            )
        )
        return None
    if len(content.blocks) > 1:
        diags.append(
            Diagnostic.error(
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.",
                content.blocks[1].def_range,
            )
        )
        return None
    if each_diags.has_errors():
        return None
    return _Spec(
        header.type,
        block.label_ranges[0],
        block.def_range,
        for_each,
        iterator,
        tuple(labels),
        content.blocks[0].body,
        blocks,
        each.expr,
        for_each_marks,
    )


# --------------------------------------------------------------------------- unknown bodies


class _UnknownBody(Body):
    """The body of a block generated from a ``for_each`` not known yet.

    It has the items of the ``content`` block, but every attribute's value
    is unknown, and so is everything in its nested blocks.
    """

    __slots__ = ("_template",)

    def __init__(self, template: Body) -> None:
        self._template = template

    def __repr__(self) -> str:
        return f"<unknown {self._template!r}>"

    @property
    def is_unknown(self) -> bool:
        return True

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, diags = self._template.content(schema)
        return _unknown_content(content), diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        content, remain, diags = self._template.partial_content(schema)
        return _unknown_content(content), _UnknownBody(remain), diags

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        attributes, diags = self._template.just_attributes()
        return dict(_unknown_attributes(attributes)), diags

    @property
    def missing_item_range(self) -> Range:
        return self._template.missing_item_range

    def source_files(self) -> Mapping[str, SourceFile]:
        return self._template.source_files()


def _unknown_attributes(attributes: Mapping[str, Attribute]) -> Mapping[str, Attribute]:
    return {
        name: Attribute(
            name, LiteralExpression(DYNAMIC_VALUE, attr.expr.range), attr.range, attr.name_range
        )
        for name, attr in attributes.items()
    }


def _unknown_content(content: BodyContent) -> BodyContent:
    return BodyContent(
        _unknown_attributes(content.attributes),
        tuple(_with_body(b, _UnknownBody(b.body)) for b in content.blocks),
        lambda: content.missing_item_range,
        content.mislabelled,
    )


# --------------------------------------------------------------------------- variables


@attrs.frozen
class WalkVariablesChild:
    """A nested block's body to visit next in a walk over variables.

    Attributes:
        block_type: The block type it has (or will have, for the ``content`` of
            a ``dynamic`` block); visit it with the schema of that type.
        node: The walk's node for the body.
    """

    block_type: str
    node: WalkVariablesNode

    @property
    def body(self) -> Body:
        """The body this child visits."""
        return self.node.body


@attrs.frozen
class WalkVariablesNode:
    """One body of a walk over a configuration's variables (see :func:`walk_variables`).

    Start a walk with :func:`walk_variables` or :func:`walk_expand_variables`.

    Attributes:
        body: The body this node visits.
    """

    body: Body
    _iteration: _Iteration | None = attrs.field(default=None, alias="iteration")
    _include_content: bool = attrs.field(default=True, alias="include_content")

    def visit(self, schema: BodySchema) -> tuple[list[Traversal], list[WalkVariablesChild]]:
        """The variables this body needs when read with a schema, and the nested bodies to visit.

        Variables that name an iterator in scope are left out: the expansion
        gives them.

        Args:
            schema: The application's schema of this body (its ``dynamic`` blocks
                are read besides).

        Returns:
            ``(variables, children)``: the traversals, and the nested bodies to
            visit next with the schemas of their block types.
        """
        extended = BodySchema(
            schema.attributes, [*(b for b in schema.blocks if b.type != "dynamic"), _DYNAMIC]
        )
        content, _remain, _diags = self.body.partial_content(extended)
        found: list[Traversal] = []
        iterators = self._iteration.names() if self._iteration is not None else frozenset()
        if self._include_content:
            for attr in content.attributes.values():
                found.extend(t for t in attr.expr.variables() if t.root_name not in iterators)
        children: list[WalkVariablesChild] = []
        for block in content.blocks:
            if block.type != "dynamic":
                children.append(WalkVariablesChild(block.type, attrs.evolve(self, body=block.body)))
                continue
            found_here, child = self._dynamic(block)
            found.extend(found_here)
            if child is not None:
                children.extend(child)
        return found, children

    def _dynamic(self, block: Block) -> tuple[list[Traversal], list[WalkVariablesChild] | None]:
        block_type = block.labels[0]
        inner, _remain, _diags = block.body.partial_content(_ALL_OPTIONAL)
        iterator = block_type
        iterator_attr = inner.attributes.get("iterator")
        if iterator_attr is not None:
            traversal, _ = abs_traversal_for_expr(iterator_attr.expr)
            if not traversal:
                return [], None
            iterator = traversal.root_name
        it = _iteration(self._iteration, iterator, DYNAMIC_VALUE, DYNAMIC_VALUE, 1)
        found: list[Traversal] = []
        for_each = inner.attributes.get("for_each")
        if for_each is not None:
            found.extend(t for t in for_each.expr.variables() if t.root_name not in it.inherited)
        labels = inner.attributes.get("labels")
        if labels is not None:
            found.extend(t for t in labels.expr.variables() if t.root_name not in it.names())
        children = [
            WalkVariablesChild(
                block_type,
                WalkVariablesNode(
                    content.body, iteration=it, include_content=self._include_content
                ),
            )
            for content in inner.blocks
        ]
        return found, children


def walk_variables(body: Body) -> WalkVariablesNode:
    """The start of a walk over the variables a body needs once its dynamic blocks are expanded.

    The ``for_each`` and ``labels`` of dynamic blocks and the attributes of
    the content count, without the iterators (``dynblock.WalkVariables``). The
    walk follows the application's schema: call
    :meth:`~WalkVariablesNode.visit` with the schema of the body, then visit
    each child with the schema of its block type.

    Args:
        body: The body, before expansion.

    Returns:
        The walk's first node.
    """
    return WalkVariablesNode(body)


def walk_expand_variables(body: Body) -> WalkVariablesNode:
    """Like :func:`walk_variables`, but only the variables that the expansion itself needs.

    Those of ``for_each`` and ``labels``: what an application must know before
    it can expand (``dynblock.WalkExpandVariables``).

    Args:
        body: The body, before expansion.

    Returns:
        The walk's first node.
    """
    return WalkVariablesNode(body, include_content=False)


def _for_each_attribute(block: Block) -> Attribute | None:
    """A ``dynamic`` block's ``for_each`` attribute, if it has one."""
    content, _, _ = block.body.partial_content(_ALL_OPTIONAL)
    return content.attributes.get("for_each")
