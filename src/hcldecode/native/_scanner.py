"""The scanner of the native syntax: source text to tokens.

A token is a tuple ``(kind, start, end)`` of a kind constant below and the
character offsets of its text. The scanner works with one compiled regular
expression per mode (expressions, quoted templates, heredoc/bare templates),
each match taking a whole run (identifier, number, spaces, comment, literal
text), and a stack of modes for ``"..."``, heredocs and the ``${``/``%{``
sequences inside them, as the reference's Ragel scanner does.

Undecodable bytes arrive as lone surrogates (``surrogateescape``) and
become ``BAD_UTF8`` tokens, one per byte.
"""

from __future__ import annotations

import functools
import operator
import re
import sys
from typing import Final

from .._text import ASCII_IDENT_PATTERN, IDENT_PATTERN, SPACE_CHARS
from ..model._diagnostics import REPEATED_ERRORS as _REPEATED_ERRORS
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._source import SourceMap

__all__ = ["ScanChecker", "Scanner", "Token", "scan", "scan_diagnostics"]

# Always three ints: (kind, start, end). Typed as a tuple of any length on purpose: the
# compiled build (docs/architecture.md) keeps such a tuple as one Python object, where
# for a tuple of exactly three ints it would give every token variable three C
# variables, making the parser's C frames several times larger (and the C stack that
# each level of nesting takes too).
Token = tuple[int, ...]

# Token kinds.
EOF: Final = 0
NEWLINE: Final = 1
COMMENT: Final = 2
IDENT: Final = 3
NUMBER: Final = 4
OQUOTE: Final = 5
CQUOTE: Final = 6
OHEREDOC: Final = 7
CHEREDOC: Final = 8
QUOTED_LIT: Final = 9
STRING_LIT: Final = 10
TEMPLATE_INTERP: Final = 11
TEMPLATE_CONTROL: Final = 12
TEMPLATE_SEQ_END: Final = 13
OBRACE: Final = 14
CBRACE: Final = 15
OBRACK: Final = 16
CBRACK: Final = 17
OPAREN: Final = 18
CPAREN: Final = 19
DOT: Final = 20
COMMA: Final = 21
STAR: Final = 22
SLASH: Final = 23
PERCENT: Final = 24
PLUS: Final = 25
MINUS: Final = 26
EQUAL: Final = 27
LESS: Final = 28
GREATER: Final = 29
BANG: Final = 30
QUESTION: Final = 31
COLON: Final = 32
EQUAL_OP: Final = 33
NOT_EQUAL: Final = 34
GREATER_EQUAL: Final = 35
LESS_EQUAL: Final = 36
AND: Final = 37
OR: Final = 38
DOUBLE_COLON: Final = 39
ELLIPSIS: Final = 40
FAT_ARROW: Final = 41
BITWISE_AND: Final = 42
BITWISE_OR: Final = 43
BITWISE_NOT: Final = 44
BITWISE_XOR: Final = 45
SEMICOLON: Final = 46
BACKTICK: Final = 47
APOSTROPHE: Final = 48
QUOTED_NEWLINE: Final = 49
INVALID: Final = 50
BAD_UTF8: Final = 51

_SYMBOLS: Final = {
    "[": OBRACK,
    "]": CBRACK,
    "(": OPAREN,
    ")": CPAREN,
    ".": DOT,
    ",": COMMA,
    "*": STAR,
    "/": SLASH,
    "%": PERCENT,
    "+": PLUS,
    "-": MINUS,
    "=": EQUAL,
    "<": LESS,
    ">": GREATER,
    "!": BANG,
    "?": QUESTION,
    ":": COLON,
    "&": BITWISE_AND,
    "|": BITWISE_OR,
    "~": BITWISE_NOT,
    "^": BITWISE_XOR,
    ";": SEMICOLON,
    "`": BACKTICK,
    "'": APOSTROPHE,
    "==": EQUAL_OP,
    "!=": NOT_EQUAL,
    ">=": GREATER_EQUAL,
    "<=": LESS_EQUAL,
    "&&": AND,
    "||": OR,
    "::": DOUBLE_COLON,
    "...": ELLIPSIS,
    "=>": FAT_ARROW,
}

# The escaped bytes (lone surrogates), as regex escapes: mypyc refuses the code points.
_BAD: Final = r"\udc80-\udcff"


