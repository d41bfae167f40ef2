"""An expression made from a traversal: a synthetic reference to a variable."""

from __future__ import annotations

from ..values._value import Value
from ._context import EvalContext
from ._diagnostics import Diagnostics, Range
from ._structure import Expression
from ._traversal import Traversal

__all__ = ["TraversalExpression"]


class TraversalExpression(Expression):
    """An expression whose value is an absolute traversal looked up in the context.

    Applications build one where the configuration implies a reference that
    is not written out (a loader's default ``count.index``, say), as HCL's
    ``hclsyntax.ScopeTraversalExpr``. Its range is the traversal's, unless
    ``range`` is given (a traversal built in code has the ranges its steps
    were given). Static analysis sees it as the traversal it is.

    Args:
        traversal: An absolute traversal (one that starts with a
            :class:`~hcldecode.model.TraverseRoot`).
        range: The expression's range; by default the traversal's.

    Raises:
        TypeError: The traversal is relative, or it is empty and no ``range``
            is given.
    """

    __slots__ = ("_range", "traversal")

    def __init__(self, traversal: Traversal, range: Range | None = None) -> None:
        if traversal.is_relative:
            raise TypeError("a TraversalExpression needs an absolute traversal")
        self.traversal = traversal
        self._range = range if range is not None else traversal.range

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return self.traversal.traverse_abs(ctx)

    def variables(self) -> list[Traversal]:
        return [self.traversal]

    @property
    def range(self) -> Range:
        return self._range

    def static_traversal(self) -> Traversal | None:
        return self.traversal

    def __repr__(self) -> str:
        return f"TraversalExpression({self.traversal!r})"
