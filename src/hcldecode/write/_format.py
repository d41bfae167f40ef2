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

from .._text import grapheme_count
from ..model._diagnostics import Diagnostics
from ..model._source import decode_source
from ..native import _scanner as S
from ..native import parse_config
from ..native._check import surely_valid
from ._tokens import BRACKET_CHANGE, Token, TokenKind

__all__ = ["format", "format_tokens"]

K = TokenKind

# A line is three cells: the tokens up to an attribute's "=" (or all of them),
# the "=" and what follows it when that is a whole expression, and a trailing
# comment. Lines with the second or third cell line them up in columns. The
# formatter works on the tokens' kinds, texts and spaces in lists of their own,
# and a line is the indexes (start, lead end, end, comment) of its cells: the
# lead is start to lead end, the "=" cell lead end to end (empty without one),
# and comment is the index of the comment, or -1.
_Line = tuple[int, int, int, int]

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


def _lines(kinds: list[int], texts: list[str]) -> list[_Line]:
    """The tokens up to ``EOF`` split into lines and cells."""
    change = BRACKET_CHANGE
    lines: list[_Line] = []
    start = 0
    equal = -1  # the line's first "=" after its first token
    net = 0  # the brackets that "=" and the tokens after it open
    stop = len(kinds)
    for i, kind in enumerate(kinds):
        if kind == _EOF:
            stop = i
            break
        if equal >= 0:
            net += change[kind]
        elif kind == _EQUAL and i > start:
            equal = i
        if kind == _NEWLINE or (kind == _COMMENT and texts[i][-1] == "\n"):
            lines.append(_cells(kinds, start, i + 1, equal, net))
            start = i + 1
            equal = -1
            net = 0
    lines.append(_cells(kinds, start, stop, equal, net))
    return lines


def _cells(kinds: list[int], start: int, stop: int, equal: int, net: int) -> _Line:
    """The cells of the line of tokens ``start`` to ``stop``; ``equal`` is the index
    of its "=", or negative."""
    comment = -1
    if stop - start > 1 and kinds[stop - 1] == _COMMENT:
        stop -= 1
        comment = stop
    # Only a whole expression after the "=" is aligned; one that opens
    # brackets continues on the lines below.
    if equal < 0 or net != 0:
        return start, stop, stop, comment
    return start, equal, stop, comment


def _indent(lines: list[_Line], kinds: list[int], spaces: list[int]) -> None:
    """Indent each line by two spaces per level of brackets open before it.

    A line that opens brackets (net) starts a level; one that closes them
    ends as many levels as it closes brackets, counting each level as the
    number of brackets its line opened. Unbalanced lines thus shift the
    indentation by at most one level each.
    """
    change = BRACKET_CHANGE
    levels: list[int] = []  # the brackets each open level stands for
    for start, lead_end, end, _ in lines:
        if start == lead_end:
            continue
        if kinds[start] == _NEWLINE:
            spaces[start] = 0
            continue
        net = 0
        for i in range(start, lead_end):
            kind = kinds[i]
            net += change[kind]
            if kind == _OHEREDOC:  # the heredoc's text is not counted
                break
        for i in range(lead_end, end):
            net += change[kinds[i]]
        if net > 0:
            spaces[start] = 2 * len(levels)
            levels.append(net)
            continue
        closed = -net
        while closed > 0 and levels:
            if closed >= levels[-1]:
                closed -= levels.pop()
            else:
                levels[-1] -= closed
                closed = 0
        spaces[start] = 2 * len(levels)


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


def _space_cell(
    start: int, end: int, kinds: list[int], texts: list[str], spaces: list[int]
) -> None:
    """Set the spaces between the tokens ``start`` to ``end`` of one cell."""
    decided = _decisions()
    count = _KIND_COUNT
    before = _NO_KIND
    left = kinds[start]
    for i in range(start + 1, end):
        right = kinds[i]
        space = decided[left * count + right]
        if space < 0:
            space = int(_space_between(left, texts[i - 1], before, right))
        spaces[i] = space
        before = left
        left = right


