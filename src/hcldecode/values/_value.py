"""HCL values: immutable, typed, possibly null or unknown.

A :class:`Value` is a type and a payload. Every type has a null value and an
unknown value; :data:`DYNAMIC_VALUE` is the unknown value of the dynamic
pseudo-type. The payload of a known, non-null value is:

* string: a ``str`` in Unicode normal form C;
* number: an ``int`` (every integer), a ``Fraction`` (any other finite
  number) or a ``float`` (only the infinities), as the number module of
  :mod:`hcldecode.values` defines them;
* bool: a ``bool``;
* list, set, tuple: a ``tuple`` of element values (a set's elements are
  distinct and in the canonical set order, see :meth:`Value.set`);
* map, object: a ``dict`` from key to value in lexicographic key order;
* capsule: the encapsulated Python object.

``==`` on values is exact identity of type, payload and marks, at every
depth (what tests and Python sets need; go-cty's ``RawEquals``); hashes
ignore marks. HCL's own ``==`` is :meth:`Value.equals`, which follows
the rules of go-cty, the reference implementation: it yields an unknown bool
when it cannot decide, and any two nulls are equal.

The operator methods (:meth:`Value.add`, :meth:`Value.less_than`, ...) expect
operands already converted to the operator's parameter type (``number`` for
arithmetic and comparison, ``bool`` for logic) or of the dynamic
pseudo-type. A null operand or an impossible operation (``0/0``) raises
:class:`OperationError` carrying the reference's message; an operand of
another type is a mistake of the calling program and raises ``TypeError``.

A value can carry marks (:meth:`Value.mark`): operations propagate them as
go-cty's do, and the accessors (:meth:`Value.as_str`, :meth:`Value.elements`,
...) refuse a marked value, which must be unmarked first.
"""

from __future__ import annotations

import builtins
import math
import unicodedata
from collections.abc import Callable, Hashable, ItemsView, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Final, NamedTuple, TypeVar

from .._text import go_quote
from . import _number as number
from ._errors import Error, raw_text
from ._number import Num
from ._path import AttrStep, IndexStep, Path
from ._refinement import UNREFINED, Refinement, safe_known_prefix
from ._types import (
    BOOL,
    DYNAMIC,
    NUMBER,
    STRING,
    CapsuleType,
    CollectionType,
    ListType,
    MapType,
    ObjectType,
    PrimitiveType,
    SetType,
    TupleType,
    Type,
)

__all__ = [
    "DYNAMIC_VALUE",
    "EMPTY_OBJECT_VALUE",
    "EMPTY_TUPLE_VALUE",
    "FALSE",
    "SENSITIVE",
    "SMALL_INTEGERS",
    "TRUE",
    "OperationError",
    "PathMarks",
    "RefinementBuilder",
    "Value",
    "ValueRange",
]


class OperationError(Error, ValueError):
    """An operation on values that cannot proceed, with the reference's message.

    ``str(error)`` is the message, for example ``argument must not be null``
    or ``can't divide zero by zero or infinity by infinity``.
    """


class _Marker:
    """The payload of every null value."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        return "_NULL"  # the one marker, pickled by name: null values stay null


_NULL: Final = _Marker("<null>")

_NULL_OPERAND = "argument must not be null"

_M = TypeVar("_M")

_NO_MARKS: Final[frozenset[Hashable]] = frozenset()

_MARKED_MESSAGE = (
    "value is marked ({marks}), so it must be unmarked first (Value.unmark or Value.unmark_deep)"
)


class _Sensitive:
    """The type of :data:`SENSITIVE`: one object, equal only to itself."""

    __slots__ = ()
    _instance: _Sensitive | None = None

    def __new__(cls) -> _Sensitive:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "SENSITIVE"

    def __reduce__(self) -> str:
        return "SENSITIVE"


SENSITIVE: Hashable = _Sensitive()
"""The mark of a sensitive value: ``value.mark(SENSITIVE)``.

