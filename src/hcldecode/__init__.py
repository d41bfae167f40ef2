"""hcldecode: HCL configuration (native and JSON syntax) into typed Python objects.

The one-call API is :func:`decode` (files) and :func:`loads` (text): give a
dataclass or attrs class whose fields are marked as attributes, blocks and
labels (:func:`attr`, :func:`block`, :func:`label`, ...), get back a typed
object or a :class:`DecodeError` listing every mistake in the configuration.

Below it lies HCL's information model: :class:`Body`, :class:`Expression`,
:class:`BodySchema`, :class:`Value` and the types in :mod:`hcldecode.values._types`,
:class:`EvalContext`, :class:`Function`, and the syntaxes in
:mod:`hcldecode.native` and :mod:`hcldecode.json`.
"""

from __future__ import annotations

from .decoding import (
    DecodeError,
    Decoder,
    SchemaError,
    attr,
    attr_range,
    block,
    body,
    decode,
    decode_partial,
    def_range,
    label,
    label_range,
    loads,
    parse,
    parse_file,
    reject_unclaimed,
    remain,
    schema_of,
    type_range,
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
from .values._limits import max_nesting
from .values._value import Value

__all__ = [
    "Attribute",
    "AttributeSchema",
    "Block",
    "BlockHeaderSchema",
    "Body",
    "BodyContent",
    "BodySchema",
    "ConversionError",
    "DecodeError",
    "Decoder",
    "Diagnostic",
    "Diagnostics",
    "EvalContext",
    "Expression",
    "File",
    "Function",
    "HCLError",
    "Parameter",
    "Pos",
    "Range",
    "SchemaError",
    "Severity",
    "StaticCall",
    "Traversal",
    "TraverseAttr",
    "TraverseIndex",
    "TraverseRoot",
    "TraverseSplat",
    "Value",
    "attr",
    "attr_range",
    "block",
    "body",
    "decode",
    "decode_partial",
    "def_range",
    "function",
    "label",
    "label_range",
    "loads",
    "max_nesting",
    "merge_bodies",
    "merge_files",
    "parse",
    "parse_file",
    "reject_unclaimed",
    "remain",
    "render_diagnostics",
    "schema_of",
    "type_range",
    "write_diagnostics",
]
