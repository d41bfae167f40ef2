"""The fast path of the JSON parser: Python's C decoder reads the document, positions come later.

A document that Python's ``json`` module accepts (without ``NaN`` or
``Infinity``, without lone surrogates, not nested deeper than
:func:`~hcldecode.values.max_nesting`) is one that
the full parser reads without a diagnostic, into a tree of the same shape
and values. For such a document, :func:`fast_parse` lets the C decoder do
the reading and returns a tree of lazy nodes:

* a container's children become nodes when they are first asked for;
* no node has a position until one is asked for. The first request walks
  the decoded value beside the text once (:class:`_Positions`), finding
  where each token ends, and gives every node made so far its positions;
  nodes made after that are taken from the tree that walk built. The tests
  compare every position with the full parser's.

Anything else (a syntax error, a construct the two readers could take
differently) is left to the full parser: :func:`fast_parse` returns ``None``.
"""

from __future__ import annotations

import gc
import json
import re
import sys
import threading
from collections.abc import Callable
from itertools import chain, compress
from operator import itemgetter
from typing import Any

from ..values._limits import max_nesting
from ._ast import (
    ArrayNode,
    BoolNode,
    Node,
    NullNode,
    NumberNode,
    ObjectNode,
    Property,
    Source,
    StringNode,
)
from ._decoded import decoded_object

__all__ = ["fast_parse"]


