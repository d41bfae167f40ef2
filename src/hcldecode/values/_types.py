"""HCL types: primitive, collection, structural and capsule types.

Every type is an immutable, hashable object and two types are equal exactly
when they are *identical* in the sense of HCL's specification: the same kind
with identical element or attribute types. Capsule types are the exception:
each one is identical only to itself.

:data:`DYNAMIC` is the dynamic pseudo-type, the placeholder for a type that
is not known yet. Used inside a type *specification* it stands for "any
type" (see :meth:`Type.matches`).

Names follow go-cty, the type system of the reference implementation:
:meth:`Type.friendly_name` is what appears in error messages
(``"list of number"``) and ``str(t)`` is the type-expression form
(``list(number)``).
"""

from __future__ import annotations

import functools
import threading
import unicodedata
import weakref
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NoReturn

from .._text import go_quote, is_identifier

__all__ = [
    "BOOL",
    "BYTES",
    "DYNAMIC",
    "EMPTY_OBJECT",
    "EMPTY_TUPLE",
    "NUMBER",
    "STRING",
    "CapsuleType",
    "CollectionType",
    "DynamicPseudoType",
    "ListType",
    "MapType",
    "ObjectType",
    "PrimitiveType",
    "SetType",
    "TupleType",
    "Type",
]


def _frozen(self: object, name: str, value: object) -> NoReturn:
    raise AttributeError(f"{type(self).__name__} is immutable")


class Type:
    """Base class of every HCL type.

    Subclasses are immutable and hashable; ``==`` is type identity. Equal
    types share one *canonical* instance (found once per type object, in a
    table of the types alive), so comparing and hashing take constant time
    however deep the types are.
    """

    __slots__ = ("__weakref__", "_canonical")

    _canonical: Type | None  # the canonical instance, None when it is this one

    def _key(self) -> tuple[object, ...]:
        """What makes this type identical to another: its kind and canonical parts."""
        raise NotImplementedError

    def _identity(self) -> Type:
        """The canonical instance of this type."""
        try:
            canonical = self._canonical
        except AttributeError:
            key = self._key()
            with _CANONICAL_LOCK:
                canonical = _CANONICAL.setdefault(key, self)
            object.__setattr__(self, "_canonical", None if canonical is self else canonical)
            return canonical
        return self if canonical is None else canonical

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Type):
            return NotImplemented
        return self._identity() is other._identity()

    def __hash__(self) -> int:
        return id(self._identity())

    def friendly_name(self) -> str:
        """The English name of the type used in messages, as go-cty's ``FriendlyName``.

        Collections name their element type (``"list of string"``); object
        and tuple types are just ``"object"`` and ``"tuple"``; the dynamic
        pseudo-type is ``"dynamic"``.
        """
        return self._friendly(constraint=False)

    def friendly_name_for_constraint(self) -> str:
        """The name of the type when it is a required type (a constraint).

        As go-cty's ``FriendlyNameForConstraint``: like :meth:`friendly_name`,
        except that the dynamic pseudo-type is ``"any type"`` and a collection
        of it is, for example, ``"list of any single type"``.
        """
        return self._friendly(constraint=True)

    def _friendly(self, *, constraint: bool) -> str:
        raise NotImplementedError

    def matches(self, spec: Type) -> bool:
        """Whether this type *matches* the type specification ``spec``.

        A type matches every type it is identical to, and matches the dynamic
        pseudo-type wherever it appears in ``spec``: ``list(string)`` matches
        ``list(any)`` but ``set(string)`` does not.
        """
        return spec in (DYNAMIC, self)

    def has_dynamic_types(self) -> bool:
        """Whether this type is, or has somewhere inside it, the dynamic pseudo-type."""
        return False

    def is_primitive_type(self) -> bool:
        """Whether this is a primitive type: ``string``, ``number`` or ``bool``.

        go-cty's ``IsPrimitiveType``; the same as ``isinstance(t,
        PrimitiveType)``. The dynamic pseudo-type, capsule types (``BYTES``)
        and the collection and structural types are not primitive.

        Returns:
            ``True`` for :data:`STRING`, :data:`NUMBER` and :data:`BOOL`.
        """
        return isinstance(self, PrimitiveType)

    def without_optional_attributes_deep(self) -> Type:
        """This type with every object type in it made to require all its attributes.

        The result is cached, and a type with no optional attributes in it
        is returned as it is, so the call is cheap on deep types.
        """
        return _without_optional(self)

    def _strip_optional(self) -> Type:
        """One step of :meth:`without_optional_attributes_deep`, for types with parts."""
        return self


