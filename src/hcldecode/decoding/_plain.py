"""A configuration as plain Python, without a schema: :func:`to_dict`.

For a look at a file, or for code that walks configuration data itself (as
python-hcl2's ``loads`` offers), a body becomes a ``dict``:

* an attribute is its value as plain Python (``str``, ``int``, ``float``,
  ``Decimal``, ``bool``, ``None``, ``list``, ``dict``), evaluated with the
  variables and functions given (none by default); a number with a fraction
  is a ``float`` where the float's shortest text is the same number
  (``0.1``, ``1.5``, ``2.5e-3``: ``json.dumps`` writes it back as it was
  written), an exact ``Decimal`` only where a float would change it
  (``12345678901234567890.5``); an expression that
  cannot be evaluated so (it needs a variable or a function that was not
  given, or is unknown) is kept as its source text in a template,
  ``"${var.region}"``, the form HCL's JSON syntax gives expressions (a
  quoted string or heredoc as the same template: ``"${var.name}-web"``),
  and so is one whose value is sensitive, wholly or in part (a secret is
  never given, its expression is: ``"${var.db_password}"``);
  with ``escape``, ``${`` and ``%{`` in the strings of values are doubled,
  as HCL's JSON syntax spells literal text, so that they differ from such
  templates;
* the blocks of one type are a list under the type's name, in order, each
  the ``dict`` of its body nested in one ``dict`` per label:
  ``resource "aws_instance" "web" {}`` is
  ``{"resource": [{"aws_instance": {"web": {}}}]}``.

Only the native syntax says which items are blocks
(:meth:`~hcldecode.model.Body.content_as_written`). A JSON-syntax file is
all attributes without a schema (an object could be an attribute's value
or a block), so its objects become ``dict``s.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._structure import Body, Expression
from ..pytypes._rules import DEFAULT_TYPES
from ..values._limits import DEFAULT_LIMITS, Limits
from ..values._sensitive import is_sensitive
from ..values._value import Value

__all__ = ["plain_body"]


def plain_body(
    body: Body, ctx: EvalContext | None, diags: Diagnostics, *, escape: bool = False
) -> dict[str, Any]:
    """``body`` as plain Python (see the module); errors go to ``diags``. With
    ``escape``, ``${`` and ``%{`` in the strings of values are doubled, as in
    template text, so that they differ from expressions kept as template text."""
    result: dict[str, Any] = {}
    limits = ctx.limits if ctx is not None else DEFAULT_LIMITS
    content, found = body.content_as_written()
    diags.extend(found)
    attributes, blocks = content.attributes, content.blocks
    for name, attribute in attributes.items():
        result[name] = _plain_expression(attribute.expr, ctx, limits, escape)
    for block in blocks:
        if block.type in attributes:
            diags.append(
                Diagnostic.error(
                    "Attribute and block share a name",
                    f'"{block.type}" is an attribute and a block type here, which a plain '
                    "dict cannot hold both of; decode this file with a schema.",
                    block.type_range,
                )
            )
            continue
        level: dict[str, Any] = plain_body(block.body, ctx, diags, escape=escape)
        for label in reversed(block.labels):
            level = {label: level}
        result.setdefault(block.type, []).append(level)
    return result


def _plain_expression(
    expr: Expression, ctx: EvalContext | None, limits: Limits, escape: bool
) -> Any:
    value = expr.constant_value(limits)
    if value is not None and value.is_wholly_known:
        return _plain_value(value, escape)
    value, diags = expr.value(ctx)
    if not diags.has_errors() and value.is_wholly_known and not is_sensitive(value):
        return _plain_value(value, escape)
    text = expr.template_text()
    if text is not None:
        return text
    # A JSON object or array: its strings read as they are written, templates included.
    value, diags = expr.value(None)
    return None if diags.has_errors() else _plain_value(value, False)


def _plain_value(value: Value, escape: bool) -> Any:
    return _plain(DEFAULT_TYPES.to_python(value), escape)


def _plain(data: Any, escape: bool) -> Any:
    """Plain data with its numbers as floats where that keeps them, and with
    ``escape`` its strings (and keys) written as literal template text."""
    if isinstance(data, str):
        return data.replace("${", "$${").replace("%{", "%%{") if escape else data
    if isinstance(data, Decimal):
        as_float = float(data)
        return as_float if math.isfinite(as_float) and Decimal(repr(as_float)) == data else data
    if isinstance(data, list):
        return [_plain(e, escape) for e in data]
    if isinstance(data, dict):
        return {_plain(k, escape): _plain(v, escape) for k, v in data.items()}
    return data
