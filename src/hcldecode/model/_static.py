"""Static analysis of expressions: their physical structure instead of their value.

Some applications give an attribute a meaning that ordinary evaluation
cannot express: a list of references (``depends_on = [a.b, c.d]``), a type
expression (``type = list(string)``), a keyword (``mode = strict``). The
functions here require a particular construct and return its parts, or an
``Invalid expression`` error diagnostic when the expression is something
else; the texts and ranges are the reference implementation's.

Each syntax decides which of its expressions support which analysis by
overriding the hooks of :class:`~hcldecode.model.Expression`
(``static_list``, ``static_map``, ``static_call``, ``static_traversal``,
``static_relative_traversal``, ``keyword``). As in the reference, a
*wrapper* expression that does not override a hook is looked through with
:meth:`~hcldecode.model.Expression.unwrap` until an expression that does
override it is found; that expression's answer is final.
"""

from __future__ import annotations

from collections.abc import Callable

from ._diagnostics import Diagnostic, Diagnostics, Range
from ._structure import Expression, StaticCall
from ._traversal import Traversal, static_traversal_error

__all__ = [
    "abs_traversal_for_expr",
    "expr_as_keyword",
    "expr_call",
    "expr_list",
    "expr_map",
    "rel_traversal_for_expr",
]


def _physical(expr: Expression, *hooks: str) -> Expression | None:
    """The first expression, unwrapping from ``expr``, whose class overrides one of ``hooks``."""
    current = expr
    while True:
        cls = type(current)
        if any(getattr(cls, hook) is not getattr(Expression, hook) for hook in hooks):
            return current
        inner = current.unwrap()
        if inner is current:
            return None
        current = inner


def _invalid(detail: str, subject: Range) -> Diagnostics:
    return Diagnostics([Diagnostic.error("Invalid expression", detail, subject)])


def expr_list(expr: Expression) -> tuple[list[Expression], Diagnostics]:
    """The element expressions of list/tuple construction syntax (``[a, b]``).

    Args:
        expr: The expression to take apart; it is not evaluated.

    Returns:
        ``(elements, diagnostics)``. For any other construct, no elements and
        an ``Invalid expression`` / ``A static list expression is required.``
        error at the expression's start range.
    """
    phys = _physical(expr, "static_list")
    elements = phys.static_list() if phys is not None else None
    if elements is None:
        return [], _invalid("A static list expression is required.", expr.start_range)
    return elements, Diagnostics()


def expr_map(expr: Expression) -> tuple[list[tuple[Expression, Expression]], Diagnostics]:
    """The key and value expressions of map/object construction syntax (``{a = b}``).

    Args:
        expr: The expression to take apart; it is not evaluated.

    Returns:
        ``(pairs, diagnostics)``: each pair is ``(key, value)``; keys are
        expressions of any kind, not evaluated. For any other construct, no
        pairs and an ``Invalid expression`` / ``A static map expression is
        required.`` error at the expression's start range.
    """
    phys = _physical(expr, "static_map")
    pairs = phys.static_map() if phys is not None else None
    if pairs is None:
        return [], _invalid("A static map expression is required.", expr.start_range)
    return pairs, Diagnostics()


def expr_call(expr: Expression) -> tuple[StaticCall | None, Diagnostics]:
    """The function name and argument expressions of function call syntax (``f(a)``).

    Args:
        expr: The expression to take apart; it is not evaluated.

    Returns:
        ``(call, diagnostics)`` with a :class:`~hcldecode.model.StaticCall`.
        For any other construct, ``None`` and an ``Invalid expression`` /
        ``A static function call is required.`` error at the expression's
        start range.
    """
    phys = _physical(expr, "static_call")
    call = phys.static_call() if phys is not None else None
    if call is None:
        return None, _invalid("A static function call is required.", expr.start_range)
    return call, Diagnostics()


def _traversal(
    expr: Expression, get: Callable[[Expression], Traversal | None]
) -> tuple[Traversal | None, Diagnostics]:
    phys = _physical(expr, "static_traversal", "static_relative_traversal")
    traversal = get(phys) if phys is not None else None
    if traversal is None:
        return None, Diagnostics([static_traversal_error(expr.range)])
    return traversal, Diagnostics()


def abs_traversal_for_expr(expr: Expression) -> tuple[Traversal | None, Diagnostics]:
    """The absolute traversal of a plain variable reference (``a.b[0]``).

    Only attribute access and indexing with constant keys qualify; in the
    native syntax ``true``, ``false`` and ``null`` count as names here.

    Args:
        expr: The expression to take apart; it is not evaluated.

    Returns:
        ``(traversal, diagnostics)``. For any other construct, ``None`` and
        an ``Invalid expression`` error over the whole expression.
    """
    return _traversal(expr, lambda e: e.static_traversal())


def rel_traversal_for_expr(expr: Expression) -> tuple[Traversal | None, Diagnostics]:
    """Like :func:`abs_traversal_for_expr`, as a relative traversal.

    The root name becomes an attribute step: ``a.b`` gives ``.a.b``.

    Args:
        expr: The expression to take apart; it is not evaluated.

    Returns:
        ``(traversal, diagnostics)``. For any other construct, ``None`` and
        an ``Invalid expression`` error over the whole expression.
    """
    return _traversal(expr, lambda e: e.static_relative_traversal())


def expr_as_keyword(expr: Expression) -> str | None:
    """The single identifier an expression consists of.

    ``mode = strict`` gives ``"strict"``; ``true``, ``false`` and ``null``
    are keywords too.

    Args:
        expr: The expression to look at; it is not evaluated.

    Returns:
        The identifier, or ``None`` when the expression is anything else. No
        diagnostic is produced: the caller knows which keywords it accepts
        and says so in its own message.
    """
    phys = _physical(expr, "keyword", "static_traversal")
    return phys.keyword() if phys is not None else None
