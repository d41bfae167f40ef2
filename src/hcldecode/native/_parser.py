"""The recursive-descent parser of the native syntax.

It follows the reference parser's structure, its diagnostics (summary,
detail, subject and context ranges) and its error recovery: after an error
the parser enters a sticky *recovery* mode in which most further syntax
errors are not reported, skips to a plausible resynchronisation point
(the matching closing bracket, the end of the body item) and carries on, so
that a file with one bad attribute still yields the others.

Binary operators are parsed iteratively (precedence climbing over an
explicit stack), so long operator chains cost no recursion. Nesting of
brackets, parentheses, templates, unary operators and blocks recurses; it
is limited to :func:`~hcldecode.values.max_nesting` levels, past
which the parser reports "Nesting too deep" and recovers; each level costs
at most four Python frames (which is why operands, operators and the
conditional are parsed in one function).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Final

from .._text import SPACE_CHARS, go_quote, grapheme_count, iter_graphemes, suggest
from ..model._diagnostics import REPEATED_ERRORS, Diagnostic, Diagnostics, Range
from ..model._source import SourceMap
from ..values._errors import raw_text
from ..values._limits import max_nesting, nesting_too_deep_detail
from ..values._number import MAX_DECIMAL_EXPONENT, NumberRangeError, check_literal
from . import _scanner as S
from ._ast import (
    AnonSymbol,
    BinaryOp,
    Conditional,
    ErrorExpr,
    ForExpr,
    FunctionCall,
    Index,
    LiteralKind,
    LiteralValue,
    Node,
    ObjectCons,
    ObjectItem,
    ObjectKey,
    Operator,
    Parens,
    RelativeTraversal,
    ScopeTraversal,
    Splat,
    Step,
    StepKind,
    Template,
    TemplateWrap,
    TupleCons,
    UnaryOp,
)
from ._body import AttributeNode, BlockNode, NativeBody
from ._scanner import Token
from ._template_parser import TemplateParser, TemplateToken

__all__ = ["Parser"]


_BINARY_LEVELS: Final[dict[int, tuple[int, Operator]]] = {
    S.OR: (1, Operator.OR),
    S.AND: (2, Operator.AND),
    S.EQUAL_OP: (3, Operator.EQUAL),
    S.NOT_EQUAL: (3, Operator.NOT_EQUAL),
    S.GREATER: (4, Operator.GREATER),
    S.GREATER_EQUAL: (4, Operator.GREATER_EQUAL),
    S.LESS: (4, Operator.LESS),
    S.LESS_EQUAL: (4, Operator.LESS_EQUAL),
    S.PLUS: (5, Operator.ADD),
    S.MINUS: (5, Operator.SUBTRACT),
    S.STAR: (6, Operator.MULTIPLY),
    S.SLASH: (6, Operator.DIVIDE),
    S.PERCENT: (6, Operator.MODULO),
}
_UNARY: Final = (S.MINUS, S.BANG)
_NEWLINE: Final = S.NEWLINE
# Template parts that need no nesting (the last part is always END).
_PLAIN_PARTS: Final = frozenset({TemplateToken.LITERAL, TemplateToken.INTERP, TemplateToken.END})
_EOF: Final = S.EOF
_LINE_ENDS: Final = (S.NEWLINE, S.EOF)
# The tokens after a term that may start its traversals (a newline may hide one
# where newlines do not count): for any other, there are none.
_TRAVERSAL_NEXT: Final = frozenset({S.DOT, S.OBRACK, S.NEWLINE})
# Where the tokens scanned so far end, when more are to come: a newline to the
# parser's fast paths, which check for newlines anyway (no real token has a
# negative offset).
_MORE: Final[Token] = (S.NEWLINE, -1, -1)
# How many tokens are scanned at a time, and read before they are forgotten.
_PART: Final = 4096

_OPPOSITE: Final = {
    S.OBRACE: S.CBRACE,
    S.OBRACK: S.CBRACK,
    S.OPAREN: S.CPAREN,
    S.OQUOTE: S.CQUOTE,
    S.OHEREDOC: S.CHEREDOC,
    S.CBRACE: S.OBRACE,
    S.CBRACK: S.OBRACK,
    S.CPAREN: S.OPAREN,
    S.CQUOTE: S.OQUOTE,
    S.CHEREDOC: S.OHEREDOC,
    S.TEMPLATE_CONTROL: S.TEMPLATE_SEQ_END,
    S.TEMPLATE_INTERP: S.TEMPLATE_SEQ_END,
    S.TEMPLATE_SEQ_END: S.TEMPLATE_INTERP,
}

_OPENERS: Final = frozenset(
    {S.OBRACE, S.OBRACK, S.OPAREN, S.OQUOTE, S.OHEREDOC, S.TEMPLATE_INTERP, S.TEMPLATE_CONTROL}
)
_CLOSERS: Final = frozenset({S.CBRACE, S.CBRACK, S.CPAREN, S.CQUOTE, S.CHEREDOC})

# Patterns kept as text, compiled by ``re`` when first used (``import hcldecode``
# does not pay for them): numbers other than short integers, escape sequences.
_VALID_NUMBER: Final = r"[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?"
# A number literal without an exponent and at most this long is in range.
_ALWAYS_IN_RANGE: Final = MAX_DECIMAL_EXPONENT + 1

_ESCAPE: Final = r"\\(?:u[0-9A-Fa-f]{0,4}|U[0-9A-Fa-f]{0,8}|[\s\S])?|\$\$\{|%%\{"
_TEMPLATE_ESCAPE: Final = r"\$\$\{|%%\{"
_SIMPLE_ESCAPES: Final = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}


class Parser:
    """Parses one token list; ``diags`` collects every diagnostic in order."""

    def __init__(
        self,
        text: str,
        source: SourceMap,
        tokens: list[Token],
        more: Callable[[int], list[Token]] | None = None,
    ) -> None:
        """``tokens`` are those the parser reads: scanned without comments. When they
        do not end with the EOF token, ``more(limit)`` gives the next ones (at least
        ``limit`` of them, or all that are left, ending with the EOF token)."""
        self.text = text
        self.source = source
        # The tokens are read a part at a time: ``tokens`` holds those not yet read
        # (and the last one read), then ``_MORE`` if more are to come. Reading the
        # EOF token moves past it, as the reference's peeker does, onto a copy of
        # it, so that the last token read is the EOF token. The tokens are kept in
        # a tuple, which the cyclic garbage collector stops traversing once it has
        # seen that it holds only tuples of numbers: a big file's list would be
        # traversed at every full collection.
        self.more = more
        self.eof_index = -1
        self.tokens: tuple[Token, ...] = ()
        self._add(tokens)
        self.index = 0
        # Whether newlines count where the parser is (the last entry).
        self.newlines = [True]
        self.recovery = False
        self.depth = 0
        self.max_depth = max_nesting()
        self.diags = Diagnostics()
        # Errors found, including those not reported (see ``escape_errors_left``).
        self.failures = 0
        # How many more invalid escape sequences are reported in this file.
        self.escape_errors_left = REPEATED_ERRORS
        # The detail and the number of reports for each attribute set again,
        # by the offset of its first definition.
        self.redefinitions: dict[int, tuple[str, int]] = {}
        # One string object for each distinct name or plain string literal
        # (both repeat many times in a file).
        self.names: dict[str, str] = {}

    # ----------------------------------------------------------------- tokens
    # The next token is usually the one at ``index``; only newlines where they
    # do not count are skipped. ``peek`` and ``read`` do that inline, as they
    # run for nearly every token.

    def _add(self, tokens: list[Token]) -> None:
        """Put the next tokens after those held (``_MORE`` ends those held)."""
        held = self.tokens[:-1]
        if tokens[-1][0] == _EOF:
            self.eof_index = len(held) + len(tokens)
            self.tokens = (*held, *tokens, tokens[-1])
        else:
            self.tokens = (*held, *tokens, _MORE)

    def _read_more(self) -> None:
        """Scan the next tokens, at least as many as those held (so that a body item of
        any size costs linear time)."""
        assert self.more is not None
        self._add(self.more(max(_PART, len(self.tokens))))

    def forget_read(self) -> None:
        """Forget the tokens read but the last one, where no index into the tokens is
        kept (between the items of a file's body), once there are many of them."""
        index = self.index
        if index > _PART and self.eof_index < 0:
            self.tokens = self.tokens[index - 1 :]
            self.index = 1

    def _skip_newlines(self, i: int) -> tuple[Token, int]:
        """The first token from index ``i`` that is not a newline where newlines do not
        count (else the token at ``i``), scanning more tokens when they are needed,
        and its index."""
        skip = not self.newlines[-1]
        tokens = self.tokens
        while True:
            tok = tokens[i]
            if tok[0] != _NEWLINE:
                return tok, i
            if tok[1] < 0:  # _MORE
                self._read_more()
                tokens = self.tokens
                continue
            if not skip:
                return tok, i
            i += 1

    def _next(self) -> tuple[Token, int]:
        """The next token that counts, and the index after it."""
        i = self.index
        tok = self.tokens[i]
        if tok[0] == _NEWLINE and (tok[1] < 0 or not self.newlines[-1]):
            tok, i = self._skip_newlines(i)
        return tok, (i + 1 if tok[0] != _EOF else self.eof_index)

    def peek(self) -> Token:
        tok = self.tokens[self.index]
        if tok[0] == _NEWLINE and (tok[1] < 0 or not self.newlines[-1]):
            return self._skip_newlines(self.index)[0]
        return tok

    def read(self) -> Token:
        i = self.index
        tok = self.tokens[i]
        if tok[0] == _NEWLINE and (tok[1] < 0 or not self.newlines[-1]):
            tok, i = self._skip_newlines(i)
        self.index = i + 1 if tok[0] != _EOF else self.eof_index
        return tok

    def prev(self) -> Token:
        """The last token read (the next one if none was)."""
        if self.index == 0:
            return self.peek()
        return self.tokens[self.index - 1]

    def rng(self, tok: Token) -> Range:
        return self.source.range(tok[1], tok[2])

    def between(self, first: Token, last: Token) -> Range:
        return self.source.range(first[1], last[2])

    def tok_text(self, tok: Token) -> str:
        text = self.text[tok[1] : tok[2]]
        return self.names.setdefault(text, text)

    def error(
        self, summary: str, detail: str, subject: Range, context: Range | None = None
    ) -> None:
        self.diags.append(Diagnostic.error(summary, detail, subject, context))
        self.failures += 1

    def error_at(
        self, summary: str, detail: str, tok: Token, context_from: Token | None = None
    ) -> None:
        """Report an error about ``tok``, in the context from ``context_from`` to it if given."""
        context = None if context_from is None else self.between(context_from, tok)
        self.error(summary, detail, self.rng(tok), context)

    def mark(self) -> tuple[int, int]:
        """The number of diagnostics so far, and of errors (reported or not)."""
        return len(self.diags), self.failures

    def failed_since(self, mark: tuple[int, int]) -> bool:
        """True when an error was found since ``mark`` (all parse diagnostics are errors)."""
        return self.failures > mark[1]

    def redefined(self, item: AttributeNode, existing: AttributeNode) -> None:
        """Report ``item`` setting the attribute ``existing`` set already.

        Each name is reported :data:`REPEATED_ERRORS` times at most; the
        message is made once per name.
        """
        told = self.redefinitions.get(existing.start)
        if told is None:
            detail = (
                f"The argument {go_quote(item.name)} was already set at "
                f"{existing.name_range}. Each argument may be set only once."
            )
            told = (detail, 0)
        detail, count = told
        if count < REPEATED_ERRORS:
            self.redefinitions[existing.start] = (detail, count + 1)
            self.error("Attribute redefined", detail, item.name_range)
        else:
            self.failures += 1

    # ----------------------------------------------------------------- recovery

    def recover(self, end: int) -> Token:
        """Skip to the token closing the current bracket of kind ``end`` and return it."""
        start = _OPPOSITE.get(end, -1)
        self.recovery = True
        nest = 0
        while True:
            tok = self.read()
            kind = tok[0]
            if end == S.TEMPLATE_SEQ_END and kind == S.TEMPLATE_CONTROL:
                kind = S.TEMPLATE_INTERP
            if kind == start:
                nest += 1
            elif kind == end:
                if nest < 1:
                    return tok
                nest -= 1
            elif kind == S.EOF:
                return tok

    def recover_over(self, start: int) -> None:
        """Skip past the next ``start`` token, then to its matching closer."""
        while True:
            kind = self.read()[0]
            if kind in (start, S.EOF):
                break
        self.recover(_OPPOSITE[start])

    def recover_after_body_item(self) -> None:
        self.recovery = True
        open_stack: list[int] = []
        while True:
            kind = self.read()[0]
            if kind == S.NEWLINE:
                if not open_stack:
                    return
            elif kind == S.EOF:
                return
            elif kind in _OPENERS:
                open_stack.append(kind)
            elif kind in _CLOSERS:
                opener = _OPPOSITE[kind]
                while open_stack and open_stack[-1] != opener:
                    open_stack.pop()
                if open_stack:
                    open_stack.pop()
            elif kind == S.TEMPLATE_SEQ_END:
                while open_stack and open_stack[-1] not in (S.TEMPLATE_INTERP, S.TEMPLATE_CONTROL):
                    open_stack.pop()
                if open_stack:
                    open_stack.pop()

    # ----------------------------------------------------------------- nesting

    def enter(self, at: Token | None = None) -> bool:
        """Count one more nesting level; False (with a diagnostic at ``at``, by default
        the next token) past the limit."""
        self.depth += 1
        if self.depth <= self.max_depth:
            return True
        if not self.recovery:
            tok = at or self.peek()
            self.error_at(
                "Nesting too deep",
                nesting_too_deep_detail(
                    "configuration nests expressions, templates or blocks", self.max_depth
                ),
                tok,
            )
        self.recovery = True
        return False

    def leave(self) -> None:
        self.depth -= 1

    # ----------------------------------------------------------------- bodies

    def parse_body(self, end: int, open_tok: Token | None) -> NativeBody:
        """Body items up to and including the ``end`` token (``CBRACE`` or ``EOF``)."""
        attrs: dict[str, AttributeNode] = {}
        blocks: list[BlockNode] = []
        start_tok = self.prev() if open_tok is None else open_tok
        # A file's body: the tokens read are forgotten between its items.
        forget = open_tok is None and self.more is not None and self.depth == 0
        while True:
            if forget:
                self.forget_read()
            i = self.index
            nxt = self.tokens[i]
            kind = nxt[0]
            if kind == _NEWLINE:
                if nxt[1] >= 0 and self.newlines[-1]:  # peek() and read() of a newline
                    self.index = i + 1
                    continue
                nxt = self.peek()
                kind = nxt[0]
            if kind == end:
                end_tok = nxt
                self.read()
                break
            if kind == S.NEWLINE:
                self.read()
                continue
            if kind == S.IDENT:
                item = self.parse_body_item()
                if isinstance(item, BlockNode):
                    blocks.append(item)
                elif isinstance(item, AttributeNode):
                    existing = attrs.get(item.name)
                    if existing is None:
                        attrs[item.name] = item
                    else:
                        self.redefined(item, existing)
                continue
            bad = self.read()
            if not self.recovery:
                start_range = self.rng(start_tok)
                if bad[0] == S.OQUOTE:
                    self.error_at(
                        "Invalid argument name", "Argument names must not be quoted.", bad
                    )
                elif bad[0] == S.EOF:
                    if end == S.CBRACE:
                        self.error(
                            "Unclosed configuration block",
                            "There is no closing brace for this block before the end of the "
                            "file. This may be caused by incorrect brace nesting elsewhere in "
                            "this file.",
                            start_range,
                        )
                    else:
                        self.error(
                            "Unclosed configuration body",
                            "Found end of file before the end of this configuration body.",
                            start_range,
                        )
                else:
                    self.error_at(
                        "Argument or block definition required",
                        "An argument or block definition is required here.",
                        bad,
                    )
            end_tok = self.prev()
            self.recover(end)
            break
        return NativeBody(self.source, start_tok[1], end_tok[2], attributes=attrs, blocks=blocks)

    def parse_body_item(self) -> AttributeNode | BlockNode | None:
        ident = self.read()
        kind = self.peek()[0]
        if kind == S.EQUAL:
            return self.finish_attribute(ident, single_line=False)
        if kind in (S.OQUOTE, S.OBRACE, S.IDENT):
            return self.finish_block(ident)
        self.recover_after_body_item()
        self.error_at(
            "Argument or block definition required",
            "An argument or block definition is required here. To set an argument, use the "
            'equals sign "=" to introduce the argument value.',
            ident,
        )
        return None

    def finish_attribute(self, ident: Token, *, single_line: bool) -> AttributeNode:
        self.read()  # the equals sign
        failures = self.failures
        expr = self._lone_term()
        if expr is None:
            expr = self.parse_expression()
        if self.recovery and self.failures > failures:
            end_tok = self.prev()
            self.recover_after_body_item()
        else:
            i = self.index
            end_tok = self.tokens[i - 1]  # prev(): the equals sign at least was read
            after = self.tokens[i]
            if single_line:
                pass
            elif after[0] == _NEWLINE and after[1] >= 0 and self.newlines[-1]:
                self.index = i + 1  # peek() and read() of the newline
            else:
                after = self.peek()
                if after[0] not in (S.NEWLINE, S.EOF):
                    if not self.recovery:
                        summary = "Missing newline after argument"
                        detail = "An argument definition must end with a newline."
                        if after[0] == S.COMMA:
                            summary = "Unexpected comma after argument"
                            detail = (
                                "Argument definitions must be separated by newlines, not "
                                "commas. " + detail
                            )
                        self.error_at(summary, detail, after, ident)
                    end_tok = self.prev()
                    self.recover_after_body_item()
                else:
                    end_tok = self.prev()
                    self.read()  # the newline
        return AttributeNode(
            self.source, self.tok_text(ident), start=ident[1], end=end_tok[2], expr=expr
        )

    def _lone_term(self) -> Node | None:
        """The value of most attributes, a number, a name or a plain ``"string"`` alone
        before the end of its line: :meth:`parse_term`'s node, which is all that
        :meth:`parse_expression` would find, without its machinery; ``None`` for
        any other value (nothing is read then)."""
        tokens = self.tokens
        i = self.index
        tok = tokens[i]
        kind = tok[0]
        if kind in (S.NUMBER, S.IDENT):
            last = i
        elif kind == S.OQUOTE and tokens[i + 1][0] == S.QUOTED_LIT and tokens[i + 2][0] == S.CQUOTE:
            last = i + 2
        else:
            return None
        if (
            tokens[last + 1][0] not in _LINE_ENDS
            or not self.newlines[-1]
            or self.depth >= self.max_depth
        ):
            return None
        return self.parse_term(tok, i + 1)

    def finish_block(self, ident: Token) -> BlockNode:
        labels: list[str] = []
        label_spans: list[tuple[int, int]] = []
        type_span = (ident[1], ident[2])
        while True:
            tok = self.peek()
            kind = tok[0]
            if kind == S.OBRACE:
                body, open_span, close_span = self.finish_block_body(ident)
                break
            if kind == S.OQUOTE:
                label, span = self.parse_quoted_string_literal()
                labels.append(label)
                label_spans.append(span)
                continue
            if kind == S.IDENT:
                self.read()
                labels.append(self.tok_text(tok))
                label_spans.append((tok[1], tok[2]))
                continue
            if kind == S.EQUAL:
                detail: str | None = (
                    'The equals sign "=" indicates an argument definition, and must not be '
                    "used when defining a block."
                )
            elif kind == S.NEWLINE:
                detail = (
                    'A block definition must have block content delimited by "{" and "}", '
                    "starting on the same line as the block header."
                )
            elif not self.recovery:
                detail = (
                    'Either a quoted string block label or an opening brace ("{") is expected here.'
                )
            else:
                detail = None
            if detail is not None:
                self.error_at("Invalid block definition", detail, tok, ident)
            self.recover_after_body_item()
            body = NativeBody(self.source, ident[1], ident[2])
            open_span = close_span = type_span
            break
        return BlockNode(
            self.source,
            self.tok_text(ident),
            start=ident[1],
            labels=labels,
            label_spans=label_spans,
            body=body,
            open_span=open_span,
            close_span=close_span,
        )

    def finish_block_body(
        self, ident: Token
    ) -> tuple[NativeBody, tuple[int, int], tuple[int, int]]:
        """A block's body from its ``{``: the body and the spans of its braces."""
        open_brace = self.read()
        if not self.enter():
            self.recover(S.CBRACE)
            self.leave()
            body = NativeBody(self.source, open_brace[1], self.prev()[2])
        elif self.peek()[0] in (S.NEWLINE, S.EOF, S.CBRACE):
            body = self.parse_body(S.CBRACE, open_brace)
            self.leave()
        else:
            mark = self.mark()
            single = self.parse_single_attr_body()
            self.leave()
            self.check_single_line_close(ident, open_brace, mark)
            # Without its attribute, the body is a placeholder from brace to
            # brace, as in the reference.
            body = (
                single
                if single is not None
                else NativeBody(self.source, open_brace[1], self.prev()[2])
            )

        close_tok = self.prev()
        eol = self.peek()
        if eol[0] in (S.NEWLINE, S.EOF):
            self.read()
        else:
            if not self.recovery:
                self.error_at(
                    "Missing newline after block definition",
                    "A block definition must end with a newline.",
                    eol,
                    ident,
                )
            self.recover_after_body_item()
        return body, (open_brace[1], open_brace[2]), (close_tok[1], close_tok[2])

    def check_single_line_close(
        self, ident: Token, open_brace: Token, mark: tuple[int, int]
    ) -> None:
        """After a one-line block's attribute: expect ``}``.

        The reference reports problems here before those of the attribute
        itself, so they are inserted at ``mark``.
        """
        after = self.peek()
        kind = after[0]
        if kind == S.CBRACE:
            self.read()
            return
        summary = "Invalid single-argument block definition"
        subject, context = self.rng(after), None
        detail: str | None
        if kind == S.COMMA:
            detail = (
                "Single-line block syntax can include only one argument definition. To define "
                "multiple arguments, use the multi-line block syntax with one argument "
                "definition per line."
            )
        elif kind == S.NEWLINE:
            detail = (
                "An argument definition on the same line as its containing block creates a "
                "single-line block definition, which must also be closed on the same line. "
                "Place the block's closing brace immediately after the argument definition."
            )
        elif self.recovery:
            detail = None
        elif kind == S.EOF:
            summary = "Unclosed configuration block"
            detail = (
                "There is no closing brace for this block before the end of the file. "
                "This may be caused by incorrect brace nesting elsewhere in this file."
            )
            subject, context = self.rng(open_brace), self.between(ident, open_brace)
        else:
            detail = (
                "A single-line block definition must end with a closing brace "
                "immediately after its single argument definition."
            )
        if detail is not None:
            self.diags.insert(mark[0], Diagnostic.error(summary, detail, subject, context))
            self.failures += 1
        self.recover(S.CBRACE)

    def parse_single_attr_body(self) -> NativeBody | None:
        """The body of a one-line block: its single attribute, or None after an error."""
        ident = self.read()
        if ident[0] != S.IDENT:
            self.recover_after_body_item()
            self.error_at(
                "Argument or block definition required",
                "An argument or block definition is required here.",
                ident,
            )
            return None
        nxt = self.peek()
        if nxt[0] == S.EQUAL:
            attr = self.finish_attribute(ident, single_line=True)
            return NativeBody(self.source, attr.start, attr.end, attributes={attr.name: attr})
        self.recover_after_body_item()
        if nxt[0] in (S.OQUOTE, S.OBRACE, S.IDENT):
            self.error(
                "Argument definition required",
                "A single-line block definition can contain only a single argument. If you "
                f"meant to define argument {go_quote(self.tok_text(ident))}, use an equals "
                "sign to assign it a value. To define a nested block, place it on a line of its "
                "own within its parent block.",
                self.between(ident, nxt),
            )
        else:
            self.error_at(
                "Argument or block definition required",
                "An argument or block definition is required here. To set an argument, use the "
                'equals sign "=" to introduce the argument value.',
                ident,
            )
        return None

    # ----------------------------------------------------------------- expressions

    def parse_expression(self) -> Node:
        """An expression: binary operations, possibly the condition of a conditional.

        Operators, their operands and the conditional are parsed here in one
        frame (operands through :meth:`parse_term` directly), so that each
        level of nesting costs few Python frames; see :func:`~hcldecode.values.max_nesting`.
        """
        if self.depth >= self.max_depth:
            return self._too_deep()
        self.depth += 1
        try:
            levels = _BINARY_LEVELS
            source = self.source
            # Errors are looked for only in recovery: comparing counts of failures
            # instead of ``mark()`` keeps the common path cheap.
            failures = self.failures
            start_tok, after = self._next()
            if start_tok[0] in _UNARY:
                lhs = self.parse_unary_term()
            else:
                lhs = self.parse_term(start_tok, after)
                if self.tokens[self.index][0] in _TRAVERSAL_NEXT:
                    lhs = self.parse_traversals(lhs)
            if self.recovery and self.failures > failures:
                return lhs
            # Stack of (left operand, operator, precedence) waiting for a right operand.
            stack: list[tuple[Node, Operator, int]] = []
            while True:
                tok, after = self._next()
                entry = levels.get(tok[0])
                if entry is None:
                    break
                prec, op = entry
                while stack and stack[-1][2] >= prec:
                    left, left_op, _ = stack.pop()
                    lhs = BinaryOp(source, left.start, lhs.end, lhs=left, op=left_op, rhs=lhs)
                self.index = after  # the operator
                stack.append((lhs, op, prec))
                failures = self.failures
                tok, after = self._next()
                if tok[0] in _UNARY:
                    lhs = self.parse_unary_term()
                else:
                    lhs = self.parse_term(tok, after)
                    if self.tokens[self.index][0] in _TRAVERSAL_NEXT:
                        lhs = self.parse_traversals(lhs)
                if self.recovery and self.failures > failures:
                    # The reference's levels each return their left operand after
                    # an error in a right one, each discarding the level above's:
                    # what is left is the left operand of the lowest level.
                    return stack[0][0]
            cond = self._fold(stack, lhs) if stack else lhs
            if tok[0] != S.QUESTION:
                return cond
            self.index = after
            failures = self.failures
            true_expr = self.parse_expression()
            if self.recovery and self.failures > failures:
                return cond
            colon = self.peek()
            if colon[0] != S.COLON:
                self.error_at(
                    "Missing false expression in conditional",
                    "The conditional operator (...?...:...) requires a false expression, "
                    "delimited by a colon.",
                    colon,
                    start_tok,
                )
                return cond
            self.read()
            failures = self.failures
            false_expr = self.parse_expression()
            if self.recovery and self.failures > failures:
                return cond
            return Conditional(
                self.source,
                start_tok[1],
                false_expr.end,
                condition=cond,
                true_result=true_expr,
                false_result=false_expr,
            )
        finally:
            self.depth -= 1

    def _too_deep(self) -> Node:
        """The placeholder of an expression one level past the nesting limit."""
        self.enter()  # reports it, unless in recovery
        self.leave()
        tok = self.peek()
        return ErrorExpr(self.source, tok[1], tok[2], self.diags[-1:])

    def _fold(self, stack: list[tuple[Node, Operator, int]], rhs: Node) -> Node:
        while stack:
            left, op, _ = stack.pop()
            rhs = BinaryOp(self.source, left.start, rhs.end, lhs=left, op=op, rhs=rhs)
        return rhs

    def parse_unary_term(self) -> Node:
        """A term with its traversals, or ``-``/``!`` applied to one."""
        tok, after = self._next()
        kind = tok[0]
        if kind in _UNARY:
            self.index = after
            if not self.enter():
                self.leave()
                operand: Node = ErrorExpr(self.source, tok[1], tok[2], self.diags[-1:])
            else:
                operand = self.parse_unary_term()
                self.leave()
            op = Operator.NEGATE if kind == S.MINUS else Operator.NOT
            return UnaryOp(self.source, tok[1], operand.end, op=op, operand=operand)
        return self.parse_traversals(self.parse_term(tok, after))

    def parse_term(self, tok: Token, after: int) -> Node:
        """The term starting with the next token ``tok``; ``after`` is the index past it."""
        kind = tok[0]
        if kind == S.NUMBER:
            self.index = after
            return self.number_literal(tok)
        if kind == S.IDENT:
            self.index = after
            nxt = self.tokens[after][0]
            if nxt == _NEWLINE:
                nxt = self.peek()[0]
            if nxt in (S.OPAREN, S.DOUBLE_COLON):
                return self.finish_function_call(tok)
            text = self.text[tok[1] : tok[2]]
            name = self.names.setdefault(text, text)  # tok_text(), inline
            if name in {"true", "false"}:
                return LiteralValue(self.source, tok[1], tok[2], LiteralKind.BOOL, name == "true")
            if name == "null":
                return LiteralValue(self.source, tok[1], tok[2], LiteralKind.NULL, None)
            return ScopeTraversal(self.source, tok[1], tok[2], name)
        if kind in (S.OQUOTE, S.OHEREDOC):
            return self.parse_template_expr()
        if kind == S.OBRACK:
            return self.parse_tuple()
        if kind == S.OBRACE:
            return self.parse_object()
        if kind == S.OPAREN:
            return self.parse_parens()
        if not self.recovery:
            if kind == S.EOF:
                self.error_at(
                    "Missing expression",
                    "Expected the start of an expression, but found the end of the file.",
                    tok,
                )
            else:
                self.error_at(
                    "Invalid expression",
                    "Expected the start of an expression, but found an invalid expression token.",
                    tok,
                )
        self.recovery = True
        return ErrorExpr(self.source, tok[1], tok[2], self.diags[-1:])

    def number_literal(self, tok: Token) -> LiteralValue:
        """The literal of a number token; an invalid one is an unknown number, as in HCL."""
        raw = self.text[tok[1] : tok[2]]
        # The common case: a short integer (the scanner's number tokens are ASCII).
        if raw.isdigit() and len(raw) <= _ALWAYS_IN_RANGE:
            return LiteralValue(self.source, tok[1], tok[2], LiteralKind.NUMBER, raw)
        if re.fullmatch(_VALID_NUMBER, raw) is None:
            return self.invalid_number(tok, "Failed to recognize the value of this number literal.")
        if ".e" in raw or ".E" in raw:
            raw = raw.replace(".e", "e").replace(".E", "E")
        if len(raw) > _ALWAYS_IN_RANGE or "e" in raw or "E" in raw:
            try:
                check_literal(raw)
            except NumberRangeError as err:
                message = raw_text(err)
                return self.invalid_number(tok, f"{message[0].upper()}{message[1:]}.")
            except ValueError:  # an exponent beyond Go's int64
                return self.invalid_number(
                    tok, "Failed to recognize the value of this number literal."
                )
        return LiteralValue(self.source, tok[1], tok[2], LiteralKind.NUMBER, raw)

    def invalid_number(self, tok: Token, detail: str) -> LiteralValue:
        self.error_at("Invalid number literal", detail, tok)
        return LiteralValue(self.source, tok[1], tok[2], LiteralKind.NUMBER, None)

    def parse_parens(self) -> Node:
        open_tok = self.read()
        self.newlines.append(False)
        mark = self.mark()
        expr = self.parse_expression()
        if self.failed_since(mark):
            self.recover(S.CPAREN)
            self.newlines.pop()
            return expr
        close = self.peek()
        if close[0] != S.CPAREN:
            self.error_at(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close,
                open_tok,
            )
            self.recovery = True
        close = self.read()
        self.newlines.pop()
        return Parens(self.source, open_tok[1], close[2], expr)

    def finish_function_call(self, name_tok: Token) -> Node:
        open_tok = self.read()
        name = self.tok_text(name_tok)
        name_end = name_tok[2]
        while open_tok[0] == S.DOUBLE_COLON:
            part = self.read()
            if part[0] != S.IDENT:
                return self._bad_call(
                    name_tok,
                    part,
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name "
                    "in this scope.",
                )
            name = f"{name}::{self.tok_text(part)}"
            name_end = part[2]
            open_tok = self.read()
        if open_tok[0] != S.OPAREN:
            return self._bad_call(
                name_tok,
                open_tok,
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the "
                "function call.",
            )

        expand_final = False

        def after_argument(sep: Token) -> Token:
            nonlocal expand_final
            self.read()  # the reference consumes the token before recovering
            if sep[0] == S.ELLIPSIS:
                expand_final = True
                if self.peek()[0] == S.CPAREN:
                    return self.read()
                if not self.recovery:
                    self.error_at(
                        "Missing closing parenthesis",
                        "An expanded function argument (with ...) must be immediately "
                        "followed by closing parentheses.",
                        sep,
                        name_tok,
                    )
            elif sep[0] == S.EOF:
                self.error(
                    "Unterminated function call",
                    "There is no closing parenthesis for this function call before the end "
                    "of the file. This may be caused by incorrect parethesis nesting "
                    "elsewhere in this file.",
                    self.between(name_tok, open_tok),
                )
            else:
                self.error_at(
                    "Missing argument separator",
                    "A comma is required to separate each function argument from the next.",
                    sep,
                    name_tok,
                )
            return self.recover(S.CPAREN)

        self.newlines.append(False)
        args, close = self.parse_sequence(S.CPAREN, after_argument)
        self.newlines.pop()
        return FunctionCall(
            self.source,
            name_tok[1],
            close[2],
            name=name,
            name_end=name_end,
            args=tuple(args),
            expand_final=expand_final,
            open_start=open_tok[1],
            close_start=close[1],
        )

    def _bad_call(self, name_tok: Token, bad: Token, summary: str, detail: str) -> ErrorExpr:
        """Report a call whose name or ``(`` is wrong and skip past its parentheses."""
        self.error_at(summary, detail, bad, name_tok)
        self.recover_over(S.OPAREN)
        return ErrorExpr(self.source, name_tok[1], bad[2], self.diags[-1:])

    def parse_sequence(
        self, closer: int, after_item: Callable[[Token], Token]
    ) -> tuple[list[Node], Token]:
        """Comma-separated expressions (a trailing comma allowed) up to the ``closer`` token.

        Returns the expressions and the closing token. After an expression,
        a token that is neither a comma nor ``closer`` is handed to
        ``after_item`` (unread), which reports it, recovers and returns the
        token that closes the sequence.
        """
        items: list[Node] = []
        while True:
            if self.peek()[0] == closer:
                return items, self.read()
            failures = self.failures
            items.append(self.parse_expression())
            if self.recovery and self.failures > failures:
                return items, self.recover(closer)
            nxt = self.peek()
            if nxt[0] == closer:
                return items, self.read()
            if nxt[0] != S.COMMA:
                return items, after_item(nxt)
            self.read()

    def parse_tuple(self) -> Node:
        open_tok = self.read()
        self.newlines.append(False)
        try:
            if self._is_keyword(self.peek(), "for"):
                return self.finish_for(open_tok)

            def after_item(nxt: Token) -> Token:
                if not self.recovery:
                    if nxt[0] == S.EOF:
                        self.error_at(
                            "Unterminated tuple constructor expression",
                            "There is no corresponding closing bracket before the end of "
                            "the file. This may be caused by incorrect bracket nesting "
                            "elsewhere in this file.",
                            open_tok,
                        )
                    else:
                        self.error_at(
                            "Missing item separator",
                            "Expected a comma to mark the beginning of the next item.",
                            nxt,
                            open_tok,
                        )
                return self.recover(S.CBRACK)

            items, close = self.parse_sequence(S.CBRACK, after_item)
            return TupleCons(self.source, open_tok[1], close[2], items)
        finally:
            self.newlines.pop()

    def parse_object(self) -> Node:
        open_tok = self.read()
        self.newlines.append(False)
        if self._is_keyword(self.peek(), "for"):
            try:
                return self.finish_for(open_tok)
            finally:
                self.newlines.pop()
        self.newlines.pop()
        self.newlines.append(True)
        items: list[ObjectItem] = []
        try:
            while True:
                nxt = self.peek()
                if nxt[0] == S.NEWLINE:
                    self.read()
                    continue
                if nxt[0] == S.CBRACE:
                    close = self.read()
                    break
                force = nxt[0] == S.OPAREN
                failures = self.failures
                key_expr = self.parse_expression()
                if self.recovery and self.failures > failures:
                    close = self.recover(S.CBRACE)
                    break
                key = ObjectKey.around(key_expr, force_non_literal=force)
                nxt = self.peek()
                if nxt[0] != S.EQUAL and nxt[0] != S.COLON:
                    if not self.recovery:
                        self._object_separator_error(open_tok, nxt)
                    close = self.recover(S.CBRACE)
                    break
                self.read()
                failures = self.failures
                value = self.parse_expression()
                if self.recovery and self.failures > failures:
                    close = self.recover(S.CBRACE)
                    break
                items.append(ObjectItem(key, value))
                nxt = self.peek()
                if nxt[0] == S.CBRACE:
                    close = self.read()
                    break
                if nxt[0] != S.COMMA and nxt[0] != S.NEWLINE:
                    if not self.recovery:
                        if nxt[0] == S.EOF:
                            self._unterminated_object(open_tok)
                        else:
                            self.error_at(
                                "Missing attribute separator",
                                "Expected a newline or comma to mark the beginning of the next "
                                "attribute.",
                                nxt,
                                open_tok,
                            )
                    close = self.recover(S.CBRACE)
                    break
                self.read()
            return ObjectCons(self.source, open_tok[1], close[2], items)
        finally:
            self.newlines.pop()

    def _unterminated_object(self, open_tok: Token) -> None:
        self.error_at(
            "Unterminated object constructor expression",
            "There is no corresponding closing brace before the end of the file. This may be "
            "caused by incorrect brace nesting elsewhere in this file.",
            open_tok,
        )

    def _object_separator_error(self, open_tok: Token, nxt: Token) -> None:
        kind = nxt[0]
        if kind == S.EOF:
            self._unterminated_object(open_tok)
            return
        if kind in (S.NEWLINE, S.COMMA):
            summary = "Missing attribute value"
            detail = 'Expected an attribute value, introduced by an equals sign ("=").'
        elif kind == S.IDENT:
            summary = "Missing key/value separator"
            detail = (
                'Expected an equals sign ("=") to mark the beginning of the attribute value. '
                "If you intended to given an attribute name containing periods or spaces, "
                "write the name in quotes to create a string literal."
            )
        else:
            summary = "Missing key/value separator"
            detail = 'Expected an equals sign ("=") to mark the beginning of the attribute value.'
        self.error_at(summary, detail, nxt, open_tok)

    def _is_keyword(self, tok: Token, word: str) -> bool:
        return tok[0] == S.IDENT and self.tok_text(tok) == word

    def _for_error(self, open_tok: Token, close_kind: int, detail: str) -> Node:
        if not self.recovery:
            nxt = self.peek()
            self.error(
                "Invalid 'for' expression", detail, self.rng(nxt), self.between(open_tok, nxt)
            )
        close = self.recover(close_kind)
        return ErrorExpr(self.source, open_tok[1], close[2], self.diags[-1:])

    def finish_for(self, open_tok: Token) -> Node:
        """A ``for`` expression after its ``[`` or ``{``, newlines insignificant (as the
        caller has already arranged)."""
        self.read()  # "for"
        make_object = open_tok[0] == S.OBRACE
        close_kind = S.CBRACE if make_object else S.CBRACK
        if self.peek()[0] != S.IDENT:
            return self._for_error(
                open_tok, close_kind, "For expression requires variable name after 'for'."
            )
        key_var: str | None = None
        value_var = self.tok_text(self.read())
        if self.peek()[0] == S.COMMA:
            key_var = value_var
            self.read()
            if self.peek()[0] != S.IDENT:
                return self._for_error(
                    open_tok, close_kind, "For expression requires value variable name after comma."
                )
            value_var = self.tok_text(self.read())
        if not self._is_keyword(self.peek(), "in"):
            return self._for_error(
                open_tok,
                close_kind,
                "For expression requires the 'in' keyword after its name declarations.",
            )
        self.read()
        mark = self.mark()
        collection = self.parse_expression()
        if self.recovery and self.failed_since(mark):
            close = self.recover(close_kind)
            return ErrorExpr(self.source, open_tok[1], close[2], self.diags[mark[0] :])
        if self.peek()[0] != S.COLON:
            return self._for_error(
                open_tok,
                close_kind,
                "For expression requires a colon after the collection expression.",
            )
        self.read()
        mark = self.mark()
        key_expr: Node | None = None
        value_expr = self.parse_expression()
        if self.peek()[0] == S.FAT_ARROW:
            self.read()
            key_expr = value_expr
            value_expr = self.parse_expression()
        if self.recovery and self.failed_since(mark):
            close = self.recover(close_kind)
            return ErrorExpr(self.source, open_tok[1], close[2], self.diags[mark[0] :])
        group = False
        ellipsis: Token | None = None
        if self.peek()[0] == S.ELLIPSIS:
            ellipsis = self.read()
            group = True
        cond: Node | None = None
        if self._is_keyword(self.peek(), "if"):
            self.read()
            mark = self.mark()
            cond = self.parse_expression()
            if self.recovery and self.failed_since(mark):
                close = self.recover(close_kind)
                return ErrorExpr(self.source, open_tok[1], close[2], self.diags[mark[0] :])
        if self.peek()[0] == close_kind:
            close = self.read()
        else:
            if not self.recovery:
                nxt = self.peek()
                self.error_at(
                    "Invalid 'for' expression",
                    "Extra characters after the end of the 'for' expression.",
                    nxt,
                    open_tok,
                )
            close = self.recover(close_kind)
        # (The context of these errors is made only for an error: a range makes the
        # file's line table.)
        if not make_object:
            if key_expr is not None:
                self.error(
                    "Invalid 'for' expression",
                    "Key expression is not valid when building a tuple.",
                    key_expr.range,
                    self.between(open_tok, close),
                )
            if ellipsis is not None:
                self.error(
                    "Invalid 'for' expression",
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    self.rng(ellipsis),
                    self.between(open_tok, close),
                )
        elif key_expr is None:
            self.error(
                "Invalid 'for' expression",
                "Key expression is required when building an object.",
                value_expr.range,
                self.between(open_tok, close),
            )
        return ForExpr(
            self.source,
            open_tok[1],
            close[2],
            key_var=key_var,
            value_var=value_var,
            collection=collection,
            key_expr=key_expr,
            value_expr=value_expr,
            cond=cond,
            group=group,
            open_end=open_tok[2],
            close_start=close[1],
        )

    # ----------------------------------------------------------------- traversals

    def parse_traversals(self, expr: Node) -> Node:
        """The ``.attr``, ``[key]``, ``.*`` and ``[*]`` steps after a term."""
        origin = expr
        source = self.source
        while True:
            kind = self.peek()[0]
            if kind == S.DOT:
                dot = self.read()
                attr = self.peek()
                akind = attr[0]
                if akind == S.IDENT:
                    self.read()
                    if (
                        type(expr) is ScopeTraversal
                        and dot[1] == expr.start + expr._size  # its end
                        and attr[1] == dot[2]
                        and not expr._steps  # None, or no steps yet
                    ):
                        # ``a.b`` without spaces: the steps are read from the text
                        # when asked for (ScopeTraversal.steps).
                        expr._steps = None
                        expr._size = attr[2] - expr.start  # its end, attr[2]
                    else:
                        step = Step(StepKind.ATTR, dot[1], attr[2], name=self.tok_text(attr))
                        expr = _append_step(expr, step)
                elif akind == S.NUMBER:
                    self.read()
                    expr = _append_step(expr, self.legacy_index(dot, attr, attr, splat=False))
                elif akind == S.STAR:
                    expr = self.finish_attr_splat(origin, expr, dot)
                else:
                    self.error_at(
                        "Invalid attribute name", "An attribute name is required after a dot.", attr
                    )
                    self.recovery = True
            elif kind == S.OBRACK:
                open_tok = self.read()
                if self.peek()[0] == S.STAR:
                    self.read()
                    close = self.read()
                    if close[0] != S.CBRACK and not self.recovery:
                        # The reference's subject aliases the token variable that recovery
                        # then overwrites, so it reports where recovery stopped.
                        close = self.recover(S.CBRACK)
                        self.error_at(
                            "Missing close bracket on splat index",
                            "The star for a full splat operator must be immediately followed by "
                            'a closing bracket ("]").',
                            close,
                        )
                    item = AnonSymbol(source, open_tok[1], close[2])
                    # Each splat nests the result one level deeper.
                    if not self.enter(open_tok):
                        self.leave()
                        return ErrorExpr(source, origin.start, close[2], self.diags[-1:])
                    try:
                        each = self.parse_traversals(item)
                    finally:
                        self.leave()
                    expr = Splat(
                        source,
                        origin.start,
                        each.end,
                        source_expr=expr,
                        each=each,
                        item=item,
                        marker_start=open_tok[1],
                        marker_end=close[2],
                    )
                else:
                    expr = self.finish_index(origin, expr, open_tok)
            else:
                return expr

    def legacy_index(self, dot: Token, num: Token, subject: Token, *, splat: bool) -> Step:
        raw = self.tok_text(num)
        if "." in raw:
            first, _, second = raw.partition(".")
            advice = "index syntax with a full splat expression [*]" if splat else "index syntax"
            self.error_at(
                "Invalid legacy index syntax",
                "When using the legacy index syntax, chaining two indexes together is not "
                f"permitted. Use the proper {advice} instead, like [{first}][{second}].",
                subject,
            )
            return Step(StepKind.INDEX, dot[1], num[2])
        return Step(StepKind.INDEX, dot[1], num[2], key=self.number_literal(num))

    def finish_attr_splat(self, origin: Node, expr: Node, dot: Token) -> Node:
        source = self.source
        marker = self.read()
        steps: list[Step] = []
        first = self.peek()
        last = marker
        while self.peek()[0] == S.DOT:
            step_dot = self.read()
            nxt = self.peek()
            if nxt[0] == S.NUMBER:
                self.read()
                # The reference points at the star here, not at the number.
                steps.append(self.legacy_index(step_dot, nxt, marker, splat=True))
                last = nxt
                continue
            if nxt[0] != S.IDENT:
                if not self.recovery:
                    if nxt[0] == S.STAR:
                        self.error_at(
                            "Nested splat expression not allowed",
                            "A splat expression (*) cannot be used inside another attribute-only "
                            "splat expression.",
                            nxt,
                        )
                    else:
                        self.error_at(
                            "Invalid attribute name",
                            "An attribute name is required after a dot.",
                            marker,
                        )
                self.recovery = True
                # The reference abandons this splat and continues the outer traversal.
                return expr
            self.read()
            steps.append(Step(StepKind.ATTR, step_dot[1], nxt[2], name=self.tok_text(nxt)))
            last = nxt
        item = AnonSymbol(source, dot[1], marker[2])
        each: Node = item
        if steps:
            each = RelativeTraversal(source, first[1], last[2], item, steps)
        return Splat(
            source,
            origin.start,
            last[2],
            source_expr=expr,
            each=each,
            item=item,
            marker_start=dot[1],
            marker_end=marker[2],
        )

    def finish_index(self, origin: Node, expr: Node, open_tok: Token) -> Node:
        self.newlines.append(False)
        mark = self.mark()
        key = self.parse_expression()
        if self.recovery and self.failed_since(mark):
            close = self.recover(S.CBRACK)
        else:
            close = self.read()
            if close[0] != S.CBRACK and not self.recovery:
                close = self.recover(S.CBRACK)  # the subject is where recovery stops, as above
                self.error_at(
                    "Missing close bracket on index",
                    'The index operator must end with a closing bracket ("]").',
                    close,
                )
        self.newlines.pop()
        literal: LiteralValue | None = None
        if isinstance(key, LiteralValue):
            literal = key
        elif isinstance(key, Template) and key.is_string_literal():
            literal = key.parts[0]  # type: ignore[assignment]
        if literal is not None:
            return _append_step(expr, Step(StepKind.INDEX, open_tok[1], close[2], key=literal))
        return Index(
            self.source, origin.start, close[2], collection=expr, key=key, open_start=open_tok[1]
        )

    # ----------------------------------------------------------------- strings and templates

    def parse_quoted_string_literal(self) -> tuple[str, tuple[int, int]]:
        """A block label: a quoted string without template sequences."""
        open_tok = self.read()
        chunks: list[str] = []
        while True:
            tok = self.read()
            kind = tok[0]
            if kind == S.CQUOTE:
                end_tok = tok
                break
            if kind == S.QUOTED_LIT:
                chunks.append(self.string_literal_value(tok, quoted=True))
                continue
            if kind in (S.TEMPLATE_CONTROL, S.TEMPLATE_INTERP):
                which = "$" if kind == S.TEMPLATE_INTERP else "%"
                self.error_at(
                    "Invalid string literal",
                    f"Template sequences are not allowed in this string. To include a literal "
                    f'"{which}", double it (as "{which}{which}") to escape it.',
                    tok,
                    open_tok,
                )
                chunks.append(which + "{ ... }")
                self.recover(S.TEMPLATE_SEQ_END)
                continue
            if kind == S.EOF:
                self.error_at(
                    "Unterminated string literal",
                    "Unable to find the closing quote mark before the end of the file.",
                    tok,
                    open_tok,
                )
            else:
                self.error_at(
                    "Invalid string literal",
                    "This item is not valid in a string literal.",
                    tok,
                    open_tok,
                )
                self.recover(S.CQUOTE)
            end_tok = tok
            break
        return "".join(chunks), (open_tok[1], end_tok[2])

    def string_literal_value(self, tok: Token, *, quoted: bool) -> str:
        """The text of a literal token with its escape sequences processed."""
        raw = self.text[tok[1] : tok[2]]
        pattern = _ESCAPE if quoted else _TEMPLATE_ESCAPE
        if ("\\" not in raw or not quoted) and "$${" not in raw and "%%{" not in raw:
            return self.names.setdefault(raw, raw)
        base = tok[1]

        def replace(m: re.Match[str]) -> str:
            seq = m.group()
            if seq[0] != "\\":
                return seq[0] + "{"
            return self._escape(seq, base + m.start(), base + m.end())

        return re.sub(pattern, replace, raw)

    def _escape(self, seq: str, start: int, end: int) -> str:
        def invalid(detail: str) -> None:
            if self.escape_errors_left:
                self.escape_errors_left -= 1
                self.error("Invalid escape sequence", detail, self.source.range(start, end))
            else:
                self.failures += 1

        if len(seq) < 2:
            invalid("Backslash must be followed by an escape sequence selector character.")
            return seq
        selector = seq[1]
        simple = _SIMPLE_ESCAPES.get(selector)
        if simple is not None:
            return simple
        if selector in "uU":
            digits = 4 if selector == "u" else 8
            if len(seq) != digits + 2:
                invalid(
                    f"The \\{selector} escape sequence must be followed by "
                    f"{'four' if digits == 4 else 'eight'} hexadecimal digits."
                )
                return seq
            code = int(seq[2:], 16)
            if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
                invalid(f"Cannot encode character U+{code:04x} in UTF-8.")
                return seq
            return chr(code)
        invalid(f"The symbol {go_quote(selector)} is not a valid escape sequence selector.")
        return seq[1:]

    def parse_template_expr(self) -> Node:
        """A quoted string or heredoc in expression position.

        A template nests only through the expressions and directives inside
        it, which count their own nesting levels.
        """
        open_tok = self.read()
        if open_tok[0] == S.OQUOTE:
            simple = self._simple_string(open_tok)
            if simple is not None:
                return simple
        closer = _OPPOSITE[open_tok[0]]
        flush = open_tok[0] == S.OHEREDOC and self.text[open_tok[1] + 2] == "-"
        parts, passthru = self.template_nodes(self.parse_template_parts(closer), flush)
        end = self.prev()[2]
        if passthru:
            return TemplateWrap(self.source, open_tok[1], end, parts[0])
        return Template(self.source, open_tok[1], end, tuple(parts))

    def _simple_string(self, open_tok: Token) -> Template | None:
        """After its ``"``, a quoted string without template sequences, which most
        are: the template the general path would build, built at once; ``None``
        for any other."""
        tokens = self.tokens
        i = self.index
        tok = tokens[i]
        if tok[0] == S.CQUOTE:  # "": an empty literal where the string ends
            self.index = i + 1
            literal = LiteralValue(self.source, tok[2], tok[2], LiteralKind.STRING, "")
            return Template(self.source, open_tok[1], tok[2], (literal,))
        close = tokens[i + 1]
        if tok[0] != S.QUOTED_LIT or close[0] != S.CQUOTE:
            return None
        self.index = i + 2
        start, end = tok[1], tok[2]
        raw = self.text[start:end]
        if (
            "\\" not in raw
            and "$${" not in raw
            and "%%{" not in raw
            and start == open_tok[2]
            and close[1] == end
        ):
            # No escapes (string_literal_value would give the text itself): the
            # literal part is made from the text when asked for (Template.parts).
            return Template(self.source, open_tok[1], close[2], None)
        value = self.string_literal_value(tok, quoted=True)
        literal = LiteralValue(self.source, start, end, LiteralKind.STRING, value)
        return Template(self.source, open_tok[1], close[2], (literal,))

    def parse_template(self, end: int) -> Node:
        """A bare template (``parse_template``) up to ``end``."""
        start = self.peek()[1]
        parts, passthru = self.template_nodes(self.parse_template_parts(end), flush=False)
        stop = self.prev()[2] if self.index else start
        last = self.tokens[min(self.index, len(self.tokens) - 1)]
        stop = max(stop, last[2]) if last[0] == S.EOF else stop
        if passthru:
            return TemplateWrap(self.source, start, stop, parts[0])
        return Template(self.source, start, stop, tuple(parts))

    def template_nodes(self, tokens: list[TemplateToken], flush: bool) -> tuple[list[Node], bool]:
        """The template's parts as nodes, directives nested; whether it is one interpolation."""
        if flush:
            _flush_heredoc(tokens, self.text)
        if all(tok.kind in _PLAIN_PARTS for tok in tokens):  # no directives to nest
            parts: list[Node] = []
            for tok in tokens[:-1]:
                if tok.kind == TemplateToken.LITERAL:
                    parts.append(
                        LiteralValue(self.source, tok.start, tok.end, LiteralKind.STRING, tok.value)
                    )
                else:
                    assert tok.expr is not None  # an interpolation's expression
                    parts.append(tok.expr)
        else:
            parts = TemplateParser(self, tokens).parse_root()
        passthru = len(tokens) == 2 and tokens[0].kind == TemplateToken.INTERP
        return parts, passthru

    def parse_template_parts(self, end: int) -> list[TemplateToken]:
        """The template's literal runs, interpolations and directives, then an END token."""
        parts: list[TemplateToken] = []
        start_tok = self.peek()
        ltrim_next = False
        next_can_trim_prev = False
        end_tok: Token
        while True:
            tok = self.read()
            kind = tok[0]
            if kind == end:
                end_tok = tok
                break
            ltrim = ltrim_next
            ltrim_next = False
            can_trim_prev = next_can_trim_prev
            next_can_trim_prev = False
            if kind in (S.STRING_LIT, S.QUOTED_LIT):
                value = self.string_literal_value(tok, quoted=kind == S.QUOTED_LIT)
                if ltrim:
                    value = value.lstrip(SPACE_CHARS)
                parts.append(TemplateToken(TemplateToken.LITERAL, tok[1], tok[2], value=value))
                next_can_trim_prev = True
                continue
            if kind in (S.TEMPLATE_INTERP, S.TEMPLATE_CONTROL):
                if can_trim_prev and tok[2] - tok[1] == 3 and parts:
                    prev = parts[-1]
                    if prev.kind == TemplateToken.LITERAL:
                        prev.value = prev.value.rstrip(SPACE_CHARS)
                self.newlines.append(False)
                if kind == S.TEMPLATE_INTERP:
                    # The expression is parsed here, not in finish_interpolation, to keep
                    # nested templates to few frames per level.
                    expr = self.parse_expression()
                    ltrim_next = self.finish_interpolation(expr, tok, start_tok, end, parts)
                else:
                    ltrim_next = self.parse_directive(tok, start_tok, parts)
                self.newlines.pop()
                continue
            if not self.recovery:
                self.error_at(
                    "Unterminated template string",
                    "No closing marker was found for the string.",
                    tok,
                    start_tok,
                )
            end_tok = self.recover(end)
            break
        if not parts:
            parts.append(TemplateToken(TemplateToken.LITERAL, start_tok[2], start_tok[2], value=""))
        parts.append(TemplateToken(TemplateToken.END, end_tok[1], end_tok[2]))
        return parts

    def _close_sequence(self) -> bool:
        """Read the ``}`` or ``~}`` ending a sequence; True for ``~}``."""
        close = self.read()
        return close[2] - close[1] == 2 and self.text[close[1]] == "~"

    def finish_interpolation(
        self, expr: Node, tok: Token, start_tok: Token, end: int, parts: list[TemplateToken]
    ) -> bool:
        """Close the interpolation of ``expr`` that ``tok`` opened; True for ``~}``."""
        close = self.peek()
        ltrim = False
        if close[0] != S.TEMPLATE_SEQ_END:
            if not self.recovery:
                kind = close[0]
                if kind == S.EOF:
                    self.error_at(
                        "Unclosed template interpolation sequence",
                        "There is no closing brace for this interpolation sequence before the "
                        "end of the file. This might be caused by incorrect nesting inside the "
                        "given expression.",
                        start_tok,
                    )
                elif kind == S.COLON:
                    self.error_at(
                        "Extra characters after interpolation expression",
                        "Template interpolation doesn't expect a colon at this location. Did "
                        "you intend this to be a literal sequence to be processed as part of "
                        'another language? If so, you can escape it by starting with "$${" '
                        'instead of just "${".',
                        close,
                        start_tok,
                    )
                elif kind in (S.CQUOTE, S.OQUOTE) and end == S.CQUOTE:
                    self.error_at(
                        "Unclosed template interpolation sequence",
                        "There is no closing brace for this interpolation sequence before the "
                        "end of the quoted template. This might be caused by incorrect nesting "
                        "inside the given expression.",
                        start_tok,
                    )
                else:
                    self.error_at(
                        "Extra characters after interpolation expression",
                        "Expected a closing brace to end the interpolation expression, but "
                        "found extra characters.\n\nThis can happen when you include "
                        "interpolation syntax for another language, such as shell scripting, "
                        "but forget to escape the interpolation start token. If this is an "
                        'embedded sequence for another language, escape it by starting with "$${" '
                        'instead of just "${".',
                        close,
                        start_tok,
                    )
            self.recover(S.TEMPLATE_SEQ_END)
        else:
            ltrim = self._close_sequence()
        parts.append(TemplateToken(TemplateToken.INTERP, tok[1], close[2], expr=expr))
        return ltrim

    def parse_directive(self, tok: Token, start_tok: Token, parts: list[TemplateToken]) -> bool:
        keyword = self.peek()
        if keyword[0] != S.IDENT:
            if not self.recovery:
                self.error_at(
                    "Invalid template directive",
                    'A template directive keyword ("if", "for", etc) is expected at the '
                    "beginning of a %{ sequence.",
                    keyword,
                    tok,
                )
            self.recover(S.TEMPLATE_SEQ_END)
            return False
        self.read()
        word = self.tok_text(keyword)
        if word == "if":
            cond = self.parse_expression()
            parts.append(TemplateToken(TemplateToken.IF, tok[1], self.peek()[2], expr=cond))
        elif word in ("else", "endif", "endfor"):
            parts.append(TemplateToken(word, tok[1], self.peek()[2]))
        elif word == "for":
            if not self._parse_for_directive(tok, parts):
                return False
        else:
            if not self.recovery:
                match = suggest(word, ["if", "for", "else", "endif", "endfor"])
                advice = f" Did you mean {go_quote(match)}?" if match else ""
                self.error_at(
                    "Invalid template control keyword",
                    f"{go_quote(word)} is not a valid template control keyword.{advice}",
                    keyword,
                    tok,
                )
            self.recover(S.TEMPLATE_SEQ_END)
            return False
        close = self.peek()
        if close[0] != S.TEMPLATE_SEQ_END:
            if not self.recovery:
                self.error_at(
                    f"Extra characters in {word} marker",
                    "Expected a closing brace to end the sequence, but found extra characters.",
                    close,
                    start_tok,
                )
            self.recover(S.TEMPLATE_SEQ_END)
            return False
        return self._close_sequence()

    def _parse_for_directive(self, tok: Token, parts: list[TemplateToken]) -> bool:
        def fail(detail: str) -> bool:
            if not self.recovery:
                self.error("Invalid 'for' directive", detail, self.rng(self.peek()))
            self.recover(S.TEMPLATE_SEQ_END)
            return False

        if self.peek()[0] != S.IDENT:
            return fail("For directive requires variable name after 'for'.")
        key_var: str | None = None
        value_var = self.tok_text(self.read())
        if self.peek()[0] == S.COMMA:
            key_var = value_var
            self.read()
            if self.peek()[0] != S.IDENT:
                return fail("For directive requires value variable name after comma.")
            value_var = self.tok_text(self.read())
        if not self._is_keyword(self.peek(), "in"):
            return fail("For directive requires 'in' keyword after names.")
        self.read()
        collection = self.parse_expression()
        parts.append(
            TemplateToken(
                TemplateToken.FOR,
                tok[1],
                self.peek()[2],
                expr=collection,
                key_var=key_var,
                value_var=value_var,
            )
        )
        return True

    # ----------------------------------------------------------------- traversal-only syntax

    def index_close(self, open_tok: Token) -> Token:
        """Read the ``]`` of a traversal's index step (an error if it is not there)."""
        close = self.read()
        if close[0] != S.CBRACK:
            self.error_at(
                "Unclosed index brackets",
                "Index key must be followed by a closing bracket.",
                close,
                open_tok,
            )
        return close

    def parse_traversal_abs(self, *, splats: bool = False) -> list[Step]:
        """``name(.attr|[literal])*``, as ``hcl.ParseTraversalAbs`` accepts it.

        With ``splats``, ``[*]`` steps too, as ``ParseTraversalPartial`` (HCL v2.21).
        """
        var = self.read()
        if var[0] != S.IDENT:
            self.error("Variable name required", "Must begin with a variable name.", self.rng(var))
            return []
        steps = [Step(StepKind.ROOT, var[1], var[2], name=self.tok_text(var))]
        while True:
            nxt = self.peek()
            kind = nxt[0]
            if kind == S.EOF:
                return steps
            if kind == S.DOT:
                dot = self.read()
                name = self.read()
                if name[0] != S.IDENT:
                    detail = (
                        "Splat expressions (.*) may not be used here."
                        if name[0] == S.STAR
                        else "Dot must be followed by attribute name."
                    )
                    self.error(
                        "Attribute name required", detail, self.rng(name), self.between(var, name)
                    )
                    return steps
                steps.append(Step(StepKind.ATTR, dot[1], name[2], name=self.tok_text(name)))
                continue
            if kind == S.OBRACK:
                open_tok = self.read()
                key_tok = self.peek()
                mark = self.mark()
                key: LiteralValue
                if key_tok[0] == S.NUMBER:
                    self.read()
                    key = self.number_literal(key_tok)
                elif key_tok[0] == S.OQUOTE:
                    text, span = self.parse_quoted_string_literal()
                    key = LiteralValue(self.source, span[0], span[1], LiteralKind.STRING, text)
                elif key_tok[0] == S.STAR and splats:
                    self.read()
                    close = self.index_close(open_tok)
                    steps.append(Step(StepKind.SPLAT, open_tok[1], close[2]))
                    if self.failed_since(mark):
                        return steps
                    continue
                else:
                    if key_tok[0] == S.STAR:
                        self.error_at(
                            "Attribute name required",
                            "Splat expressions ([*]) may not be used here.",
                            key_tok,
                            var,
                        )
                    else:
                        self.error_at(
                            "Index value required",
                            "Index brackets must contain either a literal number or a literal "
                            "string.",
                            key_tok,
                            var,
                        )
                    return steps
                close = self.index_close(open_tok)
                steps.append(Step(StepKind.INDEX, open_tok[1], close[2], key=key))
                if self.failed_since(mark):
                    return steps
                continue
            self.error_at(
                "Invalid character", "Expected an attribute access or an index operator.", nxt, var
            )
            return steps


def _append_step(expr: Node, step: Step) -> Node:
    """Add a constant step to a traversal expression, or start a relative traversal."""
    if isinstance(expr, (ScopeTraversal, RelativeTraversal)):
        steps = expr.steps
        if isinstance(expr, ScopeTraversal) and expr._steps is None:  # read from the text
            expr.steps = [*steps, step]
        elif isinstance(steps, tuple):  # a reference's first step (most have one at most)
            expr.steps = (step,) if not steps else [*steps, step]
        else:
            steps.append(step)
        expr.end = step.end
        return expr
    return RelativeTraversal(expr.source, expr.start, step.end, expr, [step])


def _flush_heredoc(tokens: list[TemplateToken], text: str) -> None:
    """Remove the common indentation of a ``<<-`` heredoc's lines, in grapheme clusters."""
    min_spaces = sys.maxsize
    at_line_start = True
    adjust: list[TemplateToken] = []
    for tok in tokens:
        if at_line_start:
            at_line_start = False
            if tok.kind == TemplateToken.LITERAL:
                value = tok.value
                trimmed = value.lstrip(SPACE_CHARS)
                if not trimmed and value.endswith("\n"):
                    spaces = sys.maxsize
                else:
                    spaces = grapheme_count(value[: len(value) - len(trimmed)])
                    adjust.append(tok)
            elif tok.kind == TemplateToken.END:
                break
            else:
                spaces = 0
            min_spaces = min(min_spaces, spaces)
        if tok.kind == TemplateToken.LITERAL and tok.value.endswith("\n"):
            at_line_start = True
    for tok in adjust:
        cut = 0
        for _, cluster in zip(range(min_spaces), iter_graphemes(tok.value), strict=False):
            cut += len(cluster)
        tok.value = tok.value[cut:]
        tok.start += cut
