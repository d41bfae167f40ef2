"""hcldecode: HCL configuration (native and JSON syntax) into typed Python objects.

The one-call API is :func:`decode` (files) and :func:`loads` (text): give a
dataclass or attrs class whose fields are marked as attributes, blocks and
labels (:func:`attr`, :func:`block`, :func:`label`, ...), get back a typed
object or a :class:`DecodeError` listing every mistake in the configuration.

Below it lies HCL's information model: :class:`Body`, :class:`Expression`,
:class:`BodySchema`, :class:`Value` and the types in :mod:`hcldecode.values._types`,
:class:`EvalContext`, :class:`Function`, and the syntaxes in
:mod:`hcldecode.native` and :mod:`hcldecode.json`. The building blocks that
loaders written by hand reach for are here too: :func:`parse_config` (the
file and its diagnostics, without raising), the static analyses
(:func:`expr_list`, :func:`expr_map`, :func:`expr_call`,
:func:`abs_traversal_for_expr`, :func:`rel_traversal_for_expr`,
:func:`expr_as_keyword`), type constraints (:func:`type_constraint`),
:class:`TraversalExpression`, and :class:`Parser`, which keeps every file
it parses for showing diagnostics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import native  # noqa: F401

# The native syntax, which nearly every call reads, loads with the package; the JSON
# syntax on first use.
from ._lazy import lazy_names
from .decoding import (
    Decoded,
    DecodeError,
    Decoder,
    SchemaError,
    attr,
    attr_range,
    block,
    body,
    decode,
    decode_block,
    decode_body,
    decode_expression,
    decode_partial,
    def_range,
    dump,
    dumps,
    label,
    label_range,
    loads,
    parse,
    parse_config,
    parse_config_file,
    parse_file,
    reject_unclaimed,
    remain,
    schema_of,
    to_dict,
    type_range,
    update_document,
)
from .model import (
    TraversalExpression,
    abs_traversal_for_expr,
    expr_as_keyword,
    expr_call,
    expr_list,
    expr_map,
    rel_traversal_for_expr,
)
from .model._context import EvalContext
from .model._diagnostics import (
    Diagnostic,
    Diagnostics,
    Pos,
    Range,
    Severity,
)
from .model._merge import merge_bodies, merge_files
from .model._render import HCLError, render_diagnostics, write_diagnostics
from .model._structure import (
    Attribute,
    AttributeSchema,
    Block,
    BlockHeaderSchema,
    Body,
    BodyContent,
    BodySchema,
    Expression,
    File,
    StaticCall,
)
from .model._traversal import Traversal, TraverseAttr, TraverseIndex, TraverseRoot, TraverseSplat
from .values._callable import function
from .values._convert import ConversionError
from .values._function import Function, Parameter
from .values._limits import DEFAULT_LIMITS, Limits, current_limits, max_nesting
from .values._value import Value

if TYPE_CHECKING:
    from .ext.typeexpr import type_constraint, type_constraint_with_defaults
    from .functions._stdlib import STDLIB
    from .hclparse import Parser
    from .model._closure import (
        EXPRESSION,
        EXPRESSION_CLOSURE,
        ExpressionClosure,
        LiteralExpression,
    )

# Names whose modules load on first use (the JSON syntax comes with ``Parser``, the
# function library with ``STDLIB``): a program that only decodes native-syntax files
# does not pay for importing them.
_LAZY = {
    "EXPRESSION": "model._closure",
    "EXPRESSION_CLOSURE": "model._closure",
    "ExpressionClosure": "model._closure",
    "LiteralExpression": "model._closure",
    "Parser": "hclparse",
    "STDLIB": "functions._stdlib",
    "type_constraint": "ext.typeexpr",
    "type_constraint_with_defaults": "ext.typeexpr",
}


__getattr__ = lazy_names(__name__, _LAZY)


__all__ = [
    "DEFAULT_LIMITS",
    "EXPRESSION",
    "EXPRESSION_CLOSURE",
    "STDLIB",
    "Attribute",
    "AttributeSchema",
    "Block",
    "BlockHeaderSchema",
    "Body",
    "BodyContent",
    "BodySchema",
    "ConversionError",
    "DecodeError",
    "Decoded",
    "Decoder",
    "Diagnostic",
    "Diagnostics",
    "EvalContext",
    "Expression",
    "ExpressionClosure",
    "File",
    "Function",
    "HCLError",
    "Limits",
    "LiteralExpression",
    "Parameter",
    "Parser",
    "Pos",
    "Range",
    "SchemaError",
    "Severity",
    "StaticCall",
    "Traversal",
    "TraversalExpression",
    "TraverseAttr",
    "TraverseIndex",
    "TraverseRoot",
    "TraverseSplat",
    "Value",
    "abs_traversal_for_expr",
    "attr",
    "attr_range",
    "block",
    "body",
    "current_limits",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "def_range",
    "dump",
    "dumps",
    "expr_as_keyword",
    "expr_call",
    "expr_list",
    "expr_map",
    "function",
    "label",
    "label_range",
    "loads",
    "max_nesting",
    "merge_bodies",
    "merge_files",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
    "reject_unclaimed",
    "rel_traversal_for_expr",
    "remain",
    "render_diagnostics",
    "schema_of",
    "to_dict",
    "type_constraint",
    "type_constraint_with_defaults",
    "type_range",
    "update_document",
    "write_diagnostics",
]
