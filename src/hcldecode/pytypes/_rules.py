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

Values become Python objects along a lowering (``_lowering.Lowering``), the
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

import decimal
import enum
import fractions
import math
import sys
import threading
import types
import typing
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any, TypeVar

from typing_extensions import Self

from ..values._convert import ConversionError, convert
from ..values._errors import raw_text
from ..values._types import (
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
from ..values._value import SENSITIVE, Value
from ._fields import (
    ATTRS_CLASSES,
    DATACLASSES,
    MISSING,
    ClassKind,
    Field,
    class_name,
    generic_class,
    read_fields,
)
from ._lower_errors import LowerError
from ._lowering import (
    ClassLowering,
    LeafLowering,
    LoweredField,
    Lowering,
    MappingLowering,
    OptionalLowering,
    SequenceLowering,
    TupleLowering,
    UnionLowering,
    ValueLowering,
    enum_leaf,
    leaf_entry,
    literal_leaf,
    path_leaf,
    registered_leaf,
)
from ._msgspec import MSGSPEC_STRUCTS
from ._pydantic import PYDANTIC_MODELS
from ._stdlib_classes import NAMED_TUPLES, TYPED_DICTS

__all__ = [
    "BUILTIN_KINDS",
    "LowerError",
    "PythonTypes",
    "Rule",
    "TypeRule",
    "kinds_text",
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


Rule = tuple[Callable[[Any], bool], Callable[[Any, "PythonTypes"], Any]] | ClassKind
"""One rule of a :class:`PythonTypes` table: ``(predicate, factory)``, or a :class:`ClassKind`.

``predicate(annotation)`` says whether the rule handles an annotation;
``factory(annotation, types)`` is called once per annotation it handles
(the result is cached) and returns a :data:`TypeRule` tuple, ``(hcl_type,
structure)`` or ``(hcl_type, structure, unstructure)``, for that one
annotation. ``types`` is the :class:`PythonTypes` asking, through which the
factory can plan the annotation's parts (``types.to_python(value, part)``).
A :class:`ClassKind` handles the classes it matches as objects of their
fields."""


class _Registered:
    __slots__ = ("hcl_type", "structure", "unstructure")

    def __init__(
        self,
        hcl_type: Type,
        structure: Callable[[Any], Any],
        unstructure: Callable[[Any], Any] | None,
    ) -> None:
        self.hcl_type = hcl_type
        self.structure = structure
        self.unstructure = unstructure


_SEQUENCE_ORIGINS = (list, Sequence, typing.Sequence, typing.MutableSequence)
_SET_ORIGINS = (set, frozenset, Set, typing.AbstractSet, typing.MutableSet)
_MAPPING_ORIGINS = (dict, Mapping, typing.Mapping, typing.MutableMapping)

_Factory = Callable[[Any, "PythonTypes"], Lowering]

#: The class kinds every table ends with. No built-in rule before them takes
#: their classes: the tuple and mapping rules look at the annotation's origin
#: (``tuple[...]``, ``dict[...]``), which a ``NamedTuple`` or ``TypedDict`` class
#: has not.
BUILTIN_KINDS: tuple[ClassKind, ...] = (
    DATACLASSES,
    ATTRS_CLASSES,
    PYDANTIC_MODELS,
    MSGSPEC_STRUCTS,
    TYPED_DICTS,
    NAMED_TUPLES,
)


class PythonTypes:
    """The Python types that have an HCL form: the built-in ones and the application's.

    How each annotation is handled is decided by one table of rules, tried
    in order: the types in ``registered`` (each mapped to its
    :data:`TypeRule`), then the application's ``rules`` (see :data:`Rule`),
    then the built-in rules. So an application's rule can take over a type
    the built-in rules know. The object is immutable: :meth:`with_type` and
    :meth:`with_rule` make new ones, and what it compiles is its own.

    Built in: ``str``, ``bool``, ``int``, ``float``, ``Decimal``,
    ``Fraction``; ``pathlib`` paths (any ``PurePath`` class), ``datetime``,
    ``date`` and ``time`` (ISO 8601 strings), ``uuid.UUID`` (strings),
    ``timedelta`` (Go duration strings such as ``"1h30m"``, or numbers of
    seconds); ``Enum`` classes and ``Literal[...]`` (their values);
    ``list[T]``, ``Sequence[T]``, ``tuple[T, ...]``, ``tuple[A, B]``,
    ``set[T]``, ``frozenset[T]``, ``dict[str, T]``, ``Mapping[str, T]`` and
    the bare ``list``, ``dict`` and ``tuple``; unions, ``T | None``,
    ``Annotated[T, ...]``; ``Any`` and ``object`` (any value, as plain
    Python); :class:`Value` (the value itself); the classes of the
    :class:`ClassKind` rules (dataclasses, attrs classes, pydantic models,
    msgspec ``Struct`` classes, ``TypedDict`` and ``NamedTuple`` classes), as
    objects of their fields.

    After the whole table comes the application's cattrs converter, if it
    gives one: it structures each annotation that no rule handles, or that a
    built-in rule refuses (``dict[int, str]``, a class that contains itself),
    with its own hooks, from the value made plain Python, and unstructures
    the objects that no rule knows (see docs/cattrs.md).

    Args:
        registered: The application's own types, each with its :data:`TypeRule`.
        rules: The application's own rules (:data:`Rule`), tried in order after
            ``registered`` and before the built-in ones.
        converter: A ``cattrs`` converter (``cattrs.Converter()``), tried after
            every rule.

    Raises:
        TypeError: a registered type is not a class, a rule or
            :data:`TypeRule` is not of the documented form, or ``converter`` is
            not a cattrs converter.
    """

    def __init__(
        self,
        registered: Mapping[type, TypeRule] | None = None,
        rules: Sequence[Rule] = (),
        converter: Any = None,
    ) -> None:
        checked: dict[type, _Registered] = {}
        for tp, type_rule in (registered or {}).items():
            if not isinstance(tp, type):
                raise TypeError(f"a registered type must be a class, not {tp!r}")
            checked[tp] = _type_rule(tp.__qualname__, type_rule)
        if isinstance(rules, tuple | list):
            rules = tuple(rules)
        else:
            raise TypeError(f"rules must be a list or tuple of rules, not {rules!r}")
        for rule in rules:
            if not isinstance(rule, ClassKind) and not (
                isinstance(rule, tuple)
                and len(rule) == 2
                and callable(rule[0])
                and callable(rule[1])
            ):
                raise TypeError(f"a rule must be (predicate, factory) or a ClassKind, not {rule!r}")
        if converter is not None:
            # A converter exists only once its program has imported cattrs.
            cattrs = sys.modules.get("cattrs")
            if cattrs is None or not isinstance(converter, cattrs.BaseConverter):
                raise TypeError(f"converter must be a cattrs converter, not {converter!r}")
        self._converter = converter
        self._registered = checked
        self._rules: tuple[Rule, ...] = rules
        self._table: tuple[tuple[Callable[[Any], bool], _Factory, ClassKind | None], ...] = (
            (self._is_registered, self._registered_lowering, None),
            *(self._entry(rule) for rule in rules),
            *_BUILTIN,
            *(self._entry(kind) for kind in BUILTIN_KINDS),
        )
        self._lowerings: dict[Any, Lowering] = {}
        self._fields: dict[type, tuple[Field, ...]] = {}
        self._unstructures: dict[type, Callable[[Any], Any] | None] = {}
        self._kinds: dict[Any, ClassKind | None] = {}
        self._building = threading.local()

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

    @property
    def rules(self) -> tuple[Rule, ...]:
        """The application's rules, as given."""
        return self._rules

    @property
    def converter(self) -> Any:
        """The application's cattrs converter, tried after every rule (or ``None``)."""
        return self._converter

    def with_type(self, tp: type, *rule: Any) -> Self:
        """A new object of this class that also knows ``tp`` (``rule``: a :data:`TypeRule`)."""
        rules = {**self.registered, tp: typing.cast(TypeRule, rule)}
        return type(self)(rules, self._rules, converter=self._converter)

    def with_rule(self, rule: Rule) -> Self:
        """A new object of this class with ``rule`` tried before this one's own rules."""
        return type(self)(self.registered, (rule, *self._rules), converter=self._converter)

    # ------------------------------------------------------------------ the table

    def _entry(self, rule: Rule) -> tuple[Callable[[Any], bool], _Factory, ClassKind | None]:
        if isinstance(rule, ClassKind):
            return rule.matches, _class_lowering, rule
        predicate, factory = rule

        def make(annotation: Any, types: PythonTypes) -> Lowering:
            made = factory(annotation, types)
            if isinstance(made, Lowering):
                return made
            return _leaf_of(annotation, _type_rule(repr(annotation), made))

        return predicate, make, None

    def _is_registered(self, annotation: Any) -> bool:
        return _lookup(self._registered, annotation) is not None

    def _registered_lowering(self, annotation: Any, _types: PythonTypes) -> Lowering:
        return _leaf_of(annotation, self._registered[annotation])

    def _rule_for(
        self, annotation: Any
    ) -> tuple[Callable[[Any], bool], _Factory, ClassKind | None] | None:
        for entry in self._table:
            if entry[0](annotation):
                return entry
        origin, args = generic_class(annotation)
        if args:  # a generic class of fields with its type arguments (Box[int])
            found = self._rule_for(origin)
            if found is not None and found[2] is not None:
                return found
        return None

    # ------------------------------------------------------------------ classes

    @property
    def kinds(self) -> tuple[ClassKind, ...]:
        """The :class:`ClassKind` rules of the table, in the order they are tried."""
        return tuple(kind for _, _, kind in self._table if kind is not None)

    def kind_of(self, tp: object) -> ClassKind | None:
        """The :class:`ClassKind` whose rule handles ``tp``, or ``None`` when no
        kind's rule does (``tp`` is then no class of fields here)."""
        if not isinstance(tp, type) and not generic_class(tp)[1]:
            return None
        try:
            return self._kinds[tp]
        except KeyError:
            entry = self._rule_for(tp)
            return self._kinds.setdefault(tp, entry[2] if entry is not None else None)

    def is_object_class(self, tp: object) -> bool:
        """Whether ``tp`` is a class of fields (see :meth:`kind_of`)."""
        return self.kind_of(tp) is not None

    def class_fields(self, cls: type) -> tuple[Field, ...]:
        """The fields of the class ``cls``, read once (see :func:`read_fields`).

        Raises:
            TypeError: ``cls`` is no class of fields, or its fields cannot be read.
        """
        found = self._fields.get(cls)
        if found is None:
            kind = self.kind_of(cls)
            if kind is None:
                raise TypeError(
                    f"{getattr(cls, '__qualname__', cls)!s} is not {kinds_text(self.kinds)}"
                )
            found = self._fields.setdefault(cls, read_fields(kind, cls))
        return found

    def object_fields(self, cls: type) -> tuple[Field, ...]:
        """The fields of ``cls`` when its instances are HCL objects (a subclass may
        refuse fields that cannot be object attributes)."""
        return self.class_fields(cls)

    # ------------------------------------------------------------------ annotations

    def field_annotation(self, kind: ClassKind, field: Field) -> Any:
        """The annotation ``field`` (of a class of ``kind``) is planned by: its own,
        or, when no rule handles it or a part of it, the kind's
        :meth:`~ClassKind.unhandled` choice.

        Args:
            kind: The kind of the field's class.
            field: The field.

        Returns:
            The annotation the field's values are lowered by.

        Raises:
            TypeError: no rule handles the annotation, and the kind refuses it.
        """
        try:
            self.lowering(field.annotation)
        except _Unhandled:
            fallback = kind.unhandled(field)
            if fallback is None:
                raise
            return fallback
        return field.annotation

    def hcl_type(self, annotation: Any) -> Type:
        """The HCL type that values for ``annotation`` are converted to.

        Raises:
            TypeError: no rule handles the annotation or one of its parts.
        """
        return self.lowering(annotation).hcl_type

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
            raise ValueError(raw_text(error)) from error
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

    def to_value(
        self, obj: object, hcl_type: Type | None = None, *, annotation: Any = Any
    ) -> Value:
        """The HCL value for the Python object ``obj``, converted to ``hcl_type`` if given.

        ``annotation``, the type ``obj`` was declared with, says which class of
        fields a plain object is an instance of where the object cannot say
        it (a ``TypedDict``'s instances are dicts): its fields' HCL names are
        the object's attribute names, and keys it leaves out are left out.

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
        * instances of the classes of fields (:meth:`kind_of`: dataclasses,
          attrs classes, ...) are objects of their fields, the values of
          fields declared sensitive marked :data:`~hcldecode.values.SENSITIVE`;
        * a registered type's object goes through its ``unstructure``, and an
          object that no rule knows through the converter's, if there is one.

        Anything else raises ``TypeError`` naming where in ``obj`` it was
        found; a failed conversion to ``hcl_type`` raises ``ValueError`` with
        HCL's message.
        """
        value = self._to_value(obj, "", annotation)
        if hcl_type is None:
            return value
        try:
            return convert(value, hcl_type)
        except ConversionError as error:
            raise ValueError(raw_text(error)) from error

    def _to_value(self, obj: object, path: str, annotation: Any = Any) -> Value:
        if isinstance(obj, Value):
            return obj
        if obj is None:
            return Value.null(DYNAMIC)
        registered = self._registered.get(type(obj))
        if registered is None and (self._rules or self._converter is not None):
            unstructure = self.unstructure_of(type(obj))
            if unstructure is not None:
                unstructured = unstructure(obj)
                if type(unstructured) is not type(obj):  # else: a str subclass left as it is
                    return self._to_value(unstructured, path)
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
        # An object of a class of uuid or datetime exists only once its module is imported.
        uuid = sys.modules.get("uuid")
        if (uuid is not None and isinstance(obj, uuid.UUID)) or _is_path(type(obj)):
            return Value.string(str(obj))
        datetime = sys.modules.get("datetime")
        if datetime is not None:
            if isinstance(obj, datetime.date | datetime.time):
                return Value.string(obj.isoformat())
            if isinstance(obj, datetime.timedelta):
                micros = obj // datetime.timedelta(microseconds=1)
                return Value.number(decimal.Decimal(micros).scaleb(-6))
        cls: type = type(obj)
        kind = self.kind_of(cls)  # a class of fields may be a tuple or a mapping too
        if kind is None and annotation is not Any:
            cls, kind = self._declared_class(obj, annotation)
        if kind is not None:
            items: dict[str, Value] = {}
            for f in self.object_fields(cls):
                element = kind.get(obj, f)
                if element is not MISSING:  # a field the object leaves out
                    item = self._to_value(element, f"{path}.{f.name}", f.annotation)
                    items[f.hcl_name] = item.mark(SENSITIVE) if f.sensitive else item
            return Value.object(items)
        if isinstance(obj, Mapping):
            return Value.object(self._object_items(obj, path, _part(annotation, None)))
        if isinstance(obj, list | tuple):
            return Value.tuple(
                self._to_value(e, f"{path}[{i}]", _part(annotation, i)) for i, e in enumerate(obj)
            )
        if isinstance(obj, set | frozenset):
            part = _part(annotation, 0)
            elements = Value.tuple(self._to_value(e, f"{path}[*]", part) for e in obj)
            try:
                return convert(elements, SetType(DYNAMIC))
            except ConversionError as error:
                raise TypeError(
                    f"the elements of the set{_at(path)} have no common type"
                ) from error
        if self._converter is not None:
            unstructured = self._converter.unstructure(obj)
            if type(unstructured) is not type(obj):  # the converter knows it
                return self._to_value(unstructured, path)
        raise TypeError(f"cannot convert {type(obj).__name__}{_at(path)} to an HCL value")

    def _object_items(
        self, mapping: Mapping[Any, object], path: str, annotation: Any = Any
    ) -> dict[str, Value]:
        items: dict[str, Value] = {}
        for key, element in mapping.items():
            if not isinstance(key, str):
                raise TypeError(
                    f"mapping{_at(path)} has key {key!r}: keys of HCL objects must be strings"
                )
            items[key] = self._to_value(element, f"{path}[{key!r}]", annotation)
        return items

    def _declared_class(self, obj: object, annotation: Any) -> tuple[type, ClassKind | None]:
        """The class of fields that ``annotation`` (or a member of it) declares and
        ``obj`` is a plain instance of, with its kind; else ``(type(obj), None)``."""
        inner = strip_optional(annotation)[0]
        members = typing.get_args(inner) if _is_union(inner) else (inner,)
        for declared in members:
            member = strip_optional(declared)[0]
            kind = self.kind_of(member)
            if kind is not None and kind.instance_of(obj, member):
                if isinstance(obj, Mapping) and len(members) > 1:  # the one whose keys fit
                    names = {f.name for f in self.object_fields(member)}
                    if not names.issuperset(obj):
                        continue
                return member, kind
        return type(obj), None

    # ------------------------------------------------------------------ lowering plans

    def lowering(self, annotation: Any) -> Lowering:
        """How values become objects of ``annotation``: compiled once, then cached.

        The first rule of the table whose predicate accepts the annotation
        makes it.

        Raises:
            TypeError: no rule handles the annotation or one of its parts.
        """
        try:
            found = self._lowerings.get(annotation)
        except TypeError:  # an unhashable annotation is compiled each time
            return self._compile(annotation)
        if found is None:
            found = self._lowerings.setdefault(annotation, self._compile(annotation))
        return found

    def _compile(self, annotation: Any) -> Lowering:
        entry = self._rule_for(annotation)
        if entry is None:
            converted = self._converted(annotation)
            if converted is not None:
                return converted
            raise _Unhandled(
                f"hcldecode has no HCL type for {annotation!r} (a Decoder learns the "
                "application's own types from its types= and rules=)"
                if self._converter is None
                else f"hcldecode has no HCL type for {annotation!r}, and the converter "
                "has no structure hook for it"
            )
        try:
            return self._compile_by(entry, annotation)
        except TypeError as exc:
            # A rule refused the type (it has no HCL form); the converter may know it.
            # A subclass of TypeError (the decoder's SchemaError) is a mistake in the
            # program's classes, which the converter must not hide.
            if type(exc) not in (TypeError, _Unhandled) or self._converter is None:
                raise
            converted = self._converted(annotation)
            if converted is None:
                raise
            return converted

    def _converted(self, annotation: Any) -> Lowering | None:
        """The lowering of ``annotation`` by the converter's hooks, if it has them."""
        if self._converter is None:
            return None
        from ._cattrs import converter_lowering  # noqa: PLC0415 (imports cattrs)

        return converter_lowering(
            self._converter, annotation, nullable(annotation), DEFAULT_TYPES.lowering
        )

    def _compile_by(
        self,
        entry: tuple[Callable[[Any], bool], _Factory, ClassKind | None],
        annotation: Any,
    ) -> Lowering:
        _, factory, kind = entry
        if kind is None:
            return factory(annotation, self)
        building: set[type] | None = getattr(self._building, "classes", None)
        if building is None:
            building = self._building.classes = set()
        if annotation in building:
            raise TypeError(
                f"{class_name(annotation)} contains itself, and HCL's object types cannot "
                "(a class that contains itself can be decoded from nested blocks)"
            )
        building.add(annotation)
        try:
            return _class_lowering(annotation, self, kind)
        finally:
            building.discard(annotation)

    def unstructure_of(self, tp: type) -> Callable[[Any], Any] | None:
        """The ``unstructure`` of the application's type or rule that handles ``tp``,
        or of the converter when it does."""
        registered = self._registered.get(tp)
        if registered is not None:
            return registered.unstructure
        try:
            return self._unstructures[tp]
        except KeyError:
            pass
        found = None
        entry = self._rule_for(tp)
        if entry in self._table[1 : 1 + len(self._rules)]:
            lowering = self.lowering(tp)
            if isinstance(lowering, LeafLowering):
                found = lowering.unstructure
        elif self._converter is not None and (entry is None or entry[2] is None):
            # a type the converter structures: one no rule handles, or a rule refuses
            try:
                lowering = self.lowering(tp)
            except TypeError:
                lowering = None
            if isinstance(lowering, LeafLowering):
                found = lowering.unstructure
        return self._unstructures.setdefault(tp, found)


# --------------------------------------------------------------------------- built-in rules


def _type_rule(name: str, rule: Any) -> _Registered:
    if not isinstance(rule, tuple) or len(rule) not in (2, 3):
        raise TypeError(
            f"the rule for {name} must be (hcl_type, structure) or "
            f"(hcl_type, structure, unstructure), not {rule!r}"
        )
    hcl_type, structure, *rest = rule
    unstructure = rest[0] if rest else None
    if not isinstance(hcl_type, Type):
        raise TypeError(f"{name} needs an hcldecode type, not {hcl_type!r}")
    for role, fn in (("structure", structure), ("unstructure", unstructure)):
        if fn is not None and not callable(fn):
            raise TypeError(f"the {role} function for {name} is not callable")
    return _Registered(hcl_type, structure, unstructure)


def _leaf_of(annotation: Any, rule: _Registered) -> Lowering:
    return LeafLowering(
        rule.hcl_type,
        nullable(annotation),
        registered_leaf(rule.structure),
        annotation,
        whole=True,
        unstructure=rule.unstructure,
    )


def _class_lowering(cls: Any, types: PythonTypes, kind: ClassKind | None = None) -> Lowering:
    assert kind is not None
    fields = types.object_fields(cls)
    lowerings = [types.lowering(types.field_annotation(kind, f)) for f in fields]
    attributes = {f.hcl_name: lw.hcl_type for f, lw in zip(fields, lowerings, strict=True)}
    optional = {
        f.hcl_name for f, lw in zip(fields, lowerings, strict=True) if f.has_default or lw.nullable
    }
    lowering = ClassLowering(ObjectType(attributes, frozenset(optional)), nullable(cls), cls, kind)
    lowering.set_fields([LoweredField(f, lw) for f, lw in zip(fields, lowerings, strict=True)])
    return lowering


def _is_value(annotation: Any) -> bool:
    return strip_optional(annotation)[0] is Value


def _value_lowering(_annotation: Any, _types: PythonTypes) -> Lowering:
    return ValueLowering()


def _is_leaf(annotation: Any) -> bool:
    return leaf_entry(annotation) is not None


def _leaf_lowering(annotation: Any, _types: PythonTypes) -> Lowering:
    entry = leaf_entry(annotation)
    assert entry is not None
    leaf, whole, hcl_type = entry
    return LeafLowering(hcl_type, nullable(annotation), leaf, annotation, whole)


def _enum_lowering(annotation: Any, _types: PythonTypes) -> Lowering:
    kinds = {_literal_type(m.value) for m in annotation}
    if len(kinds) != 1:
        raise TypeError(f"enum {annotation.__qualname__} mixes value types")
    return LeafLowering(kinds.pop(), False, enum_leaf, annotation)


def _path_lowering(annotation: Any, _types: PythonTypes) -> Lowering:
    return LeafLowering(STRING, False, path_leaf, annotation)


def _is_annotated(annotation: Any) -> bool:
    return typing.get_origin(annotation) is typing.Annotated


def _annotated_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    return types.lowering(typing.get_args(annotation)[0])


def _is_literal(annotation: Any) -> bool:
    return typing.get_origin(annotation) is typing.Literal


def _literal_lowering(annotation: Any, _types: PythonTypes) -> Lowering:
    args = typing.get_args(annotation)
    kinds = {_literal_type(a) for a in args}
    if len(kinds) != 1:
        raise TypeError(f"Literal{list(args)!r} mixes value types")
    return LeafLowering(kinds.pop(), False, literal_leaf, annotation)


def _union_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    members = [types.lowering(a) for a in typing.get_args(annotation) if a is not type(None)]
    if len(members) == 1:
        return OptionalLowering(members[0])
    return UnionLowering(nullable(annotation), members)


def _is_sequence(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    return (origin in _SEQUENCE_ORIGINS and len(args) == 1) or (
        origin is tuple and len(args) == 2 and args[1] is Ellipsis
    )


def _sequence_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    element = types.lowering(typing.get_args(annotation)[0])
    origin = typing.get_origin(annotation)
    make: Callable[[list[Any]], Any] = tuple if origin is tuple else list
    return SequenceLowering(ListType(element.hcl_type), False, element, make)


def _is_tuple(annotation: Any) -> bool:
    return typing.get_origin(annotation) is tuple


def _tuple_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    # ``tuple[()]`` has no arguments (or ``((),)`` before Python 3.11)
    elements = [types.lowering(a) for a in typing.get_args(annotation) if a != ()]
    hcl_type = TupleType(tuple(e.hcl_type for e in elements))
    return TupleLowering(hcl_type, False, elements)


def _is_set(annotation: Any) -> bool:
    return typing.get_origin(annotation) in _SET_ORIGINS and len(typing.get_args(annotation)) == 1


def _set_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    (arg,) = typing.get_args(annotation)
    element = types.lowering(arg)
    if not _hashable(arg):
        raise TypeError(f"{annotation!r}: the elements of a set must be hashable")
    make = frozenset if typing.get_origin(annotation) is frozenset else set
    return SequenceLowering(SetType(element.hcl_type), False, element, make)


def _is_mapping(annotation: Any) -> bool:
    return (
        typing.get_origin(annotation) in _MAPPING_ORIGINS and len(typing.get_args(annotation)) == 2
    )


def _mapping_lowering(annotation: Any, types: PythonTypes) -> Lowering:
    key, value = typing.get_args(annotation)
    if strip_optional(key)[0] is not str:
        raise TypeError(f"HCL maps have string keys; {annotation!r} has {key!r} keys")
    element = types.lowering(value)
    any_object = value in (Any, object)  # an object of mixed values, as it is
    hcl_type = DYNAMIC if any_object else MapType(element.hcl_type)
    return MappingLowering(hcl_type, False, element, any_object=any_object)


def _hashable(annotation: Any) -> bool:
    """Whether the objects made for ``annotation`` can be set elements."""
    inner = strip_optional(annotation)[0]
    if isinstance(inner, type):
        return inner.__hash__ is not None  # a registered or object class too
    origin = typing.get_origin(inner)
    if origin is typing.Union or origin is types.UnionType:
        return all(_hashable(a) for a in typing.get_args(inner))
    if origin is typing.Literal:
        return True
    return origin in (tuple, frozenset) and all(
        _hashable(a) for a in typing.get_args(inner) if a is not Ellipsis and a != ()
    )


def to_value(obj: object, type: Type | None = None) -> Value:
    """The HCL value for a Python object, with the built-in types.

    Args:
        obj: The object (see :meth:`PythonTypes.to_value` for each kind).
        type: An HCL type to convert the value to.

    Returns:
        The value.

    Raises:
        TypeError: ``obj``, or a part of it, has no HCL form.
        ValueError: NaN, or the conversion to ``type`` fails (HCL's message).
    """
    return DEFAULT_TYPES.to_value(obj, type)


def to_python(value: Value, python_type: Any = Any) -> Any:
    """The Python object for an HCL value, with the built-in types.

    Args:
        value: The value.
        python_type: The annotation that shapes the object (see
            :meth:`PythonTypes.to_python`); by default plain Python.

    Returns:
        The object.

    Raises:
        ValueError: The value does not fit the annotation or is not known.
        TypeError: No rule handles the annotation.
    """
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


class _Unhandled(TypeError):
    """No rule handles an annotation (a class kind may take its fields as plain Python)."""


def _lookup(mapping: Mapping[Any, _T], annotation: Any) -> _T | None:
    """``mapping[annotation]`` if there, else ``None`` (an unhashable annotation is not)."""
    try:
        return mapping.get(annotation)
    except TypeError:
        return None


def _part(annotation: Any, index: int | None) -> Any:
    """The annotation of the element ``index`` of a sequence, tuple or set declared
    as ``annotation`` (of a mapping's values for ``None``); ``Any`` if it does not say."""
    inner = strip_optional(annotation)[0]
    origin = typing.get_origin(inner)
    args = typing.get_args(inner)
    if index is None:
        return args[1] if origin in _MAPPING_ORIGINS and len(args) == 2 else Any
    if origin in (*_SEQUENCE_ORIGINS, *_SET_ORIGINS) and len(args) == 1:
        return args[0]
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            return args[0]
        return args[index] if index < len(args) and args[index] != () else Any
    return Any


def kinds_text(kinds: Sequence[ClassKind]) -> str:
    """The kinds of classes, for messages: ``"a dataclass, attrs class or TypedDict"``."""
    names = [kind.name for kind in kinds]
    if not names:
        return "a class of fields"
    if len(names) == 1:
        return f"a {names[0]}"
    return f"a {', '.join(names[:-1])} or {names[-1]}"


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


_BUILTIN: tuple[tuple[Callable[[Any], bool], _Factory, None], ...] = (
    (_is_value, _value_lowering, None),
    (_is_leaf, _leaf_lowering, None),
    (_is_enum, _enum_lowering, None),  # an IntEnum is an int too: enums come first
    (_is_path, _path_lowering, None),
    (_is_annotated, _annotated_lowering, None),
    (_is_literal, _literal_lowering, None),
    (_is_union, _union_lowering, None),
    (_is_sequence, _sequence_lowering, None),
    (_is_tuple, _tuple_lowering, None),
    (_is_set, _set_lowering, None),
    (_is_mapping, _mapping_lowering, None),
)
"""The built-in rules, in the order they are tried (the class kinds come last)."""

DEFAULT_TYPES = PythonTypes()
"""The built-in types only (immutable; its caches are its own)."""
