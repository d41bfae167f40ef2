"""Classes whose instances HCL objects and bodies become: the one model of a field.

A class is read once into one :class:`Field` per ``__init__`` parameter: its
name, the attribute that holds it, its annotation (``Annotated`` taken
apart), its marker (how it maps onto an HCL body; the markers themselves
belong to the decoders above), its default or default factory, and its
documentation. Everything that deals with the fields of a class (lowering
values into classes, writing objects back, class decoding's body schemas,
the command line's JSON output) works on these records.

Which classes have fields, and how they are read, built and taken apart, is
a :class:`ClassKind`: dataclasses (:data:`DATACLASSES`), attrs classes
(:data:`ATTRS_CLASSES`) and pydantic models are built in. A kind is a rule of a
:class:`~hcldecode.pytypes.PythonTypes` table, so a new kind of model class
is one more rule.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from .._record import Record
from ..values._convert import AttrStep, IndexStep, Path
from ..values._errors import Error, raw_text
from ..values._value import SENSITIVE, Value

__all__ = [
    "ATTRS_CLASSES",
    "DATACLASSES",
    "MISSING",
    "ClassKind",
    "Field",
    "FieldMarker",
    "FieldProblem",
    "InvalidFields",
    "class_name",
    "generic_class",
    "problem_steps",
    "read_fields",
]


class _Missing:
    """The type of :data:`MISSING`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The default of a field that has none."""


class FieldMarker:
    """Base of the markers found in a field's ``Annotated`` metadata.

    A decoder defines its markers as subclasses; a field has at most one.
    :meth:`hcl_name` says which HCL name the marker gives the field.
    """

    __slots__ = ()

    #: Whether the field takes an HCL name in its body (attributes and blocks do;
    #: labels, ranges and whole bodies do not). Two fields may not take one name.
    claims_name: typing.ClassVar[bool] = False

    def hcl_name(self, field_name: str) -> str:
        """The HCL name of a field called ``field_name`` that carries this marker."""
        return field_name


@attrs.frozen(eq=False, repr=False)
class Field(Record):
    """One ``__init__`` parameter of a class whose instances HCL values become.

    Attributes:
        name: the ``__init__`` parameter.
        attribute: the Python attribute that holds the value (an attrs field
            ``_x`` is the parameter ``x``).
        annotation: the field's type, without its ``Annotated`` wrapper.
        hcl_name: the HCL name: the marker's, or else the field's name.
        marker: the field's :class:`FieldMarker`, or ``None``.
        default: the default value, or :data:`MISSING`.
        factory: a function that makes the default, or ``None``.
        factory_takes_self: whether ``factory`` takes the instance being
            built (attrs' ``Factory(..., takes_self=True)``).
        doc: the field's documentation (``doc`` or ``description`` in its
            metadata, its library's description, or else the string on the
            line after the field in the class's source, an attribute
            docstring), or ``None``.
        metadata: anything else the field's ``Annotated`` metadata holds.
        omittable: the field may be left out and has no default: an object
            built without it does not have it (a key of a ``TypedDict`` that
            is not required). Such a field counts as :attr:`has_default`.
        sensitive: the field holds a secret: its marker says so
            (``hcl.attr(sensitive=True)``), its ``Annotated`` metadata holds
            :data:`~hcldecode.values.SENSITIVE`, or its metadata maps
            ``"sensitive"`` to ``True``.
    """

    name: str
    attribute: str
    annotation: Any
    hcl_name: str
    marker: FieldMarker | None = None
    default: Any = MISSING
    factory: Callable[..., Any] | None = None
    factory_takes_self: bool = False
    doc: str | None = None
    metadata: tuple[Any, ...] = ()
    omittable: bool = False
    sensitive: bool = False

    @property
    def has_default(self) -> bool:
        """Whether the field may be left out of ``__init__`` (it has a default, or is
        :attr:`omittable`)."""
        return self.default is not MISSING or self.factory is not None or self.omittable

    def default_value(self) -> Any:
        """The default, made anew where a factory makes it.

        Raises:
            LookupError: the field has no default, or its factory needs the
                instance.
        """
        if self.factory is not None:
            if self.factory_takes_self:
                raise LookupError(f"the default of {self.name} is made from the instance")
            return self.factory()
        if self.default is MISSING:
            raise LookupError(f"{self.name} has no default")
        return self.default


@attrs.frozen(eq=False, repr=False)
class FieldProblem(Record):
    """One thing a class's own validation refused.

    Attributes:
        message: What is wrong, as the class's validation says it.
        field: The ``__init__`` parameter (:attr:`Field.name`) it is about,
            or ``None`` when it is about the object as a whole (a model
            validator, a check across fields).
        path: Where in the field's value: keys (``str``) and indexes
            (``int``) from the value to the part refused; ``()`` for the
            whole value.
    """

    message: str
    field: str | None = None
    path: tuple[str | int, ...] = ()


def problem_steps(keys: Sequence[str | int]) -> Path:
    """A :attr:`FieldProblem.path` (keys and indexes) as the steps of a value's path."""
    return tuple(
        AttrStep(key) if isinstance(key, str) else IndexStep(Value.number(key)) for key in keys
    )


