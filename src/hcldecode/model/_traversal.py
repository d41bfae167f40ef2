"""Traversals: a variable and the path of attributes and indexes taken from it.

``var.port`` is the traversal ``[Root("var"), Attr("port")]``. Expressions
report the traversals they need through ``Expression.variables()``, so that
an application can build only the variables a configuration uses.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

import attrs

from ._diagnostics import Diagnostic, Diagnostics, Range

if TYPE_CHECKING:
    from ..values._value import Value
    from ._context import EvalContext

__all__ = [
    "Traversal",
    "TraverseAttr",
    "TraverseIndex",
    "TraverseRoot",
    "TraverseSplat",
    "Traverser",
]


@attrs.frozen
class TraverseRoot:
    """The variable a traversal starts from."""

    name: str
    range: Range = attrs.field(eq=False)


@attrs.frozen
class TraverseAttr:
    """``.name``: an attribute of the value so far."""

    name: str
    range: Range = attrs.field(eq=False)


@attrs.frozen
class TraverseIndex:
    """``[key]`` (or the legacy ``.0``) with a constant key."""

    key: Value
    range: Range = attrs.field(eq=False)


@attrs.frozen
class TraverseSplat:
    """``[*]``: the remaining steps apply to each element."""

    each: Traversal
    range: Range = attrs.field(eq=False)


Traverser = TraverseRoot | TraverseAttr | TraverseIndex | TraverseSplat


class Traversal(Sequence[Traverser]):
    """An immutable sequence of traversal steps.

    An *absolute* traversal starts with a :class:`TraverseRoot`; a *relative*
    one does not and applies to a value given later.
    """

    __slots__ = ("_steps",)

    def __init__(self, steps: Sequence[Traverser] = ()) -> None:
        self._steps: tuple[Traverser, ...] = tuple(steps)

    @overload
    def __getitem__(self, index: int) -> Traverser: ...
    @overload
    def __getitem__(self, index: slice) -> Traversal: ...
    def __getitem__(self, index: int | slice) -> Traverser | Traversal:
        if isinstance(index, slice):
            return Traversal(self._steps[index])
        return self._steps[index]

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Traverser]:
        return iter(self._steps)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Traversal) and self._steps == other._steps

    def __hash__(self) -> int:
        return hash(self._steps)

    def __repr__(self) -> str:
        return f"Traversal({list(self._steps)!r})"

    def __add__(self, other: Traversal) -> Traversal:
        return Traversal(self._steps + other._steps)

    @property
    def is_relative(self) -> bool:
        return not self._steps or not isinstance(self._steps[0], TraverseRoot)

    @property
    def root_name(self) -> str:
        """The name of the variable an absolute traversal starts from."""
        first = self._steps[0] if self._steps else None
        if not isinstance(first, TraverseRoot):
            raise TypeError("a relative traversal has no root name")
        return first.name

    @property
    def range(self) -> Range:
        """The source range from the first step to the last."""
        if not self._steps:
            raise TypeError("an empty traversal has no range")
        return self._steps[0].range.through(self._steps[-1].range)

    def split(self) -> tuple[Traversal, Traversal]:
        """The root step alone, and the relative rest."""
        return Traversal(self._steps[:1]), Traversal(self._steps[1:])

    def traverse_abs(self, ctx: EvalContext | None) -> tuple[Value, Diagnostics]:
        """Look up the root variable in ``ctx`` and apply the remaining steps."""
        from ._ops import traverse_abs

        return traverse_abs(self, ctx)

    def traverse_rel(self, value: Value) -> tuple[Value, Diagnostics]:
        """Apply a relative traversal to ``value``."""
        from ._ops import traverse_rel

        return traverse_rel(self, value)

    def __str__(self) -> str:
        from ._ops import traversal_str

        return traversal_str(self)


def static_traversal_error(subject: Range) -> Diagnostic:
    """The diagnostic for an expression that is not a plain variable reference."""
    return Diagnostic.error(
        "Invalid expression",
        "A single static variable reference is required: only attribute access and "
        "indexing with constant keys. No calculations, function calls, template "
        "expressions, etc are allowed here.",
        subject,
    )
