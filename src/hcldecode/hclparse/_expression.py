"""Parsing one native-syntax expression or template, for the layers above the syntaxes
that read values given outside a file (environment variables, template files)."""

from __future__ import annotations

from collections.abc import Mapping

from .._text import go_quote
from ..model._context import EvalContext
from ..model._diagnostics import Diagnostics
from ..model._structure import Expression
from ..native import parse_expression as _parse_expression
from ..native import parse_template as _parse_template
from ..values._function import Function, FunctionArgError, FunctionError
from ..values._limits import Limits
from ..values._value import Value

__all__ = ["parse_native_expression", "parse_native_template", "render_template"]


def parse_native_expression(src: bytes | str, filename: str) -> tuple[Expression, Diagnostics]:
    """One expression in the native syntax (HCL's ``hclsyntax.ParseExpression``)."""
    return _parse_expression(src, filename)


def parse_native_template(src: bytes | str, filename: str) -> tuple[Expression, Diagnostics]:
    """A template in the native syntax (HCL's ``hclsyntax.ParseTemplate``)."""
    return _parse_template(src, filename)


def render_template(
    text: str,
    filename: str,
    variables: Mapping[str, Value],
    functions: Mapping[str, Function],
    limits: Limits,
) -> Value:
    """``templatefile``'s rendering: the template parsed and evaluated with exactly
    ``variables``; a reference to another name is an error at the ``vars`` argument,
    and the template's own errors are the call's, worded as HCL words them."""
    expr, diags = _parse_template(text, filename)
    if not diags.has_errors():
        for traversal in expr.variables():
            name = traversal.root_name
            if name not in variables:
                raise FunctionArgError(
                    1,
                    f"vars map does not contain key {go_quote(name)}, "
                    f"referenced at {traversal.range}",
                )
        ctx = EvalContext(dict(variables), dict(functions), limits=limits)
        value, value_diags = expr.value(ctx)
        diags.extend(value_diags)
    errors = [d for d in diags if d.severity.name == "ERROR"]
    if not errors:
        return value
    first = errors[0]
    message = f"{first.subject}: {first.summary}; {first.detail}"
    if len(errors) > 1:
        message += f", and {len(errors) - 1} other diagnostic(s)"
    raise FunctionError(message)
