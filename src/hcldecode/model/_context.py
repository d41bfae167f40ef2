"""Evaluation contexts: the variables and functions an expression may use.

An :class:`EvalContext` holds a *variable scope* and a *function table*,
and optionally a parent context whose names are visible unless shadowed
(a child context is how an application adds names for one part of a
configuration, e.g. ``each.key`` inside a repeated block).

Whether a table is *absent* or merely *empty* matters, as in the reference
implementation:

* when no context in the chain has a variable table, a reference gives
  ``Variables not allowed``; when there are tables but none has the name,
  it gives ``Unknown variable`` (with a "Did you mean" suggestion);
* likewise ``Function calls not allowed`` versus ``Call to unknown function``.

An *undefined-variable hook* (``undefined_variable=``, HCL's
``EvalContext.UndefinedVariable`` as Nomad's HCL uses it) decides what a
reference to a name that no table in the chain defines evaluates to: a
value (Nomad keeps ``${attr.kernel.name}`` as text for its client), or
``None`` for the diagnostic above. Children inherit it; the nearest one wins.

``variables=None`` (the default) means "no table"; ``variables={}`` means a
table with nothing in it. :attr:`EvalContext.has_variables` and
:attr:`EvalContext.has_functions` tell the two apart across the chain.

*Literal-only mode* (HCL's information model) is evaluation with no
variables and no functions at all, where syntaxes that embed templates in
strings (JSON) take strings literally. It is requested by passing
``ctx=None`` to ``Expression.value``, or with ``EvalContext(literal_only=True)``
(see :func:`is_literal_only`). Giving variables or functions to a
literal-only context is a mistake of the calling program and raises
``TypeError``, as the specification requires.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..pytypes._callable import function
from ..pytypes._rules import DEFAULT_TYPES, PythonTypes
from ..values._function import Function
from ..values._limits import DEFAULT_LIMITS, BudgetExhausted, Limits
from ..values._value import DYNAMIC_VALUE, Value
from ._diagnostics import Diagnostic, Diagnostics

if TYPE_CHECKING:
    from ._structure import Expression
    from ._traversal import Traversal

__all__ = ["EvalContext", "UndefinedVariable", "is_literal_only", "too_costly"]

UndefinedVariable = Callable[["Traversal"], Any]
"""The type of an undefined-variable hook (see :class:`EvalContext`)."""


class EvalContext:
    """Variables and functions for evaluating expressions, with an optional parent scope.

    A context is immutable; use :meth:`child` to add names. Names of a context
    shadow those of its parent.

    Args:
        variables: Variable names mapped to :class:`~hcldecode.values.Value`
            objects or to plain Python values, which are converted by ``types``.
            ``None`` (the default) means this context has no variable table; an
            empty mapping is a table with no names.
        functions: Function names mapped to :class:`~hcldecode.values.Function`
            objects or to plain Python callables, which are converted with
            :func:`~hcldecode.pytypes.function` and the same ``types`` (so their
            annotations decide the parameter types). Namespaced functions are
            registered under their full name, e.g. ``"provider::util::upper"``.
            ``None`` means no function table.
        parent: The enclosing context, whose names are visible where this
            context does not define them.
        literal_only: Request literal-only mode, in which expressions may not
            refer to variables or call functions. A child of a literal-only
            context is literal-only too.
        types: How plain Python values and callables' annotations are read (the
            values layer's plan of Python types, as a
            :class:`~hcldecode.Decoder` holds it); by default the built-in types.
        limits: What evaluating one expression may build and spend (see
            :class:`~hcldecode.values.Limits`). By default the parent's, or
            :data:`~hcldecode.values.DEFAULT_LIMITS` without a parent. A
            literal-only context may have limits too.
        undefined_variable: Called for each evaluation of a reference whose
            root name no context in the chain defines as a variable (scoped
            names, such as the iterators of ``for`` expressions and of
            dynamic blocks, are found first and never reach it). It receives
            the reference's static :class:`~hcldecode.model.Traversal` (for
            ``attr.kernel.name[0]`` all four steps, for ``meta[var.k]`` only
            ``meta``), whose ``range`` is where it is written and whose
            ``str()`` is its text. It returns the value of the whole
            traversal: a :class:`~hcldecode.values.Value` (for example
            ``Value.unknown(STRING)``), a plain Python object converted by
            ``types`` as variables are, a
            :class:`~hcldecode.model.Diagnostic` or
            :class:`~hcldecode.model.Diagnostics` to report (the reference is
            then an unknown value), or ``None`` for the usual ``Unknown
            variable`` or ``Variables not allowed`` error. Exceptions it
            raises are not caught, and a result with no HCL form raises
            ``TypeError``: both are mistakes of the program. It may be called
            more than once for a reference (diagnostics that show the values
            of variables evaluate them again), so it should depend only on
            the traversal. A child context inherits its parent's hook unless
            it is given its own.

    Raises:
        TypeError: ``parent`` is not an ``EvalContext``; ``limits`` is not a
            :class:`~hcldecode.values.Limits`; a literal-only context is given
            variables or functions; a variable or function name is not a
            string; a variable's value cannot be converted (the message names
            the variable); a function is not callable, or its signature or
            annotations have no HCL equivalent (see
            :func:`~hcldecode.pytypes.function`); ``undefined_variable`` is
            not callable, or is given to a literal-only context.
    """

    __slots__ = (
        "_functions",
        "_limits",
        "_literal_only",
        "_parent",
        "_types",
        "_undefined_variable",
        "_variables",
    )

    def __init__(
        self,
        variables: Mapping[str, Any] | None = None,
        functions: Mapping[str, Function | Callable[..., Any]] | None = None,
        parent: EvalContext | None = None,
        *,
        literal_only: bool = False,
        types: PythonTypes | None = None,
        limits: Limits | None = None,
        undefined_variable: UndefinedVariable | None = None,
    ) -> None:
        if parent is not None and not isinstance(parent, EvalContext):
            raise TypeError(f"parent must be an EvalContext, not {type(parent).__name__}")
        literal_only = literal_only or (parent is not None and parent.literal_only)
        if literal_only and (variables is not None or functions is not None):
            raise TypeError("a literal-only evaluation context cannot have variables or functions")
        if undefined_variable is not None:
            if not callable(undefined_variable):
                raise TypeError(
                    f"undefined_variable must be callable, not {type(undefined_variable).__name__}"
                )
            if literal_only:
                raise TypeError("a literal-only evaluation context cannot have undefined_variable")
        if limits is not None and not isinstance(limits, Limits):
            raise TypeError(f"limits must be hcldecode Limits, not {type(limits).__name__}")
        self._parent = parent
        self._literal_only = literal_only
        if limits is None:
            limits = parent.limits if parent is not None else DEFAULT_LIMITS
        self._limits: Limits = limits
        types = types if types is not None else DEFAULT_TYPES
        self._types = types
        self._undefined_variable = undefined_variable
        self._variables = None if variables is None else _convert_variables(variables, types)
        self._functions = None if functions is None else _convert_functions(functions, types)

    def __repr__(self) -> str:
        parts = []
        if self._variables is not None:
            parts.append(f"variables={sorted(self._variables)!r}")
        if self._functions is not None:
            parts.append(f"functions={sorted(self._functions)!r}")
        if self._undefined_variable is not None:
            parts.append(f"undefined_variable={self._undefined_variable!r}")
        if self._literal_only:
            parts.append("literal_only=True")
        if self._parent is not None:
            parts.append(f"parent={self._parent!r}")
        return f"EvalContext({', '.join(parts)})"

    # ------------------------------------------------------------------ structure

    @property
    def parent(self) -> EvalContext | None:
        """The enclosing context, or ``None``."""
        return self._parent

    @property
    def literal_only(self) -> bool:
        """Whether this context requests literal-only mode (inherited by children)."""
        return self._literal_only

    @property
    def variables(self) -> Mapping[str, Value] | None:
        """This context's own variable table (``None`` when it has none), read-only."""
        return self._variables

    @property
    def functions(self) -> Mapping[str, Function] | None:
        """This context's own function table (``None`` when it has none), read-only."""
        return self._functions

    @property
    def undefined_variable(self) -> UndefinedVariable | None:
        """The undefined-variable hook in effect: this context's, else the nearest
        parent's, else ``None``."""
        for ctx in self._chain():
            if ctx._undefined_variable is not None:
                return ctx._undefined_variable
        return None

    @property
    def limits(self) -> Limits:
        """What one evaluation may build and spend: given here, else the parent's, else
        :data:`~hcldecode.values.DEFAULT_LIMITS`."""
        return self._limits

    def child(
        self,
        variables: Mapping[str, Any] | None = None,
        functions: Mapping[str, Function | Callable[..., Any]] | None = None,
        *,
        undefined_variable: UndefinedVariable | None = None,
    ) -> EvalContext:
        """A new context whose parent is this one; its names shadow the parent's.

        Args:
            variables: The child's variables, as for the constructor.
            functions: The child's functions, as for the constructor.
            undefined_variable: A hook of the child's own, used instead of
                this context's (see the constructor).

        Returns:
            The child context. It inherits this context's limits,
            literal-only mode and undefined-variable hook.

        Raises:
            TypeError: As the constructor raises it, e.g. for a variable whose
                value cannot be converted or for variables given to a
                literal-only context.
        """
        return EvalContext(variables, functions, self, undefined_variable=undefined_variable)

    def _chain(self) -> Iterator[EvalContext]:
        ctx: EvalContext | None = self
        while ctx is not None:
            yield ctx
            ctx = ctx._parent

    # ------------------------------------------------------------------ lookups

    @property
    def has_variables(self) -> bool:
        """Whether this context or a parent has a variable table (even an empty one)."""
        return any(ctx._variables is not None for ctx in self._chain())

    @property
    def has_functions(self) -> bool:
        """Whether this context or a parent has a function table (even an empty one)."""
        return any(ctx._functions is not None for ctx in self._chain())

    def lookup_variable(self, name: str) -> Value | None:
        """The value of a variable in the nearest context that defines it.

        Args:
            name: The variable's name.

        Returns:
            Its value, or ``None`` when no context in the chain defines it.
        """
        for ctx in self._chain():
            if ctx._variables is not None and name in ctx._variables:
                return ctx._variables[name]
        return None

    def lookup_function(self, name: str) -> Function | None:
        """The function of a name from the nearest context that defines it.

        Args:
            name: The function's name (with its namespace, if any).

        Returns:
            The function, or ``None`` when no context in the chain defines it.
        """
        for ctx in self._chain():
            if ctx._functions is not None and name in ctx._functions:
                return ctx._functions[name]
        return None

    def _resolve_undefined(self, traversal: Traversal) -> tuple[Value, Diagnostics] | None:
        """What the undefined-variable hook in effect makes of a reference.

        Args:
            traversal: The absolute traversal whose root no context defines.

        Returns:
            ``(value, diagnostics)``, or ``None`` when there is no hook or it
            returned ``None``.

        Raises:
            TypeError: The hook returned an object with no HCL form.
            Exception: Whatever the hook raises.
        """
        for ctx in self._chain():
            hook = ctx._undefined_variable
            if hook is None:
                continue
            result = hook(traversal)
            if result is None:
                return None
            if isinstance(result, Value):
                return result, Diagnostics()
            if isinstance(result, Diagnostic):
                return DYNAMIC_VALUE, Diagnostics([result])
            if isinstance(result, Diagnostics):
                return DYNAMIC_VALUE, Diagnostics(result)
            try:
                return ctx._types.to_value(result), Diagnostics()
            except (TypeError, ValueError) as error:
                raise TypeError(
                    f"undefined_variable returned {type(result).__name__} for "
                    f"{str(traversal)!r}, which has no HCL value: {error}"
                ) from error
        return None

    def variable_names(self) -> list[str]:
        """Every variable name visible here, nearest context first, each once.

        This is the candidate list for "Did you mean ...?" suggestions.
        """
        return _names(ctx._variables for ctx in self._chain())

    def function_names(self) -> list[str]:
        """Every function name visible here, nearest context first, each once."""
        return _names(ctx._functions for ctx in self._chain())


