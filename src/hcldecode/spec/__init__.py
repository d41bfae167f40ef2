"""Spec-based decoding, as the reference implementation's ``hcldec``.

:mod:`hcldecode.spec.specs` has the spec kinds and :func:`decode`;
:mod:`hcldecode.spec.specfile` reads ``.hcldec`` spec files;
:mod:`hcldecode.spec.typeexpr` reads type constraint expressions;
:mod:`hcldecode.spec.command` is the ``hcldecode hcldec`` command.
"""

from __future__ import annotations

from .specs import (
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
    Spec,
    TransformExprSpec,
    TransformFuncSpec,
    TupleSpec,
    ValidateSpec,
    child_block_types,
    decode,
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
    "Spec",
    "TransformExprSpec",
    "TransformFuncSpec",
    "TupleSpec",
    "ValidateSpec",
    "child_block_types",
    "decode",
    "implied_schema",
    "implied_type",
    "partial_decode",
    "source_range",
    "variables",
]