# Spaces and tabs before a token are matched with it (``start(lastindex)`` is
# the token's start). No token starts with a space or tab, so the pattern
# fails only where nothing but spaces and tabs is left. The alternatives are
# tried in order: the most frequent first (identifiers, newlines, plain
# strings), each before any other that could match where it starts (a
# comment before "/", a heredoc before "<", "~}" before "~"). Identifiers need the
# Unicode tables, whose classes take tens of milliseconds to compile: ASCII
# text (nearly every file) is scanned with the ASCII form, compiled at once;
# the full form is compiled the first time a file needs it.
def _main_pattern(ident: str) -> re.Pattern[str]:
    return re.compile(
        rf"""
        [ \t]*(?:
        (?P<ident>{ident})
        |(?P<newline>\r?\n)
        |(?P<string>"[^"\\$%\r\n{_BAD}]*")
        |(?P<comment>(?:\#|//)[^\n]*\n?)
        |(?P<block_comment>/\*)
        |(?P<seq_end>~\}})
        |(?P<heredoc><<-?(?P<marker>{ident})\r?\n)
        |(?P<symbol>==|!=|>=|<=|&&|\|\||::|\.\.\.|=>|[\[\]().,*/%+\-=<>!?:&|~^;`'])
        |(?P<obrace>\{{)
        |(?P<cbrace>\}})
        |(?P<number>[0-9](?:(?:[0-9.]|[eE][+-]?[0-9])*(?:[0-9]|[eE][+-]?[0-9]))?)
        |(?P<quote>")
        |(?P<bad>[{_BAD}])
        |(?P<invalid>[^ \t]))
        """,
        re.VERBOSE,
    )


_MAIN_ASCII: Final = _main_pattern(ASCII_IDENT_PATTERN)

# The numbers of the main pattern's groups (the same in both forms).
_IDENT_GROUP: Final = _MAIN_ASCII.groupindex["ident"]
_SYMBOL_GROUP: Final = _MAIN_ASCII.groupindex["symbol"]
_NEWLINE_GROUP: Final = _MAIN_ASCII.groupindex["newline"]
_STRING_GROUP: Final = _MAIN_ASCII.groupindex["string"]
_NUMBER_GROUP: Final = _MAIN_ASCII.groupindex["number"]
_COMMENT_GROUP: Final = _MAIN_ASCII.groupindex["comment"]
_BLOCK_COMMENT_GROUP: Final = _MAIN_ASCII.groupindex["block_comment"]
_OBRACE_GROUP: Final = _MAIN_ASCII.groupindex["obrace"]
_CBRACE_GROUP: Final = _MAIN_ASCII.groupindex["cbrace"]
_SEQ_END_GROUP: Final = _MAIN_ASCII.groupindex["seq_end"]
_QUOTE_GROUP: Final = _MAIN_ASCII.groupindex["quote"]
_HEREDOC_GROUP: Final = _MAIN_ASCII.groupindex["heredoc"]
_BAD_GROUP: Final = _MAIN_ASCII.groupindex["bad"]


@functools.cache
def _main_unicode() -> re.Pattern[str]:
    return _main_pattern(IDENT_PATTERN)


# Inside "...": escapes belong to the literal runs; "$" and "%" not starting
# a sequence are literal tokens of their own, as in the reference. A run is
# written as plain characters between escapes, not as a repeated choice of
# character or escape, which Python's regex engine would remember for every
# character matched. It takes at most _ESCAPES escapes at a time (the engine
# remembers each repetition of the group); _QUOTED_MORE continues it.
_QUOTED_PLAIN: Final = rf'[^$%"\\\r\n{_BAD}]'
_QUOTED_ESCAPE: Final = rf"\\[^\r\n{_BAD}]"
_ESCAPES: Final = 256
_QUOTED: Final = rf"""
    (?P<interp>\$\{{~?)
    |(?P<control>%\{{~?)
    |(?P<quote>")
    |(?P<literal>\$\$\{{~?|%%\{{~?|[$%](?=[^{{])
        |(?:{_QUOTED_PLAIN}|{_QUOTED_ESCAPE}){_QUOTED_PLAIN}*
        (?:{_QUOTED_ESCAPE}{_QUOTED_PLAIN}*){{0,{_ESCAPES}}})
    |(?P<newline>[\r\n]+)
    |(?P<bad>[{_BAD}])
    |(?P<invalid>[\s\S])
    """

_QUOTED_MORE: Final = rf"(?:{_QUOTED_ESCAPE}{_QUOTED_PLAIN}*){{1,{_ESCAPES}}}"

