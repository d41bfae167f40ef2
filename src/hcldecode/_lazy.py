"""Public names of a package whose modules load when a name is first used.

A package lists such names with the module (relative to the package) that
defines each, and makes :func:`lazy_names` of the list its module
``__getattr__`` (PEP 562); a program that never uses the names never
imports their modules. Each package also imports the names under
``TYPE_CHECKING``, for type checkers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, modules: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that gives ``name`` from the module
    ``modules[name]`` (relative to the package), importing it the first time."""

    def __getattr__(name: str) -> Any:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f".{module}", package), name)

    return __getattr__