class InvalidFields(Error, ValueError):
    """Raised by :meth:`ClassKind.construct` when the class refused the values given:
    every problem found, each with the field and the part of its value it is about,
    so that each becomes a diagnostic at its own place in the configuration.

    Args:
        problems: What was refused (at least one).
    """

    def __init__(self, problems: Sequence[FieldProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class ClassKind:
    """A kind of class whose instances HCL values become (dataclasses, attrs classes, ...).

    Subclasses say which classes are theirs (:meth:`matches`), read their
    fields (:meth:`fields`), build an instance (:meth:`construct`) and read a
    field of one (:meth:`get`). A kind is also a rule of a
    :class:`~hcldecode.pytypes.PythonTypes`: the classes it matches lower from
    HCL objects (and, in class decoding, from bodies).
    """

    #: The kind's name, for messages.
    name: str = "class"

    def matches(self, tp: Any) -> bool:
        """Whether ``tp`` is a class of this kind."""
        raise NotImplementedError

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        """The fields of ``cls`` in ``__init__`` order.

        Args:
            cls: A class of this kind.
            hints: The class's resolved annotations (``Annotated`` kept), by
                attribute name.

        Returns:
            One :class:`Field` per ``__init__`` parameter (:meth:`field` makes one).
        """
        raise NotImplementedError

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        """An instance of ``cls`` with the fields in ``kwargs`` (by ``Field.name``).

        Args:
            cls: A class of this kind.
            kwargs: The values of the fields given, by :attr:`Field.name`;
                the others take their defaults.

        Returns:
            The instance.

        Raises:
            InvalidFields: The class's validation refused some values, and
                the kind can tell which (each is reported at its place).
            ValueError: The class refused the values (reported at the
                object); ``TypeError`` too.
        """
        return cls(**kwargs)

    def get(self, obj: Any, field: Field) -> Any:
        """The value of ``field`` in ``obj``, or :data:`MISSING` when ``obj`` does not
        have it (an :attr:`~Field.omittable` field left out)."""
        return getattr(obj, field.attribute)

    def instance_of(self, obj: object, cls: type) -> bool:
        """Whether ``obj`` is an instance of ``cls`` (a class of this kind); a kind
        whose instances are plain objects (``TypedDict``: dicts) says so here."""
        return isinstance(obj, cls)

    def check(self, cls: type, kwargs: dict[str, Any]) -> Sequence[FieldProblem]:
        """What the class's validation refuses of ``kwargs`` when other fields failed.

        The instance cannot be built then; a kind that can validate each
        field on its own says what it refuses of those given, so that one
        pass reports every mistake. By default nothing.

        Args:
            cls: A class of this kind.
            kwargs: The values of the fields that did decode, by :attr:`Field.name`.

        Returns:
            A problem for each refused value (none of them about the object).
        """
        return ()

    def unhandled(self, field: Field) -> Any:
        """The annotation ``field`` is planned by when no rule handles its own.

        A kind whose classes validate their values themselves (pydantic
        models) can take such a field as plain Python (``Any``), for the
        class to check; by default the field is refused.

        Args:
            field: A field of a class of this kind.

        Returns:
            An annotation the rules handle, or ``None`` to refuse the field.
        """
        return None

    @staticmethod
    def field(
        owner: type,
        name: str,
        attribute: str,
        hint: Any,
        *,
        default: Any = MISSING,
        factory: Callable[..., Any] | None = None,
        factory_takes_self: bool = False,
        metadata: Mapping[str, Any] | None = None,
        omittable: bool = False,
    ) -> Field:
        """The :class:`Field` of one parameter, its ``Annotated`` metadata taken apart.

        Args:
            owner: The class, for messages.
            name: The ``__init__`` parameter.
            attribute: The attribute that holds the value.
            hint: The resolved annotation, ``Annotated`` kept; ``None`` when the
                field has none.
            default: The default, or :data:`MISSING`.
            factory: A function that makes the default.
            factory_takes_self: Whether ``factory`` takes the instance.
            metadata: The field's metadata (its ``doc`` or ``description`` is
                the field's documentation; ``"sensitive": True`` makes it
                :attr:`Field.sensitive`).
            omittable: Whether the field may be left out with no default
                (:attr:`Field.omittable`).

        Returns:
            The field, with its marker and HCL name.

        Raises:
            TypeError: the field has no annotation, or more than one marker.
        """
        if hint is None:
            raise TypeError(f"{owner.__qualname__}.{name} has no type annotation")
        annotation, extras = hint, tuple[Any, ...]()
        if typing.get_origin(hint) is typing.Annotated:
            annotation, *rest = typing.get_args(hint)
            extras = tuple(rest)
        markers = [m for m in extras if isinstance(m, FieldMarker)]
        if len(markers) > 1:
            raise TypeError(f"{owner.__qualname__}.{name} has more than one hcldecode marker")
        marker = markers[0] if markers else None
        doc = None
        sensitive = bool(getattr(marker, "sensitive", False))
        if any(m is SENSITIVE for m in extras):
            sensitive = True
            extras = tuple(m for m in extras if m is not SENSITIVE)
        if metadata:
            found = metadata.get("doc", metadata.get("description"))
            doc = found if isinstance(found, str) else None
            sensitive = sensitive or metadata.get("sensitive") is True
        return Field(
            name,
            attribute,
            annotation,
            marker.hcl_name(name) if marker is not None else name,
            marker,
            default,
            factory,
            factory_takes_self,
            doc,
            tuple(m for m in extras if not isinstance(m, FieldMarker)),
            omittable,
            sensitive,
        )


class _Dataclasses(ClassKind):
    name = "dataclass"

    def matches(self, tp: Any) -> bool:
        # A dataclass exists only once its program has imported dataclasses.
        module = sys.modules.get("dataclasses")
        return module is not None and isinstance(tp, type) and module.is_dataclass(tp)

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        import dataclasses  # noqa: PLC0415 (imported by the program that made cls)

        return [
            self.field(
                cls,
                f.name,
                f.name,
                hints.get(f.name),
                default=MISSING if f.default is dataclasses.MISSING else f.default,
                factory=None if f.default_factory is dataclasses.MISSING else f.default_factory,
                metadata=f.metadata,
            )
            for f in dataclasses.fields(cls)
            if f.init
        ]


_ATTRS_FACTORY: Any = attrs.Factory  # a class, though typed as a function


class _AttrsClasses(ClassKind):
    name = "attrs class"

    def matches(self, tp: Any) -> bool:
        return isinstance(tp, type) and attrs.has(tp)

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        found = []
        for a in attrs.fields(cls):
            if not a.init:
                continue
            default: Any = a.default
            factory = None
            takes_self = False
            if isinstance(default, _ATTRS_FACTORY):
                factory, takes_self, default = default.factory, default.takes_self, MISSING
            elif default is attrs.NOTHING:
                default = MISSING
            found.append(
                self.field(
                    cls,
                    a.alias or a.name,
                    a.name,
                    hints.get(a.name),
                    default=default,
                    factory=factory,
                    factory_takes_self=takes_self,
                    metadata=a.metadata,
                )
            )
        return found

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        try:
            return cls(**kwargs)
        except (ValueError, TypeError) as exc:
            found = _attrs_field_errors(cls, kwargs)
            if found:
                raise InvalidFields(
                    [FieldProblem(raw_text(error), name) for name, error in found]
                ) from exc
            raise

    def check(self, cls: type, kwargs: dict[str, Any]) -> Sequence[FieldProblem]:
        """The converters and validators of the fields that did decode, run as
        :meth:`construct` runs them after a failure (those that read a field
        with no value are left out)."""
        return [
            FieldProblem(raw_text(error), name) for name, error in _attrs_field_errors(cls, kwargs)
        ]


def _attrs_field_errors(cls: type, kwargs: dict[str, Any]) -> list[tuple[str, Exception]]:
    """After ``__init__`` failed: run the converters and validators field by field.

    As ``__init__`` would, a stand-in instance receives each field in
    turn: the given value, or else the default, converted. So converters
    that take ``self`` and validators written as methods see the other
    fields. A step that fails otherwise (reading a field that holds no
    value) is skipped.

    attrs offers no way to do this with its own code that is safe in a
    process with other threads and gives every failure: validators can
    only be switched off for the whole process
    (``attrs.validators.set_disabled``), and running the class's
    ``__init__`` again on an instance of our own sets the fields only up
    to the first converter that fails, so the converters and validators
    of the fields after it could not be run.
    """
    instance: Any = object.__new__(cls)
    found: list[tuple[str, Exception]] = []
    checked: list[tuple[str, attrs.Attribute[Any], Any]] = []
    for definition in attrs.fields(cls):
        name = definition.alias or definition.name
        given = definition.init and name in kwargs
        try:
            raw = kwargs[name] if given else _attrs_default(definition, instance)
            value = _attrs_convert(definition, raw, instance)
        except (ValueError, TypeError) as exc:
            if given:
                found.append((name, exc))
            continue
        except (AttributeError, LookupError):  # no default, or it reads a field not set
            continue
        object.__setattr__(instance, definition.name, value)
        if given and definition.validator is not None:
            checked.append((name, definition, value))
    for name, definition, value in checked:
        assert definition.validator is not None
        try:
            definition.validator(instance, definition, value)
        except (ValueError, TypeError) as exc:
            found.append((name, exc))
        except AttributeError:  # the validator reads a field that holds no value
            continue
    return found


_ATTRS_CONVERTER: Any = getattr(attrs, "Converter", None)  # attrs 24.1 and later


def _attrs_default(definition: attrs.Attribute[Any], instance: object) -> Any:
    default: Any = definition.default
    if default is attrs.NOTHING:
        raise LookupError(definition.name)
    if isinstance(default, _ATTRS_FACTORY):
        return default.factory(instance) if default.takes_self else default.factory()
    return default


def _attrs_convert(definition: attrs.Attribute[Any], value: Any, instance: object) -> Any:
    converter: Any = definition.converter
    if converter is None:
        return value
    if _ATTRS_CONVERTER is not None and isinstance(converter, _ATTRS_CONVERTER):
        return converter(value, instance, definition)
    return converter(value)


DATACLASSES: ClassKind = _Dataclasses()
"""Dataclasses: their ``__init__`` fields."""

ATTRS_CLASSES: ClassKind = _AttrsClasses()
"""attrs classes: their ``__init__`` fields, by alias (``_x`` is the parameter ``x``)."""


def generic_class(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """A class given with type arguments (``Box[int]``) as the class and its arguments;
    anything else as itself and ``()``."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if isinstance(origin, type) and args and getattr(origin, "__parameters__", ()):
        return origin, args
    return tp, ()


def class_name(tp: Any) -> str:
    """A class's name for messages, with its type arguments (``Box[int]``)."""
    origin, args = generic_class(tp)
    name = getattr(origin, "__qualname__", None)
    if not isinstance(name, str):
        return repr(tp)
    if not args:
        return name
    return f"{name}[{', '.join(class_name(a) for a in args)}]"


def _with_arguments(
    fields: tuple[Field, ...], cls: type, args: tuple[Any, ...]
) -> tuple[Field, ...]:
    """``fields`` of the generic class ``cls`` with its type parameters replaced by
    ``args`` (missing ones, as in a bare ``Box``, by their bound, else ``Any``)."""
    parameters = getattr(cls, "__parameters__", ())
    if not parameters:
        return fields
    mapping = {
        p: args[i] if args else (p.__bound__ if p.__bound__ is not None else Any)
        for i, p in enumerate(parameters)
    }

    def substitute(annotation: Any) -> Any:
        if isinstance(annotation, typing.TypeVar):
            return mapping.get(annotation, Any)
        free = () if isinstance(annotation, type) else getattr(annotation, "__parameters__", ())
        if free:
            return annotation[tuple(mapping.get(p, Any) for p in free)]
        return annotation

    return tuple(attrs.evolve(f, annotation=substitute(f.annotation)) for f in fields)


def attribute_docs(cls: type) -> dict[str, str]:
    """The attribute docstrings of ``cls`` and its bases, by attribute name: a string
    written on the line after an annotated field, as Sphinx's autodoc reads them.

    A class whose source cannot be read (defined in an interactive session, or
    from compiled code) has none.
    """
    import textwrap  # noqa: PLC0415 (only classes without documentation need it)

    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is object:
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError, SyntaxError, IndentationError):
            continue
        body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef)), [])
        for statement, following in itertools.pairwise(body):
            if (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
            ):
                docs[statement.target.id] = inspect.cleandoc(following.value.value)
    return docs


