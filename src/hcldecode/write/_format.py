"""The canonical layout of native-syntax files, as HCL's ``hclfmt`` writes it.

Formatting changes only the spaces before tokens, never a token itself, in
three steps over the file's lines:

1. indentation: two spaces per level of brackets left open by the lines
   above, counted line by line (see :func:`_indent`);
2. spacing: between two tokens of a line, one space or none, decided by the
   kinds of the tokens around the gap (:func:`_space_between`);
3. alignment: the ``=`` of consecutive one-line attributes, and the trailing
   comments of consecutive lines, are put in one column.

A "line" here ends with a newline token or a line comment (which includes
its newline). Heredoc bodies and the text of quoted strings are literal
tokens that contain no newline tokens, so they are written unchanged.
"""

from __future__ import annotations

import functools

from ..model._diagnostics import Diagnostics
from ..native import parse_config
from ._tokens import BRACKET_CHANGE, Token, TokenKind, columns, tokens_of, tokens_text

__all__ = ["format", "format_tokens"]

K = TokenKind

# A line is three cells: the tokens up to an attribute's "=" (or all of them),
# the "=" and what follows it when that is a whole expression, and a trailing
# comment. Lines with the second or third cell line them up in columns.
_Line = tuple[list[Token], list[Token] | None, Token | None]

_EOF = int(K.EOF)
_NEWLINE = int(K.NEWLINE)
_COMMENT = int(K.COMMENT)
_EQUAL = int(K.EQUAL)
_OHEREDOC = int(K.OHEREDOC)

# "Before" of the first token of a cell: no token.
_NO_KIND = -1

# A "-" after one of these is a negation (no space after it); after anything
# else it is a subtraction.
_BEFORE_NEGATION = frozenset(
    {
        _NO_KIND,
        K.OPAREN,
        K.OBRACE,
        K.OBRACK,
        K.EQUAL,
        K.COLON,
        K.COMMA,
        K.QUESTION,
        K.PLUS,
        K.STAR,
        K.SLASH,
        K.PERCENT,
        K.MINUS,
        K.EQUAL_OP,
        K.NOT_EQUAL,
        K.GREATER,
        K.GREATER_EQUAL,
        K.LESS,
        K.LESS_EQUAL,
        K.AND,
        K.OR,
        K.BANG,
    }
)
# Template text and its delimiters: no spaces are added inside.
_TEXT_LEFT = frozenset({K.QUOTED_LIT, K.STRING_LIT, K.OQUOTE, K.OHEREDOC})
_TEXT_RIGHT = frozenset({K.QUOTED_LIT, K.STRING_LIT, K.CQUOTE, K.CHEREDOC})
_SEQUENCE_START = frozenset({K.TEMPLATE_INTERP, K.TEMPLATE_CONTROL})


def _space_between(lk: int, text: str, before: int, rk: int) -> bool:
    """Whether one space separates a token of kind ``lk`` and text ``text``
    from a following token of kind ``rk`` (``before`` is the kind of the
    token before the first on its line, or ``_NO_KIND``)."""
    if rk == K.NEWLINE:
        return False
    if lk == K.IDENT and rk == K.OPAREN:  # a function call
        return False
    if (lk == K.IDENT and rk == K.DOUBLE_COLON) or (lk == K.DOUBLE_COLON and rk == K.IDENT):
        return False  # a namespaced function name, "provider::aws::arn_parse"
    if K.DOT in (lk, rk):
        return False
    if rk in (K.COMMA, K.ELLIPSIS):
        return False
    if lk == K.COMMA:
        return True
    if lk in _TEXT_LEFT or rk in _TEXT_RIGHT:
        return False
    if lk == K.IDENT and text == "in" and before == K.IDENT:
        # "for x in [a]": "in" is the keyword here, not a value to index
        return True
    if rk == K.OBRACK and (lk in (K.IDENT, K.NUMBER) or BRACKET_CHANGE[lk] < 0):
        return False  # an index
    if lk == K.BANG:
        return False
    if lk == K.MINUS:
        return before not in _BEFORE_NEGATION
    if lk == K.OBRACE:
        return rk != K.CBRACE  # "{ a = 1 }", but "{}"
    if rk == K.CBRACE:
        return True
    if lk in _SEQUENCE_START and rk == K.OBRACE:  # "${ {a = 1} }"
        return True
    if lk == K.CBRACE and rk == K.TEMPLATE_SEQ_END:
        return True
    if lk == K.TEMPLATE_SEQ_END and rk in _SEQUENCE_START:
        return False
    if BRACKET_CHANGE[lk] > 0:
        return False
    return BRACKET_CHANGE[rk] >= 0


def _lines(tokens: list[Token]) -> list[_Line]:
    """The tokens up to ``EOF`` split into lines and cells."""
    change = BRACKET_CHANGE
    lines: list[_Line] = []
    start = 0
    equal = -1  # the line's first "=" after its first token
    net = 0  # the brackets that "=" and the tokens after it open
    for i, token in enumerate(tokens):
        kind = token.kind
        if kind == _EOF:
            tokens = tokens[:i]
            break
        if equal >= 0:
            net += change[kind]
        elif kind == _EQUAL and i > start:
            equal = i
        if kind == _NEWLINE or (kind == _COMMENT and token.text[-1] == "\n"):
            lines.append(_cells(tokens[start : i + 1], equal - start, net))
            start = i + 1
            equal = -1
            net = 0
    lines.append(_cells(tokens[start:], equal - start, net))
    return lines


