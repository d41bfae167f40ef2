"""HCL's information model: bodies, schemas, body content and expressions.

A :class:`Body` is opaque: its content is only reached by giving a
:class:`BodySchema` that says which attributes and block types are expected
(schema-driven processing), or by asking for every attribute
(dynamic-attributes processing). Each syntax (``hcldecode.native``,
``hcldecode.json``) implements :class:`Body` and :class:`Expression`; the
decoders work on these interfaces only, so they never know which syntax a
file was written in.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from .._record import Record
from .._text import go_quote
from ._diagnostics import Diagnostics, Pos, Range, SourceFile
from ._items import Attribute, Block, BodyContent
from ._traversal import Traversal, TraverseAttr, TraverseRoot

if TYPE_CHECKING:
    from ..values._limits import Limits
    from ..values._value import Value
    from ._context import EvalContext

__all__ = [
    "Attribute",
    "AttributeSchema",
    "Block",
    "BlockHeaderSchema",
    "Body",
    "BodyContent",
    "BodySchema",
    "Expression",
    "File",
    "StaticCall",
]


# --------------------------------------------------------------------------- schema


@attrs.frozen(eq=False, repr=False)
class AttributeSchema(Record):
    """An attribute the application expects in a body.

    Attributes:
        name: The attribute's name.
        required: Whether a body without it is an error (``Missing required
            argument``).
    """

    name: str
    required: bool = False


def _str_tuple(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def _name_set(names: Iterable[str] | None) -> frozenset[str] | None:
    return None if names is None else frozenset(names)


@attrs.frozen(eq=False, repr=False)
class BlockHeaderSchema(Record):
    """A block type the application expects, with the names of its labels.

    Attributes:
        type: The block type, the identifier that starts the block.
        label_names: The names of its labels, one per label the block must
            have (any iterable of strings, kept as a tuple). They name the
            labels in diagnostics.
        optional_labels: How many of the last labels a block may leave out
            (``0``, as in HCL's Go packages: every label is required).
        body_names: The attribute names and block types a body of the block
            may hold, when they are known (any iterable of strings, kept as a
            frozenset), else ``None``. In the JSON syntax, where labels are
            levels of objects, they tell an object that is a body from a
            level of an optional label: an object whose properties are all
            such names is the body.
    """

    type: str
    label_names: tuple[str, ...] = attrs.field(default=(), converter=_str_tuple)
    optional_labels: int = attrs.field(default=0, kw_only=True)
    body_names: frozenset[str] | None = attrs.field(default=None, kw_only=True, converter=_name_set)

    def __attrs_post_init__(self) -> None:
        if not 0 <= self.optional_labels <= len(self.label_names):
            raise ValueError(
                f"block type {self.type!r} has {len(self.label_names)} labels, so "
                f"{self.optional_labels} of them cannot be optional"
            )

    @property
    def required_labels(self) -> int:
        """How many labels every block must have."""
        return len(self.label_names) - self.optional_labels


def _attribute_tuple(items: Iterable[AttributeSchema]) -> tuple[AttributeSchema, ...]:
    return tuple(items)


def _block_tuple(items: Iterable[BlockHeaderSchema]) -> tuple[BlockHeaderSchema, ...]:
    return tuple(items)


def _check_schema(
    instance: BodySchema, _attribute: object, attributes: tuple[AttributeSchema, ...]
) -> None:
    seen: set[str] = set()
    for attr in attributes:
        if attr.name in seen:
            raise TypeError(f"schema requests attribute {attr.name!r} twice")
        seen.add(attr.name)


def _check_blocks(
    instance: BodySchema, _attribute: object, blocks: tuple[BlockHeaderSchema, ...]
) -> None:
    names = {a.name for a in instance.attributes}
    seen: dict[str, tuple[str, ...]] = {}
    for block in blocks:
        if block.type in names:
            raise TypeError(
                f"schema requests block type {block.type!r}, which is also an attribute name"
            )
        previous = seen.setdefault(block.type, block.label_names)
        if previous != block.label_names:
            raise TypeError(f"schema requests block type {block.type!r} with two label lists")


@attrs.frozen(eq=False, repr=False)
class BodySchema(Record):
    """What a body is expected to contain.

    Attributes:
        attributes: The attributes expected (any iterable, kept as a tuple).
        blocks: The block types expected (any iterable, kept as a tuple).

    Raises:
        TypeError: The same attribute is requested twice, a block type is
            also an attribute name, or a block type is requested with two
            different label lists: mistakes in the calling program.
    """

    attributes: tuple[AttributeSchema, ...] = attrs.field(
        default=(), converter=_attribute_tuple, validator=_check_schema
    )
    blocks: tuple[BlockHeaderSchema, ...] = attrs.field(
        default=(), converter=_block_tuple, validator=_check_blocks
    )

    def attribute_names(self) -> set[str]:
        """The names of the expected attributes."""
        return {a.name for a in self.attributes}

    def block_types(self) -> dict[str, BlockHeaderSchema]:
        """The expected block types, each mapped to its header schema."""
        return {b.type: b for b in self.blocks}

    def optional(self) -> BodySchema:
        """The same schema with no attribute required (for override files, say)."""
        return BodySchema([AttributeSchema(a.name, False) for a in self.attributes], self.blocks)

    def union(self, other: BodySchema) -> BodySchema:
        """A schema that expects what either schema expects.

        Args:
            other: The second schema; its attributes and block types replace
                those of the same name in this one.

        Returns:
            The union, this schema's items first.

        Raises:
            TypeError: A block type of one schema is an attribute name of the
                other.
        """
        names = {a.name for a in other.attributes}
        types = {b.type for b in other.blocks}
        return BodySchema(
            [a for a in self.attributes if a.name not in names] + list(other.attributes),
            [b for b in self.blocks if b.type not in types] + list(other.blocks),
        )


# --------------------------------------------------------------------------- body


def _undefined(obj: object, method: str) -> NotImplementedError:
    """The error of calling a method marked abstract that ``obj``'s class leaves out."""
    return NotImplementedError(f"{type(obj).__name__} does not define {method}()")


class Body:
    """A container of attributes and blocks whose content is read through a schema.

    A base class each syntax (and any other source of bodies) derives from,
    defining the methods marked abstract. It is a plain class, not an
    :class:`abc.ABC`: type checkers refuse to build a subclass that leaves one
    out, and calling one that is left out raises :exc:`NotImplementedError`.
    """

    __slots__ = ()

    # A parsed tree does not change: each part is its own copy, so that a copy or a
    # deep copy of an object holding one is equal to it.
    def __copy__(self) -> Body:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Body:
        return self

    @abc.abstractmethod
    def content(self, schema: BodySchema) -> tuple[BodyContent, Diagnostics]:
        """Apply a schema exhaustively: anything it does not expect is an error.

        Args:
            schema: What the body is expected to contain.

        Returns:
            ``(content, diagnostics)``. Items the schema does not expect,
            missing required attributes, blocks with the wrong labels and
            duplicate attributes are error diagnostics, not exceptions; the
            content holds what could be read.
        """
        raise _undefined(self, "content")

    @abc.abstractmethod
    def partial_content(self, schema: BodySchema) -> tuple[BodyContent, Body, Diagnostics]:
        """Apply a schema and return, besides the content, a body of what remains.

        Args:
            schema: What the caller reads from the body.

        Returns:
            ``(content, remain, diagnostics)``. ``remain`` holds the
            attributes the schema does not name and the blocks of the types it
            does not name, unmodified. Mistakes in what the schema names are
            error diagnostics, as for :meth:`content`.
        """
        raise _undefined(self, "partial_content")

    @abc.abstractmethod
    def just_attributes(self) -> tuple[dict[str, Attribute], Diagnostics]:
        """Dynamic-attributes processing: every item is an attribute.

        Returns:
            ``(attributes, diagnostics)``: the attributes by name, in source
            order. Blocks and duplicate attributes are error diagnostics.
        """
        raise _undefined(self, "just_attributes")

    @property
    @abc.abstractmethod
    def missing_item_range(self) -> Range:
        """Where to point a diagnostic about something that should be in this body."""
        raise _undefined(self, "missing_item_range")

    @property
    def is_unknown(self) -> bool:
        """Whether the body stands for blocks that are not known yet.

        A block generated from a ``dynamic`` block whose ``for_each`` is not
        known has such a body (:mod:`hcldecode.ext.dynblock`): the values
        read from it are unknown, and the hcldec specs of block collections
        make their whole result unknown (Go's ``hcldec.UnknownBody``).
        """
        return False

    def content_as_written(self) -> tuple[BodyContent, Diagnostics]:
        """Every attribute and block of the body, in source order, without a schema.

        For reading a body whose schema is not known (as
        :func:`hcldecode.to_dict` does). A syntax that tells blocks from
        attributes by how they are written (the native syntax) gives both.
        By default, and in the JSON syntax, where an object could be an
        attribute's value or a block, every item is an attribute, as
        :meth:`just_attributes` reads them (with its diagnostics), and there
        are no blocks.
        """
        attributes, diags = self.just_attributes()
        return BodyContent(attributes, (), lambda: self.missing_item_range), diags

    def source_files(self) -> Mapping[str, SourceFile]:
        """The parsed files this body comes from, by name, for rendering diagnostics.

        A body read from a file knows it (what remains of it, and the bodies
        of its blocks, too), so diagnostics about it show source lines and
        the block they are in wherever the body is decoded. A body made in
        code knows none.
        """
        return {}

    # Position lookups, for editors and other tools. A syntax that can find
    # its constructs by position overrides them (the native syntax does, as
    # HCL's hclsyntax does); for any other body, the JSON syntax's included,
    # they find nothing, as HCL's lookups find nothing there.

    def blocks_at_pos(self, pos: Pos) -> list[Block]:
        """The blocks that contain a position, outermost first (HCL's ``BlocksAtPos``).

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            The blocks; empty when no block contains it.
        """
        return []

    def innermost_block_at_pos(self, pos: Pos) -> Block | None:
        """The most deeply nested block that contains a position (HCL's ``InnermostBlockAtPos``).

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            The block, or ``None``.
        """
        return None

    def outermost_block_at_pos(self, pos: Pos) -> Block | None:
        """The block directly in this body that contains a position (HCL's ``OutermostBlockAtPos``).

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            The block, or ``None``.
        """
        return None

    def attribute_at_pos(self, pos: Pos) -> Attribute | None:
        """The attribute whose definition contains a position (HCL's ``AttributeAtPos``).

        It is looked for in the body of the innermost block at ``pos`` (this
        body when there is none), not in the blocks nested deeper.

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            The attribute, or ``None``.
        """
        return None

    def outermost_expr_at_pos(self, pos: Pos) -> Expression | None:
        """The whole expression of the attribute at a position, when the position is in it.

        HCL's ``OutermostExprAtPos``.

        Args:
            pos: The position; only its ``byte`` counts.

        Returns:
            The expression; ``None`` when there is no attribute at ``pos`` or
            ``pos`` is in its name or ``=`` rather than its expression.
        """
        return None


# --------------------------------------------------------------------------- expression


@attrs.frozen(eq=False, repr=False)
class StaticCall(Record):
    """What static call analysis finds: a function name and its argument expressions.

    Attributes:
        name: The function's name (with its namespace, if any).
        name_range: The name.
        arguments: The argument expressions, not evaluated.
        args_range: The parentheses and what is between them.
    """

    name: str
    name_range: Range
    arguments: tuple[Expression, ...]
    args_range: Range


class Expression:
    """An attribute's value, to be evaluated in an evaluation context.

    With ``ctx=None`` the expression is evaluated in literal-only mode:
    no variables or functions exist (and JSON strings are not templates).

    A base class each syntax (and any other source of expressions) derives
    from, defining the methods marked abstract. It is a plain class, not an
    :class:`abc.ABC` (an ``isinstance`` check against it, or against one of its
    subclasses, is then a plain one, and compiled subclasses keep their own
    checks): type checkers refuse to build a subclass that leaves one out,
    and calling one that is left out raises :exc:`NotImplementedError`.
    """

    __slots__ = ()

    # A parsed tree does not change: each part is its own copy, so that a copy or a
    # deep copy of an object holding one is equal to it.
    def __copy__(self) -> Expression:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Expression:
        return self

    @abc.abstractmethod
    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        """Evaluate the expression.

        Args:
            ctx: The variables and functions it may use; ``None`` for
                literal-only mode.

        Returns:
            ``(value, diagnostics)``. Mistakes in the configuration (an
            unknown variable, a bad operand, a failing function call) are
            error diagnostics; the value is then an unknown placeholder.
        """
        raise _undefined(self, "value")

    @abc.abstractmethod
    def variables(self) -> list[Traversal]:
        """Every absolute traversal the expression needs from its context, in source order."""
        raise _undefined(self, "variables")

    @property
    @abc.abstractmethod
    def range(self) -> Range:
        """The whole expression."""
        raise _undefined(self, "range")

    @property
    def start_range(self) -> Range:
        """A short range at the start of the expression, used as a tight subject."""
        return self.range

    # Static analysis hooks. Each syntax overrides those that apply to its
    # expressions; the static analyses (``expr_list`` and the rest) turn a ``None`` into the
    # diagnostic.

    def static_list(self) -> list[Expression] | None:
        """The element expressions, when this is list/tuple construction syntax."""
        return None

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        """The key and value expressions, when this is map/object construction syntax."""
        return None

    def static_call(self) -> StaticCall | None:
        """The function name and argument expressions, when this is a call."""
        return None

    def static_traversal(self) -> Traversal | None:
        """The traversal, when this is a plain reference to a variable."""
        return None

    def static_relative_traversal(self) -> Traversal | None:
        """The traversal as a relative one, e.g. ``foo.bar`` as ``.foo.bar``."""
        traversal = self.static_traversal()
        if not traversal:  # None, or empty (HCL's nil traversal)
            return None
        steps = list(traversal)
        root = steps[0]
        if isinstance(root, TraverseRoot):
            steps[0] = TraverseAttr(root.name, root.range)
        return Traversal(steps)

    def keyword(self) -> str | None:
        """The bare identifier, when the expression is one word (``true`` included)."""
        traversal = self.static_traversal()
        if traversal is not None and len(traversal) == 1:
            return traversal.root_name
        return None

    def unwrap(self) -> Expression:
        """The expression this one wraps, or itself when it wraps none.

        The reference's ``UnwrapExpression`` step: the static analyses
        (``expr_list`` and the rest) look through an expression that
        overrides it. Only wrappers that stand for their inner expression in
        every way override it (an object constructor's key, an expression
        of a dynamic block's content); parentheses and a template that is
        one interpolation (``"${x}"``) do not, as in the reference, so
        ``depends_on = ["${a.b}"]`` is not a static reference.
        """
        return self

    # What a syntax can tell about an expression without evaluating it. Each
    # syntax overrides those it can answer cheaply; ``None`` means "evaluate it"
    # (or "not in this syntax"), never an error.

    def constant_value(self, limits: Limits) -> Value | None:
        """The expression's value, when the syntax can tell cheaply that it is a constant.

        A number, bool or null literal, and (in the native syntax) a quoted
        string without interpolations or a tuple of such: the value that
        :meth:`value` gives in any evaluation context whose limits are
        ``limits``, without running the evaluator. ``None`` for anything
        else, and for a constant whose evaluation would report something
        (a string longer than ``limits`` allow, a cost near them): the caller
        then evaluates it as usual. A decoder reading many attributes uses it
        as a fast path.
        """
        return None

    def native_text(self) -> str | None:
        """The expression as native-syntax source text, when the syntax can give it.

        The native syntax gives the text the expression was read from
        (``var.region``, ``"a-${b}"``); the JSON syntax gives ``None``, as
        its text means something else when read as the native syntax.
        """
        return None

    def template_text(self) -> str | None:
        """The expression as the string of a template that means the same, when there is one.

        The form HCL's JSON syntax gives expressions, for showing an
        expression that could not be evaluated: ``"${var.region}"`` for the
        native expression ``var.region``, and a quoted string or heredoc as
        the same template (``"${var.name}-web"``; a heredoc's lines, with its
        indentation, strip markers and escapes applied). A JSON-syntax
        string is its own text; other JSON values give ``None``.
        """
        text = self.native_text()
        return None if text is None else "${" + text + "}"


def labels_text(labels: Sequence[str]) -> str:
    """Labels as HCL writes them in a block header: ``"a" "b"``."""
    return " ".join(go_quote(label) for label in labels)


@attrs.frozen(eq=False, repr=False)
class File(Record):
    """A parsed configuration file: its top-level body and its source text.

    ``File`` satisfies :class:`~hcldecode.model.SourceFile`, so a
    mapping of files by name lets a renderer show source lines and the block
    a diagnostic is in. Files are made by the parsers
    (:func:`hcldecode.native.parse_config`, :func:`hcldecode.json.parse`).

    Attributes:
        filename: The name the file was parsed under.
        text: Its content, decoded.
        body: Its top-level body.
    """

    filename: str
    text: str
    body: Body
    _nav: Callable[[int], str | None] | None = attrs.field(default=None, eq=False, repr=False)
    _def_range: Callable[[int], Range | None] | None = attrs.field(
        default=None, eq=False, repr=False, kw_only=True
    )

    # A parsed file does not change: its own copy (see Body).
    def __copy__(self) -> File:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> File:
        return self

    def context_string(self, byte: int) -> str | None:
        """A description of the block around a byte offset, e.g. ``service "web"``.

        HCL's ``hcled.ContextString``.

        Args:
            byte: A 0-based offset into the file's UTF-8 encoding.

        Returns:
            In the native syntax the header of the top-level block around the
            offset, in JSON the path to the innermost object or array around
            it (``resource.aws_instance.web``); ``None`` where there is none
            (HCL gives ``""``).
        """
        return self._nav(byte) if self._nav is not None else None

    def context_def_range(self, byte: int) -> Range:
        """The range of the header of the block around a byte offset.

        HCL's ``hcled.ContextDefRange``.

        Args:
            byte: A 0-based offset into the file's UTF-8 encoding.

        Returns:
            In the native syntax, the ``def_range`` of the top-level block
            around ``byte``; where there is none, and in the JSON syntax, the
            body's ``missing_item_range``.
        """
        found = self._def_range(byte) if self._def_range is not None else None
        if found is not None and not found.empty:
            return found
        return self.body.missing_item_range

    # HCL's position lookups on a file (``hcl.File.BlocksAtPos`` and the
    # others) ask the file's body: see :class:`Body`.

    def blocks_at_pos(self, pos: Pos) -> list[Block]:
        """The blocks that contain ``pos``, outermost first: :meth:`Body.blocks_at_pos`."""
        return self.body.blocks_at_pos(pos)

    def innermost_block_at_pos(self, pos: Pos) -> Block | None:
        """The most deeply nested block at ``pos``: :meth:`Body.innermost_block_at_pos`."""
        return self.body.innermost_block_at_pos(pos)

    def outermost_block_at_pos(self, pos: Pos) -> Block | None:
        """The top-level block at ``pos``: :meth:`Body.outermost_block_at_pos`."""
        return self.body.outermost_block_at_pos(pos)

    def attribute_at_pos(self, pos: Pos) -> Attribute | None:
        """The attribute at ``pos``: :meth:`Body.attribute_at_pos`."""
        return self.body.attribute_at_pos(pos)

    def outermost_expr_at_pos(self, pos: Pos) -> Expression | None:
        """The attribute expression at ``pos``: :meth:`Body.outermost_expr_at_pos`."""
        return self.body.outermost_expr_at_pos(pos)
