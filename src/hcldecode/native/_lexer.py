"""The public lexer of the native syntax: tokens with their type, text and range.

HCL's ``hclsyntax.LexConfig``, ``LexExpression`` and ``LexTemplate``, built
on the scanner the parser uses (``native/_scanner.py``), so the
tokens are exactly those the parser reads. Each :class:`Token` has a
:class:`TokenType`, named as HCL names its token types (``TokenOBrace`` is
``TokenType.OBRACE``), its text and its source range.
"""

from __future__ import annotations

import builtins
import enum
from dataclasses import dataclass

from ..model._diagnostics import Diagnostics, Pos, Range
from ..model._source import SourceMap, decode_source, encode_source
from . import _scanner as S

__all__ = ["Token", "TokenType", "lex_config", "lex_expression", "lex_template"]


class TokenType(enum.Enum):
    """What a :class:`Token` is: HCL's ``hclsyntax.TokenType``.

    Each member is named after HCL's constant without its ``Token`` prefix,
    in Python's style (``TokenGreaterThanEq`` is ``GREATER_THAN_EQ``), and
    its value is the character HCL's constant stands for (``"{"``, ``"«"``
    for an opening quote); :attr:`go_name` gives HCL's name. The scanner
    never gives ``STAR_STAR``, ``TABS`` or ``NIL``, which HCL declares
    without producing them either. ``DOUBLE_COLON`` (``::``, of namespaced
    function names) is HCL's since v2.20; v2.14 reads two ``COLON`` tokens.
    """

    OBRACE = "{"
    CBRACE = "}"
    OBRACK = "["
    CBRACK = "]"
    OPAREN = "("
    CPAREN = ")"
    OQUOTE = "\u00ab"
    CQUOTE = "\u00bb"
    OHEREDOC = "H"
    CHEREDOC = "h"
    STAR = "*"
    SLASH = "/"
    PLUS = "+"
    MINUS = "-"
    PERCENT = "%"
    EQUAL = "="
    EQUAL_OP = "\u2254"
    NOT_EQUAL = "\u2260"
    LESS_THAN = "<"
    LESS_THAN_EQ = "\u2264"
    GREATER_THAN = ">"
    GREATER_THAN_EQ = "\u2265"
    AND = "\u2227"
    OR = "\u2228"
    BANG = "!"
    DOT = "."
    COMMA = ","
    DOUBLE_COLON = "\u2e2c"
    ELLIPSIS = "\u2026"
    FAT_ARROW = "\u21d2"
    QUESTION = "?"
    COLON = ":"
    TEMPLATE_INTERP = "\u222b"
    TEMPLATE_CONTROL = "\u03bb"
    TEMPLATE_SEQ_END = "\u220e"
    QUOTED_LIT = "Q"
    STRING_LIT = "S"
    NUMBER_LIT = "N"
    IDENT = "I"
    COMMENT = "C"
    NEWLINE = "\n"
    EOF = "\u2404"
    BITWISE_AND = "&"
    BITWISE_OR = "|"
    BITWISE_NOT = "~"
    BITWISE_XOR = "^"
    STAR_STAR = "\u279a"
    APOSTROPHE = "'"
    BACKTICK = "`"
    SEMICOLON = ";"
    TABS = "\u2409"
    INVALID = "\ufffd"
    BAD_UTF8 = "\U0001f4a9"
    QUOTED_NEWLINE = "\u2424"
    NIL = "\x00"

    @property
    def go_name(self) -> str:
        """HCL's name of the type, e.g. ``TokenGreaterThanEq``."""
        return _GO_NAMES[self]


_GO_NAMES = {
    member: "Token" + "".join(_word.capitalize() for _word in member.name.split("_"))
    for member in TokenType
}
_GO_NAMES.update(
    {
        TokenType.OBRACE: "TokenOBrace",
        TokenType.CBRACE: "TokenCBrace",
        TokenType.OBRACK: "TokenOBrack",
        TokenType.CBRACK: "TokenCBrack",
        TokenType.OPAREN: "TokenOParen",
        TokenType.CPAREN: "TokenCParen",
        TokenType.OQUOTE: "TokenOQuote",
        TokenType.CQUOTE: "TokenCQuote",
        TokenType.OHEREDOC: "TokenOHeredoc",
        TokenType.CHEREDOC: "TokenCHeredoc",
        TokenType.EOF: "TokenEOF",
        TokenType.BAD_UTF8: "TokenBadUTF8",
    }
)

