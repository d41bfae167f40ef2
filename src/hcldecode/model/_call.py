"""Function calls with HCL's diagnostics.

A syntax that has found the function a call expression names hands the
call to :func:`evaluate_call` (argument expressions) or
:func:`call_function` (argument values). They evaluate and convert the
arguments in the reference's order and turn every problem, from a wrong
number of arguments to an error raised by the function itself, into the
reference's diagnostics, each carrying a :class:`FunctionCallDiagExtra`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .._text import go_quote
from ..values._convert import ConversionError, convert
from ..values._errors import raw_text
from ..values._function import Function, FunctionArgError, FunctionError
from ..values._types import DYNAMIC, ListType, SetType, TupleType
from ..values._value import DYNAMIC_VALUE, Value
from ._closure import LiteralExpression, closure_argument
from ._diagnostics import Diagnostic, Diagnostics, Pos, Range

if TYPE_CHECKING:
    from ._context import EvalContext
    from ._structure import Expression

__all__ = ["FunctionCallDiagExtra", "call_function", "evaluate_call"]


@attrs.frozen
class FunctionCallDiagExtra:
    """The ``extra`` of call diagnostics: the function's name and the error it raised, if any.

    Attributes:
        called_function_name: The name the function was called by.
        function_call_error: The error the function raised, for the
            diagnostic about it; ``None`` for the others.
    """

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
            # The marks of the collection mark each element (as HCL does).
            final, marks = final.unmark()
            expanded = [_Argument(final_range, value=e.with_marks(marks)) for e in final.elements()]
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
            written = argument.expr if argument.value is None else None
            if written is None and argument.value is not None:  # from f(xs...)
                written = LiteralExpression(argument.value, argument.subject)
            unevaluated = (
                closure_argument(param.type, written, self.ctx) if written is not None else None
            )
            if unevaluated is not None:
                value = unevaluated
            elif argument.expr is not None and argument.value is None:
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
                        f"Invalid value for {go_quote(param.name)} parameter: {raw_text(error)}.",
                        argument.subject,
                        expression=argument.expr,
                    )
                )
            values.append(value)
        if diags.has_errors():
            return DYNAMIC_VALUE, diags
        try:
            limits = self.ctx.limits if self.ctx is not None else None
            return self.fn.call(values, limits=limits), diags
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

    Args:
        name: The name the function is called by, for the diagnostics.
        fn: The function.
        arg_exprs: The argument expressions, in order. Each argument's
            diagnostics point at its ``start_range``.
        ctx: The context the arguments are evaluated in (``None``: literal
            only); its limits bound the call.
        call_range: The whole call (the ``context`` of the diagnostics).
        name_range: The function name.
        open_paren_range: The one-character ``(``.
        close_paren_range: The one-character ``)``.
        expand_final: The call ends in ``...``: expand the last argument.
        expression: The call expression, recorded with ``ctx`` in the
            diagnostics for renderers.

    Returns:
        ``(value, diagnostics)``. Wrong arguments and errors raised by the
        function are error diagnostics (their ``extra`` a
        :class:`FunctionCallDiagExtra`), and the value is then
        :data:`~hcldecode.values.DYNAMIC_VALUE`.

    Raises:
        TypeError: ``expand_final`` with no argument; or the function
            returned a value that is not of its result type (a bug of the
            function).
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
    """Call a function with argument values already evaluated, with the reference's diagnostics.

    The same procedure as :func:`evaluate_call` minus the evaluation. A
    caller that evaluates its own arguments should prefer
    :func:`evaluate_call`, which keeps the reference's order of evaluation
    and diagnostics.

    Args:
        name: The name the function is called by, for the diagnostics.
        fn: The function.
        args: The argument values, in order.
        call_range: The whole call (the ``context`` of the diagnostics).
        name_range: The function name.
        arg_ranges: Where diagnostics about each argument point, one per
            argument (the reference uses each argument expression's start
            range).
        open_paren_range: The ``(``; by default the character after the name.
        close_paren_range: The ``)``; by default the last character of the
            call.
        ctx: The context of the call, recorded in the diagnostics; its
            limits bound the call.
        expand_final: Expand the last value into one argument per element
            (``f(a, b...)``).
        expand_range: The range of the whole expanding expression; by
            default the last argument range.
        expression: The call expression, recorded in the diagnostics.

    Returns:
        ``(value, diagnostics)``, as for :func:`evaluate_call`.

    Raises:
        TypeError: ``arg_ranges`` and ``args`` differ in length;
            ``expand_final`` with no argument; or the function returned a
            value that is not of its result type (a bug of the function).
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
