"""Writer tokens: the native syntax as a flat list of tokens that keeps
everything a file holds (comments, newlines, heredoc lines), each with the
number of spaces written before it.

This is the layer HCL's ``hclwrite`` works on: the formatter changes only
``spaces_before``, and an editable document splices lists of these tokens,
so a file is written back exactly as read except where it was changed.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import NamedTuple

from .._text import grapheme_count
from ..model._diagnostics import Diagnostics
from ..model._source import decode_source
from ..native import _scanner as S
from ..native import parse_config
from ..native._check import surely_valid

__all__ = [
    "CheckedScan",
    "TokenKind",
    "WriterToken",
    "bracket_change",
    "columns",
    "lex_config",
    "scan_checked",
    "tokens_text",
]


class TokenKind(enum.IntEnum):
    """What a token is; the values are those of the native scanner's token kinds.

    (The native syntax's public lexer names the same kinds as HCL does:
    :class:`hcldecode.native.TokenType`.)
    """

    EOF = S.EOF
    NEWLINE = S.NEWLINE
    COMMENT = S.COMMENT
    IDENT = S.IDENT
    NUMBER = S.NUMBER
    OQUOTE = S.OQUOTE
    CQUOTE = S.CQUOTE
    OHEREDOC = S.OHEREDOC
    CHEREDOC = S.CHEREDOC
    QUOTED_LIT = S.QUOTED_LIT
    STRING_LIT = S.STRING_LIT
    TEMPLATE_INTERP = S.TEMPLATE_INTERP
    TEMPLATE_CONTROL = S.TEMPLATE_CONTROL
    TEMPLATE_SEQ_END = S.TEMPLATE_SEQ_END
    OBRACE = S.OBRACE
    CBRACE = S.CBRACE
    OBRACK = S.OBRACK
    CBRACK = S.CBRACK
    OPAREN = S.OPAREN
    CPAREN = S.CPAREN
    DOT = S.DOT
    COMMA = S.COMMA
    STAR = S.STAR
    SLASH = S.SLASH
    PERCENT = S.PERCENT
    PLUS = S.PLUS
    MINUS = S.MINUS
    EQUAL = S.EQUAL
    LESS = S.LESS
    GREATER = S.GREATER
    BANG = S.BANG
    QUESTION = S.QUESTION
    COLON = S.COLON
    EQUAL_OP = S.EQUAL_OP
    NOT_EQUAL = S.NOT_EQUAL
    GREATER_EQUAL = S.GREATER_EQUAL
    LESS_EQUAL = S.LESS_EQUAL
    AND = S.AND
    OR = S.OR
    DOUBLE_COLON = S.DOUBLE_COLON
    ELLIPSIS = S.ELLIPSIS
    FAT_ARROW = S.FAT_ARROW
    BITWISE_AND = S.BITWISE_AND
    BITWISE_OR = S.BITWISE_OR
    BITWISE_NOT = S.BITWISE_NOT
    BITWISE_XOR = S.BITWISE_XOR
    SEMICOLON = S.SEMICOLON
    BACKTICK = S.BACKTICK
    APOSTROPHE = S.APOSTROPHE
    QUOTED_NEWLINE = S.QUOTED_NEWLINE
    INVALID = S.INVALID
    BAD_UTF8 = S.BAD_UTF8


# The kind constants indexed by the scanner's numbers: converting a scanned
# token costs one list lookup.
_KINDS = sorted(TokenKind)


@dataclass(eq=True, slots=True)
class WriterToken:
    """One token: its kind, its exact text, and how many spaces precede it.

    Attributes:
        kind: The token's kind.
        text: Its exact text.
        spaces_before: How many spaces precede it.
        space: The exact text of those spaces as read, kept by documents that
            write back every byte when it holds tabs (``None`` stands for
            ``spaces_before`` plain spaces); it is written while
            ``spaces_before`` still counts its characters, and is not compared.
    """

    kind: TokenKind
    text: str
    spaces_before: int = 0
    space: str | None = field(default=None, compare=False)


_OPENING = frozenset(
    {
        TokenKind.OBRACE,
        TokenKind.OBRACK,
        TokenKind.OPAREN,
        TokenKind.TEMPLATE_INTERP,
        TokenKind.TEMPLATE_CONTROL,
    }
)
_CLOSING = frozenset(
    {TokenKind.CBRACE, TokenKind.CBRACK, TokenKind.CPAREN, TokenKind.TEMPLATE_SEQ_END}
)
#: +1 for a kind that opens a bracket (``${`` and ``%{`` included), -1 for
#: one that closes it (``}`` of a template sequence included), else 0.
BRACKET_CHANGE: tuple[int, ...] = tuple(
    1 if kind in _OPENING else -1 if kind in _CLOSING else 0 for kind in _KINDS
)


def bracket_change(kind: int) -> int:
    """How a token of a kind changes the bracket level.

    Args:
        kind: A :class:`TokenKind` (or its ``int`` value).

    Returns:
        +1 when tokens of ``kind`` open a bracket (``${`` and ``%{``
        included), -1 when they close one, else 0.
    """
    return BRACKET_CHANGE[kind]


def bracket_levels(kinds: Iterable[int]) -> Iterator[int]:
    """The bracket level before each token of ``kinds``, then after the last: how many
    brackets the tokens before it leave open (a running sum, made in C)."""
    return accumulate(map(BRACKET_CHANGE.__getitem__, kinds), initial=0)


_BOM = "\ufeff"


def has_bom(src: bytes | str) -> bool:
    """Whether ``src`` starts with a byte order mark."""
    return src.startswith(b"\xef\xbb\xbf") if isinstance(src, bytes) else src.startswith(_BOM)


class CheckedScan(NamedTuple):
    """A native file scanned once, with the diagnostics of parsing it."""

    text: str
    scanned: tuple[S.Token, ...]
    kinds: bytes
    bom: bool
    diags: Diagnostics


def scan_checked(src: bytes | str, filename: str) -> CheckedScan:
    """Scan ``src`` and check its syntax, for the formatter and documents.

    One scan serves the syntax check and the caller; the full parser runs
    only when the quick check cannot vouch for the file, to find its errors.
    """
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    text, _ = decode_source(src, filename)
    # A tuple of tuples of numbers and a bytes string of kinds: neither is
    # traversed by the cyclic garbage collector (the tuples once it has seen
    # them), which a large file's lists of tokens would cost at each collection.
    scanned = tuple(S.scan(text))
    kinds = bytes([kind for kind, _, _ in scanned])
    diags = Diagnostics()
    if not surely_valid(text, scanned, kinds):
        _, diags = parse_config(src, filename)
    return CheckedScan(text, scanned, kinds, has_bom(src), diags)


def lex_config(src: bytes | str) -> list[WriterToken]:
    """The writer tokens of a native-syntax file, ending with an ``EOF`` token.

    Nothing is checked: any text has tokens (parse it with
    :func:`hcldecode.native.parse_config` to know whether it is valid). As in
    the reference, a leading byte order mark is dropped and counts as three
    spaces before the first token, and tabs between tokens count as spaces.

    Args:
        src: The file's content, as bytes (UTF-8) or text.

    Returns:
        A new list of tokens.
    """
    text, _ = decode_source(src, "<string>")
    return tokens_of(text, 3 if has_bom(src) else 0)


def tokens_of(text: str, lead: int = 0) -> list[WriterToken]:
    """The writer tokens of ``text`` (already decoded); ``lead`` extra spaces
    count before the first token."""
    kinds = _KINDS
    tokens: list[WriterToken] = []
    emit = tokens.append
    last = -lead
    for kind, start, end in S.scan(text):
        emit(WriterToken(kinds[kind], text[start:end], start - last))
        last = end
    return tokens


def spaced_tokens_of(
    text: str, scanned: Sequence[S.Token], first: int = 0, stop: int | None = None
) -> list[WriterToken]:
    """The writer tokens of ``text`` (scanned into ``scanned``), from the ``first``
    scanned token to before the ``stop``-th, each with the exact spaces before it:
    as ``space`` where those spaces hold tabs."""
    kinds = _KINDS
    run = scanned[first:stop]
    if not run:
        return []
    ends = [scanned[first - 1][2] if first else 0] + [end for _, _, end in run]
    pairs = zip(run, ends, strict=False)
    if text.find("\t", ends[0], ends[-1]) < 0:
        # Only spaces separate these tokens: they are written back as they are
        # counted, and need no copy.
        return [
            WriterToken(kinds[kind], text[start:end], start - last)
            for (kind, start, end), last in pairs
        ]
    return [
        WriterToken(kinds[kind], text[start:end], start - last, text[last:start])
        for (kind, start, end), last in pairs
    ]


def tokens_text(tokens: Iterable[WriterToken]) -> str:
    """The text tokens write: each token's spaces, then its text.

    Args:
        tokens: The tokens.

    Returns:
        The text.
    """
    return "".join([t.text if not t.spaces_before else _space(t) + t.text for t in tokens])


def _space(token: WriterToken) -> str:
    space = token.space
    if space is not None and len(space) == token.spaces_before:
        return space
    return " " * token.spaces_before


def columns(tokens: Iterable[WriterToken]) -> int:
    """How many columns tokens take on a line.

    Args:
        tokens: Tokens of one line (the answer means nothing across line
            ends).

    Returns:
        Their spaces, plus one per grapheme cluster of their text.
    """
    return sum(t.spaces_before + grapheme_count(t.text) for t in tokens)
