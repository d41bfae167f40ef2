"""pydantic v2 models as classes of fields: the kind :data:`PYDANTIC_MODELS`.

A ``pydantic.BaseModel`` subclass is read from its ``model_fields``, in
order. Markers are found in each field's metadata (pydantic keeps the
``Annotated`` metadata it does not know there); a field's HCL name is its
marker's name, else its alias (when that is a plain string), else its name;
its documentation is its ``description``; pydantic's constraint objects
(``annotated_types.Gt``, ``MinLen``, ..., the ``pattern`` of
``Field(pattern=...)``) are its :attr:`~hcldecode.pytypes.Field.metadata`.

Instances are built by pydantic's own validation (``model_validate``, the
values given by the names pydantic takes them by), so field and model
validators, constraints and the model's configuration all apply; a
``ValidationError`` becomes :class:`~hcldecode.pytypes.InvalidFields`, one
problem per error, located by the error's ``loc``. A field whose type no
rule of the table handles (``pydantic.HttpUrl``, ``SecretStr``,
``IPvAnyAddress``, ...) is taken as plain Python, which pydantic validates.

pydantic is never imported here: a program that has a model has imported
it already, so it is looked up in ``sys.modules``.
"""

from __future__ import annotations

import decimal
import enum
import fractions
import functools
import sys
import threading
import typing
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..values._value import Value
from ._fields import MISSING, ClassKind, Field, FieldProblem, InvalidFields

__all__ = ["PYDANTIC_MODELS", "field_problems", "model_keys", "problem_of", "problems"]


class _Names:
    """How one model takes its fields: the key each field is given by, and the
    field each key (or name) of a validation error's ``loc`` stands for."""

    __slots__ = ("fields", "keys")

    def __init__(self, keys: dict[str, str], fields: dict[str, str]) -> None:
        self.keys = keys
        self.fields = fields


class _PydanticModels(ClassKind):
    name = "pydantic model"

    def __init__(self) -> None:
        self._names: weakref.WeakKeyDictionary[type, _Names] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def matches(self, tp: Any) -> bool:
        pydantic = sys.modules.get("pydantic")
        if pydantic is None or not isinstance(tp, type):
            return False
        return (
            issubclass(tp, pydantic.BaseModel)
            and tp is not pydantic.BaseModel
            and not issubclass(tp, pydantic.RootModel)
        )

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        self._names_of(cls)  # a field that cannot be given its value is refused now
        found = []
        model_fields: dict[str, Any] = getattr(cls, "model_fields", {})
        pydantic = sys.modules["pydantic"]
        for name, info in model_fields.items():
            metadata = tuple(info.metadata)
            hint = info.annotation
            if metadata:  # the markers are among them
                parts = (hint, *metadata)
                hint = typing.cast(Any, typing.Annotated)[parts]
            default, factory, takes_data = MISSING, None, False
            if info.default_factory is not None:
                factory = info.default_factory
                takes_data = bool(getattr(info, "default_factory_takes_data", False))
            elif not info.is_required():
                default = info.default
            field = self.field(
                cls,
                name,
                name,
                hint,
                default=default,
                factory=factory,
                factory_takes_self=takes_data,
                metadata=_metadata(info, pydantic),
            )
            alias = info.alias if isinstance(info.alias, str) else name
            hcl_name = field.marker.hcl_name(alias) if field.marker is not None else alias
            found.append(attrs.evolve(field, hcl_name=hcl_name))
        return found

    def unhandled(self, field: Field) -> Any:
        # pydantic validates the value itself, and reports each mistake by its loc.
        return Any

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        pydantic = sys.modules["pydantic"]
        names = self._names_of(cls)
        data = {names.keys[name]: value for name, value in kwargs.items()}
        model: Any = cls
        try:
            return model.model_validate(data)
        except pydantic.ValidationError as exc:
            raise InvalidFields(problems(exc, names.fields)) from exc

    def check(self, cls: type, kwargs: dict[str, Any]) -> Sequence[FieldProblem]:
        return field_problems(cls, kwargs)

    def get(self, obj: Any, field: Field) -> Any:
        value = getattr(obj, field.attribute)
        if _plain(value):
            return value
        if field.sensitive and hasattr(value, "get_secret_value"):
            # A SecretStr field (sensitive): its value, which hcldecode never writes
            # as text but compares with what the file's expression gives.
            return value.get_secret_value()
        # A type hcldecode does not know (a URL, a secret, an IP address): as
        # pydantic writes it in JSON.
        dumped = obj.model_dump(mode="json", include={field.name}, by_alias=False)
        return dumped[field.name]

    def _names_of(self, cls: type) -> _Names:
        found = self._names.get(cls)
        if found is None:
            found = _names(cls)
            with self._lock:
                self._names[cls] = found
        return found


