"""The tree of a parsed JSON document, and positions in its source.

Nodes record character offsets into the decoded text only; a
:class:`Source` turns offsets into :class:`~hcldecode.diagnostics.Range`
values when one is asked for, so parsing a big file builds no ranges.

Objects keep every property, duplicates included, in source order. Numbers
keep their source text (already checked against JSON's grammar); their HCL
value is computed when an expression is evaluated.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ..diagnostics import Pos, Range
from ..text import grapheme_count

__all__ = [
    "ArrayNode",
    "BoolNode",
    "InvalidNode",
    "Node",
    "NullNode",
    "NumberNode",
    "ObjectNode",
    "Property",
    "Source",
    "StringNode",
]


# --------------------------------------------------------------------------- positions

# Within a JSON string the reference scanner counts grapheme clusters only
# between quotes, backslashes and control characters; each of those counts
# as one column on its own.
_CLUSTER_BREAK = re.compile(r'(["\\\x00-\x1f])')


def _columns(segment: str) -> int:
    """The columns the reference's JSON scanner counts for ``segment`` (no newline in it).

    A tab counts two columns and a carriage return none; everything else
    counts one column per grapheme cluster.
    """
    if segment.isascii():
        return len(segment) + segment.count("\t") - segment.count("\r")
    clusters = sum(grapheme_count(piece) for piece in _CLUSTER_BREAK.split(segment) if piece)
    return clusters + segment.count("\t") - segment.count("\r")


def _utf8_length(s: str) -> int:
    # Lone surrogates stand for single undecodable bytes (surrogateescape).
    return len(s.encode("utf-8", "surrogateescape" if not _has_wide_surrogates(s) else "surrogatepass"))


def _has_wide_surrogates(s: str) -> bool:
    return any("\ud800" <= ch < "\udc80" or "\udd00" <= ch <= "\udfff" for ch in s)


class Source:
    """A decoded JSON document and the rules for positions in it.

    Lines are counted at ``\\n``; columns follow the reference's JSON scanner
    (a tab is two columns, a carriage return none, otherwise one column per
    grapheme cluster); byte offsets are those of the UTF-8 encoding.
    Line tables are built on the first request for a position.
    """

    __slots__ = ("_ascii", "_byte_starts", "_line_starts", "filename", "text")

    def __init__(self, filename: str, text: str) -> None:
        self.filename = filename
        self.text = text
        self._ascii = text.isascii()
        self._line_starts: list[int] | None = None
        self._byte_starts: list[int] | None = None

    def _lines(self) -> list[int]:
        if self._line_starts is None:
            starts = [0]
            find = self.text.find
            i = find("\n")
            while i >= 0:
                starts.append(i + 1)
                i = find("\n", i + 1)
            self._line_starts = starts
        return self._line_starts

    def _line_bytes(self) -> list[int]:
        if self._byte_starts is None:
            starts = self._lines()
            text = self.text
            total = 0
            byte_starts = [0]
            for a, b in zip(starts, starts[1:], strict=False):
                total += _utf8_length(text[a:b])
                byte_starts.append(total)
            self._byte_starts = byte_starts
        return self._byte_starts

    def pos(self, offset: int) -> Pos:
        """The position of the character offset ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, len(self.text)))
        starts = self._lines()
        line = bisect.bisect_right(starts, offset) - 1
        start = starts[line]
        segment = self.text[start:offset]
        if self._ascii:
            byte = offset
        else:
            byte = self._line_bytes()[line] + _utf8_length(segment)
        return Pos(line + 1, 1 + _columns(segment), byte)

    def range(self, start: int, end: int) -> Range:
        """The range from character offset ``start`` to ``end`` (exclusive)."""
        p = self.pos(start)
        return Range(self.filename, p, p if end == start else self.pos(end))

    def offset_of_byte(self, byte: int) -> int:
        """The character offset of the UTF-8 byte offset ``byte`` (rounded down)."""
        if self._ascii:
            return byte
        byte_starts = self._line_bytes()
        line = bisect.bisect_right(byte_starts, byte) - 1
        start = self._lines()[line]
        remaining = byte - byte_starts[line]
        offset = start
        text = self.text
        while offset < len(text) and remaining > 0:
            remaining -= _utf8_length(text[offset])
            if remaining < 0:
                break
            offset += 1
        return offset


# --------------------------------------------------------------------------- nodes


class Node:
    """A JSON value spanning characters ``start`` to ``end`` (exclusive) of its source."""

    __slots__ = ("end", "start")

    def __init__(self, start: int, end: int) -> None:
        self.start = start
        self.end = end

    def start_span(self) -> tuple[int, int]:
        """The offsets of the short span that starts the value (its first token)."""
        return self.start, self.end

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.start}..{self.end})"


class ObjectNode(Node):
    """A JSON object; ``properties`` in source order, duplicates kept.

    ``closed`` is false when the input ended (or was abandoned after an
    error) before the closing brace; ``end`` is then where parsing stopped.
    """

    __slots__ = ("closed", "properties")

    def __init__(self, start: int, end: int, properties: list[Property], closed: bool) -> None:
        self.start = start
        self.end = end
        self.properties = properties
        self.closed = closed

    def start_span(self) -> tuple[int, int]:
        return self.start, self.start + 1

    def close_span(self) -> tuple[int, int]:
        """The closing brace, or an empty span where the object was cut short."""
        return (self.end - 1, self.end) if self.closed else (self.end, self.end)


class ArrayNode(Node):
    """A JSON array; ``closed`` as for :class:`ObjectNode`."""

    __slots__ = ("closed", "elements")

    def __init__(self, start: int, end: int, elements: list[Node], closed: bool) -> None:
        self.start = start
        self.end = end
        self.elements = elements
        self.closed = closed

    def start_span(self) -> tuple[int, int]:
        return self.start, self.start + 1


class StringNode(Node):
    """A JSON string; ``value`` is its decoded content, ``start`` its opening quote."""

    __slots__ = ("value",)

    def __init__(self, start: int, end: int, value: str) -> None:
        self.start = start
        self.end = end
        self.value = value


class NumberNode(Node):
    """A JSON number; ``text`` is its source text, valid JSON number syntax."""

    __slots__ = ("text",)

    def __init__(self, start: int, end: int, text: str) -> None:
        self.start = start
        self.end = end
        self.text = text


class BoolNode(Node):
    """``true`` or ``false``."""

    __slots__ = ("value",)

    def __init__(self, start: int, end: int, value: bool) -> None:
        self.start = start
        self.end = end
        self.value = value


class NullNode(Node):
    """``null``."""

    __slots__ = ()


class InvalidNode(Node):
    """Stands where a value could not be read; its error was already reported."""

    __slots__ = ()


class Property:
    """One ``"name": value`` pair of an object; ``name_start`` is the name's opening quote."""

    __slots__ = ("name", "name_end", "name_start", "value")

    def __init__(self, name: str, name_start: int, name_end: int, value: Node) -> None:
        self.name = name
        self.name_start = name_start
        self.name_end = name_end
        self.value = value

    def name_node(self) -> StringNode:
        """The property name as a string value node (for use as an expression)."""
        return StringNode(self.name_start, self.name_end, self.name)

    def __repr__(self) -> str:
        return f"Property({self.name!r}, {self.value!r})"


def walk(node: Node) -> Iterator[Node]:
    """Every node of the tree under ``node`` (itself included), depth first, without recursion."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, ObjectNode):
            stack.extend(reversed([p.value for p in n.properties]))
        elif isinstance(n, ArrayNode):
            stack.extend(reversed(n.elements))
