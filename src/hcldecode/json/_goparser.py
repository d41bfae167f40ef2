"""The JSON parser in Go mode: invalid JSON reported as HCL's Go parser reports it.

:mod:`._parser` stops at the first structural error and forgives two slips
(``=`` for ``:`` and a trailing comma). HCL's own parser recovers instead:
a container with a structural error becomes an invalid value, the tokens are
skipped to what seems to be its end, and parsing goes on in the parent, which
often reports follow-on errors. A program that must give the very
diagnostics Terraform gives (and see the body Terraform sees) opts into this
with ``go_errors=True``.

Only the error flow differs: tokens, scalar values and their diagnostics are
those of :class:`._parser.Parser` (which it uses for them), and valid JSON
gives the same tree.
"""

from __future__ import annotations

from typing import Final

from ..model._diagnostics import Diagnostic, Pos, Range
from ..model._source import utf8_length
from ..values._limits import nesting_too_deep_detail
from ._ast import ArrayNode, InvalidNode, Node, ObjectNode, Property, Source, StringNode
from ._parser import UNCLOSED_ARRAY, UNCLOSED_OBJECT, VALUE_START_DETAIL, Parser, Stop
from ._scanner import (
    T_EQUALS,
    T_INVALID,
    T_KEYWORD,
    T_NUMBER,
    T_PLAIN_STRING,
    T_PUNCT,
    TOKEN,
    StringError,
    bad_escape_index,
    decode_string,
)

__all__ = ["GoParser"]

_EOF: Final = ""

#: A token: its kind (a punctuation character, "=", "S", "N", "K", "?" for an
#: invalid character, "" at the end), its span, and its text.
_Token = tuple[str, int, int, str]

_KINDS: Final = {T_PLAIN_STRING: "S", T_NUMBER: "N", T_KEYWORD: "K", T_EQUALS: "=", T_INVALID: "?"}


