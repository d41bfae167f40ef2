"""Writing native-syntax files (HCL's ``hclwrite``): tokens and the formatter.

* :func:`format` lays a file out as HCL's ``hclfmt`` does: indentation by
  bracket nesting, one space or none between tokens, and ``=`` signs and
  trailing comments aligned in columns. Only spaces change; a file with
  syntax errors is returned unchanged, with its diagnostics.
* :func:`parse_document` reads a file into an editable :class:`Document`
  that writes back every byte it was read from, except what is edited
  (HCL's ``hclwrite``); :func:`new_document` starts an empty one.
* :func:`value_text` writes an HCL value as canonical native syntax, as
  ``hclwrite.TokensForValue`` does; :func:`quoted_string` a string literal.
* :func:`lex_config` reads a file into writer :class:`Token` objects that
  keep everything (comments, newlines, heredoc text) and the spaces before
  each token; :func:`format_tokens` lays out such a list in place and
  :func:`tokens_text` writes it back.
"""

from __future__ import annotations

from ._document import Attribute, Block, Body, Document, new_document, parse_document
from ._format import format, format_tokens
from ._tokens import Token, TokenKind, bracket_change, columns, lex_config, tokens_text
from ._values import quoted_string, raw_value_text, value_text

__all__ = [
    "Attribute",
    "Block",
    "Body",
    "Document",
    "Token",
    "TokenKind",
    "bracket_change",
    "columns",
    "format",
    "format_tokens",
    "lex_config",
    "new_document",
    "parse_document",
    "quoted_string",
    "raw_value_text",
    "tokens_text",
    "value_text",
]
