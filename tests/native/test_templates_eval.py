"""Evaluation of templates: quoted strings, heredocs and bare templates.

Expected results come from the reference implementation (HCL v2.14
``hcldec``); ranges are byte offsets into the expression or template text.
"""

from __future__ import annotations

from typing import Any

import pytest

from hcldecode.model import Diagnostic, Diagnostics, EvalContext
from hcldecode.native import ForExpr, TemplateJoin, parse_expression, parse_template
from hcldecode.values import (
    BOOL,
    DYNAMIC,
    DYNAMIC_VALUE,
    EMPTY_OBJECT_VALUE,
    NUMBER,
    STRING,
    TRUE,
    ListType,
    Value,
    max_nesting,
)

VARIABLES: dict[str, Any] = {
    "nul": None,
    "a": 1,
    "s": "hello",
    "x": "X",
    "tup": [1, "two", True],
}

Expect = tuple[str, str, tuple[int, int], tuple[int, int] | None]

NULL_PART = (
    "Invalid template interpolation value",
    "The expression result is null. Cannot include a null value in a string template.",
)


# A template with an unknown part is unknown, but never null (HCL v2.17+).
UNKNOWN_TEMPLATE = Value.unknown(STRING).refine_not_null()


def ctx_with(**variables: Any) -> EvalContext:
    return EvalContext({**VARIABLES, **variables})


def described(diags: Diagnostics) -> list[Expect]:
    def span(diag: Diagnostic) -> tuple[tuple[int, int], tuple[int, int] | None]:
        assert diag.subject is not None
        context = diag.context
        return (
            (diag.subject.start.byte, diag.subject.end.byte),
            (context.start.byte, context.end.byte) if context is not None else None,
        )

    return [(d.summary, d.detail, *span(d)) for d in diags]


def run(
    src: str, ctx: EvalContext | None = None, *, template: bool = False
) -> tuple[Value, Diagnostics]:
    parse = parse_template if template else parse_expression
    expr, diags = parse(src, "t.hcl")
    assert list(diags) == []
    return expr.value(ctx if ctx is not None else ctx_with())


def value_of(src: str, ctx: EvalContext | None = None, *, template: bool = False) -> Value:
    value, diags = run(src, ctx, template=template)
    assert list(diags) == [], described(diags)
    return value


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ('"x"', Value.string("x")),
        ('""', Value.string("")),
        ('"a${1}b"', Value.string("a1b")),
        ('"x${true}y${1.5}"', Value.string("xtruey1.5")),
        ('"${s}"', Value.string("hello")),
        ('"${"${true}"}"', TRUE),
        ('"${""}${true}"', Value.string("true")),
        ('"${true}"', TRUE),
        ('"${[1]}"', Value.tuple([Value.number(1)])),
        ('"${{}}"', EMPTY_OBJECT_VALUE),
        ('"%{ for v in [true] }${v}%{ endfor }"', Value.string("true")),
        ('"%{if true}yes%{else}no%{endif}"', Value.string("yes")),
        ('"%{if false}yes%{else}no%{endif}"', Value.string("no")),
        ('"%{if false}yes%{endif}"', Value.string("")),
        ('"%{if "true"}yes%{endif}"', Value.string("yes")),
        ('"%{for x in [1,2,3]}${x},%{endfor}"', Value.string("1,2,3,")),
        ('"%{for k, v in {a=1,b=2}}${k}=${v};%{endfor}"', Value.string("a=1;b=2;")),
        ('"%{for v in {b = 1, a = 2}}${v}%{endfor}"', Value.string("21")),
        ('"%{for i, v in tup}${i}:${v} %{endfor}"', Value.string("0:1 1:two 2:true ")),
        ('"%{for v in []}${v}%{endfor}"', Value.string("")),
        ('"hello ${~ "world" }"', Value.string("helloworld")),
        ('"%{ if true ~} hello %{~ endif }"', Value.string("hello")),
        ('"${"hello" ~}${" world"}"', Value.string("hello world")),
        ('"$${x} %%{y}"', Value.string("${x} %{y}")),
        ('"a$b%c$"', Value.string("a$b%c$")),
        ('"a${"é"}"', Value.string("aé")),
    ],
)
def test_template_values(src: str, expected: Value) -> None:
    assert value_of(src) == expected


def test_unwrapped_interpolation_is_not_converted() -> None:
    assert value_of('"${1/3}"') == value_of("1/3")
    assert value_of('"${1/3}"').type == NUMBER


def test_interpolation_unwrapping_keeps_null() -> None:
    # "${nul}" is the value of nul itself, not a string.
    assert value_of('"${nul}"') == Value.null(DYNAMIC)
    assert value_of('"${nul2}"', ctx_with(nul2=Value.null(STRING))) == Value.null(STRING)


def test_nfc_normalisation_of_results() -> None:
    decomposed = "e\u0301"
    assert value_of(f'"${{"{decomposed}"}}x"') == Value.string("\u00e9x")