# The token type of each of the scanner's kinds, indexed by kind.
_TYPES: dict[int, TokenType] = {
    S.EOF: TokenType.EOF,
    S.NEWLINE: TokenType.NEWLINE,
    S.COMMENT: TokenType.COMMENT,
    S.IDENT: TokenType.IDENT,
    S.NUMBER: TokenType.NUMBER_LIT,
    S.OQUOTE: TokenType.OQUOTE,
    S.CQUOTE: TokenType.CQUOTE,
    S.OHEREDOC: TokenType.OHEREDOC,
    S.CHEREDOC: TokenType.CHEREDOC,
    S.QUOTED_LIT: TokenType.QUOTED_LIT,
    S.STRING_LIT: TokenType.STRING_LIT,
    S.TEMPLATE_INTERP: TokenType.TEMPLATE_INTERP,
    S.TEMPLATE_CONTROL: TokenType.TEMPLATE_CONTROL,
    S.TEMPLATE_SEQ_END: TokenType.TEMPLATE_SEQ_END,
    S.OBRACE: TokenType.OBRACE,
    S.CBRACE: TokenType.CBRACE,
    S.OBRACK: TokenType.OBRACK,
    S.CBRACK: TokenType.CBRACK,
    S.OPAREN: TokenType.OPAREN,
    S.CPAREN: TokenType.CPAREN,
    S.DOT: TokenType.DOT,
    S.COMMA: TokenType.COMMA,
    S.STAR: TokenType.STAR,
    S.SLASH: TokenType.SLASH,
    S.PERCENT: TokenType.PERCENT,
    S.PLUS: TokenType.PLUS,
    S.MINUS: TokenType.MINUS,
    S.EQUAL: TokenType.EQUAL,
    S.LESS: TokenType.LESS_THAN,
    S.GREATER: TokenType.GREATER_THAN,
    S.BANG: TokenType.BANG,
    S.QUESTION: TokenType.QUESTION,
    S.COLON: TokenType.COLON,
    S.EQUAL_OP: TokenType.EQUAL_OP,
    S.NOT_EQUAL: TokenType.NOT_EQUAL,
    S.GREATER_EQUAL: TokenType.GREATER_THAN_EQ,
    S.LESS_EQUAL: TokenType.LESS_THAN_EQ,
    S.AND: TokenType.AND,
    S.OR: TokenType.OR,
    S.DOUBLE_COLON: TokenType.DOUBLE_COLON,
    S.ELLIPSIS: TokenType.ELLIPSIS,
    S.FAT_ARROW: TokenType.FAT_ARROW,
    S.BITWISE_AND: TokenType.BITWISE_AND,
    S.BITWISE_OR: TokenType.BITWISE_OR,
    S.BITWISE_NOT: TokenType.BITWISE_NOT,
    S.BITWISE_XOR: TokenType.BITWISE_XOR,
    S.SEMICOLON: TokenType.SEMICOLON,
    S.BACKTICK: TokenType.BACKTICK,
    S.APOSTROPHE: TokenType.APOSTROPHE,
    S.QUOTED_NEWLINE: TokenType.QUOTED_NEWLINE,
    S.INVALID: TokenType.INVALID,
    S.BAD_UTF8: TokenType.BAD_UTF8,
}


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its type, its source text and where it is (HCL's ``hclsyntax.Token``).

    Attributes:
        type: What the token is.
        text: The token's text as decoded (a byte that is not UTF-8 is a lone
            surrogate, as ``surrogateescape`` keeps it); :attr:`bytes` gives its
            bytes in the file, HCL's ``Token.Bytes``.
        range: Where it is.
    """

    type: TokenType
    text: str
    range: Range

    @property
    def bytes(self) -> builtins.bytes:
        """The token's bytes as they are in the source file (HCL's ``Token.Bytes``)."""
        return encode_source(self.text)


def _lex(
    src: bytes | str, filename: str, start: Pos | None, *, template: bool
) -> tuple[list[Token], Diagnostics]:
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    text, _ = decode_source(src, filename)
    source = SourceMap(filename, text, start=start)
    scanned = S.scan(text, template=template)
    types = _TYPES
    tokens = [
        Token(types[kind], text[first:last], source.range(first, last))
        for kind, first, last in scanned
    ]
    return tokens, S.scan_diagnostics(scanned, text, source)


def lex_config(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[list[Token], Diagnostics]:
    """The tokens of a whole configuration file, ending with an ``EOF`` token.

    HCL's ``hclsyntax.LexConfig``: comments, newlines and every other token
    the parser reads. The diagnostics are those of characters and bytes the
    language does not use (``Invalid character``, ``Invalid character
    encoding``, ``Unsupported operator``, ``Invalid multi-line string``); the
    rest of the syntax is the parser's business. A leading byte order mark is
    skipped.

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in the ranges and diagnostics.
        start: Where ranges count from; by default
            :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(tokens, diagnostics)``: a new list of :class:`Token` ending with an
        ``EOF`` token, and the diagnostics of characters and bytes the
        language does not use.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    return _lex(src, filename, start, template=False)


def lex_expression(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[list[Token], Diagnostics]:
    """The tokens of a standalone expression (HCL's ``LexExpression``).

    An expression is scanned as a configuration file is, so this gives what
    :func:`lex_config` gives.

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in the ranges and diagnostics.
        start: Where ranges count from; by default
            :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(tokens, diagnostics)``: a new list of :class:`Token` ending with an
        ``EOF`` token, and the diagnostics of characters and bytes the
        language does not use.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    return _lex(src, filename, start, template=False)


def lex_template(
    src: bytes | str, filename: str = "<string>", start: Pos | None = None
) -> tuple[list[Token], Diagnostics]:
    """The tokens of a bare template (HCL's ``LexTemplate``).

    Literal text is ``STRING_LIT`` tokens, with the tokens of each ``${...}``
    and ``%{...}`` sequence.

    Args:
        src: The text, as bytes (UTF-8) or text.
        filename: The name used in the ranges and diagnostics.
        start: Where ranges count from; by default
            :data:`~hcldecode.model.INITIAL_POS`.

    Returns:
        ``(tokens, diagnostics)``: a new list of :class:`Token` ending with an
        ``EOF`` token, and the diagnostics of characters and bytes the
        language does not use.

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    return _lex(src, filename, start, template=True)
