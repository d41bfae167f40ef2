"""Variable files (``.tfvars``-style) and environment overlays: the variables of a decode.

A variable file is a body of attributes, one per variable, in either syntax,
whose expressions are evaluated with no variables or functions. The
environment gives ``PREFIX<name>`` variables, read as Terraform reads
``TF_VAR_<name>``. Where the application declares its variables (a name with
a Python annotation or an HCL type), each value is converted to the declared
type by HCL's rules, and a value for an undeclared name is an error.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from .._text import go_quote, is_identifier, suggest
from ..hclparse._expression import parse_native_expression
from ..hclparse._parser import Parser
from ..hclparse._syntax import syntax_for
from ..model._closure import LiteralExpression
from ..model._diagnostics import Diagnostic, Diagnostics, Pos, Range, SourceFile
from ..model._structure import Expression, File
from ..values._convert import ConversionError, convert, path_text
from ..values._errors import raw_text
from ..values._types import PrimitiveType, Type
from ..values._value import Value
from ._pytypes import ConfigTypes
from ._report import Decoded, in_source_order

__all__ = ["file_variables", "load_variables"]

Paths = str | os.PathLike[str] | Sequence[str | os.PathLike[str]]


class _Declared:
    """The declared variables: each name's HCL type, and its Python annotation if any."""

    def __init__(self, declared: Mapping[str, Any] | None, types: ConfigTypes) -> None:
        self.names: list[str] | None = None if declared is None else list(declared)
        self.hcl_types: dict[str, Type] = {}
        self.annotations: dict[str, Any] = {}
        for name, want in (declared or {}).items():
            if not isinstance(name, str):
                raise TypeError(f"declared variable names must be strings, not {name!r}")
            if isinstance(want, Type):
                self.hcl_types[name] = want
            else:
                self.hcl_types[name] = types.hcl_type(want)
                self.annotations[name] = want
        self.types = types

    def knows(self, name: str) -> bool:
        return self.names is None or name in self.hcl_types

    def typed(self, name: str, value: Value, expr: Expression, diags: Diagnostics) -> Value | None:
        """``value`` converted to the declared type of ``name``; ``None`` (with a
        diagnostic at ``expr``) when it does not fit."""
        want = self.hcl_types.get(name)
        if want is None:
            return value
        try:
            converted = convert(value, want)
        except ConversionError as error:
            diags.append(_unsuitable(name, path_text(error.path) + error.message, expr))
            return None
        annotation = self.annotations.get(name)
        if annotation is not None and converted.is_wholly_known:
            _, errors = self.types.plan(annotation).lowering.lower(converted, strict=True)  # type: ignore[union-attr]
            if errors:
                diags.extend(_unsuitable(name, raw_text(e), expr) for e in errors)
                return None
        return converted


def _unsuitable(name: str, reason: str, expr: Expression) -> Diagnostic:
    return Diagnostic.error(
        "Invalid value for variable",
        f"The given value is not suitable for var.{name}: {reason}.",
        expr.range,
        expression=expr,
    )


def file_variables(
    file: File, diags: Diagnostics, declared: _Declared | None = None
) -> dict[str, Value]:
    """The variables a parsed variable file sets; its mistakes are added to ``diags``."""
    attributes, attr_diags = file.body.just_attributes()
    diags.extend(attr_diags)
    found: dict[str, Value] = {}
    for name in sorted(attributes, key=lambda n: attributes[n].range.start.byte):
        attribute = attributes[name]
        if declared is not None and not declared.knows(name):
            diags.append(_undeclared(name, file.filename, attribute.name_range, declared))
            continue
        value, value_diags = attribute.expr.value(None)
        diags.extend(value_diags)
        if value_diags.has_errors():
            continue
        typed = value if declared is None else declared.typed(name, value, attribute.expr, diags)
        if typed is not None:
            found[name] = typed
    return found


def _undeclared(name: str, filename: str, subject: Range, declared: _Declared) -> Diagnostic:
    detail = (
        f"A value for {go_quote(name)} was found in {go_quote(filename)}, "
        "but no variable of that name is declared."
    )
    near = suggest(name, declared.names or ())
    if near is not None:
        detail += f" Did you mean {go_quote(near)}?"
    return Diagnostic.error("Value for undeclared variable", detail, subject)


def _environment(
    prefix: str, environ: Mapping[str, str], declared: _Declared, diags: Diagnostics
) -> dict[str, Value]:
    """The ``PREFIX<name>`` variables of the environment, read as Terraform reads
    ``TF_VAR_<name>``: the text as it is for an undeclared type or a primitive one,
    else parsed as a native-syntax expression and evaluated without variables."""
    found: dict[str, Value] = {}
    for key in sorted(environ):
        if not key.startswith(prefix):
            continue
        name = key[len(prefix) :]
        if not is_identifier(name) or not declared.knows(name):
            continue
        text = environ[key]
        where = f"<value for var.{name}>"
        want = declared.hcl_types.get(name)
        expr: Expression
        if want is None or isinstance(want, PrimitiveType):
            data = text.encode("utf-8", "surrogateescape")
            end = Pos(1, 1 + len(text), len(data))
            expr = LiteralExpression(Value.string(text), Range(where, Pos(1, 1, 0), end))
        else:
            expr, parse_diags = parse_native_expression(text, where)
            diags.extend(parse_diags)
            if parse_diags.has_errors():
                continue
        value, value_diags = expr.value(None)
        diags.extend(value_diags)
        if value_diags.has_errors():
            continue
        typed = declared.typed(name, value, expr, diags)
        if typed is not None:
            found[name] = typed
    return found


def load_variables(
    paths: Paths,
    types: ConfigTypes,
    *,
    declared: Mapping[str, Any] | None = None,
    env_prefix: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> Decoded[dict[str, Value]]:
    """What :meth:`hcldecode.Decoder.load_variables` does (documented there)."""
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    decl = _Declared(declared, types)
    # The environment's diagnostics come first, by variable name, then the files'
    # in source order.
    env_diags = Diagnostics()
    found: dict[str, Value] = {}
    if env_prefix is not None:
        source = os.environ if environ is None else environ
        found.update(_environment(env_prefix, source, decl, env_diags))
    elif environ is not None:
        raise TypeError("environ is read only with env_prefix")
    diags = Diagnostics()
    parser = Parser()
    for path in paths:
        name = os.fspath(path)
        if syntax_for(name) == "json":
            file, parse_diags = parser.parse_json_file(name)
        else:
            file, parse_diags = parser.parse_hcl_file(name)
        diags.extend(parse_diags)
        if file is None or parse_diags.has_errors():
            continue
        found.update(file_variables(file, diags, decl if declared is not None else None))
    files: dict[str, SourceFile] = dict(parser.files)
    return Decoded(
        found, {}, Diagnostics([*env_diags, *in_source_order(diags, files)]), files=files
    )