def read_fields(kind: ClassKind, cls: Any) -> tuple[Field, ...]:
    """The fields of ``cls`` (a class of ``kind``, or one given with type arguments,
    ``Box[int]``: its fields then have the arguments for the type parameters), checked.

    Raises:
        TypeError: an annotation cannot be resolved or is missing, a field
            has more than one marker, or two fields have one HCL name.
    """
    cls, args = generic_class(cls)
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except NameError as exc:
        raise TypeError(
            f"cannot resolve the annotations of {cls.__qualname__}: {exc}; define the "
            "classes it refers to at module level"
        ) from exc
    fields = _with_arguments(tuple(kind.fields(cls, hints)), cls, args)
    if any(f.doc is None for f in fields):
        docs = attribute_docs(cls)
        fields = tuple(
            attrs.evolve(f, doc=docs.get(f.attribute)) if f.doc is None else f for f in fields
        )
    seen: dict[str, str] = {}
    for f in fields:
        if f.marker is not None and not f.marker.claims_name:
            continue
        other = seen.setdefault(f.hcl_name, f.name)
        if other != f.name:
            raise TypeError(
                f"{cls.__qualname__}: fields {other!r} and {f.name!r} both map to "
                f"the HCL name {f.hcl_name!r}"
            )
    return fields
