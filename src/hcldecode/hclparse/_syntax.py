"""Which syntax a file is written in, and parsing text in either syntax.

The one place that decides a file's syntax from its name (HCL's rule: a
name ending in ``.json`` is the JSON syntax, any other the native syntax),
and the one place that hands text to a syntax's parser. Everything above
the syntaxes (decoding, the specs, the command) parses through here, so it
never imports a syntax itself. The JSON syntax is imported when a JSON file
is first parsed: a program that reads only native files does not load it.
"""

from __future__ import annotations

import os
from typing import Literal

from ..model._diagnostics import Diagnostics
from ..model._structure import File
from ..native import parse_config as _parse_native

__all__ = ["Syntax", "parse_source", "syntax_for"]

Syntax = Literal["native", "json"]
"""The name of a syntax: ``"native"`` (HCL's native syntax) or ``"json"``."""


def syntax_for(filename: str | os.PathLike[str]) -> Syntax:
    """The syntax of a file, by its name: the one place that decides it.

    Args:
        filename: The file's name or path.

    Returns:
        ``"json"`` for a name ending in ``.json`` (``main.tf.json`` included),
        ``"native"`` for any other.
    """
    return "json" if os.fspath(filename).endswith(".json") else "native"


def parse_source(
    src: str | bytes, filename: str, syntax: Syntax | None = None, *, go_json_errors: bool = False
) -> tuple[File, Diagnostics]:
    """Parse text in either syntax.

    Args:
        src: The text, as text or UTF-8 bytes.
        filename: The name it was read from, used in ranges and diagnostics.
        syntax: ``"native"`` or ``"json"``; by default :func:`syntax_for` the
            file name.
        go_json_errors: Report invalid JSON as HCL's Go parser does (see
            :func:`hcldecode.json.parse`).

    Returns:
        ``(file, diagnostics)``. After syntax errors the file is still there,
        as far as the syntax can recover.

    Raises:
        ValueError: ``syntax`` is neither ``"native"`` nor ``"json"``.
    """
    if syntax is None:
        syntax = syntax_for(filename)
    if syntax == "native":
        return _parse_native(src, filename)
    if syntax == "json":
        from ..json import parse as parse_json  # noqa: PLC0415 (a syntax loads on first use)

        return parse_json(src, filename, go_errors=go_json_errors)
    raise ValueError(f"syntax must be 'native' or 'json', not {syntax!r}")
