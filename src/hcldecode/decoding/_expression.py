"""``decode_expression``: gohcl's ``DecodeExpression``, with its words and ranges.

gohcl evaluates the expression, converts the value to the type the Go target
implies (go-cty's ``convert.Convert``) and then stores it (gocty's
``FromCtyValue``). Each step that fails is one ``Unsuitable value type``
error, ``Unsuitable value: <reason>`` (no full stop), whose subject is the
expression's start range and whose context is the whole expression. An
evaluation error leaves an unknown value, so gohcl adds ``value must be
known`` after it, unless the target takes the value as it is.

Class decoding words its own misfits differently (at the part that does not
fit, with the path, as a sentence); only this function is gohcl's.
"""

from __future__ import annotations

from typing import Any

from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._structure import Expression
from ..pytypes._lower_errors import LowerError
from ..values._convert import ConversionError, convert
from ..values._errors import raw_text
from ..values._sensitive import is_sensitive
from ._pytypes import TypePlan

__all__ = ["FAILED", "decode_expression_value"]


class _Failed:
    __slots__ = ()


FAILED: Any = _Failed()
"""What :func:`decode_expression_value` gives when the value does not fit."""

# gocty's words for the misfits that the lowering words as class decoding does.
_GOCTY_WORDS = {
    "the value is not known yet": "value must be known",
    "a whole number is required": "value must be a whole number",
    "null value is not allowed": "null value is not allowed",
}


def _reason(error: LowerError) -> str:
    """gocty's words for ``error``: its own message, without the path (gocty's
    errors do not name it), where gocty has the same check."""
    words = _GOCTY_WORDS.get(error.message)
    return words if words is not None else raw_text(error)


def decode_expression_value(
    expr: Expression, plan: TypePlan, ctx: EvalContext | None
) -> tuple[Any, Diagnostics, bool]:
    """The value of ``expr`` built as ``plan``'s type, the diagnostics, and whether
    the value is sensitive (wholly or in part).

    ``FAILED`` when the evaluation or the value failed.
    """
    value, diags = expr.value(ctx)
    sensitive = is_sensitive(value)
    if plan.lowering is None:  # the value as it is (cty.Value in Go)
        return (FAILED if diags.has_errors() else value), diags, sensitive
    failed = diags.has_errors()

    def unsuitable(reason: str) -> tuple[Any, Diagnostics, bool]:
        diags.append(
            Diagnostic.error(
                "Unsuitable value type",
                f"Unsuitable value: {reason}",
                expr.start_range,
                expr.range,
                expression=expr,
                eval_context=ctx,
            )
        )
        return FAILED, diags, sensitive

    try:
        convert(value, plan.hcl_type)
    except ConversionError as exc:
        return unsuitable(exc.message)
    result, errors = plan.lowering.lower(value, strict=True)
    if errors:
        return unsuitable(_reason(errors[0]))
    return (FAILED if failed else result), diags, sensitive
