"""How the standard library functions that take marked arguments handle marks.

go-cty's functions mostly leave marks to the calling rules: an argument is
unmarked, deeply, and the result marked with all its marks
(:class:`~hcldecode.values.Function`). The collection functions whose
parameters allow marks (``length``, ``element``, ``keys``, ``values``,
``merge``, ``concat``, ``flatten``...) take only the *own* marks of those
arguments off, and put them on the result; the marks of the elements stay on
the elements, so ``values(m)`` keeps the marks of each element and
``keys(m)`` those of no element. :func:`outer_marks` gives a function that
behaviour.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence

import attrs

from ..values._function import Function, Parameter
from ..values._types import Type
from ..values._value import Marking, Value

__all__ = ["VARIADIC", "outer_marks"]

VARIADIC = -1
"""Stands for the variadic parameter in :func:`outer_marks`."""


def _unmarked(
    args: Sequence[Value], outer: Collection[int], fixed: int
) -> tuple[list[Value], list[frozenset[Hashable]]]:
    values: list[Value] = []
    marks: list[frozenset[Hashable]] = []
    for index, arg in enumerate(args):
        position = index if index < fixed else VARIADIC
        if position in outer and arg.is_marked:
            plain, found = arg.unmark()
            marks.append(found)
            values.append(plain)
        else:
            values.append(arg)
    return values, marks


def outer_marks(fn: Function, outer: Collection[int], through: Collection[int] = ()) -> Function:
    """``fn`` with parameters that allow marks, handling them as go-cty's collection functions do.

    Args:
        fn: The function.
        outer: Positions of the parameters (:data:`VARIADIC` for the
            variadic one) whose arguments' own marks are taken off before
            ``fn`` sees them and put on its result.
        through: Positions of parameters whose arguments reach ``fn``
            marked, for it to pass on (``lookup``'s default).

    Returns:
        The new function.
    """
    fixed = len(fn.params)
    allowed = set(outer) | set(through)

    def allow(param: Parameter, position: int) -> Parameter:
        return attrs.evolve(param, allow_marked=True) if position in allowed else param

    params = [allow(p, i) for i, p in enumerate(fn.params)]
    var_param = None if fn.var_param is None else allow(fn.var_param, VARIADIC)
    return_type = fn._return_type
    impl = fn._impl

    def result_type(args: Sequence[Value]) -> Type:
        if isinstance(return_type, Type):
            return return_type
        if not Marking.used:
            return return_type(args)
        return return_type(_unmarked(args, outer, fixed)[0])

    def marked_impl(args: Sequence[Value], result: Type) -> Value:
        if not Marking.used:
            return impl(args, result)
        values, marks = _unmarked(args, outer, fixed)
        return impl(values, result).with_marks(*marks)

    return Function(
        params,
        var_param,
        return_type=result_type,
        impl=marked_impl,
        description=fn.description,
        refine_result=fn.refine_result,
    )
