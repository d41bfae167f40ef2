"""JSON values as expressions: both modes, keys, templates, variables, static analysis.

Cases marked "ref" were checked against the reference ``hcldec`` evaluating
``{"r": EXPR}`` with the variables of :data:`CTX` (ranges there are shifted
by the six characters of ``{"r": ``; here they are given for EXPR alone).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from json_test_helpers import diags_of, span

from hcldecode.json import JsonExpression, parse_expression
from hcldecode.model import (
    EvalContext,
    Traversal,
    TraverseAttr,
    TraverseIndex,
    TraverseRoot,
    abs_traversal_for_expr,
    expr_as_keyword,
    expr_call,
    expr_list,
    expr_map,
    rel_traversal_for_expr,
)
from hcldecode.values import DYNAMIC, DYNAMIC_VALUE, FALSE, STRING, TRUE, Value, max_nesting

CTX = EvalContext(
    {
        "a": 1,
        "b": 2,
        "name": "W",
        "v": 5,
        "u": None,
        "l": [1, 2],
        "unknown": Value.unknown(STRING),
    }
)


def expr_of(text: str) -> JsonExpression:
    expr, diags = parse_expression(text, "e.json")
    assert diags == []
    return expr


def evaluate(
    text: str, ctx: EvalContext | None = CTX
) -> tuple[Value, list[tuple[str, str, str | None, str | None]]]:
    value, diags = expr_of(text).value(ctx)
    return value, diags_of(diags)


def steps(traversal: Traversal | None) -> list[tuple[str, object, str | None]]:
    assert traversal is not None
    out: list[tuple[str, object, str | None]] = []
    for step in traversal:
        if isinstance(step, (TraverseRoot, TraverseAttr)):
            out.append((type(step).__name__, step.name, span(step.range)))
        else:
            assert isinstance(step, TraverseIndex)
            out.append(("TraverseIndex", step.key, span(step.range)))
    return out


# --------------------------------------------------------------------------- literal-only mode


def test_literal_values() -> None:
    value, diags = evaluate(
        '{"s": "x${a}", "n": 1.5, "i": -0, "t": true, "f": false, "z": null, "l": [1, "${"]}',
        None,
    )
    assert diags == []
    assert value == Value.object(
        {
            "s": Value.string("x${a}"),
            "n": Value.number(Fraction(3, 2)),
            "i": Value.number(0),
            "t": TRUE,
            "f": FALSE,
            "z": Value.null(DYNAMIC),
            "l": Value.tuple([Value.number(1), Value.string("${")]),
        }
    )


def test_literal_mode_keeps_template_sequences() -> None:
    text = '"Hello world! Template sequences like ${ are not intepreted here."'
    assert evaluate(text, None) == (
        Value.string("Hello world! Template sequences like ${ are not intepreted here."),
        [],
    )
    # A literal-only context is literal-only mode too.
    assert evaluate('"${a} %{ if x }"', EvalContext(literal_only=True)) == (
        Value.string("${a} %{ if x }"),
        [],
    )


def test_literal_mode_keys_are_literal() -> None:
    assert evaluate('{"${a}": 1}', None) == (Value.object({"${a}": Value.number(1)}), [])


def test_literal_mode_duplicate_keys() -> None:
    value, diags = evaluate('{"a": 1, "a": 2}', None)
    assert value == Value.object({"a": Value.number(1)})
    assert diags == [
        (
            "Duplicate object attribute",
            'An attribute named "a" was already defined at e.json:1,2-5.',
            "1:10(9)-1:13(12)",
            None,
        )
    ]


def test_strings_are_nfc_normalised() -> None:
    assert evaluate('"e\\u0301"', None) == (Value.string("é"), [])


def test_numbers_are_exact() -> None:
    value, _ = evaluate("[123456789012345678901234567890, 0.1, 1e400]", None)
    assert [v.as_number() for v in value.elements()] == [
        123456789012345678901234567890,
        Value.number("0.1").as_number(),
        10**400,
    ]


# --------------------------------------------------------------------------- full expression mode


def test_template_interpolation_unwraps() -> None:
    # ref
    assert evaluate('"${ a + b }"') == (Value.number(3), [])


def test_templates() -> None:
    assert evaluate('"Hello, ${name}!"') == (Value.string("Hello, W!"), [])
    # ref
    assert evaluate('"%{ if a == 1 }yes%{ endif }"') == (Value.string("yes"), [])


def test_keys_are_templates() -> None:
    # ref
    value, diags = evaluate('{"${v}": 1, "x": ["${a}", null, 1.5]}')
    assert diags == []
    assert value == Value.object(
        {
            "5": Value.number(1),
            "x": Value.tuple([Value.number(1), Value.null(DYNAMIC), Value.number(Fraction(3, 2))]),
        }
    )


def test_unknown_key_makes_the_object_unknown() -> None:
    assert evaluate('{"a": 1, "${unknown}": 2}') == (DYNAMIC_VALUE, [])
    # Errors in later keys are still reported.
    value, diags = evaluate('{"${unknown}": 1, "${u}": 2}')
    assert value == DYNAMIC_VALUE
    assert [d[1] for d in diags] == ["Cannot use null value as an object key."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ref
        (
            '{"a": 1, "a": 2}',
            (
                "Duplicate object attribute",
                'An attribute named "a" was already defined at e.json:1,2-5.',
                "1:10(9)-1:13(12)",
                None,
            ),
        ),
        # ref: the duplicate is found after evaluation
        (
            '{"${b}": 1, "2": 2}',
            (
                "Duplicate object attribute",
                'An attribute named "2" was already defined at e.json:1,2-8.',
                "1:13(12)-1:16(15)",
                None,
            ),
        ),
        # ref
        (
            '{"${null}": 1}',
            (
                "Invalid object key expression",
                "Cannot use null value as an object key.",
                "1:2(1)-1:11(10)",
                None,
            ),
        ),
        # ref
        (
            '{"${u}": 1}',
            (
                "Invalid object key expression",
                "Cannot use null value as an object key.",
                "1:2(1)-1:8(7)",
                None,
            ),
        ),
    ],
)
def test_key_errors(text: str, expected: tuple[str, str, str, None]) -> None:
    value, diags = evaluate(text)
    assert diags == [expected]
    assert value.type.friendly_name() == "object"


def test_key_that_is_not_a_string() -> None:
    value, diags = evaluate('{"${l}": 1, "k": 2}')
    assert value == Value.object({"k": Value.number(2)})
    assert len(diags) == 1
    summary, detail, subject, _ = diags[0]
    assert (summary, subject) == ("Invalid object key expression", "1:2(1)-1:8(7)")
    assert detail.startswith("Cannot use this expression as an object key: string required")


def test_template_errors_point_into_the_string() -> None:
    # ref (both): without escapes the positions are exact.
    assert evaluate('"${a +}"') == (
        DYNAMIC_VALUE,
        [
            (
                "Invalid expression",
                "Expected the start of an expression, but found an invalid expression token.",
                "1:7(6)-1:8(7)",
                None,
            )
        ],
    )
    assert evaluate('"${nope}"') == (
        DYNAMIC_VALUE,
        [
            (
                "Unknown variable",
                'There is no variable named "nope". Did you mean "name"?',
                "1:4(3)-1:8(7)",
                None,
            )
        ],
    )


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        # The reference counts from the decoded text and gets these wrong
        # (2:3(5)-2:7(9) and 1:5(5)-1:9(9)); they are mapped back onto the file.
        ('"a\\n${nope}"', "1:7(6)-1:11(10)"),
        ('"\\u00e9${nope}"', "1:10(9)-1:14(13)"),
        ('"\\ud83d\\ude00 ${nope}"', "1:17(16)-1:21(20)"),
    ],
)
def test_template_errors_after_escapes(text: str, subject: str) -> None:
    _, diags = evaluate(text)
    assert [(d[0], d[2]) for d in diags] == [("Unknown variable", subject)]


@pytest.mark.parametrize(
    ("src", "subject"),
    [
        # A byte that is not UTF-8 is U+FFFD (three bytes) in the decoded
        # string; the reference counts from the decoded text and gets
        # 1:6(7)-1:10(11) and 1:6(8)-1:10(12).
        (b'"x\xff${nope}"', "1:6(5)-1:10(9)"),
        (b'"\\u00e9\xff${nope}"', "1:11(10)-1:15(14)"),
    ],
)
def test_template_errors_after_invalid_utf8(src: bytes, subject: str) -> None:
    expr, parse_diags = parse_expression(src, "e.json")
    assert parse_diags == []
    value, diags = expr.value(CTX)
    assert value == Value.unknown(STRING).refine_not_null()  # a template is never null
    assert [(d.summary, span(d.subject)) for d in diags] == [("Unknown variable", subject)]


def test_template_over_invalid_utf8() -> None:
    expr, _ = parse_expression(b'"x\xff${a + 1}y"', "e.json")
    assert expr.value(CTX) == (Value.string("x\ufffd2y"), [])
    assert expr.value(None) == (Value.string("x\ufffd${a + 1}y"), [])


def test_template_parse_error_after_escape() -> None:
    _, diags = evaluate('"x\\ty${a +}"')
    assert [(d[0], d[2]) for d in diags] == [("Invalid expression", "1:11(10)-1:12(11)")]


def test_invalid_value_evaluates_to_unknown() -> None:
    expr, diags = parse_expression("[1, NaN]", "e.json")
    assert [d.summary for d in diags] == ["Invalid JSON keyword"]
    assert expr.value(None) == (Value.tuple([Value.number(1), DYNAMIC_VALUE]), [])


def test_deep_nesting_evaluates() -> None:
    depth = max_nesting()
    text = "[" * (depth - 1) + '{"k": "${a}"}' + "]" * (depth - 1)
    expr = expr_of(text)
    value, diags = expr.value(CTX)
    assert diags == []
    for _ in range(depth - 1):
        (value,) = value.elements()
    assert value == Value.object({"k": Value.number(1)})
    assert [t.root_name for t in expr.variables()] == ["a"]


# --------------------------------------------------------------------------- variables


def test_variables_in_source_order_with_keys() -> None:
    # ref (positions for strings without escapes)
    expr = expr_of('{"${v}": ["${a.b[0]}", "x\\n${name}"], "k": "${l}"}')
    found = expr.variables()
    assert [steps(t) for t in found] == [
        [("TraverseRoot", "v", "1:5(4)-1:6(5)")],
        [
            ("TraverseRoot", "a", "1:14(13)-1:15(14)"),
            ("TraverseAttr", "b", "1:15(14)-1:17(16)"),
            ("TraverseIndex", Value.number(0), "1:17(16)-1:20(19)"),
        ],
        # After the escape the reference is off by a line; this is the file's position.
        [("TraverseRoot", "name", "1:30(29)-1:34(33)")],
        [("TraverseRoot", "l", "1:47(46)-1:48(47)")],
    ]


def test_variables_of_invalid_template_are_none() -> None:
    assert expr_of('["${a +}", "${b}"]').variables()[0].root_name == "b"
    assert expr_of("[1, true, null]").variables() == []


# --------------------------------------------------------------------------- static analysis


def test_static_list() -> None:
    expr = expr_of('[1, "x"]')
    elements, diags = expr_list(expr)
    assert diags == []
    assert [e.value(None)[0] for e in elements] == [Value.number(1), Value.string("x")]
    _, diags = expr_list(expr_of('{"a": 1}'))
    assert diags_of(diags) == [
        ("Invalid expression", "A static list expression is required.", "1:1(0)-1:2(1)", None)
    ]


def test_static_map_keys_are_templates_with_a_context() -> None:
    pairs, diags = expr_map(expr_of('{"${name}": 1, "b": [2]}'))
    assert diags == []
    (k1, v1), (k2, _) = pairs
    assert k1.value(CTX) == (Value.string("W"), [])
    assert k1.value(None) == (Value.string("${name}"), [])
    assert span(k1.range) == "1:2(1)-1:11(10)"
    assert v1.value(None) == (Value.number(1), [])
    assert k2.value(None) == (Value.string("b"), [])
    _, diags = expr_map(expr_of("[1]"))
    assert diags_of(diags) == [
        ("Invalid expression", "A static map expression is required.", "1:1(0)-1:2(1)", None)
    ]


def test_static_call() -> None:
    call, diags = expr_call(expr_of('"list(string)"'))
    assert diags == [] and call is not None
    assert call.name == "list"
    assert span(call.name_range) == "1:2(1)-1:6(5)"
    assert span(call.args_range) == "1:6(5)-1:14(13)"
    assert [steps(abs_traversal_for_expr(a)[0]) for a in call.arguments] == [
        [("TraverseRoot", "string", "1:7(6)-1:13(12)")]
    ]


@pytest.mark.parametrize("text", ['"string"', '"f("', "[1]", '"${f(1)}"'])
def test_static_call_not_supported(text: str) -> None:
    expr, _ = parse_expression(text, "e.json")
    call, diags = expr_call(expr)
    assert call is None
    assert [d.detail for d in diags] == ["A static function call is required."]


def test_static_traversal() -> None:
    expr = expr_of('"a.b[0]"')
    traversal, diags = abs_traversal_for_expr(expr)
    assert diags == []
    assert steps(traversal) == [
        ("TraverseRoot", "a", "1:2(1)-1:3(2)"),
        ("TraverseAttr", "b", "1:3(2)-1:5(4)"),
        ("TraverseIndex", Value.number(0), "1:5(4)-1:8(7)"),
    ]
    relative, _ = rel_traversal_for_expr(expr)
    assert steps(relative)[0] == ("TraverseAttr", "a", "1:2(1)-1:3(2)")


def test_static_traversal_after_escape() -> None:
    traversal, _ = abs_traversal_for_expr(expr_of('"a\\u002eb"'))
    assert steps(traversal) == [
        ("TraverseRoot", "a", "1:2(1)-1:3(2)"),
        ("TraverseAttr", "b", "1:3(2)-1:10(9)"),
    ]


@pytest.mark.parametrize("text", ['"a + 1"', '"${a}"', "true", '"a b"'])
def test_static_traversal_not_supported(text: str) -> None:
    traversal, diags = abs_traversal_for_expr(expr_of(text))
    assert traversal is None
    assert [d.summary for d in diags] == ["Invalid expression"]


def test_keyword() -> None:
    assert expr_as_keyword(expr_of('"strict"')) == "strict"
    assert expr_as_keyword(expr_of("true")) is None
    assert expr_as_keyword(expr_of('"a.b"')) is None


def test_ranges() -> None:
    expr = expr_of(' {"a": [1]} ')
    assert span(expr.range) == "1:2(1)-1:12(11)"
    assert span(expr.start_range) == "1:2(1)-1:3(2)"
    assert expr.unwrap() is expr