# Heredoc bodies and bare templates: literal runs end at line ends. A "$" or
# "%" not starting a sequence is a token of its own, except that it takes the
# next one-byte character with it when "\r" or "\n" follows that character,
# as the reference's scanner does; it matters to a "~" strip marker after it.
_LINES: Final = rf"""
    (?P<interp>\$\{{~?)
    |(?P<control>%\{{~?)
    |(?P<literal>(?:\$\$\{{~?|%%\{{~?|[^$%\r\n{_BAD}]+)(?:\r?\n)?|\r?\n
        |[$%](?:[\x00-\x7a\x7c-\x7f{_BAD}](?=[\r\n])|(?=[^{{])))
    |(?P<bad>[{_BAD}])
    |(?P<invalid>[\s\S])
    """


@functools.cache
def _string_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns of quoted strings that are not plain, of the escapes that continue
    a literal run, and of heredoc bodies and bare templates, compiled when a text first
    needs them: the main pattern takes plain strings whole, and most strings are."""
    return (
        re.compile(_QUOTED, re.VERBOSE),
        re.compile(_QUOTED_MORE),
        re.compile(_LINES, re.VERBOSE),
    )


_MODE_MAIN: Final = 0
_MODE_QUOTED: Final = 1
_MODE_HEREDOC: Final = 2
_MODE_BARE: Final = 3


class Scanner:
    """A scanner that gives the tokens of one text a part at a time (:meth:`scan`).

    The parser of a configuration reads the parts as it goes and forgets what
    it has read, so that a big file's tokens are never all held at once.
    """

    def __init__(
        self, text: str, start: int = 0, *, template: bool = False, comments: bool = True
    ) -> None:
        self.text = text
        self.pos = start
        self.comments = comments
        self.modes = [_MODE_BARE if template else _MODE_MAIN]
        self.braces = 0
        self.return_braces: list[int] = []
        self.heredocs: list[list[object]] = []  # [marker, at start of line]
        self.no_comment_end_after = len(text) + 1
        self.main = _MAIN_ASCII if text.isascii() else _main_unicode()
        # Whether the EOF token was given.
        self.done = False

    def scan(self, limit: int) -> list[Token]:
        """The next tokens: all that are left (ending with the ``EOF`` token), or at
        least ``limit`` of them, up to a newline outside any brace, template or
        string, where a body item of the file may end."""
        tokens: list[Token] = []
        text = self.text
        n = len(text)
        pos = self.pos
        modes = self.modes
        braces = self.braces
        return_braces = self.return_braces
        heredocs = self.heredocs
        no_comment_end_after = self.no_comment_end_after
        comments = self.comments
        symbols = _SYMBOLS
        main = self.main
        cut = False
        while pos < n:
            mode = modes[-1]
            if mode == _MODE_MAIN:
                # Expression tokens, in a loop of their own up to the next change of
                # mode. The pattern matches wherever more than spaces are left, so
                # each match starts where the last one ended; the loop stops to go
                # on elsewhere (after a block comment) or in another mode.
                for m in main.finditer(text, pos):
                    which = m.lastindex  # the group, by number: cheaper than by name
                    assert which is not None
                    pos = m.start(which)
                    end = m.end()
                    if which == _IDENT_GROUP:
                        tokens.append((IDENT, pos, end))
                    elif which == _SYMBOL_GROUP:
                        tokens.append((symbols[m.group(which)], pos, end))
                    elif which == _NEWLINE_GROUP:
                        tokens.append((NEWLINE, pos, end))
                        if braces == 0 and len(tokens) >= limit and len(modes) == 1:
                            pos = end
                            cut = True
                            break
                    elif which == _STRING_GROUP:
                        # A whole quoted string of plain characters (most are): its
                        # tokens at once, as the quoted mode would give them.
                        tokens.append((OQUOTE, pos, pos + 1))
                        if end - pos > 2:
                            tokens.append((QUOTED_LIT, pos + 1, end - 1))
                        tokens.append((CQUOTE, end - 1, end))
                    elif which == _NUMBER_GROUP:
                        tokens.append((NUMBER, pos, end))
                    elif which == _COMMENT_GROUP:
                        if comments:
                            tokens.append((COMMENT, pos, end))
                        elif text[end - 1] == "\n":
                            tokens.append((NEWLINE, pos, end))
                    elif which == _BLOCK_COMMENT_GROUP:
                        close = -1 if pos >= no_comment_end_after else text.find("*/", pos + 2)
                        if close < 0:
                            no_comment_end_after = pos
                            tokens.append((SLASH, pos, pos + 1))
                            pos += 1
                        else:
                            if comments:
                                tokens.append((COMMENT, pos, close + 2))
                            pos = close + 2
                        break
                    elif which == _OBRACE_GROUP:
                        tokens.append((OBRACE, pos, end))
                        braces += 1
                    elif which in (_CBRACE_GROUP, _SEQ_END_GROUP):
                        if return_braces and return_braces[-1] == braces:
                            tokens.append((TEMPLATE_SEQ_END, pos, end))
                            return_braces.pop()
                            modes.pop()
                            braces -= 1
                            pos = end
                            break
                        tokens.append(
                            (TEMPLATE_SEQ_END if which == _SEQ_END_GROUP else CBRACE, pos, end)
                        )
                        braces -= 1
                    elif which == _QUOTE_GROUP:
                        tokens.append((OQUOTE, pos, end))
                        modes.append(_MODE_QUOTED)
                        pos = end
                        break
                    elif which == _HEREDOC_GROUP:
                        tokens.append((OHEREDOC, pos, end))
                        heredocs.append([m.group("marker"), True])
                        modes.append(_MODE_HEREDOC)
                        pos = end
                        break
                    elif which == _BAD_GROUP:
                        tokens.append((BAD_UTF8, pos, end))
                    else:
                        tokens.append((INVALID, pos, end))
                else:  # no more tokens: the rest, if any, is spaces
                    pos = n
                if cut:
                    break
                continue

            quoted, quoted_more, lines = _string_patterns()
            found = (quoted if mode == _MODE_QUOTED else lines).match(text, pos)
            assert found is not None
            group = found.lastgroup
            end = found.end()
            if group == "literal":
                if mode == _MODE_QUOTED and text[pos] not in "$%":
                    # A run of plain characters and escapes: its last escapes.
                    while text.startswith("\\", end):
                        more = quoted_more.match(text, end)
                        if more is None:
                            break
                        end = more.end()
                if mode == _MODE_HEREDOC:
                    doc = heredocs[-1]
                    if text[end - 1] == "\n":
                        if doc[1]:
                            line_end = end - 2 if text[end - 2 : end] == "\r\n" else end - 1
                            if text[pos:line_end].strip(SPACE_CHARS) == doc[0]:
                                tokens.append((CHEREDOC, pos, line_end))
                                tokens.append((NEWLINE, line_end, end))
                                heredocs.pop()
                                modes.pop()
                                pos = end
                                continue
                        doc[1] = True
                    else:
                        doc[1] = False
                tokens.append((QUOTED_LIT if mode == _MODE_QUOTED else STRING_LIT, pos, end))
            elif group in {"interp", "control"}:
                tokens.append(
                    (TEMPLATE_INTERP if group == "interp" else TEMPLATE_CONTROL, pos, end)
                )
                braces += 1
                return_braces.append(braces)
                if heredocs:
                    heredocs[-1][1] = False
                modes.append(_MODE_MAIN)
            elif group == "quote":
                tokens.append((CQUOTE, pos, end))
                modes.pop()
            elif group == "newline":
                tokens.append((QUOTED_NEWLINE, pos, end))
            elif group == "bad":
                tokens.append((BAD_UTF8, pos, end))
            elif mode != _MODE_QUOTED:
                # A lone carriage return, or "$" or "%" at the very end: the
                # reference's line scanner stops here, and the rest of the text
                # is one token, literal text at a bare template's top level.
                tokens.append((STRING_LIT if len(modes) == 1 else INVALID, pos, n))
                break
            else:
                tokens.append((INVALID, pos, end))
            pos = end
        self.pos = pos
        self.braces = braces
        self.no_comment_end_after = no_comment_end_after
        if not cut:
            tokens.append((EOF, n, n))
            self.done = True
        return tokens


def scan(
    text: str, start: int = 0, *, template: bool = False, comments: bool = True
) -> list[Token]:
    """Tokens of ``text`` from offset ``start``, ending with an ``EOF`` token.

    ``template`` scans the whole text as a bare template (``parse_template``).
    Without ``comments``, the tokens are those the parser reads, as the
    reference's parser sees them: a line comment (which ends its line) is a
    ``NEWLINE`` token over the comment's text, and other comments are left out.
    """
    return Scanner(text, start, template=template, comments=comments).scan(sys.maxsize)


_BITWISE_ADVICE: Final = {
    BITWISE_AND: ' Did you mean boolean AND ("&&")?',
    BITWISE_OR: ' Did you mean boolean OR ("||")?',
    BITWISE_NOT: ' Did you mean boolean NOT ("!")?',
    BITWISE_XOR: "",
}

_CHECKED: Final = frozenset(
    {*_BITWISE_ADVICE, BACKTICK, APOSTROPHE, SEMICOLON, BAD_UTF8, QUOTED_NEWLINE, INVALID}
)

_kind: Final = operator.itemgetter(0)

_INVALID: Final = "Invalid character"
_BACKTICK_DETAIL: Final = (
    'The "`" character is not valid. To create a multi-line string, '
    'use the "heredoc" syntax, like "<<EOT".'
)
_APOSTROPHE_DETAIL: Final = 'Single quotes are not valid. Use double quotes (") to enclose strings.'
_SEMICOLON_DETAIL: Final = (
    'The ";" character is not valid. Use newlines to separate arguments '
    "and blocks, and commas to separate items in collection values."
)
_MULTI_LINE: Final = "Invalid multi-line string"
_MULTI_LINE_DETAIL: Final = (
    "Quoted strings may not be split over multiple lines. To produce a "
    "multi-line string, either use the \\n escape to represent a newline "
    'character or use the "heredoc" multi-line template syntax.'
)
_CURLY_DETAIL: Final = (
    '"Curly quotes" are not valid here. These can sometimes be inadvertently '
    "introduced when sharing code via documents or discussion forums. It "
    'might help to replace the character with a "straight quote".'
)
_UNUSED_DETAIL: Final = "This character is not used within the language."
_ENCODING: Final = "Invalid character encoding"
_ENCODING_DETAIL: Final = (
    "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor."
)


def scan_diagnostics(tokens: list[Token], text: str, source: SourceMap) -> Diagnostics:
    """The errors about characters the language does not use, as the reference reports them.

    Like the reference, bitwise operators are reported for the first four,
    semicolons and bytes that are not UTF-8 for the first only, and backticks
    and single quotes for the first and third. Every other error is reported
    for its first 100 occurrences of one detail (``REPEATED_ERRORS``). Only
    reported errors cost a position.
    """
    checker = ScanChecker(text, source)
    checker.check(tokens)
    return checker.diags


class ScanChecker:
    """:func:`scan_diagnostics` for tokens given a part at a time (:class:`Scanner`):
    each part's errors are added to ``diags``, counted over the whole text."""

    def __init__(self, text: str, source: SourceMap) -> None:
        self.text = text
        self.source = source
        self.diags = Diagnostics()
        self.told_bitwise = 0
        self.told_backtick = 0
        self.told_apostrophe = 0
        # How many more times each detail may be reported.
        self.left = {
            _SEMICOLON_DETAIL: 1,
            _ENCODING_DETAIL: 1,
            _MULTI_LINE_DETAIL: _REPEATED_ERRORS,
            _CURLY_DETAIL: _REPEATED_ERRORS,
            _UNUSED_DETAIL: _REPEATED_ERRORS,
        }

    def check(self, tokens: list[Token]) -> None:
        """Add the errors of the next tokens to ``diags``."""
        if _CHECKED.isdisjoint(map(_kind, tokens)):  # the usual case, tested without a Python loop
            return
        text = self.text
        left = self.left
        for kind, start, end in tokens:
            if kind not in _CHECKED:
                continue
            summary = _INVALID
            if kind in _BITWISE_ADVICE:
                if self.told_bitwise >= 4:
                    continue
                self.told_bitwise += 1
                summary = "Unsupported operator"
                detail = f"Bitwise operators are not supported.{_BITWISE_ADVICE[kind]}"
            elif kind in (BACKTICK, APOSTROPHE):
                # The reference reports the first and third of each.
                if kind == BACKTICK:
                    told = self.told_backtick
                    self.told_backtick += 1
                    detail = _BACKTICK_DETAIL
                else:
                    told = self.told_apostrophe
                    self.told_apostrophe += 1
                    detail = _APOSTROPHE_DETAIL
                if told not in (0, 2):
                    continue
            else:
                if kind == SEMICOLON:
                    detail = _SEMICOLON_DETAIL
                elif kind == BAD_UTF8:
                    summary, detail = _ENCODING, _ENCODING_DETAIL
                elif kind == QUOTED_NEWLINE:
                    summary, detail = _MULTI_LINE, _MULTI_LINE_DETAIL
                elif text[start:end] in ("\u201c", "\u201d"):
                    detail = _CURLY_DETAIL
                else:
                    detail = _UNUSED_DETAIL
                if not left[detail]:
                    continue
                left[detail] -= 1
            self.diags.append(Diagnostic.error(summary, detail, self.source.range(start, end)))