def _names(cls: type) -> _Names:
    """The key each field of ``cls`` is given to ``model_validate`` by.

    pydantic takes a field by its validation alias (or its alias) unless the
    model also takes names (``populate_by_name``, ``validate_by_name``) or
    takes no aliases (``validate_by_alias=False``).
    """
    config: Mapping[str, Any] = getattr(cls, "model_config", {})
    by_name = (
        bool(config.get("populate_by_name"))
        or bool(config.get("validate_by_name"))
        or config.get("validate_by_alias") is False
    )
    keys: dict[str, str] = {}
    fields: dict[str, str] = {}
    model_fields: dict[str, Any] = getattr(cls, "model_fields", {})
    for name, info in model_fields.items():
        key = name
        if not by_name:
            alias = _alias_key(info.validation_alias)
            if alias is None and info.validation_alias is None and isinstance(info.alias, str):
                alias = info.alias
            if alias is None and info.validation_alias is not None:
                raise TypeError(
                    f"{cls.__qualname__}.{name}: its validation alias "
                    f"{info.validation_alias!r} is not one name, so hcldecode cannot give it "
                    "its value; set populate_by_name=True in the model's configuration"
                )
            key = alias or name
        keys[name] = key
        fields.setdefault(key, name)
        fields.setdefault(name, name)
        if isinstance(info.alias, str):
            fields.setdefault(info.alias, name)
    return _Names(keys, fields)


def _alias_key(alias: Any) -> str | None:
    """The one name a validation alias takes a value by (``None`` when it has none)."""
    if alias is None:
        return None
    if isinstance(alias, str):
        return alias
    choices = getattr(alias, "choices", None)
    if choices is not None:  # AliasChoices: the first that is one name
        for choice in choices:
            found = _alias_key(choice)
            if found is not None:
                return found
        return None
    path = getattr(alias, "path", None)
    if isinstance(path, list) and len(path) == 1 and isinstance(path[0], str):
        return path[0]
    return None


def problems(error: Any, fields: Mapping[str, str]) -> list[FieldProblem]:
    """One :class:`FieldProblem` per error of a ``pydantic.ValidationError``.

    The first step of an error's ``loc`` names the field (by the key it was
    given by); the rest is the path into its value. An error with no
    ``loc`` (a model validator) is about the object. A ``ValueError`` or an
    ``assertion`` raised by a validator is its own message, without the
    ``Value error, `` or ``Assertion failed, `` pydantic puts before it.

    Args:
        error: The ``ValidationError``.
        fields: The field (:attr:`Field.name`) each key of a ``loc`` stands for.

    Returns:
        The problems, in pydantic's order.
    """
    found = []
    for item in error.errors(include_url=False):
        found.append(problem_of(item, fields))
    return found


def problem_of(item: Mapping[str, Any], fields: Mapping[str, str]) -> FieldProblem:
    """The :class:`FieldProblem` of one error of a ``ValidationError`` (see :func:`problems`)."""
    loc = tuple(item.get("loc", ()))
    if loc and isinstance(loc[0], str) and loc[0] in fields:
        return FieldProblem(_message(item), fields[loc[0]], loc[1:])
    return FieldProblem(_message(item), None, loc)


