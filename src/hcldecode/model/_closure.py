"""Function parameters that receive an argument's expression instead of its value.

HCL's ``ext/customdecode`` in Python: a :class:`~hcldecode.values.Parameter`
whose type is :data:`EXPRESSION_CLOSURE` receives, for its argument, a
capsule value holding an :class:`ExpressionClosure`, the argument's
expression together with the evaluation context of the call; one whose type
is :data:`EXPRESSION` receives the expression alone. The function decides
whether, when and how to evaluate it: this is how ``try`` and ``can``
(:mod:`hcldecode.ext.tryfunc`) work, and applications can write their own.

An argument that comes from expanding a list (``f(xs...)``) is passed as
a :class:`LiteralExpression` of its value, whose range is the expanding
expression's, as the reference does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..values._types import CapsuleType
from ..values._value import Value
from ._diagnostics import Diagnostics, Range
from ._structure import Expression

if TYPE_CHECKING:
    from ._traversal import Traversal

if TYPE_CHECKING:
    from ._context import EvalContext

__all__ = [
    "EXPRESSION",
    "EXPRESSION_CLOSURE",
    "ExpressionClosure",
    "LiteralExpression",
    "closure_argument",
    "static_expr",
]


class LiteralExpression(Expression):
    """An expression that is a value already, with the range it stands for.

    It evaluates to the value as it is, in any context and without
    diagnostics; it needs no variables, and its start range is its range
    (HCL's ``hcl.StaticExpr``, made by :func:`static_expr`).

    Args:
        value: The value it evaluates to.
        range: The source range it stands for.
    """

    __slots__ = ("_range", "_value")

    def __init__(self, value: Value, range: Range) -> None:
        self._value = value
        self._range = range

    def value(self, ctx: EvalContext | None = None) -> tuple[Value, Diagnostics]:
        return self._value, Diagnostics()

    def variables(self) -> list[Traversal]:
        return []

    @property
    def range(self) -> Range:
        return self._range


def static_expr(value: Value, range: Range) -> Expression:
    """An expression that always evaluates to a value (HCL's ``hcl.StaticExpr``).

    For a default that stands where configuration gave no expression.

    Args:
        value: The value it evaluates to, in any context, without
            diagnostics.
        range: A real source range, the place the value stands for; with
            none to give, a made-up one with an empty file name.

    Returns:
        A :class:`LiteralExpression`.
    """
    return LiteralExpression(value, range)


@attrs.frozen
class ExpressionClosure:
    """An argument's expression and the context of the call it was written in.

    A function parameter of type :data:`EXPRESSION_CLOSURE` receives one, in a
    capsule value: :meth:`of` takes it out.

    Attributes:
        expression: The argument's expression, not evaluated.
        ctx: The context of the call.
    """

    expression: Expression
    ctx: EvalContext | None

    def value(self) -> tuple[Value, Diagnostics]:
        """Evaluate the expression in its context.

        Returns:
            ``(value, diagnostics)``, as :meth:`Expression.value` gives them.
        """
        return self.expression.value(self.ctx)

    @classmethod
    def of(cls, value: Value) -> ExpressionClosure:
        """The closure a capsule value of :data:`EXPRESSION_CLOSURE` holds.

        Args:
            value: The argument a function received.

        Returns:
            The closure inside it.

        Raises:
            TypeError: ``value`` is not of type :data:`EXPRESSION_CLOSURE`.
        """
        if value.type != EXPRESSION_CLOSURE:
            raise TypeError(f"not an expression closure: {value!r}")
        closure = value.payload
        assert isinstance(closure, ExpressionClosure)
        return closure


EXPRESSION_CLOSURE = CapsuleType("expression closure", ExpressionClosure)
"""The parameter type that receives an :class:`ExpressionClosure`."""

EXPRESSION = CapsuleType("expression", Expression)
"""The parameter type that receives the argument's :class:`Expression` itself."""


def closure_argument(
    param_type: object, expression: Expression, ctx: EvalContext | None
) -> Value | None:
    """The value a parameter of ``param_type`` receives for the argument
    ``expression`` (not evaluated), or ``None`` when the parameter takes the
    argument's value."""
    if param_type == EXPRESSION_CLOSURE:
        return Value.capsule(EXPRESSION_CLOSURE, ExpressionClosure(expression, ctx))
    if param_type == EXPRESSION:
        return Value.capsule(EXPRESSION, expression)
    return None
