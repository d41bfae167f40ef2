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
  where each token ends, into a full tree; a lazy node asked for a position
  takes it from its twin there, and nodes made after that are taken from
  the full tree. The tests compare every position with the full parser's.
* the nodes refer to what they share (:class:`_Document`), which refers to
  no node: a tree holds no reference cycle.

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
    return _Document(text, raw).node(raw)


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
    """What the lazy nodes of one document share: its text and decoded value and, once
    positions are asked for, its full tree.

    It holds no node: a lazy node finds its twin in the full tree by its parent's
    decoded value (a dict, list or pairs tuple, one object per JSON container)
    and its index there, so a tree holds no reference cycle and is freed as soon
    as it is dropped.
    """

    __slots__ = ("_lock", "_root_raw", "_twins", "resolved", "text")

    def __init__(self, text: str, raw: Any) -> None:
        self.text = text
        self.resolved = False
        self._root_raw = raw
        # The full tree's containers by the id of their decoded value, and the
        # full tree's root under the key None; filled when positions are asked for.
        self._twins: dict[int | None, Node] = {}
        # A parsed file may be read from several threads: children are made, and
        # positions found, by one thread at a time.
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled with its text and value alone (the full tree is found again when
        # positions are asked for: its table is keyed by the values' ids).
        return _Document, (self.text, self._root_raw)

    def node(self, raw: Any, parent: Any = None, index: int = 0) -> Node:
        """The lazy node of the decoded value ``raw``, child ``index`` of ``parent``'s."""
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
        node._parent = parent  # type: ignore[union-attr]
        node._index = index  # type: ignore[union-attr]
        return node

    def materialize(self, container: _LazyObject | _LazyArray) -> None:
        """Give ``container`` its children: its twin's once positions are known, else lazy."""
        with self._lock:
            if not container._made:
                self._materialize(container)
                container._made = True

    def _materialize(self, container: _LazyObject | _LazyArray) -> None:
        raw = container._raw
        if self.resolved:
            twin = self._twins[id(raw)]
            if isinstance(twin, ObjectNode):
                container.properties = twin.properties  # type: ignore[union-attr]
            elif isinstance(twin, ArrayNode):
                container.elements = twin.elements  # type: ignore[union-attr]
            return
        node = self.node
        if isinstance(container, _LazyObject):
            properties: list[Property] = []
            for index, (name, value) in enumerate(raw.items() if type(raw) is dict else raw[0]):
                prop = _LazyProperty.__new__(_LazyProperty)
                prop.name = name
                prop.value = node(value, raw, index)
                prop._doc = self
                prop._parent = raw
                prop._index = index
                properties.append(prop)
            container.properties = properties
        else:
            container.elements = [node(value, raw, index) for index, value in enumerate(raw)]

    def twin(self, lazy: Any) -> Any:
        """The full tree's node (or property) at the place of the lazy ``lazy``."""
        with self._lock:
            if not self.resolved:
                self._resolve()
                self.resolved = True
        parent = object.__getattribute__(lazy, "_parent")
        if parent is None:
            return self._twins[None]
        container = self._twins[id(parent)]
        index = object.__getattribute__(lazy, "_index")
        if isinstance(container, ArrayNode):
            return container.elements[index]
        prop = container.properties[index]  # type: ignore[attr-defined]
        return prop if isinstance(lazy, _LazyProperty) else prop.value

    def _resolve(self) -> None:
        twins = self._twins
        twins[None] = _Positions(self.text, twins).tree(self._root_raw)


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

    __slots__ = ("text", "twins")

    def __init__(self, text: str, twins: dict[int | None, Node]) -> None:
        self.text = text
        # Each container node made, by the id of its decoded value.
        self.twins = twins

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
            obj = ObjectNode(start, end, properties, True)
            self.twins[id(raw)] = obj
            return obj, end
        if kind is list:
            elements: list[Node] = []
            pos = start + 1
            skip = _SKIP.match
            value = self.value
            for item in raw:
                node, pos = value(item, skip(text, pos).end())  # type: ignore[union-attr]
                elements.append(node)
            end = text.index("]", pos) + 1
            array = ArrayNode(start, end, elements, True)
            self.twins[id(raw)] = array
            return array, end
        end = start + _KEYWORD_LENGTHS[raw]
        if raw is None:
            return NullNode(start, end), end
        return BoolNode(start, end, raw), end


# The lazy nodes. Their position slots (and a container's children) stay unset until
# asked for; reading an unset slot lands in ``__getattr__``, which fills it. Each holds
# its document, its parent's decoded value (None at the root) and its index there.


def _set_slots(node: Any) -> tuple[None, dict[str, Any]]:
    """A lazy node's state for pickling: its slots that are set, as they are (the
    default would ask for the others, which makes children and finds positions)."""
    state = {}
    for cls in type(node).__mro__:
        for name in getattr(cls, "__slots__", ()):
            try:
                state[name] = object.__getattribute__(node, name)
            except AttributeError:
                continue
    return None, state


def _position(node: Any, name: str) -> Any:
    if name in ("start", "end"):
        twin = object.__getattribute__(node, "_doc").twin(node)
        node.start = twin.start
        node.end = twin.end
        return object.__getattribute__(node, name)
    raise AttributeError(name)


class _LazyObject(ObjectNode):
    __slots__ = ("_doc", "_index", "_made", "_parent", "_raw")
    __getstate__ = _set_slots

    _doc: _Document
    _raw: Any
    _made: bool

    def __getattr__(self, name: str) -> Any:
        if name == "properties":
            self._doc.materialize(self)
            return self.properties
        if name == "_made":
            return False
        return _position(self, name)


class _LazyArray(ArrayNode):
    __slots__ = ("_doc", "_index", "_made", "_parent", "_raw")
    __getstate__ = _set_slots

    _doc: _Document
    _raw: Any
    _made: bool

    def __getattr__(self, name: str) -> Any:
        if name == "elements":
            self._doc.materialize(self)
            return self.elements
        if name == "_made":
            return False
        return _position(self, name)


class _LazyString(StringNode):
    __slots__ = ("_doc", "_index", "_parent")
    __getstate__ = _set_slots

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyNumber(NumberNode):
    __slots__ = ("_doc", "_index", "_parent")
    __getstate__ = _set_slots

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyBool(BoolNode):
    __slots__ = ("_doc", "_index", "_parent")
    __getstate__ = _set_slots

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyNull(NullNode):
    __slots__ = ("_doc", "_index", "_parent")
    __getstate__ = _set_slots

    def __getattr__(self, name: str) -> Any:
        return _position(self, name)


class _LazyProperty(Property):
    __slots__ = ("_doc", "_index", "_parent")
    __getstate__ = _set_slots

    _doc: _Document
    _parent: Any
    _index: int

    def __getattr__(self, name: str) -> Any:
        if name in ("name_start", "name_end"):
            twin = self._doc.twin(self)
            self.name_start = twin.name_start
            self.name_end = twin.name_end
            return object.__getattribute__(self, name)
        raise AttributeError(name)
