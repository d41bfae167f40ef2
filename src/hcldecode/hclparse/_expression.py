"""Parsing one native-syntax expression or template, for the layers above the syntaxes
that read values given outside a file (environment variables, template files)."""

from __future__ import annotations

from ..model._diagnostics import Diagnostics
from ..model._structure import Expression
from ..native import parse_expression as _parse_expression
from ..native import parse_template as _parse_template

__all__ = ["parse_native_expression", "parse_native_template"]


def parse_native_expression(src: bytes | str, filename: str) -> tuple[Expression, Diagnostics]:
    """One expression in the native syntax (HCL's ``hclsyntax.ParseExpression``)."""
    return _parse_expression(src, filename)


def parse_native_template(src: bytes | str, filename: str) -> tuple[Expression, Diagnostics]:
    """A template in the native syntax (HCL's ``hclsyntax.ParseTemplate``)."""
    return _parse_template(src, filename)