@pytest.mark.parametrize(
    ("src", "expected_value", "expected"),
    [
        ('"a${nul}b"', Value.string("a"), [(*NULL_PART, (4, 7), (0, 10))]),
        ('"${nul}x"', Value.string(""), [(*NULL_PART, (3, 6), (0, 9))]),
        (
            '"a${[1]}b"',
            Value.string("a"),
            [
                (
                    "Invalid template interpolation value",
                    "Cannot include the given value in a string template: string required, "
                    "but have "
                    "tuple.",
                    (4, 7),
                    (0, 10),
                )
            ],
        ),
        (
            '"a${{x=1}}b"',
            Value.string("a"),
            [
                (
                    "Invalid template interpolation value",
                    "Cannot include the given value in a string template: string required, "
                    "but have "
                    "object.",
                    (4, 9),
                    (0, 12),
                )
            ],
        ),
        (
            '"x${nosuch}y${nosuch2}"',
            UNKNOWN_TEMPLATE,
            [
                ("Unknown variable", 'There is no variable named "nosuch".', (4, 10), None),
                ("Unknown variable", 'There is no variable named "nosuch2".', (14, 21), None),
            ],
        ),
        (
            '"%{if nul}yes%{endif}"',
            UNKNOWN_TEMPLATE,
            [
                (
                    "Null condition",
                    "The condition value is null. Conditions must either be true or false.",
                    (6, 9),
                    (1, 21),
                )
            ],
        ),
        (
            '"%{if "x"}yes%{endif}"',
            UNKNOWN_TEMPLATE,
            [
                (
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                    (6, 9),
                    (1, 21),
                )
            ],
        ),
        ('"%{if true}${nul}%{endif}"', Value.string(""), [(*NULL_PART, (13, 16), (13, 16))]),
        (
            '"%{for x in [1,null]}${x}%{endfor}"',
            Value.string(""),
            [(*NULL_PART, (23, 24), (23, 24))],
        ),
        (
            '"%{for x in [[1]]}${x}%{endfor}"',
            Value.string(""),
            [
                (
                    "Invalid template interpolation value",
                    "Cannot include the given value in a string template: string required, "
                    "but have "
                    "tuple.",
                    (20, 21),
                    (20, 21),
                )
            ],
        ),
        (
            '"%{for v in [1, 2] }${nul}%{endfor}"',
            Value.string(""),
            [(*NULL_PART, (22, 25), (22, 25)), (*NULL_PART, (22, 25), (22, 25))],
        ),
        (
            '"%{for x in nul}${x}%{endfor}"',
            UNKNOWN_TEMPLATE,
            [
                (
                    "Iteration over null value",
                    "A null value cannot be used as the collection in a 'for' expression.",
                    (12, 15),
                    (1, 29),
                )
            ],
        ),
        (
            '"%{for x in 5}${x}%{endfor}"',
            UNKNOWN_TEMPLATE,
            [
                (
                    "Iteration over non-iterable value",
                    "A value of type number cannot be used as the collection in a 'for' "
                    "expression.",
                    (12, 13),
                    (1, 27),
                )
            ],
        ),
    ],
)
def test_template_errors(src: str, expected_value: Value, expected: list[Expect]) -> None:
    value, diags = run(src)
    assert value == expected_value
    assert described(diags) == expected


def test_unknown_parts() -> None:
    ctx = ctx_with(
        us=UNKNOWN_TEMPLATE,
        un=Value.unknown(NUMBER),
        d=DYNAMIC_VALUE,
        ub=Value.unknown(BOOL),
        ul=Value.unknown(ListType(STRING)),
    )
    assert value_of('"a${us}b"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"a${un}"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"a${d}"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"%{if ub}x%{endif}"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"%{for v in ul}${v}%{endfor}"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"%{for v in [1, un]}${v}%{endfor}"', ctx) == UNKNOWN_TEMPLATE
    assert value_of('"%{for v in ["a", d]}${v}%{endfor}"', ctx) == UNKNOWN_TEMPLATE
    # Other parts are still evaluated, and their errors reported.
    value, diags = run('"${us}${nul}"', ctx)
    assert value == UNKNOWN_TEMPLATE
    assert described(diags) == [(*NULL_PART, (8, 11), (0, 13))]
    # A lone interpolation is its value, unknown type included.
    assert value_of('"${un}"', ctx) == Value.unknown(NUMBER)


