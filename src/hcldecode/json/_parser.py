"""The JSON parser: tokens to a tree of nodes, with diagnostics.

It is a state machine over the tokens of :data:`.scanner.TOKEN`, with an
explicit stack instead of recursion. Nesting is limited to
:func:`~hcldecode.values.max_nesting` levels all the same, since
the values read from the document are processed recursively.

Errors follow the reference's texts. Two kinds are told apart:

* a bad value (an unknown keyword, a malformed number or string, a missing
  value before ``}``) is reported, replaced by an
  :class:`~.ast.InvalidNode`, and parsing goes on;
* a structural error (a missing comma or colon, a mismatched or missing
  closing bracket, the end of the input) is reported and parsing stops.
  The tree read so far is kept: open objects and arrays are closed where
  parsing stopped.

Two slips are forgiven after being reported, because what was meant is
clear: ``=`` in place of ``:``, and a trailing comma before ``}`` or ``]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, cast

from .._text import suggest
from ..model._diagnostics import Diagnostic, Diagnostics
from ..values._limits import max_nesting, nesting_too_deep_detail
from ._ast import (
    ArrayNode,
    BoolNode,
    InvalidNode,
    Node,
    NullNode,
    NumberNode,
    ObjectNode,
    Property,
    Source,
    StringNode,
)
from ._scanner import (
    KEYWORD_VALUES,
    NUMBER,
    PLAIN_KEY,
    T_EQUALS,
    T_INVALID,
    T_NUMBER,
    T_PLAIN_STRING,
    T_PUNCT,
    T_STRING,
    TOKEN,
    StringError,
    comment_or_quote_hint,
    decode_string,
    replace_surrogates,
)

__all__ = [
    "UNCLOSED_ARRAY",
    "UNCLOSED_OBJECT",
    "VALUE_START_DETAIL",
    "Parser",
    "Stop",
    "parse_value",
]

#: The deepest nesting of objects and arrays that is accepted.

# Parser states: what the next token may be.
_VALUE: Final = 0  # a value (at the root, after a colon)
_FIRST_KEY: Final = 1  # after "{": a property name or "}"
_KEY: Final = 2  # after a comma in an object: a property name
_COLON: Final = 3  # after a property name
_AFTER: Final = 4  # after a value in an object or array: "," or the closing bracket
_FIRST_ELEMENT: Final = 5  # after "[": a value or "]"
_ELEMENT: Final = 6  # after a comma in an array: a value
_END: Final = 7  # after the root value: only the end of the input

VALUE_START_DETAIL: Final = (
    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword."
)
_JS_IDENTIFIERS: Final = frozenset({"undefined", "NaN", "Infinity"})

# After a value in an object or array, what came instead of a comma or the
# closer: (summary, detail) by character, "" for anything else.
_AFTER_PROPERTY: Final = {
    "": (
        "Missing attribute seperator comma",
        "A comma must appear between each property definition in an object.",
    ),
    "]": ("Mismatched braces", "A JSON object must be closed with a brace, not a bracket."),
}
_AFTER_ELEMENT: Final = {
    "": (
        "Missing attribute seperator comma",
        "A comma must appear between each value in an array.",
    ),
    ":": ("Invalid array value", "A colon is not used to introduce values in a JSON array."),
    "}": ("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace."),
}
UNCLOSED_OBJECT: Final = "No closing brace was found for this JSON object."
UNCLOSED_ARRAY: Final = "No closing bracket was found for this JSON array."


class Stop(Exception):
    """Raised inside the parser to abandon parsing after a structural error."""


class Parser:
    """One run of the parser over one source."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.text = source.text
        self.diags = Diagnostics()
        self.max_depth = max_nesting()
        self.has_surrogates = not self.text.isascii() and (
            replace_surrogates(self.text) != self.text
        )

    # ------------------------------------------------------------------ errors

    def error(
        self,
        summary: str,
        detail: str,
        start: int,
        end: int,
        context: tuple[int, int] | None = None,
    ) -> None:
        source = self.source
        self.diags.append(
            Diagnostic.error(
                summary,
                detail,
                source.range(start, end),
                source.range(*context) if context is not None else None,
            )
        )

    def trailing_comma(self, what: str, comma: int) -> None:
        """Report the comma at ``comma`` after the final ``what`` ("value in an array")."""
        container = what.rsplit(" ", 1)[1]
        self.error(
            f"Trailing comma in {container}",
            f"JSON does not permit a trailing comma after the final {what}.",
            comma,
            comma + 1,
        )

    def stop(self, summary: str, detail: str, start: int, end: int) -> Stop:
        """Report a structural error; the caller raises the result.

        The detail gets a hint when the unexpected text is a comment or a
        single quote.
        """
        self.error(summary, detail + comment_or_quote_hint(self.text, start), start, end)
        return Stop()

    # ------------------------------------------------------------------ tokens

    def scalar(self, kind: int, start: int, end: int, group: str) -> Node:
        """The node of a string, number or keyword token, reporting it if malformed."""
        if kind == T_STRING:
            try:
                value = decode_string(group)
            except StringError as e:
                context = (start, end)
                self.error(
                    "Invalid JSON string",
                    "There is a syntax error in the given JSON string.",
                    start + e.start,
                    start + e.end,
                    context,
                )
                if e.start == len(group):
                    # No closing quote: what follows cannot be read reliably.
                    raise Stop() from None
                return InvalidNode(start, end)
            return StringNode(start, end, value)
        if kind == T_NUMBER:
            if NUMBER.fullmatch(group) is None:
                self.error(
                    "Invalid JSON number",
                    "There is a syntax error in the given JSON number.",
                    start,
                    end,
                )
                return InvalidNode(start, end)
            return NumberNode(start, end, group)
        # A keyword.
        if group in KEYWORD_VALUES:
            keyword = KEYWORD_VALUES[group]
            return NullNode(start, end) if keyword is None else BoolNode(start, end, keyword)
        if group in _JS_IDENTIFIERS:
            detail = f'The JavaScript identifier "{group}" cannot be used in JSON.'
        else:
            suggestion = suggest(group, list(KEYWORD_VALUES))
            dym = f' Did you mean "{suggestion}"?' if suggestion else ""
            detail = f'"{group}" is not a valid JSON keyword.{dym}'
        self.error("Invalid JSON keyword", detail, start, end)
        return InvalidNode(start, end)

    # ------------------------------------------------------------------ the machine

    def parse(self) -> tuple[Node | None, bool]:
        """Parse the whole text; the root node (None if there is none) and whether it ended well."""
        text = self.text
        # TOKEN matches everywhere (at the end of the input, the empty string).
        match = cast("Callable[[str, int], re.Match[str]]", TOKEN.match)
        match_key = PLAIN_KEY.match
        has_surrogates = self.has_surrogates

        # Open containers, innermost last; for each open container whose
        # parent is an object, the pending property name in ``keys``.
        stack: list[ObjectNode | ArrayNode] = []
        keys: list[tuple[str, int, int] | None] = []
        key = ""
        key_start = key_end = 0
        comma = 0
        root: Node | None = None
        state = _VALUE
        pos = 0
        try:
            while True:
                if state in (_KEY, _FIRST_KEY):
                    km = match_key(text, pos)
                    if km is not None:
                        key = km.group(1)
                        if has_surrogates:
                            key = replace_surrogates(key)
                        key_start = km.start(1) - 1
                        key_end = km.end(1) + 1
                        pos = km.end()
                        state = _VALUE
                        continue
                m = match(text, pos)
                kind = m.lastindex
                end = m.end()
                if kind is None:
                    start = end
                else:
                    start = m.start(kind)
                    if kind == T_PLAIN_STRING:
                        start -= 1  # the group is the content, after the quote
                node: Node | None = None

                if state == _AFTER:
                    top = stack[-1]
                    ch = text[start] if kind == T_PUNCT else ""
                    if ch == ",":
                        comma = start
                        state = _KEY if isinstance(top, ObjectNode) else _ELEMENT
                        pos = end
                        continue
                    if ch != ("}" if isinstance(top, ObjectNode) else "]"):
                        raise self.after_value_error(top, kind, ch, start, end)
                    pos = end
                    node, pending = self.close(stack, keys, end)
                    if pending is not None:
                        key, key_start, key_end = pending
                elif state in (_VALUE, _ELEMENT, _FIRST_ELEMENT):
                    if kind == T_PLAIN_STRING:
                        value = m.group(1)
                        node = StringNode(
                            start, end, replace_surrogates(value) if has_surrogates else value
                        )
                        pos = end
                    elif kind == T_PUNCT:
                        ch = text[start]
                        if ch in "{[":
                            if len(stack) >= self.max_depth:
                                raise self.stop(
                                    "Nesting too deep",
                                    nesting_too_deep_detail(
                                        "JSON document nests objects and arrays", self.max_depth
                                    ),
                                    start,
                                    end,
                                )
                            if stack and isinstance(stack[-1], ObjectNode):
                                keys.append((key, key_start, key_end))
                            else:
                                keys.append(None)
                            if ch == "{":
                                stack.append(ObjectNode(start, end, [], False))
                                state = _FIRST_KEY
                            else:
                                stack.append(ArrayNode(start, end, [], False))
                                state = _FIRST_ELEMENT
                            pos = end
                            continue
                        if ch == "]" and state != _VALUE:
                            pos = end
                            if state == _ELEMENT:
                                self.trailing_comma("value in an array", comma)
                            node, pending = self.close(stack, keys, end)
                            if pending is not None:
                                key, key_start, key_end = pending
                        elif ch == "}" and stack and isinstance(stack[-1], ObjectNode):
                            # A missing value: report it and let the object close.
                            self.error("Missing JSON value", VALUE_START_DETAIL, start, end)
                            node = InvalidNode(start, end)
                            pos = start
                        else:
                            raise self.missing_value_error(ch, start, end)
                    elif kind is None:
                        raise self.stop(
                            "Missing value", "The JSON data ends prematurely.", start, start
                        )
                    elif kind in (T_EQUALS, T_INVALID):
                        raise self.stop("Invalid start of value", VALUE_START_DETAIL, start, end)
                    else:
                        node = self.scalar(kind, start, end, m.group(kind))
                        pos = end
                elif state == _COLON:
                    if kind == T_PUNCT and text[start] == ":":
                        state = _VALUE
                    elif kind == T_EQUALS:
                        self.error(
                            "Missing property value colon",
                            "JSON uses a colon as its name/value delimiter, not an equals sign.",
                            start,
                            end,
                        )
                        state = _VALUE
                    elif kind == T_PUNCT and text[start] in ",}":
                        raise self.stop(
                            "Missing object value",
                            "A JSON object attribute must have a value, introduced by a colon.",
                            start,
                            end,
                        )
                    else:
                        raise self.stop(
                            "Missing property value colon",
                            "A colon must appear between an object property's name and its value.",
                            start,
                            end,
                        )
                    pos = end
                    continue
                elif state == _END:
                    if kind is None:
                        return root, True
                    raise self.stop(
                        "Extraneous data after value",
                        "Extra characters appear after the JSON value.",
                        start,
                        end,
                    )
                else:  # _KEY or _FIRST_KEY, and not a plain name followed by a colon
                    ch = text[start] if kind == T_PUNCT else ""
                    if ch == "}":
                        pos = end
                        if state == _KEY:
                            self.trailing_comma("property in an object", comma)
                        node, pending = self.close(stack, keys, end)
                        if pending is not None:
                            key, key_start, key_end = pending
                    elif kind in (T_PLAIN_STRING, T_STRING):
                        if kind == T_PLAIN_STRING:
                            key = m.group(1)
                            if has_surrogates:
                                key = replace_surrogates(key)
                        else:
                            name = self.scalar(kind, start, end, m.group(kind))
                            if not isinstance(name, StringNode):
                                raise Stop()
                            key = name.value
                        key_start, key_end = start, end
                        state = _COLON
                        pos = end
                        continue
                    else:
                        raise self.key_error(kind, ch, start, end)

                # A value is complete: attach it to its container.
                if not stack:
                    root = node
                    state = _END
                    continue
                top = stack[-1]
                if isinstance(top, ObjectNode):
                    top.properties.append(Property(key, key_start, key_end, node))
                else:
                    top.elements.append(node)
                state = _AFTER
        except Stop:
            return self.abandon(stack, keys, root, pos), False

    def close(
        self, stack: list[ObjectNode | ArrayNode], keys: list[tuple[str, int, int] | None], end: int
    ) -> tuple[Node, tuple[str, int, int] | None]:
        """Close the innermost container at ``end``.

        Returns it and, when its parent is an object, the property name it is the value of.
        """
        node = stack.pop()
        node.end = end
        node.closed = True
        return node, keys.pop()

    def abandon(
        self,
        stack: list[ObjectNode | ArrayNode],
        keys: list[tuple[str, int, int] | None],
        root: Node | None,
        pos: int,
    ) -> Node | None:
        """After a structural error: close every open container where parsing stopped."""
        end = pos
        while stack:
            node = stack.pop()
            node.end = end
            pending = keys[len(stack)]
            if not stack:
                return node
            parent = stack[-1]
            if isinstance(parent, ObjectNode):
                assert pending is not None
                parent.properties.append(Property(*pending, node))
            else:
                parent.elements.append(node)
        return root

    # ------------------------------------------------------------------ structural errors

    def after_value_error(
        self, top: ObjectNode | ArrayNode, kind: int | None, ch: str, start: int, end: int
    ) -> Stop:
        """The structural error for what follows a value in ``top``: no comma, no closer."""
        in_object = isinstance(top, ObjectNode)
        if kind is None:
            detail = UNCLOSED_OBJECT if in_object else UNCLOSED_ARRAY
            return self.stop("Unclosed object", detail, top.start, top.start + 1)
        table = _AFTER_PROPERTY if in_object else _AFTER_ELEMENT
        summary, detail = table.get(ch, table[""])
        return self.stop(summary, detail, start, end)

    def missing_value_error(self, ch: str, start: int, end: int) -> Stop:
        if ch == "]":
            return self.stop("Missing array element value", VALUE_START_DETAIL, start, end)
        if ch == "}":
            return self.stop("Missing JSON value", VALUE_START_DETAIL, start, end)
        return self.stop("Invalid start of value", VALUE_START_DETAIL, start, end)

    def key_error(self, kind: int | None, ch: str, start: int, end: int) -> Stop:
        if kind is None:
            return self.stop("Missing value", "The JSON data ends prematurely.", start, start)
        if kind == T_INVALID:
            return self.stop("Invalid start of value", VALUE_START_DETAIL, start, end)
        if ch == "]":
            return self.stop(*_AFTER_PROPERTY["]"], start, end)
        return self.stop(
            "Invalid object property name",
            "A JSON object property name must be a string",
            start,
            end,
        )


def parse_value(source: Source) -> tuple[Node | None, bool, Diagnostics]:
    """Parse the JSON text of ``source``.

    Returns the root node (``None`` when not even the start of a value was
    found), whether the text was read to its end without a structural error,
    and the diagnostics.
    """
    parser = Parser(source)
    root, complete = parser.parse()
    return root, complete, parser.diags
