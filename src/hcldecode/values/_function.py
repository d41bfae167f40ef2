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
   implementation;
6. an unknown result (of a type other than the dynamic pseudo-type) is
   refined by the function's ``refine_result``, if it has one (go-cty 1.13
   and later: most functions say their result is never null).

Marks (:meth:`Value.mark`): an argument for a parameter that does not
allow marks is unmarked, deeply, before all of this, and the result is
marked with every mark so removed (go-cty's ``AllowMarked`` rule). A
function whose parameters allow marks receives them and handles them.

Errors are raised as :class:`FunctionArgError` (about one argument) or
:class:`FunctionError`. Turning them into diagnostics, with the reference's
order of evaluating and converting arguments, is the information model's
job (:func:`hcldecode.model.evaluate_call`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import attrs

from .._record import Record
from ._errors import Error, raw_text
from ._limits import (
    BUDGET,
    CALL_LIMITS,
    CHARACTERS_PER_UNIT,
    STEPS_PER_CALL,
    STEPS_PER_ELEMENT,
    Budget,
    BudgetExhausted,
    Limits,
    charge,
    current_limits,
)
from ._types import DYNAMIC, Type
from ._value import SENSITIVE, Marking, RefinementBuilder, Value

__all__ = [
    "Function",
    "FunctionArgError",
    "FunctionError",
    "Parameter",
    "check_result_count",
    "check_result_length",
    "error_message",
]


# --------------------------------------------------------------------------- definitions


@attrs.frozen(eq=False, repr=False)
class Parameter(Record):
    """One parameter of a :class:`Function`.

    Attributes:
        name: The name, which appears in diagnostics (``Invalid value for
            "str" parameter``).
        type: A type *specification*: the dynamic pseudo-type inside it
            accepts any type. Arguments are converted to it.
        allow_null: Whether a null argument reaches the function (otherwise
            it is an ``argument must not be null`` error).
        allow_unknown: Whether an unknown argument reaches the function
            (otherwise the result is unknown without calling it).
        allow_dynamic_type: Whether an argument of the dynamic pseudo-type
            reaches the function (otherwise the result type is dynamic).
        allow_marked: Whether a marked argument reaches the function with its
            marks (otherwise it is unmarked, deeply, and the result marked
            with its marks).
        description: What the parameter is for, for documentation.

    Raises:
        TypeError: ``type`` is not a :class:`Type`.
    """

    name: str
    type: Type = attrs.field(validator=attrs.validators.instance_of(Type))
    allow_null: bool = attrs.field(default=False, kw_only=True)
    allow_unknown: bool = attrs.field(default=False, kw_only=True)
    allow_dynamic_type: bool = attrs.field(default=False, kw_only=True)
    description: str = attrs.field(default="", kw_only=True)
    allow_marked: bool = attrs.field(default=False, kw_only=True)


class FunctionError(Error):
    """A function call failed.

    Args:
        message: The reason, as a sentence fragment (kept as ``message``).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FunctionArgError(FunctionError):
    """A function call failed because of one argument.

    Args:
        index: The argument's position, 0-based, variadic arguments included
            (kept as ``index``).
        message: The reason, as a sentence fragment (kept as ``message``).
    """

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def check_result_length(length: int) -> None:
    """Refuse, before building it, a string result of ``length`` characters
    past the calling evaluation's :attr:`~Limits.max_string_length`, and charge
    its characters to the evaluation's budget."""
    limit = current_limits().max_string_length
    if length > limit:
        raise FunctionError(f"the result would be longer than {limit} characters")
    charge(length // CHARACTERS_PER_UNIT)


def check_result_count(count: int) -> None:
    """Refuse, before building it, a result of ``count`` values past the calling
    evaluation's :attr:`~Limits.max_cost` (each value costs one step to hand on),
    and charge ``STEPS_PER_ELEMENT`` steps for each to the
    evaluation's budget."""
    limit = current_limits().max_cost
    if count > limit:
        raise FunctionError(f"the result would have more than {limit} elements")
    charge(count * STEPS_PER_ELEMENT)


ReturnType = Type | Callable[[Sequence[Value]], Type]
"""A fixed result type, or a function of the argument values giving it."""
Impl = Callable[[Sequence[Value], Type], Value]
"""The implementation: argument values and the result type in, the result out."""

Refiner = Callable[[RefinementBuilder], RefinementBuilder]
"""Refines an unknown result: receives the value's builder and returns it."""


def refine_not_null(builder: RefinementBuilder) -> RefinementBuilder:
    """A refiner (``refine_result`` of :class:`Function`) for functions whose result is never null.

    Args:
        builder: The unknown result's refinement builder.

    Returns:
        ``builder.not_null()``.
    """
    return builder.not_null()


class Function:
    """A function for HCL expressions.

    Any exception escaping ``return_type`` or ``impl`` becomes a
    :class:`FunctionError`, as go-cty turns panics into errors, so a broken
    function never crashes an evaluation. :func:`function` makes one from a
    plain Python callable.

    Args:
        params: The positional parameters, in order.
        var_param: The variadic parameter, which takes every argument after
            them; ``None`` for none.
        return_type: The result type, or a callable that computes it from the
            argument values (which may be unknown); it may raise
            :class:`FunctionError` / :class:`FunctionArgError` to reject
            arguments.
        impl: Receives the argument values (variadic ones included) and the
            result type, and returns a value of that type.
        description: What the function does, for documentation.
        refine_result: Says what is known of an unknown result (for example
            :func:`refine_not_null`), so that expressions using it can still
            be decided (``f(x) != null``).
        sensitive: Whether the result is sensitive: it is marked with
            :data:`~hcldecode.values.SENSITIVE`, whatever the arguments
            (a function that reads a secret).

    Raises:
        TypeError: A parameter is not a :class:`Parameter`, or
            ``return_type`` is neither a :class:`Type` nor callable.
    """

    __slots__ = (
        "_impl",
        "_return_type",
        "description",
        "params",
        "refine_result",
        "sensitive",
        "var_param",
    )

    def __init__(
        self,
        params: Sequence[Parameter],
        var_param: Parameter | None = None,
        *,
        return_type: ReturnType,
        impl: Impl,
        description: str = "",
        refine_result: Refiner | None = None,
        sensitive: bool = False,
    ) -> None:
        self.params: tuple[Parameter, ...] = tuple(params)
        for param in (*self.params, var_param):
            if param is not None and not isinstance(param, Parameter):
                raise TypeError(f"function parameters must be Parameter, not {param!r}")
        if not (isinstance(return_type, Type) or callable(return_type)):
            raise TypeError(f"return_type must be a Type or a callable, not {return_type!r}")
        self.var_param = var_param
        self.description = description
        self.refine_result = refine_result
        self.sensitive = sensitive
        self._return_type = return_type
        self._impl = impl

    def described(self, description: str) -> Function:
        """The same function with another description.

        Args:
            description: The new description.

        Returns:
            A new :class:`Function`; this one is unchanged.
        """
        return self._copy(description, self.refine_result)

    def refined(self, refine_result: Refiner | None) -> Function:
        """The same function with another ``refine_result``.

        Args:
            refine_result: The new refiner, or ``None`` for none.

        Returns:
            A new :class:`Function`; this one is unchanged.
        """
        return self._copy(self.description, refine_result)

    def _copy(self, description: str, refine_result: Refiner | None) -> Function:
        return Function(
            self.params,
            self.var_param,
            return_type=self._return_type,
            impl=self._impl,
            description=description,
            refine_result=refine_result,
            sensitive=self.sensitive,
        )

    def __repr__(self) -> str:
        names = [p.name for p in self.params]
        if self.var_param is not None:
            names.append(f"{self.var_param.name}...")
        return f"<Function({', '.join(names)})>"

    def param_for(self, index: int) -> Parameter | None:
        """The parameter an argument belongs to.

        Args:
            index: The argument's position, 0-based.

        Returns:
            The positional parameter at ``index``, else the variadic
            parameter (``None`` when there is none).
        """
        return self.params[index] if index < len(self.params) else self.var_param

    def return_type_for(self, args: Sequence[Value]) -> Type:
        """The result type of a call, checking the arguments as a call does (rules 1 to 4 above).

        Args:
            args: The argument values.

        Returns:
            The result type; the dynamic pseudo-type when an argument of that
            type meets a parameter that does not allow it.

        Raises:
            FunctionError: The number of arguments is wrong, or the result
                type callable rejects them.
            FunctionArgError: An argument is null where the parameter does
                not allow it, or its type does not match the parameter's.
        """
        if Marking.used:
            args = self._unmarked(args)[0]
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

    def call(self, args: Sequence[Value], *, limits: Limits | None = None) -> Value:
        """Call the function, applying the rules of a call in order.

        Args:
            args: The argument values, already of the parameters' types
                (:func:`~hcldecode.model.evaluate_call` converts them).
            limits: Those of the evaluation making the call; the
                implementation reads them with
                :func:`~hcldecode.values.current_limits`. By default the
                caller's own, else the defaults.

        Returns:
            The result, refined by ``refine_result`` when it is unknown, and
            marked with the marks of the arguments unmarked for it.

        Raises:
            FunctionError: The call failed (wrong number of arguments, or the
                implementation raised; any exception it raises becomes one).
            FunctionArgError: An argument was rejected.
            TypeError: The result is not of the result type, a bug of the
                function.
        """
        marks: list[frozenset[Hashable]] = []
        given = args
        if Marking.used:
            args, marks = self._unmarked(args)
        if self.sensitive:
            marks.append(_SENSITIVE_MARKS)
        if limits is None:
            limits = CALL_LIMITS.get()
        token = CALL_LIMITS.set(limits)
        budget = BUDGET.get()
        try:
            if budget is not None:  # the calling evaluation's
                # a function works through its arguments: one step per value in them
                budget.charge(STEPS_PER_CALL + sum(arg.deep_count for arg in args))
                result_type, result = self._call(args)
            else:  # called on its own: a budget for the call
                budget_token = BUDGET.set(Budget(limits))
                try:
                    result_type, result = self._call(args)
                except BudgetExhausted as stop:
                    raise FunctionError(
                        f"the call takes more than {stop.budget.limit} steps"
                    ) from None
                finally:
                    BUDGET.reset(budget_token)
        except FunctionError as exc:
            if Marking.used:  # a message about a sensitive argument does not show it
                _redact_error(exc, given)
            raise
        finally:
            CALL_LIMITS.reset(token)
        if not isinstance(result, Value) or not result.type.matches(result_type):
            raise TypeError(
                f"function {self!r} returned {result!r}, which is not of its result type "
                f"{result_type}"
            )
        if marks:
            result = result.with_marks(*marks)
        if self.refine_result is not None and not result.is_known:
            return result.refine_with(self.refine_result)
        return result

    def _unmarked(self, args: Sequence[Value]) -> tuple[Sequence[Value], list[frozenset[Hashable]]]:
        """The arguments, unmarked deeply where their parameter does not allow
        marks, and the marks so removed."""
        marks: list[frozenset[Hashable]] = []
        unmarked: list[Value] | None = None
        for index, arg in enumerate(args):
            param = self.param_for(index)
            if param is None or param.allow_marked or not arg.contains_marked:
                continue
            if unmarked is None:
                unmarked = list(args)
            unmarked[index], found = arg.unmark_deep()
            marks.append(found)
        return (args if unmarked is None else unmarked), marks

    def _call(self, args: Sequence[Value]) -> tuple[Type, object]:
        result_type = self.return_type_for(args)
        for index, arg in enumerate(args):
            param = self.param_for(index)
            assert param is not None
            if not arg.is_known and not param.allow_unknown:
                return result_type, Value.unknown(result_type)
        return result_type, _guarded(self._impl, args, result_type)


_SENSITIVE_MARKS = frozenset({SENSITIVE})


def _redact_error(exc: FunctionError, args: Sequence[Value]) -> None:
    """Take the texts of the sensitive parts of ``args`` out of ``exc``'s message."""
    from ._sensitive import redact, secrets_of  # noqa: PLC0415 (only for sensitive values)

    secrets = [text for arg in args for text in secrets_of(arg)]
    if secrets:
        secrets.sort(key=lambda text: (-len(text), text))
        message = redact(exc.message, secrets)
        if message != exc.message:
            exc.message = message
            exc.args = (message,)
            # the exception the function raised has the secret in its message
            exc.__cause__ = exc.__context__ = None
            exc.__suppress_context__ = True


_R = TypeVar("_R")


def _guarded(fn: Callable[..., _R], *args: Any) -> _R:
    """Call ``fn``; any exception but a :class:`FunctionError` becomes one."""
    try:
        return fn(*args)
    except (FunctionError, BudgetExhausted):
        raise
    except Exception as error:
        raise FunctionError(error_message(error)) from error


def error_message(error: BaseException) -> str:
    """The message of an exception raised inside a function: its text, or its class name."""
    return raw_text(error) or type(error).__name__
