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

Lowering values to Python runs through a private cattrs converter whose
hooks follow HCL's rules rather than Python's (cattrs' own ``bool`` hook
would turn ``"false"`` into ``True``). The converter, the caches and the
application's own types belong to the object: nothing is shared between two
of them. The module-level :func:`to_value`, :func:`to_python` and
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
import pathlib
import re
import types
import typing
import uuid
from collections.abc import Callable, Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any

import attrs
from typing_extensions import Self

from .._text import go_quote
from . import _number as number
from ._convert import AttrStep, ConversionError, IndexStep, Path, PathStep, convert
from ._types import (
    BOOL,
    BYTES,
    DYNAMIC,
    NUMBER,
    STRING,
    CapsuleType,
    ListType,
    MapType,
    ObjectType,
    SetType,
    TupleType,
    Type,
)
from ._value import Value

if TYPE_CHECKING:
    import cattrs

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


class LowerError(ValueError):
    """A converted HCL value does not fit the Python type (e.g. ``1.5`` for an ``int``).

    ``message`` says what is wrong; ``path`` leads from the value to the
    part that does not fit, as :attr:`ConversionError.path` does, so that a
    diagnostic can point at that part. ``str()`` gives both.
    """

    def __init__(self, message: str, path: Path = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return path_text(self.path) + self.message

    def within(self, step: PathStep) -> LowerError:
        """The same error, one step further from the failing part."""
        return LowerError(self.message, (step, *self.path))


def path_text(path: Path) -> str:
    """A path as the words that lead a message: ``element 1: attribute "q": ``."""
    words = []
    for step in path:
        key = step.name if isinstance(step, AttrStep) else step.key
        if isinstance(key, str):
            words.append(f"attribute {go_quote(key)}: ")
        elif key.type == NUMBER and key.is_known and not key.is_null:
            words.append(f"element {number.to_string(key.as_number())}: ")
        elif key.type == STRING and key.is_known and not key.is_null:
            words.append(f"element {go_quote(key.as_str())}: ")
    return "".join(words)


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
        self._converter_made: cattrs.Converter | None = None

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
        """Turn a known ``value``, already of ``annotation``'s HCL type, into ``annotation``.

        Without an annotation (``Any``, ``object``): null is ``None``;
        strings ``str``; bools ``bool``; integers ``int``, other numbers an
        exact ``Decimal``; lists, sets and tuples ``list``; maps and objects
        ``dict``; a capsule its Python object. Null is accepted only where the
        annotation admits ``None``. Raises :class:`LowerError` when the value
        does not fit.
        """
        if strip_optional(annotation)[0] is Value:
            return value
        if value.is_null:
            if nullable(annotation):
                return None
            raise LowerError("null value is not allowed")
        if _is_enum(annotation):  # before cattrs, which would lower an IntEnum as an int
            return _structure_enum(value, annotation)
        if _is_path(annotation):  # before cattrs, which has hooks of its own for paths
            return _structure_path(value, annotation)
        if annotation is bytes:
            return value.as_capsule()
        return self._converter.structure(value, annotation)

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
        if isinstance(obj, pathlib.PurePath | uuid.UUID):
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

    # ------------------------------------------------------------------ lowering hooks

    @property
    def _converter(self) -> cattrs.Converter:
        converter = self._converter_made
        if converter is None:  # made on first use: importing cattrs takes a while
            converter = self._converter_made = self._make_converter()
        return converter

    def _structure_list(self, value: Value, tp: Any) -> list[Any]:
        elem = _element_type(tp)
        return [self._structure_element(e, elem, i) for i, e in enumerate(value.elements())]

    def _structure_tuple(self, value: Value, tp: Any) -> tuple[Any, ...]:
        args = typing.get_args(tp)
        elements = value.elements()
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self._structure_element(e, args[0], i) for i, e in enumerate(elements))
        return tuple(
            self._structure_element(e, a, i)
            for i, (e, a) in enumerate(zip(elements, args, strict=False))
        )

    def _structure_set(self, value: Value, tp: Any) -> Set[Any]:
        elem = _element_type(tp)
        items = [self._structure_element(e, elem, i) for i, e in enumerate(value.elements())]
        origin = typing.get_origin(tp)
        return frozenset(items) if origin is frozenset else set(items)

    def _structure_dict(self, value: Value, tp: Any) -> dict[str, Any]:
        if not isinstance(value.type, ObjectType | MapType):  # dict[str, Any] takes any value
            _fail("an object is required")
        args = typing.get_args(tp)
        elem = args[1] if len(args) == 2 else Any
        return {k: self._structure_element(v, elem, k) for k, v in value.items()}

    def _structure_element(self, value: Value, annotation: Any, key: int | str) -> Any:
        try:
            return self.lower(value, annotation)
        except LowerError as exc:
            index = Value.number(key) if isinstance(key, int) else Value.string(key)
            raise exc.within(IndexStep(index)) from None

    def _structure_annotated(self, value: Value, tp: Any) -> Any:
        return self.lower(value, typing.get_args(tp)[0])

    def _structure_union(self, value: Value, tp: Any) -> Any:
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        plans = [(m, self.hcl_type(m)) for m in members]
        ordered = [p for p in plans if p[1] == value.type] + [
            p for p in plans if p[1] != value.type
        ]
        failures: list[str] = []
        for member, hcl_type in ordered:
            try:
                converted = convert(value, hcl_type)
                return self.lower(converted, member)
            except (ConversionError, LowerError) as exc:
                failures.append(str(exc))
        raise LowerError(
            failures[0] if len(failures) == 1 else "no alternative fits: " + "; ".join(failures)
        )

    def _structure_object_class(self, value: Value, tp: Any) -> Any:
        kwargs: dict[str, Any] = {}
        present = dict(value.items())
        for field in self.object_fields(tp):
            item = present.get(field.hcl_name)
            if item is None or item.is_null:
                if not field.has_default and not nullable(field.annotation):
                    _fail(f"attribute {_show(field.hcl_name)} is required")
                if not field.has_default:
                    kwargs[field.name] = None
                continue
            try:
                kwargs[field.name] = self.lower(item, field.annotation)
            except LowerError as exc:
                raise exc.within(AttrStep(field.hcl_name)) from None
        try:
            return tp(**kwargs)
        except (ValueError, TypeError) as exc:
            _fail(str(exc))

    def _registered_hook(self, tp: type) -> Callable[[Value, Any], Any]:
        def hook(value: Value, _tp: Any) -> Any:
            try:
                return self._registered[tp].structure(_plain(value))
            except (ValueError, TypeError) as exc:
                _fail(str(exc))

        return hook

    def _make_converter(self) -> cattrs.Converter:
        import cattrs  # noqa: PLC0415 (loaded on first use: it takes a while to import)

        converter = cattrs.Converter(detailed_validation=False)
        for tp, hook in (
            (str, _structure_str),
            (bool, _structure_bool),
            (int, _structure_int),
            (float, _structure_float),
            (decimal.Decimal, _structure_decimal),
            (fractions.Fraction, _structure_fraction),
            (datetime.datetime, _structure_datetime),
            (datetime.date, _structure_datetime),
            (datetime.time, _structure_datetime),
            (datetime.timedelta, _structure_timedelta),
            (uuid.UUID, _structure_uuid),
            (list, _structure_bare_list),
            (dict, _structure_bare_dict),
            (tuple, _structure_bare_tuple),
        ):
            converter.register_structure_hook(tp, hook)
        converter.register_structure_hook_func(lambda tp: tp is Any or tp is object, _structure_any)
        converter.register_structure_hook(type(None), _structure_none)
        converter.register_structure_hook_func(self.is_object_class, self._structure_object_class)
        converter.register_structure_hook_func(_is_union, self._structure_union)
        converter.register_structure_hook_func(
            _origin_in(typing.Annotated), self._structure_annotated
        )
        converter.register_structure_hook_func(_origin_in(typing.Literal), _structure_literal)
        converter.register_structure_hook_func(_origin_in(*_SEQUENCE_ORIGINS), self._structure_list)
        converter.register_structure_hook_func(_origin_in(tuple), self._structure_tuple)
        converter.register_structure_hook_func(_origin_in(*_SET_ORIGINS), self._structure_set)
        converter.register_structure_hook_func(_origin_in(*_MAPPING_ORIGINS), self._structure_dict)
        for registered in self._registered:  # last, so they take precedence
            converter.register_structure_hook(registered, self._registered_hook(registered))
        return converter


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