def test_join_of_null_and_unconvertible_iteration_results() -> None:
    ctx = ctx_with(strs=Value.tuple([Value.string("a"), Value.null(STRING)]))
    value, diags = run('"%{for v in strs}${v}%{endfor}"', ctx)
    assert value == Value.string("")  # text after an error is left out (HCL v2.17+)
    # The null part is reported by the iteration's own template.
    assert described(diags) == [(*NULL_PART, (19, 20), (19, 20))]


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("<<EOT\n  foo\n  EOT\n", "  foo\n"),
        ("<<EOT\n${s}\nEOT\n", "hello\n"),
        ("<<-EOT\n    foo\n      bar\n    EOT\n", "foo\n  bar\n"),
        ("<<-EOT\n\t\tfoo\n\t\t\tbar\n\tEOT\n", "foo\n\tbar\n"),
        ("<<-EOT\n    foo\n${x}\n    bar\n  EOT\n", "    foo\nX\n    bar\n"),
        ("<<-EOT\n    a ${s}\n      b ${a + 1}\n    EOT\n", "a hello\n  b 2\n"),
        (
            "<<-EOT\n    %{ for v in tup }\n    - ${v}\n    %{ endfor }\n    EOT\n",
            "\n- 1\n\n- two\n\n- true\n\n",
        ),
        ("<<-EOT\n\n    foo\n  \n    bar\n  EOT\n", "\nfoo\n  \nbar\n"),
        ("<<-EOT\n  ${s}  \n    y\n  EOT\n", "hello  \n  y\n"),
        ("<<-EOT\n    ${s}\n    EOT\n", "hello\n"),
        # A "%" or "$" takes a following "\r" with it when "\n" comes next, so
        # a strip marker on the next line leaves that "\r" (as the reference).
        ("<<EOT\r\n%\r\n%{~ if true }a%{ endif }\r\nEOT\r\n", "%\ra\r\n"),
        ("<<EOT\n$\r\n${~ a }\nEOT\n", "$\r1\n"),
        ("<<EOT\n$x\n${~ a }\nEOT\n", "$x1\n"),
    ],
)
def test_heredocs(src: str, expected: str) -> None:
    assert value_of(src) == Value.string(expected)


def test_heredoc_interpolated_values_are_not_stripped() -> None:
    ctx = ctx_with(indented="  x\n  y")
    assert value_of("<<-EOT\n    ${indented}\n    EOT\n", ctx) == Value.string("  x\n  y\n")


@pytest.mark.parametrize(
    ("src", "expected"),
    [
        ("plain text", "plain text"),
        ("a ${s} b", "a hello b"),
        ("%{for v in tup}${v}%{endfor}", "1twotrue"),
        ("line1\nline2 ${a}\n", "line1\nline2 1\n"),
        ('quotes " are literal', 'quotes " are literal'),
        # Text from a lone carriage return on is literal, as in the reference.
        ("${a}\rb${s}$${", "1\rb${s}${"),
        ("a$", "a$"),
        ("a%", "a%"),
    ],
)
def test_bare_templates(src: str, expected: str) -> None:
    assert value_of(src, template=True) == Value.string(expected)


def test_bare_template_of_one_interpolation_is_its_value() -> None:
    assert value_of("${a}", template=True) == Value.number(1)


def test_bare_template_errors() -> None:
    value, diags = run("x ${nul} y", template=True)
    assert value == Value.string("x ")  # text after an error is left out (HCL v2.17+)
    assert described(diags) == [(*NULL_PART, (4, 7), (0, 10))]


def test_template_without_context() -> None:
    value, diags = parse_expression('"a${1 + 1}"', "t.hcl")[0].value(None)
    assert (value, list(diags)) == (Value.string("a2"), [])
    value, diags = parse_expression('"a${v}"', "t.hcl")[0].value(None)
    assert value == UNKNOWN_TEMPLATE
    assert described(diags) == [
        ("Variables not allowed", "Variables may not be used here.", (4, 5), None)
    ]


def test_deeply_nested_templates() -> None:
    depth = max_nesting() - 1
    src = '"a${' * depth + '"x"' + '}"' * depth
    assert value_of(src) == Value.string("a" * depth + "x")
    src = '"' + "%{if true}" * depth + "y" + "%{endif}" * depth + '"'
    assert value_of(src) == Value.string("y")


def test_join_of_other_iteration_results() -> None:
    # The parser always gives a template as the body of a %{for}; a join
    # built over another tuple-form 'for' still follows the reference.
    expr, _ = parse_expression("[for v in xs: v]", "t.hcl")
    assert isinstance(expr, ForExpr)
    join = TemplateJoin.around(expr)
    ctx = ctx_with(xs=Value.tuple([Value.string("a"), Value.number(1), TRUE]))
    assert join.value(ctx) == (Value.string("a1true"), Diagnostics())
    ctx = ctx_with(xs=Value.tuple([Value.string("a"), Value.null(STRING), EMPTY_OBJECT_VALUE]))
    value, diags = join.value(ctx)
    assert value == Value.string("a")
    assert described(diags) == [
        (
            "Invalid template interpolation value",
            "An iteration result is null. Cannot include a null value in a string template.",
            (0, 16),
            None,
        ),
        (
            "Invalid template interpolation value",
            "Cannot include one of the interpolation results into the string template: "
            "string required, but have object.",
            (0, 16),
            None,
        ),
    ]
    assert all(d.expression is join for d in diags)
    ctx = ctx_with(xs=Value.tuple([DYNAMIC_VALUE, Value.null(STRING)]))
    assert join.value(ctx) == (Value.unknown(STRING), Diagnostics())
    ctx = ctx_with(xs=Value.tuple([Value.string("a"), Value.unknown(NUMBER)]))
    assert join.value(ctx) == (Value.unknown(STRING), Diagnostics())
