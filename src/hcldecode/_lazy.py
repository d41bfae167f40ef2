"""Public names of a package that load on first use, and old names that still work.

A package lists such names with the module (relative to the package) that
defines each, and makes :func:`lazy_names` of the list its module
``__getattr__`` (PEP 562); a program that never uses the names never
imports their modules. Each package also imports the names under
``TYPE_CHECKING``, for type checkers.

The same ``__getattr__`` keeps names that were moved or renamed working for
one release: each is listed with its new spelling, and using it gives the
object there with a :class:`DeprecationWarning` that names the new spelling.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, modules: Mapping[str, str], deprecated: Mapping[str, str] | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``.

    Args:
        package: the package's ``__name__``.
        modules: each lazily loaded name with the module that defines it,
            relative to the package (``"_lexer"``).
        deprecated: each old name with its new spelling in full
            (``"hcldecode.model.File"``, ``"hcldecode.native.NativeBody"``).

    Returns:
        A function that gives ``name`` from ``modules[name]``, importing that
        module the first time, or the object ``deprecated[name]`` spells after
        a :class:`DeprecationWarning` that names it.

    The returned function raises :class:`AttributeError` for any other name.
    """
    old_names = dict(deprecated or {})

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is not None:
            return getattr(import_module(f".{module}", package), name)
        new = old_names.get(name)
        if new is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warnings.warn(
            f"{package}.{name} is deprecated and will be removed in the next release: use {new}",
            DeprecationWarning,
            stacklevel=2,
        )
        home, _, new_name = new.rpartition(".")
        return getattr(import_module(home), new_name)

    return __getattr__
