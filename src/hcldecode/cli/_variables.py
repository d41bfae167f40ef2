"""``--var NAME=VALUE`` and ``--var-file FILE``: the variables of a decode."""

from __future__ import annotations

import re
from pathlib import Path

from .. import json as hcljson
from .._text import go_quote, is_identifier
from ..decoding._variables import file_variables
from ..hclparse._syntax import parse_source
from ..model._diagnostics import Diagnostics, Severity
from ..model._structure import File
from ..values._value import Value
from ._schema import CommandError

__all__ = ["parse_var", "read_var_file"]

# A value is read as JSON when it starts like a JSON array, object or
# string, or when it is a JSON number or keyword; anything else is a string.
_JSON_START = ("{", "[", '"')
_JSON_SCALAR = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null")


def parse_var(text: str) -> tuple[str, Value]:
    """The name and value of one ``--var NAME=VALUE``."""
    name, sep, raw = text.partition("=")
    if not sep:
        raise CommandError(f"--var must look like NAME=VALUE, not {go_quote(text)}")
    if not is_identifier(name):
        raise CommandError(
            f"--var {go_quote(name)}: a variable name must be an identifier "
            "(letters, digits, underscores and dashes, not starting with a digit)"
        )
    stripped = raw.strip()
    if not stripped.startswith(_JSON_START) and not _JSON_SCALAR.fullmatch(stripped):
        return name, Value.string(raw)
    expr, diags = hcljson.parse_expression(raw, f"--var {name}")
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors:
        column = f" at column {errors[0].subject.start.column}" if errors[0].subject else ""
        raise CommandError(
            f"--var {name}: the value looks like JSON but is not valid JSON{column}: "
            f"{errors[0].summary}. {errors[0].detail}".rstrip()
        )
    value, _ = expr.value(None)
    return name, value


def read_var_file(filename: str, diags: Diagnostics) -> tuple[File | None, dict[str, Value]]:
    """The variables a ``--var-file`` sets: its attributes, in HCL or (``.json``) JSON syntax.

    Mistakes in the file are added to ``diags``; the file is returned so
    that they can be shown with its source.
    """
    try:
        src = Path(filename).read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read --var-file {filename}: {error.strerror}") from None
    file, parse_diags = parse_source(src, filename)
    diags.extend(parse_diags)
    if parse_diags.has_errors():
        return file, {}
    return file, file_variables(file, diags)
