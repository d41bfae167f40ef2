"""Parsing many files and keeping them for diagnostics: HCL's ``hclparse``.

A :class:`Parser` parses native-syntax and JSON-syntax files and keeps
each by its name, so that a program loading many files parses each once
and can show any diagnostic with its source lines
(``render_diagnostics(diags, parser.files)``).
"""

from __future__ import annotations

from ._parser import Parser

__all__ = ["Parser"]