def _space(lines: list[_Line], kinds: list[int], texts: list[str], spaces: list[int]) -> None:
    """Set the spaces between the tokens within each cell."""
    for start, lead_end, end, _ in lines:
        if start < lead_end:
            _space_cell(start, lead_end, kinds, texts, spaces)
        if lead_end < end:
            spaces[lead_end] = 1
            _space_cell(lead_end, end, kinds, texts, spaces)


def _columns(start: int, end: int, texts: list[str], spaces: list[int]) -> int:
    """How many columns tokens ``start`` to ``end`` take on a line."""
    return sum(spaces[i] + grapheme_count(texts[i]) for i in range(start, end))


def _align(lines: list[_Line], texts: list[str], spaces: list[int]) -> None:
    """Line up the "=" of consecutive attributes, then consecutive trailing comments."""
    widths = [
        _columns(start, lead_end, texts, spaces) if lead_end < end else -1
        for start, lead_end, end, _ in lines
    ]
    for run in _runs(widths):
        widest = max(widths[i] for i in run)
        for i in run:
            spaces[lines[i][1]] = widest - widths[i] + 1
    widths = [
        _columns(start, end, texts, spaces) if comment >= 0 else -1
        for start, _, end, comment in lines
    ]
    for run in _runs(widths):
        widest = max(widths[i] for i in run)
        for i in run:
            spaces[lines[i][3]] = widest - widths[i] + 1


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


def _layout(kinds: list[int], texts: list[str], spaces: list[int]) -> None:
    """Set ``spaces`` (the spaces before each token) to the canonical layout of
    the tokens of ``kinds`` and ``texts``; tokens from ``EOF`` on are left alone."""
    lines = _lines(kinds, texts)
    _indent(lines, kinds, spaces)
    _space(lines, kinds, texts, spaces)
    _align(lines, texts, spaces)


def format_tokens(tokens: list[Token]) -> None:
    """Give the tokens (of a whole file, or a run of whole lines) their
    canonical spacing, in place; only ``spaces_before`` changes."""
    spaces = [token.spaces_before for token in tokens]
    _layout([token.kind for token in tokens], [token.text for token in tokens], spaces)
    for token, space in zip(tokens, spaces, strict=True):
        token.spaces_before = space


def format(src: bytes | str, filename: str = "<string>") -> tuple[str, Diagnostics]:
    """A native-syntax file in canonical layout, as HCL's ``hclfmt`` writes it.

    Returns the formatted text and the diagnostics of parsing ``src``. When
    these include errors, the text is ``src`` unchanged (decoded, if bytes).
    Bytes that are not UTF-8 (which the syntax allows in comments) are kept
    as lone surrogates: encode the text with ``"surrogateescape"`` to write
    them back.
    """
    if not isinstance(filename, str):
        raise TypeError(f"filename must be a str, not {type(filename).__name__}")
    text, _ = decode_source(src, filename)
    # One scan serves the syntax check and the layout. The full parser runs
    # only when the quick check cannot vouch for the file, to find its errors.
    scanned = S.scan(text)
    kinds = [kind for kind, _, _ in scanned]
    diags = Diagnostics()
    if not surely_valid(text, scanned, kinds):
        _, diags = parse_config(src, filename)
        if diags.has_errors():
            original = src.decode("utf-8", "surrogateescape") if isinstance(src, bytes) else src
            return original, diags
    bom = src.startswith(b"\xef\xbb\xbf") if isinstance(src, bytes) else src.startswith("\ufeff")
    # No writer tokens are made: the layout works on the kinds, texts and
    # spaces of the scanned tokens, each in a list.
    texts = [text[start:end] for _, start, end in scanned]
    # Each token's spaces: from the end of the token before (before the first,
    # a byte order mark counts as three).
    ends = [-3 if bom else 0] + [end for _, _, end in scanned]
    spaces = [token[1] - end for token, end in zip(scanned, ends, strict=False)]
    _layout(kinds, texts, spaces)
    pieces = [" " * space + tx if space else tx for space, tx in zip(spaces, texts, strict=True)]
    return "".join(pieces), diags
