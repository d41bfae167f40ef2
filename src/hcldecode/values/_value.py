"""HCL values: immutable, typed, possibly null or unknown.

A :class:`Value` is a type and a payload. Every type has a null value and an
unknown value; :data:`DYNAMIC_VALUE` is the unknown value of the dynamic
pseudo-type. The payload of a known, non-null value is:

* string: a ``str`` in Unicode normal form C;
* number: an ``int`` (every integer), a ``Fraction`` (any other finite
  number) or a ``float`` (only the infinities), as :mod:`hcldecode.values._number`
  defines them;
* bool: a ``bool``;
* list, set, tuple: a ``tuple`` of element values (a set's elements are
  distinct and in the canonical set order, see :meth:`Value.set`);
* map, object: a ``dict`` from key to value in lexicographic key order;
* capsule: the encapsulated Python object.

``==`` on values is exact identity of type and payload (what tests and
Python sets need). HCL's own ``==`` is :meth:`Value.equals`, which follows
the rules of go-cty, the reference implementation: it yields an unknown bool
when it cannot decide, and any two nulls are equal.

The operator methods (:meth:`Value.add`, :meth:`Value.less_than`, ...) expect
operands already converted to the operator's parameter type (``number`` for
arithmetic and comparison, ``bool`` for logic) or of the dynamic
pseudo-type. A null operand or an impossible operation (``0/0``) raises
:class:`OperationError` carrying the reference's message; an operand of
another type is a mistake of the calling program and raises ``TypeError``.
"""

from __future__ import annotations

import builtins
import unicodedata
from collections.abc import Callable, ItemsView, Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Final

from .._text import go_quote
from . import _number as number
from ._number import Num
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
    "TRUE",
    "OperationError",
    "Value",
]


class OperationError(ValueError):
    """An operation on values that cannot proceed, with the reference's message.

    ``str(error)`` is the message, for example ``argument must not be null``
    or ``can't divide zero by zero or infinity by infinity``.
    """


