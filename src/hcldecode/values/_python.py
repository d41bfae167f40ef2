"""Python objects to HCL values and back: the one plan for every Python type.

A :class:`PythonTypes` object knows which Python types have an HCL form and
what that form is. It answers three questions, the same way for class
fields, function parameters and results, and variables:

* :meth:`~PythonTypes.hcl_type`: the HCL type that values for an annotation
  are converted to first (by HCL's conversion rules, so ``"8080"`` becomes a
  number and ``"eighty"`` is an error);
* :meth:`~PythonTypes.to_python`: the Python object for a value, shaped by an
  annotation (after that conversion);
* :meth:`~PythonTypes.to_value`: the HCL value for a Python object.

Values become Python objects along a :class:`~._lowering.Lowering`, the
annotation compiled once (:meth:`~PythonTypes.lowering`): one walk that
converts each part by HCL's rules, builds the object and reports every part
that does not fit at its own path. The compiled plans and the application's
own types belong to the object: nothing is shared between two of them.
The module-level :func:`to_value`, :func:`to_python` and
:func:`type_for_annotation` use a default object that knows the built-in
types only.

Numbers: HCL numbers are exact. Integers become ``int``; every other finite
number becomes an exact ``Decimal`` (HCL's non-integers are binary
fractions, so a finite decimal expansion always exists); the infinities
become ``Decimal("Infinity")`` / ``Decimal("-Infinity")``. An annotation can
ask for ``float`` or ``Fraction`` instead.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import fractions
import math
import sys
import types
import typing
import uuid
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any, TypeVar

import attrs
from typing_extensions import Self

from ._convert import ConversionError, convert
from ._lowering import (
    LEAVES,
    ClassField,
    ClassLowering,
    LeafLowering,
    LowerError,
    Lowering,
    MappingLowering,
    OptionalLowering,
    SequenceLowering,
    TupleLowering,
    UnionLowering,
    ValueLowering,
    enum_leaf,
    literal_leaf,
    path_leaf,
    path_text,
    registered_leaf,
)
from ._types import (
    BOOL,
    BYTES,
    DYNAMIC,
    NUMBER,
    STRING,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ._value import Value

__all__ = [
    "LowerError",
    "ObjectField",
    "PythonTypes",
    "TypeRule",
    "init_fields",
    "path_text",
    "strip_optional",
    "to_python",
    "to_value",
    "type_for_annotation",
]

TypeRule = (
    tuple[Type, Callable[[Any], Any]] | tuple[Type, Callable[[Any], Any], Callable[[Any], Any]]
)
"""How an application's own type maps to HCL: ``(hcl_type, structure)`` or
``(hcl_type, structure, unstructure)``.

