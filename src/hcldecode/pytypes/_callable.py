"""Functions made from plain Python callables, typed by their annotations."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any, overload

from ..values._function import Function, FunctionArgError, Parameter, error_message, refine_not_null
from ..values._types import DYNAMIC, Type
from ..values._value import Value
from ._rules import DEFAULT_TYPES, PythonTypes, nullable

__all__ = ["function"]


@overload
def function(
    fn: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    types: PythonTypes | None = None,
    sensitive: bool = False,
) -> Function: ...
@overload
def function(
    fn: None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    types: PythonTypes | None = None,
    sensitive: bool = False,
) -> Callable[[Callable[..., Any]], Function]: ...
def function(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    types: PythonTypes | None = None,
    sensitive: bool = False,
) -> Function | Callable[[Callable[..., Any]], Function]:
    """Make an HCL :class:`Function` from a Python callable; usable as a decorator.

    Each positional parameter becomes an HCL parameter of the same name
    whose type comes from its annotation, read by ``types`` (the values
    layer's plan of Python types; by default the built-in types), the same
    plan that class fields and variables follow: ``str`` is string; ``int``,
    ``float``, ``Decimal`` and ``Fraction`` are number;
    ``bool`` is bool; paths, dates, ``Enum`` and ``Literal`` types their
    values' types; ``list[T]``, ``set[T]``, ``dict[str, T]``, ``tuple[A, B]``
    and the rest the matching collection or structural types; ``Any``,
    ``object`` or no annotation is any type. ``T | None`` lets the argument
    be null (the callable then receives ``None``). A ``*args`` parameter
    becomes the variadic parameter.

    Arguments reach the callable as Python objects made by
    :func:`~hcldecode.values.to_python` with the
    annotation as a guide (an ``int`` parameter given ``1.5`` is an
    ``Invalid function argument`` error); a parameter annotated
    :class:`~hcldecode.values.Value` receives the HCL value itself,
    null, unknown and dynamic values included. Unknown arguments never reach
    other parameters: the result is then unknown.

    The return annotation gives the result type (an unknown result is known
    not to be null unless the annotation allows ``None``), and the returned object is
    converted to it with :func:`~hcldecode.values.to_value`
    (no annotation, ``Any`` or ``Value``: the type of whatever is returned). An exception
    raised by the callable becomes an ``Error in function call`` diagnostic
    with the exception's message.

    Keyword-only parameters with defaults and ``**kwargs`` are left out: HCL
    never passes them.

    Args:
        fn: The callable. Leave it out to use ``function(...)`` as a decorator
            factory: ``@function(name="upper")``.
        name: The name used in the messages of the ``TypeError`` below; by
            default the callable's ``__name__``.
        description: The function's description; by default the callable's
            docstring.
        types: How annotations are read and arguments and results converted;
            by default the built-in types.
        sensitive: The result is sensitive (marked with
            :data:`~hcldecode.SENSITIVE`), as of a function that reads a
            secret (see :attr:`Function.sensitive <hcldecode.values.Function>`).

    Returns:
        The :class:`Function`; without ``fn``, a decorator that makes it.

    Raises:
        TypeError: ``fn`` is not callable or its signature cannot be read; a
            positional parameter has a default value; a keyword-only
            parameter has no default; an annotation has no HCL equivalent.
            These are mistakes of the calling program, raised at creation.
    """
    if fn is None:
        return lambda f: function(
            f, name=name, description=description, types=types, sensitive=sensitive
        )
    made = _from_callable(fn, name, description, types if types is not None else DEFAULT_TYPES)
    made.sensitive = bool(sensitive)  # a new function, not shared yet
    return made


class _Lowering:
    """How one Python parameter receives its HCL argument."""

    __slots__ = ("annotation", "passthrough")

    def __init__(self, annotation: Any, passthrough: bool) -> None:
        self.annotation = annotation
        self.passthrough = passthrough


def _from_callable(
    fn: Callable[..., Any], name: str | None, description: str | None, types: PythonTypes
) -> Function:
    label: str = name or getattr(fn, "__name__", None) or repr(fn)
    if not callable(fn):
        raise TypeError(f"function {label!r}: {fn!r} is not callable")
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError) as error:
        raise TypeError(f"function {label!r}: cannot read its signature ({error})") from error
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # unresolvable annotations: read them as written
        hints = {}
    params: list[Parameter] = []
    var_param: Parameter | None = None
    lowerings: list[_Lowering] = []
    var_lowering: _Lowering | None = None
    for p in signature.parameters.values():
        annotation = hints.get(p.name, p.annotation)
        if p.kind is p.VAR_KEYWORD or (p.kind is p.KEYWORD_ONLY and p.default is not p.empty):
            continue
        if p.kind is p.KEYWORD_ONLY:
            raise TypeError(
                f"function {label!r}: keyword-only parameter {p.name!r} cannot be given in HCL"
            )
        if p.default is not p.empty:
            raise TypeError(
                f"function {label!r}: parameter {p.name!r} has a default value, "
                "but HCL functions have no optional parameters (use *args)"
            )
        param, lowering = _parameter(label, p.name, annotation, types)
        if p.kind is p.VAR_POSITIONAL:
            var_param, var_lowering = param, lowering
        else:
            params.append(param)
            lowerings.append(lowering)
    return_annotation = hints.get("return", signature.return_annotation)
    result_type = _result_type(label, return_annotation, types)

    def impl(args: Sequence[Value], ret: Type) -> Value:
        python_args = []
        for index, arg in enumerate(args):
            lowering = lowerings[index] if index < len(lowerings) else var_lowering
            assert lowering is not None
            if lowering.passthrough:
                python_args.append(arg)
                continue
            try:
                python_args.append(types.to_python(arg, lowering.annotation))
            except ValueError as error:
                raise FunctionArgError(index, error_message(error)) from error
        return types.to_value(fn(*python_args), ret)

    doc = description if description is not None else inspect.getdoc(fn) or ""
    never_null = result_type != DYNAMIC and not nullable(return_annotation)
    return Function(
        params,
        var_param,
        return_type=result_type,
        impl=impl,
        description=doc,
        refine_result=refine_not_null if never_null else None,
    )


def _parameter(
    label: str, name: str, annotation: Any, types: PythonTypes
) -> tuple[Parameter, _Lowering]:
    if annotation is Value:
        return (
            Parameter(name, DYNAMIC, allow_null=True, allow_unknown=True, allow_dynamic_type=True),
            _Lowering(annotation, passthrough=True),
        )
    if annotation is inspect.Parameter.empty:
        annotation = Any
    try:
        t = types.hcl_type(annotation)
    except TypeError as error:
        raise TypeError(f"function {label!r}, parameter {name!r}: {error}") from error
    allow_null = nullable(annotation)
    return Parameter(name, t, allow_null=allow_null), _Lowering(annotation, passthrough=False)


def _result_type(label: str, annotation: Any, types: PythonTypes) -> Type:
    if annotation is inspect.Signature.empty or annotation is Value:
        return DYNAMIC
    try:
        return types.hcl_type(annotation)
    except TypeError as error:
        raise TypeError(f"function {label!r}, return annotation: {error}") from error