class _Marker:
    """The payload of every null value, or of every unknown value."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


_NULL: Final = _Marker("<null>")
_UNKNOWN: Final = _Marker("<unknown>")

_NULL_OPERAND = "argument must not be null"


class Value:
    """An HCL value: a :class:`~hcldecode.values._types.Type` and a payload.

    Build values with the class methods (:meth:`string`, :meth:`list`, ...);
    values are immutable.
    """

    __slots__ = ("_deep", "payload", "type")

    type: Type
    payload: builtins.object
    _deep: int  # _WHOLLY_KNOWN | _TYPE_KNOWN flags and the deep count, set when first needed

    def __setattr__(self, name: str, value: builtins.object) -> None:
        raise AttributeError("Value is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Value is immutable")

    # ------------------------------------------------------------------ construction

    @classmethod
    def _make(cls, t: Type, payload: builtins.object) -> Value:
        value = builtins.object.__new__(cls)
        _setattr(value, "type", t)
        _setattr(value, "payload", payload)
        return value

    @classmethod
    def string(cls, s: str) -> Value:
        """A string value; ``s`` is NFC-normalised."""
        if not isinstance(s, str):
            raise TypeError(f"Value.string needs a str, not {type(s).__name__}")
        return cls._make(STRING, _nfc(s))

    @classmethod
    def number(cls, n: int | float | Decimal | Fraction | str) -> Value:
        """A number value from an ``int``, ``float``, ``Decimal``, ``Fraction`` or numeric string.

        Strings are read like HCL's string-to-number conversion
        (``"1.5"``, ``"1e3"``, ``"-Inf"``); a malformed one raises ``ValueError``.
        Non-integers are rounded to HCL's 512-bit precision.
        """
        if isinstance(n, bool) or not isinstance(n, (int, float, Decimal, Fraction, str)):
            raise TypeError(f"Value.number needs a number, not {type(n).__name__}")
        if isinstance(n, str):
            return cls._make(NUMBER, number.parse_string(n))
        return cls._make(NUMBER, number.from_python(n))

    @classmethod
    def bool(cls, b: builtins.bool) -> Value:
        """The bool value ``true`` or ``false``."""
        if not isinstance(b, builtins.bool):
            raise TypeError(f"Value.bool needs a bool, not {type(b).__name__}")
        return TRUE if b else FALSE

    @classmethod
    def list(cls, elements: Iterable[Value], element_type: Type | None = None) -> Value:
        """A list value. All elements must have one type (``element_type``, if given).

        An empty list needs ``element_type``. Elements of the dynamic
        pseudo-type (null or unknown) become the null or unknown value of
        the element type.
        """
        items = builtins.tuple(elements)
        element_type = _element_type("list", items, element_type)
        return cls._make(ListType(element_type), _retyped(items, element_type))

    @classmethod
    def set(cls, elements: Iterable[Value], element_type: Type | None = None) -> Value:
        """A set value, with the same element rules as :meth:`list`.

        Elements that are equal (``equals`` is true) are kept once; unknown
        elements are all kept, as they may turn out to be distinct. The
        elements are stored in a canonical order, the reference's: known
        before unknown before null; strings in UTF-8 byte order, numbers by
        value, ``false`` before ``true``; other element types in the order of
        a serialisation of their content (that of go-cty, ties broken by the
        full-precision serialisation).
        """
        items = builtins.tuple(elements)
        element_type = _element_type("set", items, element_type)
        return cls._make(SetType(element_type), _set_payload_of(_retyped(items, element_type)))

    @classmethod
    def map(cls, mapping: Mapping[str, Value], element_type: Type | None = None) -> Value:
        """A map value, with the same element rules as :meth:`list`; keys are NFC-normalised."""
        entries = _normalised_keys(mapping)
        element_type = _element_type("map", builtins.tuple(entries.values()), element_type)
        retyped = _retyped(builtins.tuple(entries.values()), element_type)
        return cls._make(MapType(element_type), dict(zip(entries, retyped, strict=True)))

    @classmethod
    def object(cls, mapping: Mapping[str, Value]) -> Value:
        """An object value whose attributes are the entries of ``mapping``."""
        entries = _normalised_keys(mapping)
        for value in entries.values():
            _check_value(value)
        return cls._make(ObjectType({k: v.type for k, v in entries.items()}), entries)

    @classmethod
    def tuple(cls, elements: Iterable[Value]) -> Value:
        """A tuple value of the given elements."""
        items = builtins.tuple(elements)
        for value in items:
            _check_value(value)
        return cls._make(TupleType(v.type for v in items), items)

    @classmethod
    def null(cls, t: Type) -> Value:
        """The null value of type ``t``."""
        return cls._make(_check_type(t), _NULL)

    @classmethod
    def unknown(cls, t: Type) -> Value:
        """The unknown value of type ``t``."""
        return cls._make(_check_type(t), _UNKNOWN)

    @classmethod
    def capsule(cls, t: CapsuleType, obj: builtins.object) -> Value:
        """A value of capsule type ``t`` encapsulating ``obj``.

        Two capsule values are equal only when they encapsulate the very
        same object (``is``).
        """
        if not isinstance(t, CapsuleType):
            raise TypeError(f"Value.capsule needs a CapsuleType, not {t!r}")
        if t.python_type is not None and not isinstance(obj, t.python_type):
            raise TypeError(
                f"capsule type {t.name} holds {t.python_type.__name__}, not {type(obj).__name__}"
            )
        return cls._make(t, obj)

    # ------------------------------------------------------------------ inspection

    @property
    def is_null(self) -> builtins.bool:
        """Whether this is a null value."""
        return self.payload is _NULL

    @property
    def is_known(self) -> builtins.bool:
        """Whether this value is known (nested values may still be unknown)."""
        return self.payload is not _UNKNOWN

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

        The low bits are the flags ``_WHOLLY_KNOWN`` and ``_TYPE_KNOWN``; the
        bits from ``_COUNT_SHIFT`` on are :attr:`deep_count`.
        """
        try:
            return self._deep
        except AttributeError:
            pass
        payload = self.payload
        if payload is _UNKNOWN:
            flags = 0 if self.type.has_dynamic_types() else _TYPE_KNOWN
            count = 1
        else:
            flags = _WHOLLY_KNOWN | _TYPE_KNOWN
            count = 1
            for element in self._children():
                deep = element._deep_flags()
                flags &= deep
                count += deep >> _COUNT_SHIFT
        deep = flags | count << _COUNT_SHIFT
        _setattr(self, "_deep", deep)
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
        if self.payload is _NULL:
            raise TypeError("value is null")
        if self.payload is _UNKNOWN:
            raise TypeError("value is unknown")

    def as_str(self) -> str:
        """The ``str`` of a known, non-null string value."""
        self._require(STRING, "string")
        assert isinstance(self.payload, str)
        return self.payload

    def as_bool(self) -> builtins.bool:
        """The ``bool`` of a known, non-null bool value."""
        self._require(BOOL, "bool")
        assert isinstance(self.payload, builtins.bool)
        return self.payload

    def as_number(self) -> Num:
        """The exact number (``int``, ``Fraction`` or infinite ``float``) of a number value."""
        self._require(NUMBER, "number")
        assert isinstance(self.payload, (int, Fraction, float))
        return self.payload

    def as_int(self) -> int:
        """The ``int`` of a number value that is an integer (else ``ValueError``)."""
        return number.to_int(self.as_number())

    def as_fraction(self) -> Fraction:
        """The exact ``Fraction`` of a finite number value."""
        return number.to_fraction(self.as_number())

    def as_decimal(self) -> Decimal:
        """A number value as a ``Decimal``: HCL's own decimal form of it.

        Integers are exact. Other numbers give the shortest decimal that
        reads back to the same 512-bit value (``0.1`` stays ``0.1``), which
        identifies the value at full precision; :meth:`as_fraction` gives
        the exact binary value itself.
        """
        return Decimal(number.to_string(self.as_number()))

    def as_float(self) -> float:
        """The nearest ``float`` to a number value."""
        return number.to_float(self.as_number())

    def as_capsule(self) -> builtins.object:
        """The object encapsulated in a known, non-null capsule value."""
        if not isinstance(self.type, CapsuleType):
            raise TypeError(f"value is {self.type.friendly_name()}, not a capsule")
        self._require_present()
        return self.payload

    def elements(self) -> builtins.tuple[Value, ...]:
        """The elements of a known, non-null list, set or tuple, in order."""
        if not isinstance(self.type, (ListType, SetType, TupleType)):
            raise TypeError(f"value is {self.type.friendly_name()}, not a list, set or tuple")
        self._require_present()
        assert isinstance(self.payload, builtins.tuple)
        return self.payload

    def items(self) -> ItemsView[str, Value]:
        """The ``(key, value)`` pairs of a known, non-null map or object, in key order."""
        if not isinstance(self.type, (MapType, ObjectType)):
            raise TypeError(f"value is {self.type.friendly_name()}, not a map or object")
        self._require_present()
        assert isinstance(self.payload, dict)
        return self.payload.items()

    def get(self, name: str) -> Value:
        """The attribute ``name`` of an object, or the element under key ``name`` of a map.

        An unknown object or map gives the unknown value of the attribute or
        element type; a value of the dynamic pseudo-type gives
        :data:`DYNAMIC_VALUE`. A missing name raises ``KeyError``.
        """
        t = self.type
        if t == DYNAMIC:
            return DYNAMIC_VALUE
        key = _nfc(name)
        if isinstance(t, ObjectType):
            if key not in t.attributes:
                raise KeyError(name)
            if self.payload is _UNKNOWN:
                return Value.unknown(t.attributes[key])
        elif isinstance(t, MapType):
            if self.payload is _UNKNOWN:
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
        return self.type == other.type and _same_payloads(self, other)

    def __hash__(self) -> int:
        payload = self.payload
        if isinstance(self.type, CapsuleType):
            return hash((self.type, id(payload)))
        if isinstance(payload, dict):
            return hash((self.type, builtins.tuple(payload.items())))
        return hash((self.type, payload))

    def __repr__(self) -> str:
        t = self.type
        payload = self.payload
        if payload is _NULL:
            return f"Value.null({t!r})"
        if payload is _UNKNOWN:
            return f"Value.unknown({t!r})"
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
        """
        return _equals(self, other, same_type=False)

    def not_equals(self, other: Value) -> Value:
        """HCL's ``!=``: the negation of :meth:`equals`."""
        return self.equals(other).not_()

    def add(self, other: Value) -> Value:
        """HCL's ``+`` on numbers."""
        return _arithmetic(number.add, self, other)

    def subtract(self, other: Value) -> Value:
        """HCL's binary ``-`` on numbers."""
        return _arithmetic(number.sub, self, other)

    def multiply(self, other: Value) -> Value:
        """HCL's ``*`` on numbers."""
        return _arithmetic(number.mul, self, other)

    def divide(self, other: Value) -> Value:
        """HCL's ``/`` on numbers; a non-zero number divided by zero is an infinity."""
        return _arithmetic(number.div, self, other)

    def modulo(self, other: Value) -> Value:
        """HCL's ``%`` on numbers, as go-cty's ``Modulo`` (``x % 0`` is ``x``)."""
        return _arithmetic(number.mod, self, other)

    def negate(self) -> Value:
        """HCL's unary ``-`` on a number."""
        if _short_circuit(NUMBER, self):
            return _UNKNOWN_NUMBER
        return Value._make(NUMBER, number.neg(self.as_number()))

    def less_than(self, other: Value) -> Value:
        """HCL's ``<`` on numbers."""
        return _comparison(lambda c: c < 0, self, other)

    def less_equal(self, other: Value) -> Value:
        """HCL's ``<=`` on numbers."""
        return _comparison(lambda c: c <= 0, self, other)

    def greater_than(self, other: Value) -> Value:
        """HCL's ``>`` on numbers."""
        return _comparison(lambda c: c > 0, self, other)

    def greater_equal(self, other: Value) -> Value:
        """HCL's ``>=`` on numbers."""
        return _comparison(lambda c: c >= 0, self, other)

    def and_(self, other: Value) -> Value:
        """HCL's ``&&`` on two bools (no short-circuit: an unknown operand gives unknown)."""
        if _short_circuit(BOOL, self, other):
            return _UNKNOWN_BOOL
        return Value.bool(self.as_bool() and other.as_bool())

    def or_(self, other: Value) -> Value:
        """HCL's ``||`` on two bools (no short-circuit: an unknown operand gives unknown)."""
        if _short_circuit(BOOL, self, other):
            return _UNKNOWN_BOOL
        return Value.bool(self.as_bool() or other.as_bool())

    def not_(self) -> Value:
        """HCL's ``!`` on a bool."""
        if _short_circuit(BOOL, self):
            return _UNKNOWN_BOOL
        return Value.bool(not self.as_bool())

    def length(self) -> Value:
        """The number of elements, as a number value (go-cty's ``Length``).

        A tuple's length is known from its type. An unknown value has an
        unknown length, and so has a set with more than one element when
        some element is not wholly known (such elements may turn out equal).
        """
        t = self.type
        if isinstance(t, TupleType):
            return Value._make(NUMBER, len(t.elements))
        if not self.is_known:
            return _UNKNOWN_NUMBER
        if self.is_null:
            raise OperationError(_NULL_OPERAND)
        count = len(self)
        if isinstance(t, SetType) and count > 1 and not self.is_wholly_known:
            return _UNKNOWN_NUMBER
        return Value._make(NUMBER, count)