def _refuse_constant(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON: leave them to the full parser."""
    raise ValueError(name)


#: Objects are read as dicts, or as a tuple holding the list of their (name, value)
#: pairs when a name repeats (``decoded_object``), arrays as lists, numbers as their
#: source text in ASCII bytes (``str.encode``, a C function, makes objects that the
#: cyclic garbage collector does not track).
_DECODER = json.JSONDecoder(
    object_pairs_hook=decoded_object,
    parse_int=str.encode,
    parse_float=str.encode,
    parse_constant=_refuse_constant,
)
# A \u escape of a surrogate: the full parser turns a lone one into U+FFFD.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_WS = re.compile(r"[ \t\n\r]*")


def fast_parse(source: Source) -> Node | None:
    """The lazy tree of ``source``'s document, or ``None`` when the full parser must read it.

    ``source``'s text must hold no lone surrogate (no byte that was not UTF-8).
    """
    text = source.text
    # (A search for one character is a memchr; the regular expression's scan is three
    # times as fast as ``"\\u" in text``.)
    backslash = text.find("\\")
    if backslash >= 0 and _SURROGATE_ESCAPE.search(text, backslash) is not None:
        return None
    try:
        raw, end = _DECODER.raw_decode(text, _WS.match(text).end())  # type: ignore[union-attr]
    except (ValueError, RecursionError):
        return None
    if _WS.match(text, end).end() != len(text):  # type: ignore[union-attr]
        return None
    limit = max_nesting()
    # Nesting ``limit`` levels deep takes at least 2 * limit characters.
    if len(text) >= 2 * limit and _too_deep(raw, limit):
        return None
    return _Document(source, raw).node(raw)


def _too_deep(raw: Any, limit: int) -> bool:
    """Whether the decoded value ``raw`` nests objects and arrays ``limit`` levels or deeper.

    One nesting level at a time, with the loops over values in C: a Python loop over
    every value would cost more than decoding. In CPython, the levels are first
    counted over the containers that the cyclic garbage collector tracks, which is
    every container that holds another (the garbage collector's rule for dicts: one
    that holds only strings, numbers and keywords is not tracked, one that holds a dict
    or a list is; lists always are; and an object with a repeated name, a tuple
    holding a list, always is). That count skips only containers with no container
    inside, so the true depth is that count or one more; only when the one more would
    reach ``limit`` are the levels counted over every container.
    """
    if _CPYTHON:
        depth = _depth(raw, limit, gc.is_tracked)
        if depth + 1 < limit:
            return False
        if depth >= limit:
            return True
    return _depth(raw, limit, _is_container) >= limit


def _is_container(value: Any) -> bool:
    return type(value) in _CONTAINERS


def _depth(raw: Any, limit: int, keep: Callable[[Any], bool]) -> int:
    """How many levels of containers that ``keep`` keeps nest in ``raw``, up to ``limit``.

    ``raw`` itself counts when it is a container.
    """
    level: list[Any] = [raw] if type(raw) in _CONTAINERS else []
    depth = 0
    while level and depth < limit:
        depth += 1
        kinds = list(map(type, level))
        # An object with a repeated name is ``(pairs,)``: its values are the pairs'
        # second items (the tuple, the list and the pairs are no nesting level).
        values = _children(*compress(level, map(_IS_PLAIN_CONTAINER, kinds)))
        repeated = compress(level, map(_IS_PAIRS, kinds))
        values += map(_SECOND, chain.from_iterable(map(_FIRST, repeated)))
        level = list(filter(keep, values))
    return depth


def _portable_children(*containers: Any) -> list[Any]:
    """The values of the dicts and the elements of the lists ``containers``."""
    dicts = list(map(type, containers))
    values: list[Any] = list(
        chain.from_iterable(map(dict.values, compress(containers, map(_IS_DICT, dicts))))
    )
    values += chain.from_iterable(compress(containers, map(_IS_LIST, dicts)))
    return values


# In CPython, gc.get_referents of dicts, lists and tuples is their values and elements.
_CPYTHON = sys.implementation.name == "cpython"
_children: Callable[..., list[Any]] = gc.get_referents if _CPYTHON else _portable_children
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_IS_DICT = frozenset({dict}).__contains__
_IS_LIST = frozenset({list}).__contains__
_IS_PAIRS = frozenset({tuple}).__contains__
_IS_PLAIN_CONTAINER = frozenset({dict, list}).__contains__
_CONTAINERS = frozenset({dict, list, tuple})


class _Document:
    """What the lazy nodes of one document share: its source and, once read, its full tree."""

    __slots__ = ("_lock", "_root", "_root_raw", "resolved", "source")

    def __init__(self, source: Source, raw: Any) -> None:
        self.source = source
        self.resolved = False
        self._root_raw = raw
        self._root: Node | None = None
        # A parsed file may be read from several threads: children are made, and
        # positions given, by one thread at a time.
        self._lock = threading.Lock()

    def node(self, raw: Any) -> Node:
        """The lazy node of the decoded value ``raw``."""
        kind = type(raw)
        node: Node
        if kind is str:
            node = _LazyString.__new__(_LazyString)
            node.value = raw
        elif kind is dict or kind is tuple:
            node = _LazyObject.__new__(_LazyObject)
            node.closed = True
            node._raw = raw
        elif kind is list:
            node = _LazyArray.__new__(_LazyArray)
            node.closed = True
            node._raw = raw
        elif kind is bytes:
            node = _LazyNumber.__new__(_LazyNumber)
            node.text = raw.decode("ascii")
        elif raw is None:
            node = _LazyNull.__new__(_LazyNull)
        else:
            node = _LazyBool.__new__(_LazyBool)
            node.value = raw
        node._doc = self  # type: ignore[union-attr]
        if self._root is None:
            self._root = node
        return node

    def materialize(self, container: _LazyObject | _LazyArray) -> None:
        """Give ``container`` its children: its full twin's once positions are known, else lazy."""
        with self._lock:
            if container._raw is not None:
                self._materialize(container)

    def _materialize(self, container: _LazyObject | _LazyArray) -> None:
        twin = container._twin
        if twin is not None:
            if isinstance(twin, ObjectNode):
                container.properties = twin.properties  # type: ignore[union-attr]
            else:
                container.elements = twin.elements  # type: ignore[union-attr]
            container._raw = None
            return
        node = self.node
        if isinstance(container, _LazyObject):
            properties: list[Property] = []
            raw = container._raw
            for name, value in raw.items() if type(raw) is dict else raw[0]:
                prop = _LazyProperty.__new__(_LazyProperty)
                prop.name = name
                prop.value = node(value)
                prop._doc = self
                properties.append(prop)
            container.properties = properties
        else:
            container.elements = [node(value) for value in container._raw]
        container._raw = None

    def resolve(self) -> None:
        """Find every position in the document and give them to the lazy nodes."""
        with self._lock:
            if not self.resolved:
                self._resolve()
                self.resolved = True

    def _resolve(self) -> None:
        assert self._root is not None
        full = _Positions(self.source.text).tree(self._root_raw)
        pairs: list[tuple[Node, Node]] = [(self._root, full)]
        while pairs:
            lazy, twin = pairs.pop()
            lazy.start = twin.start
            lazy.end = twin.end
            if isinstance(lazy, _LazyObject):
                if lazy._raw is not None:
                    lazy._twin = twin  # type: ignore[assignment]
                    continue
                assert isinstance(twin, ObjectNode)
                for prop, twin_prop in zip(lazy.properties, twin.properties, strict=True):
                    prop.name_start = twin_prop.name_start
                    prop.name_end = twin_prop.name_end
                    pairs.append((prop.value, twin_prop.value))
            elif isinstance(lazy, _LazyArray):
                if lazy._raw is not None:
                    lazy._twin = twin  # type: ignore[assignment]
                    continue
                assert isinstance(twin, ArrayNode)
                pairs.extend(zip(lazy.elements, twin.elements, strict=True))


# White space and commas, then a property name and its colon, then white space.
_MEMBER = re.compile(r'[ \t\n\r,]*("[^"\\]*(?:\\.[^"\\]*)*")[ \t\n\r]*:[ \t\n\r]*')
_SKIP = re.compile(r"[ \t\n\r,]*")
# The rest of a string token after its opening quote.
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"')
_KEYWORD_LENGTHS = {True: 4, False: 5, None: 4}


class _Positions:
    """The full tree of a document the C decoder read, with positions: its decoded value
    walked beside its text.

    The text is known to be valid JSON, so each step only finds where the next
    token ends: no token is checked again, no string decoded again.
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def tree(self, raw: Any) -> Node:
        text = self.text
        node, _end = self.value(raw, _WS.match(text).end())  # type: ignore[union-attr]
        return node

    def value(self, raw: Any, start: int) -> tuple[Node, int]:
        """The node of ``raw``, whose text starts at ``start``, and where it ends."""
        text = self.text
        kind = type(raw)
        if kind is str:
            end = _STRING_REST.match(text, start + 1).end()  # type: ignore[union-attr]
            return StringNode(start, end, raw), end
        if kind is bytes:
            end = start + len(raw)
            return NumberNode(start, end, raw.decode("ascii")), end
        if kind is dict or kind is tuple:
            properties: list[Property] = []
            pos = start + 1
            member = _MEMBER.match
            value = self.value
            for name, item in raw.items() if kind is dict else raw[0]:
                m = member(text, pos)
                assert m is not None
                node, pos = value(item, m.end())
                properties.append(Property(name, m.start(1), m.end(1), node))
            end = text.index("}", pos) + 1
            return ObjectNode(start, end, properties, True), end
        if kind is list:
            elements: list[Node] = []
            pos = start + 1
            skip = _SKIP.match
            value = self.value
            for item in raw:
                node, pos = value(item, skip(text, pos).end())  # type: ignore[union-attr]
                elements.append(node)
            end = text.index("]", pos) + 1
            return ArrayNode(start, end, elements, True), end
        end = start + _KEYWORD_LENGTHS[raw]
        if raw is None:
            return NullNode(start, end), end
        return BoolNode(start, end, raw), end


# The lazy nodes. Their position slots (and a container's children) stay unset until
# asked for; reading an unset slot lands in ``__getattr__``, which fills it.


def _position(node: Any, name: str) -> Any:
    if name in ("start", "end", "name_start", "name_end"):
        object.__getattribute__(node, "_doc").resolve()
        return object.__getattribute__(node, name)
    raise AttributeError(name)


class _LazyObject(ObjectNode):
    __slots__ = ("_doc", "_raw", "_twin")

    _doc: _Document
    _raw: Any
    _twin: ObjectNode | None

    def __getattr__(self, name: str) -> Any:
        if name == "properties":
            self._doc.materialize(self)
            return self.properties
        if name == "_twin":
            return None
        return _position(self, name)


class _LazyArray(ArrayNode):
    __slots__ = ("_doc", "_raw", "_twin")

    _doc: _Document
    _raw: Any
    _twin: ArrayNode | None

    def __getattr__(self, name: str) -> Any:
        if name == "elements":
            self._doc.materialize(self)
            return self.elements
        if name == "_twin":
            return None
        return _position(self, name)


class _LazyString(StringNode):
    __slots__ = ("_doc",)

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyNumber(NumberNode):
    __slots__ = ("_doc",)

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyBool(BoolNode):
    __slots__ = ("_doc",)

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyNull(NullNode):
    __slots__ = ("_doc",)

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyProperty(Property):
    __slots__ = ("_doc",)

    _doc: _Document

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)
