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
from bisect import bisect_right
from collections.abc import Sequence
from itertools import pairwise

from .._text import grapheme_count
from ..model._diagnostics import Diagnostics
from ._tokens import BRACKET_CHANGE, TokenKind, WriterToken, bracket_levels, scan_checked

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

# Kinds as the bytes that stand for them in a bytes string of kinds.
_EOF_CODE = bytes([K.EOF])
_NEWLINE_CODE = bytes([K.NEWLINE])
_COMMENT_CODE = bytes([K.COMMENT])
_EQUAL_CODE = bytes([K.EQUAL])
_OHEREDOC_CODE = bytes([K.OHEREDOC])
_MINUS_CODE = bytes([K.MINUS])

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


def _lines(codes: bytes, texts: list[str], level: list[int]) -> list[_Line]:
    """The tokens up to ``EOF`` split into lines and cells."""
    stop = codes.find(_EOF_CODE)
    if stop < 0:
        stop = len(codes)
    # The tokens that end lines: newlines, and line comments (which hold theirs).
    ends = _positions(codes, _NEWLINE_CODE, stop)
    comments = [i for i in _positions(codes, _COMMENT_CODE, stop) if texts[i][-1] == "\n"]
    if comments:
        ends = sorted(ends + comments)
    lines: list[_Line] = []
    start = 0
    for end in ends:
        lines.append(_cells(codes, start, end + 1, level))
        start = end + 1
    lines.append(_cells(codes, start, stop, level))
    return lines


def _positions(codes: bytes, code: bytes, stop: int) -> list[int]:
    """The indexes of the tokens of kind ``code`` before ``stop``."""
    found = []
    i = codes.find(code, 0, stop)
    while i >= 0:
        found.append(i)
        i = codes.find(code, i + 1, stop)
    return found


def _cells(codes: bytes, start: int, stop: int, level: list[int]) -> _Line:
    """The cells of the line of tokens ``start`` to ``stop``."""
    # Brackets opened by the tokens after the line's first "=" (after its
    # first token), to its end.
    equal = codes.find(_EQUAL_CODE, start + 1, stop)
    net = level[stop] - level[equal + 1]
    comment = -1
    if stop - start > 1 and codes[stop - 1] == _COMMENT:
        stop -= 1
        comment = stop
    # Only a whole expression after the "=" is aligned; one that opens
    # brackets continues on the lines below.
    if equal < 0 or net != 0:
        return start, stop, stop, comment
    return start, equal, stop, comment


def _indent(lines: list[_Line], codes: bytes, level: list[int], spaces: list[int]) -> None:
    """Indent each line by two spaces per level of brackets open before it.

    A line that opens brackets (net) starts a level; one that closes them
    ends as many levels as it closes brackets, counting each level as the
    number of brackets its line opened. Unbalanced lines thus shift the
    indentation by at most one level each.
    """
    levels: list[int] = []  # the brackets each open level stands for
    for start, lead_end, end, _ in lines:
        if start == lead_end:
            continue
        if codes[start] == _NEWLINE:
            spaces[start] = 0
            continue
        # The lead counts up to a heredoc's opener: the heredoc's text is not
        # counted; the "=" cell counts whole.
        heredoc = codes.find(_OHEREDOC_CODE, start, lead_end)
        lead_stop = lead_end if heredoc < 0 else heredoc + 1
        net = level[lead_stop] - level[start] + level[end] - level[lead_end]
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
    tokens (taking an identifier on the left to be another word than "in"),
    -1 when the kind before the left one matters too.

    The kind before matters only as a kind after which "-" is a negation,
    so one probe of each answer is enough.
    """
    answers = {_space_between(left, "x", before, right) for before in (K.IDENT, _NO_KIND)}
    return int(answers.pop()) if len(answers) == 1 else -1


_KIND_COUNT = len(K)


@functools.cache
def _decisions() -> list[list[int]]:
    """_decide's answer for each pair of kinds, by left kind, then right kind."""
    return [[_decide(left, right) for right in range(_KIND_COUNT)] for left in range(_KIND_COUNT)]


