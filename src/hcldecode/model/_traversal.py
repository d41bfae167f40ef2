"""Traversals: a variable and the path of attributes and indexes taken from it.

``var.port`` is the traversal ``[Root("var"), Attr("port")]``. Expressions
report the traversals they need through ``Expression.variables()``, so that
an application can build only the variables a configuration uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

import attrs

from .._record import Record
from .._text import go_quote, suggest
from ..values._convert import convert
from ..values._types import BOOL, NUMBER, STRING
from ..values._value import DYNAMIC_VALUE, Value
from ._diagnostics import Diagnostic, Diagnostics, Range
from ._ops import get_attr, index

if TYPE_CHECKING:
    from ._context import EvalContext

__all__ = [
    "Traversal",
    "TraverseAttr",
    "TraverseIndex",
    "TraverseRoot",
    "TraverseSplat",
    "Traverser",
    "traversal_str",
]


@attrs.frozen(eq=False, repr=False)
class TraverseRoot(Record):
    """The variable a traversal starts from.

    Attributes:
        name: The variable's name.
        range: The name in the source (ignored by equality).
    """

    name: str
    range: Range = attrs.field(eq=False)


@attrs.frozen(eq=False, repr=False)
class TraverseAttr(Record):
    """``.name``: an attribute of the value so far.

    Attributes:
        name: The attribute's name.
        range: The step in the source (ignored by equality).
    """

    name: str
    range: Range = attrs.field(eq=False)


@attrs.frozen(eq=False, repr=False)
class TraverseIndex(Record):
    """``[key]`` (or the legacy ``.0``) with a constant key.

    Attributes:
        key: The key, a known value.
        range: The step in the source (ignored by equality).
    """

    key: Value
    range: Range = attrs.field(eq=False)


@attrs.frozen(eq=False, repr=False)
class TraverseSplat(Record):
    """``[*]``: the remaining steps apply to each element.

    Attributes:
        each: The relative traversal applied to each element.
        range: The step in the source (ignored by equality).
    """

    each: Traversal
    range: Range = attrs.field(eq=False)


Traverser = TraverseRoot | TraverseAttr | TraverseIndex | TraverseSplat


class Traversal(Sequence[Traverser]):
    """An immutable sequence of traversal steps.

    An *absolute* traversal starts with a :class:`TraverseRoot`; a *relative*
    one does not and applies to a value given later. Slicing gives a
    ``Traversal``, ``+`` joins two, ``str()`` writes it in HCL syntax.

    Args:
        steps: The steps, in order (kept as a tuple).
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
        """Whether the traversal does not start with a :class:`TraverseRoot`."""
        return not self._steps or not isinstance(self._steps[0], TraverseRoot)

    @property
    def root_name(self) -> str:
        """The name of the variable an absolute traversal starts from.

        Raises:
            TypeError: The traversal is relative.
        """
        first = self._steps[0] if self._steps else None
        if not isinstance(first, TraverseRoot):
            raise TypeError("a relative traversal has no root name")
        return first.name

    @property
    def range(self) -> Range:
        """The source range from the first step to the last.

        Raises:
            TypeError: The traversal is empty.
        """
        if not self._steps:
            raise TypeError("an empty traversal has no range")
        return self._steps[0].range.through(self._steps[-1].range)

    def split(self) -> tuple[Traversal, Traversal]:
        """The root step alone, and the relative rest.

        Returns:
            ``(root, rest)``: a traversal of the first step (empty when this
            one is), and one of the other steps.
        """
        return Traversal(self._steps[:1]), Traversal(self._steps[1:])

    def traverse_abs(self, ctx: EvalContext | None) -> tuple[Value, Diagnostics]:
        """Look the root variable up in a context and apply the other steps.

        Args:
            ctx: Where the variable is looked up; ``None`` for literal-only
                mode.

        Returns:
            ``(value, diagnostics)``. When no context defines the root name,
            the context's undefined-variable hook, if it has one, is asked
            for the value of the whole traversal (see
            :class:`~hcldecode.model.EvalContext`); when there is none or it
            returns ``None``: with no variable table anywhere in the
            context chain (``ctx`` ``None`` included) the error is
            ``Variables not allowed``; with tables but no such name,
            ``Unknown variable`` with a "Did you mean" suggestion. Both point
            at the root name. Evaluation stops at the first step with an
            error, and the value is then the unknown value of the dynamic
            pseudo-type.

        Raises:
            TypeError: The traversal is relative, or has a splat step; the
                hook returned an object with no HCL form.
        """
        if self.is_relative:
            raise TypeError("traverse_abs needs an absolute traversal")
        root, rest = self.split()
        step = root[0]
        assert isinstance(step, TraverseRoot)
        name = step.name
        value = ctx.lookup_variable(name) if ctx is not None else None
        if value is not None:
            return rest.traverse_rel(value)
        resolved = ctx._resolve_undefined(self) if ctx is not None else None
        if resolved is not None:
            return resolved
        if ctx is None or not ctx.has_variables:
            summary, detail = "Variables not allowed", "Variables may not be used here."
        else:
            summary, detail = "Unknown variable", f"There is no variable named {go_quote(name)}."
            suggestion = suggest(name, ctx.variable_names())
            if suggestion is not None:
                detail += f" Did you mean {go_quote(suggestion)}?"
        return DYNAMIC_VALUE, Diagnostics([Diagnostic.error(summary, detail, step.range)])

    def traverse_rel(self, value: Value) -> tuple[Value, Diagnostics]:
        """Apply this relative traversal to a value, stopping at the first error.

        Args:
            value: The value the first step applies to.

        Returns:
            ``(value, diagnostics)``: an impossible step (a missing
            attribute, an index out of range) is an error diagnostic, and the
            value is then the unknown value of the dynamic pseudo-type.

        Raises:
            TypeError: The traversal is absolute, or has a splat step (only
                made by an application, never by parsing), as in the
                reference.
        """
        if not self.is_relative:
            raise TypeError("traverse_rel needs a relative traversal")
        diags = Diagnostics()
        current = value
        for step in self._steps:
            if isinstance(step, TraverseAttr):
                current, step_diags = get_attr(current, step.name, step.range)
            elif isinstance(step, TraverseIndex):
                current, step_diags = index(current, step.key, step.range)
            else:
                raise TypeError("splat steps cannot be applied by a traversal")
            diags.extend(step_diags)
            if step_diags.has_errors():
                return DYNAMIC_VALUE, diags
        return current, diags

    def __str__(self) -> str:
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


def _key_text(key: Value) -> str:
    """A primitive key as HCL would write it; ``...`` for anything bigger."""
    t = key.type
    if key.is_null:
        return "null"
    if not key.is_known:
        return "(not yet known)"
    if t == STRING:
        return go_quote(key.as_str())
    if t in (NUMBER, BOOL):
        return convert(key, STRING).as_str()
    return "..."


def traversal_str(traversal: Traversal, key_text: Callable[[Value], str] | None = None) -> str:
    """The traversal in HCL syntax, as diagnostics show it: ``var.list[0]["k"]``.

    Index keys are written by ``key_text``, by default as HCL literals
    (strings quoted, numbers in full), with ``...`` for keys that are not
    of a primitive type. Splat steps are written ``[*]``.
    """
    write = key_text or _key_text
    parts: list[str] = []
    for step in traversal:
        if isinstance(step, TraverseRoot):
            parts.append(step.name)
        elif isinstance(step, TraverseAttr):
            parts.append(f".{step.name}")
        elif isinstance(step, TraverseIndex):
            parts.append(f"[{write(step.key)}]")
        else:
            parts.append("[*]" + traversal_str(step.each, write))
    return "".join(parts)
