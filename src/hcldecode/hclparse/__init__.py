"""Parsing many files and keeping them for diagnostics: HCL's ``hclparse``.

A :class:`Parser` parses native-syntax and JSON-syntax files and keeps
each by its name, so that a program loading many files parses each once
and can show any diagnostic with its source lines
(``render_diagnostics(diags, parser.files)``).

:func:`syntax_for` is the one rule for a file's syntax by its name (a name
ending in ``.json`` is JSON), and :func:`parse_source` parses text in
either syntax: every part of hcldecode that reads a file by name uses
them.

:func:`file_functions` gives Terraform's ``file``, ``fileexists``,
``fileset`` and ``templatefile``, reading files under one base directory
only (templates in the native syntax); no expression can read files unless
the application gives these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names
from ._syntax import Syntax, parse_source, syntax_for

if TYPE_CHECKING:
    from ._files import file_functions
    from ._parser import Parser

# Loaded on first use: reading files needs glob; the parser of many files is not what
# a decode of text uses.
__getattr__ = lazy_names(__name__, {"file_functions": "_files", "Parser": "_parser"})

__all__ = ["Parser", "Syntax", "file_functions", "parse_source", "syntax_for"]
