"""Expressions kept as they were read, written again in either syntax.

A writer of objects that hold unevaluated expressions (``hcl.Expression``,
``hcl.Attribute``, bodies and blocks kept raw) writes each as the text it
was read from, in the syntax of the output:

* native to native, JSON to JSON: the same text (JSON on one line);
* native to JSON: a quoted string or heredoc as the JSON string of the same
  template (``"hi ${x}\\n"``); an expression that needs no variables or
  functions as its value in JSON (strings in it with ``${`` doubled, as a
  reader of templates needs); anything else as ``"${...}"`` around its
  source text;
* JSON to native: what the JSON value means when read as templates (see
  :func:`~hcldecode.json._expression.json_native_text`).

Text that cannot be converted (a JSON string that is not a valid template, a
native expression that does not read back inside ``${...}``) raises
``ValueError`` with the expression's range.
"""

from __future__ import annotations

from ..json._expression import (
    JsonExpression,
    json_expression_text,
    json_may_be_block,
    json_native_text,
)
from ..model._structure import Expression
from ..native import parse_template
from ..native._ast import Node, Template, TemplateWrap, interpolated_text
from ..values._json import go_json_text
from ..write._items import json_value_text

__all__ = ["expression_json_text", "expression_native_text", "may_be_block"]


def _unwrapped(expr: Expression) -> Expression:
    inner = expr.unwrap()
    return expr if inner is expr else _unwrapped(inner)


def expression_native_text(expr: Expression) -> str:
    """``expr`` as native-syntax text (see the module).

    Raises:
        ValueError: It cannot be written so.
        TypeError: It is an expression of no syntax hcldecode reads (one made in code
            without source text).
    """
    expr = _unwrapped(expr)
    if isinstance(expr, JsonExpression):
        return json_native_text(expr)
    text = expr.native_text()
    if text is None:
        raise TypeError(
            f"an expression without source text ({type(expr).__name__}) cannot be written"
        )
    return text


def expression_json_text(expr: Expression) -> str:
    """``expr`` as the JSON text of an attribute's value (see the module).

    Raises:
        ValueError: It cannot be written so.
        TypeError: As for :func:`expression_native_text`.
    """
    expr = _unwrapped(expr)
    if isinstance(expr, JsonExpression):
        return json_expression_text(expr)
    if isinstance(expr, Template | TemplateWrap):
        return go_json_text(expr.template_text())
    if isinstance(expr, Node):
        if not expr.variables():
            value, diags = expr.value(None)
            if not diags.has_errors() and value.is_wholly_known:
                return json_value_text(value, templates=True)
        text = "${" + interpolated_text(expr) + "}"
        _, diags = parse_template(text, expr.range.filename)
        if diags.has_errors():
            raise ValueError(
                f"{expr.range}: the expression {expr.native_text()!r} cannot be written as a "
                f"JSON-syntax template ({diags[0].summary})"
            )
        return go_json_text(text)
    template = expr.template_text()
    if template is None:
        raise TypeError(
            f"an expression without source text ({type(expr).__name__}) cannot be written"
        )
    return go_json_text(template)


def may_be_block(expr: Expression) -> bool:
    """Whether ``expr`` is a JSON object (or an array of objects) of a body read
    without a schema, which may be blocks as well as an attribute's value."""
    expr = _unwrapped(expr)
    return isinstance(expr, JsonExpression) and json_may_be_block(expr)
