"""Bodies and expressions built in code, for testing a loader without parsing text.

The counterparts of HCL's ``hcltest`` package: :func:`mock_body` is a body
whose content is given rather than parsed, :func:`mock_attrs` makes its
attributes, :func:`mock_block` its blocks, and the ``mock_expr_*`` functions
make expressions: a literal value, a variable, a traversal, a list and a
map. They implement :class:`~hcldecode.model.Body` and
:class:`~hcldecode.model.Expression`, so the decoders
(:func:`hcldecode.decode_body`, :func:`hcldecode.decode_block`,
:func:`hcldecode.decode_partial`, :func:`hcldecode.decode_expression`) and
the static analyses (:func:`~hcldecode.model.expr_list`,
:func:`~hcldecode.model.expr_map`,
:func:`~hcldecode.model.abs_traversal_for_expr`) read them as they read
parsed configuration::

    body = mock_body(
        attributes=mock_attrs({"name": "web", "port": mock_expr_variable("port")}),
        blocks=[mock_block("listener", "http", body=mock_body())],
    )

A mock's mistakes are reported as ``hcltest`` words them (``Extraneous
argument in mock body``, ``Mock body doesn't have argument "name"``,
``Wrong number of block labels``...), at the ranges it gives: a range in a
file named after the function that made the item (``MockAttrs:0,0-0``,
``MockExprLiteral:0,0-0``) unless the item was given its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ._text import go_quote
from .model import (
    Attribute,
    Block,
    Body,
    BodyContent,
    BodySchema,
    Diagnostic,
    Diagnostics,
    Expression,
    Pos,
    Range,
    Traversal,
    TraverseRoot,
)
from .native import parse_traversal_abs
from .pytypes import to_value
from .values import (
    DYNAMIC,
    DYNAMIC_VALUE,
    STRING,
    ConversionError,
    ListType,
    MapType,
    ObjectType,
    TupleType,
    Value,
    convert,
)
from .values._errors import raw_text

if TYPE_CHECKING:
    from .model import EvalContext

__all__ = [
    "mock_attrs",
    "mock_block",
    "mock_body",
    "mock_expr_list",
    "mock_expr_literal",
    "mock_expr_map",
    "mock_expr_traversal",
    "mock_expr_traversal_src",
    "mock_expr_variable",
]

_ZERO = Pos(0, 0, 0)


def _mock_range(filename: str) -> Range:
    """The range ``hcltest`` gives what it makes: a file of that name, at line 0, column 0."""
    return Range(filename, _ZERO, _ZERO)


def _expression(item: object) -> Expression:
    return item if isinstance(item, Expression) else mock_expr_literal(item)


# --------------------------------------------------------------------------- bodies


class _MockBody(Body):
    """A body whose content was given, not parsed (HCL's ``hcltest.MockBody``)."""

    __slots__ = ("_content",)

    def __init__(self, content: BodyContent) -> None:
        self._content = content

    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        content, remain, diags = self._split(schema)
        for name, attribute in remain.attributes.items():
            diags.append(
                Diagnostic.error(
                    "Extraneous argument in mock body",
                    f"Mock body has extraneous argument {go_quote(name)}.",
                    attribute.name_range,
                )
            )
        for block in remain.blocks:
            diags.append(
                Diagnostic.error(
                    "Extraneous block in mock body",
                    f"Mock body has extraneous block of type {go_quote(block.type)}.",
                    block.def_range,
                )
            )
        return content, diags

    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        content, remain, diags = self._split(schema)
        return content, _MockBody(remain), diags

    def _split(self, schema: BodySchema) -> tuple[BodyContent, BodyContent, Diagnostics]:
        given = self._content
        missing = given.missing_item_range
        diags = Diagnostics()
        attributes: dict[str, Attribute] = {}
        for wanted in schema.attributes:
            attribute = given.attributes.get(wanted.name)
            if attribute is None:
                if wanted.required:
                    diags.append(
                        Diagnostic.error(
                            "Missing required argument",
                            f"Mock body doesn't have argument {go_quote(wanted.name)}",
                            missing,
                        )
                    )
                continue
            attributes[wanted.name] = attribute
        rest = {n: a for n, a in given.attributes.items() if n not in attributes}
        types = schema.block_types()
        blocks: list[Block] = []
        rest_blocks: list[Block] = []
        mislabelled: set[str] = set()
        for block in given.blocks:
            header = types.get(block.type)
            if header is None:
                rest_blocks.append(block)
                continue
            if not header.required_labels <= len(block.labels) <= len(header.label_names):
                diags.append(
                    Diagnostic.error(
                        "Wrong number of block labels",
                        f"Block of type {go_quote(header.type)} requires "
                        f"{len(header.label_names)} labels, but got {len(block.labels)}",
                        missing,
                    )
                )
                # Left out, as the syntaxes leave such a block out: a decoder
                # reads a block's labels by the schema's count.
                mislabelled.add(block.type)
                continue
            blocks.append(block)
        return (
            BodyContent(attributes, tuple(blocks), missing, frozenset(mislabelled)),
            BodyContent(rest, tuple(rest_blocks), missing),
            diags,
        )

    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        diags = Diagnostics()
        if self._content.blocks:
            diags.append(
                Diagnostic.error(
                    "Mock body has blocks",
                    "Can't use JustAttributes on a mock body with blocks.",
                    self._content.missing_item_range,
                )
            )
        return dict(self._content.attributes), diags

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        given = self._content
        return BodyContent(dict(given.attributes), tuple(given.blocks), given.missing_item_range), (
            Diagnostics()
        )

    @property
    def missing_item_range(self) -> Range:
        return self._content.missing_item_range

    def __repr__(self) -> str:
        return f"mock_body({self._content!r})"


def mock_body(
    content: BodyContent | None = None,
    *,
    attributes: Mapping[str, Attribute] | None = None,
    blocks: Iterable[Block] | None = None,
    missing_item_range: Range | None = None,
) -> Body:
    """A body whose content is given rather than parsed (HCL's ``hcltest.MockBody``).

    Give either the whole ``content`` or its parts. Applying a schema picks
    the attributes and blocks it names, in the order given; what it does not
    name is an error for :meth:`~hcldecode.model.Body.content` and the
    remaining body for :meth:`~hcldecode.model.Body.partial_content`. The
    mistakes are errors worded as ``hcltest`` words them, at
    ``missing_item_range`` unless the item has a range of its own:

    * ``Missing required argument``: ``Mock body doesn't have argument "name"``;
    * ``Extraneous argument in mock body``: ``Mock body has extraneous
      argument "name".`` (at the attribute's name);
    * ``Extraneous block in mock body``: ``Mock body has extraneous block of
      type "type".`` (at the block's header);
    * ``Wrong number of block labels``: ``Block of type "type" requires 1
      labels, but got 0``; unlike ``hcltest``, such a block is then left
      out of the content, as the syntaxes leave it out;
    * ``Mock body has blocks``: ``Can't use JustAttributes on a mock body
      with blocks.`` (from :meth:`~hcldecode.model.Body.just_attributes`,
      which still gives the attributes).

    Args:
        content: The body's content, as a schema would read it.
        attributes: The attributes, by name (see :func:`mock_attrs`), when
            ``content`` is not given.
        blocks: The blocks (see :func:`mock_block`), when ``content`` is not
            given.
        missing_item_range: Where a missing item is reported, when
            ``content`` is not given; by default an empty range in no file
            (``:0,0-0``), as ``hcltest``'s zero range.

    Returns:
        The body.

    Raises:
        TypeError: ``content`` is given together with one of its parts.
    """
    if content is not None:
        if attributes is not None or blocks is not None or missing_item_range is not None:
            raise TypeError("mock_body takes content or its parts, not both")
        return _MockBody(content)
    return _MockBody(
        BodyContent(
            dict(attributes or {}),
            tuple(blocks or ()),
            missing_item_range if missing_item_range is not None else _mock_range(""),
        )
    )


def mock_attrs(expressions: Mapping[str, object]) -> dict[str, Attribute]:
    """Attributes for a mock body, from their expressions (HCL's ``hcltest.MockAttrs``).

    Args:
        expressions: Each attribute's name mapped to its expression; a value
            that is not an :class:`~hcldecode.model.Expression` stands for
            :func:`mock_expr_literal` of it.

    Returns:
        The attributes by name, in the mapping's order; each attribute and
        its name are at ``MockAttrs:0,0-0``.

    Raises:
        TypeError: A value has no HCL form (as for
            :func:`hcldecode.pytypes.to_value`).
    """
    where = _mock_range("MockAttrs")
    return {
        name: Attribute(name, _expression(item), where, where) for name, item in expressions.items()
    }


def mock_block(type: str, *labels: str, body: Body | None = None) -> Block:
    """A block for a mock body (``hcltest`` has none: Go tests write a ``hcl.Block``).

    Args:
        type: The block type.
        *labels: Its labels.
        body: The body inside it; by default an empty :func:`mock_body`.

    Returns:
        The block; its header, type and labels are at ``MockBlock:0,0-0``.
    """
    where = _mock_range("MockBlock")
    return Block(
        type,
        tuple(labels),
        body if body is not None else mock_body(),
        where,
        where,
        tuple(where for _ in labels),
    )


# --------------------------------------------------------------------------- expressions


class _MockExprLiteral(Expression):
    __slots__ = ("_value",)

    def __init__(self, value: Value) -> None:
        self._value = value

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return self._value, Diagnostics()

    def variables(self) -> list[Traversal]:
        return []

    @property
    def range(self) -> Range:
        return _mock_range("MockExprLiteral")

    def static_list(self) -> list[Expression] | None:
        value = self._value
        if value.is_known and not value.is_null and isinstance(value.type, (ListType, TupleType)):
            return [_MockExprLiteral(element) for element in value.elements()]
        return None

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        value = self._value
        if value.is_known and not value.is_null and isinstance(value.type, (ObjectType, MapType)):
            return [
                (_MockExprLiteral(Value.string(key)), _MockExprLiteral(element))
                for key, element in value.items()
            ]
        return None

    def __repr__(self) -> str:
        return f"mock_expr_literal({self._value!r})"


def mock_expr_literal(value: object) -> Expression:
    """An expression that evaluates to a value (HCL's ``hcltest.MockExprLiteral``).

    A list or tuple value is also a static list
    (:func:`~hcldecode.model.expr_list` gives a literal expression per
    element), an object or map value a static map
    (:func:`~hcldecode.model.expr_map`).

    Args:
        value: A :class:`~hcldecode.Value`, or a Python object converted
            with :func:`hcldecode.pytypes.to_value` (a list is a tuple
            value, a dict an object value).

    Returns:
        The expression, at ``MockExprLiteral:0,0-0``.

    Raises:
        TypeError: ``value`` has no HCL form.
        ValueError: ``value`` is NaN.
    """
    return _MockExprLiteral(to_value(value))


class _MockExprVariable(Expression):
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        found = ctx.lookup_variable(self._name) if ctx is not None else None
        if found is not None:
            return found, Diagnostics()
        return DYNAMIC_VALUE, Diagnostics(
            [
                Diagnostic.error(
                    "Reference to undefined variable",
                    f"Variable {go_quote(self._name)} is not defined.",
                    self.range,
                    expression=self,
                    eval_context=ctx,
                )
            ]
        )

    def variables(self) -> list[Traversal]:
        return [self._traversal()]

    @property
    def range(self) -> Range:
        return _mock_range("MockExprVariable")

    def static_traversal(self) -> Traversal | None:
        return self._traversal()

    def _traversal(self) -> Traversal:
        return Traversal([TraverseRoot(self._name, self.range)])

    def __repr__(self) -> str:
        return f"mock_expr_variable({self._name!r})"


def mock_expr_variable(name: str) -> Expression:
    """An expression that is the value of a variable (HCL's ``hcltest.MockExprVariable``).

    The variable is looked up in the evaluation context and its parents;
    when none defines it, the value is unknown and the error is ``Reference
    to undefined variable`` / ``Variable "name" is not defined.`` (at the
    expression's range, where ``hcltest`` gives none). Static analysis sees
    it as a traversal of the one name.

    Args:
        name: The variable's name.

    Returns:
        The expression, at ``MockExprVariable:0,0-0``.
    """
    return _MockExprVariable(name)


class _MockExprTraversal(Expression):
    __slots__ = ("_traversal",)

    def __init__(self, traversal: Traversal) -> None:
        self._traversal = traversal

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return self._traversal.traverse_abs(ctx)

    def variables(self) -> list[Traversal]:
        return [self._traversal]

    @property
    def range(self) -> Range:
        return self._traversal.range

    def static_traversal(self) -> Traversal | None:
        return self._traversal

    def __repr__(self) -> str:
        return f"mock_expr_traversal({self._traversal!r})"


def mock_expr_traversal(traversal: Traversal) -> Expression:
    """An expression that evaluates an absolute traversal (HCL's ``hcltest.MockExprTraversal``).

    Its value, and its mistakes, are the traversal's
    (:meth:`~hcldecode.model.Traversal.traverse_abs`); static analysis sees
    the traversal.

    Args:
        traversal: The traversal, starting with a
            :class:`~hcldecode.model.TraverseRoot`.

    Returns:
        The expression, at the traversal's range.

    Raises:
        TypeError: The traversal is relative or empty.
    """
    if not traversal or traversal.is_relative:
        raise TypeError("mock_expr_traversal needs an absolute traversal")
    return _MockExprTraversal(traversal)


def mock_expr_traversal_src(src: str) -> Expression:
    """:func:`mock_expr_traversal` of a traversal written in the native syntax.

    HCL's ``hcltest.MockExprTraversalSrc``: the text is parsed with
    :func:`hcldecode.native.parse_traversal_abs` in a file named
    ``MockExprTraversal`` from line 0, column 0 (``a.b`` has its name at
    ``MockExprTraversal:0,0-1``).

    Args:
        src: The traversal, such as ``var.region`` or ``local.ports[0]``.

    Returns:
        The expression.

    Raises:
        ValueError: ``src`` is not a traversal (``hcltest`` panics), with
            the parser's diagnostics.
    """
    traversal, diags = parse_traversal_abs(src, "MockExprTraversal", _ZERO)
    if diags.has_errors():
        raise ValueError(f"invalid traversal string {src!r}: {diags}")
    return _MockExprTraversal(traversal)


class _MockExprList(Expression):
    __slots__ = ("_exprs",)

    def __init__(self, exprs: list[Expression]) -> None:
        self._exprs = exprs

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        if not self._exprs:
            return Value.list([], DYNAMIC), Diagnostics()
        diags = Diagnostics()
        values = []
        for expr in self._exprs:
            value, found = expr.value(ctx)
            diags.extend(found)
            values.append(value)
        try:
            return Value.list(values), diags
        except TypeError as exc:  # cty.ListVal panics too
            raise TypeError(f"mock_expr_list: {exc}") from None

    def variables(self) -> list[Traversal]:
        return [traversal for expr in self._exprs for traversal in expr.variables()]

    @property
    def range(self) -> Range:
        return _mock_range("MockExprList")

    def static_list(self) -> list[Expression] | None:
        return list(self._exprs)

    def __repr__(self) -> str:
        return f"mock_expr_list({self._exprs!r})"


def mock_expr_list(exprs: Iterable[object]) -> Expression:
    """An expression that makes a list of its elements' values (HCL's ``hcltest.MockExprList``).

    No elements make an empty list of the dynamic pseudo-type. Static
    analysis (:func:`~hcldecode.model.expr_list`) sees the element
    expressions.

    Args:
        exprs: The elements' expressions; a value that is not an
            :class:`~hcldecode.model.Expression` stands for
            :func:`mock_expr_literal` of it.

    Returns:
        The expression, at ``MockExprList:0,0-0``. Evaluating it raises
        ``TypeError`` when the elements' values have different types (a
        list has one element type; ``hcltest`` panics).

    Raises:
        TypeError: An element has no HCL form.
    """
    return _MockExprList([_expression(item) for item in exprs])


class _MockExprMap(Expression):
    __slots__ = ("_items",)

    def __init__(self, items: list[tuple[Expression, Expression]]) -> None:
        self._items = items

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        diags = Diagnostics()
        attributes: dict[str, Value] = {}
        known = True
        for key_expr, value_expr in self._items:
            key, found = key_expr.value(ctx)
            diags.extend(found)
            value, found = value_expr.value(ctx)
            diags.extend(found)
            if found.has_errors():
                known = False
            if key.is_null:
                diags.append(
                    Diagnostic.error(
                        "Null value as key",
                        "Can't use a null value as a key.",
                        key_expr.range,
                        expression=key_expr,
                        eval_context=ctx,
                    )
                )
                known = False
                continue
            try:
                key = convert(key, STRING)
            except ConversionError as exc:
                diags.append(
                    Diagnostic.error(
                        "Incorrect key type",
                        f"Can't use this value as a key: {raw_text(exc)}.",
                        key_expr.range,
                        expression=key_expr,
                        eval_context=ctx,
                    )
                )
                known = False
                continue
            if not key.is_known:
                known = False
                continue
            attributes[key.as_str()] = value
        if not known:
            return DYNAMIC_VALUE, diags
        return Value.object(attributes), diags

    def variables(self) -> list[Traversal]:
        return [
            traversal
            for key, value in self._items
            for traversal in (*key.variables(), *value.variables())
        ]

    @property
    def range(self) -> Range:
        return _mock_range("MockExprMap")

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        return list(self._items)

    def __repr__(self) -> str:
        return f"mock_expr_map({self._items!r})"


def mock_expr_map(items: Mapping[object, object] | Iterable[tuple[object, object]]) -> Expression:
    """An expression that makes an object of keys and values, as ``{k = v}`` does.

    The map counterpart of :func:`mock_expr_list` (``hcltest`` of HCL
    v2.14 has none); a pair, ``MockExprMapItem`` in later ``hcltest``
    designs, is a ``(key, value)`` tuple here. Static analysis
    (:func:`~hcldecode.model.expr_map`) sees the pairs of expressions.
    Each key's value is converted to a string; a null key is the error
    ``Null value as key`` and a key that is not a string ``Incorrect key
    type``, as for the native syntax's object constructor,
    and the value is then unknown, as it is when a key is unknown.

    Args:
        items: The pairs of key and value expressions, or a mapping of them;
            a key or value that is not an
            :class:`~hcldecode.model.Expression` stands for
            :func:`mock_expr_literal` of it.

    Returns:
        The expression, at ``MockExprMap:0,0-0``.

    Raises:
        TypeError: A key or value has no HCL form.
    """
    pairs = items.items() if isinstance(items, Mapping) else items
    return _MockExprMap([(_expression(key), _expression(value)) for key, value in pairs])
