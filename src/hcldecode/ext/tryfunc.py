"""``try`` and ``can``, as HCL's ``ext/tryfunc``: functions over expressions that may fail.

* ``try(a, b, ...)`` is the value of the first argument that evaluates
  without errors; when none does, the call fails and its message lists
  every argument's errors.
* ``can(expr)`` is ``true`` when ``expr`` evaluates without errors, else
  ``false``.

Their parameters are of type :data:`~hcldecode.model.EXPRESSION_CLOSURE`,
so they receive the argument expressions unevaluated. An argument that
evaluates without errors to a value not wholly known makes the result
unknown (of any type for ``try``, a bool for ``can``), since it might fail
or succeed once known; an argument with errors is a failure even if it
uses unknown values (HCL v2.17.1 and later). Nothing is callable unless the application gives it:
``functions={"try": TRY, "can": CAN}`` (or :data:`FUNCTIONS`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..model._closure import EXPRESSION_CLOSURE, ExpressionClosure
from ..model._diagnostics import Diagnostics
from ..values._function import Function, FunctionError, Parameter
from ..values._types import BOOL, DYNAMIC, Type
from ..values._value import DYNAMIC_VALUE, FALSE, TRUE, Value

__all__ = ["CAN", "FUNCTIONS", "TRY"]


def _try(args: Sequence[Value], _result: Type) -> Value:
    if not args:
        raise FunctionError("at least one argument is required")
    found = Diagnostics()
    for arg in args:
        value, diags = ExpressionClosure.of(arg).value()
        if not diags.has_errors():
            # The diagnostics of arguments before it are left out.
            return value if value.is_wholly_known else DYNAMIC_VALUE
        found.extend(diags)
    lines = ["no expression succeeded:"]
    for diag in found:
        at = f" (at {diag.subject})" if diag.subject is not None else ""
        lines.append(f"- {diag.summary}{at}\n  {diag.detail}")
    lines.append("\nAt least one expression must produce a successful result")
    raise FunctionError("\n".join(lines))


def _can(args: Sequence[Value], _result: Type) -> Value:
    value, diags = ExpressionClosure.of(args[0]).value()
    if diags.has_errors():
        return FALSE
    return TRUE if value.is_wholly_known else Value.unknown(BOOL)


TRY = Function(
    [],
    Parameter("expressions", EXPRESSION_CLOSURE),
    return_type=DYNAMIC,
    impl=_try,
    description="The value of the first argument that evaluates without errors.",
)
"""``try(expressions...)``."""

CAN = Function(
    [Parameter("expression", EXPRESSION_CLOSURE)],
    return_type=BOOL,
    impl=_can,
    description="Whether the argument evaluates without errors.",
)
"""``can(expression)``."""

FUNCTIONS: Mapping[str, Function] = MappingProxyType({"try": TRY, "can": CAN})
"""Both, under their usual names, to merge into an application's functions."""