``structure`` builds the object from the value converted to ``hcl_type``
and made plain Python (``str``, ``int``, ``Decimal``, ``bool``, ``None``,
``list``, ``dict``); a ``ValueError`` or ``TypeError`` it raises is a
mistake in the configuration. ``unstructure`` turns an object back into
plain Python, for objects given as variables or returned by functions;
without it such objects are refused with ``TypeError``."""


@attrs.frozen
class ObjectField:
    """One field of a class whose instances are HCL objects.

    ``name`` is the ``__init__`` parameter, ``hcl_name`` the object's
    attribute name, ``annotation`` the field's type, ``attribute`` the
    Python attribute that holds the field (an attrs field ``_x`` is
    the parameter ``x``).
    """

    name: str
    hcl_name: str
    annotation: Any
    has_default: bool
    attribute: str


def init_fields(cls: type) -> list[tuple[str, str, bool]]:
    """The ``__init__`` parameters of a dataclass or attrs class, in order.

    Each is ``(parameter, attribute, has_default)``: the parameter name, the
    attribute that holds its value, and whether it may be left out.
    """
    if dataclasses.is_dataclass(cls):
        return [
            (
                f.name,
                f.name,
                f.default is not dataclasses.MISSING
                or f.default_factory is not dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
            if f.init
        ]
    return [
        (a.alias or a.name, a.name, a.default is not attrs.NOTHING)
        for a in attrs.fields(cls)
        if a.init
    ]


@attrs.frozen
class _Registered:
    hcl_type: Type
    structure: Callable[[Any], Any]
    unstructure: Callable[[Any], Any] | None


_STRING_TYPES = (
    str,
    datetime.datetime,
    datetime.date,
    datetime.time,
    uuid.UUID,
)
_NUMBER_TYPES = (int, float, decimal.Decimal, fractions.Fraction)
_SEQUENCE_ORIGINS = (list, Sequence, typing.Sequence, typing.MutableSequence)
_SET_ORIGINS = (set, frozenset, Set, typing.AbstractSet, typing.MutableSet)
_MAPPING_ORIGINS = (dict, Mapping, typing.Mapping, typing.MutableMapping)


class PythonTypes:
    """The Python types that have an HCL form: the built-in ones and the application's.

    ``registered`` maps each type of the application's own to its
    :data:`TypeRule`. The object is immutable: :meth:`with_type` makes a
    new one. Classes whose instances are HCL objects are dataclasses and
    attrs classes, with their ``__init__`` fields as attributes
    (:meth:`object_fields`; a subclass may name them otherwise).

    Supported annotations: ``str``, ``bool``, ``int``, ``float``,
    ``Decimal``, ``Fraction``; ``pathlib`` paths (any ``PurePath`` class), ``datetime``, ``date``
    and ``time`` (ISO 8601 strings), ``uuid.UUID`` (strings), ``timedelta``
    (Go duration strings such as ``"1h30m"``, or numbers of seconds);
    ``Enum`` classes and ``Literal[...]`` (their values); ``list[T]``,
    ``Sequence[T]``, ``tuple[T, ...]``, ``tuple[A, B]``, ``set[T]``,
    ``frozenset[T]``, ``dict[str, T]``, ``Mapping[str, T]`` and the bare
    ``list``, ``dict`` and ``tuple``; unions, ``T | None``,
    ``Annotated[T, ...]``; ``Any`` and ``object`` (any value, as plain
    Python); :class:`Value` (the value itself); dataclasses and attrs
    classes; the registered types.
    """

    def __init__(self, registered: Mapping[type, TypeRule] | None = None) -> None:
        checked: dict[type, _Registered] = {}
        for tp, rule in (registered or {}).items():
            if not isinstance(tp, type):
                raise TypeError(f"a registered type must be a class, not {tp!r}")
            if not isinstance(rule, tuple) or len(rule) not in (2, 3):
                raise TypeError(
                    f"the rule for {tp.__qualname__} must be (hcl_type, structure) or "
                    f"(hcl_type, structure, unstructure), not {rule!r}"
                )
            hcl_type, structure, *rest = rule
            unstructure = rest[0] if rest else None
            if not isinstance(hcl_type, Type):
                raise TypeError(f"{tp.__qualname__} needs an hcldecode type, not {hcl_type!r}")
            for role, fn in (("structure", structure), ("unstructure", unstructure)):
                if fn is not None and not callable(fn):
                    raise TypeError(f"the {role} function for {tp.__qualname__} is not callable")
            checked[tp] = _Registered(hcl_type, structure, unstructure)
        self._registered = checked
        self._lowerings: dict[Any, Lowering] = {}

    @property
    def registered(self) -> Mapping[type, TypeRule]:
        """The application's types, as given."""
        rules: dict[type, TypeRule] = {}
        for tp, r in self._registered.items():
            rules[tp] = (
                (r.hcl_type, r.structure)
                if r.unstructure is None
                else (r.hcl_type, r.structure, r.unstructure)
            )
        return rules

    def with_type(self, tp: type, *rule: Any) -> Self:
        """A new object of this class that also knows ``tp`` (``rule``: a :data:`TypeRule`)."""
        return type(self)({**self.registered, tp: typing.cast(TypeRule, rule)})

    # ------------------------------------------------------------------ classes

    def object_fields(self, cls: type) -> tuple[ObjectField, ...]:
        """The fields of a dataclass or attrs class whose instances are HCL objects."""
        hints = typing.get_type_hints(cls)
        return tuple(
            ObjectField(name, name, hints.get(attribute, Any), has_default, attribute)
            for name, attribute, has_default in init_fields(cls)
        )

    def is_object_class(self, tp: object) -> bool:
        """True for the classes whose instances are HCL objects: dataclasses and attrs classes."""
        return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or attrs.has(tp))

    # ------------------------------------------------------------------ annotations

    def hcl_type(self, annotation: Any, within: frozenset[type] = frozenset()) -> Type:
        """The HCL type that values for ``annotation`` are converted to; ``TypeError`` if none.

        ``within`` holds the classes whose attribute types are being worked out
        (a class that contains itself has no HCL type).
        """
        if annotation in (Any, object, Value, type(None)):
            return DYNAMIC
        if annotation in self._registered:
            return self._registered[annotation].hcl_type
        if annotation is bool:
            return BOOL
        if annotation is bytes:
            return BYTES
        if annotation in _NUMBER_TYPES:
            return NUMBER
        if annotation in _STRING_TYPES:
            return STRING
        if annotation in (datetime.timedelta, list, dict, tuple):
            return DYNAMIC  # a number or a string; any list; any object (checked when lowered)
        if _is_path(annotation):
            return STRING
        if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            kinds = {_literal_type(m.value) for m in annotation}
            if len(kinds) != 1:
                raise TypeError(f"enum {annotation.__qualname__} mixes value types")
            return kinds.pop()
        if self.is_object_class(annotation):
            return self._object_type(annotation, within)
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if origin is typing.Annotated:
            return self.hcl_type(args[0], within)
        if origin is typing.Literal:
            kinds = {_literal_type(a) for a in args}
            if len(kinds) != 1:
                raise TypeError(f"Literal{list(args)!r} mixes value types")
            return kinds.pop()
        if origin is typing.Union or origin is types.UnionType:
            members = [a for a in args if a is not type(None)]
            if len(members) == 1:
                return self.hcl_type(members[0], within)
            for member in members:
                self.hcl_type(member, within)  # every member must be supported
            return DYNAMIC
        if origin in _SEQUENCE_ORIGINS and len(args) == 1:
            return ListType(self.hcl_type(args[0], within))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return ListType(self.hcl_type(args[0], within))
            # ``tuple[()]`` has no arguments (or ``((),)`` before Python 3.11)
            return TupleType(tuple(self.hcl_type(a, within) for a in args if a != ()))
        if origin in _SET_ORIGINS and len(args) == 1:
            return SetType(self.hcl_type(args[0], within))
        if origin in _MAPPING_ORIGINS and len(args) == 2:
            if strip_optional(args[0])[0] is not str:
                raise TypeError(f"HCL maps have string keys; {annotation!r} has {args[0]!r} keys")
            if args[1] in (Any, object):  # an object of mixed values, as it is
                return DYNAMIC
            return MapType(self.hcl_type(args[1], within))
        raise TypeError(
            f"hcldecode has no HCL type for {annotation!r} (a Decoder learns the "
            "application's own types from its types=)"
        )

    def _object_type(self, cls: type, within: frozenset[type]) -> ObjectType:
        if cls in within:
            raise TypeError(
                f"{cls.__qualname__} contains itself: recursive structures cannot be decoded"
            )
        attributes: dict[str, Type] = {}
        optional: set[str] = set()
        for field in self.object_fields(cls):
            attributes[field.hcl_name] = self.hcl_type(field.annotation, within | {cls})
            if field.has_default or nullable(field.annotation):
                optional.add(field.hcl_name)
        return ObjectType(attributes, frozenset(optional))

    # ------------------------------------------------------------------ HCL to Python

    def to_python(self, value: Value, annotation: Any = Any) -> Any:
        """The Python object for ``value``, shaped by ``annotation``.

        The value is converted to :meth:`hcl_type` of the annotation first
        (a failure raises ``ValueError`` with HCL's message), then lowered by
        :meth:`lower`. An unknown value anywhere raises ``ValueError``.
        """
        if strip_optional(annotation)[0] is Value:
            return value
        try:
            value = convert(value, self.hcl_type(annotation))
        except ConversionError as error:
            raise ValueError(str(error)) from error
        if not value.is_wholly_known:
            raise ValueError("value must be known")
        return self.lower(value, annotation)

    def lower(self, value: Value, annotation: Any) -> Any:
        """Turn a known ``value`` into an object of ``annotation``, converting each
        part by HCL's rules on the way (the walk of :meth:`lowering`).

        Without an annotation (``Any``, ``object``): null is ``None``;
        strings ``str``; bools ``bool``; integers ``int``, other numbers an
        exact ``Decimal``; lists, sets and tuples ``list``; maps and objects
        ``dict``; a capsule its Python object. Null is accepted only where the
        annotation admits ``None``. Raises the first :class:`LowerError` found
        when the value does not fit.
        """
        if strip_optional(annotation)[0] is Value:
            return value
        result, errors = self.lowering(annotation).lower(value)
        if errors:
            raise errors[0]
        return result

    # ------------------------------------------------------------------ Python to HCL

    def to_value(self, obj: object, hcl_type: Type | None = None) -> Value:
        """The HCL value for the Python object ``obj``, converted to ``hcl_type`` if given.

        * a :class:`Value` stays as it is; ``None`` is null;
        * ``str`` is a string, ``bool`` a bool, ``bytes`` a value of the
          capsule type :data:`BYTES`; ``int``, ``float``,
          ``Decimal``, ``Fraction`` are numbers (NaN raises ``ValueError``);
        * paths, dates, times and UUIDs are strings (ISO 8601 for dates and
          times), a ``timedelta`` the number of its seconds;
        * an ``Enum`` member is the value of its ``value``;
        * ``list`` and ``tuple`` are tuples (as HCL's ``[...]`` syntax makes
          them); a mapping with string keys is an object (as ``{...}``);
          ``set`` and ``frozenset`` are sets (their elements must unify);
        * dataclass and attrs instances are objects of their fields;
        * a registered type's object goes through its ``unstructure``.

        Anything else raises ``TypeError`` naming where in ``obj`` it was
        found; a failed conversion to ``hcl_type`` raises ``ValueError`` with
        HCL's message.
        """
        value = self._to_value(obj, "")
        if hcl_type is None:
            return value
        try:
            return convert(value, hcl_type)
        except ConversionError as error:
            raise ValueError(str(error)) from error

    def _to_value(self, obj: object, path: str) -> Value:
        if isinstance(obj, Value):
            return obj
        if obj is None:
            return Value.null(DYNAMIC)
        registered = self._registered.get(type(obj))
        if registered is not None:
            if registered.unstructure is None:
                raise TypeError(
                    f"{type(obj).__qualname__}{_at(path)} has no unstructure function "
                    "to make it an HCL value"
                )
            return self._to_value(registered.unstructure(obj), path)
        if isinstance(obj, bool):
            return Value.bool(obj)
        if isinstance(obj, enum.Enum):
            return self._to_value(obj.value, path)
        if isinstance(obj, int | fractions.Fraction):
            return Value.number(obj)
        if isinstance(obj, float | decimal.Decimal):
            if math.isnan(obj):
                raise ValueError(f"NaN{_at(path)} is not an HCL number")
            return Value.number(obj)
        if isinstance(obj, str):
            return Value.string(obj)
        if isinstance(obj, bytes):
            return Value.capsule(BYTES, obj)
        if isinstance(obj, uuid.UUID) or _is_path(type(obj)):
            return Value.string(str(obj))
        if isinstance(obj, datetime.date | datetime.time):
            return Value.string(obj.isoformat())
        if isinstance(obj, datetime.timedelta):
            micros = obj // datetime.timedelta(microseconds=1)
            return Value.number(decimal.Decimal(micros).scaleb(-6))
        if isinstance(obj, Mapping):
            return Value.object(self._object_items(obj, path))
        if isinstance(obj, list | tuple):
            return Value.tuple(self._to_value(e, f"{path}[{i}]") for i, e in enumerate(obj))
        if isinstance(obj, set | frozenset):
            elements = Value.tuple(self._to_value(e, f"{path}[*]") for e in obj)
            try:
                return convert(elements, SetType(DYNAMIC))
            except ConversionError as error:
                raise TypeError(
                    f"the elements of the set{_at(path)} have no common type"
                ) from error
        if self.is_object_class(type(obj)):
            fields = self.object_fields(type(obj))
            return Value.object(
                {
                    f.hcl_name: self._to_value(getattr(obj, f.attribute), f"{path}.{f.name}")
                    for f in fields
                }
            )
        raise TypeError(f"cannot convert {type(obj).__name__}{_at(path)} to an HCL value")

    def _object_items(self, mapping: Mapping[Any, object], path: str) -> dict[str, Value]:
        items: dict[str, Value] = {}
        for key, element in mapping.items():
            if not isinstance(key, str):
                raise TypeError(
                    f"mapping{_at(path)} has key {key!r}: keys of HCL objects must be strings"
                )
            items[key] = self._to_value(element, f"{path}[{key!r}]")
        return items

    # ------------------------------------------------------------------ lowering plans

    def lowering(self, annotation: Any) -> Lowering:
        """How values become objects of ``annotation``: compiled once, then cached.

        Raises ``TypeError`` for an annotation with no HCL form, as
        :meth:`hcl_type` does.
        """
        try:
            found = self._lowerings.get(annotation)
        except TypeError:  # an unhashable annotation is compiled each time
            return self._compile(annotation)
        if found is None:
            found = self._lowerings.setdefault(annotation, self._compile(annotation))
        return found

    def _compile(self, annotation: Any) -> Lowering:
        if strip_optional(annotation)[0] is Value:
            return ValueLowering()
        hcl_type = self.hcl_type(annotation)  # checks the whole annotation first
        can_be_none = nullable(annotation)
        registered = _lookup(self._registered, annotation)
        if registered is not None:
            structure = registered_leaf(registered.structure)
            return LeafLowering(hcl_type, can_be_none, structure, annotation, whole=True)
        leaf = _lookup(LEAVES, annotation)
        if leaf is not None:
            return LeafLowering(hcl_type, can_be_none, leaf[0], annotation, leaf[1])
        if _is_enum(annotation):  # an IntEnum is an int too: enums come first
            return LeafLowering(hcl_type, can_be_none, enum_leaf, annotation)
        if _is_path(annotation):
            return LeafLowering(hcl_type, can_be_none, path_leaf, annotation)
        if self.is_object_class(annotation):
            assert isinstance(hcl_type, ObjectType)
            lowering = ClassLowering(hcl_type, can_be_none, annotation)
            lowering.set_fields(
                [
                    ClassField(f.name, f.hcl_name, self.lowering(f.annotation), f.has_default)
                    for f in self.object_fields(annotation)
                ]
            )
            return lowering
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if origin is typing.Annotated:
            return self.lowering(args[0])
        if origin is typing.Literal:
            return LeafLowering(hcl_type, can_be_none, literal_leaf, annotation)
        if _is_union(annotation):
            members = [self.lowering(a) for a in args if a is not type(None)]
            if len(members) == 1:
                return OptionalLowering(members[0])
            return UnionLowering(can_be_none, members)
        if origin in _SEQUENCE_ORIGINS or (origin is tuple and args[1:] == (Ellipsis,)):
            assert isinstance(hcl_type, ListType)
            make: Callable[[list[Any]], Any] = list if origin is not tuple else tuple
            return SequenceLowering(hcl_type, can_be_none, self.lowering(args[0]), make)
        if origin is tuple:
            assert isinstance(hcl_type, TupleType)
            elements = [self.lowering(a) for a in args if a != ()]
            return TupleLowering(hcl_type, can_be_none, elements)
        if origin in _SET_ORIGINS:
            assert isinstance(hcl_type, SetType)
            if not self._hashable(args[0]):
                raise TypeError(f"{annotation!r}: the elements of a set must be hashable")
            make = frozenset if origin is frozenset else set
            return SequenceLowering(hcl_type, can_be_none, self.lowering(args[0]), make)
        if origin in _MAPPING_ORIGINS:
            element = self.lowering(args[1])
            return MappingLowering(hcl_type, can_be_none, element, any_object=hcl_type == DYNAMIC)
        raise TypeError(f"hcldecode cannot lower values to {annotation!r}")

    def _hashable(self, annotation: Any) -> bool:
        """Whether the objects made for ``annotation`` can be set elements."""
        inner = strip_optional(annotation)[0]
        if isinstance(inner, type):
            return inner.__hash__ is not None  # a registered or object class too
        origin = typing.get_origin(inner)
        if origin is typing.Union or origin is types.UnionType:
            return all(self._hashable(a) for a in typing.get_args(inner))
        if origin is typing.Literal:
            return True
        return origin in (tuple, frozenset) and all(
            self._hashable(a) for a in typing.get_args(inner) if a is not Ellipsis and a != ()
        )


