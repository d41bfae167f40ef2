"""Semantic tokens of a native-syntax document: what each token is, for an editor's
colours, from the lexer's tokens and the syntax tree (attribute names, block types).

The result is LSP's encoding: five numbers per token (line and start relative
to the token before, length, type index in :data:`TOKEN_TYPES`, modifiers),
each token on one line (multi-line tokens, heredocs and comments, are split).
"""

from __future__ import annotations

from ..model import Body
from ..native import Token, TokenType, lex_config
from ._check import Document

__all__ = ["TOKEN_TYPES", "semantic_tokens"]

#: The token types, in the order of the legend the server announces.
TOKEN_TYPES = (
    "type",
    "property",
    "function",
    "variable",
    "keyword",
    "string",
    "number",
    "comment",
    "operator",
)
_INDEX = {name: i for i, name in enumerate(TOKEN_TYPES)}
_KEYWORDS = frozenset({"true", "false", "null", "for", "in", "if", "endfor", "endif", "else"})
_STRINGS = frozenset(
    {
        TokenType.OQUOTE,
        TokenType.CQUOTE,
        TokenType.QUOTED_LIT,
        TokenType.STRING_LIT,
        TokenType.OHEREDOC,
        TokenType.CHEREDOC,
    }
)
_OPERATORS = frozenset(
    {
        TokenType.STAR,
        TokenType.SLASH,
        TokenType.PLUS,
        TokenType.MINUS,
        TokenType.PERCENT,
        TokenType.EQUAL,
        TokenType.EQUAL_OP,
        TokenType.NOT_EQUAL,
        TokenType.LESS_THAN,
        TokenType.LESS_THAN_EQ,
        TokenType.GREATER_THAN,
        TokenType.GREATER_THAN_EQ,
        TokenType.AND,
        TokenType.OR,
        TokenType.BANG,
        TokenType.QUESTION,
        TokenType.COLON,
        TokenType.FAT_ARROW,
        TokenType.ELLIPSIS,
    }
)


def _names(body: Body, attributes: set[int], block_types: set[int], depth: int = 0) -> None:
    """The byte offsets where attribute names and block types start, at every level."""
    content, _ = body.content_as_written()
    for attribute in content.attributes.values():
        attributes.add(attribute.name_range.start.byte)
    for block in content.blocks:
        block_types.add(block.type_range.start.byte)
        if depth < 64:
            _names(block.body, attributes, block_types, depth + 1)


def _kind(tokens: list[Token], i: int, attributes: set[int], block_types: set[int]) -> str | None:
    token = tokens[i]
    kind = token.type
    if kind is TokenType.IDENT:
        start = token.range.start.byte
        if start in attributes:
            return "property"
        if start in block_types:
            return "type"
        if i > 0 and tokens[i - 1].type is TokenType.DOT:
            return "property"
        if token.text in _KEYWORDS:
            return "keyword"
        if i + 1 < len(tokens) and tokens[i + 1].type is TokenType.OPAREN:
            return "function"
        return "variable"
    if kind in _STRINGS:
        return "string"
    if kind is TokenType.NUMBER_LIT:
        return "number"
    if kind is TokenType.COMMENT:
        return "comment"
    if kind in _OPERATORS:
        return "operator"
    return None


def semantic_tokens(document: Document) -> list[int]:
    """The document's tokens in LSP's encoding (none for the JSON syntax)."""
    if document.is_json:
        return []
    file, _ = document.parsed()
    attributes: set[int] = set()
    block_types: set[int] = set()
    _names(file.body, attributes, block_types)
    index = document.index
    tokens, _ = lex_config(index.source, document.filename)
    data: list[int] = []
    last_line = last_start = 0
    for i, token in enumerate(tokens):
        kind = _kind(tokens, i, attributes, block_types)
        if kind is None:
            continue
        start_line, start = index.position(token.range.start.byte)
        end_line, end = index.position(token.range.end.byte)
        for line in range(start_line, end_line + 1):
            first = start if line == start_line else 0
            past = end if line == end_line else index.position_of_line_end(line)
            if past <= first:
                continue
            delta_line = line - last_line
            data += [delta_line, first - (last_start if delta_line == 0 else 0), past - first]
            data += [_INDEX[kind], 0]
            last_line, last_start = line, first
    return data
