"""An expression made from a traversal: a synthetic reference to a variable."""

from __future__ import annotations

from ..values._value import DYNAMIC_VALUE, Value
from ._context import EvalContext
from ._diagnostics import Diagnostic, Diagnostics, Pos, Range
from ._structure import Expression
from ._traversal import Traversal

__all__ = ["TraversalExpression"]

_NO_RANGE = Range("", Pos(0, 0, 0), Pos(0, 0, 0))


class TraversalExpression(Expression):
    """An expression whose value is an absolute traversal looked up in the context.

    Applications build one where the configuration implies a reference that
    is not written out (a loader's default ``count.index``, say), as HCL's
    ``hclsyntax.ScopeTraversalExpr``. Its range is the traversal's, unless
    ``range`` is given (a traversal built in code has the ranges its steps
    were given). Static analysis sees it as the traversal it is.

    The traversal may be empty, as ``native.parse_traversal_abs`` gives
    after a syntax error (HCL accepts that one too): static analysis then
    finds no reference, and evaluating it gives an unknown value and an
    ``Invalid reference`` error (HCL panics).

    Args:
        traversal: An absolute traversal (one that starts with a
            :class:`~hcldecode.model.TraverseRoot`), or an empty one.
        range: The expression's range; by default the traversal's (for an
            empty traversal, an empty range at line 0 with no file name, as
            HCL's ``SourceRange`` gives).

    Raises:
        TypeError: The traversal is relative (its first step is not a root).
    """

    __slots__ = ("_range", "traversal")

    def __init__(self, traversal: Traversal, range: Range | None = None) -> None:
        empty = len(traversal) == 0
        if traversal.is_relative and not empty:
            raise TypeError("a TraversalExpression needs an absolute traversal")
        self.traversal = traversal
        if range is None:
            range = _NO_RANGE if empty else traversal.range
        self._range = range

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        if len(self.traversal) == 0:
            error = Diagnostic.error(
                "Invalid reference", "This reference has no variable name.", self._range
            )
            return DYNAMIC_VALUE, Diagnostics([error])
        return self.traversal.traverse_abs(ctx)

    def variables(self) -> list[Traversal]:
        return [self.traversal] if len(self.traversal) else []

    @property
    def range(self) -> Range:
        return self._range

    def static_traversal(self) -> Traversal | None:
        # An empty traversal is HCL's nil one: no reference.
        return self.traversal if len(self.traversal) else None

    def __repr__(self) -> str:
        return f"TraversalExpression({self.traversal!r})"