class GoParser:
    """One run of the Go-mode parser over one source; see :meth:`parse`."""

    def __init__(self, source: Source) -> None:
        self.base = Parser(source)
        self.diags = self.base.diags
        self.error = self.base.error
        self.tokens = self._scan(source.text)
        self.at = 0
        self.depth = 0

    @staticmethod
    def _scan(text: str) -> list[_Token]:
        """Every token, as HCL's scanner makes them: it stops after an invalid character."""
        tokens: list[_Token] = []
        pos = 0
        while True:
            m = TOKEN.match(text, pos)
            assert m is not None  # TOKEN matches everywhere
            group = m.lastindex
            end = m.end()
            if group is None:
                tokens.append((_EOF, end, end, ""))
                return tokens
            start = m.start(group)
            if group == T_PLAIN_STRING:
                start -= 1
            kind = text[start] if group == T_PUNCT else _KINDS.get(group, "S")
            tokens.append((kind, start, end, text[start:end]))
            if kind == "?":
                tokens.append((_EOF, end, end, ""))
                return tokens
            pos = end

    def parse(self) -> tuple[Node | None, bool]:
        """Parse one value and check that nothing follows it.

        Returns the root (``None`` only when the nesting limit was passed) and
        whether no error was found.
        """
        try:
            root = self.value()
        except Stop:
            return None, False
        if not self.diags and self.peek()[0] != _EOF:
            _, start, end, _ = self.peek()
            self.error(
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
                start,
                end,
            )
        return root, not self.diags

    def peek(self) -> _Token:
        return self.tokens[self.at]

    def read(self) -> _Token:
        token = self.tokens[self.at]
        if token[0] != _EOF:
            self.at += 1
        return token

    def value(self) -> Node:
        """A value; an invalid node (spanning its first token) where there is none."""
        kind, start, end, text = self.peek()
        node: Node | None = None
        if kind in ("{", "["):
            if self.depth >= self.base.max_depth:
                self.error(
                    "Nesting too deep",
                    nesting_too_deep_detail(
                        "JSON document nests objects and arrays", self.base.max_depth
                    ),
                    start,
                    end,
                )
                raise Stop
            self.depth += 1
            node = self.object() if kind == "{" else self.array()
            self.depth -= 1
        elif kind in ("S", "N", "K"):
            self.read()
            if kind == "S":
                node = self.string(start, end, text)
            else:
                node = self.base.scalar(T_NUMBER if kind == "N" else T_KEYWORD, start, end, text)
        elif kind == "}":
            self.error("Missing JSON value", VALUE_START_DETAIL, start, end)
        elif kind == "]":
            self.error("Missing array element value", VALUE_START_DETAIL, start, end)
        elif kind == _EOF:
            self.error("Missing value", "The JSON data ends prematurely.", start, end)
        else:
            self.error("Invalid start of value", VALUE_START_DETAIL, start, end)
        return node if node is not None else InvalidNode(start, end)

    def string(self, start: int, end: int, token: str) -> Node | None:
        """The node of a string token, or ``None`` after reporting it as HCL does.

        HCL places the error one byte past the offset Go's ``encoding/json``
        gives, counting the bytes before it as columns: one byte after the
        faulty character of an escape, or one byte past the end of a string
        without its closing quote.
        """
        try:
            return StringNode(start, end, decode_string(token))
        except StringError:
            pass
        bad = bad_escape_index(token)
        offset = utf8_length(token) if bad is None else utf8_length(token[:bad]) + 1
        line, column, byte = self.base.source.pos(start)
        filename = self.base.source.filename
        subject = Range(
            filename,
            Pos(line, column + offset, byte + offset),
            Pos(line, column + offset + 1, byte + offset + 1),
        )
        self.diags.append(
            Diagnostic.error(
                "Invalid JSON string",
                "There is a syntax error in the given JSON string.",
                subject,
                self.base.source.range(start, end),
            )
        )
        return None

    def skip(self, token: _Token, opener: str, closer: str) -> None:
        """Skip tokens after an error, as HCL's parser does, to what seems the container's end.

        Like HCL's, this stops after the first closer that brings the count
        of open containers back to one, which may be a nested container's.
        """
        open_count = 1
        while True:
            kind = token[0]
            if kind == opener:
                open_count += 1
            elif kind == closer:
                open_count -= 1
                if open_count <= 1:
                    return
            elif kind == _EOF:
                return
            token = self.read()

    def error_at_next(self, summary: str, detail: str) -> None:
        _, start, end, _ = self.peek()
        self.error(summary, detail, start, end)

    def object(self) -> Node | None:
        _, open_start, open_end, _ = self.read()
        properties: list[Property] = []
        while self.peek()[0] != "}":
            key = self.value()
            if not isinstance(key, StringNode):
                self.error(
                    "Invalid object property name",
                    "A JSON object property name must be a string",
                    *key.start_span(),
                )
                return None
            colon = self.read()
            kind, start, end, _ = colon
            if kind != ":":
                self.skip(colon, "{", "}")
                if kind in ("}", ","):
                    self.error(
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                        start,
                        end,
                    )
                elif kind == "=":
                    self.error(
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                        start,
                        end,
                    )
                else:
                    self.error(
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                        start,
                        end,
                    )
                return None
            properties.append(Property(key.value, key.start, key.end, self.value()))
            kind, start, end, _ = self.peek()
            if kind == ",":
                self.read()
                if self.peek()[0] == "}":
                    self.base.trailing_comma("property in an object", start)
                    return None
            elif kind == _EOF:
                self.error("Unclosed object", UNCLOSED_OBJECT, open_start, open_end)
                return None
            elif kind == "]":
                self.read()
                self.error_at_next(
                    "Mismatched braces", "A JSON object must be closed with a brace, not a bracket."
                )
                return None
            elif kind != "}":
                self.skip(self.read(), "{", "}")
                self.error_at_next(
                    "Missing attribute seperator comma",
                    "A comma must appear between each property definition in an object.",
                )
                return None
        _, _, close_end, _ = self.read()
        return ObjectNode(open_start, close_end, properties, True)

    def array(self) -> Node | None:
        _, open_start, open_end, _ = self.read()
        elements: list[Node] = []
        while self.peek()[0] != "]":
            elements.append(self.value())
            kind, start, _, _ = self.peek()
            if kind == ",":
                self.read()
                if self.peek()[0] == "]":
                    self.base.trailing_comma("value in an array", start)
                    return None
                continue
            if kind == "]":
                break
            self.skip(self.read(), "[", "]")
            if kind == ":":
                self.error_at_next(
                    "Invalid array value",
                    "A colon is not used to introduce values in a JSON array.",
                )
            elif kind == _EOF:
                self.error("Unclosed object", UNCLOSED_ARRAY, open_start, open_end)
            elif kind == "}":
                self.error_at_next(
                    "Mismatched brackets",
                    "A JSON array must be closed with a bracket, not a brace.",
                )
            else:
                self.error_at_next(
                    "Missing attribute seperator comma",
                    "A comma must appear between each value in an array.",
                )
            return None
        _, _, close_end, _ = self.read()
        return ArrayNode(open_start, close_end, elements, True)