DEFAULT_TYPES = PythonTypes()
"""The built-in types only (immutable; its caches are its own)."""


def to_value(obj: object, type: Type | None = None) -> Value:
    """The HCL value for ``obj`` (see :meth:`PythonTypes.to_value`), with the built-in types."""
    return DEFAULT_TYPES.to_value(obj, type)


def to_python(value: Value, python_type: Any = Any) -> Any:
    """Python data for ``value`` (see :meth:`PythonTypes.to_python`), with the built-in types."""
    return DEFAULT_TYPES.to_python(value, python_type)


def type_for_annotation(annotation: Any) -> Type:
    """The HCL type for an annotation (see :meth:`PythonTypes.hcl_type`), built-in types."""
    return DEFAULT_TYPES.hcl_type(annotation)


def strip_optional(annotation: Any) -> tuple[Any, bool]:
    """``(T, True)`` for ``T | None``, else ``(annotation, False)``; ``Annotated`` unwrapped."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return strip_optional(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(annotation)) == 2:
            return strip_optional(args[0])[0], True
    return annotation, False


def nullable(annotation: Any) -> bool:
    """Whether ``None`` is a valid Python value for the annotation (``T | None``, ``Any``)."""
    if annotation in (Any, object, None, type(None)):
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return nullable(typing.get_args(annotation)[0])
    if origin is typing.Union or origin is types.UnionType:
        return type(None) in typing.get_args(annotation)
    return False


_T = TypeVar("_T")


def _lookup(mapping: Mapping[Any, _T], annotation: Any) -> _T | None:
    """``mapping[annotation]`` if there, else ``None`` (an unhashable annotation is not)."""
    try:
        return mapping.get(annotation)
    except TypeError:
        return None


def _at(path: str) -> str:
    return f" at {path}" if path else ""


def _literal_type(value: object) -> Type:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int | float | decimal.Decimal):
        return NUMBER
    if isinstance(value, str):
        return STRING
    raise TypeError(f"unsupported literal value {value!r}")


def _is_union(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin is typing.Union or origin is types.UnionType


def _is_path(tp: Any) -> bool:
    """Whether ``tp`` is a ``pathlib`` path class.

    Such a class exists only once its program has imported ``pathlib``, so
    ``pathlib`` is looked up, not imported: it is slow to import.
    """
    pathlib = sys.modules.get("pathlib")
    return pathlib is not None and isinstance(tp, type) and issubclass(tp, pathlib.PurePath)


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)