def _fail(message: str) -> typing.NoReturn:
    raise LowerError(message)


def _plain(value: Value) -> Any:
    """A known value as plain Python (the ``Any`` form)."""
    if value.is_null:
        return None
    t = value.type
    if t == STRING:
        return value.as_str()
    if t == BOOL:
        return value.as_bool()
    if t == NUMBER:
        n = value.as_number()
        return n if isinstance(n, int) else value.as_decimal()
    if isinstance(t, ListType | SetType | TupleType):
        return [_plain(e) for e in value.elements()]
    if isinstance(t, MapType | ObjectType):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(t, CapsuleType):
        return value.payload
    _fail("a value of a known type is required")


def _structure_str(value: Value, _tp: Any) -> str:
    return value.as_str()


def _structure_bool(value: Value, _tp: Any) -> bool:
    return value.as_bool()


def _structure_int(value: Value, _tp: Any) -> int:
    try:
        return value.as_int()
    except (ValueError, OverflowError):
        _fail("a whole number is required")


def _structure_float(value: Value, _tp: Any) -> float:
    try:
        return value.as_float()
    except OverflowError:
        _fail("the number is too large for a float")


def _structure_decimal(value: Value, _tp: Any) -> decimal.Decimal:
    return value.as_decimal()


def _structure_fraction(value: Value, _tp: Any) -> fractions.Fraction:
    try:
        return value.as_fraction()
    except (ValueError, OverflowError):
        _fail("a finite number is required")


