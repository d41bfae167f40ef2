"""The tree of a parsed JSON document, and positions in its source.

Nodes record character offsets into the decoded text only; a
:class:`Source` turns offsets into :class:`~hcldecode.model.Range`
values when one is asked for, so parsing a big file builds no ranges.

Objects keep every property, duplicates included, in source order. Numbers
keep their source text (already checked against JSON's grammar); their HCL
value is computed when an expression is evaluated.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model._diagnostics import Pos, Range, SourceFile
from ..model._source import FileRef, SourceMap
from ..values._value import Value

__all__ = [
    "ArrayNode",
    "BoolNode",
    "InvalidNode",
    "Node",
    "NodeView",
    "NullNode",
    "NumberNode",
    "ObjectNode",
    "Property",
    "Source",
    "StringNode",
]


# --------------------------------------------------------------------------- positions


class Source:
    """A decoded JSON document and the positions in it.

    Positions follow the reference's JSON scanner: lines end at ``\\n``, a
    tab counts two columns and a carriage return none, anything else one
    column per grapheme cluster; byte offsets are those of the UTF-8 file.
    The line tables (the source map of the model layer) are built on
    the first request for a position, so parsing alone builds none.
    Positions count from ``start`` when it is given (a document that is part
    of a bigger file).
    """

    __slots__ = ("_file", "_map", "_start", "filename", "literal_templates", "text")

    def __init__(self, filename: str, text: str, start: Pos | None = None) -> None:
        self.filename = filename
        self.text = text
        self._start = start
        self._file: FileRef | None = None
        self._map: SourceMap | None = None
        #: The document's short strings whose templates are literal text alone,
        #: by text: the value, the template's count of parts and the value's
        #: length (``None`` for a string whose template is something else).
        self.literal_templates: dict[str, tuple[Value, int, int] | None] = {}

    @property
    def file(self) -> SourceFile | None:
        """The parsed file of this document, referred to weakly as a source map does;
        ``None`` until the parser has made it."""
        return None if self._file is None else self._file.get()

    def keep_file(self, file: SourceFile, remake: Callable[[], SourceFile]) -> None:
        """Refer to the parsed file of this document (weakly)."""
        self._file = FileRef(file, remake)

    @property
    def source_map(self) -> SourceMap:
        """The position tables of the text."""
        if self._map is None:
            self._map = SourceMap(self.filename, self.text, json_columns=True, start=self._start)
        return self._map

    def pos(self, offset: int) -> Pos:
        """The position of the character offset ``offset``."""
        return self.source_map.pos(offset)

    def range(self, start: int, end: int) -> Range:
        """The range from character offset ``start`` to ``end`` (exclusive)."""
        return self.source_map.range(start, end)

    def offset_of_byte(self, byte: int) -> int:
        """The character offset of the first character at or after the UTF-8 offset ``byte``."""
        return self.source_map.offset(byte)


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


# --------------------------------------------------------------------------- views


class NodeView:
    """What the body and expression views of a JSON value share: the document and the value.

    Mixed into :class:`~hcldecode.json.JsonBody` and
    :class:`~hcldecode.json.JsonExpression`.
    """

    __slots__ = ("_node", "_source")

    def __init__(self, source: Source, node: Node) -> None:
        self._source = source
        self._node = node

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._node!r})"

    @property
    def node(self) -> Node:
        """The JSON value."""
        return self._node

    @property
    def source(self) -> Source:
        """The document the value is in."""
        return self._source
