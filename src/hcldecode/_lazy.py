"""Public names of a package whose modules load when a name is first used.

A package lists such names with the module (relative to the package) that
defines each, and makes :func:`lazy_names` of the list its module
``__getattr__`` (PEP 562); a program that never uses the names never
imports their modules. Each package also imports the names under
``TYPE_CHECKING``, for type checkers.

A package may also list names that have moved to another public package:
using one warns (:class:`DeprecationWarning`) and gives the name from its
new package, which is imported then. This is how an old import path keeps
working for a release after a move; it is the only way a package reaches a
package of a higher layer, and only by name, at run time.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, modules: Mapping[str, str], moved: Mapping[str, str] | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that gives ``name`` from the module
    ``modules[name]`` (relative to the package), importing it the first time; or,
    for a name in ``moved``, from the package ``moved[name]`` (an absolute name),
    with a :class:`DeprecationWarning` saying where it has moved."""
    moved = moved or {}

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is not None:
            return getattr(import_module(f".{module}", package), name)
        target = moved.get(name)
        if target is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        warnings.warn(
            f"{package}.{name} has moved to {target}; import it from {target}.{name} "
            "(the old path will be removed in a later release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(import_module(target), name)

    return __getattr__
