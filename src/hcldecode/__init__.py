"""hcldecode: HCL configuration (native and JSON syntax) into typed Python objects.

The one-call API is :func:`decode` (files) and :func:`loads` (text): give a
dataclass or attrs class whose fields are marked as attributes, blocks and
labels (:func:`attr`, :func:`block`, :func:`label`, ...), get back a typed
object or a :class:`DecodeError` listing every mistake in the configuration.
:func:`dumps`, :func:`dump` and :func:`update_document` write such objects
back; a :class:`Decoder` holds the functions, variables and limits of many
calls.

Here too are what such a program meets: :class:`Value`,
:func:`function` (a plain Python callable as an HCL function),
:data:`STDLIB` (HCL's function library), :class:`EvalContext`,
:class:`Limits`, the diagnostics (:class:`Diagnostic`,
:class:`Diagnostics`, :class:`Range`), the body and expression a field may hold
(:class:`Body`, :class:`Expression`, :class:`Attribute`, :class:`Block`),
the steps of layered decoding (:func:`parse_config`,
:func:`decode_partial`, :func:`reject_unclaimed`, ...), and secrets:
:func:`sensitive` marks a variable's value :data:`SENSITIVE`, which no
message shows and nothing writes back.

The rest lives in the subpackages, each a layer of the package:

* :mod:`hcldecode.model`: HCL's information model (schemas, files,
  traversals, positions, the static analyses such as ``expr_list``,
  merging bodies, rendering diagnostics, ``HCLError``);
* :mod:`hcldecode.values`: types, values, conversion, limits and the
  function model (``Function``, ``Parameter``);
* :mod:`hcldecode.pytypes`: Python types and classes as HCL values, and
  the rules a decoder decides them by;
* :mod:`hcldecode.functions`: go-cty's function library;
* :mod:`hcldecode.native` and :mod:`hcldecode.json`: the two syntaxes;
* :mod:`hcldecode.write`: the formatter and editable documents;
* :mod:`hcldecode.hclparse`: a ``Parser`` that keeps every file it parses;
* :mod:`hcldecode.hcldec`: spec-based decoding;
* :mod:`hcldecode.ext`: type constraints, ``try``/``can``, user functions
  and ``dynamic`` blocks.
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
    json_schema,
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
    Attribute,
    Block,
    Body,
    Diagnostic,
    Diagnostics,
    EvalContext,
    Expression,
    Range,
)
from .pytypes import function, sensitive
from .values import SENSITIVE, Error, Limits, Value

if TYPE_CHECKING:
    from .functions._stdlib import STDLIB

# Names whose modules load on first use: a program that calls no function does not
# pay for importing the function library.
_LAZY = {
    "STDLIB": "functions._stdlib",
}

# Names that were exported here before and now live only in their subpackage; they
# keep working for one release with a DeprecationWarning that says where they are.
_MOVED = {
    "hcldecode.model": [
        "EXPRESSION",
        "EXPRESSION_CLOSURE",
        "AttributeSchema",
        "BlockHeaderSchema",
        "BodyContent",
        "BodySchema",
        "ExpressionClosure",
        "File",
        "HCLError",
        "LiteralExpression",
        "Pos",
        "Severity",
        "StaticCall",
        "Traversal",
        "TraversalExpression",
        "TraverseAttr",
        "TraverseIndex",
        "TraverseRoot",
        "TraverseSplat",
        "abs_traversal_for_expr",
        "expr_as_keyword",
        "expr_call",
        "expr_list",
        "expr_map",
        "merge_bodies",
        "merge_files",
        "rel_traversal_for_expr",
        "render_diagnostics",
        "write_diagnostics",
    ],
    "hcldecode.values": [
        "DEFAULT_LIMITS",
        "ConversionError",
        "Function",
        "Parameter",
        "current_limits",
        "max_nesting",
    ],
    "hcldecode.hclparse": ["Parser"],
    "hcldecode.ext.typeexpr": ["type_constraint", "type_constraint_with_defaults"],
}


__getattr__ = lazy_names(
    __name__,
    _LAZY,
    {name: f"{home}.{name}" for home, names in _MOVED.items() for name in names},
)


__all__ = [
    "SENSITIVE",
    "STDLIB",
    "Attribute",
    "Block",
    "Body",
    "DecodeError",
    "Decoded",
    "Decoder",
    "Diagnostic",
    "Diagnostics",
    "Error",
    "EvalContext",
    "Expression",
    "Limits",
    "Range",
    "SchemaError",
    "Value",
    "attr",
    "attr_range",
    "block",
    "body",
    "decode",
    "decode_block",
    "decode_body",
    "decode_expression",
    "decode_partial",
    "def_range",
    "dump",
    "dumps",
    "function",
    "json_schema",
    "label",
    "label_range",
    "loads",
    "parse",
    "parse_config",
    "parse_config_file",
    "parse_file",
    "reject_unclaimed",
    "remain",
    "schema_of",
    "sensitive",
    "to_dict",
    "type_range",
    "update_document",
]
