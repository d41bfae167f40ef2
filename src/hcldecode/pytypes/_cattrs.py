"""A cattrs converter as the last rule of a :class:`PythonTypes` table.

A ``PythonTypes`` given a converter hands it each annotation that no rule of
its own handles, or that a built-in rule refuses (``dict[int, str]``, a class
that contains itself): :func:`converter_lowering` makes the lowering of such
an annotation from the converter's structure hook. Values are made plain
Python and given to the hook, and objects go back through the converter's
unstructure hook.

Which HCL type the values are converted to first is the hook's to say: when
its first parameter is annotated with a type that hcldecode's built-in rules
know (``def structure_money(text: str, cls: type) -> Money``), values are
converted to that type's HCL type and given to the hook as that type; else
any value is accepted (the dynamic pseudo-type) and given as plain Python.

It imports cattrs only when asked for a lowering, that is when a converter
has been given.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from collections.abc import Callable
from typing import Any

from ..values._types import DYNAMIC
from ..values._value import Value
from ._lower_errors import LowerErrors
from ._lowering import LeafLowering, Lowering, plain, structured

__all__ = ["converter_lowering"]


def converter_lowering(
    converter: Any,
    annotation: Any,
    nullable: bool,
    plan: Callable[[Any], Lowering],
) -> Lowering | None:
    """The lowering of ``annotation`` by ``converter``'s structure hook, or ``None``
    when the converter has no hook for it.

    ``plan`` plans the annotation of the hook's first parameter, by
    hcldecode's built-in rules only (so that it cannot come back here).

    ``converter`` is a ``cattrs.BaseConverter``; cattrs is imported by name, not
    statically, so that the package type-checks (and compiles) without it.
    """
    errors: Any = importlib.import_module("cattrs.errors")  # there: a converter is given
    try:
        hook = converter.get_structure_hook(annotation)
    except errors.StructureHandlerNotFoundError:
        return None
    given = _parameter_lowering(hook, plan)

    def leaf(value: Value, tp: Any) -> Any:
        if given is None:
            obj = plain(value)
        else:
            obj, errors = given.lower(value)
            if errors:
                raise LowerErrors(errors)
        return structured(lambda o: hook(o, tp), obj)

    def unstructure(obj: Any) -> Any:
        return converter.unstructure(obj, unstructure_as=annotation)

    return LeafLowering(
        DYNAMIC if given is None else given.hcl_type,
        nullable,
        leaf,
        annotation,
        whole=True,
        unstructure=unstructure,
    )


def _parameter_lowering(
    hook: Callable[..., Any], plan: Callable[[Any], Lowering]
) -> Lowering | None:
    """The lowering of the annotation of ``hook``'s first parameter, if it has one
    (other than ``Any``) that hcldecode's built-in rules know."""
    try:
        first = next(iter(inspect.signature(hook).parameters.values()))
        annotation = typing.get_type_hints(hook).get(first.name)
    except Exception:  # no signature, or annotations that do not resolve
        return None
    if annotation is None or annotation is Any or annotation is object:
        return None
    try:
        return plan(annotation)
    except TypeError:
        return None
