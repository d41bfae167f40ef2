"""Writing native-syntax files (HCL's ``hclwrite``): tokens and the formatter.

* :func:`format` lays a file out as HCL's ``hclfmt`` does: indentation by
  bracket nesting, one space or none between tokens, and ``=`` signs and
  trailing comments aligned in columns. Only spaces change; a file with
  syntax errors is returned unchanged, with its diagnostics.
* :func:`parse_document` reads a file into an editable :class:`Document`
  (:class:`DocumentBody`, :class:`DocumentAttribute`, :class:`DocumentBlock`)
  that writes back every byte it was read from, except what is edited
  (HCL's ``hclwrite``); :func:`new_document` starts an empty one.
* :func:`parse_json_document` reads a JSON-syntax file into a
  :class:`JsonDocument` (:class:`JsonDocumentBody`,
  :class:`JsonDocumentAttribute`, :class:`JsonDocumentBlock`) that writes
  back every byte but the values, properties and blocks it edits.
* :func:`value_text` writes an HCL value as canonical native syntax, as
  ``hclwrite.TokensForValue`` does; :func:`quoted_string` a string literal.
* :func:`tokens_for_value`, :func:`tokens_for_traversal`,
  :func:`tokens_for_identifier`, :func:`tokens_for_tuple`,
  :func:`tokens_for_object` and :func:`tokens_for_function_call` build
  expressions as tokens, as HCL's ``hclwrite.TokensFor*`` functions do.
* :func:`lex_config` reads a file into :class:`WriterToken` objects that
  keep everything (comments, newlines, heredoc text) and the spaces before
  each token; :func:`format_tokens` lays out such a list in place and
  :func:`tokens_text` writes it back.
"""

from __future__ import annotations

from .._lazy import lazy_names
from ._builders import (
    tokens_for_function_call,
    tokens_for_identifier,
    tokens_for_object,
    tokens_for_traversal,
    tokens_for_tuple,
    tokens_for_value,
)
from ._document import (
    Document,
    DocumentAttribute,
    DocumentBlock,
    DocumentBody,
    new_document,
    parse_document,
)
from ._format import format, format_tokens
from ._json_document import (
    JsonDocument,
    JsonDocumentAttribute,
    JsonDocumentBlock,
    JsonDocumentBody,
    parse_json_document,
)
from ._tokens import TokenKind, WriterToken, bracket_change, columns, lex_config, tokens_text
from ._values import quoted_string, raw_value_text, value_text

# Old names, working for one release with a DeprecationWarning: they were the same
# short names as the classes of the information model.
_DEPRECATED = {
    "Attribute": "hcldecode.write.DocumentAttribute",
    "Block": "hcldecode.write.DocumentBlock",
    "Body": "hcldecode.write.DocumentBody",
    "Token": "hcldecode.write.WriterToken",
}


__getattr__ = lazy_names(__name__, {}, _DEPRECATED)


__all__ = [
    "Document",
    "DocumentAttribute",
    "DocumentBlock",
    "DocumentBody",
    "JsonDocument",
    "JsonDocumentAttribute",
    "JsonDocumentBlock",
    "JsonDocumentBody",
    "TokenKind",
    "WriterToken",
    "bracket_change",
    "columns",
    "format",
    "format_tokens",
    "lex_config",
    "new_document",
    "parse_document",
    "parse_json_document",
    "quoted_string",
    "raw_value_text",
    "tokens_for_function_call",
    "tokens_for_identifier",
    "tokens_for_object",
    "tokens_for_traversal",
    "tokens_for_tuple",
    "tokens_for_value",
    "tokens_text",
    "value_text",
]
