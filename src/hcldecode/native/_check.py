"""A quick answer to "does this file parse without diagnostics?", without a syntax tree.

The formatter and the editable document only need to know that a file is
valid before they work on its tokens; the full parser builds a tree they
do not use. :func:`surely_valid` walks the scanned tokens with the
parser's grammar and its newline rules but builds nothing.

It is conservative: it follows the constructs that nearly every file is
made of (bodies, blocks, attributes, operators, conditionals, calls,
tuples, objects, traversals and splats, quoted strings and heredocs with
interpolations and directives, ``for`` expressions) and answers
``False`` for anything else, error or not: namespaced function names,
numbers other than short plain decimals, escapes other than ``\\n``,
``\\r``, ``\\t``, ``\\"`` and ``\\\\``, nesting deeper than a few dozen
levels. Whatever it accepts, the parser accepts without a diagnostic;
callers run the parser whenever it answers ``False``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..values._limits import max_nesting
from ..values._number import MAX_DECIMAL_EXPONENT
from . import _scanner as S
from ._scanner import Token

__all__ = ["surely_valid"]

_NEWLINE: Final = S.NEWLINE
_COMMENT: Final = S.COMMENT
_NO_GAP: Final = -1  # no token has this kind

# The binary operators' kinds (those of the parser's precedence levels).
_BINARY: Final = frozenset(
    {
        S.OR,
        S.AND,
        S.EQUAL_OP,
        S.NOT_EQUAL,
        S.GREATER,
        S.GREATER_EQUAL,
        S.LESS,
        S.LESS_EQUAL,
        S.PLUS,
        S.MINUS,
        S.STAR,
        S.SLASH,
        S.PERCENT,
    }
)

# The kinds that start a traversal step.
_STEP_STARTS: Final = frozenset({S.DOT, S.OBRACK})

# Numbers the parser takes without a range check: short plain decimals.
_PLAIN_NUMBER: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_PLAIN_NUMBER_LENGTH: Final = MAX_DECIMAL_EXPONENT + 1

# The escapes of quoted text, read from left to right (a backslash and what
# follows it), and those the check lets through.
_ESCAPE: Final = re.compile(r"\\[\s\S]?")
_SIMPLE_ESCAPES: Final = frozenset({"\\n", "\\r", "\\t", '\\"', "\\\\"})

# Deeper nesting is left to the parser, which knows its own limit.
_MAX_DEPTH: Final = 40


class _Unsure(Exception):
    """Raised where the check leaves the answer to the parser."""


def surely_valid(text: str, tokens: Sequence[Token], kinds: Sequence[int]) -> bool:
    """True when the parser reads ``text`` as a configuration file without any
    diagnostic; False when it may not.

    ``tokens`` are the text's tokens, comments included, and ``kinds`` the
    list of their kinds.
    """
    if _COMMENT in kinds:
        # The parser's view: a line comment ends its line, others are spaces.
        if "/*" not in text:
            # Line comments only: each is a newline (the last one may end the
            # text instead, where a newline before the end changes nothing).
            kinds = [_NEWLINE if kind == _COMMENT else kind for kind in kinds]
        else:
            tokens = [
                (_NEWLINE, tok[1], tok[2]) if tok[0] == _COMMENT else tok
                for tok in tokens
                if tok[0] != _COMMENT or text[tok[2] - 1] == "\n"
            ]
            kinds = [tok[0] for tok in tokens]
    try:
        _Checker(text, tokens, kinds).body(0, S.EOF)
    except _Unsure:
        return False
    return True


class _Checker:
    """Recognises the grammar over the tokens the parser reads.

    Each method takes the index of the token to start at and returns the
    index after what it recognised, or raises :class:`_Unsure`. ``gap`` is
    the kind of token passed over between tokens: ``NEWLINE`` where newlines
    do not count (as the parser's ``newlines`` stack says), ``_NO_GAP``
    (no kind) where they do; the hottest loops pass over it inline.
    """

    def __init__(self, text: str, tokens: Sequence[Token], kinds: Sequence[int]) -> None:
        self.text = text
        self.tokens = tokens
        self.kinds = kinds
        self.depth = 0
        # Quoted text needs a look only where the file has a backslash.
        self.escapes = "\\" in text
        # The parser counts a level for each expression, block body, unary
        # operator, full splat and template directive; so does the check (at
        # least as many), which gives up past the parser's limit or
        # _MAX_DEPTH, the lower of the two.
        self.limit = min(_MAX_DEPTH, max_nesting())

    def text_of(self, i: int) -> str:
        _, start, end = self.tokens[i]
        return self.text[start:end]

    def skip(self, i: int, gap: int) -> int:
        """The index of the first token from ``i`` that is not of kind ``gap``."""
        kinds = self.kinds
        while kinds[i] == gap:
            i += 1
        return i

    def enter(self, levels: int = 1) -> None:
        self.depth += levels
        if self.depth > self.limit:
            raise _Unsure

    # ------------------------------------------------------------------ bodies

    def body(self, i: int, end: int) -> int:
        """Items up to the ``end`` token (``CBRACE``, read, or ``EOF``, not read)."""
        kinds = self.kinds
        names: set[str] = set()
        while True:
            kind = kinds[i]
            if kind == _NEWLINE:
                i += 1
                continue
            if kind == end:
                return i + 1 if end == S.CBRACE else i
            if kind != S.IDENT:
                raise _Unsure
            if kinds[i + 1] == S.EQUAL:
                name = self.text_of(i)
                if name in names:  # set again: an error
                    raise _Unsure
                names.add(name)
                i = self.expr(i + 2, _NO_GAP)
                kind = kinds[i]
                if kind == _NEWLINE:
                    i += 1
                elif kind != S.EOF:
                    raise _Unsure
            else:
                i = self.block(i + 1)

    def block(self, i: int) -> int:
        """A block after its type name: labels, body and the end of its line."""
        kinds = self.kinds
        while True:
            kind = kinds[i]
            if kind == S.IDENT:
                i += 1
            elif kind == S.OQUOTE:
                i += 1
                while kinds[i] == S.QUOTED_LIT:
                    if self.escapes:
                        self.literal(i)
                    i += 1
                if kinds[i] != S.CQUOTE:
                    raise _Unsure
                i += 1
            else:
                break
        if kind != S.OBRACE:
            raise _Unsure
        i += 1
        self.enter()
        kind = kinds[i]
        if kind in (_NEWLINE, S.CBRACE):
            i = self.body(i, S.CBRACE)
        elif kind == S.IDENT and kinds[i + 1] == S.EQUAL:  # a one-line block
            i = self.expr(i + 2, _NO_GAP)
            if kinds[i] != S.CBRACE:
                raise _Unsure
            i += 1
        else:
            raise _Unsure
        self.depth -= 1
        kind = kinds[i]
        if kind == _NEWLINE:
            return i + 1
        if kind == S.EOF:
            return i
        raise _Unsure

    # ------------------------------------------------------------------ expressions

    def expr(self, i: int, gap: int) -> int:
        """Operands and binary operators, then possibly a conditional's two results."""
        self.depth += 1
        if self.depth > self.limit:
            raise _Unsure
        kinds = self.kinds
        i = self.operand(i, gap)
        while True:
            while kinds[i] == gap:
                i += 1
            kind = kinds[i]
            if kind not in _BINARY:
                break
            i = self.operand(i + 1, gap)
        if kind == S.QUESTION:
            i = self.skip(self.expr(i + 1, gap), gap)
            if kinds[i] != S.COLON:
                raise _Unsure
            i = self.expr(i + 1, gap)
        self.depth -= 1
        return i

    def operand(self, i: int, gap: int) -> int:
        """Unary operators, a term and its traversal steps."""
        kinds = self.kinds
        while kinds[i] == gap:
            i += 1
        kind = kinds[i]
        unary = 0
        while kind in (S.MINUS, S.BANG):
            unary += 1
            i = self.skip(i + 1, gap)
            kind = kinds[i]
        if unary:
            self.enter(unary)
        if kind == S.IDENT:
            after = self.skip(i + 1, gap)
            following = kinds[after]
            if following == S.OPAREN:
                i = self.call(after + 1)
            elif following == S.DOUBLE_COLON:
                raise _Unsure
            else:
                i += 1
        elif kind == S.NUMBER:
            self.number(i)
            i += 1
        elif kind == S.OQUOTE:
            if kinds[i + 1] == S.QUOTED_LIT and kinds[i + 2] == S.CQUOTE and not self.escapes:
                i += 3  # plain text in quotes, as most strings are
            else:
                i = self.template(i + 1, S.QUOTED_LIT, S.CQUOTE)
        elif kind == S.OHEREDOC:
            i = self.template(i + 1, S.STRING_LIT, S.CHEREDOC)
        elif kind == S.OBRACK:
            i = self.sequence(i + 1, S.CBRACK)
        elif kind == S.OBRACE:
            i = self.object(i + 1)
        elif kind == S.OPAREN:
            i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
            if kinds[i] != S.CPAREN:
                raise _Unsure
            i += 1
        else:
            raise _Unsure
        if kinds[i] in _STEP_STARTS or kinds[i] == gap:
            i = self.steps(i, gap)
        self.depth -= unary
        return i

    def call(self, i: int) -> int:
        """A function call's arguments after its ``(``."""
        return self.sequence(i, S.CPAREN)

    def sequence(self, i: int, closer: int) -> int:
        """Comma-separated expressions up to ``closer`` (a trailing comma allowed;
        after a call's last argument, ``...``)."""
        kinds = self.kinds
        i = self.skip(i, _NEWLINE)
        if closer == S.CBRACK and self.keyword(i, "for"):
            return self.for_expr(i + 1, closer)
        while True:
            i = self.skip(i, _NEWLINE)
            if kinds[i] == closer:
                return i + 1
            i = self.skip(self.expr(i, _NEWLINE), _NEWLINE)
            kind = kinds[i]
            if kind == closer:
                return i + 1
            if kind == S.ELLIPSIS and closer == S.CPAREN:
                i = self.skip(i + 1, _NEWLINE)
                if kinds[i] == closer:
                    return i + 1
                raise _Unsure
            if kind != S.COMMA:
                raise _Unsure
            i += 1

    def object(self, i: int) -> int:
        """An object constructor's items after its ``{``: newlines separate them."""
        kinds = self.kinds
        first = self.skip(i, _NEWLINE)
        if self.keyword(first, "for"):
            return self.for_expr(first + 1, S.CBRACE)
        while True:
            kind = kinds[i]
            if kind == _NEWLINE:
                i += 1
                continue
            if kind == S.CBRACE:
                return i + 1
            i = self.expr(i, _NO_GAP)
            kind = kinds[i]
            if kind not in (S.EQUAL, S.COLON):
                raise _Unsure
            i = self.expr(i + 1, _NO_GAP)
            kind = kinds[i]
            if kind == S.CBRACE:
                return i + 1
            if kind not in (S.COMMA, _NEWLINE):
                raise _Unsure
            i += 1

    def for_expr(self, i: int, closer: int) -> int:
        """A ``for`` expression after its ``for``, up to ``closer`` (``]`` or ``}``)."""
        kinds = self.kinds
        i = self.names(i)
        i = self.skip(self.expr(i, _NEWLINE), _NEWLINE)
        if kinds[i] != S.COLON:
            raise _Unsure
        i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
        # A key ("k => v") and grouping ("...") are for objects only, and
        # objects need a key.
        make_object = closer == S.CBRACE
        if kinds[i] == S.FAT_ARROW:
            if not make_object:
                raise _Unsure
            i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
        elif make_object:
            raise _Unsure
        if kinds[i] == S.ELLIPSIS:
            if not make_object:
                raise _Unsure
            i = self.skip(i + 1, _NEWLINE)
        if self.keyword(i, "if"):
            i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
        if kinds[i] != closer:
            raise _Unsure
        return i + 1

    def names(self, i: int) -> int:
        """The names and ``in`` of a ``for`` expression or directive: the index after ``in``."""
        kinds = self.kinds
        i = self.skip(i, _NEWLINE)
        if kinds[i] != S.IDENT:
            raise _Unsure
        i = self.skip(i + 1, _NEWLINE)
        if kinds[i] == S.COMMA:
            i = self.skip(i + 1, _NEWLINE)
            if kinds[i] != S.IDENT:
                raise _Unsure
            i = self.skip(i + 1, _NEWLINE)
        if not self.keyword(i, "in"):
            raise _Unsure
        return i + 1

    def keyword(self, i: int, word: str) -> bool:
        return self.kinds[i] == S.IDENT and self.text_of(i) == word

    def steps(self, i: int, gap: int) -> int:
        """The traversal steps after a term: ``.name``, ``.0``, ``.*``, ``[key]``, ``[*]``."""
        kinds = self.kinds
        splats = 0
        while True:
            while kinds[i] == gap:
                i += 1
            kind = kinds[i]
            if kind == S.DOT:
                i = self.skip(i + 1, gap)
                kind = kinds[i]
                if kind == S.NUMBER:
                    self.index_number(i)
                elif kind == S.STAR:
                    i = self.attribute_splat(i + 1, gap)
                    continue
                elif kind != S.IDENT:
                    raise _Unsure
                i += 1
            elif kind == S.OBRACK:
                star = self.skip(i + 1, gap)
                if kinds[star] == S.STAR:  # a full splat: the rest nests a level deeper
                    i = self.skip(star + 1, gap)
                    if kinds[i] != S.CBRACK:
                        raise _Unsure
                    i += 1
                    splats += 1
                    self.enter()
                else:
                    i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
                    if kinds[i] != S.CBRACK:
                        raise _Unsure
                    i += 1
            else:
                self.depth -= splats
                return i

    def attribute_splat(self, i: int, gap: int) -> int:
        """The ``.name`` (or ``.0``) steps after ``.*``."""
        kinds = self.kinds
        while True:
            dot = self.skip(i, gap)
            if kinds[dot] != S.DOT:
                return i
            i = self.skip(dot + 1, gap)
            if kinds[i] == S.NUMBER:
                self.index_number(i)
            elif kinds[i] != S.IDENT:
                raise _Unsure
            i += 1

    # ------------------------------------------------------------------ literals

    def template(self, i: int, literal: int, closer: int) -> int:
        """A quoted string or heredoc after its opener: literal text, interpolations
        and directives, the directives balanced."""
        kinds = self.kinds
        # The directives open where the template is: "if", "else" (an "if" in its
        # else part) or "for".
        open_directives: list[str] = []
        while True:
            kind = kinds[i]
            if kind == literal:
                if self.escapes and literal == S.QUOTED_LIT:
                    self.literal(i)
                i += 1
                continue
            if kind == closer:
                if open_directives:
                    raise _Unsure
                return i + 1
            if kind == S.TEMPLATE_INTERP:
                i = self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
            elif kind == S.TEMPLATE_CONTROL:
                i = self.directive(self.skip(i + 1, _NEWLINE), open_directives)
            else:
                raise _Unsure
            if kinds[i] != S.TEMPLATE_SEQ_END:
                raise _Unsure
            i += 1

    def directive(self, i: int, open_directives: list[str]) -> int:
        """A directive's keyword and what follows it, up to its closing brace."""
        if self.kinds[i] != S.IDENT:
            raise _Unsure
        word = self.text_of(i)
        top = open_directives[-1] if open_directives else ""
        if word == "if":
            open_directives.append("if")
            self.enter()
            return self.skip(self.expr(i + 1, _NEWLINE), _NEWLINE)
        if word == "for":
            open_directives.append("for")
            self.enter()
            return self.skip(self.expr(self.names(i + 1), _NEWLINE), _NEWLINE)
        if word == "else" and top == "if":
            open_directives[-1] = "else"
        elif (word == "endif" and top in ("if", "else")) or (word == "endfor" and top == "for"):
            open_directives.pop()
            self.depth -= 1
        else:
            raise _Unsure
        return self.skip(i + 1, _NEWLINE)

    def literal(self, i: int) -> None:
        """Quoted literal text: only simple escapes."""
        raw = self.text_of(i)
        if "\\" in raw and not _SIMPLE_ESCAPES.issuperset(_ESCAPE.findall(raw)):
            raise _Unsure

    def number(self, i: int) -> None:
        raw = self.text_of(i)
        if len(raw) > _PLAIN_NUMBER_LENGTH or _PLAIN_NUMBER.fullmatch(raw) is None:
            raise _Unsure

    def index_number(self, i: int) -> None:
        """The number of a legacy index step (``a.0``): digits only."""
        raw = self.text_of(i)
        if len(raw) > _PLAIN_NUMBER_LENGTH or not raw.isdigit():
            raise _Unsure