A value that carries it, or one computed from such a value, is never shown:
diagnostics and messages say ``(sensitive value)`` where they would show it,
its ``repr`` hides it, and it is not written back as text."""


def _kind_name(t: Type) -> str:
    """The name of the constructor of values of type ``t`` (``string``, ``list``...)."""
    if isinstance(t, PrimitiveType):
        return str(t)
    if isinstance(t, ObjectType):
        return "object"
    if isinstance(t, TupleType):
        return "tuple"
    if isinstance(t, CollectionType):
        return t.kind
    return "capsule" if isinstance(t, CapsuleType) else "unknown"


class Marking:
    """Whether any value has been marked in this process.

    Until one has, no value contains marks, and the deep checks for marks
    (in conversions, function calls, ``equals``) are skipped.
    """

    used = False


class PathMarks(NamedTuple):
    """The marks found at one place inside a value (go-cty's ``PathValueMarks``).

    Made by :meth:`Value.unmark_deep_with_paths` and taken by
    :meth:`Value.mark_with_paths`.
    """

    path: Path
    """Where the marks were: a tuple of :class:`~hcldecode.values.AttrStep` and
    :class:`~hcldecode.values.IndexStep` from the outer value (``()`` for the
    value itself)."""
    marks: frozenset[Hashable]
    """The marks found there."""


class Value:
    """An HCL value: a :class:`~hcldecode.values.Type` and a payload.

    Build values with the class methods (:meth:`string`, :meth:`list`, ...);
    values are immutable.
    """

    __slots__ = ("_deep", "payload", "type")

    type: Type
    payload: builtins.object
    # the _WHOLLY_KNOWN, _TYPE_KNOWN, _NOT_MARKED flags and the deep count, set when first needed
    _deep: int
    # The marks of an unmarked value: this class attribute. A marked value is
    # an instance of the subclass _MarkedValue, whose slot shadows it.
    _marks: frozenset[Hashable] = _NO_MARKS

    def __setattr__(self, name: str, value: builtins.object) -> None:
        raise AttributeError("Value is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Value is immutable")

    # An immutable value is its own copy; pickled, it is made again from its type,
    # payload and marks (a capsule's payload as Python pickles it).
    def __copy__(self) -> Value:
        return self

    def __deepcopy__(self, memo: dict[int, builtins.object]) -> Value:
        return self

    def __reduce__(self) -> builtins.tuple[builtins.object, ...]:
        return (_remade, (self.type, self.payload, self._marks))

    # ------------------------------------------------------------------ construction

    @classmethod
    def _make(cls, t: Type, payload: builtins.object) -> Value:
        value = _new(cls)
        _set_type(value, t)
        _set_payload(value, payload)
        return value

    @classmethod
    def string(cls, s: str) -> Value:
        """A string value.

        Args:
            s: The text; it is NFC-normalised.

        Returns:
            A known string value.

        Raises:
            TypeError: ``s`` is not a ``str``.
        """
        if not isinstance(s, str):
            raise TypeError(f"Value.string needs a str, not {type(s).__name__}")
        return cls._make(STRING, _nfc(s))

    @classmethod
    def number(cls, n: int | float | Decimal | Fraction | str) -> Value:
        """A number value from an ``int``, ``float``, ``Decimal``, ``Fraction`` or numeric string.

        Non-integers are rounded to HCL's 512-bit precision.

        Args:
            n: The number. Strings are read like HCL's string-to-number conversion
                (``"1.5"``, ``"1e3"``, ``"-Inf"``).

        Returns:
            A known number value.

        Raises:
            TypeError: ``n`` is a ``bool`` or not a number or string.
            ValueError: ``n`` is a malformed numeric string, or a NaN.
        """
        if isinstance(n, bool) or not isinstance(n, (int, float, Decimal, Fraction, str)):
            raise TypeError(f"Value.number needs a number, not {type(n).__name__}")
        if isinstance(n, str):
            return cls._make(NUMBER, number.parse_string(n))
        return cls._make(NUMBER, number.from_python(n))

    @classmethod
    def bool(cls, b: builtins.bool) -> Value:
        """The bool value ``true`` or ``false``.

        Args:
            b: The Python bool.

        Returns:
            :data:`TRUE` or :data:`FALSE`.

        Raises:
            TypeError: ``b`` is not a ``bool``.
        """
        if not isinstance(b, builtins.bool):
            raise TypeError(f"Value.bool needs a bool, not {type(b).__name__}")
        return TRUE if b else FALSE

    @classmethod
    def list(cls, elements: Iterable[Value], element_type: Type | None = None) -> Value:
        """A list value.

        Elements of the dynamic pseudo-type (null or unknown) become the null or
        unknown value of the element type.

        Args:
            elements: The elements, all of one type.
            element_type: The element type; needed for an empty list. Without it,
                the type of the first element not of the dynamic pseudo-type.

        Returns:
            A known list value.

        Raises:
            TypeError: An element is not a :class:`Value`; elements have
                different types (or differ from ``element_type``); the list is
                empty and no ``element_type`` is given.
        """
        items = builtins.tuple(elements)
        element_type = _element_type("list", items, element_type)
        return cls._make(ListType(element_type), _retyped(items, element_type))

    @classmethod
    def set(cls, elements: Iterable[Value], element_type: Type | None = None) -> Value:
        """A set value, with the same element rules as :meth:`list`.

        Marked elements are unmarked (deeply), and their marks mark the
        set itself, as in go-cty. Elements that are equal (``equals`` is
        true) are kept once; unknown
        elements are all kept, as they may turn out to be distinct. The
        elements are stored in a canonical order, the reference's: known
        before unknown before null; strings in UTF-8 byte order, numbers by
        value, ``false`` before ``true``; other element types in the order of
        a serialisation of their content (that of go-cty, ties broken by the
        full-precision serialisation).

        Args:
            elements: The elements, all of one type.
            element_type: The element type; needed for an empty set.

        Returns:
            A known set value.

        Raises:
            TypeError: As for :meth:`list`.
        """
        items = builtins.tuple(elements)
        element_type = _element_type("set", items, element_type)
        hoisted: builtins.set[Hashable] = builtins.set()
        if Marking.used:
            # A set holds no marked values: their marks go to the set itself.
            unmarked = []
            for item in items:
                plain, found = item.unmark_deep()
                hoisted |= found
                unmarked.append(plain)
            items = builtins.tuple(unmarked)
        result = cls._make(SetType(element_type), _set_payload_of(_retyped(items, element_type)))
        return _with_marks(result, frozenset(hoisted)) if hoisted else result

    @classmethod
    def map(cls, mapping: Mapping[str, Value], element_type: Type | None = None) -> Value:
        """A map value, with the same element rules as :meth:`list`.

        Args:
            mapping: Keys mapped to the elements, all of one type. Keys are
                NFC-normalised.
            element_type: The element type; needed for an empty map.

        Returns:
            A known map value.

        Raises:
            TypeError: A key is not a ``str``, or as for :meth:`list`.
        """
        entries = _normalised_keys(mapping)
        element_type = _element_type("map", builtins.tuple(entries.values()), element_type)
        retyped = _retyped(builtins.tuple(entries.values()), element_type)
        return cls._make(MapType(element_type), dict(zip(entries, retyped, strict=True)))

    @classmethod
    def object(cls, mapping: Mapping[str, Value]) -> Value:
        """An object value.

        Args:
            mapping: Attribute names mapped to their values, of any types. Names
                are NFC-normalised.

        Returns:
            A known object value whose type has one attribute per entry.

        Raises:
            TypeError: A name is not a ``str`` or a value is not a :class:`Value`.
        """
        entries = _normalised_keys(mapping)
        for value in entries.values():
            _check_value(value)
        return cls._make(ObjectType({k: v.type for k, v in entries.items()}), entries)

    @classmethod
    def tuple(cls, elements: Iterable[Value]) -> Value:
        """A tuple value.

        Args:
            elements: The elements, of any types.

        Returns:
            A known tuple value whose type has one element type per element.

        Raises:
            TypeError: An element is not a :class:`Value`.
        """
        items = builtins.tuple(elements)
        return cls._make(TupleType([_check_value(v).type for v in items]), items)

    @classmethod
    def null(cls, t: Type) -> Value:
        """The null value of a type.

        Args:
            t: The type.

        Raises:
            TypeError: ``t`` is not a :class:`Type`.
        """
        return cls._make(_check_type(t), _NULL)

    @classmethod
    def unknown(cls, t: Type) -> Value:
        """The unknown value of a type, with no refinement.

        Args:
            t: The type.

        Raises:
            TypeError: ``t`` is not a :class:`Type`.
        """
        return cls._make(_check_type(t), UNREFINED)

    @classmethod
    def capsule(cls, t: CapsuleType, obj: builtins.object) -> Value:
        """A value of a capsule type encapsulating a Python object.

        Two capsule values are equal only when they encapsulate the very
        same object (``is``).

        Args:
            t: The capsule type.
            obj: The object to encapsulate.

        Returns:
            A known capsule value.

        Raises:
            TypeError: ``t`` is not a :class:`CapsuleType`, or ``obj`` is not an
                instance of its ``python_type``.
        """
        if not isinstance(t, CapsuleType):
            raise TypeError(f"Value.capsule needs a CapsuleType, not {t!r}")
        if t.python_type is not None and not isinstance(obj, t.python_type):
            raise TypeError(
                f"capsule type {t.name} holds {t.python_type.__name__}, not {type(obj).__name__}"
            )
        return cls._make(t, obj)

    # ------------------------------------------------------------------ refinements

    def refine(self) -> RefinementBuilder:
        """A builder that narrows what this value may stand for (go-cty's ``Refine``).

        On an unknown value the builder's :meth:`~RefinementBuilder.new_value`
        is an unknown value carrying the refinements, or a known value when
        they leave only one possibility (a number bounded above and below by
        the same number, a collection of length 0). On a known value the
        refinements are checks, and ``new_value()`` is the value itself.
        Refinements of :data:`DYNAMIC_VALUE` are ignored: nothing can be known
        of a value whose type is not known.

        Returns:
            A :class:`RefinementBuilder`; its methods raise ``ValueError`` for a
            refinement the value breaks and ``TypeError`` for one that does not
            apply to its type.
        """
        return RefinementBuilder(self)

    def refine_not_null(self) -> Value:
        """This value refined as not null: ``self.refine().not_null().new_value()``.

        Raises:
            ValueError: The value is null.
        """
        if type(self.payload) is not Refinement or self.payload.not_null:
            if self.payload is _NULL:
                raise ValueError("refining a null value as not null")
            return self
        return RefinementBuilder(self).not_null().new_value()

    def refine_with(self, *refiners: Callable[[RefinementBuilder], RefinementBuilder]) -> Value:
        """This value passed through each refiner in turn (go-cty's ``RefineWith``).

        Args:
            refiners: Callables that receive the value's :class:`RefinementBuilder`
                and return that same builder.

        Returns:
            The refined value.

        Raises:
            TypeError: A refiner returned something other than the builder.
        """
        builder = RefinementBuilder(self)
        for refiner in refiners:
            if refiner(builder) is not builder:
                raise TypeError("a refiner must return the builder it was given")
        return builder.new_value()

    def range(self) -> ValueRange:
        """What is known of the values this one stands for (go-cty's ``Range``).

        For an unknown value, its refinements; for a known value, a range
        holding just that value as closely as ranges can say it.
        """
        t = self.type
        payload = self.payload
        if type(payload) is Refinement:
            return ValueRange(t, payload, null=False)
        if payload is _NULL:
            return ValueRange(t, UNREFINED, null=True)
        if t == STRING:
            assert isinstance(payload, str)
            return ValueRange(t, Refinement(not_null=True, prefix=payload), null=False)
        if t == NUMBER:
            assert isinstance(payload, (int, Fraction, float))
            bounds = Refinement(
                not_null=True,
                lower=payload,
                lower_inclusive=True,
                upper=payload,
                upper_inclusive=True,
            )
            return ValueRange(t, bounds, null=False)
        if isinstance(t, CollectionType):
            length = self.length()
            if length.is_known:
                count = length.as_int()
                return ValueRange(
                    t, Refinement(not_null=True, min_length=count, max_length=count), null=False
                )
        return ValueRange(t, _NOT_NULL, null=False)

    # ------------------------------------------------------------------ marks

    def mark(self, *marks: Hashable) -> Value:
        """This value carrying ``marks`` besides its own (go-cty's ``Mark``).

        Marks are any hashable Python objects; they say something about the
        value to the application (that it is sensitive, where it came from)
        and follow it through operations, conversions and function calls. A
        marked value cannot be read with the accessors (:meth:`as_str`,
        :meth:`elements`...): :meth:`unmark` it first.

        Args:
            marks: The marks to add.

        Returns:
            The marked value (this one when ``marks`` is empty).

        Raises:
            TypeError: A mark is not hashable.
        """
        return _with_marks(self, frozenset(marks)) if marks else self

    def with_marks(self, *mark_sets: Iterable[Hashable]) -> Value:
        """This value carrying every mark of each of ``mark_sets`` besides its own
        (go-cty's ``WithMarks``).

        Args:
            mark_sets: Collections of marks, as :meth:`unmark` gives them.

        Returns:
            The marked value (this one when there is no mark to add).

        Raises:
            TypeError: A mark is not hashable.
        """
        added: frozenset[Hashable] = _NO_MARKS
        for marks in mark_sets:
            if marks:
                added = added.union(marks)
        return _with_marks(self, added) if added else self

    def with_same_marks(self, *values: Value) -> Value:
        """This value carrying the marks of ``values`` besides its own (go-cty's
        ``WithSameMarks``): only their own marks, not those inside them.

        Args:
            values: The values whose marks are added.

        Returns:
            The marked value (this one when there is no mark to add).
        """
        return self.with_marks(*(v._marks for v in values))

    def mark_with_paths(
        self, path_marks: Iterable[PathMarks | builtins.tuple[Path, Iterable[Hashable]]]
    ) -> Value:
        """This value with marks added at places inside it (go-cty's ``MarkWithPaths``).

        The inverse of :meth:`unmark_deep_with_paths`. A path that leads
        nowhere in the value is ignored; marks for an element of a set mark
        the set, which cannot hold marked elements.

        Args:
            path_marks: :class:`PathMarks` (or ``(path, marks)`` pairs); where
                two have one path, the first is used.

        Returns:
            The marked value.
        """
        table: dict[Path, frozenset[Hashable]] = {}
        for entry in path_marks:
            path, marks = entry
            table.setdefault(builtins.tuple(path), frozenset(marks))
        if not table:
            return self
        return _mark_paths(self, (), table)

    def unmark(self) -> builtins.tuple[Value, frozenset[Hashable]]:
        """This value without its own marks, and those marks (go-cty's ``Unmark``).

        Values inside it keep theirs (see :meth:`unmark_deep`).

        Returns:
            ``(value, marks)``: the unmarked value and a frozenset of the
            marks (empty, and the value itself, when it is not marked).
        """
        marks = self._marks
        if not marks:
            return self, _NO_MARKS
        return Value._make(self.type, self.payload), marks

    def unmark_deep(self) -> builtins.tuple[Value, frozenset[Hashable]]:
        """This value with no mark anywhere in it, and all the marks found
        (go-cty's ``UnmarkDeep``).

        Returns:
            ``(value, marks)``: the value with this value and every value
            inside it unmarked, and the union of their marks.
        """
        if not self.contains_marked:
            return self, _NO_MARKS
        found: builtins.list[PathMarks] = []
        value = _strip_marks(self, (), found)
        return value, frozenset().union(*(entry.marks for entry in found))

    def unmark_deep_with_paths(self) -> builtins.tuple[Value, builtins.list[PathMarks]]:
        """Like :meth:`unmark_deep`, but saying where each mark was
        (go-cty's ``UnmarkDeepWithPaths``).

        Returns:
            ``(value, path_marks)``: the unmarked value and a
            :class:`PathMarks` for each marked place, outer places first,
            then in element order (attributes and map keys in key order).
        """
        if not self.contains_marked:
            return self, []
        found: builtins.list[PathMarks] = []
        return _strip_marks(self, (), found), found

    @property
    def marks(self) -> frozenset[Hashable]:
        """The value's own marks (go-cty's ``Marks``); empty when it has none."""
        return self._marks

    @property
    def is_marked(self) -> builtins.bool:
        """Whether the value itself carries a mark (go-cty's ``IsMarked``)."""
        return builtins.bool(self._marks)

    def has_mark(self, mark: Hashable) -> builtins.bool:
        """Whether the value itself carries ``mark`` (go-cty's ``HasMark``).

        Args:
            mark: The mark looked for.
        """
        return mark in self._marks

    def has_mark_deep(self, mark: Hashable) -> builtins.bool:
        """Whether the value or a value inside it carries ``mark`` (go-cty's ``HasMarkDeep``).

        Args:
            mark: The mark looked for.
        """
        if not self.contains_marked:
            return False
        return any(mark in entry.marks for entry in self.unmark_deep_with_paths()[1])

    def marks_of_type(
        self, cls: builtins.type[_M], *, deep: builtins.bool = False
    ) -> builtins.list[_M]:
        """The marks that are instances of ``cls`` (go-cty's ``ValueMarksOfType``).

        Args:
            cls: The class of the marks wanted.
            deep: Also the marks of the values inside this one
                (``ValueMarksOfTypeDeep``).

        Returns:
            The marks, each once, sorted by their ``repr``.
        """
        marks = self.unmark_deep()[1] if deep else self._marks
        return sorted((m for m in marks if isinstance(m, cls)), key=repr)

    @property
    def contains_marked(self) -> builtins.bool:
        """Whether the value or any value inside it is marked (go-cty's
        ``ContainsMarked``); worked out once per value."""
        if not Marking.used:
            return False
        return not self._deep_flags() & _NOT_MARKED

    def has_same_marks(self, other: Value) -> builtins.bool:
        """Whether the value has the same own marks as ``other`` (go-cty's ``HasSameMarks``).

        Args:
            other: The value compared with.
        """
        return self._marks == other._marks

    # ------------------------------------------------------------------ inspection

    @property
    def is_null(self) -> builtins.bool:
        """Whether this is a null value."""
        return self.payload is _NULL

    @property
    def is_known(self) -> builtins.bool:
        """Whether this value is known (nested values may still be unknown)."""
        return type(self.payload) is not Refinement

    @property
    def is_wholly_known(self) -> builtins.bool:
        """Whether this value and every value nested in it are known."""
        return builtins.bool(self._deep_flags() & _WHOLLY_KNOWN)

    def _has_wholly_known_type(self) -> builtins.bool:
        """False if this is, or contains, an unknown whose type has the dynamic pseudo-type."""
        return builtins.bool(self._deep_flags() & _TYPE_KNOWN)

    @property
    def deep_count(self) -> builtins.int:
        """How many values this one is made of: itself and every value nested in it.

        A value held in two places counts twice, so this is the work of
        visiting every part (converting, comparing, printing), even where
        the parts are shared in memory. Worked out once per value.
        """
        return self._deep_flags() >> _COUNT_SHIFT

    def _deep_flags(self) -> int:
        """What holds of this value and all values nested in it, worked out once.

        The low bits are the flags ``_WHOLLY_KNOWN``, ``_TYPE_KNOWN`` and ``_NOT_MARKED``; the
        bits from ``_COUNT_SHIFT`` on are :attr:`deep_count`.
        """
        try:
            return self._deep
        except AttributeError:
            pass
        payload = self.payload
        unmarked = 0 if self._marks else _NOT_MARKED
        if type(payload) is Refinement:
            flags = (0 if self.type.has_dynamic_types() else _TYPE_KNOWN) | unmarked
            count = 1
        else:
            flags = _WHOLLY_KNOWN | _TYPE_KNOWN | unmarked
            count = 1
            for element in self._children():
                deep = element._deep_flags()
                flags &= deep
                count += deep >> _COUNT_SHIFT
        deep = flags | count << _COUNT_SHIFT
        _set_deep(self, deep)
        return deep

    def _children(self) -> builtins.tuple[Value, ...]:
        payload = self.payload
        if isinstance(self.type, (CapsuleType, PrimitiveType)):
            return ()
        if isinstance(payload, builtins.tuple):
            return payload
        if isinstance(payload, dict):
            return builtins.tuple(payload.values())
        return ()

    def _require(self, t: Type, what: str) -> None:
        if self.type != t:
            raise TypeError(f"value is {self.type.friendly_name()}, not {what}")
        self._require_present()

    def _require_present(self) -> None:
        if self._marks:
            raise TypeError(_MARKED_MESSAGE.format(marks=_marks_text(self._marks)))
        if self.payload is _NULL:
            raise TypeError("value is null")
        if type(self.payload) is Refinement:
            raise TypeError("value is unknown")

    def as_str(self) -> str:
        """The ``str`` of a known, non-null string value.

        Raises:
            TypeError: The value is not a string, or is null, unknown or marked.
        """
        self._require(STRING, "string")
        assert isinstance(self.payload, str)
        return self.payload

    def as_bool(self) -> builtins.bool:
        """The ``bool`` of a known, non-null bool value.

        Raises:
            TypeError: The value is not a bool, or is null, unknown or marked.
        """
        self._require(BOOL, "bool")
        assert isinstance(self.payload, builtins.bool)
        return self.payload

    def as_number(self) -> Num:
        """The exact number (``int``, ``Fraction`` or infinite ``float``) of a number value.

        Raises:
            TypeError: The value is not a number, or is null, unknown or marked.
        """
        self._require(NUMBER, "number")
        assert isinstance(self.payload, (int, Fraction, float))
        return self.payload

    def as_int(self) -> int:
        """The ``int`` of a number value that is an integer.

        Raises:
            TypeError: The value is not a number, or is null, unknown or marked.
            ValueError: The number is not an integer (infinities included).
        """
        return number.to_int(self.as_number())

    def as_fraction(self) -> Fraction:
        """The exact ``Fraction`` of a finite number value.

        Raises:
            TypeError: The value is not a number, or is null, unknown or marked.
            OverflowError: The number is infinite.
        """
        return number.to_fraction(self.as_number())

    def as_decimal(self) -> Decimal:
        """A number value as a ``Decimal``: HCL's own decimal form of it.

        Integers are exact. Other numbers give the shortest decimal that
        reads back to the same 512-bit value (``0.1`` stays ``0.1``), which
        identifies the value at full precision; :meth:`as_fraction` gives
        the exact binary value itself.

        Raises:
            TypeError: The value is not a number, or is null, unknown or marked.
        """
        return Decimal(number.to_string(self.as_number()))

    def as_float(self) -> float:
        """The nearest ``float`` to a number value.

        Raises:
            TypeError: The value is not a number, or is null, unknown or marked.
        """
        return number.to_float(self.as_number())

    def as_capsule(self) -> builtins.object:
        """The object encapsulated in a known, non-null capsule value.

        Raises:
            TypeError: The value is not a capsule, or is null, unknown or marked.
        """
        if not isinstance(self.type, CapsuleType):
            raise TypeError(f"value is {self.type.friendly_name()}, not a capsule")
        self._require_present()
        return self.payload

    def elements(self) -> builtins.tuple[Value, ...]:
        """The elements of a known, non-null list, set or tuple, in order.

        Raises:
            TypeError: The value is of another type, or is null, unknown or marked.
        """
        if not isinstance(self.type, (ListType, SetType, TupleType)):
            raise TypeError(f"value is {self.type.friendly_name()}, not a list, set or tuple")
        self._require_present()
        assert isinstance(self.payload, builtins.tuple)
        return self.payload

    def items(self) -> ItemsView[str, Value]:
        """The ``(key, value)`` pairs of a known, non-null map or object, in key order.

        Raises:
            TypeError: The value is of another type, or is null, unknown or marked.
        """
        if not isinstance(self.type, (MapType, ObjectType)):
            raise TypeError(f"value is {self.type.friendly_name()}, not a map or object")
        self._require_present()
        assert isinstance(self.payload, dict)
        return self.payload.items()

    def get(self, name: str) -> Value:
        """The attribute of an object, or the element under a key of a map.

        Args:
            name: The attribute name or key (NFC-normalised before the lookup).

        Returns:
            The attribute or element. An unknown object or map gives the unknown
            value of the attribute or element type; a value of the dynamic
            pseudo-type gives :data:`DYNAMIC_VALUE`. The marks of a marked
            object or map mark the result too (go-cty's ``GetAttr``).

        Raises:
            KeyError: The object has no such attribute, or the map no such key.
            TypeError: The value is not an object or map, or is null.
        """
        if self._marks:
            unmarked, marks = self.unmark()
            return _with_marks(unmarked.get(name), marks)
        t = self.type
        if t == DYNAMIC:
            return DYNAMIC_VALUE
        key = _nfc(name)
        if isinstance(t, ObjectType):
            if key not in t.attributes:
                raise KeyError(name)
            if type(self.payload) is Refinement:
                return Value.unknown(t.attributes[key])
        elif isinstance(t, MapType):
            if type(self.payload) is Refinement:
                return Value.unknown(t.element)
        else:
            raise TypeError(f"value is {t.friendly_name()}, not an object or map")
        if self.payload is _NULL:
            raise TypeError("value is null")
        assert isinstance(self.payload, dict)
        found: Value = self.payload[key]
        return found

    def __len__(self) -> int:
        """The number of elements of a collection, tuple or object.

        Tuples and objects have a length even when null or unknown; other
        values must be known and not null.

        Raises:
            TypeError: The value is of another type, or a null, unknown or
                marked collection.
        """
        t = self.type
        if isinstance(t, TupleType):
            return len(t.elements)
        if isinstance(t, ObjectType):
            return len(t.attributes)
        if not isinstance(t, CollectionType):
            raise TypeError(f"value is {t.friendly_name()}, not a collection")
        self._require_present()
        assert isinstance(self.payload, (builtins.tuple, dict))
        return len(self.payload)

    def __bool__(self) -> builtins.bool:
        return True

    # ------------------------------------------------------------------ raw identity

    def __eq__(self, other: builtins.object) -> builtins.bool:
        if self is other:
            return True
        if not isinstance(other, Value):
            return NotImplemented
        return (
            self.type == other.type and self._marks == other._marks and _same_payloads(self, other)
        )

    def __hash__(self) -> int:
        payload = self.payload
        if isinstance(self.type, CapsuleType):
            return hash((self.type, id(payload)))
        if isinstance(payload, dict):
            return hash((self.type, builtins.tuple(payload.items())))
        return hash((self.type, payload))

    def __repr__(self) -> str:
        if self._marks:
            marks = ", ".join(sorted(builtins.map(repr, self._marks)))
            if SENSITIVE in self._marks:  # the kind of value, not the value
                return f"Value.{_kind_name(self.type)}(...).mark({marks})"
            return f"{self.unmark()[0]!r}.mark({marks})"
        t = self.type
        payload = self.payload
        if payload is _NULL:
            return f"Value.null({t!r})"
        if type(payload) is Refinement:
            if payload is UNREFINED:
                return f"Value.unknown({t!r})"
            return f"Value.unknown({t!r}).refine(){payload.describe()}.new_value()"
        if t in (STRING, BOOL):
            return f"Value.{t}({payload!r})"
        if t == NUMBER:
            if isinstance(payload, float):
                return f"Value.number(float({str(payload)!r}))"
            if isinstance(payload, int):
                return f"Value.number({number.to_string(payload)})"
            assert isinstance(payload, Fraction)
            return f"Value.number({number.to_string(payload)!r})"
        if isinstance(t, CapsuleType):
            return f"Value.capsule({t!r}, {payload!r})"
        if isinstance(t, TupleType):
            return f"Value.tuple({builtins.list(self.elements())!r})"
        if isinstance(t, ObjectType):
            return f"Value.object({dict(self.items())!r})"
        assert isinstance(t, CollectionType)
        content = dict(self.items()) if isinstance(t, MapType) else builtins.list(self.elements())
        if len(self) == 0:
            return f"Value.{t.kind}({content!r}, element_type={t.element!r})"
        return f"Value.{t.kind}({content!r})"

    # ------------------------------------------------------------------ HCL operators

    def equals(self, other: Value) -> Value:
        """HCL's ``==``: a bool value, unknown when the answer depends on unknown values.

        Follows go-cty's ``Equals``: any two nulls are equal whatever their
        types; values of different types are not equal; numbers compare by
        value, collections and structures element by element (the first
        element pair that is unknown or unequal decides).

        Args:
            other: The value to compare with, of any type.

        Returns:
            A bool value, known or unknown, never null. When either operand
            contains marks (anywhere inside it), the result carries them all.
        """
        if Marking.used and (self.contains_marked or other.contains_marked):
            a, a_marks = self.unmark_deep()
            b, b_marks = other.unmark_deep()
            return _with_marks(_equals(a, b, same_type=False), a_marks | b_marks)
        return _equals(self, other, same_type=False)

    def not_equals(self, other: Value) -> Value:
        """HCL's ``!=``: the negation of :meth:`equals`.

        Args:
            other: The value to compare with, of any type.

        Returns:
            A bool value, known or unknown, never null.
        """
        return self.equals(other).not_()

    def add(self, other: Value) -> Value:
        """HCL's ``+`` on numbers.

        Args:
            other: The right operand.

        Returns:
            A number value; unknown (not null) when an operand is unknown.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null, or the sum of opposing infinities is asked
                for.
        """
        if self._marks or other._marks:
            return _remarked(Value.add, self, other)
        return _arithmetic(number.add, self, other)

    def subtract(self, other: Value) -> Value:
        """HCL's binary ``-`` on numbers.

        Args:
            other: The right operand.

        Returns:
            A number value; unknown (not null) when an operand is unknown.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null, or an infinity is subtracted from itself.
        """
        if self._marks or other._marks:
            return _remarked(Value.subtract, self, other)
        return _arithmetic(number.sub, self, other)

    def multiply(self, other: Value) -> Value:
        """HCL's ``*`` on numbers.

        Args:
            other: The right operand.

        Returns:
            A number value; unknown (not null) when an operand is unknown.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null, or zero is multiplied by an infinity.
        """
        if self._marks or other._marks:
            return _remarked(Value.multiply, self, other)
        return _arithmetic(number.mul, self, other)

    def divide(self, other: Value) -> Value:
        """HCL's ``/`` on numbers; a non-zero number divided by zero is an infinity.

        Args:
            other: The right operand.

        Returns:
            A number value; unknown (not null) when an operand is unknown.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null, or zero is divided by zero or an infinity
                by an infinity.
        """
        if self._marks or other._marks:
            return _remarked(Value.divide, self, other)
        return _arithmetic(number.div, self, other, bounded=False)

    def modulo(self, other: Value) -> Value:
        """HCL's ``%`` on numbers, as go-cty's ``Modulo`` (``x % 0`` is ``x``).

        Args:
            other: The right operand.

        Returns:
            A number value; unknown (not null) when an operand is unknown.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null, or the operation is undefined (zero and
                an infinity).
        """
        if self._marks or other._marks:
            return _remarked(Value.modulo, self, other)
        return _arithmetic(number.mod, self, other, bounded=False)

    def negate(self) -> Value:
        """HCL's unary ``-`` on a number.

        Returns:
            A number value; unknown (not null) when this one is unknown.

        Raises:
            TypeError: The value is neither a number nor of the dynamic pseudo-type.
            OperationError: The value is null.
        """
        if self._marks:
            return _remarked(Value.negate, self)
        if _short_circuit(NUMBER, self):
            return _UNKNOWN_NUMBER_NOT_NULL
        return Value._make(NUMBER, number.neg(self.as_number()))

    def less_than(self, other: Value) -> Value:
        """HCL's ``<`` on numbers.

        With an unknown operand the answer is known when the operands'
        ranges do not overlap (go-cty compares the bounds as if exclusive).

        Args:
            other: The right operand.

        Returns:
            A bool value, known or unknown, never null.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.less_than, self, other)
        return _comparison(-1, self, other)

    def less_equal(self, other: Value) -> Value:
        """HCL's ``<=`` on numbers: ``<`` or ``==``.

        Args:
            other: The right operand.

        Returns:
            A bool value, known or unknown, never null.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.less_equal, self, other)
        if _short_circuit(NUMBER, self, other):
            return self.less_than(other).or_(self.equals(other))
        return Value.bool(number.compare(self.as_number(), other.as_number()) <= 0)

    def greater_than(self, other: Value) -> Value:
        """HCL's ``>`` on numbers (see :meth:`less_than` for unknown operands).

        Args:
            other: The right operand.

        Returns:
            A bool value, known or unknown, never null.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.greater_than, self, other)
        return _comparison(1, self, other)

    def greater_equal(self, other: Value) -> Value:
        """HCL's ``>=`` on numbers: ``>`` or ``==``.

        Args:
            other: The right operand.

        Returns:
            A bool value, known or unknown, never null.

        Raises:
            TypeError: An operand is neither a number nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.greater_equal, self, other)
        if _short_circuit(NUMBER, self, other):
            return self.greater_than(other).or_(self.equals(other))
        return Value.bool(number.compare(self.as_number(), other.as_number()) >= 0)

    def and_(self, other: Value) -> Value:
        """HCL's ``&&`` on two bools.

        Args:
            other: The right operand.

        Returns:
            ``false`` if either is false, even when the other is unknown;
            otherwise unknown (not null) if either is.

        Raises:
            TypeError: An operand is neither a bool nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.and_, self, other)
        if _short_circuit(BOOL, self, other):
            if self is FALSE or other is FALSE:
                return FALSE
            return _UNKNOWN_BOOL_NOT_NULL
        return Value.bool(self.as_bool() and other.as_bool())

    def or_(self, other: Value) -> Value:
        """HCL's ``||`` on two bools.

        Args:
            other: The right operand.

        Returns:
            ``true`` if either is true, even when the other is unknown;
            otherwise unknown (not null) if either is.

        Raises:
            TypeError: An operand is neither a bool nor of the dynamic pseudo-type.
            OperationError: An operand is null.
        """
        if self._marks or other._marks:
            return _remarked(Value.or_, self, other)
        if _short_circuit(BOOL, self, other):
            if self is TRUE or other is TRUE:
                return TRUE
            return _UNKNOWN_BOOL_NOT_NULL
        return Value.bool(self.as_bool() or other.as_bool())

    def not_(self) -> Value:
        """HCL's ``!`` on a bool.

        Returns:
            A bool value; unknown (not null) when this one is unknown.

        Raises:
            TypeError: The value is neither a bool nor of the dynamic pseudo-type.
            OperationError: The value is null.
        """
        if self._marks:
            return _remarked(Value.not_, self)
        if _short_circuit(BOOL, self):
            return _UNKNOWN_BOOL_NOT_NULL
        return Value.bool(not self.as_bool())

    def length(self) -> Value:
        """The number of elements, as a number value (go-cty's ``Length``).

        A tuple's length is known from its type. An unknown value has an
        unknown length within its refined length bounds, and so has a set
        with more than one element when some element is not wholly known
        (such elements may turn out equal): between 1 and its element count.

        Raises:
            OperationError: The value is a null collection.
            TypeError: The value is not a collection, tuple or object.
        """
        if self._marks:
            return _remarked(Value.length, self)
        t = self.type
        if isinstance(t, TupleType):
            return Value._make(NUMBER, len(t.elements))
        payload = self.payload
        if type(payload) is Refinement:
            return (
                Value.unknown(NUMBER)
                .refine()
                .not_null()
                .number_range_inclusive(payload.min_length, payload.max_length)
                .new_value()
            )
        if payload is _NULL:
            raise OperationError(_NULL_OPERAND)
        count = len(self)
        if isinstance(t, SetType) and count > 1 and not self.is_wholly_known:
            return (
                Value.unknown(NUMBER)
                .refine()
                .not_null()
                .number_range_inclusive(1, count)
                .new_value()
            )
        return Value._make(NUMBER, count)


# A value's slots are set once, when it is made (its __setattr__ refuses), by the
# slots' own setters: cheaper than object.__setattr__, which looks each one up.
_new: Final = builtins.object.__new__
_set_type: Final[Callable[[Value, Type], None]] = Value.__dict__["type"].__set__
_set_payload: Final[Callable[[Value, builtins.object], None]] = Value.__dict__["payload"].__set__
_set_deep: Final[Callable[[Value, int], None]] = Value.__dict__["_deep"].__set__


class _MarkedValue(Value):
    """A marked value: a :class:`Value` whose own ``_marks`` slot is set.

    Unmarked values are plain :class:`Value` objects reading the class
    attribute, so testing for marks costs one attribute read.
    """

    __slots__ = ("_marks",)


_set_marks: Final[Callable[[Value, frozenset[Hashable]], None]] = _MarkedValue.__dict__[
    "_marks"
].__set__


def _remade(t: Type, payload: builtins.object, marks: frozenset[Hashable]) -> Value:
    """A pickled value made again (see ``Value.__reduce__``)."""
    return _with_marks(Value._make(t, payload), marks)


def _with_marks(value: Value, marks: frozenset[Hashable]) -> Value:
    """``value`` with ``marks`` added to its own."""
    if not marks:
        return value
    own = value._marks
    if own:
        if marks <= own:
            return value
        marks = own | marks
    Marking.used = True
    marked = _new(_MarkedValue)
    _set_type(marked, value.type)
    _set_payload(marked, value.payload)
    _set_marks(marked, marks)
    return marked


def _marks_text(marks: frozenset[Hashable]) -> str:
    return ", ".join(sorted(builtins.map(repr, marks)))


def _child_steps(value: Value) -> Iterable[builtins.tuple[object, Value]]:
    """The path steps to the values inside a known, non-null ``value``, with those values."""
    t = value.type
    payload = value.payload
    if isinstance(t, (CapsuleType, PrimitiveType)) or payload is _NULL:
        return ()
    if type(payload) is Refinement:
        return ()
    if isinstance(t, ObjectType):
        assert isinstance(payload, dict)
        return [(AttrStep(k), v) for k, v in payload.items()]
    if isinstance(t, MapType):
        assert isinstance(payload, dict)
        return [(IndexStep(Value._make(STRING, k)), v) for k, v in payload.items()]
    assert isinstance(payload, builtins.tuple)
    if isinstance(t, SetType):
        return [(IndexStep(v), v) for v in payload]
    return [(IndexStep(Value._make(NUMBER, i)), v) for i, v in enumerate(payload)]


def _rebuilt(value: Value, children: builtins.list[Value]) -> Value:
    """A known collection or structure like ``value`` (unmarked) with other children."""
    t = value.type
    payload = value.payload
    if isinstance(payload, dict):
        return Value._make(t, dict(zip(payload, children, strict=True)))
    if isinstance(t, SetType):
        return Value.set(children, t.element)
    return Value._make(t, builtins.tuple(children))


def _strip_marks(value: Value, path: Path, found: builtins.list[PathMarks]) -> Value:
    """``value`` with every mark in it removed; each marked place noted in ``found``."""
    if not value.contains_marked:
        return value
    if value._marks:
        found.append(PathMarks(path, value._marks))
        value = Value._make(value.type, value.payload)
    steps = builtins.list(_child_steps(value))
    if not steps:
        return value
    children = [_strip_marks(child, (*path, step), found) for step, child in steps]  # type: ignore[arg-type]
    return _rebuilt(value, children)


def _mark_paths(value: Value, path: Path, table: Mapping[Path, frozenset[Hashable]]) -> Value:
    """``value`` with the marks of ``table`` added at their paths inside it."""
    if value.is_known and not value.is_null:
        steps = builtins.list(_child_steps(value))
        if steps and any(len(p) > len(path) and p[: len(path)] == path for p in table):
            outer, own = value.unmark()
            children = [
                _mark_paths(child, (*path, step), table)  # type: ignore[arg-type]
                for step, child in steps
            ]
            value = _rebuilt(outer, children).with_marks(own)
    added = table.get(path)
    return value if added is None else _with_marks(value, added)


def _remarked(op: Callable[..., Value], *operands: Value) -> Value:
    """``op`` applied to the operands unmarked, its result marked with all their marks."""
    marks: frozenset[Hashable] = _NO_MARKS
    unmarked = []
    for operand in operands:
        value, found = operand.unmark()
        marks |= found
        unmarked.append(value)
    return _with_marks(op(*unmarked), marks)


def _nfc(s: str) -> str:
    if s.isascii() or unicodedata.is_normalized("NFC", s):  # ASCII text is always NFC
        return s
    return unicodedata.normalize("NFC", s)


def _check_type(t: Type) -> Type:
    if not isinstance(t, Type):
        raise TypeError(f"{t!r} is not a Type")
    return t


def _check_value(v: object) -> Value:
    if not isinstance(v, Value):
        raise TypeError(f"{v!r} is not a Value")
    return v


def _normalised_keys(mapping: Mapping[str, Value]) -> dict[str, Value]:
    entries: dict[str, Value] = {}
    for key, value in mapping.items():
        if not isinstance(key, str):
            raise TypeError(f"key {key!r} is not a str")
        entries[_nfc(key)] = value
    return dict(sorted(entries.items()))


def _element_type(kind: str, items: tuple[Value, ...], given: Type | None) -> Type:
    """The element type of a new collection: ``given``, else the first non-dynamic one."""
    element_type = given
    for value in items:
        _check_value(value)
        if value.type == DYNAMIC:
            continue
        if element_type is None or element_type == DYNAMIC:
            element_type = value.type
        elif value.type != element_type:
            raise TypeError(f"inconsistent {kind} element types ({element_type} then {value.type})")
    if element_type is None:
        if items:
            return DYNAMIC
        raise TypeError(f"an empty {kind} needs an element_type")
    return _check_type(element_type)


def _retyped(items: tuple[Value, ...], element_type: Type) -> tuple[Value, ...]:
    """``items`` with values of the dynamic pseudo-type re-made with ``element_type``."""
    if element_type == DYNAMIC or all(v.type == element_type for v in items):
        return items
    return tuple(
        v if v.type == element_type else _with_marks(Value._make(element_type, v.payload), v._marks)
        for v in items
    )


def _set_payload_of(items: tuple[Value, ...]) -> tuple[Value, ...]:
    """Distinct elements in the canonical set order."""
    known: dict[Value, None] = {}
    partial: list[Value] = []
    for value in items:
        if value.is_wholly_known:
            known[value] = None
        else:
            partial.append(value)
    return tuple(sorted([*known, *partial], key=_set_order_key))


def _set_order_key(v: Value) -> tuple[int, object, str]:
    """A sort key that puts set elements in go-cty's order.

    Known values come first, then unknown values, then null. Strings sort
    by code point (the same as UTF-8 byte order), numbers by value, false
    before true. Values of other types sort by go-cty's set hash
    serialisation, and then by the same serialisation with exact numbers, so
    the order never depends on the order the elements were given in.
    """
    if type(v.payload) is Refinement:
        return (1, "", "")
    if v.payload is _NULL:
        return (2, "", "")
    if isinstance(v.type, PrimitiveType):
        return (0, v.payload, "")
    return (0, _hash_text(v, number.go_float_text), _hash_text(v, number.to_string))


def _hash_text(v: Value, number_text: Callable[[Num], str]) -> str:
    """go-cty's set hash serialisation of ``v``, with numbers written by ``number_text``."""
    payload = v.payload
    t = v.type
    if type(payload) is Refinement:
        return "?"
    if payload is _NULL:
        return "~"
    if t == NUMBER:
        assert isinstance(payload, (int, Fraction, float))
        return number_text(payload)
    if t == BOOL:
        return "T" if payload else "F"
    if t == STRING:
        assert isinstance(payload, str)
        return go_quote(payload)
    if isinstance(t, CapsuleType):
        return "«?»"
    if isinstance(t, MapType):
        return (
            "{"
            + "".join(f"{go_quote(k)}:{_hash_text(e, number_text)};" for k, e in v.items())
            + "}"
        )
    inner = "".join(_hash_text(e, number_text) + ";" for e in v._children())
    if isinstance(t, (ListType, SetType)):
        return f"[{inner}]"
    return f"<{inner}>"


def _same_payloads(a: Value, b: Value) -> builtins.bool:
    """Whether two values of one type have identical payloads (``==`` of values).

    Values of one type have children of the same types, so types are
    compared once, by the caller, and the payloads without recursion: the
    time is linear in the size of the values, whatever their depth.
    """
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if x._marks != y._marks:
            return False
        px, py = x.payload, y.payload
        if px is py:  # the same children, so the same marks inside
            continue
        if isinstance(x.type, CapsuleType):
            return False
        if isinstance(px, builtins.tuple):
            if not isinstance(py, builtins.tuple) or len(px) != len(py):
                return False
            pending.extend(zip(px, py, strict=True))
        elif isinstance(px, dict):
            if not isinstance(py, dict) or px.keys() != py.keys():
                return False
            pending.extend((v, py[k]) for k, v in px.items())
        elif type(px) is not type(py) or px != py:
            return False
    return True


def _equals(a: Value, b: Value, *, same_type: builtins.bool) -> Value:
    """HCL's ``==`` (see :meth:`Value.equals`); ``same_type`` when the types are known
    to be identical, as for the elements of two values of one type, so that deep
    values are compared in linear time."""
    if not (a.is_known and b.is_known):
        return _equals_unknown(a, b, same_type=same_type)
    if a.is_null or b.is_null:
        return Value.bool(a.is_null and b.is_null)
    if not (a._has_wholly_known_type() and b._has_wholly_known_type()):
        if same_type or a.type.matches(b.type) or b.type.matches(a.type):
            return _UNKNOWN_BOOL_NOT_NULL
        return FALSE
    if not same_type and a.type != b.type:
        return FALSE
    return _equal_payloads(a, b)


def _equals_unknown(a: Value, b: Value, *, same_type: builtins.bool) -> Value:
    """``equals`` when one operand or both are unknown: false when a null meets a
    value refined as not null, or a known value lies outside the other's range."""
    if (a.payload is _NULL and b.range().definitely_not_null) or (
        b.payload is _NULL and a.range().definitely_not_null
    ):
        return FALSE
    if not (a.is_known or b.is_known):
        return _UNKNOWN_BOOL_NOT_NULL
    known, unknown = (a, b) if a.is_known else (b, a)
    if _certainly(unknown.range().includes(known), False):
        return FALSE
    if known.is_null or unknown.type.has_dynamic_types():
        return _UNKNOWN_BOOL_NOT_NULL
    return _UNKNOWN_BOOL_NOT_NULL if same_type or known.type == unknown.type else FALSE


def _equal_payloads(a: Value, b: Value) -> Value:
    """``equals`` for two known, non-null values of one wholly known type."""
    t = a.type
    if isinstance(t, CapsuleType):
        return Value.bool(a.payload is b.payload)
    if isinstance(t, PrimitiveType):
        if t == NUMBER:
            return Value.bool(number.compare(a.as_number(), b.as_number()) == 0)
        return Value.bool(a.payload == b.payload)
    if isinstance(t, SetType):
        return _equal_sets(a.elements(), b.elements())
    if isinstance(t, (MapType, ObjectType)):
        ea, eb = dict(a.items()), dict(b.items())
        if ea.keys() != eb.keys():
            return FALSE
        return _equal_sequences(zip(ea.values(), eb.values(), strict=True))
    xs, ys = a.elements(), b.elements()
    if len(xs) != len(ys):
        return FALSE
    return _equal_sequences(zip(xs, ys, strict=True))


def _equal_sequences(pairs: Iterable[tuple[Value, Value]]) -> Value:
    """Pairwise ``equals`` in order: the first unknown or false comparison decides."""
    for x, y in pairs:
        result = _equals(x, y, same_type=True)
        if result is not TRUE:
            return result
    return TRUE


def _equal_sets(xs: tuple[Value, ...], ys: tuple[Value, ...]) -> Value:
    """Two sets are equal when each element of one equals an element of the other.

    An unknown element makes the answer unknown; an element that is only
    partly known equals nothing, as in go-cty.
    """
    if any(not v.is_known for v in (*xs, *ys)):
        return _UNKNOWN_BOOL_NOT_NULL
    members_x = {v for v in xs if v.is_wholly_known}
    members_y = {v for v in ys if v.is_wholly_known}
    return Value.bool(
        len(members_x) == len(xs) == len(ys) == len(members_y) and members_x == members_y
    )


def _short_circuit(t: PrimitiveType, *operands: Value) -> builtins.bool:
    """Check operator operands; True when the result is unknown.

    A null operand raises :class:`OperationError`; an operand that is neither
    of type ``t`` nor of the dynamic pseudo-type is the caller's mistake.
    """
    for operand in operands:
        if operand.type not in (t, DYNAMIC):
            raise TypeError(
                f"operand is {operand.type.friendly_name()}, but the operator needs {t}"
            )
        if operand.payload is _NULL:
            raise OperationError(_NULL_OPERAND)
    return any(type(operand.payload) is Refinement for operand in operands)


def _arithmetic(
    op: Callable[[Num, Num], Num], a: Value, b: Value, *, bounded: builtins.bool = True
) -> Value:
    """An arithmetic operator. With an unknown operand the result is unknown, not
    null, and (``bounded``, for operators monotone in each operand) bounded by
    ``op`` applied to the corners of the operands' ranges."""
    if _short_circuit(NUMBER, a, b):
        if not bounded:
            return _UNKNOWN_NUMBER_NOT_NULL
        return _UNKNOWN_NUMBER.refine_with(_interval(op, a.range(), b.range())).refine_not_null()
    try:
        return Value._make(NUMBER, op(a.as_number(), b.as_number()))
    except ArithmeticError as exc:
        raise OperationError(raw_text(exc)) from None


def _interval(
    op: Callable[[Num, Num], Num], ra: ValueRange, rb: ValueRange
) -> Callable[[RefinementBuilder], RefinementBuilder]:
    """go-cty's interval arithmetic: the bounds of ``op`` over two ranges."""

    def refine(builder: RefinementBuilder) -> RefinementBuilder:
        corners = []
        for x in (ra.number_lower_bound()[0], ra.number_upper_bound()[0]):
            for y in (rb.number_lower_bound()[0], rb.number_upper_bound()[0]):
                if not (x.is_known and y.is_known):
                    return builder
                try:
                    corners.append(op(x.as_number(), y.as_number()))
                except ArithmeticError:
                    return builder
        low, high = min(corners), max(corners)
        if low != -math.inf:
            builder.number_lower_bound(low, True)
        if high != math.inf:
            builder.number_upper_bound(high, True)
        return builder

    return refine


def _comparison(sign: int, a: Value, b: Value) -> Value:
    """``<`` (``sign`` -1) or ``>`` (1)."""
    if _short_circuit(NUMBER, a, b):
        ra, rb = a.range(), b.range()
        if ra.type == NUMBER and rb.type == NUMBER:
            # Ranges that do not overlap decide (bounds compared as if exclusive).
            below = number.compare(_bound(ra, upper=True), _bound(rb, upper=False)) < 0
            above = number.compare(_bound(ra, upper=False), _bound(rb, upper=True)) > 0
            if below or above:
                return Value.bool(above if sign > 0 else below)
        return _UNKNOWN_BOOL_NOT_NULL
    return Value.bool(number.compare(a.as_number(), b.as_number()) == sign)


def _bound(r: ValueRange, *, upper: builtins.bool) -> Num:
    """A number range's upper or lower bound (an infinity when there is none)."""
    bound = r.number_upper_bound() if upper else r.number_lower_bound()
    return bound[0].as_number()


def _certainly(v: Value, expected: builtins.bool) -> builtins.bool:
    """Whether the bool value ``v`` is known and equal to ``expected``."""
    return v.is_known and not v.is_null and v.as_bool() is expected


_WHOLLY_KNOWN: Final = 1
_TYPE_KNOWN: Final = 2
_NOT_MARKED: Final = 4  # neither the value nor any value in it is marked
_COUNT_SHIFT: Final = 3

TRUE: Final = Value._make(BOOL, True)
"""The bool value ``true``."""
FALSE: Final = Value._make(BOOL, False)
"""The bool value ``false``."""
DYNAMIC_VALUE: Final = Value.unknown(DYNAMIC)
"""The dynamic value: the unknown value of the dynamic pseudo-type."""
EMPTY_OBJECT_VALUE: Final = Value.object({})
"""The object value with no attributes."""
EMPTY_TUPLE_VALUE: Final = Value.tuple(())
"""The tuple value with no elements."""


class _SmallIntegers:
    """The number values ``0`` to ``count - 1``, each made the first time it is asked for
    and then shared (``len`` and indexing, as a tuple of them)."""

    __slots__ = ("_made",)

    def __init__(self, count: int) -> None:
        self._made: list[Value | None] = [None] * count

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, i: int) -> Value:
        made = self._made[i] if i >= 0 else None
        if made is None:
            if not 0 <= i < len(self._made):
                raise IndexError(i)
            made = self._made[i] = Value.number(i)
        return made


SMALL_INTEGERS: Final = _SmallIntegers(1024)
"""The number values 0 to 1023, each made once: ``range`` makes them, and a ``for``
expression binds them to its key as it goes through a sequence (values are
immutable, so one is shared by every collection that holds it)."""

_UNKNOWN_BOOL: Final = Value.unknown(BOOL)
_UNKNOWN_NUMBER: Final = Value.unknown(NUMBER)
_NOT_NULL: Final = Refinement(not_null=True)
_UNKNOWN_BOOL_NOT_NULL: Final = Value._make(BOOL, _NOT_NULL)
_UNKNOWN_NUMBER_NOT_NULL: Final = Value._make(NUMBER, _NOT_NULL)


class RefinementBuilder:
    """Narrows what a value may stand for; made by :meth:`Value.refine`.

    Each method returns the builder, so calls chain; :meth:`new_value` ends
    the chain. A refinement that contradicts the value or an earlier
    refinement raises ``ValueError``; one that does not apply to the value's
    type (a string prefix on a number) raises ``TypeError``.

    Args:
        value: The value to refine.
    """

    __slots__ = (
        "_kind",
        "_lower",
        "_lower_inclusive",
        "_marked",
        "_max_length",
        "_min_length",
        "_null",
        "_prefix",
        "_upper",
        "_upper_inclusive",
        "_value",
    )

    def __init__(self, value: Value) -> None:
        self._marked = value
        if value._marks:
            value = value.unmark()[0]
        self._value = value
        t = value.type
        payload = value.payload
        start = payload if type(payload) is Refinement else UNREFINED
        self._null: builtins.bool | None = False if start.not_null else None
        if payload is _NULL:
            self._null = True
        self._prefix = start.prefix
        self._lower = start.lower
        self._lower_inclusive = start.lower_inclusive
        self._upper = start.upper
        self._upper_inclusive = start.upper_inclusive
        self._min_length = start.min_length
        self._max_length = start.max_length
        if t == DYNAMIC:
            self._kind = "nullable" if payload is _NULL else "ignored"
        elif t == STRING:
            self._kind = "string"
        elif t == NUMBER:
            self._kind = "number"
        elif isinstance(t, CollectionType):
            self._kind = "collection"
        else:
            self._kind = "nullable"

    def _applies(self, kind: str | None = None) -> builtins.bool:
        """False when refinements are ignored (the dynamic value); checks the kind."""
        if self._kind == "ignored":
            return False
        if kind is not None and self._kind != kind:
            raise TypeError(
                f"cannot refine a {kind} property of {self._value.type.friendly_name()}"
            )
        return True

    def not_null(self) -> RefinementBuilder:
        """The value is not null."""
        if self._applies() and self._null is not False:
            if self._null:
                raise ValueError("refining a null value as not null")
            self._null = False
        return self

    def null(self) -> RefinementBuilder:
        """The value is null (so the new value is the null value of its type)."""
        if self._applies() and self._null is not True:
            if self._null is False or self._value.is_known:
                raise ValueError("refining a value that is not null as null")
            self._null = True
        return self

    def number_range_inclusive(self, lower: Value | Num, upper: Value | Num) -> RefinementBuilder:
        """The number lies in ``[lower, upper]``.

        Args:
            lower: The least value, as a number :class:`Value` or Python number;
                an unknown bound says nothing.
            upper: The greatest value, likewise.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a number, or a bound is not a number.
            ValueError: A bound is null, the value breaks the range, or the range
                contradicts an earlier one.
        """
        return self.number_lower_bound(lower, True).number_upper_bound(upper, True)

    def number_lower_bound(self, bound: Value | Num, inclusive: builtins.bool) -> RefinementBuilder:
        """The number is at least (``inclusive``) or above ``bound``.

        Args:
            bound: The bound, as a number :class:`Value` or Python number; an
                unknown bound says nothing.
            inclusive: Whether the bound itself is allowed.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a number, or the bound is not a number.
            ValueError: The bound is null, the value breaks it, or it contradicts
                an earlier bound.
        """
        return self._number_bound(bound, inclusive, lower=True)

    def number_upper_bound(self, bound: Value | Num, inclusive: builtins.bool) -> RefinementBuilder:
        """The number is at most (``inclusive``) or below ``bound``.

        Args:
            bound: The bound, as a number :class:`Value` or Python number; an
                unknown bound says nothing.
            inclusive: Whether the bound itself is allowed.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a number, or the bound is not a number.
            ValueError: The bound is null, the value breaks it, or it contradicts
                an earlier bound.
        """
        return self._number_bound(bound, inclusive, lower=False)

    def _number_bound(
        self, bound: Value | Num, inclusive: builtins.bool, *, lower: builtins.bool
    ) -> RefinementBuilder:
        if not self._applies("number"):
            return self
        limit = bound if isinstance(bound, Value) else Value.number(bound)
        if limit.type != NUMBER:
            raise TypeError(f"a number bound must be a number, not {limit.type.friendly_name()}")
        if not limit.is_known:
            return self
        if limit.is_null:
            raise ValueError("a number bound must not be null")
        n = limit.as_number()
        if _certainly(_beyond(n, self._value, inclusive, lower=lower), True):
            side = ">" if lower else "<"
            raise ValueError(f"refining {self._value!r} to be {side}{'=' if inclusive else ''} {n}")
        current = self._lower if lower else self._upper
        if current is not None:
            current_inclusive = self._lower_inclusive if lower else self._upper_inclusive
            order = number.compare(n, current) * (1 if lower else -1)
            if order < 0 or (order == 0 and inclusive and not current_inclusive):
                return self  # the bound already known is tighter
        infinite = isinstance(n, float) and (n < 0) == lower
        if not infinite:
            if lower:
                self._lower, self._lower_inclusive = n, inclusive
            else:
                self._upper, self._upper_inclusive = n, inclusive
        if self._lower is not None and self._upper is not None:
            order = number.compare(self._lower, self._upper)
            if order > 0 or (order == 0 and self._lower_inclusive != self._upper_inclusive):
                raise ValueError("the number's lower bound is above its upper bound")
        return self

    def collection_length_lower_bound(self, length: int) -> RefinementBuilder:
        """The collection has at least ``length`` elements.

        Args:
            length: The least number of elements.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a collection.
            ValueError: The value breaks the bound, or it contradicts an earlier one.
        """
        return self._length_bound(length, lower=True)

    def collection_length_upper_bound(self, length: int) -> RefinementBuilder:
        """The collection has at most ``length`` elements.

        Args:
            length: The greatest number of elements.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a collection.
            ValueError: The value breaks the bound, or it contradicts an earlier one.
        """
        return self._length_bound(length, lower=False)

    def _length_bound(self, length: int, *, lower: builtins.bool) -> RefinementBuilder:
        if not self._applies("collection"):
            return self
        if self._value.is_known and not self._value.is_null:
            actual = self._value.length()
            if actual.is_known and (
                actual.as_int() < length if lower else actual.as_int() > length
            ):
                limit = "least" if lower else "most"
                raise ValueError(
                    f"refining a collection of {actual.as_int()} elements to at {limit} {length}"
                )
        if lower and length > self._min_length:
            self._min_length = length
        elif not lower and length < self._max_length:
            self._max_length = length
        if self._max_length < self._min_length:
            raise ValueError("the collection's length upper bound is below its lower bound")
        return self

    def collection_length(self, length: int) -> RefinementBuilder:
        """The collection has exactly ``length`` elements (for a set: distinct ones).

        Args:
            length: The number of elements.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a collection.
            ValueError: The value breaks the length, or it contradicts an earlier
                bound.
        """
        return self.collection_length_lower_bound(length).collection_length_upper_bound(length)

    def string_prefix(self, prefix: str) -> RefinementBuilder:
        """The string starts with a prefix, less any ending that text added after it could change.

        Args:
            prefix: The known start of the string. An ending that a following
                character could join (a letter a combining accent could join; see
                :func:`safe_known_prefix`) is dropped.

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a string.
            ValueError: The prefix does not match the known string or a prefix
                refined before.
        """
        return self.string_prefix_full(safe_known_prefix(prefix))

    def string_prefix_full(self, prefix: str) -> RefinementBuilder:
        """The string starts with all of a prefix.

        Only for callers who know that what follows cannot combine with the
        prefix's last character; otherwise use :meth:`string_prefix`.

        Args:
            prefix: The known start of the string (NFC-normalised).

        Returns:
            This builder.

        Raises:
            TypeError: The value is not a string.
            ValueError: The prefix does not match the known string or a prefix
                refined before.
        """
        if not self._applies("string"):
            return self
        prefix = _nfc(prefix)
        value = self._value
        if value.is_known and not value.is_null:
            text = value.as_str()
            if not (text.startswith(prefix) or prefix.startswith(text)):
                raise ValueError("the refined prefix does not match the known string")
        if not (self._prefix.startswith(prefix) or prefix.startswith(self._prefix)):
            raise ValueError("the refined prefix does not match the prefix refined before")
        if len(prefix) > len(self._prefix):
            self._prefix = prefix
        return self

    def new_value(self) -> Value:
        """The refined value (with the marks of the value refined)."""
        value = self._marked
        if value.is_known or self._kind == "ignored":
            return value
        if value._marks:
            return _with_marks(self._new_value(), value._marks)
        return self._new_value()

    def _new_value(self) -> Value:
        value = self._value
        t = value.type
        if self._null:
            return Value.null(t)
        if self._null is False:
            if (
                self._kind == "number"
                and self._lower is not None
                and self._lower_inclusive
                and self._upper_inclusive
                and self._upper is not None
                and number.compare(self._lower, self._upper) == 0
            ):
                return Value._make(NUMBER, self._lower)
            if self._kind == "collection" and self._min_length == self._max_length:
                known = _collection_of_length(t, self._min_length)
                if known is not None:
                    return known
        refinement = Refinement(
            not_null=self._null is False,
            prefix=self._prefix,
            lower=self._lower,
            lower_inclusive=self._lower_inclusive,
            upper=self._upper,
            upper_inclusive=self._upper_inclusive,
            min_length=self._min_length,
            max_length=self._max_length,
        )
        return Value._make(t, UNREFINED if refinement == UNREFINED else refinement)


class ValueRange:
    """What is known of the values a value stands for; made by :meth:`Value.range`.

    Args:
        t: The type of every value in the range.
        refinement: What is known of them (the values layer's refinement
            record).
        null: Whether the value is the known null value.
    """

    __slots__ = ("_null", "_refinement", "type")

    type: Type
    """The type of every value in the range (the dynamic pseudo-type if not known)."""

    def __init__(self, t: Type, refinement: Refinement, *, null: builtins.bool) -> None:
        self.type = t
        self._refinement = refinement
        self._null = null

    @property
    def could_be_null(self) -> builtins.bool:
        """Whether the value may be null."""
        return not self._refinement.not_null

    @property
    def definitely_not_null(self) -> builtins.bool:
        """Whether the value is certainly not null."""
        return self._refinement.not_null

    @property
    def definitely_null(self) -> builtins.bool:
        """Whether the value is certainly null (it is the known null value)."""
        return self._null

    def number_lower_bound(self) -> builtins.tuple[Value, builtins.bool]:
        """The lower bound of a number and whether it is inclusive.

        ``-Inf`` (not inclusive) when nothing is known; an unknown number
        when the type is not known to be a number.
        """
        if self.type == DYNAMIC:
            return _UNKNOWN_NUMBER, False
        self._require_kind(self.type == NUMBER, "a number")
        r = self._refinement
        if r.lower is None:
            return Value._make(NUMBER, -math.inf), False
        return Value._make(NUMBER, r.lower), r.lower_inclusive

    def number_upper_bound(self) -> builtins.tuple[Value, builtins.bool]:
        """The upper bound of a number and whether it is inclusive (``+Inf`` if none)."""
        if self.type == DYNAMIC:
            return _UNKNOWN_NUMBER, False
        self._require_kind(self.type == NUMBER, "a number")
        r = self._refinement
        if r.upper is None:
            return Value._make(NUMBER, math.inf), False
        return Value._make(NUMBER, r.upper), r.upper_inclusive

    @property
    def string_prefix(self) -> str:
        """A prefix of the string ("" if none is known)."""
        if self.type != DYNAMIC:
            self._require_kind(self.type == STRING, "a string")
        return self._refinement.prefix

    @property
    def length_lower_bound(self) -> int:
        """The least number of elements of the collection."""
        if self.type != DYNAMIC:
            self._require_kind(isinstance(self.type, CollectionType), "a collection")
        return self._refinement.min_length

    @property
    def length_upper_bound(self) -> int:
        """The greatest number of elements of the collection
        (:data:`~hcldecode.values.MAX_LENGTH` when there is no bound)."""
        if self.type != DYNAMIC:
            self._require_kind(isinstance(self.type, CollectionType), "a collection")
        return self._refinement.max_length

    def _require_kind(self, ok: builtins.bool, what: str) -> None:
        if not ok:
            raise TypeError(f"the range is of {self.type.friendly_name()}, not {what}")

    def includes(self, value: Value) -> Value:
        """Whether ``value`` is in the range: true, false, or an unknown bool if
        not enough is known (go-cty answers false where it can and true rarely)."""
        if self._null:
            return Value.bool(value.is_null)
        r = self._refinement
        if value.is_null:
            return FALSE if r.not_null else TRUE
        if not value.type.matches(self.type):
            return FALSE
        if value.type == DYNAMIC:
            return _UNKNOWN_BOOL_NOT_NULL
        t = self.type
        if t == STRING:
            if value.is_known and not value.as_str().startswith(r.prefix):
                return FALSE
        elif isinstance(t, CollectionType):
            length = value.length()
            if _certainly(length.greater_equal(Value._make(NUMBER, r.min_length)), False):
                return FALSE
            if _certainly(length.less_equal(Value._make(NUMBER, r.max_length)), False):
                return FALSE
        elif t == NUMBER and r is not UNREFINED:
            # go-cty (cty/value_range.go, ValueRange.Includes) checks the bounds
            # only of a number that has a refinement: a plain unknown number has
            # none, so its range may hold an infinity, while a refined one (even
            # only not null) has the default bounds -Inf and +Inf, both exclusive.
            low, low_inclusive = self.number_lower_bound()
            high, high_inclusive = self.number_upper_bound()
            above = value.greater_equal(low) if low_inclusive else value.greater_than(low)
            below = value.less_equal(high) if high_inclusive else value.less_than(high)
            if _certainly(above, False) or _certainly(below, False):
                return FALSE
        return _UNKNOWN_BOOL_NOT_NULL


def _beyond(n: Num, value: Value, inclusive: builtins.bool, *, lower: builtins.bool) -> Value:
    """Whether a bound ``n`` excludes ``value``: for a lower bound, ``n > value``
    (``n >= value`` when the bound is exclusive)."""
    bound = Value._make(NUMBER, n)
    if value.is_null:
        return FALSE
    if lower:
        return bound.greater_than(value) if inclusive else bound.greater_equal(value)
    return bound.less_than(value) if inclusive else bound.less_equal(value)


def _collection_of_length(t: Type, length: int) -> Value | None:
    """The known collection a length alone determines: any empty collection, a
    list of unknown elements, a set of one unknown element; otherwise None."""
    assert isinstance(t, CollectionType)
    if length == 0:
        return Value._make(t, {} if isinstance(t, MapType) else ())
    if isinstance(t, ListType):
        return Value._make(t, (Value.unknown(t.element),) * length)
    if isinstance(t, SetType) and length == 1:
        return Value._make(t, (Value.unknown(t.element),))
    return None