def _cells(lead: list[Token], equal: int, net: int) -> _Line:
    """One line's cells; ``equal`` is the index of its "=", or negative."""
    comment = lead.pop() if len(lead) > 1 and lead[-1].kind == _COMMENT else None
    # Only a whole expression after the "=" is aligned; one that opens
    # brackets continues on the lines below.
    if equal < 0 or net != 0:
        return lead, None, comment
    assign = lead[equal:]
    del lead[equal:]
    return lead, assign, comment


def _indent(lines: list[_Line]) -> None:
    """Indent each line by two spaces per level of brackets open before it.

    A line that opens brackets (net) starts a level; one that closes them
    ends as many levels as it closes brackets, counting each level as the
    number of brackets its line opened. Unbalanced lines thus shift the
    indentation by at most one level each.
    """
    change = BRACKET_CHANGE
    levels: list[int] = []  # the brackets each open level stands for
    for lead, assign, _ in lines:
        if not lead:
            continue
        first = lead[0]
        if first.kind == _NEWLINE:
            first.spaces_before = 0
            continue
        net = 0
        for token in lead:
            net += change[token.kind]
            if token.kind == _OHEREDOC:  # the heredoc's text is not counted
                break
        if assign is not None:
            net += sum(change[t.kind] for t in assign)
        if net > 0:
            first.spaces_before = 2 * len(levels)
            levels.append(net)
            continue
        closed = -net
        while closed > 0 and levels:
            if closed >= levels[-1]:
                closed -= levels.pop()
            else:
                levels[-1] -= closed
                closed = 0
        first.spaces_before = 2 * len(levels)


def _decide(left: int, right: int) -> int:
    """1 or 0 when the kinds alone decide whether a space separates two
    tokens, -1 when the left token's text or the kind before it matter too.

    The kind before matters only as an identifier (for "in") or as a kind
    after which "-" is a negation, so one probe of each kind is enough.
    """
    answers = {
        _space_between(left, text, before, right)
        for text in ("in", "x")
        for before in (K.IDENT, _NO_KIND)
    }
    return int(answers.pop()) if len(answers) == 1 else -1


_KIND_COUNT = len(K)


@functools.cache
def _decisions() -> list[int]:
    """_space_between's answer for each pair of kinds (left * count + right)."""
    return [_decide(left, right) for left in range(_KIND_COUNT) for right in range(_KIND_COUNT)]


def _space_cell(cell: list[Token]) -> None:
    decided = _decisions()
    count = _KIND_COUNT
    before = _NO_KIND
    left = cell[0]
    for right in cell[1:]:
        space = decided[left.kind * count + right.kind]
        if space < 0:
            space = int(_space_between(left.kind, left.text, before, right.kind))
        right.spaces_before = space
        before = left.kind
        left = right


def _space(lines: list[_Line]) -> None:
    """Set the spaces between the tokens within each cell."""
    for lead, assign, _ in lines:
        if lead:
            _space_cell(lead)
        if assign is not None:
            assign[0].spaces_before = 1
            _space_cell(assign)


def _align(lines: list[_Line]) -> None:
    """Line up the "=" of consecutive attributes, then consecutive trailing comments."""
    widths = [columns(lead) if assign is not None else -1 for lead, assign, _ in lines]
    for run in _runs(widths):
        widest = max(widths[i] for i in run)
        for i in run:
            assign = lines[i][1]
            assert assign is not None
            assign[0].spaces_before = widest - widths[i] + 1
    widths = [
        columns(lead) + (columns(assign) if assign is not None else 0)
        if comment is not None
        else -1
        for lead, assign, comment in lines
    ]
    for run in _runs(widths):
        widest = max(widths[i] for i in run)
        for i in run:
            comment = lines[i][2]
            assert comment is not None
            comment.spaces_before = widest - widths[i] + 1


def _runs(widths: list[int]) -> list[range]:
    """The runs of consecutive lines whose width is not -1."""
    runs = []
    start = -1
    for i, width in enumerate(widths):
        if width < 0:
            if start >= 0:
                runs.append(range(start, i))
                start = -1
        elif start < 0:
            start = i
    if start >= 0:
        runs.append(range(start, len(widths)))
    return runs


def format_tokens(tokens: list[Token]) -> None:
    """Give the tokens (of a whole file, or a run of whole lines) their
    canonical spacing, in place; only ``spaces_before`` changes."""
    lines = _lines(tokens)
    _indent(lines)
    _space(lines)
    _align(lines)


def format(src: bytes | str, filename: str = "<string>") -> tuple[str, Diagnostics]:
    """A native-syntax file in canonical layout, as HCL's ``hclfmt`` writes it.

    Returns the formatted text and the diagnostics of parsing ``src``. When
    these include errors, the text is ``src`` unchanged (decoded, if bytes).
    Bytes that are not UTF-8 (which the syntax allows in comments) are kept
    as lone surrogates: encode the text with ``"surrogateescape"`` to write
    them back.
    """
    file, diags = parse_config(src, filename)
    if diags.has_errors():
        text = src.decode("utf-8", "surrogateescape") if isinstance(src, bytes) else src
        return text, diags
    bom = src.startswith(b"\xef\xbb\xbf") if isinstance(src, bytes) else src.startswith("\ufeff")
    tokens = tokens_of(file.text, 3 if bom else 0)
    format_tokens(tokens)
    return tokens_text(tokens), diags