class PrimitiveType(Type):
    """``string``, ``number`` or ``bool``.

    Use the constants :data:`STRING`, :data:`NUMBER` and :data:`BOOL`.
    """

    __slots__ = ("name",)
    __match_args__ = ("name",)

    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (PrimitiveType, (self.name,))

    def _key(self) -> tuple[object, ...]:
        return (PrimitiveType, self.name)

    def _friendly(self, *, constraint: bool) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return self.name.upper()


class DynamicPseudoType(Type):
    """The dynamic pseudo-type; use the constant :data:`DYNAMIC`."""

    __slots__ = ()
    __match_args__ = ()

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (DynamicPseudoType, ())

    def _key(self) -> tuple[object, ...]:
        return (DynamicPseudoType,)

    def _friendly(self, *, constraint: bool) -> str:
        return "any type" if constraint else "dynamic"

    def has_dynamic_types(self) -> bool:
        return True

    def __str__(self) -> str:
        return "any"

    def __repr__(self) -> str:
        return "DYNAMIC"


STRING = PrimitiveType("string")
"""The string type: sequences of Unicode characters, NFC-normalised."""
NUMBER = PrimitiveType("number")
"""The number type: arbitrary-precision numbers and the two infinities."""
BOOL = PrimitiveType("bool")
"""The bool type: ``true`` and ``false``."""
DYNAMIC = DynamicPseudoType()
"""The dynamic pseudo-type: a type not known yet, or "any type" in a specification."""


class CollectionType(Type):
    """A list, set or map type: any number of values of one element type."""

    __slots__ = ("element",)
    __match_args__ = ("element",)

    element: Type

    kind: ClassVar[str] = ""

    def __init__(self, element: Type) -> None:
        if not isinstance(element, Type):
            raise TypeError(
                f"'element' must be {Type!r} (got {element!r} that is a {element.__class__!r})."
            )
        object.__setattr__(self, "element", element)

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.element,))

    def _key(self) -> tuple[object, ...]:
        return (type(self), self.element._identity())

    def _friendly(self, *, constraint: bool) -> str:
        if constraint and self.element == DYNAMIC:
            return f"{self.kind} of any single type"
        return f"{self.kind} of {self.element._friendly(constraint=constraint)}"

    def matches(self, spec: Type) -> bool:
        if spec == DYNAMIC:
            return True
        return type(spec) is type(self) and self.element.matches(spec.element)

    def has_dynamic_types(self) -> bool:
        return self.element.has_dynamic_types()

    def _strip_optional(self) -> Type:
        element = self.element.without_optional_attributes_deep()
        return self if element is self.element else type(self)(element)

    def __str__(self) -> str:
        return f"{self.kind}({self.element})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.element!r})"


class ListType(CollectionType):
    """An ordered sequence of values of one element type.

    Attributes:
        element: The element type.

    Raises:
        TypeError: ``element`` is not a :class:`Type`.
    """

    __slots__ = ()

    kind: ClassVar[str] = "list"


class SetType(CollectionType):
    """An unordered collection of distinct values of one element type.

    Attributes:
        element: The element type.

    Raises:
        TypeError: ``element`` is not a :class:`Type`.
    """

    __slots__ = ()

    kind: ClassVar[str] = "set"


class MapType(CollectionType):
    """Values of one element type, each under a string key.

    Attributes:
        element: The element type.

    Raises:
        TypeError: ``element`` is not a :class:`Type`.
    """

    __slots__ = ()

    kind: ClassVar[str] = "map"


_CANONICAL: weakref.WeakValueDictionary[tuple[object, ...], Type] = weakref.WeakValueDictionary()
_CANONICAL_LOCK = threading.Lock()


