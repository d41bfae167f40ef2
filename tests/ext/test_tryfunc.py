"""try and can (HCL's ext/tryfunc), and parameters that receive expressions.

The expected values and messages are those of HCL v2.14.1's ``tryfunc``
with ``hclsyntax``, checked with a Go program against Debian's package.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hcldecode import json as hcljson
from hcldecode.ext.tryfunc import CAN, FUNCTIONS, TRY
from hcldecode.model import (
    EXPRESSION,
    EXPRESSION_CLOSURE,
    EvalContext,
    Expression,
    ExpressionClosure,
)
from hcldecode.native import parse_expression
from hcldecode.values import BOOL, DYNAMIC, STRING, Function, Parameter, Type, Value

CTX = EvalContext({"m": {"a": 1}, "u": Value.unknown(STRING)}, FUNCTIONS)

NONE_SUCCEEDED = (
    'Call to function "try" failed: no expression succeeded:\n'
    "- Unsupported attribute (at t.hcl:1,6-8)\n"
    '  This object does not have an attribute named "b".\n'
    "- {second}\n\n"
    "At least one expression must produce a successful result."
)


def _evaluate(src: str, ctx: EvalContext = CTX) -> tuple[Value, list[tuple[str, str, str]]]:
    expr, diags = parse_expression(src, "t.hcl")
    assert not diags.has_errors()
    value, diags = expr.value(ctx)
    return value, [(d.summary, d.detail, str(d.subject)) for d in diags]


@pytest.mark.parametrize(
    ("src", "value"),
    [
        ("try(m.b, m.a)", Value.number(1)),
        ("try(m.b, 5)", Value.number(5)),
        ('try(m.a, "never looked at")', Value.number(1)),
        ("can(m.b)", Value.bool(False)),
        ("can(m.a)", Value.bool(True)),
        ("try(u, 1)", Value.unknown(DYNAMIC)),
        ("can(u)", Value.unknown(BOOL)),
        ("try([1]...)", Value.number(1)),
    ],
)
def test_try_and_can_values(src: str, value: Value) -> None:
    assert _evaluate(src) == (value, [])


def test_try_lists_every_error_when_nothing_succeeds() -> None:
    assert _evaluate("try(m.b, m.c)") == (
        Value.unknown(DYNAMIC),
        [
            (
                "Error in function call",
                NONE_SUCCEEDED.format(
                    second="Unsupported attribute (at t.hcl:1,11-13)\n"
                    '  This object does not have an attribute named "c".'
                ),
                "t.hcl:1,1-5",
            )
        ],
    )
    assert _evaluate("try(m.b, nosuch)")[1] == [
        (
            "Error in function call",
            NONE_SUCCEEDED.format(
                second='Unknown variable (at t.hcl:1,10-16)\n  There is no variable named "nosuch".'
            ),
            "t.hcl:1,1-5",
        )
    ]


def test_try_needs_an_argument_and_an_expanded_argument_is_evaluated_first() -> None:
    assert _evaluate("try()") == (
        Value.unknown(DYNAMIC),
        [
            (
                "Error in function call",
                'Call to function "try" failed: at least one argument is required.',
                "t.hcl:1,1-5",
            )
        ],
    )
    assert _evaluate("can(m.b...)") == (
        Value.unknown(DYNAMIC),
        [
            (
                "Unsupported attribute",
                'This object does not have an attribute named "b".',
                "t.hcl:1,6-8",
            )
        ],
    )


def test_try_in_json_syntax_templates() -> None:
    file, _ = hcljson.parse(b'{"a": "${try(m.b, \\"fallback\\")}"}', "t.json")
    attributes, _ = file.body.just_attributes()
    assert attributes["a"].expr.value(CTX) == (Value.string("fallback"), [])


def test_an_application_function_over_expressions() -> None:
    seen: list[str] = []

    def describe(args: Sequence[Value], _result: Type) -> Value:
        closure = ExpressionClosure.of(args[0])
        expression = args[1].payload
        assert isinstance(expression, Expression)
        seen.append(str(expression.range))
        value, _ = closure.value()
        return Value.string(f"{len(closure.expression.variables())} variable(s), {value.type}")

    fn = Function(
        [Parameter("x", EXPRESSION_CLOSURE), Parameter("y", EXPRESSION)],
        return_type=STRING,
        impl=describe,
    )
    ctx = CTX.child(functions={"describe": fn})
    assert _evaluate("describe(m.a + 1, nosuch)", ctx) == (
        Value.string("1 variable(s), number"),
        [],
    )
    assert seen == ["t.hcl:1,19-25"]
    assert TRY.var_param is not None and TRY.var_param.type == EXPRESSION_CLOSURE
    assert CAN.params[0].type == EXPRESSION_CLOSURE
    with pytest.raises(TypeError):
        ExpressionClosure.of(Value.number(1))
