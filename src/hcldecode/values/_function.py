"""Functions callable from HCL expressions, and the rules of a call.

A :class:`Function` has positional :class:`Parameter` objects, an optional
variadic parameter, a result type (fixed, or computed from the arguments)
and an implementation. :meth:`Function.call` applies the rules of HCL's
information model (those of go-cty, the reference implementation), in
order:

1. the number of arguments must fit the parameters;
2. a null argument for a parameter that does not allow nulls is an error
   (``argument must not be null``);
3. an argument of the dynamic pseudo-type for a parameter that does not
   allow it makes the result type dynamic without asking the function;
4. an argument whose type does not match the parameter's type
   specification is an error;
5. an unknown argument for a parameter that does not allow unknowns makes
   the result an unknown value of the result type, without calling the
   implementation.

Errors are raised as :class:`FunctionArgError` (about one argument) or
:class:`FunctionError`. The syntaxes do not call :meth:`Function.call`
directly: they use :func:`evaluate_call` (argument expressions, evaluated
in the reference's order) or :func:`call_function` (argument values), which
convert each argument to its parameter's type first and turn every problem
into the reference's diagnostics.

:func:`function` makes a :class:`Function` out of a plain Python callable,
with parameter and result types taken from its annotations.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

import attrs

from ..model._diagnostics import Diagnostic, Diagnostics, Pos, Range
from ._convert import ConversionError, convert
from ._python import is_optional_annotation, to_python, to_value, type_for_annotation
from ._types import DYNAMIC, ListType, SetType, TupleType, Type, go_quote
from ._value import DYNAMIC_VALUE, Value

if typing.TYPE_CHECKING:
    from ..model._context import EvalContext
    from ..model._structure import Expression

__all__ = [
    "Function",
    "FunctionArgError",
    "FunctionCallDiagExtra",
    "FunctionError",
    "Parameter",
    "call_function",
    "evaluate_call",
    "function",
]


# --------------------------------------------------------------------------- definitions


@attrs.frozen
class Parameter:
    """One parameter of a :class:`Function`.

    ``name`` appears in diagnostics (``Invalid value for "str" parameter``);
    ``type`` is a type *specification*: the dynamic pseudo-type inside it
    accepts any type. The three flags say whether null values, unknown
    values and values of the dynamic pseudo-type reach the function.
    """

    name: str
    type: Type = attrs.field(validator=attrs.validators.instance_of(Type))
    allow_null: bool = attrs.field(default=False, kw_only=True)
    allow_unknown: bool = attrs.field(default=False, kw_only=True)
    allow_dynamic_type: bool = attrs.field(default=False, kw_only=True)
    description: str = attrs.field(default="", kw_only=True)


class FunctionError(Exception):
    """A function call failed; ``message`` is the reason, as a sentence fragment."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FunctionArgError(FunctionError):
    """A function call failed because of the argument at ``index`` (0-based, variadic included)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


ReturnType = Type | Callable[[Sequence[Value]], Type]
"""A fixed result type, or a function of the argument values giving it."""
Impl = Callable[[Sequence[Value], Type], Value]
"""The implementation: argument values and the result type in, the result out."""


class Function:
    """A function for HCL expressions.

    ``return_type`` is the result type, or a callable that computes it from
    the argument values (which may be unknown); it may raise
    :class:`FunctionError` / :class:`FunctionArgError` to reject arguments.
    ``impl`` receives the argument values (variadic ones included) and the
    result type, and returns a value of that type. Any exception escaping
    either callable becomes a :class:`FunctionError`, as go-cty turns panics
    into errors, so a broken function never crashes an evaluation.
    """

    __slots__ = ("_impl", "_return_type", "description", "params", "var_param")

    def __init__(
        self,
        params: Sequence[Parameter],
        var_param: Parameter | None = None,
        *,
        return_type: ReturnType,
        impl: Impl,
        description: str = "",
    ) -> None:
        self.params: tuple[Parameter, ...] = tuple(params)
        for param in (*self.params, var_param):
            if param is not None and not isinstance(param, Parameter):
                raise TypeError(f"function parameters must be Parameter, not {param!r}")
        if not (isinstance(return_type, Type) or callable(return_type)):
            raise TypeError(f"return_type must be a Type or a callable, not {return_type!r}")
        self.var_param = var_param
        self.description = description
        self._return_type = return_type
        self._impl = impl

    def __repr__(self) -> str:
        names = [p.name for p in self.params]
        if self.var_param is not None:
            names.append(f"{self.var_param.name}...")
        return f"<Function({', '.join(names)})>"

    def param_for(self, index: int) -> Parameter | None:
        """The parameter that argument number ``index`` belongs to, or ``None``."""
        return self.params[index] if index < len(self.params) else self.var_param

    def return_type_for(self, args: Sequence[Value]) -> Type:
        """The result type of a call with ``args`` (rules 1 to 4 of the module docstring)."""
        fixed = len(self.params)
        if self.var_param is None and len(args) != fixed:
            raise FunctionError(f"wrong number of arguments ({fixed} required; {len(args)} given)")
        if len(args) < fixed:
            raise FunctionError(
                f"wrong number of arguments (at least {fixed} required; {len(args)} given)"
            )
        for index, arg in enumerate(args):
            param = self.param_for(index)
            assert param is not None
            if arg.is_null and not param.allow_null:
                raise FunctionArgError(index, "argument must not be null")
            if arg.type == DYNAMIC:
                if not param.allow_dynamic_type:
                    return DYNAMIC
            elif not arg.type.matches(param.type):
                raise FunctionArgError(
                    index,
                    f"{param.type.friendly_name()} required, "
                    f"but received {arg.type.friendly_name()}",
                )
        if isinstance(self._return_type, Type):
            return self._return_type
        return _guarded(self._return_type, args)

    def call(self, args: Sequence[Value]) -> Value:
        """Call the function with ``args`` (already of the parameters' types).

        Raises :class:`FunctionError` or :class:`FunctionArgError`; a result
        that does not match the result type is a bug of the function and
        raises ``TypeError``.
        """
        result_type = self.return_type_for(args)
        for index, arg in enumerate(args):
            param = self.param_for(index)
            assert param is not None
            if not arg.is_known and not param.allow_unknown:
                return Value.unknown(result_type)
        result = _guarded(self._impl, args, result_type)
        if not isinstance(result, Value) or not result.type.matches(result_type):
            raise TypeError(
                f"function {self!r} returned {result!r}, which is not of its result type "
                f"{result_type}"
            )
        return result


_R = TypeVar("_R")


def _guarded(fn: Callable[..., _R], *args: Any) -> _R:
    """Call ``fn``; any exception but a :class:`FunctionError` becomes one."""
    try:
        return fn(*args)
    except FunctionError:
        raise
    except Exception as error:
        raise FunctionError(_message(error)) from error


def _message(error: BaseException) -> str:
    return str(error) or type(error).__name__


# --------------------------------------------------------------------------- calls with diagnostics


@attrs.frozen
class FunctionCallDiagExtra:
    """The ``extra`` of call diagnostics: the function's name and the error it raised, if any."""

    called_function_name: str
    function_call_error: FunctionError | None = None


@attrs.frozen
class _Argument:
    """One argument of a call: an expression still to evaluate, or a value."""

    subject: Range
    expr: Expression | None = None
    value: Value | None = None


@attrs.frozen
class _Call:
    """A call site: what every diagnostic of one call needs."""

    name: str
    fn: Function
    call_range: Range
    start_range: Range
    close_range: Range
    ctx: EvalContext | None
    expression: Expression | None

    def error(
        self,
        summary: str,
        detail: str,
        subject: Range,
        *,
        context: bool = True,
        expression: Expression | None = None,
        failure: FunctionError | None = None,
    ) -> Diagnostic:
        return Diagnostic.error(
            summary,
            detail,
            subject,
            self.call_range if context else None,
            expression=expression,
            eval_context=self.ctx,
            extra=FunctionCallDiagExtra(self.name, failure),
        )

    def expand(
        self,
        arguments: list[_Argument],
        final: Value,
        final_range: Range,
        final_expr: Expression | None,
    ) -> tuple[list[_Argument] | None, Diagnostics]:
        """Replace the last argument by one argument per element of ``final`` (``f(x...)``).

        ``None`` means the call cannot proceed; the diagnostics say why (none
        when the result is merely unknown).
        """
        diags = Diagnostics()
        t = final.type
        if t != DYNAMIC and not isinstance(t, (ListType, SetType, TupleType)):
            detail = (
                "The expanding argument (indicated by ...) must be of a tuple, list, or set type."
            )
        elif final.is_null:
            detail = "The expanding argument (indicated by ...) must not be null."
        elif t == DYNAMIC or not final.is_known:
            return None, diags
        else:
            expanded = [_Argument(final_range, value=e) for e in final.elements()]
            return arguments[:-1] + expanded, diags
        diags.append(
            self.error(
                "Invalid expanding argument value", detail, final_range, expression=final_expr
            )
        )
        return None, diags

    def count_error(self, arguments: Sequence[_Argument]) -> Diagnostic | None:
        """The diagnostic for too few or too many arguments, if so."""
        params, var_param = self.fn.params, self.fn.var_param
        quoted = go_quote(self.name)
        if len(arguments) < len(params):
            qualifier = " at least" if var_param is not None else ""
            return self.error(
                "Not enough function arguments",
                f"Function {quoted} expects{qualifier} {len(params)} argument(s). "
                f"Missing value for {go_quote(params[len(arguments)].name)}.",
                self.close_range,
                expression=self.expression,
            )
        if var_param is None and len(arguments) > len(params):
            return self.error(
                "Too many function arguments",
                f"Function {quoted} expects only {len(params)} argument(s).",
                arguments[len(params)].subject,
                expression=self.expression,
            )
        return None

    def run(self, arguments: Sequence[_Argument]) -> tuple[Value, Diagnostics]:
        """Evaluate and convert the arguments in order, then call the function."""
        diags = Diagnostics()
        values: list[Value] = []
        for index, argument in enumerate(arguments):
            param = self.fn.param_for(index)
            assert param is not None
            if argument.expr is not None and argument.value is None:
                value, arg_diags = argument.expr.value(self.ctx)
                diags.extend(arg_diags)
            else:
                assert argument.value is not None
                value = argument.value
            try:
                value = convert(value, param.type)
            except ConversionError as error:
                diags.append(
                    self.error(
                        "Invalid function argument",
                        f"Invalid value for {go_quote(param.name)} parameter: {error}.",
                        argument.subject,
                        expression=argument.expr,
                    )
                )
            values.append(value)
        if diags.has_errors():
            return DYNAMIC_VALUE, diags
        try:
            return self.fn.call(values), diags
        except FunctionError as failure:
            diags.append(self.failure(failure, arguments))
            return DYNAMIC_VALUE, diags

    def failure(self, failure: FunctionError, arguments: Sequence[_Argument]) -> Diagnostic:
        """The diagnostic for an error raised by the function itself."""
        param = None
        if isinstance(failure, FunctionArgError):
            param = self.fn.param_for(failure.index)
        if param is None:
            return self.error(
                "Error in function call",
                f"Call to function {go_quote(self.name)} failed: {failure.message}.",
                self.start_range,
                expression=self.expression,
                failure=failure,
            )
        detail = f"Invalid value for {go_quote(param.name)} parameter: {failure.message}."
        assert isinstance(failure, FunctionArgError)
        if failure.index < len(arguments):
            argument = arguments[failure.index]
            return self.error(
                "Invalid function argument",
                detail,
                argument.subject,
                expression=argument.expr,
                failure=failure,
            )
        # The function blamed a variadic argument that was not given.
        return self.error(
            "Invalid function argument",
            detail,
            self.call_range,
            context=False,
            expression=self.expression,
            failure=failure,
        )


def _site(  # noqa: PLR0917 (the public calls' parameters, passed on in their order)
    name: str,
    fn: Function,
    ctx: EvalContext | None,
    expression: Expression | None,
    call_range: Range,
    name_range: Range,
    open_paren_range: Range | None,
    close_paren_range: Range | None,
) -> _Call:
    if open_paren_range is None:
        end = name_range.end
        open_paren_range = Range(
            name_range.filename, end, Pos(end.line, end.column + 1, end.byte + 1)
        )
    if close_paren_range is None:
        end = call_range.end
        close_paren_range = Range(
            call_range.filename, Pos(end.line, end.column - 1, end.byte - 1), end
        )
    return _Call(
        name,
        fn,
        call_range,
        name_range.through(open_paren_range),
        close_paren_range,
        ctx,
        expression,
    )


def evaluate_call(
    name: str,
    fn: Function,
    arg_exprs: Sequence[Expression],
    ctx: EvalContext | None,
    *,
    call_range: Range,
    name_range: Range,
    open_paren_range: Range,
    close_paren_range: Range,
    expand_final: bool = False,
    expression: Expression | None = None,
) -> tuple[Value, Diagnostics]:
    """Evaluate a function call from its argument expressions, exactly as the reference does.

    This is what a syntax's call expression uses once it has found ``fn``
    (looking up the name, and the ``Function calls not allowed`` / ``Call
    to unknown function`` diagnostics, stay with the syntax). The order is
    the reference's: with ``expand_final`` (``f(a, b...)``) the last
    argument is evaluated first and expanded into one argument per element
    (errors in it, or an unknown or dynamic value, end the call there); then
    the number of arguments is checked (other arguments are not evaluated
    when it is wrong); then each argument is evaluated and converted to its
    parameter's type; the function is called only if all this found no
    error. On any error the result is :data:`DYNAMIC_VALUE`.

    Ranges: ``call_range`` is the whole call (the ``context`` of the
    diagnostics), ``name_range`` the function name, the paren ranges the
    one-character ``(`` and ``)``. Each argument's diagnostics point at its
    ``start_range``; ``expression`` (the call expression) and ``ctx`` are
    recorded in the diagnostics for renderers.
    """
    site = _site(
        name, fn, ctx, expression, call_range, name_range, open_paren_range, close_paren_range
    )
    arguments = [_Argument(e.start_range, expr=e) for e in arg_exprs]
    if not expand_final:
        return _complete(site, arguments, None, Diagnostics())
    if not arg_exprs:
        raise TypeError("expand_final needs at least one argument")
    final_expr = arg_exprs[-1]
    final, final_diags = final_expr.value(ctx)
    diags = Diagnostics(final_diags)
    if diags.has_errors():
        return DYNAMIC_VALUE, diags
    return _complete(site, arguments, (final, final_expr.range, final_expr), diags)


def call_function(
    name: str,
    fn: Function,
    args: Sequence[Value],
    *,
    call_range: Range,
    name_range: Range,
    arg_ranges: Sequence[Range],
    open_paren_range: Range | None = None,
    close_paren_range: Range | None = None,
    ctx: EvalContext | None = None,
    expand_final: bool = False,
    expand_range: Range | None = None,
    expression: Expression | None = None,
) -> tuple[Value, Diagnostics]:
    """Call ``fn`` with argument values already evaluated, with the reference's diagnostics.

    The same procedure as :func:`evaluate_call` minus the evaluation:
    ``arg_ranges[i]`` is where diagnostics about argument ``i`` point (the
    reference uses each argument expression's start range). With
    ``expand_final`` the last value is expanded (``f(a, b...)``) and
    ``expand_range`` (default: the last argument range) is the range of the
    whole expanding expression. When the paren ranges are not given they
    are taken to be the character after the name and the last character of
    the call. A caller that evaluates its own arguments should prefer
    :func:`evaluate_call`, which keeps the reference's order of evaluation
    and diagnostics.
    """
    if len(arg_ranges) != len(args):
        raise TypeError("call_function needs one range per argument")
    site = _site(
        name, fn, ctx, expression, call_range, name_range, open_paren_range, close_paren_range
    )
    arguments = [_Argument(r, value=v) for v, r in zip(args, arg_ranges, strict=True)]
    if not expand_final:
        return _complete(site, arguments, None, Diagnostics())
    if not args:
        raise TypeError("expand_final needs at least one argument")
    final_range = expand_range if expand_range is not None else arg_ranges[-1]
    return _complete(site, arguments, (args[-1], final_range, None), Diagnostics())


def _complete(
    site: _Call,
    arguments: list[_Argument],
    final: tuple[Value, Range, Expression | None] | None,
    diags: Diagnostics,
) -> tuple[Value, Diagnostics]:
    """Finish a call: expand the ``final`` argument if given, check the count, call.

    ``final`` is the expanding argument's value, range and expression;
    ``diags`` are those found so far (they are dropped after a wrong count).
    """
    if final is not None:
        expanded, expand_diags = site.expand(arguments, *final)
        diags.extend(expand_diags)
        if expanded is None:
            return DYNAMIC_VALUE, diags
        arguments = expanded
    count_error = site.count_error(arguments)
    if count_error is not None:
        return DYNAMIC_VALUE, Diagnostics([count_error])
    value, run_diags = site.run(arguments)
    diags.extend(run_diags)
    return value, diags


# --------------------------------------------------------------------------- from Python callables


@overload
def function(
    fn: Callable[..., Any], *, name: str | None = None, description: str | None = None
) -> Function: ...
@overload
def function(
    fn: None = None, *, name: str | None = None, description: str | None = None
) -> Callable[[Callable[..., Any]], Function]: ...
def function(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
) -> Function | Callable[[Callable[..., Any]], Function]:
    """Make an HCL :class:`Function` from a Python callable; usable as a decorator.

    Each positional parameter becomes an HCL parameter of the same name
    whose type comes from its annotation (see
    :func:`hcldecode.values._python.type_for_annotation`): ``str`` is string;
    ``int``, ``float``, ``Decimal`` and ``Fraction`` are number; ``bool``
    is bool; ``list[T]``, ``set[T]``, ``frozenset[T]``, ``dict[str, T]``,
    ``tuple[A, B]`` and ``tuple[T, ...]`` the matching collection or
    structural types; ``Any`` or no annotation is any type. ``T | None``
    lets the argument be null (the callable then receives ``None``). A
    ``*args`` parameter becomes the variadic parameter.

    Arguments reach the callable as Python objects made by
    :func:`hcldecode.values._python.to_python` with the annotation as a guide
    (an ``int`` parameter given ``1.5`` is an ``Invalid function argument``
    error); a parameter annotated :class:`~hcldecode.values._value.Value` receives
    the HCL value itself, null, unknown and dynamic values included. Unknown
    arguments never reach other parameters: the result is then unknown.

    The return annotation gives the result type, and the returned object is
    converted to it with :func:`hcldecode.values._python.to_value` (no annotation,
    ``Any`` or ``Value``: the type of whatever is returned). An exception
    raised by the callable becomes an ``Error in function call`` diagnostic
    with the exception's message.

    Parameters with default values, keyword-only parameters without
    defaults, and annotations with no HCL equivalent are mistakes of the
    calling program: ``TypeError`` at creation. ``name`` is used in those
    messages; ``description`` defaults to the callable's docstring.
    """
    if fn is None:
        return lambda f: function(f, name=name, description=description)
    return _from_callable(fn, name, description)


@attrs.frozen
class _Lowering:
    """How one Python parameter receives its HCL argument."""

    annotation: Any
    passthrough: bool


def _from_callable(fn: Callable[..., Any], name: str | None, description: str | None) -> Function:
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
        param, lowering = _parameter(label, p.name, annotation)
        if p.kind is p.VAR_POSITIONAL:
            var_param, var_lowering = param, lowering
        else:
            params.append(param)
            lowerings.append(lowering)
    return_annotation = hints.get("return", signature.return_annotation)
    result_type = _result_type(label, return_annotation)

    def impl(args: Sequence[Value], ret: Type) -> Value:
        python_args = []
        for index, arg in enumerate(args):
            lowering = lowerings[index] if index < len(lowerings) else var_lowering
            assert lowering is not None
            if lowering.passthrough:
                python_args.append(arg)
                continue
            try:
                python_args.append(to_python(arg, lowering.annotation))
            except ValueError as error:
                raise FunctionArgError(index, _message(error)) from error
        return to_value(fn(*python_args), ret)

    doc = description if description is not None else inspect.getdoc(fn) or ""
    return Function(params, var_param, return_type=result_type, impl=impl, description=doc)


def _parameter(label: str, name: str, annotation: Any) -> tuple[Parameter, _Lowering]:
    if annotation is Value:
        return (
            Parameter(name, DYNAMIC, allow_null=True, allow_unknown=True, allow_dynamic_type=True),
            _Lowering(annotation, passthrough=True),
        )
    if annotation is inspect.Parameter.empty:
        annotation = Any
    try:
        t = type_for_annotation(annotation)
    except TypeError as error:
        raise TypeError(f"function {label!r}, parameter {name!r}: {error}") from error
    nullable = is_optional_annotation(annotation) or annotation is Any
    return Parameter(name, t, allow_null=nullable), _Lowering(annotation, passthrough=False)


def _result_type(label: str, annotation: Any) -> Type:
    if annotation is inspect.Signature.empty or annotation is Value:
        return DYNAMIC
    try:
        return type_for_annotation(annotation)
    except TypeError as error:
        raise TypeError(f"function {label!r}, return annotation: {error}") from error
