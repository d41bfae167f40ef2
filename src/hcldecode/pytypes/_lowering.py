"""Lowering HCL values to Python objects: one walk that finds every misfit.

A :class:`Lowering` is the compiled form of one Python annotation (built by
:class:`~hcldecode.pytypes.PythonTypes`, which decides which node each
annotation gets). :meth:`Lowering.lower` walks a value once: it converts
each part to the HCL type its annotation asks for (HCL's conversion rules),
checks that the part is known and not null where ``None`` does not fit,
and builds the Python object. It does not stop at the first misfit: every
part that does not fit is a :class:`LowerError` whose ``path`` leads from the
value to that part, so each can be reported at its own place in the source.

Collections are walked element by element when their element type is exact
(no ``any`` in it): converting each element on its own then gives the same
values as converting the whole. Where it is not (``list[Any]``, a union in a
list), the whole collection is converted first, as HCL converts it (its
elements unified to one type), and the walk goes on in the converted value.
"""

from __future__ import annotations

import decimal
import enum
import fractions
import re
import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .._text import go_quote, suggest
from ..values._convert import (
    AttrStep,
    ConversionError,
    IndexStep,
    Path,
    PathStep,
    convert,
)
from ..values._sensitive import redact, secrets_of, texts_of
from ..values._types import (
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
from ..values._value import Value
from ._fields import ClassKind, Field, FieldProblem, InvalidFields, problem_steps
from ._lower_errors import LowerError, LowerErrors

if TYPE_CHECKING:
    import datetime
    import uuid
    from pathlib import PurePath

__all__ = [
    "LEAVES",
    "ClassLowering",
    "Leaf",
    "LeafLowering",
    "LoweredField",
    "Lowering",
    "MappingLowering",
    "OptionalLowering",
    "SequenceLowering",
    "TupleLowering",
    "UnionLowering",
    "ValueLowering",
    "declares_sensitive",
    "enum_leaf",
    "leaf_entry",
    "literal_leaf",
    "path_leaf",
    "plain",
    "registered_leaf",
    "structured",
]


class _Failed:
    """The result of a walk that found a misfit (its errors say which)."""

    __slots__ = ()


_FAILED = _Failed()
_NOT_KNOWN = "the value is not known yet"


class _Walk:
    """The errors one walk has found so far, and whether classes refuse unknown keys."""

    __slots__ = ("errors", "strict")

    def __init__(self, strict: bool) -> None:
        self.errors: list[LowerError] = []
        self.strict = strict

    def fail(self, message: str, path: Path = (), key: str | None = None) -> _Failed:
        self.errors.append(LowerError(message, path, key))
        return _FAILED

    def step(self, since: int, step: PathStep) -> None:
        """Put ``step`` in front of the paths of the errors found since ``since``."""
        errors = self.errors
        for i in range(since, len(errors)):
            errors[i] = errors[i].within(step)

    def convert(self, value: Value, hcl_type: Type) -> Value | _Failed:
        try:
            return convert(value, hcl_type)
        except ConversionError as exc:
            return self.fail(exc.message, exc.path)


def _redacted(error: LowerError, secrets: Sequence[str]) -> LowerError:
    """``error`` with the texts of sensitive values taken out of its message."""
    message = redact(error.message, secrets)
    if message == error.message:
        return error
    return LowerError(message, error.path, error.key)


class Lowering:
    """How values become objects of one annotation (see the module).

    ``hcl_type`` is the type values are converted to; ``nullable`` whether
    null becomes ``None`` (else it is an error).
    """

    __slots__ = ("hcl_type", "nullable")

    def __init__(self, hcl_type: Type, nullable: bool) -> None:
        self.hcl_type = hcl_type
        self.nullable = nullable

    def lower(
        self, value: Value, *, strict: bool = False, sensitive: bool = False
    ) -> tuple[Any, list[LowerError]]:
        """The object for ``value`` and ``[]``, or ``None`` and every misfit found.

        With ``strict``, an object given for a class must not have keys the
        class lacks (HCL's conversion would drop them). Marks are dropped:
        Python objects do not carry them. The messages of misfits in a value
        with sensitive parts do not show those parts (``(sensitive value)``),
        nor, with ``sensitive``, any part of the value.
        """
        secrets: list[str] | None = None
        if value.contains_marked:
            secrets = secrets_of(value)
            value = value.unmark_deep()[0]
        if sensitive:
            secrets = texts_of(value)
        walk = _Walk(strict)
        result = self.build(value, walk)
        if walk.errors:
            if secrets:  # what is wrong with a sensitive value does not show it
                return None, [_redacted(error, secrets) for error in walk.errors]
            return None, walk.errors
        return result, []

    def build(self, value: Value, walk: _Walk) -> Any:
        """The object for ``value``; on a misfit, errors in ``walk`` (the result is then void)."""
        if not value.is_known:
            return walk.fail(_NOT_KNOWN)
        if value.is_null:
            return None if self.nullable else walk.fail("null value is not allowed")
        return self.build_present(value, walk)

    def build_present(self, value: Value, walk: _Walk) -> Any:
        """:meth:`build` for a known value that is not null."""
        raise NotImplementedError

    def check_keys(self, value: Value, walk: _Walk) -> None:
        """Report the keys that classes in the type lack, anywhere in ``value``.

        Converting a whole value drops such keys, so a strict walk looks for
        them first wherever it converts a value whole that may hold classes.
        """

    @property
    def has_classes(self) -> bool:
        """Whether a class is part of the type (so :meth:`check_keys` has work)."""
        return False

    def _converted_whole(self, value: Value, walk: _Walk) -> Value | _Failed:
        """``value`` converted to the type as a whole (after a strict walk checked its keys)."""
        if walk.strict and self.has_classes:
            before = len(walk.errors)
            self.check_keys(value, walk)
            if len(walk.errors) > before:
                return _FAILED
        return walk.convert(value, self.hcl_type)


class ValueLowering(Lowering):
    """``hcl.Value``: the value itself, null included, once it is wholly known."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(DYNAMIC, True)

    def build(self, value: Value, walk: _Walk) -> Any:
        return value if value.is_wholly_known else walk.fail(_NOT_KNOWN)


Leaf = Callable[[Value, Any], Any]
"""Builds the object for a known, non-null value already of the leaf's HCL type;
raises :class:`LowerError` when it does not fit."""


class LeafLowering(Lowering):
    """A type whose values are built in one step: ``leaf(value, tp)``."""

    __slots__ = ("leaf", "tp", "unstructure", "whole")

    def __init__(
        self,
        hcl_type: Type,
        nullable: bool,
        leaf: Leaf,
        tp: Any,
        whole: bool = False,
        *,
        unstructure: Callable[[Any], Any] | None = None,
    ) -> None:
        super().__init__(hcl_type, nullable)
        self.leaf = leaf
        self.tp = tp
        #: Whether the value's parts must be known too (a leaf that reads them).
        self.whole = whole
        #: How an application's type makes its objects plain Python again, if it says.
        self.unstructure = unstructure

    def lower(
        self, value: Value, *, strict: bool = False, sensitive: bool = False
    ) -> tuple[Any, list[LowerError]]:
        # A known, unmarked, non-null value of the leaf's own type (most attributes):
        # the leaf's object at once; anything else, or a misfit, takes the whole walk.
        if (
            value.type is self.hcl_type
            and not self.whole
            and value.is_known
            and not value.is_null
            and not value.contains_marked
        ):
            try:
                return self.leaf(value, self.tp), []
            except LowerError:  # LowerErrors too
                pass
        return super().lower(value, strict=strict, sensitive=sensitive)

    def build_present(self, value: Value, walk: _Walk) -> Any:
        hcl_type = self.hcl_type
        if value.type is not hcl_type and hcl_type is not DYNAMIC:
            converted = walk.convert(value, hcl_type)
            if converted is _FAILED:
                return _FAILED
            assert isinstance(converted, Value)
            value = converted
        if self.whole and not value.is_wholly_known:
            return walk.fail(_NOT_KNOWN)
        try:
            return self.leaf(value, self.tp)
        except LowerErrors as exc:
            walk.errors.extend(exc.errors)
            return _FAILED
        except LowerError as error:
            walk.errors.append(error)
            return _FAILED


class OptionalLowering(Lowering):
    """``T | None``: null is ``None``, anything else is lowered as ``T``."""

    __slots__ = ("inner",)

    def __init__(self, inner: Lowering) -> None:
        super().__init__(inner.hcl_type, True)
        self.inner = inner

    def build_present(self, value: Value, walk: _Walk) -> Any:
        return self.inner.build_present(value, walk)

    def check_keys(self, value: Value, walk: _Walk) -> None:
        self.inner.check_keys(value, walk)

    @property
    def has_classes(self) -> bool:
        return self.inner.has_classes


class SequenceLowering(Lowering):
    """``list[T]``, ``tuple[T, ...]``, ``set[T]`` and the like; ``make`` builds the result."""

    __slots__ = ("element", "exact", "make")

    def __init__(
        self,
        hcl_type: ListType | SetType,
        nullable: bool,
        element: Lowering,
        make: Callable[[list[Any]], Any],
    ) -> None:
        super().__init__(hcl_type, nullable)
        self.element = element
        self.make = make
        self.exact = not hcl_type.element.has_dynamic_types()

    def lower(
        self, value: Value, *, strict: bool = False, sensitive: bool = False
    ) -> tuple[Any, list[LowerError]]:
        # A known, unmarked tuple or list whose elements are known, non-null values of
        # a leaf element's own type (most list attributes): the leaf's objects at once;
        # anything else, or a misfit, takes the whole walk.
        element = self.element
        if (
            type(element) is LeafLowering
            and self.exact
            and not element.whole
            and isinstance(value.type, TupleType | ListType)
            and value.is_known
            and not value.is_null
            and not value.contains_marked
        ):
            hcl_type, leaf, tp = element.hcl_type, element.leaf, element.tp
            items = []
            for item in value.elements():
                if item.type is not hcl_type or not item.is_known or item.is_null:
                    break
                try:
                    items.append(leaf(item, tp))
                except LowerError:  # LowerErrors too
                    break
            else:
                try:
                    return self.make(items), []
                except TypeError:
                    pass
        return super().lower(value, strict=strict, sensitive=sensitive)

    def build_present(self, value: Value, walk: _Walk) -> Any:
        t = value.type
        if not (self.exact and isinstance(t, TupleType | ListType | SetType)):
            converted = self._converted_whole(value, walk)
            if converted is _FAILED:
                return _FAILED
            assert isinstance(converted, Value)
            value, t = converted, converted.type
        # The elements of a set have no place of their own to point at.
        indexed = not isinstance(t, SetType)
        errors = walk.errors
        start = len(errors)
        element = self.element
        items = []
        for i, item in enumerate(value.elements()):
            before = len(errors)
            items.append(element.build(item, walk))
            if indexed and len(errors) > before:
                walk.step(before, IndexStep(Value.number(i)))
        if len(errors) > start:
            return _FAILED
        try:
            return self.make(items)
        except TypeError as exc:  # set[Any] given lists or objects
            return walk.fail(f"set elements must be hashable ({exc})")

    def check_keys(self, value: Value, walk: _Walk) -> None:
        if self.element.has_classes:
            _check_elements(value, lambda _: self.element, walk)

    @property
    def has_classes(self) -> bool:
        return self.element.has_classes


class TupleLowering(Lowering):
    """``tuple[A, B, ...]``: one lowering per element."""

    __slots__ = ("elements",)

    def __init__(self, hcl_type: TupleType, nullable: bool, elements: Sequence[Lowering]) -> None:
        super().__init__(hcl_type, nullable)
        self.elements = tuple(elements)

    def build_present(self, value: Value, walk: _Walk) -> Any:
        t = value.type
        if not (
            isinstance(t, TupleType | ListType | SetType)
            and len(value.elements()) == len(self.elements)
        ):
            converted = self._converted_whole(value, walk)
            if converted is _FAILED:
                return _FAILED
            assert isinstance(converted, Value)
            value = converted
        errors = walk.errors
        start = len(errors)
        items = []
        for i, (lowering, item) in enumerate(zip(self.elements, value.elements(), strict=True)):
            before = len(errors)
            items.append(lowering.build(item, walk))
            if len(errors) > before:
                walk.step(before, IndexStep(Value.number(i)))
        return _FAILED if len(errors) > start else tuple(items)

    def check_keys(self, value: Value, walk: _Walk) -> None:
        elements = self.elements
        _check_elements(value, lambda i: elements[i] if i < len(elements) else None, walk)

    @property
    def has_classes(self) -> bool:
        return any(e.has_classes for e in self.elements)


class MappingLowering(Lowering):
    """``dict[str, T]`` and the like; with ``any_object``, an object of mixed values
    (``dict[str, Any]``: its HCL type is ``any``, so the elements are not unified)."""

    __slots__ = ("any_object", "element", "exact")

    def __init__(
        self, hcl_type: Type, nullable: bool, element: Lowering, any_object: bool = False
    ) -> None:
        super().__init__(hcl_type, nullable)
        self.element = element
        self.any_object = any_object
        self.exact = isinstance(hcl_type, MapType) and not hcl_type.element.has_dynamic_types()

    def build_present(self, value: Value, walk: _Walk) -> Any:
        if self.any_object:
            if not isinstance(value.type, ObjectType | MapType):
                return walk.fail("an object is required")
        elif not (self.exact and isinstance(value.type, ObjectType | MapType)):
            converted = self._converted_whole(value, walk)
            if converted is _FAILED:
                return _FAILED
            assert isinstance(converted, Value)
            value = converted
        errors = walk.errors
        start = len(errors)
        element = self.element
        result = {}
        for key, item in value.items():
            before = len(errors)
            result[key] = element.build(item, walk)
            if len(errors) > before:
                walk.step(before, IndexStep(Value.string(key)))
        return _FAILED if len(errors) > start else result

    def check_keys(self, value: Value, walk: _Walk) -> None:
        element = self.element
        if not (element.has_classes and _is_present(value, ObjectType | MapType)):
            return
        errors = walk.errors
        for key, item in value.items():
            before = len(errors)
            element.check_keys(item, walk)
            if len(errors) > before:
                walk.step(before, IndexStep(Value.string(key)))

    @property
    def has_classes(self) -> bool:
        return self.element.has_classes


class LoweredField(typing.NamedTuple):
    """One field of a class lowered from an object, with the lowering of its values."""

    field: Field
    lowering: Lowering


class ClassLowering(Lowering):
    """A class of fields from an object: ``kind.construct(cls, fields)``."""

    __slots__ = ("by_hcl_name", "by_name", "cls", "fields", "kind")

    def __init__(self, hcl_type: ObjectType, nullable: bool, cls: type, kind: ClassKind) -> None:
        super().__init__(hcl_type, nullable)
        self.cls = cls
        self.kind = kind
        self.fields: tuple[LoweredField, ...] = ()
        self.by_hcl_name: dict[str, LoweredField] = {}
        self.by_name: dict[str, Field] = {}

    def set_fields(self, fields: Sequence[LoweredField]) -> None:
        """Complete the lowering with its fields."""
        self.fields = tuple(fields)
        self.by_hcl_name = {f.field.hcl_name: f for f in fields}
        self.by_name = {f.field.name: f.field for f in fields}

    def build_present(self, value: Value, walk: _Walk) -> Any:
        errors = walk.errors
        start = len(errors)
        if isinstance(value.type, ObjectType):  # its attributes are walked one by one
            if walk.strict:
                self._unexpected_keys(value, walk)
        else:  # a map (from a variable or a function), or a value that does not fit
            converted = self._converted_whole(value, walk)
            if converted is _FAILED:
                return _FAILED
            assert isinstance(converted, Value)
            value = converted
        present = typing.cast(dict[str, Value], value.payload)
        kwargs: dict[str, Any] = {}
        for field, lowering in self.fields:
            item = present.get(field.hcl_name)
            if item is None or item.is_null:
                if field.has_default:
                    continue
                if lowering.nullable:
                    kwargs[field.name] = None
                else:
                    walk.fail(f"attribute {_show(field.hcl_name)} is required")
                continue
            before = len(errors)
            kwargs[field.name] = lowering.build(item, walk)
            if len(errors) > before:
                walk.step(before, AttrStep(field.hcl_name))
        if len(errors) > start:
            given = {name: v for name, v in kwargs.items() if v is not _FAILED}
            self._refused(self.kind.check(self.cls, given), walk)
            return _FAILED
        try:
            return self.kind.construct(self.cls, kwargs)
        except InvalidFields as exc:
            self._refused(exc.problems, walk)
            return _FAILED
        except (ValueError, TypeError) as error:
            return walk.fail(str(error))

    def _refused(self, problems: Sequence[FieldProblem], walk: _Walk) -> None:
        """An error for each problem the class's validation found, at its path."""
        for problem in problems:
            owner = self.by_name.get(problem.field or "")
            head: Path = () if owner is None else (AttrStep(owner.hcl_name),)
            walk.fail(problem.message, head + problem_steps(problem.path))

    def check_keys(self, value: Value, walk: _Walk) -> None:
        if not _is_present(value, ObjectType | MapType):
            return
        self._unexpected_keys(value, walk)
        errors = walk.errors
        for key, item in value.items():
            field = self.by_hcl_name.get(key)
            if field is not None and field.lowering.has_classes:
                before = len(errors)
                field.lowering.check_keys(item, walk)
                if len(errors) > before:
                    walk.step(before, AttrStep(key))

    @property
    def has_classes(self) -> bool:
        return True

    def _unexpected_keys(self, value: Value, walk: _Walk) -> None:
        """An error for each key the class lacks (HCL's conversion would drop it;
        in a class it is more likely a typo), with a suggestion."""
        fields = self.by_hcl_name
        present = [key for key, _ in value.items()]
        for key in present:
            if key not in fields:
                hint = suggest(key, [name for name in fields if name not in present])
                more = f". Did you mean {go_quote(hint)}?" if hint else ""
                walk.fail(f"unexpected attribute {go_quote(key)}{more}", key=key)


class UnionLowering(Lowering):
    """``A | B | ...``: the first member that fits, trying those of the value's own
    HCL type first."""

    __slots__ = ("members",)

    def __init__(self, nullable: bool, members: Sequence[Lowering]) -> None:
        super().__init__(DYNAMIC, nullable)
        self.members = tuple(members)

    def build_present(self, value: Value, walk: _Walk) -> Any:
        t = value.type
        members = self.members
        ordered = [m for m in members if m.hcl_type == t] + [m for m in members if m.hcl_type != t]
        failures: list[str] = []
        for member in ordered:
            trial = _Walk(walk.strict)
            result = member.build(value, trial)
            if not trial.errors:
                return result
            failures.append(str(trial.errors[0]))
        if len(failures) == 1:
            return walk.fail(failures[0])
        return walk.fail("no alternative fits: " + "; ".join(failures))


def _is_present(value: Value, kinds: Any) -> bool:
    return isinstance(value.type, kinds) and value.is_known and not value.is_null


def _check_elements(
    value: Value, lowering_at: Callable[[int], Lowering | None], walk: _Walk
) -> None:
    """:meth:`Lowering.check_keys` for each element of a sequence value."""
    if not _is_present(value, TupleType | ListType | SetType):
        return
    indexed = not isinstance(value.type, SetType)
    errors = walk.errors
    for i, item in enumerate(value.elements()):
        lowering = lowering_at(i)
        if lowering is None or not lowering.has_classes:
            continue
        before = len(errors)
        lowering.check_keys(item, walk)
        if indexed and len(errors) > before:
            walk.step(before, IndexStep(Value.number(i)))


def declares_sensitive(lowering: Lowering, path: Path) -> bool:
    """Whether the part of a value at ``path`` becomes (part of) a field declared
    sensitive (:attr:`Field.sensitive`), or of an ``hcl.Value``, which keeps its
    marks; for a union, in every member."""
    if isinstance(lowering, ValueLowering):
        return True
    if isinstance(lowering, OptionalLowering):
        return declares_sensitive(lowering.inner, path)
    if isinstance(lowering, UnionLowering):
        return all(declares_sensitive(m, path) for m in lowering.members)
    if not path:
        return False
    step, rest = path[0], path[1:]
    key: object = step.name if isinstance(step, AttrStep) else step.key
    if isinstance(key, Value) and key.is_known and not key.is_null and not key.is_marked:
        key = key.payload if key.type in (STRING, NUMBER) else None
    if isinstance(lowering, ClassLowering):
        found = lowering.by_hcl_name.get(key) if isinstance(key, str) else None
        if found is None:
            return False
        return found.field.sensitive or declares_sensitive(found.lowering, rest)
    if isinstance(lowering, SequenceLowering | MappingLowering):
        return declares_sensitive(lowering.element, rest)
    if isinstance(lowering, TupleLowering) and isinstance(key, int):
        return 0 <= key < len(lowering.elements) and declares_sensitive(
            lowering.elements[key], rest
        )
    return False


# --------------------------------------------------------------------------- leaves


def _fail(message: str) -> typing.NoReturn:
    raise LowerError(message)


def plain(value: Value) -> Any:
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
        return [plain(e) for e in value.elements()]
    if isinstance(t, MapType | ObjectType):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(t, CapsuleType):
        return value.payload
    _fail("a value of a known type is required")


def _plain_leaf(value: Value, _tp: Any) -> Any:
    return plain(value)


# The leaves receive values of their HCL type, known and not null: the
# simplest read their payload.


def _str_leaf(value: Value, _tp: Any) -> str:
    return typing.cast(str, value.payload)


def _bool_leaf(value: Value, _tp: Any) -> bool:
    return typing.cast(bool, value.payload)


def _int_leaf(value: Value, _tp: Any) -> int:
    payload = value.payload
    if type(payload) is int:
        return payload
    try:
        return value.as_int()
    except (ValueError, OverflowError):
        _fail("a whole number is required")


def _float_leaf(value: Value, _tp: Any) -> float:
    try:
        return value.as_float()
    except OverflowError:
        _fail("the number is too large for a float")


def _decimal_leaf(value: Value, _tp: Any) -> decimal.Decimal:
    return value.as_decimal()


def _fraction_leaf(value: Value, _tp: Any) -> fractions.Fraction:
    try:
        return value.as_fraction()
    except (ValueError, OverflowError):
        _fail("a finite number is required")


def _bytes_leaf(value: Value, _tp: Any) -> Any:
    return value.as_capsule()


def path_leaf(value: Value, tp: Any) -> PurePath:
    """A ``pathlib`` path of class ``tp`` from a string."""
    return typing.cast("PurePath", tp(value.as_str()))


def _datetime_leaf(value: Value, tp: Any) -> datetime.date | datetime.time:
    import datetime  # noqa: PLC0415  (imported: ``tp`` is one of its classes)

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


def _uuid_leaf(value: Value, _tp: Any) -> uuid.UUID:
    import uuid  # noqa: PLC0415  (imported: ``_tp`` is its class)

    text = value.as_str()
    try:
        return uuid.UUID(text)
    except ValueError:
        _fail(f"a UUID is required, not {text!r}")


# A Go duration: an optional sign, then numbers each with a unit ("1h30m",
# "250ms", "-1.5h"); "0" alone is zero. Patterns' text, compiled by ``re`` when
# first used (``import hcldecode`` does not pay for them).
_DURATION = r"[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|[-+]?0"
_DURATION_PART = r"(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)"
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


def _timedelta_leaf(value: Value, _tp: Any) -> datetime.timedelta:
    """A Go duration string (``"1h30m"``, ``"250ms"``) or a number of seconds."""
    import datetime  # noqa: PLC0415  (imported: ``_tp`` is its class)

    if value.type == NUMBER:
        micros = value.as_decimal() * 1_000_000
    elif value.type == STRING:
        text = value.as_str()
        if len(text) > 100 or re.fullmatch(_DURATION, text) is None:
            _fail(f'a duration like "1h30m" or "250ms" is required, not {go_quote(text)}')
        micros = sum(
            (
                decimal.Decimal(n) * _MICROSECONDS[unit]
                for n, unit in re.findall(_DURATION_PART, text)
            ),
            decimal.Decimal(0),
        )
        if text.startswith("-"):
            micros = -micros
    else:
        _fail('a duration (a string like "1h30m", or a number of seconds) is required')
    # timedelta's own bounds, in microseconds
    most = (datetime.timedelta.max - datetime.timedelta(0)) // datetime.timedelta(microseconds=1)
    if not micros.is_finite() or abs(micros) > most:
        _fail("the duration is too long")
    return datetime.timedelta(microseconds=int(micros.to_integral_value(decimal.ROUND_HALF_EVEN)))


def _bare_list_leaf(value: Value, _tp: Any) -> list[Any]:
    if not isinstance(value.type, ListType | TupleType | SetType):
        _fail("a list is required")
    items: list[Any] = plain(value)
    return items


def _bare_tuple_leaf(value: Value, _tp: Any) -> tuple[Any, ...]:
    return tuple(_bare_list_leaf(value, _tp))


def _bare_dict_leaf(value: Value, _tp: Any) -> dict[str, Any]:
    if not isinstance(value.type, ObjectType | MapType):
        _fail("an object is required")
    fields: dict[str, Any] = plain(value)
    return fields


def _none_leaf(value: Value, _tp: Any) -> None:
    _fail("null is required")


def enum_leaf(value: Value, tp: Any) -> enum.Enum:
    """The member of the ``Enum`` class ``tp`` whose value is ``value``'s."""
    raw = plain(value)
    for member in tp:
        if _same_literal(member.value, raw):
            return typing.cast(enum.Enum, member)
    choices = ", ".join(_show(m.value) for m in tp)
    _fail(f"{_show(raw)} is not one of {choices}")


def literal_leaf(value: Value, tp: Any) -> Any:
    """The choice of ``Literal[...]`` (``tp``) equal to ``value``."""
    raw = plain(value)
    for choice in typing.get_args(tp):
        if _same_literal(choice, raw):
            return choice
    choices = ", ".join(_show(c) for c in typing.get_args(tp))
    _fail(f"{_show(raw)} is not one of {choices}")


def registered_leaf(structure: Callable[[Any], Any]) -> Leaf:
    """The leaf of a registered type: ``structure`` of the value as plain Python
    (see :func:`structured` for what it may raise)."""

    def leaf(value: Value, _tp: Any) -> Any:
        return structured(structure, plain(value))

    return leaf


def structured(structure: Callable[[Any], Any], obj: Any) -> Any:
    """``structure(obj)``, an application's function building an object from plain
    Python: the ``ValueError`` or ``TypeError`` it raises is a misfit, and so is
    a cattrs validation error (an exception group), each of whose leaves is
    one :class:`LowerError` at the path cattrs recorded (:class:`LowerErrors`)."""
    try:
        return structure(obj)
    except (ValueError, TypeError) as exc:
        _fail(str(exc) or type(exc).__name__)
    except Exception as error:
        from ._cattrs_errors import is_validation_error, misfits  # noqa: PLC0415 (rarely needed)

        if not is_validation_error(error):
            raise
        raise LowerErrors(
            [LowerError(message, path, key) for message, path, key in misfits(error)]
        ) from None


def _same_literal(choice: object, raw: object) -> bool:
    return choice == raw and isinstance(choice, bool) == isinstance(raw, bool)


def _show(value: object) -> str:
    if isinstance(value, str):
        return go_quote(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


LEAVES: dict[Any, tuple[Leaf, bool, Type]] = {
    str: (_str_leaf, False, STRING),
    bool: (_bool_leaf, False, BOOL),
    int: (_int_leaf, False, NUMBER),
    float: (_float_leaf, False, NUMBER),
    decimal.Decimal: (_decimal_leaf, False, NUMBER),
    fractions.Fraction: (_fraction_leaf, False, NUMBER),
    bytes: (_bytes_leaf, False, BYTES),
    list: (_bare_list_leaf, True, DYNAMIC),
    dict: (_bare_dict_leaf, True, DYNAMIC),
    tuple: (_bare_tuple_leaf, True, DYNAMIC),
    Any: (_plain_leaf, True, DYNAMIC),
    object: (_plain_leaf, True, DYNAMIC),
    type(None): (_none_leaf, False, DYNAMIC),
}
"""The built-in leaf types: each one's leaf, whether its value's parts must be known,
and the HCL type its values are converted to first (:func:`leaf_entry` adds those of
``datetime`` and ``uuid``)."""


def _datetime_and_uuid_leaves() -> dict[Any, tuple[Leaf, bool, Type]]:
    import datetime  # noqa: PLC0415
    import uuid  # noqa: PLC0415

    return {
        datetime.datetime: (_datetime_leaf, False, STRING),
        datetime.date: (_datetime_leaf, False, STRING),
        datetime.time: (_datetime_leaf, False, STRING),
        # a Go duration string or a number of seconds (checked when lowered)
        datetime.timedelta: (_timedelta_leaf, False, DYNAMIC),
        uuid.UUID: (_uuid_leaf, False, STRING),
    }


def leaf_entry(annotation: Any) -> tuple[Leaf, bool, Type] | None:
    """The entry of :data:`LEAVES` for ``annotation``, or ``None`` if it is no built-in leaf.

    The classes of ``datetime`` and ``uuid`` join the table when one of them is first
    asked for (an annotation that names one has imported its module): ``import
    hcldecode`` does not import them for programs that do not use them.
    """
    try:
        found = LEAVES.get(annotation)
    except TypeError:  # unhashable
        return None
    if found is None and getattr(annotation, "__module__", None) in ("datetime", "uuid"):
        LEAVES.update(_datetime_and_uuid_leaves())
        found = LEAVES.get(annotation)
    return found
