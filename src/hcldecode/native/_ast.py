"""The abstract syntax tree of native-syntax expressions.

Every node is an :class:`hcldecode.model.Expression`. Nodes hold their
children and the character offsets ``start``/``end`` (half-open) of their
source text in the decoded file, plus the file's shared
source map; a :class:`~hcldecode.model.Range`
is only built when ``range`` (or another range property) is asked for.

Nodes are plain classes with ``__slots__`` (without value equality: two
nodes are equal only when they are the same node); their constructors take
``source``, ``start`` and ``end`` first, then the node's own fields. A node
keeps ``start`` and, for ``end`` and its other offsets, their distances from
``start``, which are small numbers for most nodes: Python shares the objects
of small ints, so a parsed file keeps one int object per node instead of one
per offset (``end`` and the others are properties).

Evaluation lives in the evaluator (``native/_evaluate.py``): ``node.value(ctx)``
calls ``evaluate(node, ctx)``, which dispatches on the node class.

The static-analysis hooks (``static_list``, ``static_map``,
``static_call``, ``static_traversal``, ``keyword``) give exactly what the
reference's ``hcl.ExprList``/``ExprMap``/``ExprCall``/``AbsTraversalForExpr``/
``ExprAsKeyword`` give for the node, wrapper nodes included, so callers need
not unwrap first. ``unwrap()`` removes one level of wrapping (the
reference's ``UnwrapExpression`` step): only an object constructor's key
(:class:`ObjectKey`) is a wrapper; parentheses and a template that is one
interpolation (``"${x}"``) are not, as in the reference, so the static
analyses do not look through them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from .._compile import mypyc_attr
from ..model._structure import Expression, StaticCall
from ..model._traversal import (
    Traversal,
    TraverseAttr,
    TraverseIndex,
    Traverser,
    TraverseRoot,
    TraverseSplat,
)
from ..values._types import DYNAMIC, NUMBER
from ..values._value import DYNAMIC_VALUE, EMPTY_TUPLE_VALUE, FALSE, TRUE, Value

if TYPE_CHECKING:
    from ..model._context import EvalContext
    from ..model._diagnostics import Diagnostics, Range
    from ..model._source import SourceMap
    from ..values._limits import Limits

__all__ = [
    "AnonSymbol",
    "BinaryOp",
    "Conditional",
    "ErrorExpr",
    "ForExpr",
    "FunctionCall",
    "Index",
    "LiteralKind",
    "LiteralValue",
    "Node",
    "ObjectCons",
    "ObjectItem",
    "ObjectKey",
    "Operator",
    "Parens",
    "RelativeTraversal",
    "ScopeTraversal",
    "Splat",
    "Step",
    "StepKind",
    "Template",
    "TemplateJoin",
    "TemplateWrap",
    "TupleCons",
    "UnaryOp",
    "build_traversal",
    "escape_template_literal",
    "interpolated_text",
    "template_source",
]


# Every node class is marked (mypyc reads each class's own marks): then pickle can
# make its objects (_compile.py).
@mypyc_attr(allow_interpreted_subclasses=True)
class Node(Expression):
    """Base of every native-syntax expression node.

    Nodes are made by the parser. A node is equal only to itself.

    Attributes:
        source: The source map of the whole file (the text and the line
            tables that turn offsets into positions), shared by every node
            of the file.
        start: The character offset where the node's source text starts.
        end: The character offset just after the node's source text.
    """

    __slots__ = ("_size", "source", "start")

    source: SourceMap
    start: int

    def __init__(self, source: SourceMap, start: int, end: int) -> None:
        self.source = source
        self.start = start
        self._size = end - start

    @property
    def end(self) -> int:
        return self.start + self._size

    @end.setter
    def end(self, end: int) -> None:
        self._size = end - self.start

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        # The evaluator imports every node class; see tools/checks/check_imports.py.
        from ._evaluate import evaluate  # noqa: PLC0415

        return evaluate(self, ctx)

    @property
    def range(self) -> Range:
        start = self.start
        return self.source.range(start, start + self._size)

    def children(self) -> Sequence[Node]:
        """The child expressions, in source order (what a tree walk visits)."""
        return ()

    def scoped_children(self) -> Iterator[tuple[Node, frozenset[str]]]:
        """The children with the local names each one sees in addition to its parent's."""
        for child in self.children():
            yield child, frozenset()

    def variables(self) -> list[Traversal]:
        found: list[Traversal] = []
        stack: list[tuple[Node, frozenset[str]]] = [(self, frozenset())]
        while stack:
            node, local = stack.pop()
            if isinstance(node, ScopeTraversal):
                if node.root_name not in local:
                    found.append(node.traversal)
                continue
            pending = [(child, local | extra) for child, extra in node.scoped_children()]
            stack.extend(reversed(pending))
        return found

    def native_text(self) -> str:
        start = self.start
        return self.source.text[start : start + self._size]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.start}:{self.end}>"