def _space(lines: list[_Line], kinds: Sequence[int], texts: list[str], spaces: list[int]) -> None:
    """Set the spaces between the tokens within each cell."""
    decided = _decisions()
    # after[i]: the space between token i and the next, where the two kinds decide it.
    after = [decided[left][right] for left, right in pairwise(kinds)]
    for start, lead_end, end, _ in lines:
        if start < lead_end:
            spaces[start + 1 : lead_end] = after[start : lead_end - 1]
        if lead_end < end:
            spaces[lead_end] = 1
            spaces[lead_end + 1 : end] = after[lead_end : end - 1]
    # The rest: after "-", which the kind before it makes a negation or a
    # subtraction, and after an identifier "in" (a keyword after a name).
    odd = _positions(bytes(kinds), _MINUS_CODE, len(kinds))
    at = -1
    while True:
        try:
            at = texts.index("in", at + 1)
        except ValueError:
            break
        odd.append(at)
    if not odd:
        return
    starts = [line[0] for line in lines]
    for i in odd:
        start, lead_end, end, _ = lines[bisect_right(starts, i) - 1]
        if i < lead_end:  # in the lead
            end = lead_end
        else:  # in the "=" cell, or after it
            start = lead_end
        if i + 1 < end:  # token i and the next share a cell
            before = kinds[i - 1] if i > start else _NO_KIND
            spaces[i + 1] = int(_space_between(kinds[i], texts[i], before, kinds[i + 1]))


def _align(lines: list[_Line], texts: list[str], spaces: list[int]) -> None:
    """Line up the "=" of consecutive attributes, then consecutive trailing comments."""
    joined = "".join(texts)
    # How many columns a token's text takes: its length, in plain text.
    measure = len if joined.isascii() and "\r" not in joined else grapheme_count

    def columns(start: int, end: int) -> int:
        return sum(spaces[start:end]) + sum(map(measure, texts[start:end]))

    widths = [
        columns(start, lead_end) if lead_end < end else -1 for start, lead_end, end, _ in lines
    ]
    for run in _runs(widths):
        widest = max(widths[i] for i in run)
        for i in run:
            spaces[lines[i][1]] = widest - widths[i] + 1
    widths = [columns(start, end) if comment >= 0 else -1 for start, _, end, comment in lines]
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


def _layout(kinds: Sequence[int], texts: list[str], spaces: list[int]) -> None:
    """Set ``spaces`` (the spaces before each token) to the canonical layout of
    the tokens of ``kinds`` and ``texts``; tokens from ``EOF`` on are left alone."""
    # The kinds as bytes, to be searched in C, and level[i], the brackets that
    # the tokens before token i open (a running sum): the layout then works
    # line by line rather than token by token.
    codes = bytes(kinds)
    level = list(bracket_levels(kinds))
    lines = _lines(codes, texts, level)
    _indent(lines, codes, level, spaces)
    _space(lines, kinds, texts, spaces)
    _align(lines, texts, spaces)


def format_tokens(tokens: list[WriterToken]) -> None:
    """Give tokens their canonical spacing, in place, as ``hclfmt`` lays them out.

    Args:
        tokens: The tokens of a whole file, or of a run of whole lines; only
            their ``spaces_before`` changes.
    """
    spaces = [token.spaces_before for token in tokens]
    _layout([token.kind for token in tokens], [token.text for token in tokens], spaces)
    for token, space in zip(tokens, spaces, strict=True):
        token.spaces_before = space


def format(src: bytes | str, filename: str = "<string>") -> tuple[str, Diagnostics]:
    """A native-syntax file in canonical layout, as HCL's ``hclfmt`` writes it.

    Bytes that are not UTF-8 (which the syntax allows in comments) are kept
    as lone surrogates: encode the text with ``"surrogateescape"`` to write
    them back.

    Args:
        src: The file's content, as bytes (UTF-8) or text.
        filename: The name used in the diagnostics.

    Returns:
        ``(text, diagnostics)``: the formatted text and the diagnostics of
        parsing ``src``. When these include errors, the text is ``src``
        unchanged (decoded, if bytes).

    Raises:
        TypeError: ``filename`` is not a ``str``.
    """
    text, scanned, kinds, bom, diags = scan_checked(src, filename)
    if diags.has_errors():
        original = src.decode("utf-8", "surrogateescape") if isinstance(src, bytes) else src
        return original, diags
    # No writer tokens are made: the layout works on the kinds, texts and
    # spaces of the scanned tokens, each in a list.
    texts = [text[start:end] for _, start, end in scanned]
    # The layout sets the spaces before every token but EOF, which keeps those
    # it has (before the first token, a byte order mark counts as three).
    spaces = [0] * len(scanned)
    spaces[-1] = len(text) - (scanned[-2][2] if len(scanned) > 1 else -3 if bom else 0)
    _layout(kinds, texts, spaces)
    # The text: each token's spaces, then the token.
    pads = {width: " " * width for width in set(spaces)}
    pieces = [""] * (2 * len(texts))
    pieces[::2] = map(pads.__getitem__, spaces)
    pieces[1::2] = texts
    return "".join(pieces), diags