def is_literal_only(ctx: EvalContext | None) -> bool:
    """Whether evaluating with ``ctx`` is literal-only mode (``None`` or ``literal_only``)."""
    return ctx is None or ctx.literal_only


def _names(tables: Iterator[Mapping[str, object] | None]) -> list[str]:
    seen: dict[str, None] = {}
    for table in tables:
        if table is not None:
            seen.update(dict.fromkeys(table))
    return list(seen)


def _convert_variables(variables: Mapping[str, Any], types: PythonTypes) -> Mapping[str, Value]:
    converted: dict[str, Value] = {}
    for name, value in variables.items():
        if not isinstance(name, str):
            raise TypeError(f"variable names must be strings, not {name!r}")
        if isinstance(value, Value):
            converted[name] = value
            continue
        try:
            converted[name] = types.to_value(value)
        except (TypeError, ValueError) as error:
            raise TypeError(f"variable {name!r}: {error}") from error
    return MappingProxyType(converted)


def _convert_functions(
    functions: Mapping[str, Function | Callable[..., Any]], types: PythonTypes
) -> Mapping[str, Function]:
    converted: dict[str, Function] = {}
    for name, fn in functions.items():
        if not isinstance(name, str):
            raise TypeError(f"function names must be strings, not {name!r}")
        if isinstance(fn, Function):
            converted[name] = fn
        elif callable(fn):
            converted[name] = function(fn, name=name, types=types)
        else:
            raise TypeError(f"function {name!r} is {type(fn).__name__}, not callable")
    return MappingProxyType(converted)


def too_costly(
    stop: BudgetExhausted, node: Expression | None, ctx: EvalContext | None
) -> Diagnostic:
    """The one ``Expression too costly`` error of an evaluation whose budget ran out.

    It is at the outermost expression the evaluation was evaluating when the
    budget ran out (``stop.where``), else at ``node`` (evaluated in ``ctx``).
    """
    where: Any = stop.where if stop.where is not None else node
    where_ctx: Any = stop.ctx if stop.where is not None else ctx
    return Diagnostic.error(
        "Expression too costly",
        stop.detail,
        where.range if where is not None else None,
        expression=where,
        eval_context=where_ctx,
    )
