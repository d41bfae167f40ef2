"""The values of plain literal expressions, without the evaluator.

Most attributes of a configuration are constants: ``port = 8080``,
``host = "example.com"``, ``tags = ["a", "b"]``. :func:`literal_value`
gives their values directly, for a decoder that evaluates many of them; it
answers ``None`` for anything else, and for anything the evaluator would
have something to say about (a string longer than the limits allow, a
cost near the limit), so the caller then evaluates the expression as
usual. Its answers are the evaluator's (``tests/decoding/test_constants.py``):
a number, bool or null literal is its value, a quoted string without
interpolations its string, ``[...]`` of such the tuple of their values.
"""

from __future__ import annotations

from ..values._limits import Limits
from ..values._value import EMPTY_TUPLE_VALUE, Value
from ._ast import LiteralValue, Template, TupleCons

__all__ = ["literal_value"]

# The most parts one answer looks at (so one call is short, whatever the input).
_MAX_PARTS = 64


def literal_value(expr: object, limits: Limits) -> Value | None:
    """The value of a literal expression (see the module), or ``None``."""
    kind = type(expr)
    if kind is Template:
        assert isinstance(expr, Template)
        return _string(expr, limits)
    if kind is LiteralValue:
        assert isinstance(expr, LiteralValue)
        return expr.literal_value()
    if kind is TupleCons:
        assert isinstance(expr, TupleCons)
        items = expr.items
        if not items:
            return EMPTY_TUPLE_VALUE if limits.max_cost > 2 else None
        if len(items) > _MAX_PARTS:
            return None
        elements = []
        for item in items:
            item_kind = type(item)
            if item_kind is Template:
                assert isinstance(item, Template)
                value = _string(item, limits)
            elif item_kind is LiteralValue:
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
    return None


def _string(template: Template, limits: Limits) -> Value | None:
    """The value of ``"text"`` (one literal part), or ``None``."""
    parts = template.parts
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