#: Errors of assigning a value that are not about the value.
_NOT_THE_VALUES = frozenset({"missing", "frozen_instance", "frozen_field"})


def field_problems(cls: type, kwargs: Mapping[str, Any]) -> list[FieldProblem]:
    """What the model ``cls`` refuses of each value in ``kwargs``, each on its own.

    Each value is validated as the model validates it when assigned
    (constraints, field validators), on an instance made without validation
    (so no ``__init__`` of the model's own runs, and no other field is
    needed). What is about the whole object (a model validator) is left out.
    A validator that reads a field no value is given to fails otherwise than
    by a validation error: its value is taken as it is.
    """
    pydantic = sys.modules["pydantic"]
    _, fields = model_keys(cls)
    model: Any = cls
    instance = model.model_construct()
    found: list[FieldProblem] = []
    for name, value in kwargs.items():
        try:
            model.__pydantic_validator__.validate_assignment(instance, name, value)
        except pydantic.ValidationError as exc:
            for item in exc.errors(include_url=False):
                problem = problem_of(item, fields)
                if problem.field == name and item.get("type") not in _NOT_THE_VALUES:
                    found.append(problem)
        except (LookupError, AttributeError, TypeError):
            continue
    return found


def model_keys(cls: type) -> tuple[dict[str, str], dict[str, str]]:
    """The key each field of the model ``cls`` is given to ``model_validate`` by, and
    the field each key (or name) stands for in a validation error's ``loc``."""
    names = _KIND._names_of(cls)
    return names.keys, names.fields


def _message(item: Mapping[str, Any]) -> str:
    message = str(item.get("msg", ""))
    if item.get("type") in ("value_error", "assertion_error"):
        cause = item.get("ctx", {}).get("error")
        text = str(cause) if cause is not None else ""
        if text:
            return text
    return message


@functools.cache
def _plain_types() -> tuple[type, ...]:
    """The classes whose objects hcldecode writes itself (pydantic, in use, has imported
    datetime and uuid already)."""
    import datetime  # noqa: PLC0415
    import uuid  # noqa: PLC0415

    return (
        str,
        int,
        float,
        decimal.Decimal,
        fractions.Fraction,
        bytes,
        enum.Enum,
        datetime.date,
        datetime.time,
        datetime.timedelta,
        uuid.UUID,
        Value,
    )


def _plain(value: object) -> bool:
    """Whether hcldecode writes ``value`` itself (else pydantic's JSON form is written)."""
    if value is None or isinstance(value, _plain_types()):
        return True
    if isinstance(value, list | tuple | set | frozenset):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    pathlib = sys.modules.get("pathlib")
    if pathlib is not None and isinstance(value, pathlib.PurePath):
        return True
    return (
        PYDANTIC_MODELS.matches(type(value))
        or hasattr(type(value), "__attrs_attrs__")
        or (hasattr(type(value), "__dataclass_fields__"))
    )


_KIND = _PydanticModels()

PYDANTIC_MODELS: ClassKind = _KIND
"""pydantic v2 models (``BaseModel`` subclasses): their ``model_fields``, built by
pydantic's own validation."""


def _metadata(info: Any, pydantic: Any) -> dict[str, Any] | None:
    """What a pydantic field says of itself that hcldecode reads: its description,
    and ``"sensitive": True`` from its ``json_schema_extra`` or for a secret
    (``SecretStr``, ``SecretBytes``, or either or ``None``)."""
    found: dict[str, Any] = {}
    if info.description:
        found["description"] = info.description
    extra = info.json_schema_extra
    secrets = (pydantic.SecretStr, pydantic.SecretBytes)
    types = typing.get_args(info.annotation) or (info.annotation,)
    if (isinstance(extra, dict) and extra.get("sensitive") is True) or (
        any(t in secrets for t in types) and all(t in secrets or t is type(None) for t in types)
    ):
        found["sensitive"] = True
    return found or None
