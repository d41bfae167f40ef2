"""Python field types: the HCL type each one converts from, and the lowering to Python.

A field's annotation gives two things: the HCL type an attribute's value is
converted to first (by HCL's conversion rules, so ``"8080"`` becomes a
number and ``"eighty"`` is an error), and how the converted value becomes a
Python object. The second step runs through a private cattrs converter whose
hooks follow HCL's rules rather than Python's (cattrs' own ``bool`` hook
would turn ``"false"`` into ``True``). Both steps belong to a
:class:`PythonTypes` object, which holds the types an application added (a
:class:`~hcldecode.Decoder` owns one), its own converter and its caches:
nothing here is shared between two decoders.
"""

from __future__ import annotations

import contextlib
import datetime
import decimal
import enum
import fractions
import pathlib
import re
import threading
import types
import typing
import uuid
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any

import attrs
import cattrs

from .._text import go_quote
from ..model._structure import Attribute, Expression
from ..values import _number as number
from ..values._convert import AttrStep, ConversionError, IndexStep, Path, PathStep, convert
from ..values._python import to_python
from ..values._types import (
    BOOL,
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
from ..values._value import Value
from ._classes import ClassField, SchemaError, class_fields, is_config_class
from ._markers import AttrMarker

__all__ = ["LowerError", "PythonTypes", "TypePlan", "path_text", "strip_optional"]


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
class TypePlan:
    """How an attribute of one Python type is decoded.

    ``hcl_type`` is the type the value is converted to; ``raw`` is set for
    fields that take the expression or value as it is (``hcl.Expression``,
    ``hcl.Value``); ``nullable`` when ``None`` is a valid Python value.
    """

    annotation: Any
    hcl_type: Type
    nullable: bool = False
    raw: bool = False


@attrs.frozen
class _Registered:
    hcl_type: Type
    structure: Callable[[Any], Any]


_STRING_TYPES = (
    str,
    pathlib.Path,
    pathlib.PurePath,
    datetime.datetime,
    datetime.date,
    datetime.time,
    uuid.UUID,
)
_SEQUENCE_ORIGINS = (list, Sequence, typing.Sequence, typing.MutableSequence)
_SET_ORIGINS = (set, frozenset, Set, typing.AbstractSet, typing.MutableSet)
_MAPPING_ORIGINS = (dict, Mapping, typing.Mapping, typing.MutableMapping)


class PythonTypes:
    """The Python types one decoder knows: the built-in ones and the application's.

    ``registered`` maps each type of the application's own to the HCL type
    its values are converted to first and a callable that builds the object
    from the converted value, made plain Python (``str``, ``int``,
    ``Decimal``, ``bool``, ``None``, ``list``, ``dict``); a ``ValueError`` or
    ``TypeError`` it raises becomes a diagnostic at the attribute. The
    object is immutable: :meth:`with_type` makes a new one.
    """

    def __init__(
        self, registered: Mapping[type, tuple[Type, Callable[[Any], Any]]] | None = None
    ) -> None:
        checked: dict[type, _Registered] = {}
        for tp, rule in (registered or {}).items():
            if not isinstance(tp, type):
                raise TypeError(f"a registered type must be a class, not {tp!r}")
            hcl_type, structure = rule
            if not isinstance(hcl_type, Type):
                raise TypeError(f"{tp.__qualname__} needs an hcldecode type, not {hcl_type!r}")
            if not callable(structure):
                raise TypeError(f"the structure function for {tp.__qualname__} is not callable")
            checked[tp] = _Registered(hcl_type, structure)
        self._registered = checked
        self._plans: dict[Any, TypePlan] = {}
        #: The class information built for this decoder (see ``class_info``),
        #: with the lock and in-progress set that guard building it.
        self.classes: dict[type, Any] = {}
        self.classes_lock = threading.RLock()
        self.classes_in_progress: set[type] = set()
        self._converter = self._make_converter()

    @property
    def registered(self) -> Mapping[type, tuple[Type, Callable[[Any], Any]]]:
        """The application's types, as given."""
        return {tp: (r.hcl_type, r.structure) for tp, r in self._registered.items()}

    def with_type(self, tp: type, hcl_type: Type, structure: Callable[[Any], Any]) -> PythonTypes:
        """A new :class:`PythonTypes` that also knows ``tp``."""
        return PythonTypes({**self.registered, tp: (hcl_type, structure)})

    def plan(self, annotation: Any) -> TypePlan:
        """The :class:`TypePlan` of an attribute annotation; ``TypeError`` if unsupported."""
        try:
            cached = self._plans.get(annotation)
        except TypeError:  # an unhashable annotation
            cached = None
        if cached is not None:
            return cached
        if _is_raw(annotation):
            plan = TypePlan(annotation, DYNAMIC, nullable=True, raw=True)
        else:
            plan = TypePlan(
                annotation, self.hcl_type_of(annotation), nullable=_nullable(annotation)
            )
        with contextlib.suppress(TypeError):  # an unhashable annotation is planned each time
            self._plans[annotation] = plan
        return plan

    def hcl_type_of(self, annotation: Any, within: frozenset[type] = frozenset()) -> Type:
        """The HCL type that values for ``annotation`` are converted to.

        ``within`` holds the classes whose attribute types are being worked out
        (a class that contains itself cannot be decoded).
        """
        if annotation is Any or annotation is Value or annotation is type(None):
            return DYNAMIC
        if annotation in self._registered:
            return self._registered[annotation].hcl_type
        if annotation is bool:
            return BOOL
        if annotation in (int, float, decimal.Decimal, fractions.Fraction):
            return NUMBER
        if annotation in _STRING_TYPES:
            return STRING
        if annotation in (datetime.timedelta, list, dict):
            return DYNAMIC  # a number or a string; any list; any object (checked when lowered)
        if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            kinds = {_literal_type(m.value) for m in annotation}
            if len(kinds) != 1:
                raise TypeError(f"enum {annotation.__qualname__} mixes value types")
            return kinds.pop()
        if is_config_class(annotation):
            return self._object_type(annotation, within)
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
        if origin is typing.Literal:
            kinds = {_literal_type(a) for a in args}
            if len(kinds) != 1:
                raise TypeError(f"Literal{list(args)!r} mixes value types")
            return kinds.pop()
        if origin is typing.Union or origin is types.UnionType:
            members = [a for a in args if a is not type(None)]
            if len(members) == 1:
                return self.hcl_type_of(members[0], within)
            for member in members:
                self.hcl_type_of(member, within)  # every member must be supported
            return DYNAMIC
        if origin in _SEQUENCE_ORIGINS and len(args) == 1:
            return ListType(self.hcl_type_of(args[0], within))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return ListType(self.hcl_type_of(args[0], within))
            if args == ((),):
                return TupleType(())
            return TupleType(tuple(self.hcl_type_of(a, within) for a in args))
        if origin in _SET_ORIGINS and len(args) == 1:
            return SetType(self.hcl_type_of(args[0], within))
        if origin in _MAPPING_ORIGINS and len(args) == 2:
            if args[0] is not str:
                raise TypeError(f"HCL maps have string keys; {annotation!r} has {args[0]!r} keys")
            if args[1] is Any:  # an object of mixed values, as it is
                return DYNAMIC
            return MapType(self.hcl_type_of(args[1], within))
        raise TypeError(f"hcldecode cannot decode an attribute into {annotation!r}")

    def _object_type(self, cls: type, within: frozenset[type]) -> ObjectType:
        if cls in within:
            raise SchemaError(
                f"{cls.__qualname__} contains itself: recursive structures cannot be decoded"
            )
        attributes: dict[str, Type] = {}
        optional: set[str] = set()
        for field in _value_fields(cls):
            attributes[field.hcl_name] = self.hcl_type_of(field.annotation, within | {cls})
            if field.has_default or _nullable(field.annotation):
                optional.add(field.hcl_name)
        return ObjectType(attributes, frozenset(optional))

    def lower(self, value: Value, annotation: Any) -> Any:
        """Turn ``value`` (already converted to the plan's HCL type) into ``annotation``.

        Raises :class:`LowerError` when the value does not fit.
        """
        if strip_optional(annotation)[0] is Value:
            return value
        if value.is_null:
            if _nullable(annotation):
                return None
            raise LowerError("a value is required, not null")
        if _is_enum(annotation):  # before cattrs, which would lower an IntEnum as an int
            return _structure_enum(value, annotation)
        return self._converter.structure(value, annotation)

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

    def _structure_union(self, value: Value, tp: Any) -> Any:
        members = [a for a in typing.get_args(tp) if a is not type(None)]
        plans = [(m, self.hcl_type_of(m)) for m in members]
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

    def _structure_config_class(self, value: Value, tp: Any) -> Any:
        kwargs: dict[str, Any] = {}
        present = dict(value.items())
        for field in _value_fields(tp):
            item = present.get(field.hcl_name)
            if item is None or item.is_null:
                if not field.has_default and not _nullable(field.annotation):
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
                return self._registered[tp].structure(to_python(value))
            except (ValueError, TypeError) as exc:
                _fail(str(exc))

        return hook

    def _make_converter(self) -> cattrs.Converter:
        converter = cattrs.Converter(detailed_validation=False)
        for tp, hook in (
            (str, _structure_str),
            (bool, _structure_bool),
            (int, _structure_int),
            (float, _structure_float),
            (decimal.Decimal, _structure_decimal),
            (fractions.Fraction, _structure_fraction),
            (pathlib.Path, _structure_path),
            (pathlib.PurePath, _structure_path),
            (datetime.datetime, _structure_datetime),
            (datetime.date, _structure_datetime),
            (datetime.time, _structure_datetime),
            (datetime.timedelta, _structure_timedelta),
            (uuid.UUID, _structure_uuid),
            (list, _structure_bare_list),
            (dict, _structure_bare_dict),
        ):
            converter.register_structure_hook(tp, hook)
        converter.register_structure_hook_func(lambda tp: tp is Any, _structure_any)
        converter.register_structure_hook(type(None), _structure_none)
        converter.register_structure_hook_func(is_config_class, self._structure_config_class)
        converter.register_structure_hook_func(_is_union, self._structure_union)
        converter.register_structure_hook_func(_origin_in(typing.Literal), _structure_literal)
        converter.register_structure_hook_func(_origin_in(*_SEQUENCE_ORIGINS), self._structure_list)
        converter.register_structure_hook_func(_origin_in(tuple), self._structure_tuple)
        converter.register_structure_hook_func(_origin_in(*_SET_ORIGINS), self._structure_set)
        converter.register_structure_hook_func(_origin_in(*_MAPPING_ORIGINS), self._structure_dict)
        for registered in self._registered:  # last, so they take precedence
            converter.register_structure_hook(registered, self._registered_hook(registered))
        return converter


def _is_raw(annotation: Any) -> bool:
    """Whether fields of this type take the expression or value as it is."""
    inner, _ = strip_optional(annotation)
    return inner is Expression or inner is Value or inner is Attribute


def strip_optional(annotation: Any) -> tuple[Any, bool]:
    """``(T, True)`` for ``T | None``, else ``(annotation, False)``."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(annotation)) == 2:
            return args[0], True
    return annotation, False


def _nullable(annotation: Any) -> bool:
    if annotation is Any or annotation is type(None) or annotation is None:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        return type(None) in typing.get_args(annotation)
    return False


def _literal_type(value: object) -> Type:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int | float | decimal.Decimal):
        return NUMBER
    if isinstance(value, str):
        return STRING
    raise TypeError(f"unsupported literal value {value!r}")


def _value_fields(cls: type) -> tuple[ClassField, ...]:
    """The fields of a class used as an attribute value: all plain attributes."""
    fields = class_fields(cls)
    for field in fields:
        if not isinstance(field.marker, AttrMarker) or _is_raw(field.annotation):
            raise SchemaError(
                f"{cls.__qualname__} is used as an attribute value, so its fields must be "
                f"plain attributes; {field.name!r} is not"
            )
    return fields


# --------------------------------------------------------------------------- lowering


def _fail(message: str) -> typing.NoReturn:
    raise LowerError(message)


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
    return list(to_python(value))


def _structure_bare_dict(value: Value, _tp: Any) -> dict[str, Any]:
    if not isinstance(value.type, ObjectType | MapType):
        _fail("an object is required")
    return dict(to_python(value))


def _python_of(value: Value) -> Any:
    if value.type == NUMBER:
        n = value.as_number()
        return n if isinstance(n, int) else value.as_decimal()
    if value.type == STRING:
        return value.as_str()
    return value.as_bool()


def _structure_enum(value: Value, tp: Any) -> enum.Enum:
    raw = _python_of(value)
    for member in tp:
        if _same_literal(member.value, raw):
            return typing.cast(enum.Enum, member)
    choices = ", ".join(_show(m.value) for m in tp)
    _fail(f"{_show(raw)} is not one of {choices}")


def _structure_literal(value: Value, tp: Any) -> Any:
    raw = _python_of(value)
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
    return to_python(value)


def _is_union(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin is typing.Union or origin is types.UnionType


def _is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def _origin_in(*origins: Any) -> Callable[[Any], bool]:
    return lambda tp: typing.get_origin(tp) in origins
