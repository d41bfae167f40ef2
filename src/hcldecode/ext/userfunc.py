"""Functions written in HCL: ``function`` blocks, as the reference's ``ext/userfunc``.

::

    function "add" {
      params         = [a, b]
      variadic_param = more      # optional: extra arguments, as a tuple
      result         = a + b + length(more)
    }

:func:`decode_user_functions` reads such blocks from a body and returns the
functions, with the rest of the body for further processing. Parameters
accept values of any type but not null (``argument must not be null``); the
result expression is evaluated in a child of the context the application
provides, with one variable per parameter, so a function sees only the
functions of that context and its own parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..model._context import EvalContext
from ..model._diagnostics import Diagnostic, Diagnostics
from ..model._static import expr_as_keyword, expr_list
from ..model._structure import AttributeSchema, BlockHeaderSchema, Body, BodySchema, Expression
from ..values._function import Function, FunctionError, Parameter
from ..values._types import DYNAMIC, Type
from ..values._value import Value

__all__ = ["decode_user_functions", "diagnostics_error_text"]

_FUNCTION_BODY = BodySchema(
    [
        AttributeSchema("params", required=True),
        AttributeSchema("variadic_param"),
        AttributeSchema("result", required=True),
    ]
)


def diagnostics_error_text(diags: Sequence[Diagnostic]) -> str:
    """Diagnostics as one error message, the way the reference prints them as an error.

    Args:
        diags: The diagnostics; at least one.

    Returns:
        ``file.hcl:1,2-5: Summary; Detail`` for the first, followed by ``, and
        N other diagnostic(s)`` when there are more.

    Raises:
        IndexError: ``diags`` is empty.
    """
    first = diags[0]
    subject = str(first.subject) if first.subject is not None else "<nil>"
    text = f"{subject}: {first.summary}; {first.detail}"
    if len(diags) > 1:
        text += f", and {len(diags) - 1} other diagnostic(s)"
    return text


def _make_function(
    params: list[str],
    var_param: str | None,
    result: Expression,
    base_ctx: Callable[[], EvalContext | None],
) -> Function:
    def evaluate(args: Sequence[Value]) -> Value:
        scope = dict(zip(params, args, strict=False))
        if var_param is not None:
            scope[var_param] = Value.tuple(args[len(params) :])
        value, diags = result.value(EvalContext(scope, parent=base_ctx()))
        if diags.has_errors():
            raise FunctionError(diagnostics_error_text(diags))
        return value

    def return_type(args: Sequence[Value]) -> Type:
        return evaluate(args).type

    return Function(
        [Parameter(name, DYNAMIC) for name in params],
        Parameter(var_param, DYNAMIC) if var_param is not None else None,
        return_type=return_type,
        impl=lambda args, _ret: evaluate(args),
    )


def decode_user_functions(
    body: Body, block_type: str, ctx: Callable[[], EvalContext | None] | None = None
) -> tuple[dict[str, Function], Body, Diagnostics]:
    """The functions defined by blocks of a body, and the rest of the body.

    HCL's ``userfunc.DecodeUserFunctions``.

    Args:
        body: The body that holds the blocks.
        block_type: The type of the blocks that define functions (``function``,
            say); each has one label, the function's name.
        ctx: Gives the context the result expressions are evaluated in (called
            once, when a function is first called); without it they may use
            only their parameters.

    Returns:
        ``(functions, remain, diagnostics)``: the functions by name, and the
        body without the function blocks. A block with mistakes defines no
        function and adds its diagnostics.
    """
    schema = BodySchema(blocks=[BlockHeaderSchema(block_type, ("name",))])
    content, remain, diags = body.partial_content(schema)
    functions: dict[str, Function] = {}
    if diags.has_errors():
        return functions, remain, diags
    cached: list[EvalContext | None] = []

    def base_ctx() -> EvalContext | None:
        if not cached:
            cached.append(ctx() if ctx is not None else None)
        return cached[0]

    for block in content.blocks:
        function_content, function_diags = block.body.content(_FUNCTION_BODY)
        diags.extend(function_diags)
        if function_diags.has_errors():
            continue
        attributes = function_content.attributes
        param_exprs, list_diags = expr_list(attributes["params"].expr)
        diags.extend(list_diags)
        if list_diags.has_errors():
            continue
        params: list[str] = []
        for param_expr in param_exprs:
            name = expr_as_keyword(param_expr)
            if not name:
                diags.append(
                    Diagnostic.error(
                        "Invalid param element",
                        "Each parameter name must be an identifier.",
                        param_expr.range,
                    )
                )
                break
            params.append(name)
        else:
            var_param: str | None = None
            var_attr = attributes.get("variadic_param")
            if var_attr is not None:
                var_param = expr_as_keyword(var_attr.expr)
                if not var_param:
                    diags.append(
                        Diagnostic.error(
                            "Invalid variadic_param",
                            "The variadic parameter name must be an identifier.",
                            var_attr.expr.range,
                        )
                    )
                    continue
            functions[block.labels[0]] = _make_function(
                params, var_param, attributes["result"].expr, base_ctx
            )
    return functions, remain, diags