_setattr: Final = object.__setattr__


def _nfc(s: str) -> str:
    return s if unicodedata.is_normalized("NFC", s) else unicodedata.normalize("NFC", s)


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
        v if v.type == element_type else Value._make(element_type, v.payload) for v in items
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
    if v.payload is _UNKNOWN:
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
    if payload is _UNKNOWN:
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
        px, py = x.payload, y.payload
        if px is py:
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
        if not (a.is_known or b.is_known):
            return _UNKNOWN_BOOL
        known, unknown = (a, b) if a.is_known else (b, a)
        if known.is_null or unknown.type.has_dynamic_types():
            return _UNKNOWN_BOOL
        return _UNKNOWN_BOOL if same_type or known.type == unknown.type else FALSE
    if a.is_null or b.is_null:
        return Value.bool(a.is_null and b.is_null)
    if not (a._has_wholly_known_type() and b._has_wholly_known_type()):
        if same_type or a.type.matches(b.type) or b.type.matches(a.type):
            return _UNKNOWN_BOOL
        return FALSE
    if not same_type and a.type != b.type:
        return FALSE
    return _equal_payloads(a, b)


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
        return _UNKNOWN_BOOL
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
    return any(operand.payload is _UNKNOWN for operand in operands)


def _arithmetic(op: Callable[[Num, Num], Num], a: Value, b: Value) -> Value:
    if _short_circuit(NUMBER, a, b):
        return _UNKNOWN_NUMBER
    try:
        return Value._make(NUMBER, op(a.as_number(), b.as_number()))
    except ArithmeticError as exc:
        raise OperationError(str(exc)) from None


def _comparison(test: Callable[[int], builtins.bool], a: Value, b: Value) -> Value:
    if _short_circuit(NUMBER, a, b):
        return _UNKNOWN_BOOL
    return Value.bool(test(number.compare(a.as_number(), b.as_number())))


_WHOLLY_KNOWN: Final = 1
_TYPE_KNOWN: Final = 2
_COUNT_SHIFT: Final = 2

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

_UNKNOWN_BOOL: Final = Value.unknown(BOOL)
_UNKNOWN_NUMBER: Final = Value.unknown(NUMBER)
