"""The second stage of template parsing: directives into expression nodes.

The main parser turns a template's tokens into a flat list of
:class:`TemplateToken` (literal runs, interpolations, ``%{if}``/``%{for}``
openers, ``else``/``endif``/``endfor``, and an END marker);
:class:`TemplateParser` then nests the directives: ``%{if}`` becomes a
:class:`~hcldecode.native.Conditional` over two templates and
``%{for}`` a :class:`~hcldecode.native.TemplateJoin`.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from ..model._diagnostics import Diagnostics, Range
from ..model._source import SourceMap
from ._ast import (
    Conditional,
    ErrorExpr,
    ForExpr,
    LiteralKind,
    LiteralValue,
    Node,
    Template,
    TemplateJoin,
)
from ._scanner import Token

__all__ = ["TemplateParser", "TemplateToken"]


class Host(Protocol):
    """What the template parser needs of the parser it works for."""

    source: SourceMap
    diags: Diagnostics

    def error(
        self, summary: str, detail: str, subject: Range, context: Range | None = None
    ) -> None:
        """Report an error."""
        ...

    def enter(self, at: Token | None = None) -> bool:
        """Count one more nesting level; False (reported at ``at``) past the limit."""
        ...

    def leave(self) -> None:
        """End a nesting level."""
        ...


class TemplateToken:
    """One item of a template: ``kind`` is one of the class constants.

    ``value`` is a literal's text; ``expr`` the interpolated expression, the
    ``if`` condition or the ``for`` collection; ``key_var``/``value_var``
    the ``for`` names. ``start``/``end`` are source offsets.
    """

    __slots__ = ("end", "expr", "key_var", "kind", "start", "value", "value_var")

    LITERAL: ClassVar[str] = "literal"
    INTERP: ClassVar[str] = "interp"
    IF: ClassVar[str] = "if"
    FOR: ClassVar[str] = "for"
    ELSE: ClassVar[str] = "else"
    ENDIF: ClassVar[str] = "endif"
    ENDFOR: ClassVar[str] = "endfor"
    END: ClassVar[str] = "end"

    kind: str
    start: int
    end: int
    value: str
    expr: Node | None
    key_var: str | None
    value_var: str

    def __init__(
        self,
        kind: str,
        start: int,
        end: int,
        *,
        value: str = "",
        expr: Node | None = None,
        key_var: str | None = None,
        value_var: str = "",
    ) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self.value = value
        self.expr = expr
        self.key_var = key_var
        self.value_var = value_var


_CLOSERS = frozenset({TemplateToken.ELSE, TemplateToken.ENDIF, TemplateToken.ENDFOR})


class TemplateParser:
    """Nests the directives of one template's token list."""

    def __init__(self, parser: Host, tokens: list[TemplateToken]) -> None:
        self.parser = parser
        self.source = parser.source
        self.tokens = tokens
        self.pos = 0

    def _peek(self) -> TemplateToken:
        return self.tokens[self.pos]

    def _read(self) -> TemplateToken:
        tok = self.tokens[self.pos]
        if tok.kind != TemplateToken.END:
            self.pos += 1
        return tok

    def _range(self, tok: TemplateToken) -> str:
        return str(self.source.range(tok.start, tok.end))

    def _error(self, summary: str, detail: str, tok: TemplateToken) -> None:
        self.parser.error(summary, detail, self.source.range(tok.start, tok.end))

    def _placeholder(self, tok: TemplateToken) -> ErrorExpr:
        return ErrorExpr(self.source, tok.start, tok.end, self.parser.diags[-1:])

    def parse_root(self) -> list[Node]:
        parts: list[Node] = []
        while self._peek().kind != TemplateToken.END:
            parts.append(self.parse_part())
        return parts

    def parse_part(self) -> Node:
        tok = self._peek()
        kind = tok.kind
        if kind == TemplateToken.LITERAL:
            self._read()
            return LiteralValue(self.source, tok.start, tok.end, LiteralKind.STRING, tok.value)
        if kind == TemplateToken.INTERP:
            self._read()
            assert tok.expr is not None
            return tok.expr
        if kind in (TemplateToken.IF, TemplateToken.FOR):
            parser = self.parser
            if not parser.enter((0, tok.start, tok.end)):
                parser.leave()
                self.pos = len(self.tokens) - 1  # the rest of the template is not read
                return self._placeholder(tok)
            try:
                return self.parse_if() if kind == TemplateToken.IF else self.parse_for()
            finally:
                parser.leave()
        self._read()
        if kind == TemplateToken.END:
            self._error(
                "Unexpected end of template",
                "The control directives within this template are unbalanced.",
                tok,
            )
        else:
            self._error(
                f"Unexpected {kind} directive",
                "The control directives within this template are unbalanced.",
                tok,
            )
        return self._placeholder(tok)

    def _body(self, parts: list[Node], empty_at: int) -> Template:
        if not parts:
            parts = [LiteralValue(self.source, empty_at, empty_at, LiteralKind.STRING, "")]
        return Template(self.source, parts[0].start, parts[-1].end, tuple(parts))

    def _parts_until_closer(self, opener: TemplateToken) -> tuple[list[Node], TemplateToken | None]:
        """The parts after ``opener`` up to the next ``else``/``endif``/``endfor``.

        Returns them and that directive (read), or ``None`` when the template
        ends first (reported; the END token is left for the placeholder).
        """
        parts: list[Node] = []
        while True:
            nxt = self._peek()
            if nxt.kind == TemplateToken.END:
                name = opener.kind
                self._error(
                    "Unexpected end of template",
                    f"The {name} directive at {self._range(opener)} is missing its corresponding "
                    f"end{name} directive.",
                    nxt,
                )
                return parts, None
            if nxt.kind in _CLOSERS:
                return parts, self._read()
            parts.append(self.parse_part())

    def parse_if(self) -> Node:
        open_if = self._read()
        if_parts, closer = self._parts_until_closer(open_if)
        else_parts: list[Node] = []
        if closer is not None and closer.kind == TemplateToken.ELSE:
            else_parts, closer = self._parts_until_closer(open_if)
            if closer is not None and closer.kind == TemplateToken.ELSE:
                self._error(
                    "Unexpected else directive",
                    f"Already in the else clause for the if started at {self._range(open_if)}.",
                    closer,
                )
                return self._placeholder(closer)
        if closer is None:
            return self._placeholder(self._peek())
        if closer.kind != TemplateToken.ENDIF:
            self._error(
                f"Unexpected {closer.kind} directive",
                f"Expecting an endif directive for the if started at {self._range(open_if)}.",
                closer,
            )
            return self._placeholder(closer)
        assert open_if.expr is not None
        return Conditional(
            self.source,
            open_if.start,
            closer.end,
            condition=open_if.expr,
            true_result=self._body(if_parts, open_if.end),
            false_result=self._body(else_parts, closer.start),
        )

    def parse_for(self) -> Node:
        open_for = self._read()
        parts, endfor = self._parts_until_closer(open_for)
        if endfor is None:
            return self._placeholder(self._peek())
        if endfor.kind == TemplateToken.ELSE:
            self._error(
                "Unexpected else directive",
                "An else clause is not expected for a for directive.",
                endfor,
            )
            return self._placeholder(endfor)
        if endfor.kind != TemplateToken.ENDFOR:
            self._error(
                f"Unexpected {endfor.kind} directive",
                f"Expecting an endfor directive corresponding to the for directive at "
                f"{self._range(open_for)}.",
                endfor,
            )
            return self._placeholder(endfor)
        assert open_for.expr is not None
        loop = ForExpr(
            self.source,
            open_for.start,
            endfor.end,
            key_var=open_for.key_var,
            value_var=open_for.value_var,
            collection=open_for.expr,
            key_expr=None,
            value_expr=self._body(parts, open_for.end),
            cond=None,
            group=False,
            open_end=open_for.end,
            close_start=endfor.start,
        )
        return TemplateJoin.around(loop)