def _structure_path(value: Value, tp: Any) -> pathlib.PurePath:
    return typing.cast(pathlib.PurePath, tp(value.as_str()))


def _structure_datetime(value: Value, tp: Any) -> datetime.date | datetime.time:
    text = value.as_str()
    try:
        if tp is datetime.datetime:
            return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        if tp is datetime.time:
            return datetime.time.fromisoformat(text.replace("Z", "+00:00"))
        return datetime.date.fromisoformat(text)
    except ValueError:
        kind = {datetime.datetime: "date and time", datetime.time: "time of day"}.get(tp, "date")
        _fail(f"a {kind} in ISO 8601 form is required, not {text!r}")


def _structure_uuid(value: Value, _tp: Any) -> uuid.UUID:
    text = value.as_str()
    try:
        return uuid.UUID(text)
    except ValueError:
        _fail(f"a UUID is required, not {text!r}")


# A Go duration: an optional sign, then numbers each with a unit ("1h30m",
# "250ms", "-1.5h"); "0" alone is zero.
_DURATION = re.compile(r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|[-+]?0")
_DURATION_PART = re.compile(r"(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)")
_MICROSECONDS = {
    "ns": decimal.Decimal("0.001"),
    "us": decimal.Decimal(1),
    "µs": decimal.Decimal(1),
    "μs": decimal.Decimal(1),
    "ms": decimal.Decimal(1000),
    "s": decimal.Decimal(1_000_000),
    "m": decimal.Decimal(60_000_000),
    "h": decimal.Decimal(3_600_000_000),
}
# timedelta's own bounds, in microseconds.
_MAX_MICROSECONDS = (datetime.timedelta.max - datetime.timedelta(0)) // datetime.timedelta(
    microseconds=1
)


def _structure_timedelta(value: Value, _tp: Any) -> datetime.timedelta:
    """A Go duration string (``"1h30m"``, ``"250ms"``) or a number of seconds."""
    if value.type == NUMBER:
        micros = value.as_decimal() * 1_000_000
    elif value.type == STRING:
        text = value.as_str()
        if len(text) > 100 or _DURATION.fullmatch(text) is None:
            _fail(f'a duration like "1h30m" or "250ms" is required, not {go_quote(text)}')
        micros = sum(
            (decimal.Decimal(n) * _MICROSECONDS[unit] for n, unit in _DURATION_PART.findall(text)),
            decimal.Decimal(0),
        )
        if text.startswith("-"):
            micros = -micros
    else:
        _fail('a duration (a string like "1h30m", or a number of seconds) is required')
    if not micros.is_finite() or abs(micros) > _MAX_MICROSECONDS:
        _fail("the duration is too long")
    return datetime.timedelta(microseconds=int(micros.to_integral_value(decimal.ROUND_HALF_EVEN)))


def _structure_bare_list(value: Value, _tp: Any) -> list[Any]:
    if not isinstance(value.type, ListType | TupleType | SetType):
        _fail("a list is required")
    items: list[Any] = _plain(value)
    return items


def _structure_bare_tuple(value: Value, _tp: Any) -> tuple[Any, ...]:
    return tuple(_structure_bare_list(value, _tp))


def _structure_bare_dict(value: Value, _tp: Any) -> dict[str, Any]:
    if not isinstance(value.type, ObjectType | MapType):
        _fail("an object is required")
    fields: dict[str, Any] = _plain(value)
    return fields


def _structure_enum(value: Value, tp: Any) -> enum.Enum:
    raw = _plain(value)
    for member in tp:
        if _same_literal(member.value, raw):
            return typing.cast(enum.Enum, member)
    choices = ", ".join(_show(m.value) for m in tp)
    _fail(f"{_show(raw)} is not one of {choices}")


def _structure_literal(value: Value, tp: Any) -> Any:
    raw = _plain(value)
    for choice in typing.get_args(tp):
        if _same_literal(choice, raw):
            return choice
    choices = ", ".join(_show(c) for c in typing.get_args(tp))
    _fail(f"{_show(raw)} is not one of {choices}")


def _same_literal(choice: object, raw: object) -> bool:
    return choice == raw and isinstance(choice, bool) == isinstance(raw, bool)


def _show(value: object) -> str:
    if isinstance(value, str):
        return go_quote(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _element_type(annotation: Any) -> Any:
    args = typing.get_args(annotation)
    return args[0] if args else Any


def _structure_none(value: Value, _tp: Any) -> None:
    _fail("null is required")


def _structure_any(value: Value, _tp: Any) -> Any:
    return _plain(value)


def _is_union(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin is typing.Union or origin is types.UnionType


def _is_path(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, pathlib.PurePath)


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _origin_in(*origins: Any) -> Callable[[Any], bool]:
    return lambda tp: typing.get_origin(tp) in origins
