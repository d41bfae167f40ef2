"""msgspec ``Struct`` classes as classes of fields.

msgspec is imported only by programs that have a ``Struct``: this module
looks it up in ``sys.modules`` and never imports it on its own.

A Struct's fields are ``msgspec.structs.fields(cls)``; a field's HCL name is
its marker's, or else its ``encode_name`` (the Struct's ``rename=``, the
field's ``msgspec.field(name=...)``). The ``msgspec.Meta`` objects of its
annotation stay in :attr:`~hcldecode.pytypes.Field.metadata`, and a
``Meta(description=...)`` is the field's documentation.

A Struct's ``__init__`` checks neither types nor constraints: before the
instance is made, each field whose annotation holds a ``Meta`` is checked by
msgspec itself (``msgspec.convert`` to the field's annotation), and every
failing field is reported at once (:class:`~hcldecode.pytypes.InvalidFields`),
with msgspec's message and the path it gives into the value.
"""

from __future__ import annotations

import re
import sys
import threading
import typing
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..values._errors import raw_text
from ._fields import MISSING, ClassKind, Field, FieldProblem, InvalidFields

__all__ = ["MSGSPEC_STRUCTS", "validation_problem"]

# A pattern's text, compiled by ``re`` when first used (with msgspec).
_PATH = r"\[(\d+)\]|\[\.\.\.\]|\.([^.\[]+)"


def validation_problem(message: str, field: str | None) -> FieldProblem:
    """A :class:`FieldProblem` from the text of a ``msgspec.ValidationError``.

    msgspec writes ``"Expected `int` >= 1 - at `$[0]`"``: the message, then
    where in the value (``$`` the value, ``[0]`` an index, ``.name`` a key,
    ``[...]`` a key of a dict that msgspec does not name). The path is kept up
    to the first step msgspec does not name.
    """
    text, sep, where = message.rpartition(" - at `")
    if not sep or not where.startswith("$") or not where.endswith("`"):
        return FieldProblem(message, field)
    path: list[str | int] = []
    for match in re.finditer(_PATH, where[1:-1]):
        index, key = match.groups()
        if index is None and key is None:  # "[...]"
            break
        path.append(int(index) if index is not None else key)
    return FieldProblem(text, field, tuple(path))


def _module() -> Any:
    return sys.modules.get("msgspec")


def _holds_meta(hint: Any, meta: type) -> bool:
    """Whether a ``msgspec.Meta`` is anywhere in the annotation ``hint``."""
    if typing.get_origin(hint) is typing.Annotated and any(
        isinstance(m, meta) for m in hint.__metadata__
    ):
        return True
    return any(_holds_meta(a, meta) for a in typing.get_args(hint) if a is not Ellipsis)


class _Structs(ClassKind):
    name = "msgspec Struct"

    def __init__(self) -> None:
        # By class: the annotations of the fields msgspec checks, by field name.
        self._checks: weakref.WeakKeyDictionary[type, dict[str, Any]] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def matches(self, tp: Any) -> bool:
        msgspec = _module()
        return msgspec is not None and isinstance(tp, type) and issubclass(tp, msgspec.Struct)

    def fields(self, cls: type, hints: Mapping[str, Any]) -> Sequence[Field]:
        msgspec = _module()
        config = cls.__struct_config__  # type: ignore[attr-defined]
        if config.tag is not None and config.tag is not False:
            raise TypeError(
                f"{cls.__qualname__} is a tagged msgspec Struct (tag={config.tag!r}): hcldecode "
                "does not read tags, so tagged unions cannot be decoded; give each class a "
                "block type of its own instead"
            )
        found = []
        checks: dict[str, Any] = {}
        for info in msgspec.structs.fields(cls):
            hint = hints.get(info.name)
            metas = _top_metas(hint, msgspec.Meta)
            description = next((m.description for m in metas if m.description), None)
            metadata: dict[str, Any] = {"description": description} if description else {}
            if any(isinstance(m.extra, dict) and m.extra.get("sensitive") is True for m in metas):
                metadata["sensitive"] = True  # msgspec.Meta(extra={"sensitive": True})
            field = self.field(
                cls,
                info.name,
                info.name,
                hint,
                default=MISSING if info.default is msgspec.NODEFAULT else info.default,
                factory=(
                    None if info.default_factory is msgspec.NODEFAULT else info.default_factory
                ),
                metadata=metadata or None,
            )
            marker = field.marker
            hcl_name = info.encode_name if marker is None else marker.hcl_name(info.encode_name)
            found.append(attrs.evolve(field, hcl_name=hcl_name))
            if _holds_meta(hint, msgspec.Meta):
                try:
                    msgspec.inspect.type_info(hint)
                except TypeError as exc:
                    raise TypeError(
                        f"{cls.__qualname__}.{info.name}: msgspec cannot check its "
                        f"constraints: {exc}"
                    ) from None
                checks[info.name] = hint
        with self._lock:
            self._checks[cls] = checks
        return found

    def construct(self, cls: type, kwargs: dict[str, Any]) -> Any:
        msgspec = _module()
        with self._lock:
            checks = self._checks.get(cls)
        if checks is None:  # the class's fields were not read through this kind
            self.fields(cls, typing.get_type_hints(cls, include_extras=True))
            checks = self._checks.get(cls, {})
        problems = []
        for name, value in kwargs.items():
            hint = checks.get(name)
            if hint is None:
                continue
            try:
                msgspec.convert(value, hint)
            except msgspec.ValidationError as exc:
                problems.append(validation_problem(raw_text(exc), name))
        if problems:
            raise InvalidFields(problems)
        return cls(**kwargs)


def _top_metas(hint: Any, meta: type) -> list[Any]:
    """The ``Meta`` objects of the field's own ``Annotated``."""
    if typing.get_origin(hint) is typing.Annotated:
        return [m for m in hint.__metadata__ if isinstance(m, meta)]
    return []


MSGSPEC_STRUCTS: ClassKind = _Structs()
"""msgspec ``Struct`` classes: their fields, by ``encode_name``, constraints checked."""
