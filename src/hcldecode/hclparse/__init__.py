"""Parsing many files and keeping them for diagnostics: HCL's ``hclparse``.

A :class:`Parser` parses native-syntax and JSON-syntax files and keeps
each by its name, so that a program loading many files parses each once
and can show any diagnostic with its source lines
(``render_diagnostics(diags, parser.files)``).

:func:`syntax_for` is the one rule for a file's syntax by its name (a name
ending in ``.json`` is JSON), and :func:`parse_source` parses text in
either syntax: every part of hcldecode that reads a file by name uses
them.
"""

from __future__ import annotations

from ._parser import Parser
from ._syntax import Syntax, parse_source, syntax_for

__all__ = ["Parser", "Syntax", "parse_source", "syntax_for"]
