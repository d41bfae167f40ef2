"""Spec-based decoding, as HCL's Go package ``hcldec``.

A *spec* describes how to turn a body into one HCL value: attributes
(:class:`AttrSpec`), blocks in every shape (:class:`BlockSpec`,
:class:`BlockListSpec`, :class:`BlockMapSpec`, ...), objects and tuples of
specs, literals, defaults, transforms and validations. :func:`decode` and
:func:`partial_decode` apply a spec to a body; :func:`implied_schema`,
:func:`implied_type`, :func:`variables` and :func:`expansion_variables` analyse
it. :func:`encode` is the inverse of :func:`decode`: it writes a value as the
text of a body that the spec decodes back to it. :func:`read_spec` reads the
``.hcldec`` spec-file format of the ``hcldec`` command.
"""

from __future__ import annotations

from ._encode import encode
from ._specfile import SpecFile, read_spec
from ._specs import (
    AttrSpec,
    BlockAttrsSpec,
    BlockLabelSpec,
    BlockListSpec,
    BlockMapSpec,
    BlockObjectSpec,
    BlockSetSpec,
    BlockSpec,
    BlockTupleSpec,
    DefaultSpec,
    ExprSpec,
    LiteralSpec,
    ObjectSpec,
    RefineSpec,
    Spec,
    TransformExprSpec,
    TransformFuncSpec,
    TupleSpec,
    ValidateSpec,
    child_block_types,
    decode,
    expansion_variables,
    implied_schema,
    implied_type,
    partial_decode,
    source_range,
    variables,
)

__all__ = [
    "AttrSpec",
    "BlockAttrsSpec",
    "BlockLabelSpec",
    "BlockListSpec",
    "BlockMapSpec",
    "BlockObjectSpec",
    "BlockSetSpec",
    "BlockSpec",
    "BlockTupleSpec",
    "DefaultSpec",
    "ExprSpec",
    "LiteralSpec",
    "ObjectSpec",
    "RefineSpec",
    "Spec",
    "SpecFile",
    "TransformExprSpec",
    "TransformFuncSpec",
    "TupleSpec",
    "ValidateSpec",
    "child_block_types",
    "decode",
    "encode",
    "expansion_variables",
    "implied_schema",
    "implied_type",
    "partial_decode",
    "read_spec",
    "source_range",
    "variables",
]