class ObjectType(Type):
    """An object type: named attributes, each with its own type.

    Two object types are identical when they have the same attribute names
    with identical types and the same optional attributes.

    Args:
        attributes: Attribute names mapped to types. Names are NFC-normalised;
            the mapping is kept, read-only, in lexicographic order of the names
            (as ``attributes``).
        optional: The attributes that a conversion to this type may leave out
            (filling them with null), kept as the frozenset ``optional``; it
            only matters to conversion, as in go-cty's
            ``ObjectWithOptionalAttrs``.

    Raises:
        TypeError: An attribute's type is not a :class:`Type`, or an optional
            attribute is not one of ``attributes``.
    """

    __slots__ = ("attributes", "optional")

    attributes: Mapping[str, Type]
    optional: frozenset[str]

    def __init__(
        self, attributes: Mapping[str, Type], optional: Iterable[str] = frozenset()
    ) -> None:
        normal = {unicodedata.normalize("NFC", name): t for name, t in attributes.items()}
        for name, t in normal.items():
            if not isinstance(t, Type):
                raise TypeError(f"attribute {name!r} has type {t!r}, which is not a Type")
        opt = frozenset(unicodedata.normalize("NFC", name) for name in optional)
        if not opt <= normal.keys():
            raise TypeError(f"optional attributes {sorted(opt - normal.keys())} are not declared")
        ordered = MappingProxyType(dict(sorted(normal.items())))
        object.__setattr__(self, "attributes", ordered)
        object.__setattr__(self, "optional", opt)

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def _key(self) -> tuple[object, ...]:
        attributes = tuple((name, t._identity()) for name, t in self.attributes.items())
        return (ObjectType, attributes, self.optional)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ObjectType, (dict(self.attributes), self.optional))

    def _friendly(self, *, constraint: bool) -> str:
        return "object"

    def matches(self, spec: Type) -> bool:
        if spec in (DYNAMIC, self):
            return True
        if not isinstance(spec, ObjectType) or spec.attributes.keys() != self.attributes.keys():
            return False
        return all(t.matches(spec.attributes[name]) for name, t in self.attributes.items())

    def has_dynamic_types(self) -> bool:
        return any(t.has_dynamic_types() for t in self.attributes.values())

    def _strip_optional(self) -> Type:
        attributes = {
            name: t.without_optional_attributes_deep() for name, t in self.attributes.items()
        }
        same = all(attributes[name] is t for name, t in self.attributes.items())
        return self if same and not self.optional else ObjectType(attributes)

    def __str__(self) -> str:
        parts = []
        for name, t in self.attributes.items():
            key = name if is_identifier(name) else go_quote(name)
            text = f"optional({t})" if name in self.optional else str(t)
            parts.append(f"{key}={text}")
        return "object({" + ",".join(parts) + "})"

    def __repr__(self) -> str:
        attributes = ", ".join(f"{name!r}: {t!r}" for name, t in self.attributes.items())
        if self.optional:
            return f"ObjectType({{{attributes}}}, optional={sorted(self.optional)!r})"
        return f"ObjectType({{{attributes}}})"


def _to_type_tuple(elements: Iterable[Type]) -> tuple[Type, ...]:
    result = tuple(elements)
    for t in result:
        if not isinstance(t, Type):
            raise TypeError(f"tuple element type {t!r} is not a Type")
    return result


class TupleType(Type):
    """A tuple type: a fixed sequence of elements, each with its own type.

    Attributes:
        elements: The element types, in order (any iterable, kept as a tuple).

    Raises:
        TypeError: An element type is not a :class:`Type`.
    """

    __slots__ = ("elements",)
    __match_args__ = ("elements",)

    elements: tuple[Type, ...]

    def __init__(self, elements: Iterable[Type]) -> None:
        object.__setattr__(self, "elements", _to_type_tuple(elements))

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (TupleType, (self.elements,))

    def _key(self) -> tuple[object, ...]:
        return (TupleType, tuple(t._identity() for t in self.elements))

    def _friendly(self, *, constraint: bool) -> str:
        return "tuple"

    def matches(self, spec: Type) -> bool:
        if spec == DYNAMIC:
            return True
        if not isinstance(spec, TupleType) or len(spec.elements) != len(self.elements):
            return False
        return all(t.matches(s) for t, s in zip(self.elements, spec.elements, strict=True))

    def has_dynamic_types(self) -> bool:
        return any(t.has_dynamic_types() for t in self.elements)

    def _strip_optional(self) -> Type:
        elements = tuple(t.without_optional_attributes_deep() for t in self.elements)
        same = all(a is b for a, b in zip(elements, self.elements, strict=True))
        return self if same else TupleType(elements)

    def __str__(self) -> str:
        return "tuple([" + ",".join(str(t) for t in self.elements) + "])"

    def __repr__(self) -> str:
        return f"TupleType({list(self.elements)!r})"


class CapsuleType(Type):
    """An application-defined opaque type, identical only to itself.

    Attributes:
        name: Its friendly name, used in messages and by ``str()``.
        python_type: When given, the Python class of the encapsulated objects,
            which :meth:`~hcldecode.values.Value.capsule` checks.
    """

    __slots__ = ("name", "python_type")
    __match_args__ = ("name", "python_type")

    name: str
    python_type: type | None

    def __init__(self, name: str, python_type: type | None = None) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "python_type", python_type)

    __setattr__ = _frozen
    __delattr__ = _frozen  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (CapsuleType, (self.name, self.python_type))

    def _identity(self) -> Type:
        return self

    def _friendly(self, *, constraint: bool) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"CapsuleType({self.name!r})"


@functools.lru_cache(maxsize=4096)
def _without_optional(t: Type) -> Type:
    return t._strip_optional()


BYTES = CapsuleType("bytes", bytes)
"""go-cty's ``Bytes``: a capsule type of raw bytes (Python ``bytes``), for the
``byteslen`` and ``bytesslice`` functions of applications that handle buffers."""

EMPTY_OBJECT = ObjectType({})
"""The object type with no attributes."""
EMPTY_TUPLE = TupleType(())
"""The tuple type with no elements."""