def _span(node: Node, start: int, end: int) -> Range:
    return node.source.range(start, end)


# --------------------------------------------------------------------------- leaves


class LiteralKind(enum.Enum):
    """What a :class:`LiteralValue` holds."""

    STRING = "string"
    NUMBER = "number"
    BOOL = "bool"
    NULL = "null"


@mypyc_attr(allow_interpreted_subclasses=True)
class LiteralValue(Node):
    """A constant: a string, number, ``true``/``false`` or ``null``.

    Made by the parser; template literal parts are string literals too.
    :meth:`literal_value` builds (and caches) the HCL value.

    Attributes:
        kind: Which kind of constant it is (a :class:`LiteralKind`).
        raw: The Python payload: the ``str`` for a string (escapes already
            processed, not yet NFC-normalised); the literal's source text for
            a number (already checked to be a valid decimal literal in range),
            or ``None`` for an invalid number literal, whose value is an
            unknown number as in HCL; the ``bool`` for ``true``/``false``;
            ``None`` for ``null``.
    """

    __slots__ = ("_value", "kind", "raw")

    kind: LiteralKind
    raw: str | bool | None

    def __init__(
        self, source: SourceMap, start: int, end: int, kind: LiteralKind, raw: str | bool | None
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.kind = kind
        self.raw = raw
        self._value: Value | None = None

    def constant_value(self, limits: Limits) -> Value:
        return self.literal_value()

    def literal_value(self) -> Value:
        """The constant as an HCL value (``null`` is the dynamic-typed null)."""
        if self._value is None:
            kind, raw = self.kind, self.raw
            if kind is LiteralKind.STRING:
                assert isinstance(raw, str)
                self._value = Value.string(raw)
            elif kind is LiteralKind.NUMBER:
                if not isinstance(raw, str):  # an invalid literal, already reported
                    self._value = _UNKNOWN_NUMBER
                elif len(raw) <= _CACHED_LITERAL_LENGTH:
                    self._value = _number_literal(raw)
                else:  # not worth keeping for the whole process
                    self._value = Value.number(raw)
            elif kind is LiteralKind.BOOL:
                self._value = TRUE if raw else FALSE
            else:
                self._value = _NULL
        return self._value

    def static_traversal(self) -> Traversal | None:
        # ``true``, ``false`` and ``null`` read as variable names in traversal context.
        if self.kind is LiteralKind.BOOL:
            name = "true" if self.raw else "false"
        elif self.kind is LiteralKind.NULL:
            name = "null"
        else:
            return None
        return Traversal([TraverseRoot(name, self.range)])


_NULL = Value.null(DYNAMIC)
_UNKNOWN_NUMBER = Value.unknown(NUMBER)


# Number literals up to this long share their values through a small cache.
_CACHED_LITERAL_LENGTH = 40


@lru_cache(maxsize=1024)
def _number_literal(text: str) -> Value:
    """The value of a number literal's text (shared: files repeat small literals)."""
    return Value.number(text)


class StepKind(enum.Enum):
    """The kind of one step of a static traversal.

    ``SPLAT`` (``[*]``) is only in what ``parse_traversal_partial`` reads.
    """

    ROOT = "root"
    ATTR = "attr"
    INDEX = "index"
    SPLAT = "splat"


@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """One step of a :class:`ScopeTraversal` or :class:`RelativeTraversal`.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        kind: The kind of step (a :class:`StepKind`).
        start: The character offset where the step's source (``.name``,
            ``[key]``, ``.0``, ``[*]``) starts.
        end: The character offset just after the step's source.
        name: The variable or attribute name of a ROOT or ATTR step; ``""``
            for the other kinds.
        key: The constant key of an INDEX step (a :class:`LiteralValue`), or
            ``None``: for the unknown key the reference uses after an
            invalid legacy index like ``a.0.1``, and for the other kinds.
    """

    __slots__ = ("_size", "key", "kind", "name", "start")

    kind: StepKind
    start: int
    name: str
    key: LiteralValue | None

    def __init__(
        self,
        kind: StepKind,
        start: int,
        end: int,
        *,
        name: str = "",
        key: LiteralValue | None = None,
    ) -> None:
        self.kind = kind
        self.start = start
        self._size = end - start
        self.name = name
        self.key = key

    @property
    def end(self) -> int:
        return self.start + self._size

    def __repr__(self) -> str:
        payload = self.name if self.kind is not StepKind.INDEX else self.key
        return f"<Step {self.kind.value} {payload!r} {self.start}:{self.end}>"


def build_traversal(
    source: SourceMap, steps: Sequence[Step], root: tuple[str, int, int] | None = None
) -> Traversal:
    """The :class:`~hcldecode.model.Traversal` of parsed steps.

    ``root`` is the variable name and its offsets, for steps that do not
    begin with a ROOT step.
    """
    built: list[Traverser] = []
    if root is not None:
        name, start, end = root
        built.append(TraverseRoot(name, source.range(start, end)))
    for step in steps:
        rng = source.range(step.start, step.end)
        if step.kind is StepKind.ROOT:
            built.append(TraverseRoot(step.name, rng))
        elif step.kind is StepKind.ATTR:
            built.append(TraverseAttr(step.name, rng))
        elif step.kind is StepKind.SPLAT:
            built.append(TraverseSplat(Traversal(), rng))
        else:
            key = step.key.literal_value() if step.key is not None else DYNAMIC_VALUE
            built.append(TraverseIndex(key, rng))
    return Traversal(built)


_NO_STEPS: tuple[Step, ...] = ()


@mypyc_attr(allow_interpreted_subclasses=True)
class ScopeTraversal(Node):
    """A variable reference with constant steps: ``var.a[0].b``.

    Made by the parser. Evaluation is ``traversal.traverse_abs(ctx)``.

    Attributes:
        name: The variable's name, which starts the node.
        steps: The ATTR and INDEX :class:`Step` objects after the name, in
            order (most references have one or none, so an empty tuple
            stands for none).
        root_name: The variable's name (the same as ``name``; read-only).
        traversal: The absolute :class:`~hcldecode.model.Traversal` of the
            name and the steps, built on first use (read-only).
    """

    __slots__ = ("_steps", "_traversal", "name")

    name: str
    # The steps; ``None`` for one or more ATTR steps written without spaces
    # (``a.b.c``, most references), which ``steps`` reads from the source text
    # when asked for: a parsed file keeps no objects for them.
    _steps: list[Step] | tuple[Step, ...] | None

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        name: str,
        _steps: list[Step] | tuple[Step, ...] | None = _NO_STEPS,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.name = name
        self._steps = _steps
        # The traversal once built, with the source map's move count it was built at.
        self._traversal: tuple[int, Traversal] | None = None

    @property
    def steps(self) -> list[Step] | tuple[Step, ...]:
        steps = self._steps
        if steps is not None:
            return steps
        text = self.source.text
        end = self.end
        built: list[Step] = []
        at = self.start + len(self.name)  # a dot
        while at < end:
            after = text.find(".", at + 1, end)
            if after < 0:
                after = end
            built.append(Step(StepKind.ATTR, at, after, name=text[at + 1 : after]))
            at = after
        return built

    @steps.setter
    def steps(self, steps: list[Step] | tuple[Step, ...]) -> None:
        self._steps = steps

    @property
    def root_name(self) -> str:
        return self.name

    @property
    def traversal(self) -> Traversal:
        built, moves = self._traversal, self.source.moves
        if built is None or built[0] != moves:
            root = (self.name, self.start, self.start + len(self.name))
            built = self._traversal = (moves, build_traversal(self.source, self.steps, root))
        return built[1]

    def static_traversal(self) -> Traversal | None:
        return self.traversal

    def keyword(self) -> str | None:
        # The name alone, without making the traversal's ranges (an object key's name).
        return None if self.steps else self.name


@mypyc_attr(allow_interpreted_subclasses=True)
class AnonSymbol(Node):
    """The placeholder for "the current element" inside a :class:`Splat`'s ``each``.

    Made by the parser; its range is the splat marker (``.*`` or ``[*]``).
    Evaluated outside a splat it is the unknown of the dynamic pseudo-type.

    Attributes:
        slots: Scratch storage for the evaluator: the current element for
            each splat evaluation in progress, keyed by the ``id`` of the
            scope that evaluation uses. Empty outside evaluation; not an
            argument of the constructor.
    """

    __slots__ = ("slots",)

    def __init__(self, source: SourceMap, start: int, end: int) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.slots: dict[int, Value] = {}

    def __reduce__(self) -> tuple[object, ...]:
        # Without the evaluator's scratch: a value of an evaluation in progress in
        # another thread is not the pickle's to keep.
        return AnonSymbol, (self.source, self.start, self.end)


@mypyc_attr(allow_interpreted_subclasses=True)
class ErrorExpr(Node):
    """Where a syntax error left no expression (the reference's placeholder).

    Made by the parser. It evaluates to the unknown of the dynamic
    pseudo-type.

    Attributes:
        diagnostics: The parse errors found for this spot (already reported
            by the parser, among the diagnostics it returns).
    """

    __slots__ = ("diagnostics",)

    diagnostics: Diagnostics

    def __init__(self, source: SourceMap, start: int, end: int, diagnostics: Diagnostics) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.diagnostics = diagnostics


# --------------------------------------------------------------------------- traversals on values


@mypyc_attr(allow_interpreted_subclasses=True)
class RelativeTraversal(Node):
    """Constant steps applied to the value of another expression: ``f(x).a[0]``.

    Made by the parser. Evaluation is ``traversal.traverse_rel(value)`` on
    the value of ``source_expr``. The node's range runs from the source
    expression to the last step.

    Attributes:
        source_expr: The expression whose value the steps apply to.
        steps: The ATTR and INDEX :class:`Step` objects (no ROOT), in order.
        traversal: The relative :class:`~hcldecode.model.Traversal` of the
            steps, built on first use (read-only).
    """

    __slots__ = ("_traversal", "source_expr", "steps")

    source_expr: Node
    steps: list[Step]

    def __init__(
        self, source: SourceMap, start: int, end: int, source_expr: Node, steps: list[Step]
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.source_expr = source_expr
        self.steps = steps
        # The traversal once built, with the source map's move count it was built at.
        self._traversal: tuple[int, Traversal] | None = None

    @property
    def traversal(self) -> Traversal:
        built, moves = self._traversal, self.source.moves
        if built is None or built[0] != moves:
            built = self._traversal = (moves, build_traversal(self.source, self.steps))
        return built[1]

    def children(self) -> Sequence[Node]:
        return (self.source_expr,)

    def static_traversal(self) -> Traversal | None:
        base = self.source_expr.static_traversal()
        if base is None:
            return None
        return base + self.traversal


@mypyc_attr(allow_interpreted_subclasses=True)
class Index(Node):
    """``collection[key]`` with a key that is not a constant.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        collection: The expression indexed.
        key: The key expression, inside the brackets.
        open_start: The character offset of ``[``.
        bracket_range: The range of ``[key]``, the subject of index errors
            (read-only; ``start_range`` is the ``[``).
    """

    __slots__ = ("_open", "collection", "key")

    collection: Node
    key: Node

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        collection: Node,
        key: Node,
        open_start: int,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.collection = collection
        self.key = key
        self._open = open_start - start

    @property
    def open_start(self) -> int:
        return self.start + self._open

    @property
    def bracket_range(self) -> Range:
        return _span(self, self.open_start, self.end)

    @property
    def start_range(self) -> Range:
        return _span(self, self.open_start, self.open_start + 1)

    def children(self) -> Sequence[Node]:
        return (self.collection, self.key)


@mypyc_attr(allow_interpreted_subclasses=True)
class Splat(Node):
    """A splat: ``source[*].each...`` or the attribute-only ``source.*.a.b``.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        source_expr: The expression whose elements the splat applies to.
        each: The expression applied to each element: ``item`` itself, or a
            tree over ``item`` (for ``.*`` only attribute and legacy-index
            steps, for ``[*]`` every following traversal step, index and
            nested splat).
        item: The :class:`AnonSymbol` standing for each element.
        marker_start: The character offset where ``.*`` or ``[*]`` starts.
        marker_end: The character offset just after ``.*`` or ``[*]``.
        marker_range: The range of ``.*`` or ``[*]`` (read-only; also the
            ``start_range``).
    """

    __slots__ = ("_marker", "_marker_size", "each", "item", "source_expr")

    source_expr: Node
    each: Node
    item: AnonSymbol

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        source_expr: Node,
        each: Node,
        item: AnonSymbol,
        marker_start: int,
        marker_end: int,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.source_expr = source_expr
        self.each = each
        self.item = item
        self._marker = marker_start - start
        self._marker_size = marker_end - marker_start

    @property
    def marker_start(self) -> int:
        return self.start + self._marker

    @property
    def marker_end(self) -> int:
        return self.start + self._marker + self._marker_size

    @property
    def marker_range(self) -> Range:
        return _span(self, self.marker_start, self.marker_end)

    @property
    def start_range(self) -> Range:
        return self.marker_range

    def children(self) -> Sequence[Node]:
        return (self.source_expr, self.each)


# --------------------------------------------------------------------------- calls and operators


@mypyc_attr(allow_interpreted_subclasses=True)
class FunctionCall(Node):
    """``name(args...)``; ``name`` may be namespaced (``provider::aws::fn``).

    Made by the parser. ``start`` is the name's start, ``end`` just after
    the ``)``; ``start_range`` covers the name and ``(``.

    Attributes:
        name: The function's name, namespace included.
        name_end: The character offset just after the name.
        args: The argument expressions, in order.
        expand_final: Whether the last argument is followed by ``...`` (its
            elements are passed as separate arguments).
        open_start: The character offset of ``(``.
        close_start: The character offset of ``)``.
        name_range: The range of the name (read-only).
        open_paren_range: The range of ``(`` (read-only).
        close_paren_range: The range of ``)`` (read-only).
    """

    __slots__ = ("_close", "_name_size", "_open", "args", "expand_final", "name")

    name: str
    args: Sequence[Node]
    expand_final: bool

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        name: str,
        name_end: int,
        args: Sequence[Node],
        expand_final: bool,
        open_start: int,
        close_start: int,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.name = name
        self.args = args
        self.expand_final = expand_final
        self._name_size = name_end - start
        self._open = open_start - start
        self._close = close_start - start

    @property
    def name_end(self) -> int:
        return self.start + self._name_size

    @property
    def open_start(self) -> int:
        return self.start + self._open

    @property
    def close_start(self) -> int:
        return self.start + self._close

    @property
    def name_range(self) -> Range:
        return _span(self, self.start, self.name_end)

    @property
    def open_paren_range(self) -> Range:
        return _span(self, self.open_start, self.open_start + 1)

    @property
    def close_paren_range(self) -> Range:
        return _span(self, self.close_start, self.end)

    @property
    def start_range(self) -> Range:
        return _span(self, self.start, self.open_start + 1)

    def children(self) -> Sequence[Node]:
        return self.args

    def static_call(self) -> StaticCall | None:
        return StaticCall(
            self.name, self.name_range, tuple(self.args), _span(self, self.open_start, self.end)
        )


class Operator(enum.Enum):
    """Binary and unary operators; the value is the operator's symbol."""

    OR = "||"
    AND = "&&"
    EQUAL = "=="
    NOT_EQUAL = "!="
    LESS = "<"
    GREATER = ">"
    LESS_EQUAL = "<="
    GREATER_EQUAL = ">="
    ADD = "+"
    SUBTRACT = "-"
    MULTIPLY = "*"
    DIVIDE = "/"
    MODULO = "%"
    NOT = "!"
    NEGATE = "-x"


@mypyc_attr(allow_interpreted_subclasses=True)
class BinaryOp(Node):
    """``lhs op rhs``.

    Made by the parser. ``start_range`` is the start range of the leftmost
    operand.

    Attributes:
        lhs: The left operand.
        op: The operator (an :class:`Operator`, neither ``NOT`` nor
            ``NEGATE``).
        rhs: The right operand.
    """

    __slots__ = ("lhs", "op", "rhs")

    lhs: Node
    op: Operator
    rhs: Node

    def __init__(
        self, source: SourceMap, start: int, end: int, *, lhs: Node, op: Operator, rhs: Node
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.lhs = lhs
        self.op = op
        self.rhs = rhs

    @property
    def start_range(self) -> Range:
        node: Node = self
        while isinstance(node, BinaryOp):  # long operator chains nest to the left
            node = node.lhs
        return node.start_range

    def children(self) -> Sequence[Node]:
        return (self.lhs, self.rhs)


@mypyc_attr(allow_interpreted_subclasses=True)
class UnaryOp(Node):
    """``-operand`` (``Operator.NEGATE``) or ``!operand`` (``Operator.NOT``).

    Made by the parser. The symbol is the single character at ``start``;
    ``start_range`` covers it.

    Attributes:
        op: The operator: ``Operator.NEGATE`` or ``Operator.NOT``.
        operand: The operand.
        symbol_range: The range of the operator's symbol (read-only).
    """

    __slots__ = ("op", "operand")

    op: Operator
    operand: Node

    def __init__(
        self, source: SourceMap, start: int, end: int, *, op: Operator, operand: Node
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.op = op
        self.operand = operand

    @property
    def symbol_range(self) -> Range:
        return _span(self, self.start, self.start + 1)

    @property
    def start_range(self) -> Range:
        return self.symbol_range

    def children(self) -> Sequence[Node]:
        return (self.operand,)


@mypyc_attr(allow_interpreted_subclasses=True)
class Conditional(Node):
    """``condition ? true_result : false_result``.

    Made by the parser, also for a template's ``%{if}`` directive.

    Attributes:
        condition: The condition.
        true_result: The expression whose value is the result when the
            condition is true.
        false_result: The expression whose value is the result when the
            condition is false.
    """

    __slots__ = ("condition", "false_result", "true_result")

    condition: Node
    true_result: Node
    false_result: Node

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        condition: Node,
        true_result: Node,
        false_result: Node,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.condition = condition
        self.true_result = true_result
        self.false_result = false_result

    @property
    def start_range(self) -> Range:
        return self.condition.start_range

    def children(self) -> Sequence[Node]:
        return (self.condition, self.true_result, self.false_result)


@mypyc_attr(allow_interpreted_subclasses=True)
class Parens(Node):
    """``(inner)``: only records the parentheses' range; evaluates as ``inner``.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        inner: The expression inside the parentheses.
    """

    __slots__ = ("inner",)

    inner: Node

    def __init__(self, source: SourceMap, start: int, end: int, inner: Node) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.inner = inner

    @property
    def start_range(self) -> Range:
        return self.inner.start_range

    def children(self) -> Sequence[Node]:
        return (self.inner,)


# --------------------------------------------------------------------------- collections


@mypyc_attr(allow_interpreted_subclasses=True)
class TupleCons(Node):
    """``[a, b, ...]``. ``start_range`` is the ``[``.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        items: The element expressions, in order.
    """

    __slots__ = ("items",)

    items: list[Node]

    def __init__(self, source: SourceMap, start: int, end: int, items: list[Node]) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.items = items

    @property
    def start_range(self) -> Range:
        return _span(self, self.start, self.start + 1)

    def children(self) -> Sequence[Node]:
        return self.items

    def static_list(self) -> list[Expression] | None:
        return list(self.items)

    def constant_value(self, limits: Limits) -> Value | None:
        """``[...]`` of number, bool, null and plain string literals (see
        :meth:`Expression.constant_value`)."""
        items = self.items
        if not items:
            return EMPTY_TUPLE_VALUE if limits.max_cost > 2 else None
        if len(items) > _MAX_CONSTANT_PARTS:
            return None
        elements = []
        for item in items:
            kind = type(item)
            if kind is Template:
                assert isinstance(item, Template)
                value = _constant_string(item, limits)
            elif kind is LiteralValue:
                assert isinstance(item, LiteralValue)
                value = item.literal_value()
            else:
                return None
            if value is None:
                return None
            elements.append(value)
        # The evaluator's cost: two for each string (its literal and itself),
        # one for each other literal, and then the tuple and its elements.
        # The margin keeps well away from the limit, where it would report.
        if 8 * (len(elements) + 1) > limits.max_cost:
            return None
        return Value.tuple(elements)


@mypyc_attr(allow_interpreted_subclasses=True)
class ObjectKey(Node):
    """The key of an object constructor item, wrapping the key expression.

    Made by the parser (:meth:`around` builds the key, over the wrapped
    expression's source text). When ``force_non_literal`` is false and
    ``wrapped`` is a single bare word (``keyword()`` not ``None``), the key
    is that word as a string; a multi-step bare traversal (``a.b``) is the
    "Ambiguous attribute key" evaluation error; anything else is evaluated.

    Attributes:
        wrapped: The key expression.
        force_non_literal: Whether the key's source starts with ``(`` (as in
            ``(name) = v``), so that a bare word is evaluated as an
            expression instead of read as a name.
    """

    __slots__ = ("force_non_literal", "wrapped")

    wrapped: Node
    force_non_literal: bool

    def __init__(
        self, source: SourceMap, start: int, end: int, *, wrapped: Node, force_non_literal: bool
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.wrapped = wrapped
        self.force_non_literal = force_non_literal

    @classmethod
    def around(cls, wrapped: Node, *, force_non_literal: bool) -> ObjectKey:
        """The key wrapping ``wrapped``, over the same source text."""
        start = wrapped.start
        return cls(
            wrapped.source,
            start,
            start + wrapped._size,
            wrapped=wrapped,
            force_non_literal=force_non_literal,
        )

    def literal_name(self) -> str | None:
        """The bare word used as the key's literal name, if it is one."""
        return None if self.force_non_literal else self.wrapped.keyword()

    @property
    def start_range(self) -> Range:
        return self.wrapped.start_range

    def children(self) -> Sequence[Node]:
        return () if self.literal_name() is not None else (self.wrapped,)

    def static_traversal(self) -> Traversal | None:
        return None if self.force_non_literal else self.wrapped.static_traversal()

    def unwrap(self) -> Expression:
        return self.wrapped


@mypyc_attr(allow_interpreted_subclasses=True)
class ObjectItem:
    """One ``key = value`` item of an :class:`ObjectCons`.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        key: The item's key (an :class:`ObjectKey`).
        value: The item's value expression.
    """

    __slots__ = ("key", "value")

    key: ObjectKey
    value: Node

    def __init__(self, key: ObjectKey, value: Node) -> None:
        self.key = key
        self.value = value

    def __repr__(self) -> str:
        return f"ObjectItem(key={self.key!r}, value={self.value!r})"


@mypyc_attr(allow_interpreted_subclasses=True)
class ObjectCons(Node):
    """``{k = v, ...}``. ``start_range`` is the ``{``.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        items: The :class:`ObjectItem` objects, in source order.
    """

    __slots__ = ("items",)

    items: list[ObjectItem]

    def __init__(self, source: SourceMap, start: int, end: int, items: list[ObjectItem]) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.items = items

    @property
    def start_range(self) -> Range:
        return _span(self, self.start, self.start + 1)

    def children(self) -> Sequence[Node]:
        return [node for item in self.items for node in (item.key, item.value)]

    def static_map(self) -> list[tuple[Expression, Expression]] | None:
        return [(item.key, item.value) for item in self.items]


@mypyc_attr(allow_interpreted_subclasses=True)
class ForExpr(Node):
    """``[for k, v in coll: value if cond]`` or ``{for k, v in coll: key => value... if cond}``.

    Made by the parser, also for a template's ``%{for}`` directive (inside a
    :class:`TemplateJoin`). ``key_expr``, ``value_expr`` and ``cond`` see the
    two variables as locals. ``start_range`` is the opening bracket (or the
    ``%{`` of a template ``for`` directive), ending at ``open_end``.

    Attributes:
        key_var: The name of the key variable, or ``None`` when only a
            value variable is declared.
        value_var: The name of the value variable.
        collection: The expression iterated over.
        key_expr: The expression of each element's key (object form), or
            ``None`` for the tuple form.
        value_expr: The expression of each element's value.
        cond: The ``if`` condition, or ``None`` without ``if``.
        group: Whether ``...`` follows the value (object form only: elements
            with equal keys are grouped into tuples).
        open_end: The character offset just after the opening bracket (or
            the opening ``%{ for ... }`` of a directive).
        close_start: The character offset of the closing bracket (or of the
            closing ``%{ endfor }`` of a directive).
        close_range: The range from ``close_start`` to ``end`` (read-only).
    """

    __slots__ = (
        "_close",
        "_open_end",
        "collection",
        "cond",
        "group",
        "key_expr",
        "key_var",
        "value_expr",
        "value_var",
    )

    key_var: str | None
    value_var: str
    collection: Node
    key_expr: Node | None
    value_expr: Node
    cond: Node | None
    group: bool

    def __init__(
        self,
        source: SourceMap,
        start: int,
        end: int,
        *,
        key_var: str | None,
        value_var: str,
        collection: Node,
        key_expr: Node | None,
        value_expr: Node,
        cond: Node | None,
        group: bool,
        open_end: int,
        close_start: int,
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.key_var = key_var
        self.value_var = value_var
        self.collection = collection
        self.key_expr = key_expr
        self.value_expr = value_expr
        self.cond = cond
        self.group = group
        self._open_end = open_end - start
        self._close = close_start - start

    @property
    def open_end(self) -> int:
        return self.start + self._open_end

    @property
    def close_start(self) -> int:
        return self.start + self._close

    @property
    def start_range(self) -> Range:
        return _span(self, self.start, self.open_end)

    @property
    def close_range(self) -> Range:
        return _span(self, self.close_start, self.end)

    def children(self) -> Sequence[Node]:
        return [
            node
            for node in (self.collection, self.key_expr, self.value_expr, self.cond)
            if node is not None
        ]

    def scoped_children(self) -> Iterator[tuple[Node, frozenset[str]]]:
        yield self.collection, frozenset()
        names = frozenset(n for n in (self.key_var, self.value_var) if n is not None)
        for node in (self.key_expr, self.value_expr, self.cond):
            if node is not None:
                yield node, names


# --------------------------------------------------------------------------- templates


@mypyc_attr(allow_interpreted_subclasses=True)
class Template(Node):
    """A string template: the concatenation of ``parts``.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        parts: The parts, in order (at least one): literal runs are string
            :class:`LiteralValue` parts; interpolations are their
            expressions; ``%{if}`` directives are :class:`Conditional` nodes
            over two Templates (a missing ``else`` is an empty one);
            ``%{for}`` directives are :class:`TemplateJoin` nodes.
    """

    __slots__ = ("_parts",)

    # The parts; ``None`` for a quoted string without escapes or sequences
    # (``"text"``, most strings), whose one literal part ``parts`` makes from the
    # source text when first asked for: a parsed file keeps no objects for it
    # until then.
    _parts: Sequence[Node] | None

    def __init__(
        self, source: SourceMap, start: int, end: int, _parts: Sequence[Node] | None
    ) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self._parts = _parts

    @property
    def parts(self) -> Sequence[Node]:
        parts = self._parts
        if parts is None:
            start = self.start + 1
            raw = self._plain_text()
            parts = self._parts = (
                LiteralValue(self.source, start, start + len(raw), LiteralKind.STRING, raw),
            )
        return parts

    def _plain_text(self) -> str:
        """The text between the quotes of a string without escapes or sequences (one
        whose ``_parts`` are not made)."""
        start = self.start
        return self.source.text[start + 1 : start + self._size - 1]

    @property
    def start_range(self) -> Range:
        return self.parts[0].start_range

    def is_string_literal(self) -> bool:
        """True for a template that is a single literal (``"foo"``, not ``"${"foo"}"``)."""
        return len(self.parts) == 1 and isinstance(self.parts[0], LiteralValue)

    def constant_value(self, limits: Limits) -> Value | None:
        return _constant_string(self, limits)

    def template_text(self) -> str:
        # the same template as bare template text (a heredoc's lines, escapes applied)
        return template_source(self, quoted=False)

    def children(self) -> Sequence[Node]:
        return self.parts


# The most parts one constant_value answer looks at (so one call is short, whatever
# the input).
_MAX_CONSTANT_PARTS = 64


def _constant_string(template: Template, limits: Limits) -> Value | None:
    """The value of ``"text"`` (a template of one literal part), or ``None``."""
    parts = template._parts
    if parts is None:  # "text" without escapes: its value, without making its literal part
        value = Value.string(template._plain_text())
    else:
        if len(parts) != 1:
            return None
        part = parts[0]
        if type(part) is not LiteralValue:
            return None
        assert isinstance(part, LiteralValue)
        value = part.literal_value()
    text = value.payload
    if not isinstance(text, str) or len(text) > limits.max_string_length or limits.max_cost < 8:
        return None
    return value


@mypyc_attr(allow_interpreted_subclasses=True)
class TemplateWrap(Node):
    """A template that is one interpolation, ``"${x}"``: its value is ``wrapped``'s, unconverted.

    Made by the parser; ``source``, ``start`` and ``end`` are :class:`Node`'s.

    Attributes:
        wrapped: The interpolated expression.
    """

    __slots__ = ("wrapped",)

    wrapped: Node

    def __init__(self, source: SourceMap, start: int, end: int, wrapped: Node) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.wrapped = wrapped

    def template_text(self) -> str:
        return "${" + interpolated_text(self.wrapped) + "}"

    def children(self) -> Sequence[Node]:
        return (self.wrapped,)


@mypyc_attr(allow_interpreted_subclasses=True)
class TemplateJoin(Node):
    """A ``%{for}`` directive, whose element results (strings) are joined without separator.

    Made by the parser (:meth:`around` builds the node). Range and start
    range are the ForExpr's, and so are ``start`` and ``end``.

    Attributes:
        tuple: The tuple-form :class:`ForExpr` of the directive.
    """

    __slots__ = ("tuple",)

    tuple: ForExpr

    def __init__(self, source: SourceMap, start: int, end: int, *, tuple: ForExpr) -> None:
        self.source = source
        self.start = start
        self._size = end - start
        self.tuple = tuple

    @classmethod
    def around(cls, loop: ForExpr) -> TemplateJoin:
        """The directive of the tuple-form ``loop``, over the same source text."""
        return cls(loop.source, loop.start, loop.end, tuple=loop)

    @property
    def start_range(self) -> Range:
        return self.tuple.start_range

    def children(self) -> Sequence[Node]:
        return (self.tuple,)


# --------------------------------------------------------------------------- template text
#
# A native template written again as template text, for another place: a quoted
# string or heredoc as a bare template (the form of a JSON-syntax string read as a
# template: ``hi ${x}`` for ``<<EOT\nhi ${x}\nEOT``), or as the contents of a
# quoted native string (a JSON-syntax string written in the native syntax). It is
# written from the parsed parts, so a heredoc's indentation (``<<-``), strip markers
# (``~``) and escapes (``\n``, ``$${``) are applied once, as when it was read:
# literal text with ``${`` and ``%{`` doubled (and, quoted, the quoted string's
# escapes), interpolations as ``${`` and their expression's source text, directives
# as ``%{ if ... }`` and ``%{ for ... }`` around their own parts.

_TEMPLATE_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "\\": "\\\\"}


def escape_template_literal(text: str, *, quoted: bool) -> str:
    """Literal ``text`` as template text that reads back as ``text``: ``${`` and
    ``%{`` doubled, and with ``quoted`` the escapes of a quoted string too."""
    text = text.replace("${", "$${").replace("%{", "%%{")
    if not quoted:
        return text
    out = []
    for char in text:
        escape = _TEMPLATE_ESCAPES.get(char)
        if escape is not None:
            out.append(escape)
        elif char.isprintable():
            out.append(char)
        elif ord(char) < 0x10000:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    return "".join(out)


def interpolated_text(node: Node) -> str:
    """The source text of an expression for use inside ``${...}`` (a heredoc
    ends with the newline its closing marker needs)."""
    text = node.native_text()
    return text + "\n" if text.startswith("<<") else text


def template_source(node: Node, *, quoted: bool) -> str:
    """The template ``node`` (a :class:`Template` or :class:`TemplateWrap`, a quoted
    string or a heredoc) as bare template text, or with ``quoted`` as the
    contents of a quoted string (see the module)."""
    out: list[str] = []
    _append(node, quoted, out)
    return "".join(out)


def _append(node: Node, quoted: bool, out: list[str]) -> None:
    if isinstance(node, TemplateWrap):
        out.append("${" + interpolated_text(node.wrapped) + "}")
    elif isinstance(node, Template):
        _parts(node.parts, quoted, out)
    else:
        out.append("${" + interpolated_text(node) + "}")


def _parts(parts: Sequence[Node], quoted: bool, out: list[str]) -> None:
    literal: list[str] = []  # adjacent literal runs, escaped as one text
    for part in parts:
        if (
            isinstance(part, LiteralValue)
            and part.kind is LiteralKind.STRING
            and isinstance(part.raw, str)
        ):
            literal.append(part.raw)
            continue
        if literal:
            out.append(escape_template_literal("".join(literal), quoted=quoted))
            literal = []
        if isinstance(part, Conditional) and part.native_text().startswith("%{"):
            out.append("%{ if " + interpolated_text(part.condition) + " }")
            _append(part.true_result, quoted, out)
            out.append("%{ else }")
            _append(part.false_result, quoted, out)
            out.append("%{ endif }")
        elif isinstance(part, TemplateJoin):
            loop = part.tuple
            names = loop.value_var if loop.key_var is None else f"{loop.key_var}, {loop.value_var}"
            out.append(f"%{{ for {names} in {interpolated_text(loop.collection)} }}")
            _append(loop.value_expr, quoted, out)
            out.append("%{ endfor }")
        else:
            out.append("${" + interpolated_text(part) + "}")
    if literal:
        out.append(escape_template_literal("".join(literal), quoted=quoted))
